//===- NgOps.h - ng operations ----------------------------------*- C++ -*-===//

#ifndef NG_DIALECT_NGOPS_H
#define NG_DIALECT_NGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgTypes.h"

namespace ng {
class OutputOp;
} // namespace ng

#define GET_OP_CLASSES
#include "ng/Dialect/NgOps.h.inc"

#endif // NG_DIALECT_NGOPS_H

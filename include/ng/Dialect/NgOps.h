//===- NgOps.h - ng operations ----------------------------------*- C++ -*-===//

#ifndef NG_DIALECT_NGOPS_H
#define NG_DIALECT_NGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgTypes.h"
#include "ng/Dialect/PlaceholderBinding.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WrittenMask.h"

namespace mlir {
class RewriterBase;
} // namespace mlir

namespace ng {
class OutputOp;
} // namespace ng

#define GET_OP_CLASSES
#include "ng/Dialect/NgOps.h.inc"

namespace ng {
/// The wire name of a value of an ng graph: a placeholder's name, or the
/// Output name of a call result. Empty for values ng does not name.
llvm::StringRef getWireName(mlir::Value value);
} // namespace ng

#endif // NG_DIALECT_NGOPS_H

//===- GraphVerifier.h - FORMAT.md V rules on ng IR --------------*- C++
//-*-===//
//
// The graph-level rules of FORMAT.md section 4, shared by the op verifiers and
// (through them) the importer, so a bad file and a bad .mlir get the same
// message.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_DIALECT_GRAPHVERIFIER_H
#define NG_LIB_DIALECT_GRAPHVERIFIER_H

#include "mlir/Support/LogicalResult.h"

namespace mlir {
class Operation;
class Region;
} // namespace mlir

namespace ng {
class MethodOp;
class CallOp;

/// V7, V8, V11, V12, V13 for a method body, and its records of written
/// storage (StorageRecordsVerifier, Storage.h).
llvm::LogicalResult verifyMethodGraph(MethodOp method);

/// V1, V2, V7, V8 for the subgraph in `region` of a call (V9).
llvm::LogicalResult verifySubgraph(CallOp call, mlir::Region &region);

/// Argument descriptors against operands (an ng.call or ng.output): counts,
/// and the value kind each argument kind references.
llvm::LogicalResult verifyArgumentOperands(mlir::Operation *op);

} // namespace ng

#endif // NG_LIB_DIALECT_GRAPHVERIFIER_H

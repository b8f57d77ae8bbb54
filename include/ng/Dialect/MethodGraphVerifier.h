//===- MethodGraphVerifier.h - graph rules, node by node --------*- C++ -*-===//
//
// The rules of FORMAT.md section 4 that concern a method's whole graph (V7,
// V8, V11, V12, V13), in three steps, so they can run as a graph is
// built as well as over a finished one. MethodOp's verifier runs the steps
// over its body; the NPTG importer runs them on each node right after making
// it, while the node is still in cache (a million-node program no longer
// fits there, and a verifier that walks it afterwards reads it from memory
// again). The same checks in the same order, with the same messages.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_METHODGRAPHVERIFIER_H
#define NG_DIALECT_METHODGRAPHVERIFIER_H

#include "mlir/Support/LogicalResult.h"

#include <memory>

namespace mlir {
class Operation;
} // namespace mlir

namespace ng {
class MethodOp;

class MethodGraphVerifier {
public:
  explicit MethodGraphVerifier(MethodOp method);
  ~MethodGraphVerifier();
  MethodGraphVerifier(const MethodGraphVerifier &) = delete;
  MethodGraphVerifier &operator=(const MethodGraphVerifier &) = delete;

  /// First: the method's name and its placeholders (block arguments with
  /// their bindings set).
  llvm::LogicalResult verifyPlaceholders();
  /// Then each node of the body (ng.call, ng.output), in order.
  llvm::LogicalResult verifyNode(mlir::Operation &op);
  /// Last, once the body ends in its ng.output: the outputs.
  llvm::LogicalResult verifyOutputs();

private:
  struct State;
  std::unique_ptr<State> state;
};

} // namespace ng

#endif // NG_DIALECT_METHODGRAPHVERIFIER_H

//===- Executor.h - runs a graph, node by node ----------------------------===//
//
// The executor walks a graph's nodes in order, keeps the run-time value of
// every SSA value, hands each ng.call to its kernel and enforces the storage
// model on what the kernel returns: an output the IR says aliases an operand
// shares that operand's storage, an output the IR says is new storage gets
// its own, laid out in its recorded dim order (D1). Higher-order kernels
// (cond) run subgraphs through runGraph.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_INTERPRETER_EXECUTOR_H
#define NG_LIB_INTERPRETER_EXECUTOR_H

#include "ng/Interpreter/Kernel.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

namespace ng::run {

class Executor {
public:
  /// Runs `graph`'s block with its arguments bound to `arguments`; returns
  /// what its ng.output returns (every argument of the OUTPUT node, in
  /// order).
  llvm::Expected<std::vector<RValue>>
  runGraph(mlir::Region &graph, llvm::ArrayRef<RValue> arguments);

  const RValue *lookup(mlir::Value value) const {
    auto it = values.find(value);
    return it == values.end() ? nullptr : &it->second;
  }

  /// "method 'forward', node 'x' (torch.ops.aten.add.Tensor)".
  static std::string describeNode(mlir::Operation *op);

private:
  llvm::Error runCall(mlir::Operation *op);
  llvm::DenseMap<mlir::Value, RValue> values;
};

/// The run-time form of an argument list: (schema name or "", value).
using ArgumentList = std::vector<std::pair<std::string, RValue>>;
/// Resolves every wire argument of `op` against `executor`'s values.
llvm::Expected<ArgumentList> resolveArguments(mlir::Operation *op,
                                              const Executor &executor);

} // namespace ng::run

#endif // NG_LIB_INTERPRETER_EXECUTOR_H

//===- Interpreter.h - ng-run: a reference interpreter ----------*- C++ -*-===//
//
// Runs one method of an ng program on concrete inputs, to check that a
// transformed program computes what the original did, or that an exported
// program computes what eager PyTorch did (docs/Interpreter.md). It is not a
// runtime: kernels are plain, single-threaded C++ written for clarity and
// bit-exact determinism.
//
//   llvm::Expected<run::PreparedMethod> method =
//       run::PreparedMethod::prepare(module, "forward");
//   llvm::Expected<run::RunResult> result = method->run(inputs);
//
// prepare() checks, before anything runs, that every node has a kernel
// ("ng-run has no kernel for ..."); run() fails naming the node whose shape
// or dtype its kernel cannot take. Memory follows the IR's storage model:
// see Tensor.h.
//
//===----------------------------------------------------------------------===//

#ifndef NG_INTERPRETER_INTERPRETER_H
#define NG_INTERPRETER_INTERPRETER_H

#include "ng/Dialect/NgOps.h"
#include "ng/Interpreter/Tensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <map>

namespace ng::run {

struct NamedTensor {
  std::string name;
  Tensor tensor;
};

/// What one run computed.
struct RunResult {
  /// The method's tensor outputs that are user outputs (Graph.outputs with
  /// USER_OUTPUT specs), in order, named by their wire names.
  std::vector<NamedTensor> outputs;
  /// The final value of every buffer and mutable buffer, by data key or
  /// fqn, and of every user input the method writes back, by its name.
  std::vector<NamedTensor> buffers;
  /// Which of `buffers` the run wrote (parallel to it).
  std::vector<bool> bufferWritten;
};

/// A user input of a method.
struct InputInfo {
  std::string name;
  DType dtype;
  /// {min, max} per dim (max < 0: unbounded).
  llvm::SmallVector<std::pair<int64_t, int64_t>, 4> dims;
  /// For integer inputs read as indices: the bound that keeps them in range.
  std::optional<int64_t> indexBound;
};

/// Sizes chosen for dynamic dims (--dim NAME=VALUE): NAME is `INPUT.DIM`
/// (dim DIM of user input INPUT), `MIN:MAX` (every dynamic dim of that
/// range) or `*` (every dynamic dim).
using DimChoices = std::map<std::string, int64_t>;

class Executor;

/// One method, checked and ready to run (any number of times).
class PreparedMethod {
public:
  /// The method `name` of `module` (empty: `forward`, or the only method).
  /// Fails, naming each node, when a node has no kernel, and on a method
  /// ng-run cannot read.
  static llvm::Expected<PreparedMethod> prepare(mlir::ModuleOp module,
                                                llvm::StringRef name);

  MethodOp getMethod() const { return method; }
  llvm::ArrayRef<InputInfo> getInputs() const { return inputs; }

  /// Runs the method on `userInputs` (one per user input, in order).
  llvm::Expected<RunResult> run(llvm::ArrayRef<Tensor> userInputs) const;
  /// Runs it on inputs by name (safetensors keys, Python dicts).
  llvm::Expected<RunResult>
  runNamed(const std::map<std::string, Tensor> &named) const;

  /// Deterministic random user inputs (docs/Interpreter.md): floats in
  /// [-1, 1), integers in [0, indexBound) (or [0, 8)), bools 0/1; dynamic
  /// dims at their max unless `dims` says otherwise.
  llvm::Expected<std::vector<Tensor>>
  makeRandomInputs(uint64_t seed, const DimChoices &dims) const;

private:
  mlir::ModuleOp module;
  MethodOp method;
  std::vector<InputInfo> inputs;
};

/// How two runs are compared.
struct Tolerance {
  /// |a - b| <= atol + rtol * |b| elementwise; both 0: bit-exact.
  double rtol = 0, atol = 0;
  bool isExact() const { return rtol == 0 && atol == 0; }
};

/// The first difference between `a` and `b` (outputs by position, buffers
/// by key, written ones compared even when the other side lacks them), as
/// one message naming the output, the index and the magnitude; nullopt
/// when they match. NaNs match NaNs in the same places.
std::optional<std::string> compareResults(const RunResult &a,
                                          const RunResult &b,
                                          const Tolerance &tolerance);

/// The user inputs in a safetensors file, by key. The tensors' data is
/// copied: the file may go.
llvm::Expected<std::map<std::string, Tensor>>
readTensorFile(llvm::StringRef path);
/// `result` as a safetensors file (outputs and buffers by name), written
/// atomically; a key both an output and a buffer use is an error.
llvm::Error writeTensorFile(const RunResult &result, llvm::StringRef path);

} // namespace ng::run

#endif // NG_INTERPRETER_INTERPRETER_H

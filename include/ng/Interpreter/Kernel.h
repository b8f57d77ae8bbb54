//===- Kernel.h - how ng-run's kernels see a node ---------------*- C++ -*-===//
//
// A kernel computes one call target. It reads the node's arguments by schema
// name (or, for a positional argument, by its place in the kernel's
// signature), as run-time values, and sets the node's results. Kernels are
// registered by family (Elementwise.cpp, Reductions.cpp, ...): each lists the
// targets it computes with their schema signatures.
//
// A kernel never crashes on what a program gives it: every shape, dtype or
// argument it cannot take is a failure (KernelContext::fail) the executor
// reports naming the node.
//
//===----------------------------------------------------------------------===//

#ifndef NG_INTERPRETER_KERNEL_H
#define NG_INTERPRETER_KERNEL_H

#include "ng/Interpreter/Tensor.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Allocator.h"

#include <functional>
#include <memory>

namespace mlir {
class Operation;
class Region;
} // namespace mlir

namespace ng::run {

/// A run-time value: what an SSA value or an argument holds.
struct RValue {
  enum class Kind : uint8_t {
    None,
    Tensor,
    Int,
    Float,
    Bool,
    String,
    DType,
    IntList,
    FloatList,
    BoolList,
    TensorList,
    Graph,
  };
  Kind kind = Kind::None;
  run::Tensor tensor;
  int64_t i = 0;
  double f = 0;
  bool b = false;
  DType dtype = DType::F32;
  std::string s;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  /// TensorList: every element defined; OptionalTensorList: undefined
  /// tensors are the `none` slots.
  std::vector<run::Tensor> tensors;
  mlir::Region *graph = nullptr;

  static RValue none() { return {}; }
  static RValue ofTensor(run::Tensor t) {
    RValue v;
    v.kind = Kind::Tensor;
    v.tensor = std::move(t);
    return v;
  }
  static RValue ofInt(int64_t value) {
    RValue v;
    v.kind = Kind::Int;
    v.i = value;
    return v;
  }
  static RValue ofFloat(double value) {
    RValue v;
    v.kind = Kind::Float;
    v.f = value;
    return v;
  }
  static RValue ofBool(bool value) {
    RValue v;
    v.kind = Kind::Bool;
    v.b = value;
    return v;
  }
  bool isNone() const { return kind == Kind::None; }
  bool isTensor() const { return kind == Kind::Tensor; }
  bool isNumber() const {
    return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool;
  }
};

class Executor;

/// One node, as its kernel sees it.
class KernelContext {
public:
  KernelContext(mlir::Operation *op, llvm::StringRef target,
                llvm::ArrayRef<llvm::StringRef> signature,
                std::vector<std::pair<std::string, RValue>> args,
                unsigned numResults, Executor &executor)
      : op(op), target(target), signature(signature), args(std::move(args)),
        results(numResults), executor(executor) {}

  mlir::Operation *getOp() const { return op; }
  llvm::StringRef getTarget() const { return target; }
  Executor &getExecutor() const { return executor; }

  /// The argument of schema name `name`: given by name, or positionally at
  /// `name`'s place in the signature. Null when absent.
  const RValue *find(llvm::StringRef name) const;
  /// Absent or `none`.
  bool isAbsent(llvm::StringRef name) const {
    const RValue *v = find(name);
    return !v || v->isNone();
  }

  /// Typed readers: on a wrong kind they fail (and return a default).
  const Tensor *tensor(llvm::StringRef name);
  /// A tensor, or none (optional tensor arguments); fails on another kind.
  std::optional<Tensor> optionalTensor(llvm::StringRef name);
  int64_t getInt(llvm::StringRef name, std::optional<int64_t> byDefault = {});
  double getDouble(llvm::StringRef name, std::optional<double> byDefault = {});
  bool getBool(llvm::StringRef name, std::optional<bool> byDefault = {});
  std::optional<DType> getOptionalDType(llvm::StringRef name);
  std::string getString(llvm::StringRef name,
                        std::optional<std::string> byDefault = {});
  std::vector<int64_t>
  getInts(llvm::StringRef name,
          std::optional<std::vector<int64_t>> byDefault = {});
  /// A TensorList (all defined) or OptionalTensorList (undefined: none).
  std::vector<Tensor> getTensors(llvm::StringRef name, bool optional = false);
  /// A number argument (Int, Float, Bool) or a 0-dim tensor... as an RValue.
  const RValue *scalarOrTensor(llvm::StringRef name);

  /// Whether a tensor of `sizes` may be made: no negative size, at most
  /// kMaxElements elements (a hostile size list fails, it does not exhaust
  /// memory).
  bool checkSizes(llvm::ArrayRef<int64_t> sizes);

  /// A dim argument in [-rank, rank), normalised to [0, rank).
  int64_t normalizeDim(int64_t dim, int64_t rank);

  unsigned getNumResults() const { return results.size(); }
  void setResult(unsigned index, RValue value);
  void setResult(unsigned index, Tensor value) {
    setResult(index, RValue::ofTensor(std::move(value)));
  }
  std::vector<RValue> &getResults() { return results; }

  /// Record a failure (the first one wins) and return false.
  bool fail(const llvm::Twine &message);
  bool failed() const { return !error.empty(); }
  const std::string &getError() const { return error; }

private:
  mlir::Operation *op;
  llvm::StringRef target;
  llvm::ArrayRef<llvm::StringRef> signature;
  std::vector<std::pair<std::string, RValue>> args;
  std::vector<RValue> results;
  Executor &executor;
  std::string error;
};

/// The most elements ng-run makes one tensor of: 2^30 (4 GiB of f32).
constexpr int64_t kMaxElements = int64_t(1) << 30;

using KernelFn = std::function<bool(KernelContext &)>;

struct Kernel {
  /// The schema arguments in order ("self,other,alpha"), kept by the
  /// registry.
  llvm::SmallVector<llvm::StringRef, 8> signature;
  KernelFn fn;
};

/// Every kernel, by target.
class KernelRegistry {
public:
  static const KernelRegistry &get();

  /// The kernel of `target`, if any. A known in-place form (`add_`) whose
  /// functional form has a kernel runs as that kernel followed by a copy
  /// into `self` (`inPlace` set).
  const Kernel *lookup(llvm::StringRef target, bool &inPlace) const;

  void add(llvm::StringRef target, llvm::StringRef signature, KernelFn fn);
  /// `torch.ops.<packet>.<overload>` for each overload.
  void addOverloads(llvm::StringRef packet,
                    std::initializer_list<llvm::StringRef> overloads,
                    llvm::StringRef signature, KernelFn fn);
  /// The targets, sorted (docs and --list-kernels).
  std::vector<std::string> getTargets() const;

private:
  llvm::StringMap<Kernel> kernels;
  /// The signatures' characters: `add` may be given a temporary. (A
  /// pointer, so that the registry moves without moving them.)
  std::unique_ptr<llvm::BumpPtrAllocator> signatures =
      std::make_unique<llvm::BumpPtrAllocator>();
};

void registerElementwiseKernels(KernelRegistry &registry);
void registerReductionKernels(KernelRegistry &registry);
void registerLinalgKernels(KernelRegistry &registry);
void registerViewKernels(KernelRegistry &registry);
void registerIndexingKernels(KernelRegistry &registry);
void registerQuantKernels(KernelRegistry &registry);
void registerControlKernels(KernelRegistry &registry);
void registerFusedKernels(KernelRegistry &registry);

//===----------------------------------------------------------------------===//
// Helpers the families share
//===----------------------------------------------------------------------===//

/// The dtype of a Python-number argument as torch wraps it: bool, i64, f32
/// (the default dtype).
DType getScalarDType(const RValue &value);
/// torch.result_type of `operands` (tensors and numbers): dimensioned
/// tensors, then zero-dim tensors, then numbers, each category above the
/// last winning (c10 ResultTypeState).
DType resultType(llvm::ArrayRef<const RValue *> operands);
/// A number argument or a 0-dim/1-element tensor as a double / int.
double scalarAsDouble(const RValue &value);
int64_t scalarAsInt(const RValue &value);
/// `value` as a tensor: a number becomes a 0-dim tensor of `dtype`.
Tensor toTensor(const RValue &value, DType dtype);

} // namespace ng::run

#endif // NG_INTERPRETER_KERNEL_H

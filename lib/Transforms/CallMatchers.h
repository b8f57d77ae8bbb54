//===- CallMatchers.h - reading exported decompositions ---------*- C++ -*-===//
//
// What the pattern passes share (FuseRope.cpp, FuseRmsNorm.cpp,
// FuseSdpa.cpp, CollapseViewCopy.cpp): reading a decomposition torch.export
// wrote (a value's producer by op name, its literal arguments, its type's
// static sizes, the ops that change no value looked through), running
// patterns on chosen calls, and remarks emitted once. Private to
// lib/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_TRANSFORMS_CALLMATCHERS_H
#define NG_LIB_TRANSFORMS_CALLMATCHERS_H

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/NgTypes.h"

#include <optional>
#include <set>
#include <string>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace ng::matchers {

/// `value`'s producer when it is a call of one of `ops` (ng op names, as
/// ng::matchesOpName reads them: `aten::mul.Tensor`, `aten::unsqueeze`)
/// with one result, no subgraphs and no in-place argument: the functional
/// and view forms the export writes. Null otherwise.
CallOp producerOf(mlir::Value value, llvm::ArrayRef<llvm::StringRef> ops);

/// The tensor argument `name` of `call`; null when absent or not a tensor.
mlir::Value tensorArg(CallOp call, llvm::StringRef name);

/// The literal int argument `name`: `fallback` when it is absent or none,
/// nullopt when it is anything else (a reference, another kind).
std::optional<int64_t> intArg(CallOp call, llvm::StringRef name,
                              std::optional<int64_t> fallback = {});

/// The literal number (a float or an int) argument `name`, if it is one.
std::optional<double> numberArg(CallOp call, llvm::StringRef name);

/// The literal int list argument `name` (no references), if it is one.
std::optional<llvm::SmallVector<int64_t>> intListArg(CallOp call,
                                                     llvm::StringRef name);

/// `value`'s tensor type, when it has metadata; null otherwise.
ng::TensorType tensorType(mlir::Value value);

/// `dim` of `type`, counted from the end when negative; nullopt out of
/// range.
std::optional<int64_t> normalizeDim(ng::TensorType type, int64_t dim);

/// The static size of dim `dim` of `value`, if it has one.
std::optional<int64_t> staticSize(mlir::Value value, int64_t dim);

/// Whether `value` is a tensor of f32 elements.
bool isF32(mlir::Value value);

/// What `value` is when the ops that change neither its values nor their
/// order are looked through: views and copies that give back the same
/// sizes and dtype (view, reshape, expand, alias, clone, contiguous and
/// their copy forms) and slices that take a whole dim.
mlir::Value lookThrough(mlir::Value value);

/// The input of a cast (`_to_copy`, `to`, `_to_dim_order_copy`) that keeps
/// the sizes; null when `value` is no such cast.
mlir::Value castInput(mlir::Value value);

/// Runs `patterns` with MLIR's greedy driver on the calls of `method` (its
/// body and subgraphs) of one of `roots` (op names, as producerOf reads
/// them), in program order, with no folding and no region simplification:
/// the driver rewrites those and erases only what the rewrites leave dead.
/// Sets `changed` when it changed anything.
llvm::LogicalResult applyToCalls(MethodOp method,
                                 llvm::ArrayRef<llvm::StringRef> roots,
                                 mlir::RewritePatternSet &&patterns,
                                 bool &changed);

/// The remarks of a pattern pass's `report=true`, each emitted once however
/// often the greedy driver offers its op again.
class RemarkOnce {
public:
  void emit(mlir::Operation *op, const llvm::Twine &message);
  void clear() { emitted.clear(); }

private:
  std::set<std::pair<mlir::Operation *, std::string>> emitted;
};

} // namespace ng::matchers

#endif // NG_LIB_TRANSFORMS_CALLMATCHERS_H

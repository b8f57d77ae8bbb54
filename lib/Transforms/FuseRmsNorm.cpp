//===- FuseRmsNorm.cpp - exported RMSNorm to aten.rms_norm ----------------===//
//
// --ng-fuse-rms-norm (opt-in; the native runtime lowers RMSNorm into a
// fused kernel at load time): the decomposition torch.export writes for
// HuggingFace's LlamaRMSNorm and Meta's RMSNorm,
//
//   x32 = cast?(x, f32)
//   h   = x32 * rsqrt(mean(pow(x32, 2), [-1], keepdim=True) + eps)
//   out = cast?(h, dtype of x) * w          (or w * ...)
//
// becomes `aten.rms_norm.default(input: x, normalized_shape: [D], weight:
// w, eps: eps)`. A pattern rooted at the weight's mul, run by MLIR's greedy
// driver on the method's muls; the driver erases the decomposition.
// PyTorch's rms_norm is that decomposition (ATen's composite), so the two
// compute the same bits (ng-run --compare). docs/NativePasses.md lists what
// is matched and refused.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "CallMatchers.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

#include <cmath>
#include <variant>

namespace ng {
#define GEN_PASS_DEF_FUSERMSNORM
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;
using namespace ng::matchers;

namespace {

constexpr llvm::StringLiteral kRmsNormTarget =
    "torch.ops.aten.rms_norm.default";

/// An RMSNorm, read from its ops.
struct RmsNorm {
  Value input, weight;
  int64_t size;
  double eps;
};

/// `rsqrt(mean(pow(x32, 2), [-1], keepdim) + eps)`: fills `x32`, `eps` and
/// the ops that must have one use. False when `value` is no such chain.
bool readInverseRms(Value value, Value &x32, double &eps,
                    SmallVectorImpl<Operation *> &chain) {
  CallOp rsqrt = producerOf(value, {"aten::rsqrt"});
  CallOp add = rsqrt
                   ? producerOf(tensorArg(rsqrt, "self"), {"aten::add.Tensor"})
                   : nullptr;
  std::optional<double> epsilon = add ? numberArg(add, "other") : std::nullopt;
  CallOp mean =
      add ? producerOf(tensorArg(add, "self"), {"aten::mean.dim"}) : nullptr;
  CallOp pow =
      mean ? producerOf(tensorArg(mean, "self"), {"aten::pow.Tensor_Scalar"})
           : nullptr;
  if (!pow || !epsilon || numberArg(pow, "exponent") != 2.0)
    return false;
  std::optional<double> alpha = numberArg(add, "alpha");
  std::optional<SmallVector<int64_t>> dims = intListArg(mean, "dim");
  std::optional<WireArgument> keepdim = mean.findArgument("keepdim");
  std::optional<WireArgument> dtype = mean.findArgument("dtype");
  auto keep = keepdim
                  ? dyn_cast_or_null<BoolAttr>(keepdim->getAttr().getValue())
                  : BoolAttr();
  ng::TensorType type = tensorType(tensorArg(pow, "self"));
  if ((alpha && *alpha != 1.0) || !dims || dims->size() != 1 || !type ||
      normalizeDim(type, dims->front()) != type.getRank() - 1 || !keep ||
      !keep.getValue() || (dtype && dtype->getKind() != ArgKind::None) ||
      !std::isfinite(*epsilon) || *epsilon < 0)
    return false;
  x32 = tensorArg(pow, "self");
  eps = *epsilon;
  chain.append({rsqrt, add, mean, pow});
  return true;
}

/// The RMSNorm `mul` finishes, or why not. A mul that is no product with
/// an inverse RMS at all gives an empty reason: no remark.
std::variant<std::string, RmsNorm> readRmsNorm(CallOp mul) {
  Value lhs = tensorArg(mul, "self"), rhs = tensorArg(mul, "other");
  if (!lhs || !rhs)
    return std::string();
  // One side is the weight, the other the normalized x (cast back, maybe).
  for (auto [weight, normalized] : {std::pair(rhs, lhs), std::pair(lhs, rhs)}) {
    Value h = normalized;
    SmallVector<Operation *> chain;
    if (Value uncast = castInput(h)) {
      chain.push_back(h.getDefiningOp());
      h = uncast;
    }
    CallOp scale = producerOf(h, {"aten::mul.Tensor"});
    if (!scale)
      continue;
    chain.push_back(scale);
    Value x32, other;
    double eps;
    Value a = tensorArg(scale, "self"), b = tensorArg(scale, "other");
    if (readInverseRms(b, x32, eps, chain))
      other = a;
    else if (readInverseRms(a, x32, eps, chain))
      other = b;
    else
      continue;
    if (other != x32)
      return std::string("the inverse RMS scales another tensor than the one "
                         "it is computed from");
    for (Operation *op : chain)
      if (!op->getResult(0).hasOneUse())
        return describe(op->getResult(0)) + " has other uses";
    // x32 is x, or x cast to f32 read by the pow and the scale alone.
    Value x = x32;
    if (Value uncast = castInput(x32)) {
      if (!isF32(x32))
        return std::string("the upcast is not to f32");
      if (!llvm::hasNItems(x32.getUses(), 2))
        return describe(x32) + " has other uses";
      x = uncast;
    }
    // aten.rms_norm reads its operands where the mul stands.
    for (Value operand : {x, weight})
      if (isStorageWritten(operand))
        return describe(operand) + " is written in place, and aten.rms_norm "
                                   "would read it later than the "
                                   "decomposition does";
    ng::TensorType xType = tensorType(x), wType = tensorType(weight);
    ng::TensorType outType = tensorType(mul.getResult(0));
    int64_t size = 0;
    if (xType && xType.getRank())
      size = staticSize(x, xType.getRank() - 1).value_or(0);
    if (!xType || !isa<FloatType>(xType.getElementType()) || !size)
      return std::string("the input is not a floating tensor with a static "
                         "last dim");
    if (!wType || wType.getRank() != 1 || staticSize(weight, 0) != size)
      return "the weight is not [" + std::to_string(size) + "]";
    if (!outType || outType.getSizes() != xType.getSizes())
      return std::string("the result does not have the input's sizes");
    return RmsNorm{x, weight, size, eps};
  }
  return std::string();
}

struct FuseRmsNormPass : public ng::impl::FuseRmsNormBase<FuseRmsNormPass> {
  using FuseRmsNormBase::FuseRmsNormBase;

  void runOnOperation() override;

  /// Replaces the RMSNorm `mul` finishes with aten.rms_norm, through
  /// `rewriter`; fails (with a remark) where it must not.
  LogicalResult fuse(CallOp mul, PatternRewriter &rewriter);

private:
  void remark(Operation *op, const Twine &message) {
    if (report)
      remarked.emit(op, message);
  }

  matchers::RemarkOnce remarked;
};

/// `x * rsqrt(mean(x^2) + eps) * w` to aten.rms_norm (FuseRmsNormPass::fuse).
struct FuseRmsNormPattern : public OpRewritePattern<CallOp> {
  FuseRmsNormPattern(MLIRContext *ctx, FuseRmsNormPass &pass)
      : OpRewritePattern(ctx), pass(pass) {}

  LogicalResult matchAndRewrite(CallOp mul,
                                PatternRewriter &rewriter) const override {
    if (!producerOf(mul.getResult(0), {"aten::mul.Tensor"}))
      return rewriter.notifyMatchFailure(mul, "not a mul");
    return pass.fuse(mul, rewriter);
  }

  FuseRmsNormPass &pass;
};

} // namespace

LogicalResult FuseRmsNormPass::fuse(CallOp mul, PatternRewriter &rewriter) {
  std::variant<std::string, RmsNorm> read = readRmsNorm(mul);
  if (auto *why = std::get_if<std::string>(&read)) {
    if (!why->empty())
      remark(mul, "kept the RMSNorm at node " + describe(mul) + ": " + *why);
    return failure();
  }
  RmsNorm &norm = std::get<RmsNorm>(read);
  MLIRContext *ctx = mul.getContext();
  rewriter.setInsertionPoint(mul);
  CallArgument args[] = {
      CallArgument::tensor("input", norm.input),
      CallArgument::intList(ctx, "normalized_shape", {norm.size}),
      CallArgument::tensor("weight", norm.weight),
      CallArgument::number(ctx, "eps", norm.eps)};
  CallOp fused = buildCall(rewriter, mul.getLoc(), kRmsNormTarget, args,
                           mul.getResult(0).getType());
  remark(fused, "fused the RMSNorm of " + describe(norm.input) +
                    " into aten.rms_norm");
  rewriter.replaceOp(mul, fused.getResults());
  return success();
}

void FuseRmsNormPass::runOnOperation() {
  remarked.clear();
  RewritePatternSet patterns(&getContext());
  patterns.add<FuseRmsNormPattern>(&getContext(), *this);
  bool changed = false;
  if (failed(applyToCalls(getOperation(), {"aten::mul.Tensor"},
                          std::move(patterns), changed)))
    return signalPassFailure();
  if (!changed)
    markAllAnalysesPreserved();
}

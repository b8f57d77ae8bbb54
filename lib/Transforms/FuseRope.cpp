//===- FuseRope.cpp - HuggingFace's rotary embedding to native.rope -------===//
//
// --ng-fuse-rope, ng's form of the native backend's FuseRoPEPass: the
// decomposition torch.export makes of HuggingFace's rotary embedding
// (LlamaRotaryEmbedding.forward and apply_rotary_pos_emb),
//
//   freqs = transpose(inv_freq[None, :, None] @ float(position_ids[:, None]))
//   phase = cat([freqs, freqs], -1)
//   cos = unsqueeze(cast?(cos(phase) * scale?), 1)     (sin likewise)
//   out = x * cos + cat([-x[..., d/2:], x[..., :d/2]], -1) * sin
//
// becomes one `torch.ops.native.rope.default(input: x, position_ids,
// inv_freq, interleaved: false, attention_scale: scale)`, which computes
// the same numbers in the same order (docs/Interpreter.md, "Fused ops").
//
// A pattern, FuseRotaryApply, rooted at the apply's `add`, run by MLIR's
// greedy driver on the method's adds: it reads the apply and its tables
// back to `inv_freq` and `position_ids`, checks the shapes from the types,
// replaces the add and erases it; the driver then erases what became dead
// (the apply; the tables and frequencies once no other apply reads them).
// Each match is O(the decomposition's ops). docs/NativePasses.md lists
// what is matched and what is refused.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "CallMatchers.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <limits>
#include <variant>

namespace ng {
#define GEN_PASS_DEF_FUSEROPE
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;
using namespace ng::matchers;

namespace {

constexpr llvm::StringLiteral kRopeTarget = "torch.ops.native.rope.default";

//===----------------------------------------------------------------------===//
// Reading the decomposition
//===----------------------------------------------------------------------===//

/// `unsqueeze(value, dim)` (a negative dim counted on the result): its input.
Value unsqueezeInput(Value value, int64_t dim) {
  CallOp call = producerOf(lookThrough(value),
                           {"aten::unsqueeze", "aten::unsqueeze_copy"});
  ng::TensorType out = call ? tensorType(call.getResult(0)) : ng::TensorType();
  std::optional<int64_t> at = call ? intArg(call, "dim") : std::nullopt;
  if (!out || !at || normalizeDim(out, *at) != normalizeDim(out, dim))
    return Value();
  return tensorArg(call, "self");
}

/// The frequencies and positions a phase is computed from.
struct Frequencies {
  Value invFreq, positions;
};

/// The rotary embedding one apply computes, read from its ops.
struct RotaryApply {
  Value input, phase;
  Frequencies frequencies;
  double scale = 1.0;
};

/// Why a candidate apply is refused, or what it computes.
using ReadResult = std::variant<std::string, RotaryApply>;

/// The table `operand` of a mul: `unsqueeze(cast?(cos(phase) * scale?), 1)`
/// (sin for `sine`). Fills the phase and scale; false when it is not one.
bool readTable(Value operand, bool sine, Value &phase, double &scale) {
  Value table = unsqueezeInput(operand, 1);
  if (!table)
    return false;
  table = lookThrough(table);
  if (Value uncast = castInput(table))
    table = lookThrough(uncast);
  scale = 1.0;
  if (CallOp mul = producerOf(table, {"aten::mul"})) {
    std::optional<double> factor = numberArg(mul, "other");
    if (!factor || !std::isfinite(*factor))
      return false;
    scale = *factor;
    table = lookThrough(tensorArg(mul, "self"));
  }
  CallOp trig = producerOf(table, {sine ? "aten::sin" : "aten::cos"});
  if (!trig)
    return false;
  phase = tensorArg(trig, "self");
  return bool(phase);
}

/// One `mul` of the apply: which operand is a table of which kind (cos,
/// sin), and the other.
struct ScaledTerm {
  CallOp mul;
  Value data, phase;
  double scale;
  bool sine;
};

std::optional<ScaledTerm> readTerm(Value value) {
  CallOp mul = producerOf(value, {"aten::mul.Tensor"});
  if (!mul)
    return std::nullopt;
  Value lhs = tensorArg(mul, "self"), rhs = tensorArg(mul, "other");
  if (!lhs || !rhs)
    return std::nullopt;
  for (bool sine : {false, true})
    for (auto [table, data] : {std::pair(rhs, lhs), std::pair(lhs, rhs)}) {
      ScaledTerm term{mul, data, Value(), 1.0, sine};
      if (readTable(table, sine, term.phase, term.scale))
        return term;
    }
  return std::nullopt;
}

/// `slice(x, dim: last, start, end, step: 1)` of `value`: its input and
/// bounds, the end clamped to the dim's size.
struct LastDimSlice {
  CallOp call;
  Value input;
  int64_t start, end;
};

std::optional<LastDimSlice> readLastDimSlice(Value value) {
  CallOp call = producerOf(value, {"aten::slice", "aten::slice_copy"});
  Value input = call ? tensorArg(call, "self") : Value();
  ng::TensorType type = tensorType(input);
  if (!type || type.getRank() == 0)
    return std::nullopt;
  std::optional<int64_t> dim = intArg(call, "dim", 0);
  std::optional<int64_t> start = intArg(call, "start", 0);
  std::optional<int64_t> end =
      intArg(call, "end", std::numeric_limits<int64_t>::max());
  std::optional<int64_t> size = staticSize(input, type.getRank() - 1);
  if (!dim || normalizeDim(type, *dim) != type.getRank() - 1 || !start ||
      !end || !size || intArg(call, "step", 1) != 1 || *start < 0)
    return std::nullopt;
  return LastDimSlice{call, input, *start, std::min(*end, *size)};
}

/// The frequencies of `phase`: `cat([f, f], -1)` with
/// `f = transpose(inv_freq[None, :, None] @ float(position_ids[:, None]))`.
std::variant<std::string, Frequencies> readPhase(Value phase) {
  CallOp cat = producerOf(lookThrough(phase), {"aten::cat"});
  std::optional<WireArgument> tensors =
      cat ? cat.findArgument("tensors") : std::nullopt;
  ng::TensorType phaseType = tensorType(phase);
  if (!tensors || tensors->getNumOperands() != 2 || !phaseType ||
      normalizeDim(phaseType, intArg(cat, "dim", 0).value_or(0)) !=
          phaseType.getRank() - 1)
    return std::string("the phase is not cat([freqs, freqs], -1)");
  Value half = tensors->getOpOperands()[0].get();
  if (half != tensors->getOpOperands()[1].get())
    return std::string("the phase concatenates two different tensors");
  if (!isF32(phase))
    return std::string("the phase is not f32");
  // transpose(m, 1, 2) or permute(m, [0, 2, 1]).
  Value product;
  if (CallOp t = producerOf(lookThrough(half),
                            {"aten::transpose", "aten::transpose_copy"})) {
    ng::TensorType type = tensorType(t.getResult(0));
    std::optional<int64_t> a = intArg(t, "dim0"), b = intArg(t, "dim1");
    if (type && type.getRank() == 3 && a && b) {
      std::optional<int64_t> da = normalizeDim(type, *a),
                             db = normalizeDim(type, *b);
      if (da && db && std::min(*da, *db) == 1 && std::max(*da, *db) == 2)
        product = tensorArg(t, "self");
    }
  } else if (CallOp p = producerOf(lookThrough(half),
                                   {"aten::permute", "aten::permute_copy"})) {
    if (intListArg(p, "dims") == SmallVector<int64_t>{0, 2, 1})
      product = tensorArg(p, "self");
  }
  if (!product)
    return std::string("the frequencies are not transposed from "
                       "[batch, head_dim / 2, seq]");
  CallOp matmul =
      producerOf(lookThrough(product), {"aten::matmul", "aten::bmm"});
  if (!matmul)
    return std::string("the frequencies are not inv_freq @ position_ids");
  Value lhs = lookThrough(tensorArg(matmul, "self"));
  Value rhs = lookThrough(tensorArg(
      matmul,
      matchesOpName(matmul.getTarget(), "aten::bmm") ? "mat2" : "other"));
  if (!lhs || !rhs)
    return std::string("the frequencies are not inv_freq @ position_ids");
  // inv_freq[None, :, None], cast to f32 or not, expanded over the batch
  // or not.
  if (CallOp expand = producerOf(lhs, {"aten::expand", "aten::expand_copy"})) {
    ng::TensorType in = tensorType(tensorArg(expand, "self"));
    ng::TensorType out = tensorType(lhs);
    if (in && out && in.getRank() == 3 && out.getRank() == 3 &&
        in.getSizes()[0] == DimRange::fixed(1) &&
        in.getSizes().drop_front() == out.getSizes().drop_front())
      lhs = lookThrough(tensorArg(expand, "self"));
  }
  if (Value uncast = castInput(lhs))
    lhs = lookThrough(uncast);
  Value invFreq = unsqueezeInput(lhs, 2);
  invFreq = invFreq ? unsqueezeInput(lookThrough(invFreq), 0) : Value();
  invFreq = invFreq ? lookThrough(invFreq) : Value();
  if (invFreq)
    if (Value uncast = castInput(invFreq))
      invFreq = lookThrough(uncast);
  if (!invFreq || !isF32(invFreq) || tensorType(invFreq).getRank() != 1)
    return std::string("the frequencies' left side is not inv_freq[None, :, "
                       "None] of an f32 [head_dim / 2] inv_freq");
  // float(position_ids[:, None, :]): the cast before or after the unsqueeze.
  Value positions = rhs;
  if (Value uncast = castInput(positions))
    positions = lookThrough(uncast);
  positions = unsqueezeInput(positions, 1);
  positions = positions ? lookThrough(positions) : Value();
  if (positions && isF32(positions))
    if (Value uncast = castInput(positions))
      positions = lookThrough(uncast);
  ng::TensorType positionType = tensorType(positions);
  if (!positionType || positionType.getRank() != 2 ||
      !positionType.getElementType().isSignlessInteger() ||
      positionType.getElementType().isInteger(1))
    return std::string("the frequencies' right side is not position_ids[:, "
                       "None, :] of integer [batch, seq] positions, as f32");
  return Frequencies{invFreq, positions};
}

/// The rotary apply `add` computes, or why it is not one. An add that does
/// not look like an apply at all (no term with a cos or sin table) gives
/// an empty reason: no remark.
ReadResult readApply(CallOp add) {
  Value lhs = tensorArg(add, "self"), rhs = tensorArg(add, "other");
  std::optional<double> alpha = numberArg(add, "alpha");
  std::optional<ScaledTerm> a = readTerm(lhs), b = readTerm(rhs);
  if (!a || !b)
    return std::string();
  if (a->sine == b->sine)
    return std::string("both products are by ") + (a->sine ? "sin" : "cos");
  if (alpha && *alpha != 1.0)
    return std::string("the add has an alpha other than 1");
  ScaledTerm &cosTerm = a->sine ? *b : *a, &sinTerm = a->sine ? *a : *b;
  if (cosTerm.phase != sinTerm.phase)
    return std::string("cos and sin are of different phases");
  if (cosTerm.scale != sinTerm.scale)
    return std::string("cos and sin are scaled differently");

  // x, 4-D floating [B, H, T, D] with D even and static.
  Value x = cosTerm.data;
  ng::TensorType xType = tensorType(x);
  if (!xType || xType.getRank() != 4 || !isa<FloatType>(xType.getElementType()))
    return std::string("the input is not a 4-D floating tensor");
  if (xType.getElementType().isF64())
    return std::string("the input is f64 (native.rope would compute its "
                       "phase in f64, the decomposition in f32)");
  std::optional<int64_t> d = staticSize(x, 3);
  if (!d || *d % 2)
    return std::string("head_dim is not static and even");

  // rotate_half(x) = cat([-x[..., d/2:], x[..., :d/2]], -1).
  CallOp cat = producerOf(sinTerm.data, {"aten::cat"});
  std::optional<WireArgument> halves =
      cat ? cat.findArgument("tensors") : std::nullopt;
  if (!halves || halves->getNumOperands() != 2 ||
      normalizeDim(xType, intArg(cat, "dim", 0).value_or(0)) != 3)
    return std::string("the sin product's input is not a cat of two halves "
                       "on the last dim");
  CallOp neg = producerOf(halves->getOpOperands()[0].get(), {"aten::neg"});
  std::optional<LastDimSlice> second =
      neg ? readLastDimSlice(tensorArg(neg, "self")) : std::nullopt;
  std::optional<LastDimSlice> first =
      readLastDimSlice(halves->getOpOperands()[1].get());
  if (!neg || !second || !first)
    return std::string("rotate_half is not cat([-x[..., h:], x[..., :h]], -1)");
  if (first->input != x || second->input != x)
    return std::string("rotate_half rotates another tensor than the one the "
                       "cos product reads");
  if (first->start != 0 || first->end != second->start || second->end != *d ||
      first->end * 2 != *d)
    return "the halves are split at " + std::to_string(first->end) +
           (second->start != first->end
                ? " and " + std::to_string(second->start)
                : std::string()) +
           ", not at head_dim / 2 = " + std::to_string(*d / 2);
  for (Operation *op :
       {cosTerm.mul.getOperation(), sinTerm.mul.getOperation(),
        cat.getOperation(), neg.getOperation(), first->call.getOperation(),
        second->call.getOperation()})
    if (!op->getResult(0).hasOneUse())
      return describe(op->getResult(0)) + " has other uses";

  std::variant<std::string, Frequencies> frequencies = readPhase(cosTerm.phase);
  if (auto *why = std::get_if<std::string>(&frequencies))
    return *why;
  RotaryApply apply{x, cosTerm.phase, std::get<Frequencies>(frequencies),
                    cosTerm.scale};

  // The shapes the fused op takes, from the types: inv_freq [D/2],
  // position_ids [1 or B, T], the phase [1 or B, T, D] on x's T.
  if (staticSize(apply.frequencies.invFreq, 0) != *d / 2)
    return std::string("inv_freq is not [head_dim / 2]");
  ng::TensorType positions = tensorType(apply.frequencies.positions);
  ng::TensorType phase = tensorType(apply.phase);
  std::optional<int64_t> batch = staticSize(x, 0);
  std::optional<int64_t> positionBatch =
      staticSize(apply.frequencies.positions, 0);
  if (!positionBatch || (*positionBatch != 1 && positionBatch != batch))
    return std::string("position_ids' batch is neither 1 nor the input's");
  DimRange seq = xType.getSizes()[2];
  if (!(positions.getSizes()[1] == seq) || phase.getRank() != 3 ||
      !(phase.getSizes()[1] == seq) ||
      !(phase.getSizes()[0] == positions.getSizes()[0]) ||
      staticSize(apply.phase, 2) != *d)
    return std::string("the positions and the phase do not match the input's "
                       "[batch, heads, seq, head_dim]");
  return apply;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct FuseRopePass : public ng::impl::FuseRopeBase<FuseRopePass> {
  using FuseRopeBase::FuseRopeBase;

  void runOnOperation() override;

  /// Replaces the apply `add` computes with native.rope, through
  /// `rewriter`; fails (with a remark) where it must not.
  LogicalResult fuse(CallOp add, PatternRewriter &rewriter);

private:
  void remark(Operation *op, const Twine &message) {
    if (report)
      remarked.emit(op, message);
  }

  matchers::RemarkOnce remarked;
};

/// `x * cos + rotate_half(x) * sin` to native.rope (FuseRopePass::fuse).
struct FuseRotaryApply : public OpRewritePattern<CallOp> {
  FuseRotaryApply(MLIRContext *ctx, FuseRopePass &pass)
      : OpRewritePattern(ctx), pass(pass) {}

  LogicalResult matchAndRewrite(CallOp add,
                                PatternRewriter &rewriter) const override {
    if (!producerOf(add.getResult(0), {"aten::add.Tensor"}))
      return rewriter.notifyMatchFailure(add, "not an add");
    return pass.fuse(add, rewriter);
  }

  FuseRopePass &pass;
};

} // namespace

LogicalResult FuseRopePass::fuse(CallOp add, PatternRewriter &rewriter) {
  ReadResult read = readApply(add);
  if (auto *why = std::get_if<std::string>(&read)) {
    if (!why->empty())
      remark(add, "kept the rotary embedding at node " + describe(add) + ": " +
                      *why);
    return failure();
  }
  RotaryApply &apply = std::get<RotaryApply>(read);
  // native.rope reads its operands where the add stands: nothing may write
  // them in place meanwhile.
  for (Value read :
       {apply.input, apply.frequencies.positions, apply.frequencies.invFreq})
    if (isStorageWritten(read)) {
      remark(add, "kept the rotary embedding at node " + describe(add) + ": " +
                      describe(read) +
                      " is written in place, and native.rope would read it "
                      "later than the decomposition does");
      return failure();
    }

  MLIRContext *ctx = add.getContext();
  rewriter.setInsertionPoint(add);
  CallArgument args[] = {
      CallArgument::tensor("input", apply.input),
      CallArgument::tensor("position_ids", apply.frequencies.positions),
      CallArgument::tensor("inv_freq", apply.frequencies.invFreq),
      CallArgument::boolean(ctx, "interleaved", false),
      CallArgument::number(ctx, "attention_scale", apply.scale)};
  CallOp rope = buildCall(rewriter, add.getLoc(), kRopeTarget, args,
                          add.getResult(0).getType());
  std::string scale;
  llvm::raw_string_ostream(scale) << llvm::format("%g", apply.scale);
  remark(rope, "fused the rotary embedding of " + describe(apply.input) +
                   " into native.rope (attention_scale " + scale + ")");
  rewriter.replaceOp(add, rope.getResults());
  return success();
}

void FuseRopePass::runOnOperation() {
  remarked.clear();
  RewritePatternSet patterns(&getContext());
  patterns.add<FuseRotaryApply>(&getContext(), *this);
  bool changed = false;
  if (failed(applyToCalls(getOperation(), {"aten::add.Tensor"},
                          std::move(patterns), changed)))
    return signalPassFailure();
  if (!changed)
    markAllAnalysesPreserved();
}

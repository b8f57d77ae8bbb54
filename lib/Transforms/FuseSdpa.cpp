//===- FuseSdpa.cpp - exported attention to scaled_dot_product_attention --===//
//
// --ng-fuse-sdpa (opt-in): the decomposition torch.export writes for eager
// attention (HuggingFace's eager_attention_forward, a hand-written
// `softmax(q @ k.transpose(-2, -1) / sqrt(d)) @ v`),
//
//   scores = (q @ transpose(k, -2, -1)) * scale     (or / divisor, or neither)
//   p      = cast?(softmax(cast?(scores + mask?, f32), -1))
//   out    = p @ v
//
// becomes `aten.scaled_dot_product_attention.default(query: q, key: k,
// value: v, attn_mask: mask or none, dropout_p: 0.0, is_causal, scale)`. A
// mask the IR proves to be the causal one (built from triu or tril, not
// read from data) becomes is_causal: true and no mask.
//
// A pattern rooted at the last matmul, run by MLIR's greedy driver on the
// method's matmuls and bmms; the driver erases the decomposition (and a
// causal mask's ops once no other attention reads them). Each match is
// O(the decomposition's ops), plus the ops between the first matmul and
// the last when q, k or the mask are written in place somewhere.
// PyTorch's math path computes the same function with other roundings (it
// scales q and k by sqrt(scale) each), so the fused program agrees within
// float rounding, not bit for bit. docs/NativePasses.md lists what is
// matched and refused.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "CallMatchers.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <limits>
#include <variant>

namespace ng {
#define GEN_PASS_DEF_FUSESDPA
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;
using namespace ng::matchers;

namespace {

constexpr llvm::StringLiteral kSdpaTarget =
    "torch.ops.aten.scaled_dot_product_attention.default";

constexpr StringRef kMatmuls[] = {"aten::matmul", "aten::bmm"};

/// The reason for scores that are no product at all.
constexpr llvm::StringLiteral kNotScores = "the scores are not q @ k^T";

//===----------------------------------------------------------------------===//
// Reading the decomposition
//===----------------------------------------------------------------------===//

/// An attention, read from its ops.
struct Attention {
  Value query, key, value;
  /// Null when there is none, or when it is the causal one (`causal`).
  Value mask;
  bool causal = false;
  double scale = 1.0;
  /// The ops that read q and k (the scores' matmul) and the mask (its add)
  /// in the decomposition; the fused op reads them where the last matmul
  /// stands.
  Operation *scoresMatmul = nullptr, *maskAdd = nullptr;
};

/// Why a candidate is refused (empty: it is no attention at all, no
/// remark), or what it computes.
using ReadResult = std::variant<std::string, Attention>;

/// lookThrough(value), with the ops it looks through appended to `chain`:
/// they are intermediates too, read by nothing else.
Value through(Value value, SmallVectorImpl<Operation *> &chain) {
  Value base = lookThrough(value);
  for (Value v = value; v != base;
       v = tensorArg(cast<CallOp>(v.getDefiningOp()), "self"))
    chain.push_back(v.getDefiningOp());
  return base;
}

/// The two operands of a matmul or bmm.
std::pair<Value, Value> matmulOperands(CallOp matmul) {
  bool bmm = matchesOpName(matmul.getTarget(), "aten::bmm");
  return {tensorArg(matmul, "self"), tensorArg(matmul, bmm ? "mat2" : "other")};
}

/// `value` is `transpose(k, -2, -1)` or a `permute` that swaps the last two
/// dims alone: k. Null otherwise.
Value transposedLastTwo(Value value) {
  ng::TensorType type = tensorType(value);
  if (!type || type.getRank() < 2)
    return Value();
  int64_t rank = type.getRank();
  if (CallOp t =
          producerOf(value, {"aten::transpose", "aten::transpose_copy"})) {
    std::optional<int64_t> a = intArg(t, "dim0"), b = intArg(t, "dim1");
    std::optional<int64_t> da = a ? normalizeDim(type, *a) : std::nullopt;
    std::optional<int64_t> db = b ? normalizeDim(type, *b) : std::nullopt;
    if (da && db && std::min(*da, *db) == rank - 2 &&
        std::max(*da, *db) == rank - 1)
      return tensorArg(t, "self");
    return Value();
  }
  if (CallOp p = producerOf(value, {"aten::permute", "aten::permute_copy"})) {
    std::optional<SmallVector<int64_t>> dims = intListArg(p, "dims");
    if (!dims || static_cast<int64_t>(dims->size()) != rank)
      return Value();
    for (int64_t i = 0; i < rank; ++i) {
      int64_t want = i < rank - 2 ? i : (i == rank - 2 ? rank - 1 : rank - 2);
      if (normalizeDim(type, (*dims)[i]) != want)
        return Value();
    }
    return tensorArg(p, "self");
  }
  return Value();
}

/// The scaled scores: `(q @ transpose(k)) * scale`, `/ divisor` or
/// unscaled. Fills q, k, the scale and the scores' matmul.
std::optional<std::string> readScores(Value scores, Attention &attention,
                                      SmallVectorImpl<Operation *> &chain) {
  Value product = through(scores, chain);
  attention.scale = 1.0;
  if (CallOp scale =
          producerOf(product, {"aten::mul.Tensor", "aten::mul.Scalar",
                               "aten::div.Tensor", "aten::div.Scalar"})) {
    bool div = matchesOpName(scale.getTarget(), "aten::div");
    std::optional<double> factor = numberArg(scale, "other");
    if (!factor)
      return "the scale at node " + describe(scale) +
             " is not a literal scalar";
    if (!std::isfinite(*factor) || *factor == 0)
      return "the scale at node " + describe(scale) +
             " is not a finite nonzero number";
    attention.scale = div ? 1.0 / *factor : *factor;
    chain.push_back(scale);
    product = through(tensorArg(scale, "self"), chain);
  }
  CallOp matmul = producerOf(product, kMatmuls);
  if (!matmul)
    return std::string(kNotScores);
  chain.push_back(matmul);
  auto [query, transposed] = matmulOperands(matmul);
  Value kT = transposed ? through(transposed, chain) : Value();
  Value key = kT ? transposedLastTwo(kT) : Value();
  if (!query || !key)
    return std::string("the scores' right side is not k transposed on its "
                       "last two dims");
  chain.push_back(kT.getDefiningOp());
  attention.query = query;
  attention.key = key;
  attention.scoresMatmul = matmul;
  return std::nullopt;
}

/// The literal `name` of a `where`: a number argument (`where.Scalar`) or a
/// 0-d tensor made from one (`scalar_tensor`, `full([])`).
std::optional<double> whereLiteral(CallOp where, StringRef name) {
  if (std::optional<double> number = numberArg(where, name))
    return number;
  Value tensor = tensorArg(where, name);
  CallOp scalar = tensor && !isStorageWritten(tensor)
                      ? producerOf(lookThrough(tensor),
                                   {"aten::scalar_tensor", "aten::full"})
                      : nullptr;
  ng::TensorType type =
      scalar ? tensorType(scalar.getResult(0)) : ng::TensorType();
  if (!type || type.getRank() != 0)
    return std::nullopt;
  return numberArg(scalar, matchesOpName(scalar.getTarget(), "aten::full")
                               ? "fill_value"
                               : "s");
}

/// Whether `value` is a static `[sizes]` made by `full(fill)` or `ones`
/// (`fill` 1), and nothing writes it in place.
bool isFilled(Value value, ArrayRef<DimRange> sizes, double fill) {
  if (!value || isStorageWritten(value))
    return false;
  CallOp call = producerOf(lookThrough(value), {"aten::full", "aten::ones"});
  ng::TensorType type = call ? tensorType(call.getResult(0)) : ng::TensorType();
  if (!type || type.getSizes() != sizes)
    return false;
  if (matchesOpName(call.getTarget(), "aten::ones"))
    return fill == 1.0;
  std::optional<double> filled = numberArg(call, "fill_value");
  return filled && *filled == fill;
}

/// Whether `mask`, added to scores of type `scores`, is provably the causal
/// mask (0 where key j <= query i, -inf above), over the scores' static
/// `[L, S]` and unit leading dims: `triu(full([L, S], -inf), 1)` or
/// `where(tril(ones([L, S])), 0, -inf)`, unsqueezed or not. Reads ops,
/// never constant data; each tensor of the proof is written in place
/// nowhere (or the ops would not say what it holds where it is read).
bool isCausalMask(Value mask, ng::TensorType scores) {
  if (isStorageWritten(mask))
    return false;
  Value base = lookThrough(mask);
  while (CallOp unsqueeze =
             producerOf(base, {"aten::unsqueeze", "aten::unsqueeze_copy"}))
    base = lookThrough(tensorArg(unsqueeze, "self"));
  ng::TensorType maskType = tensorType(mask), baseType = tensorType(base);
  if (!maskType || !baseType || baseType.getRank() != 2 ||
      !baseType.hasStaticShape())
    return false;
  ArrayRef<DimRange> square = baseType.getSizes();
  // The mask covers the scores' last two dims, each of its other dims is 1.
  if (scores.getSizes().take_back(2) != square ||
      maskType.getSizes().take_back(2) != square ||
      !llvm::all_of(maskType.getSizes().drop_back(2),
                    [](DimRange d) { return d == DimRange::fixed(1); }))
    return false;
  double negInf = -std::numeric_limits<double>::infinity();
  if (CallOp triu = producerOf(base, {"aten::triu"}))
    return intArg(triu, "diagonal", 0) == 1 &&
           isFilled(tensorArg(triu, "self"), square, negInf);
  CallOp where = producerOf(base, {"aten::where"});
  Value condition = where ? tensorArg(where, "condition") : Value();
  CallOp tril = condition && !isStorageWritten(condition)
                    ? producerOf(lookThrough(condition), {"aten::tril"})
                    : nullptr;
  ng::TensorType trilType =
      tril ? tensorType(tril.getResult(0)) : ng::TensorType();
  return trilType && trilType.getSizes() == square &&
         intArg(tril, "diagonal", 0) == 0 &&
         isFilled(tensorArg(tril, "self"), square, 1.0) &&
         whereLiteral(where, "self") == 0.0 &&
         whereLiteral(where, "other") == negInf;
}

/// Whether an op after `from` and before `to` (one block) may write
/// storage: the decomposition reads an input at `from`, the fused op at
/// `to`.
bool mayWriteBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      return true;
  }
  return false;
}

/// Why q, k and v do not have the shapes scaled_dot_product_attention
/// takes (q [.., L, E], k [.., S, E], v [.., S, Ev] of one rank and batch,
/// scores [.., L, S], out [.., L, Ev], one floating dtype), if they do not.
std::optional<std::string> checkShapes(const Attention &attention,
                                       ng::TensorType scores,
                                       ng::TensorType probabilities,
                                       ng::TensorType out) {
  ng::TensorType q = tensorType(attention.query), k = tensorType(attention.key),
                 v = tensorType(attention.value);
  if (!q || !k || !v || !scores || !probabilities || !out)
    return std::string("the types of q, k and v are not known");
  Type element = q.getElementType();
  if (!isa<FloatType>(element))
    return std::string("q is not a floating tensor");
  for (ng::TensorType t : {k, v, scores, probabilities, out})
    if (t.getElementType() != element)
      return std::string("q, k, v, the scores and the softmax's result are "
                         "not of one dtype");
  int64_t rank = q.getRank();
  if (rank < 2 || k.getRank() != rank || v.getRank() != rank ||
      scores.getRank() != rank || out.getRank() != rank)
    return std::string("q, k and v are not of one rank, at least 2");
  ArrayRef<DimRange> qs = q.getSizes(), ks = k.getSizes(), vs = v.getSizes();
  ArrayRef<DimRange> batch = qs.drop_back(2);
  DimRange l = qs[rank - 2], e = qs[rank - 1], s = ks[rank - 2];
  if (ks.drop_back(2) != batch || vs.drop_back(2) != batch ||
      !(ks[rank - 1] == e) || !(vs[rank - 2] == s) ||
      scores.getSizes().drop_back(2) != batch ||
      !(scores.getSizes()[rank - 2] == l) ||
      !(scores.getSizes()[rank - 1] == s) ||
      probabilities.getSizes() != scores.getSizes() ||
      out.getSizes().drop_back(2) != batch ||
      !(out.getSizes()[rank - 2] == l) ||
      !(out.getSizes()[rank - 1] == vs[rank - 1]))
    return std::string("q, k and v are not [.., L, E], [.., S, E], "
                       "[.., S, Ev] of one batch");
  return std::nullopt;
}

/// The attention whose last matmul is `root`, or why not.
ReadResult readAttention(CallOp root) {
  auto [probabilities, value] = matmulOperands(root);
  if (!probabilities || !value)
    return std::string();
  SmallVector<Operation *> chain;
  Value p = through(probabilities, chain);
  // HF's softmax in f32: the cast back to the scores' dtype after it ...
  if (Value uncast = castInput(p)) {
    chain.push_back(p.getDefiningOp());
    p = through(uncast, chain);
  }
  CallOp softmax = producerOf(p, {"aten::_softmax", "aten::softmax.int"});
  if (!softmax)
    return std::string();
  chain.push_back(softmax);
  Value input = tensorArg(softmax, "self");
  ng::TensorType inType = tensorType(input);
  ng::TensorType outType = tensorType(softmax.getResult(0));
  std::optional<int64_t> dim = intArg(softmax, "dim");
  if (!inType || !outType || inType.getRank() == 0 || !dim ||
      normalizeDim(inType, *dim) != inType.getRank() - 1)
    return std::string("the softmax is not over the last dim");
  if (matchesOpName(softmax.getTarget(), "aten::_softmax")) {
    std::optional<WireArgument> half = softmax.findArgument("half_to_float");
    auto flag =
        half ? dyn_cast_or_null<BoolAttr>(half->getAttr().getValue()) : nullptr;
    if (!flag || flag.getValue())
      return std::string("the softmax's half_to_float is not false");
  }
  // ... and the upcast before it (a cast, or softmax.int's dtype).
  if (inType.getElementType() != outType.getElementType() &&
      !outType.getElementType().isF32())
    return std::string("the softmax's dtype is not f32");
  Value scores = through(input, chain);
  if (Value uncast = castInput(scores)) {
    if (!isF32(scores))
      return std::string("the upcast before the softmax is not to f32");
    chain.push_back(scores.getDefiningOp());
    scores = through(uncast, chain);
  }

  Attention attention;
  attention.value = value;
  if (CallOp add = producerOf(scores, {"aten::add.Tensor"})) {
    std::optional<double> alpha = numberArg(add, "alpha");
    if (alpha && *alpha != 1.0)
      return std::string("the mask's add has an alpha other than 1");
    Value lhs = tensorArg(add, "self"), rhs = tensorArg(add, "other");
    if (!lhs || !rhs)
      return std::string("the scores are added to no tensor mask");
    chain.push_back(add);
    // The scores on either side, the mask on the other. The reason given
    // is the side's that reads further.
    size_t marker = chain.size();
    Value scored = lhs;
    std::optional<std::string> why = readScores(lhs, attention, chain);
    if (why) {
      chain.resize(marker);
      std::optional<std::string> other = readScores(rhs, attention, chain);
      if (!other)
        scored = rhs;
      if (!other || *why == kNotScores)
        why = other;
    }
    if (why)
      return *why;
    attention.mask = scored == lhs ? rhs : lhs;
    attention.maskAdd = add;
    ng::TensorType maskType = tensorType(attention.mask);
    ng::TensorType scoredType = tensorType(scored);
    if (!maskType || !scoredType ||
        maskType.getElementType() != scoredType.getElementType() ||
        maskType.getRank() > scoredType.getRank())
      return "the mask " + describe(attention.mask) +
             " is not a tensor of the scores' dtype and at most their rank";
    // The add gives back the scores' sizes: the mask broadcasts to them.
    if (tensorType(scores).getSizes() != scoredType.getSizes())
      return "the mask " + describe(attention.mask) +
             " broadcasts the scores to other sizes";
  } else if (std::optional<std::string> why =
                 readScores(scores, attention, chain)) {
    return *why;
  }
  ng::TensorType rawScores = tensorType(attention.scoresMatmul->getResult(0));
  if (std::optional<std::string> shapes =
          checkShapes(attention, rawScores, tensorType(probabilities),
                      tensorType(root.getResult(0))))
    return *shapes;
  for (Operation *op : chain)
    if (!op->getResult(0).hasOneUse())
      return describe(op->getResult(0)) + " has other uses";
  if (attention.mask && isCausalMask(attention.mask, rawScores)) {
    attention.causal = true;
    attention.mask = Value();
  }
  // scaled_dot_product_attention reads its operands where `root` stands.
  std::pair<Value, Operation *> reads[] = {
      {attention.query, attention.scoresMatmul},
      {attention.key, attention.scoresMatmul},
      {attention.mask, attention.maskAdd}};
  for (auto [operand, reader] : reads)
    if (operand && isStorageWritten(operand) && mayWriteBetween(reader, root))
      return describe(operand) +
             " may be written in place between its read and the last "
             "matmul, where aten.scaled_dot_product_attention would read it";
  return attention;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct FuseSdpaPass : public ng::impl::FuseSdpaBase<FuseSdpaPass> {
  using FuseSdpaBase::FuseSdpaBase;

  void runOnOperation() override;

  /// Replaces the attention `root` finishes with
  /// scaled_dot_product_attention, through `rewriter`; fails (with a
  /// remark) where it must not.
  LogicalResult fuse(CallOp root, PatternRewriter &rewriter);

private:
  void remark(Operation *op, const Twine &message) {
    if (report)
      remarked.emit(op, message);
  }

  matchers::RemarkOnce remarked;
};

/// `softmax(q @ k^T * scale + mask) @ v` to scaled_dot_product_attention
/// (FuseSdpaPass::fuse).
struct FuseAttention : public OpRewritePattern<CallOp> {
  FuseAttention(MLIRContext *ctx, FuseSdpaPass &pass)
      : OpRewritePattern(ctx), pass(pass) {}

  LogicalResult matchAndRewrite(CallOp root,
                                PatternRewriter &rewriter) const override {
    if (!producerOf(root.getResult(0), kMatmuls))
      return rewriter.notifyMatchFailure(root, "not a matmul");
    return pass.fuse(root, rewriter);
  }

  FuseSdpaPass &pass;
};

} // namespace

LogicalResult FuseSdpaPass::fuse(CallOp root, PatternRewriter &rewriter) {
  ReadResult read = readAttention(root);
  if (auto *why = std::get_if<std::string>(&read)) {
    if (!why->empty())
      remark(root,
             "kept the attention at node " + describe(root) + ": " + *why);
    return failure();
  }
  Attention &attention = std::get<Attention>(read);
  MLIRContext *ctx = root.getContext();
  rewriter.setInsertionPoint(root);
  CallArgument args[] = {
      CallArgument::tensor("query", attention.query),
      CallArgument::tensor("key", attention.key),
      CallArgument::tensor("value", attention.value),
      attention.mask ? CallArgument::tensor("attn_mask", attention.mask)
                     : CallArgument::none(ctx, "attn_mask"),
      CallArgument::number(ctx, "dropout_p", 0.0),
      CallArgument::boolean(ctx, "is_causal", attention.causal),
      CallArgument::number(ctx, "scale", attention.scale)};
  CallOp fused = buildCall(rewriter, root.getLoc(), kSdpaTarget, args,
                           root.getResult(0).getType());
  std::string scale;
  llvm::raw_string_ostream(scale) << llvm::format("%g", attention.scale);
  remark(fused, "fused the attention of " + describe(attention.query) +
                    " into aten.scaled_dot_product_attention (scale " + scale +
                    (attention.causal ? ", causal"
                     : attention.mask ? ", mask " + describe(attention.mask)
                                      : std::string()) +
                    ")");
  rewriter.replaceOp(root, fused.getResults());
  return success();
}

void FuseSdpaPass::runOnOperation() {
  remarked.clear();
  RewritePatternSet patterns(&getContext());
  patterns.add<FuseAttention>(&getContext(), *this);
  bool changed = false;
  if (failed(
          applyToCalls(getOperation(), kMatmuls, std::move(patterns), changed)))
    return signalPassFailure();
  if (!changed)
    markAllAnalysesPreserved();
}

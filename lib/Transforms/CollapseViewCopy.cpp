//===- CollapseViewCopy.cpp - collapse chains of view_copy ----------------===//
//
// --ng-collapse-view-copy, ng's form of the native backend's
// CollapseViewCopyPass (upstream executorch, backends/transforms): in each
// graph (a method body, each subgraph), in program order,
//
//   %a = view_copy(%x, s1)      (no other use)
//   %b = view_copy(%a, s2)
//
// becomes %b = view_copy(%x, s2) and %a goes; when %b then has %x's type
// (static sizes) it goes too, its readers reading %x. Upstream works on
// functional graphs; ng's may write storage in place, so both steps ask the
// storage analysis (ng/Analysis/StorageAnalysis.h) whether a reader would
// now see a write it did not see before. docs/NativePasses.md has the rules
// and their tests.
//
// The rewrite is a pattern, CollapseViewCopyChain, run by MLIR's greedy
// driver on the method's view_copys (no folding, nothing else of the
// method visited but what the rewrites leave dead). One analysis serves the
// method: a collapse makes no alias and erases only
// the inner view_copy (its own storage, unwritten, used once); dropping a
// chain moves the readers of %b's storage, which nothing writes, onto %x's,
// which nothing writes from %a on, so the writers the analysis knows for
// every class stay right for every question asked later in program order.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "CallMatchers.h"

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <algorithm>

namespace ng {
#define GEN_PASS_DEF_COLLAPSEVIEWCOPY
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

constexpr llvm::StringLiteral kViewCopy = "aten::view_copy.default";

/// A view_copy.default as the pass rewrites it: one tensor result, a tensor
/// `self`, no alias_of (A2: it aliases nothing) and nothing marked `mut`.
/// Returns its `self` argument's operand.
OpOperand *matchViewCopy(Operation *op) {
  auto call = dyn_cast_or_null<CallOp>(op);
  if (!call || !matchesOpName(call.getTarget(), kViewCopy) ||
      call.getNumResults() != 1 || !call.getGraphs().empty() ||
      !isa<ng::TensorType>(call.getResult(0).getType()) ||
      call.getAliasedOperand(0))
    return nullptr;
  OpOperand *self = nullptr;
  for (WireArgument arg : call.getWireArguments()) {
    if (arg.isMutated())
      return nullptr;
    if (arg.getName() == "self" && arg.getTensor())
      self = &arg.getOpOperands().front();
  }
  return self;
}

struct CollapseViewCopyPass
    : public ng::impl::CollapseViewCopyBase<CollapseViewCopyPass> {
  using CollapseViewCopyBase::CollapseViewCopyBase;

  void runOnOperation() override;

  /// Rewrites `outer`, through `rewriter`, when its `self` is a view_copy
  /// it may collapse onto; fails otherwise (CollapseViewCopyChain's body).
  LogicalResult collapse(CallOp outer, OpOperand &self, RewriterBase &rewriter);

private:
  /// Why the chain from `inner` to `outer`, which gives back `source`'s
  /// type, may not go (its readers reading `source`), if it may not.
  std::optional<std::string> whyKeep(CallOp inner, CallOp outer, Value source);

  /// A remark about `op`, once however often the driver offers it.
  void remark(Operation *op, const Twine &message) {
    if (report)
      remarked.emit(op, message);
  }

  std::optional<StorageAnalysis> storage;
  matchers::RemarkOnce remarked;
};

/// view_copy(view_copy(x, s1), s2) -> view_copy(x, s2), and that to x when
/// it gives x's type back: the pass's rules (CollapseViewCopyPass::collapse).
struct CollapseViewCopyChain : public OpRewritePattern<CallOp> {
  CollapseViewCopyChain(MLIRContext *ctx, CollapseViewCopyPass &pass)
      : OpRewritePattern(ctx), pass(pass) {}

  LogicalResult matchAndRewrite(CallOp outer,
                                PatternRewriter &rewriter) const override {
    OpOperand *self = matchViewCopy(outer);
    if (!self)
      return rewriter.notifyMatchFailure(outer, "not a view_copy");
    return pass.collapse(outer, *self, rewriter);
  }

  CollapseViewCopyPass &pass;
};

} // namespace

std::optional<std::string>
CollapseViewCopyPass::whyKeep(CallOp inner, CallOp outer, Value source) {
  Value result = outer.getResult(0);
  if (!cast<ng::TensorType>(result.getType()).hasStaticShape())
    return "its sizes are not static (ng cannot tell them equal to " +
           describe(source) + "'s)";
  const StorageAnalysis::StorageClass *resultClass = storage->getClass(result);
  const StorageAnalysis::StorageClass *sourceClass = storage->getClass(source);
  if (!resultClass || !sourceClass)
    return "ng does not know its storage";
  if (resultClass->written)
    return "it is written in place, which would write " + describe(source);
  StorageAnalysis::StorageUses uses = storage->getUses(*resultClass);
  if (uses.returned)
    return "it feeds an OUTPUT node, which would return " + describe(source) +
           " instead";
  if (uses.handedToSubgraphs || uses.foreignUser)
    return std::string("it is handed to a call with subgraphs, whose results "
                       "ng does not follow");
  Operation *until = uses.lastUser ? uses.lastUser : outer.getOperation();
  if (storage->isWrittenBetween(*sourceClass, inner, until))
    return describe(source) + (sourceClass->writersExact
                                   ? " is written while it is read"
                                   : " may be written while it is read (ng "
                                     "cannot tell where)");
  return std::nullopt;
}

LogicalResult CollapseViewCopyPass::collapse(CallOp outer, OpOperand &self,
                                             RewriterBase &rewriter) {
  auto inner = dyn_cast_or_null<CallOp>(self.get().getDefiningOp());
  OpOperand *innerSelf = inner ? matchViewCopy(inner) : nullptr;
  if (!innerSelf)
    return failure();
  Value source = innerSelf->get();
  std::string chain = "view_copy " + describe(inner.getResult(0)) + " -> " +
                      describe(outer.getResult(0));
  if (!inner.getResult(0).hasOneUse()) {
    remark(outer, "kept " + chain + ": " + describe(inner.getResult(0)) +
                      " has other uses");
    return failure();
  }
  const StorageAnalysis::StorageClass *sourceClass = storage->getClass(source);
  if (!sourceClass || storage->isWrittenBetween(*sourceClass, inner, outer)) {
    remark(outer, "kept " + chain + ": " + describe(source) +
                      (sourceClass && sourceClass->writersExact
                           ? " is written between them"
                           : " may be written between them (ng cannot tell "
                             "where)"));
    return failure();
  }

  // An identity is kept as a collapsed view_copy when it may not go.
  Value result = outer.getResult(0);
  bool identity = cast<ng::TensorType>(result.getType()).hasMeta() &&
                  result.getType() == source.getType();
  std::optional<std::string> keep =
      identity ? whyKeep(inner, outer, source) : std::nullopt;

  rewriter.modifyOpInPlace(outer, [&] { self.set(source); });
  rewriter.eraseOp(inner);
  if (identity && !keep) {
    remark(outer,
           "dropped " + chain + ": it gives " + describe(source) + " back");
    rewriter.replaceAllUsesWith(result, source);
    rewriter.eraseOp(outer);
    return success();
  }
  remark(outer, "collapsed " + chain + " onto " + describe(source) +
                    (keep ? "; kept it: " + *keep : std::string()));
  return success();
}

void CollapseViewCopyPass::runOnOperation() {
  MethodOp method = getOperation();
  if (method.getBody().empty())
    return markAllAnalysesPreserved();
  // The view_copys of the method and its subgraphs, in program order (a
  // subgraph's where its node stands). The driver takes the last one given
  // first, so they go in reversed.
  SmallVector<Operation *> viewCopies;
  method.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (matchViewCopy(op))
      viewCopies.push_back(op);
  });
  if (viewCopies.empty())
    return markAllAnalysesPreserved();
  std::reverse(viewCopies.begin(), viewCopies.end());

  storage.emplace(method);
  remarked.clear();
  RewritePatternSet patterns(&getContext());
  patterns.add<CollapseViewCopyChain>(&getContext(), *this);
  GreedyRewriteConfig config;
  config.enableFolding(false).setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
  bool changed = false;
  LogicalResult converged = applyOpPatternsGreedily(
      viewCopies, std::move(patterns), config, &changed);
  storage.reset();
  if (failed(converged))
    return signalPassFailure();
  if (!changed)
    return markAllAnalysesPreserved();
  // A dropped chain's readers may include the OUTPUT node.
  IRRewriter rewriter(&getContext());
  rewriter.modifyOpInPlace(method, [&] { method.updateSignature(); });
}

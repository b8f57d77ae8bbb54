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
// One analysis serves the method: a collapse makes no alias and erases only
// the inner view_copy (its own storage, unwritten, used once); dropping a
// chain moves the readers of %b's storage, which nothing writes, onto %x's,
// which nothing writes from %a on, so the writers the analysis knows for
// every class stay right for every question asked later in program order.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"

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

private:
  /// Visits the ops of `graph` in program order, each subgraph where its
  /// node stands; returns whether it changed the IR.
  bool visitGraph(Block &graph);
  /// Rewrites `outer` when its `self` is a view_copy it may collapse onto;
  /// returns whether it changed the IR.
  bool visit(CallOp outer, OpOperand &self);
  /// Why the chain from `inner` to `outer`, which gives back `source`'s
  /// type, may not go (its readers reading `source`), if it may not.
  std::optional<std::string> whyKeep(CallOp inner, CallOp outer, Value source);

  void remark(Operation *op, const Twine &message) {
    if (report)
      emitRemark(op->getLoc()) << message;
  }

  std::optional<StorageAnalysis> storage;
};

} // namespace

std::optional<std::string>
CollapseViewCopyPass::whyKeep(CallOp inner, CallOp outer, Value source) {
  Value result = outer.getResult(0);
  if (!cast<ng::TensorType>(result.getType()).hasStaticShape())
    return "its sizes are not static (ng cannot tell them equal to " +
           quoteValueName(source) + "'s)";
  const StorageAnalysis::StorageClass *resultClass = storage->getClass(result);
  const StorageAnalysis::StorageClass *sourceClass = storage->getClass(source);
  if (!resultClass || !sourceClass)
    return "ng does not know its storage";
  if (resultClass->written)
    return "it is written in place, which would write " +
           quoteValueName(source);
  StorageAnalysis::StorageUses uses = storage->getUses(*resultClass);
  if (uses.returned)
    return "it feeds an OUTPUT node, which would return " +
           quoteValueName(source) + " instead";
  if (uses.handedToSubgraphs || uses.foreignUser)
    return std::string("it is handed to a call with subgraphs, whose results "
                       "ng does not follow");
  Operation *until = uses.lastUser ? uses.lastUser : outer.getOperation();
  if (storage->isWrittenBetween(*sourceClass, inner, until))
    return quoteValueName(source) +
           (sourceClass->writersExact ? " is written while it is read"
                                      : " may be written while it is read (ng "
                                        "cannot tell where)");
  return std::nullopt;
}

bool CollapseViewCopyPass::visit(CallOp outer, OpOperand &self) {
  auto inner = dyn_cast_or_null<CallOp>(self.get().getDefiningOp());
  OpOperand *innerSelf = inner ? matchViewCopy(inner) : nullptr;
  if (!innerSelf)
    return false;
  Value source = innerSelf->get();
  std::string chain = "view_copy " + quoteValueName(inner.getResult(0)) +
                      " -> " + quoteValueName(outer.getResult(0));
  if (!inner.getResult(0).hasOneUse()) {
    remark(outer, "kept " + chain + ": " + quoteValueName(inner.getResult(0)) +
                      " has other uses");
    return false;
  }
  const StorageAnalysis::StorageClass *sourceClass = storage->getClass(source);
  if (!sourceClass || storage->isWrittenBetween(*sourceClass, inner, outer)) {
    remark(outer, "kept " + chain + ": " + quoteValueName(source) +
                      (sourceClass && sourceClass->writersExact
                           ? " is written between them"
                           : " may be written between them (ng cannot tell "
                             "where)"));
    return false;
  }

  // An identity is kept as a collapsed view_copy when it may not go.
  Value result = outer.getResult(0);
  bool identity = cast<ng::TensorType>(result.getType()).hasMeta() &&
                  result.getType() == source.getType();
  std::optional<std::string> keep =
      identity ? whyKeep(inner, outer, source) : std::nullopt;

  self.set(source);
  inner.erase();
  if (identity && !keep) {
    remark(outer, "dropped " + chain + ": it gives " + quoteValueName(source) +
                      " back");
    result.replaceAllUsesWith(source);
    outer.erase();
    return true;
  }
  remark(outer, "collapsed " + chain + " onto " + quoteValueName(source) +
                    (keep ? "; kept it: " + *keep : std::string()));
  return true;
}

bool CollapseViewCopyPass::visitGraph(Block &graph) {
  bool changed = false;
  for (Operation &op : llvm::make_early_inc_range(graph)) {
    for (Region &subgraph : op.getRegions())
      if (!subgraph.empty())
        changed |= visitGraph(subgraph.front());
    if (OpOperand *self = matchViewCopy(&op))
      changed |= visit(cast<CallOp>(op), *self);
  }
  return changed;
}

void CollapseViewCopyPass::runOnOperation() {
  MethodOp method = getOperation();
  if (method.getBody().empty())
    return markAllAnalysesPreserved();
  storage.emplace(method);
  bool changed = visitGraph(method.getBody().front());
  storage.reset();
  if (!changed) {
    markAllAnalysesPreserved();
    return;
  }
  method.updateSignature();
}

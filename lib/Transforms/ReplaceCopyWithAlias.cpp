//===- ReplaceCopyWithAlias.cpp - `<view>_copy` ops back into views -------===//
//
// --ng-replace-copy-with-alias, ng's form of the native backend's
// ReplaceCopyWithAliasPass (upstream executorch, backends/native/passes):
// `aten.<view>_copy.<overload>` becomes `aten.<view>.<overload>`, its output
// aliasing `self` (alias_of), where no reader can tell a view from the copy.
// The op facts say which view a copy materializes (viewCounterpart) and how
// the view's output is laid out (ViewLayout, inferViewDimOrder in
// ng/Dialect/DimOrder.h); the storage analysis (ng/Analysis/StorageAnalysis.h)
// says who writes what, following every alias and view. docs/NativePasses.md
// has the rules and their tests.
//
// One analysis serves the method, built before any rewrite. A rewrite joins
// the copy's storage (unwritten, or it is refused) to its source's; the
// pass keeps that union itself (`joined`), so that a later copy of the new
// view asks about the writers of the source it now shares. The copy's own
// storage is asked about before anything is joined to it (its members
// come after it in program order).
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Dialect/DimOrder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/DenseMap.h"

namespace ng {
#define GEN_PASS_DEF_REPLACECOPYWITHALIAS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

using StorageClass = StorageAnalysis::StorageClass;

namespace {

/// A copy the pass may turn into a view: what it needs of it.
struct Candidate {
  CallOp call;
  /// The view the copy materializes, and its facts.
  StringRef viewTarget;
  OpFacts view;
  /// The argument the view aliases (`self`) and its operand.
  OpOperand *source;
};

struct ReplaceCopyWithAliasPass
    : public ng::impl::ReplaceCopyWithAliasBase<ReplaceCopyWithAliasPass> {
  using ReplaceCopyWithAliasBase::ReplaceCopyWithAliasBase;

  void runOnOperation() override;

private:
  /// Visits the calls of `graph` in program order, each subgraph where its
  /// node stands; returns whether it changed the IR.
  bool visitGraph(Block &graph);
  /// Turns `call` into a view if it is a copy that may be one.
  bool visit(CallOp call);
  /// The copy `call` is, when the op facts know the view it materializes.
  std::optional<Candidate> match(CallOp call);
  /// Why `candidate` must stay a copy, if it must; else its layout.
  std::optional<std::string> whyKeep(const Candidate &candidate,
                                     DimOrder &order);
  /// The class `storage` is part of now: a rewritten copy's class joined
  /// its source's.
  const StorageClass *find(const StorageClass *storage) const {
    for (auto it = joined.find(storage); it != joined.end();
         it = joined.find(storage))
      storage = it->second;
    return storage;
  }

  void remark(Operation *op, const Twine &message) {
    if (report)
      emitRemark(op->getLoc()) << message;
  }

  std::optional<StorageAnalysis> storage;
  llvm::DenseMap<const StorageClass *, const StorageClass *> joined;
};

} // namespace

std::optional<Candidate> ReplaceCopyWithAliasPass::match(CallOp call) {
  if (!call.getGraphs().empty())
    return std::nullopt;
  // `aten.<view>_copy.<overload>` of a view the table lists (never
  // `_to_copy`: `_to` is no view).
  std::optional<OpFacts> copy = lookupOpFacts(call.getTarget());
  if (!copy || copy->viewCounterpart.empty())
    return std::nullopt;
  std::optional<OpFacts> view = lookupOpFacts(copy->viewCounterpart);
  if (!view || !view->knowsAliasing || view->aliasedArg.empty() ||
      view->mutates(view->aliasedArg))
    return std::nullopt;
  // The view aliases its first argument (`Tensor(a) self`), a tensor, and
  // the copy says nothing the view would contradict: no alias_of, no `mut`.
  WireArgumentRange args = call.getWireArguments();
  std::optional<WireArgument> first = args.at(0);
  if (!first || first->getName() != view->aliasedArg || !first->getTensor())
    return std::nullopt;
  if (llvm::any_of(args, [](WireArgument arg) { return arg.isMutated(); }))
    return std::nullopt;
  for (unsigned output = 0; output < call.getNumWireOutputs(); ++output)
    if (call.getAliasedOperand(output))
      return std::nullopt;
  return Candidate{call, copy->viewCounterpart, *view,
                   &first->getOpOperands().front()};
}

std::optional<std::string>
ReplaceCopyWithAliasPass::whyKeep(const Candidate &candidate, DimOrder &order) {
  CallOp call = candidate.call;
  Value source = candidate.source->get();
  // One tensor, not a list: only single-tensor returns carry alias_of (A1).
  bool isList = false;
  bool single = call.getNumResults() == 1 && call.getNumWireOutputs() == 1;
  if (single)
    call.getWireOutputResults(0, isList);
  if (!single || isList || !isa<ng::TensorType>(call.getResult(0).getType()))
    return std::string("it has several outputs");
  Value result = call.getResult(0);

  // The view's layout must be one a dim order says (D1): the TensorMeta
  // records no strides.
  std::optional<DimOrder> layout = inferViewDimOrder(call, candidate.view);
  if (!layout)
    return std::string("no dim order expresses the view's layout");
  order = *layout;

  const StorageClass *resultClass = storage->getClass(result);
  const StorageClass *sourceClass = storage->getClass(source);
  if (!resultClass || !sourceClass)
    return std::string("ng does not know its storage");
  if (resultClass->written)
    return "it is written in place, which would write " + describe(source);
  StorageAnalysis::StorageUses uses = storage->getUses(*resultClass);
  if (uses.returned)
    return std::string(
        "it feeds an OUTPUT node (the caller may reuse an output's buffer)");
  if (uses.handedToSubgraphs || uses.foreignUser)
    return std::string("it is handed to a call with subgraphs, whose results "
                       "ng does not follow");

  // A layout other than the copy's changes what the readers see of it.
  auto type = cast<ng::TensorType>(result.getType());
  if (ArrayRef<int64_t>(*layout) !=
      ArrayRef<int64_t>(getCanonicalDimOrder(type))) {
    if (resultClass->members.size() > 1)
      return std::string("its layout would change under the views taken of "
                         "it");
    for (Operation *user : result.getUsers()) {
      auto reader = cast<CallOp>(user);
      if (std::optional<OpFacts> facts = lookupOpFacts(reader.getTarget());
          facts && facts->needsContiguousInput)
        return "its layout would not be contiguous, and node " +
               describe(reader) + " needs a contiguous input (D5)";
    }
  }

  // Nothing may write the source while the view is read.
  Operation *until = uses.lastUser ? uses.lastUser : call.getOperation();
  const StorageClass *shared = find(sourceClass);
  if (storage->isWrittenBetween(*shared, call, until))
    return describe(source) + (shared->writersExact
                                   ? " is written while it is read"
                                   : " may be written while it is read (ng "
                                     "cannot tell where)");
  return std::nullopt;
}

bool ReplaceCopyWithAliasPass::visit(CallOp call) {
  std::optional<Candidate> candidate = match(call);
  if (!candidate)
    return false;
  StringRef copyName = getShortTargetName(call.getTarget());
  DimOrder order;
  if (std::optional<std::string> keep = whyKeep(*candidate, order)) {
    remark(call, "kept " + copyName + " " + describe(call) + ": " + *keep);
    return false;
  }
  Value result = call.getResult(0);
  Value source = candidate->source->get();
  auto type = cast<ng::TensorType>(result.getType());
  IRRewriter rewriter(&getContext());
  rewriter.modifyOpInPlace(call, [&] {
    if (ArrayRef<int64_t>(order) !=
        ArrayRef<int64_t>(getCanonicalDimOrder(type)))
      result.setType(
          type.withDimOrder(DenseI64ArrayAttr::get(&getContext(), order)));
    call.setTarget(candidate->viewTarget);
    call.setAliasOfAttr(DenseI32ArrayAttr::get(
        &getContext(),
        {static_cast<int32_t>(candidate->source->getOperandNumber())}));
  });
  // The view shares its source's storage, and what is recorded of it.
  recordStorageWrites(rewriter, call);
  joined[storage->getClass(result)] = find(storage->getClass(source));
  remark(call, "replaced " + copyName + " " + describe(result) + " by " +
                   getShortTargetName(candidate->viewTarget) + ", a view of " +
                   describe(source));
  return true;
}

bool ReplaceCopyWithAliasPass::visitGraph(Block &graph) {
  bool changed = false;
  for (Operation &op : graph) {
    for (Region &subgraph : op.getRegions())
      if (!subgraph.empty())
        changed |= visitGraph(subgraph.front());
    if (auto call = dyn_cast<CallOp>(op))
      changed |= visit(call);
  }
  return changed;
}

void ReplaceCopyWithAliasPass::runOnOperation() {
  MethodOp method = getOperation();
  if (method.getBody().empty())
    return markAllAnalysesPreserved();
  storage.emplace(method);
  joined.clear();
  bool changed = visitGraph(method.getBody().front());
  storage.reset();
  if (!changed) {
    markAllAnalysesPreserved();
    return;
  }
  method.updateSignature();
}

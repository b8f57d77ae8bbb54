//===- Reinplace.cpp - functional ops into their in-place forms -----------===//
//
// --ng-reinplace: a call whose op facts name an in-place form (relu, gelu,
// sigmoid, index_put, index_copy) is retargeted to it, with `self` marked
// `mut` and the output aliasing `self` (FORMAT.md A1), when nothing touches
// `self`'s storage after the call except through the result, no other
// argument is that storage, `self` has the result's type, and the storage
// is new or a placeholder the method writes back (A3; never a parameter or
// constant, V13). The description in Passes.td and docs/NativePasses.md say
// what each refusal protects.
//
// Everything is decided on the IR as it was: one StorageAnalysis, one
// StorageLiveness (the last use of every storage class), then the candidates
// from the last to the first, each in O(its operands). A rewritten call's
// result becomes `self`'s storage; what an earlier candidate's write-back
// check needs of that is kept in `rewritten`, a union of the classes the
// rewrites join. The rewrites are applied at the end.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Analysis/StorageLiveness.h"
#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/DebugStringHelper.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <algorithm>

namespace ng {
#define GEN_PASS_DEF_REINPLACE
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

using StorageClass = StorageAnalysis::StorageClass;

/// Whether `self` can hold the result in place: the same dtype, sizes and
/// layout (a dynamic dim: the same range; the in-place forms the facts name
/// are of ops whose output has `self`'s sizes, OpFacts.td).
std::optional<std::string> compareTypes(Value self, Value result) {
  auto from = dyn_cast<ng::TensorType>(self.getType());
  auto to = dyn_cast<ng::TensorType>(result.getType());
  if (!from || !to || !from.hasMeta() || !to.hasMeta())
    return std::string("a tensor without metadata cannot be compared");
  if (from.getElementType() != to.getElementType())
    return "its dtype differs from the result's (" +
           debugString(from.getElementType()) + " vs " +
           debugString(to.getElementType()) + ")";
  if (from.getSizes() != to.getSizes())
    return "its sizes differ from the result's (" + debugString(from) + " vs " +
           debugString(to) + ")";
  bool sameOrder = from.getDimOrder() == to.getDimOrder() ||
                   (from.isContiguous() && to.isContiguous());
  if (!sameOrder || from.getQuant() != to.getQuant())
    return "its layout differs from the result's (" + debugString(from) +
           " vs " + debugString(to) + ")";
  return std::nullopt;
}

/// One call the facts say has an in-place form.
struct Candidate {
  CallOp call;
  StringRef inPlaceForm;
  /// Its `self` argument's index among the call's arguments, and operand.
  unsigned selfArg, selfOperand;
};

/// What the decisions of one method read: the storage classes, their last
/// uses, the placeholders the method writes back, and the classes the
/// rewrites decided so far join (a rewritten call's result with its
/// `self`'s).
struct MethodState {
  MethodState(MethodOp method, const StorageAnalysis &storage)
      : storage(storage), liveness(method, storage), placeholders(method) {}

  const StorageAnalysis &storage;
  StorageLiveness liveness;
  MethodPlaceholderIndex placeholders;
  llvm::EquivalenceClasses<const StorageClass *> rewritten;
};

/// A storage kind in words.
std::string kindName(StorageKind kind) {
  std::string name = stringifyStorageKind(kind).str();
  std::replace(name.begin(), name.end(), '_', ' ');
  return name;
}

struct ReinplacePass : public ng::impl::ReinplaceBase<ReinplacePass> {
  using ReinplaceBase::ReinplaceBase;

  void runOnOperation() override;

private:
  std::optional<Candidate> match(CallOp call, std::string &why);
  std::optional<std::string> refuse(const Candidate &candidate,
                                    const MethodState &state);
  void rewrite(const Candidate &candidate);
};

} // namespace

std::optional<Candidate> ReinplacePass::match(CallOp call, std::string &why) {
  std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
  if (!facts || facts->inPlaceForm.empty())
    return std::nullopt;
  // The in-place form must be what its name says: it writes `self` and
  // returns it (derived from its name, OpFacts.cpp).
  std::optional<OpFacts> inPlace = lookupOpFacts(facts->inPlaceForm);
  if (!inPlace || !inPlace->mutates("self") || inPlace->aliasedArg != "self") {
    why = "its in-place form does not write 'self'";
    return Candidate{call, facts->inPlaceForm, 0, 0};
  }
  Candidate candidate{call, facts->inPlaceForm, 0, 0};
  std::optional<WireArgument> self = call.findArgument("self");
  if (!self || !self->getTensor()) {
    why = "it has no tensor argument 'self'";
    return candidate;
  }
  candidate.selfArg = self->getIndex();
  candidate.selfOperand = self->getBeginOperandIndex();
  if (self->isMutated()) {
    why = "its 'self' is marked `mut` already";
    return candidate;
  }
  if (call.getNumResults() != 1 || call.getNumWireOutputs() != 1 ||
      !isa<ng::TensorType>(call.getResult(0).getType())) {
    why = "it does not have one tensor output";
    return candidate;
  }
  if (call.getAliasedOperand(0)) {
    why = "its output aliases an argument already";
    return candidate;
  }
  if (call->getNumRegions() != 0) {
    why = "it has subgraphs";
    return candidate;
  }
  return candidate;
}

std::optional<std::string> ReinplacePass::refuse(const Candidate &candidate,
                                                 const MethodState &state) {
  const StorageAnalysis *storage = &state.storage;
  const StorageLiveness *liveness = &state.liveness;
  CallOp call = candidate.call;
  Value self = call->getOperand(candidate.selfOperand);
  Value result = call.getResult(0);
  std::string selfName = describe(self);

  if (std::optional<std::string> types = compareTypes(self, result))
    return "'self' " + selfName + ": " + *types;

  const StorageClass *selfClass = storage->getClass(self);
  const StorageClass *resultClass = storage->getClass(result);
  if (!selfClass || !resultClass)
    return "'self' " + selfName + " is not a tensor ng knows the storage of";

  // Whose storage the in-place op would write (A3, V13).
  auto storedIn = [&](Value root) {
    std::string kind = kindName(selfClass->kind);
    if (root == self)
      return "'self' " + selfName + " is a " + kind;
    return "'self' " + selfName + " is stored in " + kind + " " +
           describe(root);
  };
  switch (selfClass->kind) {
  case StorageKind::Fresh:
    break;
  case StorageKind::UserInput:
  case StorageKind::Buffer:
  case StorageKind::MutableBuffer:
    for (Value root : selfClass->roots) {
      auto arg = dyn_cast<BlockArgument>(root);
      if (!arg || !state.placeholders.isWrittenBack(arg.getArgNumber()))
        return storedIn(root) + ", which the method does not write back (no " +
               (selfClass->kind == StorageKind::UserInput
                    ? "user_input_mutation"
                    : "buffer_mutation") +
               "): the in-place op would change the caller's data";
    }
    break;
  case StorageKind::Parameter:
  case StorageKind::Constant:
    return storedIn(selfClass->roots.front()) +
           ", which nothing may write (V13)";
  case StorageKind::SubgraphInput:
    return storedIn(selfClass->roots.front()) + ", a tensor of the caller's";
  case StorageKind::Unknown:
    return "'self' " + selfName +
           " is stored in the output of a node with subgraphs, which may be "
           "a tensor it was given";
  }

  // Nothing after the call may touch the storage but through the result.
  if (liveness->isUsedAfter(selfClass, call))
    return "'self' " + selfName +
           " (or a view of its storage) is used after "
           "it, by node " +
           describe(liveness->getLastUse(selfClass));
  for (Value written : liveness->getWriteBacks(selfClass)) {
    const StorageClass *writtenClass = storage->getClass(written);
    if (!writtenClass ||
        !state.rewritten.isEquivalent(writtenClass, resultClass))
      return "'self' " + selfName + " is written back with " +
             describe(written) + ", which is not the result";
  }

  // The in-place op must not read what it writes.
  for (OpOperand &operand : call->getOpOperands()) {
    if (operand.getOperandNumber() == candidate.selfOperand ||
        !isa<ng::TensorType>(operand.get().getType()))
      continue;
    if (!storage->alias(self, operand.get()).isNo()) {
      std::optional<WireArgument> arg = getWireArgumentOf(operand);
      std::string argName = arg && !arg->getName().empty()
                                ? ("argument '" + arg->getName() + "'").str()
                                : std::string("another argument");
      return argName + " (" + describe(operand.get()) +
             ") may share the storage of 'self' " + selfName +
             ": the in-place op would read what it writes";
    }
  }
  return std::nullopt;
}

void ReinplacePass::rewrite(const Candidate &candidate) {
  CallOp call = candidate.call;
  MLIRContext *ctx = &getContext();
  SmallVector<CallArgument> args = getCallArguments(call);
  ArgAttr self = args[candidate.selfArg].attr;
  args[candidate.selfArg].attr =
      ArgAttr::get(ctx, self.getKind(), self.getName(), /*mutated=*/true,
                   self.getValue(), self.getMask());
  IRRewriter rewriter(ctx);
  setCallArguments(rewriter, call, candidate.inPlaceForm, args);
  rewriter.modifyOpInPlace(call, [&] {
    call.setAliasOfAttr(DenseI32ArrayAttr::get(
        ctx, {static_cast<int32_t>(candidate.selfOperand)}));
  });
  // The result is `self`'s storage now, which the call writes.
  recordStorageWrites(rewriter, call);
}

void ReinplacePass::runOnOperation() {
  MethodOp method = getOperation();
  if (method.getBody().empty())
    return markAllAnalysesPreserved();

  // The candidates, in program order (the nodes of a subgraph before their
  // node, as StorageLiveness numbers them).
  SmallVector<Candidate> candidates;
  auto keep = [&](CallOp call, StringRef why) {
    if (report)
      call.emitRemark() << "node " << describe(call) << " ("
                        << getShortTargetName(call.getTarget())
                        << ") stays functional: " << why;
  };
  method.getBody().walk([&](CallOp call) {
    std::string why;
    if (std::optional<Candidate> candidate = match(call, why)) {
      if (why.empty())
        candidates.push_back(*candidate);
      else
        keep(call, why);
    }
  });
  if (candidates.empty())
    return markAllAnalysesPreserved();

  // From the last to the first: a call's decision may rely on the later
  // ones' (its result rewritten in place by the next op of a chain).
  MethodState state(method, getAnalysis<StorageAnalysis>());
  SmallVector<const Candidate *> accepted;
  for (const Candidate &candidate : llvm::reverse(candidates)) {
    CallOp call = candidate.call;
    if (std::optional<std::string> why = refuse(candidate, state)) {
      keep(call, *why);
      continue;
    }
    // From now on the result is `self`'s storage.
    state.rewritten.unionSets(
        state.storage.getClass(call->getOperand(candidate.selfOperand)),
        state.storage.getClass(call.getResult(0)));
    accepted.push_back(&candidate);
  }
  if (accepted.empty())
    return markAllAnalysesPreserved();

  for (const Candidate *candidate : llvm::reverse(accepted)) {
    CallOp call = candidate->call;
    if (report)
      call.emitRemark() << "node " << describe(call) << ": "
                        << getShortTargetName(call.getTarget()) << " -> "
                        << getShortTargetName(candidate->inPlaceForm)
                        << ", writing "
                        << describe(call->getOperand(candidate->selfOperand))
                        << " in place";
    rewrite(*candidate);
  }
}

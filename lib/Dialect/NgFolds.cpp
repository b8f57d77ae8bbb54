//===- NgFolds.cpp - the identities ng.call folds to ---------------------===//
//
// What --canonicalize (and any pattern driver that folds) may do to an
// ng.call, from the op facts (OpFacts.td) and the records of written
// storage (Storage.h), each checked on the op alone:
//
//  - a view that keeps its input's sizes and layout (ViewLayout Same,
//    Reshape, Expand or UnitDims, as aten.view, reshape, expand, alias,
//    squeeze do) to the same static type is its input: the same storage,
//    the same elements in the same places, so every read and every write
//    through it is one through the input;
//  - a copy (a `<view>_copy` of such a view, clone, _clone_dim_order,
//    _to_copy) to its input's own static type is its input's values; it
//    folds to the input only when neither storage is written, since a
//    later write to either would otherwise reach the other, and when no
//    OUTPUT node returns it: a runtime owns an output's memory, which a
//    fold would make the input's.
//
// Never: a call with subgraphs, several results, a `mut` argument, dynamic
// sizes (two values of one type need not have the same sizes), or a view
// that moves elements (permute, transpose, slice, select: a square
// transpose keeps the type, not the values).
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"

using namespace mlir;
using namespace ng;

/// Whether `layout` maps a view whose output has its input's sizes onto the
/// input element for element.
static bool isIdentityWhenSizesAgree(ViewLayout layout) {
  switch (layout) {
  case ViewLayout::Same:
  case ViewLayout::Reshape:
  case ViewLayout::Expand:
  case ViewLayout::UnitDims:
    return true;
  default:
    return false;
  }
}

LogicalResult CallOp::fold(FoldAdaptor,
                           SmallVectorImpl<OpFoldResult> &results) {
  if (!getGraphs().empty() || getNumResults() != 1 || getOutputGroups())
    return failure();
  auto type = dyn_cast<ng::TensorType>(getResult(0).getType());
  if (!type || !type.hasMeta() || !type.hasStaticShape())
    return failure();
  std::optional<OpFacts> facts = lookupOpFacts(getTargetAttr());
  if (!facts)
    return failure();
  std::optional<WireArgument> self;
  for (WireArgument arg : getWireArguments()) {
    if (arg.isMutated())
      return failure();
    if (arg.getName() == "self")
      self = arg;
  }
  if (!self || !self->getTensor() || self->getTensor().getType() != type)
    return failure();
  Value input = self->getTensor();

  // A view of the input, by alias_of or by the facts.
  OpOperand *source = getAliasSource(getResult(0));
  if (source) {
    if (source->get() != input || facts->aliasedArg != "self" ||
        facts->mutates("self") || !isIdentityWhenSizesAgree(facts->layout))
      return failure();
    results.push_back(input);
    return success();
  }

  // A copy of the input's values.
  bool isCopy = facts->copyFamily == CopyFamily::Clone ||
                facts->copyFamily == CopyFamily::ToCopy;
  if (!isCopy && !facts->viewCounterpart.empty()) {
    std::optional<OpFacts> view = lookupOpFacts(facts->viewCounterpart);
    isCopy = view && view->aliasedArg == "self" &&
             isIdentityWhenSizesAgree(view->layout);
  }
  if (!isCopy || facts->random || facts->sideEffecting ||
      isStorageWritten(input) || isStorageWritten(getResult(0)) ||
      llvm::any_of(getResult(0).getUsers(),
                   [](Operation *user) { return isa<OutputOp>(user); }))
    return failure();
  results.push_back(input);
  return success();
}

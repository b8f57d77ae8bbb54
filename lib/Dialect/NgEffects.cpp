//===- NgEffects.cpp - memory effects of ng.call --------------------------===//
//
// What an ng.call does to memory, derived from the storage rules
// (ng/Dialect/Storage.h, docs/Aliasing.md) and what ng knows about the target
// (ng/Dialect/OpFacts.h), so that MLIR's generic passes (--cse,
// --canonicalize's dead-code elimination) are both effective and safe:
//
//  - a `mut` tensor operand, or one the facts say the target writes when the
//    flag is missing (a stripped `aten.add_`): Read and Write on it (an
//    in-place write is never dropped, moved or merged);
//  - any other tensor operand whose storage something writes (anywhere in
//    its graph, as the operand's producer records it: Storage.h): Read on
//    it, so reads stay between the writes around them;
//    an operand that an output only views (alias_of without `mut`, or a
//    known view's source) is not read: making a view reads no data;
//  - a new (fresh) output whose storage something writes: Allocate on it, so
//    two such calls are never merged into one tensor (each keeps its own
//    storage), while an unused one can still be dropped;
//  - a call that only reads never-written storage has no effects at all: it
//    is a pure function of its operands;
//  - conservative, unknown effects (Read and Write on everything) for calls
//    with subgraphs (higher-order ops);
//  - an effect outside the tensors (Write on the default resource, no value)
//    for nodes that return nothing and write nothing (assertions such as
//    `aten._assert_scalar`, which must survive), for the targets the facts
//    call side-effecting, and for random number generators (two `aten.rand`
//    calls are not one).
//
// Every answer is read off this op, its operands' producers and the op
// facts: the effects cost the op's arguments, whatever the graph's size,
// and hold for any pass, since the verifier holds the records of written
// storage to the storage rules.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"

using namespace mlir;
using namespace ng;

void CallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A higher-order op runs its subgraphs: unknown effects.
  if (!getGraphs().empty()) {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
    return;
  }

  // What ng knows about the target (OpFacts.td), looked up once.
  std::optional<OpFacts> facts = lookupOpFacts(getTargetAttr());
  const OpFacts *known = facts ? &*facts : nullptr;

  // Operands an output views (alias_of without `mut`, or where alias_of is
  // missing, what the facts say a known view's output aliases).
  llvm::SmallDenseSet<unsigned, 2> viewed;
  if (std::optional<ArrayRef<int32_t>> aliases = getAliasOf())
    for (int32_t operand : *aliases)
      if (isValidAliasOperand(*this, operand))
        viewed.insert(operand);
  if (known)
    if (std::optional<unsigned> implied = getImpliedAliasOperand(*this, *known))
      viewed.insert(*implied);

  bool writes = false;
  for (WireArgument arg : getWireArguments()) {
    // `mut`, or an argument the facts say the op writes (a known in-place
    // op stripped of its flag).
    bool written = isArgumentWritten(arg, known);
    for (OpOperand &operand : arg.getOpOperands()) {
      if (!isa<ng::TensorType>(operand.get().getType()))
        continue;
      if (written) {
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
        effects.emplace_back(MemoryEffects::Write::get(), &operand);
        writes = true;
      } else if (!viewed.contains(operand.getOperandNumber()) &&
                 isStorageWritten(operand.get())) {
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
      }
    }
  }

  for (OpResult result : getResults())
    if (isa<ng::TensorType>(result.getType()) && !getAliasSource(result) &&
        isStorageWritten(result))
      effects.emplace_back(MemoryEffects::Allocate::get(), result);

  if ((getNumResults() == 0 && !writes) ||
      (known && (known->random || known->sideEffecting)))
    effects.emplace_back(MemoryEffects::Write::get());
}

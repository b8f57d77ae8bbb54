//===- NgEffects.cpp - memory effects of ng.call --------------------------===//
//
// What an ng.call does to memory, derived from the storage rules
// (ng/Dialect/Storage.h, docs/Aliasing.md), so that MLIR's generic passes
// (--cse, --canonicalize's dead-code elimination) are both effective and safe:
//
//  - a `mut` tensor operand: Read and Write on it (an in-place write is never
//    dropped, moved or merged);
//  - any other tensor operand whose storage something writes (anywhere in
//    its graph): Read on it, so reads stay between the writes around them;
//    an operand that an output only views (alias_of without `mut`) is not
//    read: making a view reads no data;
//  - a new (fresh) output whose storage something writes: Allocate on it, so
//    two such calls are never merged into one tensor (each keeps its own
//    storage), while an unused one can still be dropped;
//  - a call that only reads never-written storage has no effects at all: it
//    is a pure function of its operands;
//  - conservative, unknown effects (Read and Write on everything) for calls
//    with subgraphs (higher-order ops);
//  - an effect outside the tensors (Write on the default resource, no value)
//    for nodes that return nothing and write nothing (assertions such as
//    `aten._assert_scalar`, which must survive) and for random number
//    generators (two `aten.rand` calls are not one).
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ng;

/// aten ops that draw random numbers (their in-place `_` forms included):
/// identical calls give different results.
static bool isRandomTarget(StringRef target) {
  if (!target.consume_front("torch.ops.aten."))
    return false;
  StringRef name = target.split('.').first;
  name.consume_back("_");
  return llvm::StringSwitch<bool>(name)
      .Cases({"rand",
              "rand_like",
              "randn",
              "randn_like",
              "randint",
              "randint_like",
              "randperm",
              "bernoulli",
              "multinomial",
              "normal",
              "uniform",
              "exponential",
              "geometric",
              "cauchy",
              "log_normal",
              "random",
              "poisson",
              "dropout",
              "native_dropout",
              "feature_dropout",
              "alpha_dropout",
              "feature_alpha_dropout",
              "_fused_dropout",
              "rrelu",
              "rrelu_with_noise"},
             true)
      .Default(false);
}

void CallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A higher-order op runs its subgraphs: unknown effects.
  if (!getGraphs().empty()) {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
    return;
  }

  // Operands an output views (alias_of without `mut`).
  llvm::SmallDenseSet<unsigned, 2> viewed;
  if (std::optional<ArrayRef<int32_t>> aliases = getAliasOf())
    for (int32_t operand : *aliases)
      if (isValidAliasOperand(*this, operand))
        viewed.insert(operand);

  bool writes = false;
  MutableArrayRef<OpOperand> operands = getOperation()->getOpOperands();
  unsigned offset = 0;
  for (Attribute attr : getArgs()) {
    auto arg = cast<ArgAttr>(attr);
    unsigned count = arg.getNumOperands();
    if (offset + count > operands.size())
      break; // Malformed: the verifier reports it.
    for (OpOperand &operand : operands.slice(offset, count)) {
      if (!isa<ng::TensorType>(operand.get().getType()))
        continue;
      if (arg.getMutated()) {
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
        effects.emplace_back(MemoryEffects::Write::get(), &operand);
        writes = true;
      } else if (!viewed.contains(operand.getOperandNumber()) &&
                 isStorageWritten(getStorageRoot(operand.get()))) {
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
      }
    }
    offset += count;
  }

  for (OpResult result : getResults())
    if (isa<ng::TensorType>(result.getType()) && !getAliasSource(result) &&
        isStorageWritten(result))
      effects.emplace_back(MemoryEffects::Allocate::get(), result);

  if ((getNumResults() == 0 && !writes) || isRandomTarget(getTarget()))
    effects.emplace_back(MemoryEffects::Write::get());
}

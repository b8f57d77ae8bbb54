//===- NgCSE.cpp - merge identical pure calls, ignoring wire names --------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/NgOps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

namespace ng {
#define GEN_PASS_DEF_NGCSE
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

/// What a call computes: everything but its names and node metadata.
bool computeSame(CallOp a, CallOp b) {
  return a.getTargetAttr() == b.getTargetAttr() &&
         a.getArgsAttr() == b.getArgsAttr() &&
         a.getOperands() == b.getOperands() &&
         a.getResultTypes() == b.getResultTypes() &&
         a.getOutputGroupsAttr() == b.getOutputGroupsAttr() &&
         a.getAliasOfAttr() == b.getAliasOfAttr();
}

llvm::hash_code computeHash(CallOp call) {
  llvm::hash_code hash =
      llvm::hash_combine(call.getTargetAttr().getAsOpaquePointer(),
                         call.getArgsAttr().getAsOpaquePointer(),
                         call.getOutputGroupsAttr().getAsOpaquePointer(),
                         call.getAliasOfAttr().getAsOpaquePointer());
  for (Value operand : call.getOperands())
    hash = llvm::hash_combine(hash, operand.getAsOpaquePointer());
  for (Type type : call.getResultTypes())
    hash = llvm::hash_combine(hash, type.getAsOpaquePointer());
  return hash;
}

struct NgCSEPass : public ng::impl::NgCSEBase<NgCSEPass> {
  void runOnOperation() override {
    // Each graph (method body or subgraph) is its own scope (N1).
    getOperation()->walk([&](Block *block) {
      if (!isa_and_nonnull<MethodOp, CallOp>(block->getParentOp()))
        return;
      llvm::DenseMap<unsigned, SmallVector<CallOp, 1>> seen;
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        auto call = dyn_cast<CallOp>(op);
        if (!call || !call.getGraphs().empty() || !isMemoryEffectFree(call))
          continue;
        auto &bucket = seen[static_cast<unsigned>(computeHash(call))];
        auto earlier = llvm::find_if(
            bucket, [&](CallOp other) { return computeSame(other, call); });
        if (earlier == bucket.end()) {
          bucket.push_back(call);
          continue;
        }
        call.replaceAllUsesWith(earlier->getResults());
        call.erase();
      }
    });
  }
};

} // namespace

//===- LegalizeDimOrder.cpp - placeholder until issue 6 lands --------------------===//

#include "ng/Transforms/Passes.h"

namespace ng {
#define GEN_PASS_DEF_LEGALIZEDIMORDER
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

namespace {
struct LegalizeDimOrderPass : public ng::impl::LegalizeDimOrderBase<LegalizeDimOrderPass> {
  using LegalizeDimOrderBase::LegalizeDimOrderBase;
  void runOnOperation() override {
    getOperation().emitError() << "--" << getArgument()
                               << " is not implemented yet";
    signalPassFailure();
  }
};
} // namespace

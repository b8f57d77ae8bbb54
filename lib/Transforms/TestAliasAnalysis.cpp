//===- TestAliasAnalysis.cpp - placeholder until issue 5 lands --------------------===//

#include "ng/Transforms/Passes.h"

namespace ng {
#define GEN_PASS_DEF_TESTALIASANALYSIS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

namespace {
struct TestAliasAnalysisPass : public ng::impl::TestAliasAnalysisBase<TestAliasAnalysisPass> {
  void runOnOperation() override {
    getOperation().emitError() << "--" << getArgument()
                               << " is not implemented yet";
    signalPassFailure();
  }
};
} // namespace

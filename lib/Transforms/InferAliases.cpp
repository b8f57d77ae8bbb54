//===- InferAliases.cpp - placeholder until issue 5 lands --------------------===//

#include "ng/Transforms/Passes.h"

namespace ng {
#define GEN_PASS_DEF_INFERALIASES
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

namespace {
struct InferAliasesPass : public ng::impl::InferAliasesBase<InferAliasesPass> {
  void runOnOperation() override {
    getOperation().emitError() << "--" << getArgument()
                               << " is not implemented yet";
    signalPassFailure();
  }
};
} // namespace

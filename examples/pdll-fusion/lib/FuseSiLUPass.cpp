//===- FuseSiLUPass.cpp - the PDLL fusion as an ng pass plugin ------------===//
//
// The patterns are FuseSiLU.pdll's, compiled by mlir-pdll into
// FuseSiLU.h.inc; this file is what is left to write in C++: the headers the
// generated constraints and rewrites use, the pass that hands the patterns to
// MLIR's greedy driver, and the plugin's entry point.
//
// The PDL patterns run in MLIR's PDL bytecode interpreter, which needs the
// pdl and pdl_interp dialects loaded: the pass declares them, as a pass
// declares any dialect it creates ops of.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/CallBuilder.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Config/llvm-config.h"

using namespace mlir;

#include "FuseSiLU.h.inc"

namespace {

struct FuseSiLUPass : public PassWrapper<FuseSiLUPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseSiLUPass)

  StringRef getArgument() const final { return "ng-example-fuse-silu"; }
  StringRef getDescription() const final {
    return "Fuse aten.mul(x, aten.sigmoid(x)) into aten.silu(x) (an example "
           "of a fusion written in PDLL, FuseSiLU.pdll)";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<pdl::PDLDialect, pdl_interp::PDLInterpDialect>();
  }

  /// The PDL patterns are compiled to the interpreter's bytecode once per
  /// pass instance, not once per run.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    populateGeneratedPDLLPatterns(owned);
    patterns = std::move(owned);
    return success();
  }

  void runOnOperation() override {
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

/// The plugin's entry point, which ng-opt's --load-pass-plugin calls.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "NgFuseSiLU", LLVM_VERSION_STRING,
          [] { PassRegistration<FuseSiLUPass>(); }};
}

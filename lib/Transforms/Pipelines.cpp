//===- Pipelines.cpp - the native backend's pipelines ---------------------===//
//
// See include/ng/Transforms/Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Pipelines.h"

#include "ng/Dialect/NgOps.h"
#include "ng/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void ng::buildNativeDefaultPipeline(OpPassManager &pm) {
  OpPassManager &methods = pm.nest<MethodOp>();
  methods.addPass(createCollapseViewCopy());
  methods.addPass(mlir::createCSEPass());
  methods.addPass(createReinplace());
}

void ng::buildPrepareNativePipeline(OpPassManager &pm) {
  // The backend's preprocess step: its assertions go first, so that
  // nothing later keeps a value alive for them; then its fusions, before
  // views replace copies (upstream's order).
  OpPassManager &preprocess = pm.nest<MethodOp>();
  preprocess.addPass(createRemoveRuntimeAsserts());
  preprocess.addPass(createFuseRope());
  // What ng's serializer does while writing (F1-F6), on the whole program.
  pm.addPass(createFoldQ4Weights());
  OpPassManager &methods = pm.nest<MethodOp>();
  methods.addPass(createLegalizeDimOrder());
  methods.addPass(createReplaceCopyWithAlias());
  buildNativeDefaultPipeline(pm);
  // What the steps before left unread.
  pm.addPass(createPruneConstants());
}

void ng::registerNativePipelines() {
  PassPipelineRegistration<>(
      "ng-native-default",
      "The native backend's default passes, in its order: "
      "ng.method(ng-collapse-view-copy, cse, ng-reinplace) "
      "(docs/NativePasses.md)",
      buildNativeDefaultPipeline);
  PassPipelineRegistration<>(
      "ng-prepare-native",
      "Prepare a program for the native runtime: "
      "ng.method(ng-remove-runtime-asserts, ng-fuse-rope), "
      "ng-fold-q4-weights, "
      "ng.method(ng-legalize-dim-order, ng-replace-copy-with-alias), "
      "ng-native-default, ng-prune-constants (docs/NativePasses.md)",
      buildPrepareNativePipeline);
}

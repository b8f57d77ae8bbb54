//===- Pipelines.h - the native backend's pipelines -------------*- C++ -*-===//
//
// ExecuTorch's native backend runs its own passes before it serializes a
// graph (backends/native/passes); ng has them as passes over ng IR
// (docs/NativePasses.md) and these pipelines, in upstream's order:
//
//   ng-native-default   ng.method(ng-collapse-view-copy, cse, ng-reinplace)
//   ng-prepare-native   ng.method(ng-remove-runtime-asserts),
//                       ng-fold-q4-weights,
//                       ng.method(ng-legalize-dim-order,
//                                 ng-replace-copy-with-alias),
//                       ng-native-default,
//                       ng-prune-constants
//
// Each builder adds its passes to a pass manager on the module; a tool of
// its own uses them as it would any pass.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TRANSFORMS_PIPELINES_H
#define NG_TRANSFORMS_PIPELINES_H

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace ng {

/// The native backend's default passes (its `default_passes`): collapse
/// view_copy chains, CSE, reinplace. `pm` runs on the module.
void buildNativeDefaultPipeline(mlir::OpPassManager &pm);

/// What the backend does to a graph before it serializes it: its preprocess
/// step and its default passes, with the q4 fold and dim-order
/// legalization ng's serializer needs, then the constants nothing reads
/// pruned. `pm` runs on the module.
void buildPrepareNativePipeline(mlir::OpPassManager &pm);

/// Registers both as `--ng-native-default` and `--ng-prepare-native`.
void registerNativePipelines();

} // namespace ng

#endif // NG_TRANSFORMS_PIPELINES_H

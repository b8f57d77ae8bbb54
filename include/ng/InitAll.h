//===- InitAll.h - register everything ng provides --------------*- C++ -*-===//
//
// One place that registers every ng dialect, pass and translation, so the
// tools (and embedders) stay in sync.
//
//===----------------------------------------------------------------------===//

#ifndef NG_INITALL_H
#define NG_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ng {

/// Add the ng dialect and the upstream dialects ng IR can meet.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Register ng's passes (and the upstream ones ng-opt exposes).
void registerAllPasses();

/// Register --from-native-graph, --to-native-graph and the pictures
/// (--to-dot, --to-model-explorer).
void registerAllTranslations();

} // namespace ng

#endif // NG_INITALL_H

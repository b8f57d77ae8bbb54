//===- TranslateRegistration.h - ng-translate entry points ------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H
#define NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

namespace ng {
/// Register --from-native-graph and --to-native-graph with mlir-translate's
/// registry.
void registerNativeGraphTranslations();
} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

//===- TranslateRegistration.h - ng-translate entry points ------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H
#define NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

#include "llvm/ADT/StringRef.h"

namespace ng {
/// Register --from-native-graph and --to-native-graph with mlir-translate's
/// registry.
void registerNativeGraphTranslations();

/// Tell the export where the tool's output finally goes (-o): an `.ptn`
/// target gets a package, an `.nptg` target its constants beside it.
void setTranslateOutputPath(llvm::StringRef path);
} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

//===- TranslateRegistration.h - ng-translate entry points ------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H
#define NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

#include "ng/Tools/InputFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>

namespace ng {
class OutputFiles;

/// Register --from-native-graph and --to-native-graph with mlir-translate's
/// registry.
void registerNativeGraphTranslations();

/// Give the translations the tool's outputs (null: none), its -o opened
/// first: an `.ptn` target gets a package, an `.nptg` target its constants
/// beside it, added to `outputs` to be committed together with the program.
void setTranslateOutputs(OutputFiles *outputs);

/// What translation `translation` (a registered name, "from-native-graph")
/// reads; nullopt for a translation that is not ng's.
std::optional<InputFormat> translationInput(llvm::StringRef translation);

/// A translation with the tool's other options.
struct TranslateUsage {
  llvm::StringRef translation;
  llvm::StringRef outputPath;
  bool splitInput = false;
  bool verifyDiagnostics = false;
};

/// Report a combination of options that cannot work ("--emit-bytecode
/// goes with --from-native-graph") and fail: before any input is read.
llvm::LogicalResult checkTranslateUsage(const TranslateUsage &usage);
} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_TRANSLATEREGISTRATION_H

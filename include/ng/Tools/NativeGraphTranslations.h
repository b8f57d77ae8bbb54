//===- NativeGraphTranslations.h - ng-translate's translations --*- C++ -*-===//
//
// --from-native-graph and --to-native-graph as ng-translate runs them: the
// translation library's API (ng/Target/NativeGraph/Import.h, Export.h) with
// the tool's options and policy around it (docs/Tools.md): threads only for
// inputs large enough to pay for them, the verifier on a second thread
// beside the printer or the export, the outputs written to temporaries and
// committed together (ng/Support/OutputFiles.h).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_NATIVEGRAPHTRANSLATIONS_H
#define NG_TOOLS_NATIVEGRAPHTRANSLATIONS_H

#include "ng/Tools/InputFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>

namespace ng {
class OutputFiles;

/// Register --from-native-graph and --to-native-graph with mlir-translate's
/// registry, and the tool options they read (--constants, --emit-bytecode,
/// --ng-container, the hidden --always-thread).
void registerNativeGraphTranslations();

/// Give the translations the tool's outputs (null: none), its -o opened
/// first: an `.nptg` export adds its constants to them, to be committed
/// together with the program; `-o`'s path picks the container
/// (--ng-container=auto). Without outputs (another driver), an export
/// commits its constants itself and writes a program.
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

#endif // NG_TOOLS_NATIVEGRAPHTRANSLATIONS_H

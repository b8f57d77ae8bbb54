//===- TranslateMain.h - ng-translate's driver ------------------*- C++ -*-===//
//
// ng-translate is mlir-translate's driver with ng's input and output
// handling (docs/Tools.md): the options of mlirTranslateMain, which cannot
// be used itself because it opens the input and output on its own terms.
// The input is identified by its first bytes and mapped (read, up to
// --max-input-size, when it cannot be); text IR is checked for nesting the
// parser could not take; usage errors come before any input is read. The
// outputs (-o, and an export's constants) are written to temporaries and
// committed together only when the translation succeeded, so a failed run
// leaves no partial or clobbered file; devices and FIFOs are written in
// place.
//
// The driver (tools/ng-translate) registers the translations, as a driver
// of mlirTranslateMain does, and calls translateMain.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_TRANSLATEMAIN_H
#define NG_TOOLS_TRANSLATEMAIN_H

#include "llvm/Support/LogicalResult.h"

namespace ng {

/// Register ng's translations with mlir-translate's registry, with the
/// options they read: --from-native-graph and --to-native-graph
/// (ng/Tools/NativeGraphTranslations.h), --to-dot and --to-model-explorer
/// (ng/Tools/VisualTranslations.h).
void registerAllTranslations();

/// Run ng-translate on the command line `argv`, with the translations
/// registered before the call (one per run). Sets up LLVM (llvm::InitLLVM)
/// and parses the command line itself, so it is called once, from main:
///
///   return llvm::failed(ng::translateMain(argc, argv)) ? 1 : 0;
llvm::LogicalResult translateMain(int argc, char **argv);

} // namespace ng

#endif // NG_TOOLS_TRANSLATEMAIN_H

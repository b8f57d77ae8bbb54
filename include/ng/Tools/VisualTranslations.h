//===- VisualTranslations.h - ng-translate's pictures -----------*- C++ -*-===//
//
// --to-dot and --to-model-explorer as ng-translate runs them
// (docs/Visualize.md): the input is a program in any form ng reads (.nptg,
// .ptn, MLIR text or bytecode), the output a picture of it
// (ng/Target/Visual/Visual.h), with the options that shape it (--layers,
// --layer-prefix, --node-range).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_VISUALTRANSLATIONS_H
#define NG_TOOLS_VISUALTRANSLATIONS_H

#include "ng/Tools/InputFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>

namespace ng {

/// Register --to-dot and --to-model-explorer with mlir-translate's registry,
/// and their options.
void registerVisualTranslations();

/// What translation `translation` (a registered name, "to-dot") reads;
/// nullopt for a translation that is not a picture.
std::optional<InputFormat> visualTranslationInput(llvm::StringRef translation);

/// Report options that cannot go with `translation` (--layers without a
/// picture, --emit-bytecode with one, a --node-range that is no range) and
/// fail: before any input is read.
llvm::LogicalResult checkVisualUsage(llvm::StringRef translation);

} // namespace ng

#endif // NG_TOOLS_VISUALTRANSLATIONS_H

//===- TextNesting.h - bound the nesting of text IR -------------*- C++ -*-===//
//
// MLIR's text parser recurses once per nested region, attribute, type and
// bracket, on the thread's stack: a few thousand levels of `module {`, of
// `ng.call` regions or of `[` overflow 8 MiB. The tools therefore scan text
// IR once, linearly, before they parse it, and reject brackets nested deeper
// than kMaxTextNesting (docs/Tools.md, "Input files").
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_TEXTNESTING_H
#define NG_TOOLS_TEXTNESTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstddef>
#include <optional>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace ng {

/// The deepest bracket nesting the tools parse. A program at the importer's
/// limit of 64 subgraph levels (W9) prints about 135 levels deep; MLIR's
/// parser overflows an 8 MiB stack at about 3500 (nested modules), and at
/// 256 it uses well under 1 MiB.
constexpr unsigned kMaxTextNesting = 256;

/// The offset of the first bracket in MLIR text `text` that opens level
/// `maxDepth + 1`, if there is one. Brackets are `(`, `[`, `{` and `<` with
/// their closers, as MLIR's lexer sees them: not in comments or string
/// literals, and not the `>` of `->` or `>=`.
std::optional<size_t> findNestingBeyond(llvm::StringRef text,
                                        unsigned maxDepth = kMaxTextNesting);

/// Fail, with an error at the bracket (printed as MLIR prints a parse
/// error), when text IR `buffer` nests deeper than kMaxTextNesting.
llvm::LogicalResult checkTextNesting(const llvm::MemoryBuffer &buffer);

} // namespace ng

#endif // NG_TOOLS_TEXTNESTING_H

//===- TextNesting.h - bound the nesting of text IR -------------*- C++ -*-===//
//
// MLIR's text parser recurses once per nested region, attribute, type and
// bracket, on the thread's stack: a few thousand levels of `module {`, of
// `ng.call` regions or of `[` overflow 8 MiB. The tools therefore scan text
// IR once, linearly, before they parse it, and reject brackets nested deeper
// than kMaxTextNesting (docs/Tools.md, "Input files"), and the two inputs
// found by fuzzing that crash MLIR's reader of file metadata
// (findParserHazard).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_TEXTNESTING_H
#define NG_TOOLS_TEXTNESTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace ng {

/// The deepest bracket nesting the tools parse. A program at the importer's
/// limit of 64 subgraph levels (W9) prints about 135 levels deep; MLIR's
/// parser overflows an 8 MiB stack at about 3500 (nested modules), and at
/// 256 it uses well under 1 MiB.
constexpr unsigned kMaxTextNesting = 256;

/// The largest alignment a resource blob in text IR may ask for (its first
/// four bytes). MLIR's parser allocates each blob with its alignment: 2 GiB
/// for 0x80000000. MLIR writes an element type's alignment (at most 16);
/// 64 KiB leaves room for any.
constexpr uint64_t kMaxBlobAlignment = 1u << 16;

/// The offset of the first bracket in MLIR text `text` that opens level
/// `maxDepth + 1`, if there is one. Brackets are `(`, `[`, `{` and `<` with
/// their closers, as MLIR's lexer sees them: not in comments or string
/// literals, and not the `>` of `->` or `>=`.
std::optional<size_t> findNestingBeyond(llvm::StringRef text,
                                        unsigned maxDepth = kMaxTextNesting);

/// Something in MLIR text that MLIR's own parser (22) cannot survive.
struct TextHazard {
  size_t offset; ///< where, in the text
  std::string reason;
};

/// The first hazard in `text`, if any: brackets nested deeper than
/// kMaxTextNesting; a string literal still open at the end of the text
/// (after reporting it, the lexer of a file metadata section reads past the
/// end of its buffer); a resource blob in a file metadata section whose
/// alignment (its first four bytes) is 0 with data (the parser allocates it
/// with alignment 0 and dies "out of memory"), not a power of two, or above
/// kMaxBlobAlignment (the parser allocates that much).
std::optional<TextHazard> findParserHazard(llvm::StringRef text);

/// Fail, with an error at the hazard (printed as MLIR prints a parse
/// error), when text IR `buffer` has one (findParserHazard).
llvm::LogicalResult checkTextBeforeParsing(const llvm::MemoryBuffer &buffer);

} // namespace ng

#endif // NG_TOOLS_TEXTNESTING_H

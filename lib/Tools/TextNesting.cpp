//===- TextNesting.cpp - bound the nesting of text IR ---------------------===//

#include "ng/Tools/TextNesting.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char *find(const char *p, const char *end, char c) {
  const void *found = std::memchr(p, c, end - p);
  return found ? static_cast<const char *>(found) : end;
}

/// The end of the string literal whose opening quote is just before `p`:
/// past its closing quote, or past the end of its line (MLIR's lexer
/// rejects a string broken by a newline, so nothing after it is parsed).
/// Long literals (the hex of constants) are skipped at memchr's speed.
static const char *skipString(const char *p, const char *end) {
  for (;;) {
    const char *quote = find(p, end, '"');
    const char *newline = find(p, quote, '\n');
    if (newline != quote)
      return newline + 1;
    if (quote == end)
      return end;
    // Escaped by an odd number of backslashes, the quote does not close.
    size_t backslashes = 0;
    while (quote - backslashes > p && *(quote - backslashes - 1) == '\\')
      ++backslashes;
    if (backslashes % 2 == 0)
      return quote + 1;
    p = quote + 1;
  }
}

namespace {
/// The bytes the nesting scan looks at: brackets, and what starts a string
/// literal, a comment, `->` or `>=`. Text IR is mostly names, types and
/// numbers; the scan skips runs of other bytes through this table (a
/// switch per byte cost ~12 instructions a byte, 6.5% of an export).
struct StopBytes {
  bool stops[256] = {};
  constexpr StopBytes() {
    for (char c : {'"', '/', '-', '>', '<', '(', ')', '[', ']', '{', '}'})
      stops[static_cast<unsigned char>(c)] = true;
  }
  constexpr bool operator()(char c) const {
    return stops[static_cast<unsigned char>(c)];
  }
};
constexpr StopBytes kStopBytes;

/// What one pass over text IR finds (scanText).
struct TextScan {
  /// The bracket that opens level maxDepth + 1.
  std::optional<size_t> tooDeep;
  /// Where the first file metadata section (`{-#`) starts.
  std::optional<size_t> metadata;
};
} // namespace

/// The first byte at or after `p` that the nesting scan looks at, byte by
/// byte through the table.
static const char *nextStopByByte(const char *p, const char *end) {
  while (end - p >= 4) {
    if (kStopBytes(p[0]))
      return p;
    if (kStopBytes(p[1]))
      return p + 1;
    if (kStopBytes(p[2]))
      return p + 2;
    if (kStopBytes(p[3]))
      return p + 3;
    p += 4;
  }
  while (p < end && !kStopBytes(*p))
    ++p;
  return p;
}

#if defined(__SSE2__)
/// What nextStop's compares match, one byte at a time.
constexpr bool isStopByPairs(unsigned char c) {
  return c == '"' || (c | 0x01) == ')' || (c | 0x02) == '/' ||
         (c | 0x02) == '>' || (c | 0x20) == '{' || (c | 0x20) == '}';
}
constexpr bool pairsMatchStopBytes() {
  for (unsigned c = 0; c < 256; ++c)
    if (isStopByPairs(c) != kStopBytes(static_cast<char>(c)))
      return false;
  return true;
}
static_assert(pairsMatchStopBytes(),
              "nextStop's compares must find exactly kStopBytes");

/// The first stop at or after `p`, sixteen bytes at a time: a stop comes
/// every ~27 bytes of a decoder's text, and byte by byte the scan took 3%
/// of a text export (93M instructions at 100k nodes, now 66M; keeping each
/// block's mask for the stops after its first measured slower). Pairs of
/// stops one bit apart take one compare with that bit set: `(` `)`, `-`
/// `/`, `<` `>`, and `[` `{`, `]` `}` (0x20 apart).
static const char *nextStop(const char *p, const char *end) {
  auto is = [](__m128i v, char c) {
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
  };
  for (; end - p >= 16; p += 16) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    __m128i withBit0 = _mm_or_si128(bytes, _mm_set1_epi8(0x01));
    __m128i withBit1 = _mm_or_si128(bytes, _mm_set1_epi8(0x02));
    __m128i withBit5 = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
    __m128i hits = _mm_or_si128(
        _mm_or_si128(is(bytes, '"'), is(withBit0, ')')),
        _mm_or_si128(_mm_or_si128(is(withBit1, '/'), is(withBit1, '>')),
                     _mm_or_si128(is(withBit5, '{'), is(withBit5, '}'))));
    if (unsigned mask = _mm_movemask_epi8(hits))
      return p + llvm::countr_zero(mask);
  }
  return nextStopByByte(p, end);
}
#else
static const char *nextStop(const char *p, const char *end) {
  return nextStopByByte(p, end);
}
#endif

/// Brackets as MLIR's lexer sees them (not in comments or string literals,
/// and not the `>` of `->` or `>=`), up to the first one beyond `maxDepth`;
/// and where the first file metadata section starts, if it comes before
/// that.
static TextScan scanText(llvm::StringRef text, unsigned maxDepth) {
  const char *begin = text.data(), *end = begin + text.size();
  TextScan scan;
  unsigned depth = 0;
  for (const char *p = nextStop(begin, end); p < end; p = nextStop(p, end)) {
    switch (*p++) {
    case '"':
      p = skipString(p, end);
      break;
    case '/':
      if (p < end && *p == '/') {
        const void *newline = std::memchr(p, '\n', end - p);
        p = newline ? static_cast<const char *>(newline) + 1 : end;
      }
      break;
    case '-': // `->` is an arrow, not a closing bracket
      if (p < end && *p == '>')
        ++p;
      break;
    case '>':
      if (p < end && *p == '=') { // `>=` compares (affine sets)
        ++p;
        break;
      }
      if (depth)
        --depth;
      break;
    case ')':
    case ']':
    case '}':
      // Unbalanced closers are the parser's to report; the count stays a
      // bound on the depth it reaches.
      if (depth)
        --depth;
      break;
    case '{':
      if (!scan.metadata && end - p >= 2 && p[0] == '-' && p[1] == '#')
        scan.metadata = static_cast<size_t>(p - 1 - begin);
      [[fallthrough]];
    case '(':
    case '[':
    case '<':
      if (++depth > maxDepth) {
        scan.tooDeep = static_cast<size_t>(p - 1 - begin);
        return scan;
      }
      break;
    default:
      break;
    }
  }
  return scan;
}

std::optional<size_t> ng::findNestingBeyond(llvm::StringRef text,
                                            unsigned maxDepth) {
  return scanText(text, maxDepth).tooDeep;
}

/// Where a string literal still open at the end of `text` starts, if one
/// is: a string cannot span lines, so only the last line can hold one.
static std::optional<size_t> findStringOpenAtEnd(llvm::StringRef text) {
  size_t lineStart = text.rfind('\n') + 1; // npos + 1 == 0
  llvm::StringRef line = text.drop_front(lineStart);
  std::optional<size_t> open;
  for (size_t i = 0; i < line.size(); ++i) {
    if (open && line[i] == '\\')
      ++i; // the escaped character
    else if (line[i] == '"')
      open = open ? std::nullopt : std::optional<size_t>(lineStart + i);
    else if (!open && line.substr(i).starts_with("//"))
      break;
  }
  return open;
}

/// A hex blob in the file metadata sections of `text` (`{-#
/// dialect_resources: {...} #-}`), the first of which starts at `metadata`,
/// whose alignment (its first four bytes, little endian) MLIR's
/// parser cannot allocate with: 0 with data (it dies), not a power of two,
/// or above ng::kMaxBlobAlignment (it allocates that much: 2 GiB for
/// 0x80000000). Where it starts, and the alignment.
static std::optional<std::pair<size_t, uint64_t>>
findUnallocatableBlob(llvm::StringRef text, size_t metadata) {
  constexpr llvm::StringLiteral kHexStart = "\"0x";
  for (size_t at = text.find(kHexStart, metadata); at != llvm::StringRef::npos;
       at = text.find(kHexStart, at + 1)) {
    llvm::StringRef digits = text.drop_front(at + kHexStart.size());
    if (digits.size() < 8 ||
        !llvm::all_of(digits.take_front(8), llvm::isHexDigit))
      continue; // not a blob MLIR reads an alignment from
    uint64_t alignment = 0;
    for (unsigned byte = 0; byte < 4; ++byte)
      alignment |=
          uint64_t(llvm::hexFromNibbles(digits[2 * byte], digits[2 * byte + 1]))
          << (8 * byte);
    bool hasData = digits.size() > 8 && llvm::isHexDigit(digits[8]);
    if ((alignment == 0 && hasData) ||
        (alignment != 0 && (!llvm::isPowerOf2_64(alignment) ||
                            alignment > ng::kMaxBlobAlignment)))
      return std::make_pair(at, alignment);
  }
  return std::nullopt;
}

std::optional<ng::TextHazard> ng::findParserHazard(llvm::StringRef text) {
  TextScan scan = scanText(text, kMaxTextNesting);
  if (std::optional<size_t> offset = scan.tooDeep)
    return TextHazard{
        *offset, ("brackets nested more than " + llvm::Twine(kMaxTextNesting) +
                  " levels deep: ng's tools do not parse text IR this "
                  "deep (MLIR's parser recurses on each level and could "
                  "overflow its stack)")
                     .str()};
  if (std::optional<size_t> offset = findStringOpenAtEnd(text))
    return TextHazard{*offset, "a string literal is not closed before the end "
                               "of the input"};
  if (std::optional<std::pair<size_t, uint64_t>> blob =
          scan.metadata ? findUnallocatableBlob(text, *scan.metadata)
                        : std::nullopt)
    return TextHazard{
        blob->first,
        ("a resource blob with an alignment of " + llvm::Twine(blob->second) +
         " (its first four bytes): ng's tools do not hand it to MLIR's "
         "parser, which cannot allocate it (alignments are powers of two up "
         "to " +
         llvm::Twine(ng::kMaxBlobAlignment) + ")")
            .str()};
  return std::nullopt;
}

llvm::LogicalResult
ng::checkTextBeforeParsing(const llvm::MemoryBuffer &buffer) {
  std::optional<TextHazard> hazard = findParserHazard(buffer.getBuffer());
  if (!hazard)
    return llvm::success();
  size_t offset = hazard->offset;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer.getBufferStart() + offset));
  llvm::WithColor::error(llvm::errs(),
                         (buffer.getBufferIdentifier() + ":" +
                          llvm::Twine(line) + ":" + llvm::Twine(column))
                             .str())
      << hazard->reason << "\n";
  // The line up to the hazard; of a long line (minified text, such deep
  // nesting is rarely written by hand) only its last 80 characters.
  llvm::StringRef before = buffer.getBuffer().take_front(offset);
  size_t lineStart = before.rfind('\n') + 1; // npos + 1 == 0
  llvm::StringRef shown = before.drop_front(lineStart).take_back(80);
  llvm::errs() << shown << buffer.getBuffer()[offset] << "\n"
               << std::string(shown.size(), ' ') << "^\n";
  return llvm::failure();
}

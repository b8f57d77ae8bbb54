//===- ToolsTest.cpp - the tools' input identification and nesting scan ---===//
//
// ng/Tools pieces that decide on bytes: what a file is from its first
// bytes, how deep text IR nests as MLIR's lexer sees it, and the line index
// the tools build for SourceMgr. (Their use by
// the tools is tested in test/Tools.)
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/InputFile.h"
#include "ng/Tools/SourceLines.h"
#include "ng/Tools/TextNesting.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <string>
#include <utility>
#include <vector>

using namespace ng;
using llvm::StringRef;

namespace {

TEST(IdentifyFile, Flatbuffers) {
  EXPECT_EQ(identifyFile(StringRef("\x14\0\0\0NPTG\0\0", 10)),
            FileKind::NativeGraph);
  EXPECT_EQ(identifyFile(StringRef("\x10\0\0\0ET12\0\0", 10)),
            FileKind::ExecuTorchProgram);
  // Another identifier, or too short to have one.
  EXPECT_EQ(identifyFile(StringRef("\x10\0\0\0TFL3\0\0", 10)),
            FileKind::Unknown);
  EXPECT_EQ(identifyFile(StringRef("\0\0\0\0NPT", 7)), FileKind::Unknown);
  EXPECT_EQ(identifyFile(StringRef("\0\0\0\0\0\0\0\0", 8)), FileKind::Unknown);
}

TEST(IdentifyFile, ZipAndBytecode) {
  EXPECT_EQ(identifyFile("PK\x03\x04\x14"), FileKind::Package);
  // A zip without members is only its end record.
  EXPECT_EQ(identifyFile("PK\x05\x06"), FileKind::Package);
  EXPECT_EQ(identifyFile(StringRef("ML\xefR\x06\0", 6)),
            FileKind::MlirBytecode);
}

TEST(IdentifyFile, Text) {
  EXPECT_EQ(identifyFile(""), FileKind::Empty);
  EXPECT_EQ(identifyFile("module {}\n"), FileKind::MlirText);
  EXPECT_EQ(identifyFile("  \n\t"), FileKind::MlirText);
  // Text whose bytes 4..8 spell an identifier is still text.
  EXPECT_EQ(identifyFile("//  NPTG round trip\n"), FileKind::MlirText);
  EXPECT_EQ(identifyFile("// caf\xc3\xa9\n"), FileKind::MlirText);
  EXPECT_EQ(identifyFile("{-#\n  dialect_resources: {"), FileKind::MlirText);
  EXPECT_EQ(identifyFile("{\"version\": \"1.0\""), FileKind::Json);
  EXPECT_EQ(identifyFile("\n  {\n"), FileKind::Json);
  // A control character is not text.
  EXPECT_EQ(identifyFile("module \x01{}"), FileKind::Unknown);
}

std::optional<size_t> deeperThan(StringRef text, unsigned depth) {
  return findNestingBeyond(text, depth);
}

TEST(TextNesting, CountsEveryBracket) {
  EXPECT_EQ(deeperThan("([{<>}])", 4), std::nullopt);
  EXPECT_EQ(deeperThan("([{<>}])", 3), 3u);
  // Closed brackets free their level.
  EXPECT_EQ(deeperThan("(())(())[[]]", 2), std::nullopt);
  std::string deep = std::string(300, '[') + std::string(300, ']');
  EXPECT_EQ(deeperThan(deep, 256), 256u);
  EXPECT_EQ(deeperThan(deep, 300), std::nullopt);
}

TEST(TextNesting, SkipsWhatIsNoBracket) {
  // Comments, to the end of their line.
  EXPECT_EQ(deeperThan("// ((((\n()", 1), std::nullopt);
  EXPECT_EQ(deeperThan("// ((((\n(())", 1), 9u);
  // String literals, with escaped quotes and backslashes.
  EXPECT_EQ(deeperThan(R"(("(((("))", 1), std::nullopt);
  EXPECT_EQ(deeperThan(R"(("\"((((")", 1), std::nullopt);
  EXPECT_EQ(deeperThan(R"(("\\"(()", 1), 5u);
  // A string broken by a newline ends there (MLIR's lexer rejects it).
  EXPECT_EQ(deeperThan("(\"((\n((", 1), 5u);
  // A quote in a comment opens no string.
  EXPECT_EQ(deeperThan("// \"\n((", 1), 6u);
  // Arrows and `>=` close nothing.
  EXPECT_EQ(deeperThan("<(a) -> (b)>", 2), std::nullopt);
  EXPECT_EQ(deeperThan("<<(d0 >= 0)(((", 4), 13u);
  // A stray closer does not make room for more.
  EXPECT_EQ(deeperThan("))))((", 1), 5u);
}

TEST(TextNesting, FindsBracketsAnywhereInARun) {
  // The scan skips runs of other bytes sixteen (or four) at a time: a
  // bracket at each position of such a step, and in the tail shorter than
  // one, is seen.
  for (size_t prefix = 0; prefix < 40; ++prefix) {
    std::string text = std::string(prefix, 'a') + "((";
    EXPECT_EQ(deeperThan(text, 1), prefix + 1) << text;
    EXPECT_EQ(deeperThan(text + "bcdefgh", 1), prefix + 1) << text;
  }
}

TEST(TextNesting, EveryByteAtEveryPosition) {
  // The sixteen-byte scan matches pairs of brackets with one compare (`(`
  // and `)` differ in bit 0, `[` and `{` in bit 5, ...): each byte value,
  // at each position of a block and of the tail, opens a level exactly
  // when it is an opening bracket, and no other byte hides one after it.
  for (unsigned value = 1; value < 256; ++value) {
    char byte = static_cast<char>(value);
    bool opens = byte == '(' || byte == '[' || byte == '{' || byte == '<';
    if (byte == '"' || byte == '/' || byte == '\n')
      continue; // strings and comments: SkipsWhatIsNoBracket
    for (size_t at = 0; at < 40; ++at) {
      std::string text(48, 'a');
      text[at] = byte;
      EXPECT_EQ(deeperThan(text, 0),
                opens ? std::optional<size_t>(at) : std::nullopt)
          << "byte " << value << " at " << at;
      text[47] = '(';
      EXPECT_EQ(deeperThan(text, 0), opens ? at : 47u)
          << "byte " << value << " at " << at << ", then a bracket";
    }
  }
}

std::optional<size_t> hazardAt(StringRef text) {
  std::optional<TextHazard> hazard = findParserHazard(text);
  return hazard ? std::optional<size_t>(hazard->offset) : std::nullopt;
}

TEST(ParserHazard, BlobAlignmentOnlyInFileMetadata) {
  // Alignment 3 (not a power of two) in a file metadata section.
  std::string text = "module {}\n{-#\n  dialect_resources: { ng: { w: "
                     "\"0x0300000001\" } }\n#-}\n";
  EXPECT_EQ(hazardAt(text), text.find("\"0x"));
  // The same text in a string literal or a comment is no section: MLIR's
  // lexer reads no blob there, so there is nothing to refuse.
  EXPECT_EQ(hazardAt("module attributes {x = \"{-# \\\"0x03000000\"} {}\n"),
            std::nullopt);
  EXPECT_EQ(hazardAt("// {-# \"0x03000000\n\"0x03000000\"\nmodule {}\n"),
            std::nullopt);
  // A blob with a good alignment passes.
  EXPECT_EQ(hazardAt("module {}\n{-#\n  dialect_resources: { ng: { w: "
                     "\"0x0400000001\" } }\n#-}\n"),
            std::nullopt);
}

/// Line and column of every byte of `text` (and of its end), as SourceMgr
/// gives them with its own index or with indexSourceLines'.
static std::vector<std::pair<unsigned, unsigned>>
lineColumns(const std::string &text, bool indexFirst) {
  llvm::SourceMgr sourceMgr;
  unsigned id = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "lines", false), llvm::SMLoc());
  if (indexFirst)
    indexSourceLines(sourceMgr, id);
  std::vector<std::pair<unsigned, unsigned>> result;
  const char *start = sourceMgr.getMemoryBuffer(id)->getBufferStart();
  for (size_t i = 0; i <= text.size(); ++i)
    result.push_back(
        sourceMgr.getLineAndColumn(llvm::SMLoc::getFromPointer(start + i), id));
  return result;
}

TEST(IndexSourceLines, SameLinesAndColumnsAsSourceMgr) {
  // Sizes on each side of the offset widths SourceMgr chooses between (8,
  // 16 and 32 bits), lines of varied length, CRLF, blank lines, and a last
  // line with and without its newline.
  for (size_t size : {0u, 1u, 255u, 256u, 257u, 65535u, 65536u, 70000u}) {
    for (bool endsInNewline : {false, true}) {
      std::string text;
      for (size_t line = 0; text.size() < size; ++line) {
        text.append(line % 7, 'x');
        text += line % 5 == 0 ? "\r\n" : (line % 3 == 0 ? "\n\n" : "\n");
      }
      text.resize(size);
      if (!text.empty())
        text.back() = endsInNewline ? '\n' : 'y';
      EXPECT_EQ(lineColumns(text, /*indexFirst=*/true),
                lineColumns(text, /*indexFirst=*/false))
          << size << " bytes, newline at the end: " << endsInNewline;
    }
  }
}

TEST(IndexSourceLines, KeepsAnIndexAlreadyBuilt) {
  std::string text(1000, 'x');
  text[500] = '\n';
  llvm::SourceMgr sourceMgr;
  unsigned id = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "lines", false), llvm::SMLoc());
  const char *start = sourceMgr.getMemoryBuffer(id)->getBufferStart();
  EXPECT_EQ(sourceMgr.FindLineNumber(llvm::SMLoc::getFromPointer(start + 600)),
            2u);
  const void *built = sourceMgr.getBufferInfo(id).OffsetCache;
  indexSourceLines(sourceMgr, id);
  EXPECT_EQ(sourceMgr.getBufferInfo(id).OffsetCache, built);
}

} // namespace

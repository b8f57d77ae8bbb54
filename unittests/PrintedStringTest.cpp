//===- PrintedStringTest.cpp - the unescaped-string fast path -------------===//
//
// printQuoted writes a string as it is when isPrintedUnescaped says that
// printEscapedString would not change it. The check works eight bytes at a
// time, so it is compared here with llvm::printEscapedString itself, for
// every byte value at every position of strings around the word size.
//
//===----------------------------------------------------------------------===//

#include "../lib/Dialect/ArgumentSyntax.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

namespace {

bool escapingKeeps(llvm::StringRef text) {
  std::string escaped;
  llvm::raw_string_ostream os(escaped);
  llvm::printEscapedString(text, os);
  return escaped == text;
}

TEST(PrintedString, AgreesWithPrintEscapedString) {
  for (size_t length : {1, 7, 8, 9, 15, 16, 17, 31, 45}) {
    for (size_t position = 0; position < length; ++position) {
      for (unsigned byte = 0; byte < 256; ++byte) {
        std::string text(length, 'a');
        text[position] = static_cast<char>(byte);
        EXPECT_EQ(ng::isPrintedUnescaped(text), escapingKeeps(text))
            << "byte " << byte << " at " << position << " of " << length;
      }
    }
  }
}

TEST(PrintedString, TypicalStrings) {
  EXPECT_TRUE(ng::isPrintedUnescaped(""));
  EXPECT_TRUE(ng::isPrintedUnescaped("torch.ops.aten.linear.default"));
  EXPECT_TRUE(ng::isPrintedUnescaped("layers.0.attention.wq.weight"));
  EXPECT_FALSE(ng::isPrintedUnescaped("say \"hi\""));
  EXPECT_FALSE(ng::isPrintedUnescaped("C:\\path"));
  EXPECT_FALSE(ng::isPrintedUnescaped("caf\xc3\xa9 au lait, long enough"));
  EXPECT_FALSE(ng::isPrintedUnescaped("tab\there"));
}

} // namespace

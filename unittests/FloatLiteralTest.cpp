//===- FloatLiteralTest.cpp - exact float literals in ng's custom syntax --===//
//
// FloatArg / FloatListArg values print as MLIR float literals that must read
// back bit-exactly (W8): shortest form, always with a '.', keywords for the
// non-finite values.
//
//===----------------------------------------------------------------------===//

#include "../lib/Dialect/ArgumentSyntax.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

namespace {

std::string print(double value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ng::printDoubleLiteral(os, value);
  return text;
}

TEST(FloatLiteral, KnownSpellings) {
  EXPECT_EQ(print(1.0), "1.0");
  EXPECT_EQ(print(0.1), "0.1");
  EXPECT_EQ(print(1e-05), "1.0e-05");
  EXPECT_EQ(print(-0.0), "-0.0");
  EXPECT_EQ(print(5e-324), "5.0e-324");
  EXPECT_EQ(print(INFINITY), "inf");
  EXPECT_EQ(print(-INFINITY), "-inf");
  EXPECT_EQ(print(std::nan("")), "nan");
  EXPECT_EQ(print(1e300), "1.0e+300");
}

TEST(FloatLiteral, RandomBitsReadBackExactly) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50000; ++i) {
    double value = llvm::bit_cast<double>(rng());
    if (std::isnan(value) || std::isinf(value))
      continue;
    std::string text = print(value);
    // MLIR's lexer needs a '.' to see a float literal.
    ASSERT_NE(text.find('.'), std::string::npos) << text;
    double back = std::strtod(text.c_str(), nullptr);
    ASSERT_EQ(llvm::bit_cast<uint64_t>(back), llvm::bit_cast<uint64_t>(value))
        << text;
  }
}

} // namespace

//===- Q4Packing.cpp - q4 weight layouts ----------------------------------===//

#include "ng/Transforms/Q4Packing.h"

#include "llvm/ADT/StringSwitch.h"

#include <string>

using namespace ng;

std::optional<GgmlBlock> ng::getGgmlBlock(llvm::StringRef ggmlType) {
  std::string lower = ggmlType.lower();
  return llvm::StringSwitch<std::optional<GgmlBlock>>(lower)
      .Case("q4_0", GgmlBlock{32, 18})
      .Case("q4_1", GgmlBlock{32, 20})
      .Case("q5_0", GgmlBlock{32, 22})
      .Case("q5_1", GgmlBlock{32, 24})
      .Case("q8_0", GgmlBlock{32, 34})
      .Case("q2_k", GgmlBlock{256, 84})
      .Case("q3_k", GgmlBlock{256, 110})
      .Case("q4_k", GgmlBlock{256, 144})
      .Case("q5_k", GgmlBlock{256, 176})
      .Case("q6_k", GgmlBlock{256, 210})
      .Case("q8_k", GgmlBlock{256, 292})
      .Default(std::nullopt);
}

bool ng::packSignedInt4(const int8_t *input, uint8_t *output, size_t count) {
  // Branch-free so the compiler vectorizes it: the range check is folded
  // into one accumulated flag, tested once at the end.
  uint8_t outOfRange = 0;
  for (size_t k = 0, e = count / 2; k < e; ++k) {
    uint8_t low = static_cast<uint8_t>(input[2 * k] + 8);
    uint8_t high = static_cast<uint8_t>(input[2 * k + 1] + 8);
    outOfRange |= (low | high) & 0xF0;
    output[k] = static_cast<uint8_t>((high << 4) | low);
  }
  return outOfRange == 0;
}

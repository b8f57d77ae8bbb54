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

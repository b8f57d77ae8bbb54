//===- Q4Packing.h - q4 weight layouts --------------------------*- C++ -*-===//
//
// The byte-level facts behind --ng-fold-q4-weights: GGML block sizes (F6) and
// the signed int4 packing of torchao q4 weights (F5).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TRANSFORMS_Q4PACKING_H
#define NG_TRANSFORMS_Q4PACKING_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ng {

/// Elements and bytes per block of a GGML quantization type (F6).
struct GgmlBlock {
  int64_t elements;
  int64_t bytes;
};

/// The block layout of `ggmlType` ("q4_k", "Q4_K", ...), if known.
std::optional<GgmlBlock> getGgmlBlock(llvm::StringRef ggmlType);

/// Pack `count` signed int4 values stored one per int8 in `input` (count
/// even) into `count / 2` bytes: byte k = ((w[2k+1] + 8) << 4) | (w[2k] + 8),
/// the even element in the low nibble (F5). Returns false, leaving `output`
/// unspecified, if a value lies outside [-8, 7].
bool packSignedInt4(const int8_t *input, uint8_t *output, size_t count);

} // namespace ng

#endif // NG_TRANSFORMS_Q4PACKING_H

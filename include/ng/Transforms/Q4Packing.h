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

// The torchao int4 packing (F5) is ng/Dialect/ConstantData.h's
// packSignedInt4: an `#ng.int4_packing` data entry is packed wherever it is
// read.

} // namespace ng

#endif // NG_TRANSFORMS_Q4PACKING_H

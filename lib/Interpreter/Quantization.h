//===- Quantization.h - q4 weights as ng-run reads them -------------------===//
//
// The decoders behind torchao.dequantize_affine, torchao.dequantize_gguf and
// the packed weights --ng-fold-q4-weights writes (FORMAT.md F1-F6): a
// placeholder with AffineGroup metadata or a PackedQuant codec dequantizes
// when the method binds it, to the values the unfolded program's dequantize
// node computes, bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_INTERPRETER_QUANTIZATION_H
#define NG_LIB_INTERPRETER_QUANTIZATION_H

#include "ng/Interpreter/Tensor.h"

#include "llvm/Support/Error.h"

namespace ng::run {

/// Whether ng-run decodes GGML type `ggmlType` ("q4_k", "Q4_0", ...).
bool canDecodeGgml(llvm::StringRef ggmlType);

/// GGML blocks: `bytes` is (rows, rowBytes) raw; the result is f32 (rows,
/// rowBytes / blockBytes * blockElements) (F6).
llvm::Expected<Tensor> decodeGgml(llvm::StringRef ggmlType,
                                  llvm::ArrayRef<uint8_t> bytes, int64_t rows,
                                  int64_t rowBytes);

/// torchao's affine dequantization: out = (int32(q) - int32(zp)) as
/// `outDType`, times the block's scale, as `outDType`. `blockSize` has
/// `q`'s rank; `scale` and `zeroPoint` hold one value per block (row-major
/// over the block grid).
llvm::Expected<Tensor>
dequantizeAffine(const Tensor &q, llvm::ArrayRef<int64_t> blockSize,
                 const Tensor &scale, const Tensor *zeroPoint, DType outDType);

/// The signed values of a folded q4 weight (F5): `count` elements, two per
/// byte, the even element in the low nibble, value = nibble + quant_min.
llvm::Expected<Tensor> unpackInt4(llvm::ArrayRef<uint8_t> bytes,
                                  llvm::ArrayRef<int64_t> sizes,
                                  int64_t quantMin);

/// The same values from the int8 source of an #ng.int4_packing, one value
/// a byte in [-8, 7], as its packing would give them (nibble = value + 8):
/// what ng-run reads instead of packing the source to unpack it again.
/// The error completes "the source ...".
llvm::Expected<Tensor> int4FromSource(llvm::ArrayRef<int8_t> source,
                                      llvm::ArrayRef<int64_t> sizes,
                                      int64_t quantMin);

} // namespace ng::run

#endif // NG_LIB_INTERPRETER_QUANTIZATION_H

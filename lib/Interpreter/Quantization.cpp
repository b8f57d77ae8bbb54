//===- Quantization.cpp - q4 weights and the dequantize kernels -----------===//
//
// GGML block layouts as ggml-quants.c's dequantize_row_* read them;
// torchao.dequantize_affine as torchao's _dequantize_affine_no_dtype_check
// computes it; the fold's int4 packing as F5 defines it.
//
//===----------------------------------------------------------------------===//

#include "Quantization.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Interpreter/Kernel.h"
#include "ng/Transforms/Q4Packing.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace ng;
using namespace ng::run;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {

float fp16(const uint8_t *p) {
  uint16_t bits;
  std::memcpy(&bits, p, 2);
  return halfToFloat(bits);
}

/// Q4_0 / Q4_1: 32 values, nibbles j and j + 16 share byte j.
void decodeQ4(const uint8_t *block, float *y, bool hasMin) {
  float d = fp16(block), m = hasMin ? fp16(block + 2) : 0.0f;
  const uint8_t *qs = block + (hasMin ? 4 : 2);
  for (int j = 0; j < 16; ++j) {
    int lo = qs[j] & 0x0f, hi = qs[j] >> 4;
    y[j] = hasMin ? lo * d + m : (lo - 8) * d;
    y[j + 16] = hasMin ? hi * d + m : (hi - 8) * d;
  }
}

/// Q5_0 / Q5_1: the fifth bits in a 32-bit qh.
void decodeQ5(const uint8_t *block, float *y, bool hasMin) {
  float d = fp16(block), m = hasMin ? fp16(block + 2) : 0.0f;
  const uint8_t *p = block + (hasMin ? 4 : 2);
  uint32_t qh;
  std::memcpy(&qh, p, 4);
  const uint8_t *qs = p + 4;
  for (int j = 0; j < 16; ++j) {
    int xh0 = ((qh >> j) << 4) & 0x10, xh1 = (qh >> (j + 12)) & 0x10;
    int x0 = (qs[j] & 0x0f) | xh0, x1 = (qs[j] >> 4) | xh1;
    y[j] = hasMin ? x0 * d + m : (x0 - 16) * d;
    y[j + 16] = hasMin ? x1 * d + m : (x1 - 16) * d;
  }
}

void decodeQ8_0(const uint8_t *block, float *y) {
  float d = fp16(block);
  for (int j = 0; j < 32; ++j)
    y[j] = static_cast<int8_t>(block[2 + j]) * d;
}

void scaleMinK4(int j, const uint8_t *q, uint8_t &d, uint8_t &m) {
  if (j < 4) {
    d = q[j] & 63;
    m = q[j + 4] & 63;
  } else {
    d = (q[j + 4] & 0x0f) | ((q[j - 4] >> 6) << 4);
    m = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
  }
}

void decodeQ4K(const uint8_t *block, float *y) {
  float d = fp16(block), dmin = fp16(block + 2);
  const uint8_t *scales = block + 4, *q = block + 16;
  int is = 0;
  for (int j = 0; j < 256; j += 64) {
    uint8_t sc, m;
    scaleMinK4(is, scales, sc, m);
    float d1 = d * sc, m1 = dmin * m;
    scaleMinK4(is + 1, scales, sc, m);
    float d2 = d * sc, m2 = dmin * m;
    for (int l = 0; l < 32; ++l)
      *y++ = d1 * (q[l] & 0x0f) - m1;
    for (int l = 0; l < 32; ++l)
      *y++ = d2 * (q[l] >> 4) - m2;
    q += 32;
    is += 2;
  }
}

void decodeQ6K(const uint8_t *block, float *y) {
  const uint8_t *ql = block, *qh = block + 128;
  const int8_t *sc = reinterpret_cast<const int8_t *>(block + 192);
  float d = fp16(block + 208);
  for (int n = 0; n < 256; n += 128) {
    for (int l = 0; l < 32; ++l) {
      int is = l / 16;
      int q1 = ((ql[l] & 0x0f) | (((qh[l] >> 0) & 3) << 4)) - 32;
      int q2 = ((ql[l + 32] & 0x0f) | (((qh[l] >> 2) & 3) << 4)) - 32;
      int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
      int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
      y[l] = d * sc[is] * q1;
      y[l + 32] = d * sc[is + 2] * q2;
      y[l + 64] = d * sc[is + 4] * q3;
      y[l + 96] = d * sc[is + 6] * q4;
    }
    y += 128;
    ql += 64;
    qh += 32;
    sc += 8;
  }
}

void decodeQ8K(const uint8_t *block, float *y) {
  float d;
  std::memcpy(&d, block, 4);
  for (int j = 0; j < 256; ++j)
    y[j] = d * static_cast<int8_t>(block[4 + j]);
}

using BlockDecoder = void (*)(const uint8_t *, float *);

BlockDecoder getDecoder(llvm::StringRef type) {
  std::string lower = type.lower();
  if (lower == "q4_0")
    return [](const uint8_t *b, float *y) { decodeQ4(b, y, false); };
  if (lower == "q4_1")
    return [](const uint8_t *b, float *y) { decodeQ4(b, y, true); };
  if (lower == "q5_0")
    return [](const uint8_t *b, float *y) { decodeQ5(b, y, false); };
  if (lower == "q5_1")
    return [](const uint8_t *b, float *y) { decodeQ5(b, y, true); };
  if (lower == "q8_0")
    return decodeQ8_0;
  if (lower == "q4_k")
    return decodeQ4K;
  if (lower == "q6_k")
    return decodeQ6K;
  if (lower == "q8_k")
    return decodeQ8K;
  return nullptr;
}

} // namespace

bool run::canDecodeGgml(llvm::StringRef ggmlType) {
  return getDecoder(ggmlType) && getGgmlBlock(ggmlType);
}

llvm::Expected<Tensor> run::decodeGgml(llvm::StringRef ggmlType,
                                       llvm::ArrayRef<uint8_t> bytes,
                                       int64_t rows, int64_t rowBytes) {
  BlockDecoder decode = getDecoder(ggmlType);
  std::optional<GgmlBlock> block = getGgmlBlock(ggmlType);
  if (!decode || !block)
    return makeError("ng-run has no decoder for GGML type '" + ggmlType + "'");
  if (rows < 0 || rowBytes <= 0 || rowBytes % block->bytes ||
      static_cast<uint64_t>(rows) * rowBytes != bytes.size())
    return makeError(llvm::Twine(bytes.size()) + " bytes are not " +
                     llvm::Twine(rows) + " rows of whole " + ggmlType +
                     " blocks (" + llvm::Twine(block->bytes) +
                     " bytes each, F6)");
  int64_t blocksPerRow = rowBytes / block->bytes;
  int64_t columns = blocksPerRow * block->elements;
  Tensor result = Tensor::alloc(DType::F32, {rows, columns});
  float *y = reinterpret_cast<float *>(result.getStorage()->bytes.data());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t b = 0; b < blocksPerRow; ++b)
      decode(bytes.data() + r * rowBytes + b * block->bytes,
             y + r * columns + b * block->elements);
  return result;
}

llvm::Expected<Tensor> run::dequantizeAffine(const Tensor &q,
                                             llvm::ArrayRef<int64_t> blockSize,
                                             const Tensor &scale,
                                             const Tensor *zeroPoint,
                                             DType outDType) {
  if (!isFloatDType(outDType))
    return makeError("the output dtype must be a float type");
  int64_t rank = q.getRank();
  if (static_cast<int64_t>(blockSize.size()) != rank)
    return makeError("block_size " + formatShape(blockSize) +
                     " does not have the input's rank " + llvm::Twine(rank));
  Shape grid(rank);
  for (int64_t d = 0; d < rank; ++d) {
    if (blockSize[d] <= 0 || q.getSize(d) % blockSize[d])
      return makeError("block_size " + formatShape(blockSize) +
                       " does not tile the input " + formatShape(q.getSizes()));
    grid[d] = q.getSize(d) / blockSize[d];
  }
  int64_t blocks = getNumElements(grid);
  if (scale.getNumElements() != blocks)
    return makeError("'scale' has " + llvm::Twine(scale.getNumElements()) +
                     " values for " + llvm::Twine(blocks) + " blocks");
  if (zeroPoint && zeroPoint->getNumElements() != blocks)
    return makeError("'zero_point' has " +
                     llvm::Twine(zeroPoint->getNumElements()) + " values for " +
                     llvm::Twine(blocks) + " blocks");
  std::vector<int64_t> values = q.readInt();
  std::vector<double> scales = scale.readDouble();
  std::vector<int64_t> zeros;
  if (zeroPoint) {
    // torchao casts the zero point to int32 whatever its dtype.
    for (double z : zeroPoint->readDouble())
      zeros.push_back(static_cast<int32_t>(z));
  }
  bool f64 = outDType == DType::F64 || scale.getDType() == DType::F64;
  Shape strides = getStridesForDimOrder(q.getSizes(), {});
  Shape gridStrides = getStridesForDimOrder(grid, {});
  std::vector<double> out(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    int64_t block = 0;
    for (int64_t d = 0; d < rank; ++d)
      block += ((static_cast<int64_t>(i) / strides[d]) % q.getSize(d)) /
               blockSize[d] * gridStrides[d];
    int64_t diff =
        static_cast<int32_t>(values[i]) - (zeroPoint ? zeros[block] : 0);
    if (f64) {
      out[i] = static_cast<double>(diff) * scales[block];
    } else {
      // (diff as the output dtype) * scale, in f32, as torch computes it
      // for f32, f16 and bf16.
      float rounded = static_cast<float>(diff);
      if (outDType == DType::F16)
        rounded = halfToFloat(floatToHalf(rounded));
      else if (outDType == DType::BF16)
        rounded = bfloat16ToFloat(floatToBFloat16(rounded));
      out[i] = rounded * static_cast<float>(scales[block]);
    }
  }
  Tensor result = Tensor::alloc(outDType, q.getSizes());
  if (f64)
    result.writeDouble(out, true);
  else {
    std::vector<float> single(out.begin(), out.end());
    result.writeFloat(single, true);
  }
  return result;
}

llvm::Expected<Tensor> run::unpackInt4(llvm::ArrayRef<uint8_t> bytes,
                                       llvm::ArrayRef<int64_t> sizes,
                                       int64_t quantMin) {
  int64_t count = getNumElements(sizes);
  if (static_cast<uint64_t>((count + 1) / 2) != bytes.size())
    return makeError(llvm::Twine(bytes.size()) + " bytes do not hold " +
                     llvm::Twine(count) + " int4 values (F5)");
  Tensor result = Tensor::alloc(DType::I32, sizes);
  std::vector<int64_t> values(count);
  for (int64_t i = 0; i < count; ++i) {
    uint8_t byte = bytes[i / 2];
    values[i] = ((i % 2) ? (byte >> 4) : (byte & 0x0f)) + quantMin;
  }
  result.writeInt(values, true);
  return result;
}

llvm::Expected<Tensor> run::int4FromSource(llvm::ArrayRef<int8_t> source,
                                           llvm::ArrayRef<int64_t> sizes,
                                           int64_t quantMin) {
  int64_t count = getNumElements(sizes);
  if (static_cast<uint64_t>(count) != source.size())
    return makeError("has " + llvm::Twine(source.size()) +
                     " values, not the weight's " + llvm::Twine(count) +
                     " (F5)");
  if (!ng::isSignedInt4(source.data(), source.size()))
    return makeError("has values outside [-8, 7] (F5)");
  Tensor result = Tensor::alloc(DType::I32, sizes);
  std::vector<int64_t> values(count);
  for (int64_t i = 0; i < count; ++i)
    values[i] = source[i] + 8 + quantMin;
  result.writeInt(values, true);
  return result;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

namespace {

bool dequantizeAffineKernel(KernelContext &ctx) {
  const Tensor *input = ctx.tensor("input");
  std::vector<int64_t> blockSize =
      input ? ctx.getInts("block_size") : std::vector<int64_t>();
  const Tensor *scale = input ? ctx.tensor("scale") : nullptr;
  std::optional<Tensor> zeroPoint =
      scale ? ctx.optionalTensor("zero_point") : std::nullopt;
  std::optional<DType> inputDType = ctx.getOptionalDType("input_dtype");
  std::optional<DType> outDType = ctx.getOptionalDType("output_dtype");
  if (!scale || ctx.failed())
    return false;
  if (inputDType && *inputDType != input->getDType())
    return ctx.fail("'input' has dtype " + getDTypeName(input->getDType()) +
                    ", but input_dtype says " + getDTypeName(*inputDType));
  if (isFloatDType(input->getDType()))
    return ctx.fail("'input' must hold integers");
  llvm::Expected<Tensor> result = dequantizeAffine(
      *input, blockSize, *scale, zeroPoint ? &*zeroPoint : nullptr,
      outDType.value_or(DType::F32));
  if (!result)
    return ctx.fail(llvm::toString(result.takeError()));
  ctx.setResult(0, *result);
  return true;
}

bool dequantizeGgufKernel(KernelContext &ctx) {
  const Tensor *weight = ctx.tensor("weight");
  std::string type = weight ? ctx.getString("ggml_type") : "";
  std::optional<DType> outDType = ctx.getOptionalDType("output_dtype");
  if (!weight || ctx.failed())
    return false;
  if (weight->getDType() != DType::U8 || weight->getRank() != 2)
    return ctx.fail("'weight' must be 2-D ui8 GGML blocks, not " +
                    getDTypeName(weight->getDType()) +
                    formatShape(weight->getSizes()));
  std::vector<uint8_t> bytes = weight->contiguousBytes();
  llvm::Expected<Tensor> decoded =
      decodeGgml(type, bytes, weight->getSize(0), weight->getSize(1));
  if (!decoded)
    return ctx.fail(llvm::toString(decoded.takeError()));
  DType out = outDType.value_or(DType::F32);
  ctx.setResult(0, out == DType::F32 ? *decoded : decoded->clone(out));
  return true;
}

} // namespace

void run::registerQuantKernels(KernelRegistry &r) {
  r.add("torch.ops.torchao.dequantize_affine.default",
        "input,block_size,scale,zero_point,input_dtype,quant_min,quant_max,"
        "output_dtype",
        dequantizeAffineKernel);
  r.add("torch.ops.torchao.dequantize_gguf.default",
        "weight,ggml_type,output_dtype", dequantizeGgufKernel);
}

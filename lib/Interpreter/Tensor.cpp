//===- Tensor.cpp - ng-run's storage model --------------------------------===//

#include "ng/Interpreter/Tensor.h"

#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>

using namespace ng;
using namespace ng::run;

size_t run::getDTypeSize(DType dtype) {
  switch (dtype) {
  case DType::U8:
  case DType::I8:
  case DType::Bool:
    return 1;
  case DType::I16:
  case DType::F16:
  case DType::BF16:
  case DType::U16:
    return 2;
  case DType::I32:
  case DType::F32:
  case DType::U32:
    return 4;
  case DType::I64:
  case DType::F64:
  case DType::U64:
    return 8;
  }
  return 1;
}

bool run::isFloatDType(DType dtype) {
  return dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F32 ||
         dtype == DType::F64;
}

bool run::isIntegralDType(DType dtype) {
  return !isFloatDType(dtype) && dtype != DType::Bool;
}

llvm::StringRef run::getDTypeName(DType dtype) {
  switch (dtype) {
  case DType::U8:
    return "ui8";
  case DType::I8:
    return "i8";
  case DType::I16:
    return "i16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::F16:
    return "f16";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::Bool:
    return "i1";
  case DType::BF16:
    return "bf16";
  case DType::U16:
    return "ui16";
  case DType::U32:
    return "ui32";
  case DType::U64:
    return "ui64";
  }
  return "?";
}

std::optional<DType> run::getDType(mlir::Type elementType) {
  if (!elementType)
    return std::nullopt;
  std::optional<int8_t> id = getScalarTypeId(elementType);
  if (!id)
    return std::nullopt;
  switch (*id) {
  case 0:
  case 1:
  case 2:
  case 3:
  case 4:
  case 5:
  case 6:
  case 7:
  case 11:
  case 15:
  case 27:
  case 28:
  case 29:
    return static_cast<DType>(*id);
  default:
    return std::nullopt;
  }
}

mlir::Type run::getElementType(mlir::MLIRContext *ctx, DType dtype) {
  return getElementTypeForScalarType(ctx, static_cast<int64_t>(dtype));
}

llvm::StringRef run::getSafetensorsName(DType dtype) {
  switch (dtype) {
  case DType::U8:
    return "U8";
  case DType::I8:
    return "I8";
  case DType::I16:
    return "I16";
  case DType::I32:
    return "I32";
  case DType::I64:
    return "I64";
  case DType::F16:
    return "F16";
  case DType::F32:
    return "F32";
  case DType::F64:
    return "F64";
  case DType::Bool:
    return "BOOL";
  case DType::BF16:
    return "BF16";
  case DType::U16:
    return "U16";
  case DType::U32:
    return "U32";
  case DType::U64:
    return "U64";
  }
  return "";
}

std::optional<DType> run::getDTypeForSafetensors(llvm::StringRef name) {
  for (DType dtype : {DType::U8, DType::I8, DType::I16, DType::I32, DType::I64,
                      DType::F16, DType::F32, DType::F64, DType::Bool,
                      DType::BF16, DType::U16, DType::U32, DType::U64})
    if (getSafetensorsName(dtype) == name)
      return dtype;
  return std::nullopt;
}

/// torch's promotion lattice: bool < integers < floats; within integers the
/// wider wins, u8 with a signed type gives at least i16; f16 with bf16 gives
/// f32. Unsigned types wider than 8 bits promote with signed ones to i64.
DType run::promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::Bool)
    return b;
  if (b == DType::Bool)
    return a;
  bool floatA = isFloatDType(a), floatB = isFloatDType(b);
  if (floatA && !floatB)
    return a;
  if (floatB && !floatA)
    return b;
  if (floatA && floatB) {
    if ((a == DType::F16 && b == DType::BF16) ||
        (a == DType::BF16 && b == DType::F16))
      return DType::F32;
    return getDTypeSize(a) >= getDTypeSize(b) ? a : b;
  }
  auto isUnsigned = [](DType t) {
    return t == DType::U8 || t == DType::U16 || t == DType::U32 ||
           t == DType::U64;
  };
  bool unsignedA = isUnsigned(a), unsignedB = isUnsigned(b);
  if (unsignedA == unsignedB)
    return getDTypeSize(a) >= getDTypeSize(b) ? a : b;
  DType signedType = unsignedA ? b : a, unsignedType = unsignedA ? a : b;
  if (unsignedType != DType::U8)
    return DType::I64;
  return getDTypeSize(signedType) > 1 ? signedType : DType::I16;
}

uint16_t run::floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t exponent = (bits >> 23) & 0xffu;
  uint32_t mantissa = bits & 0x7fffffu;
  if (exponent == 0xff) // inf, nan (quiet)
    return sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u);
  int32_t e = static_cast<int32_t>(exponent) - 127 + 15;
  if (e >= 0x1f)
    return sign | 0x7c00u;
  if (e <= 0) {
    if (e < -10)
      return sign;
    mantissa |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u)))
      ++half;
    return sign | half;
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half; // may carry into the exponent: correct, up to inf
  return sign | half;
}

float run::halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1fu;
  uint32_t mantissa = h & 0x3ffu;
  uint32_t bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else {
      int32_t e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while (!(mantissa & 0x400u));
      bits = sign | (static_cast<uint32_t>(127 - 15 - e) << 23) |
             ((mantissa & 0x3ffu) << 13);
    }
  } else if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

uint16_t run::floatToBFloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if (std::isnan(value))
    return static_cast<uint16_t>((bits >> 16) | 0x40u);
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

float run::bfloat16ToFloat(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

template <typename T> static T load(const uint8_t *p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}
template <typename T> static void store(uint8_t *p, T value) {
  std::memcpy(p, &value, sizeof(T));
}

/// One element as the compute type CT (float, double or int64_t).
template <typename CT> static CT loadAs(const uint8_t *p, DType dtype) {
  switch (dtype) {
  case DType::U8:
    return static_cast<CT>(load<uint8_t>(p));
  case DType::I8:
    return static_cast<CT>(load<int8_t>(p));
  case DType::I16:
    return static_cast<CT>(load<int16_t>(p));
  case DType::I32:
    return static_cast<CT>(load<int32_t>(p));
  case DType::I64:
    return static_cast<CT>(load<int64_t>(p));
  case DType::U16:
    return static_cast<CT>(load<uint16_t>(p));
  case DType::U32:
    return static_cast<CT>(load<uint32_t>(p));
  case DType::U64:
    return static_cast<CT>(load<uint64_t>(p));
  case DType::Bool:
    return static_cast<CT>(load<uint8_t>(p) != 0);
  case DType::F16:
    return static_cast<CT>(halfToFloat(load<uint16_t>(p)));
  case DType::BF16:
    return static_cast<CT>(bfloat16ToFloat(load<uint16_t>(p)));
  case DType::F32:
    return static_cast<CT>(load<float>(p));
  case DType::F64:
    return static_cast<CT>(load<double>(p));
  }
  return CT();
}

/// A float to an integer type as torch's casts do on x86 for values in
/// range; out of range and NaN give 0 rather than undefined behaviour.
template <typename I, typename F> static I floatToInt(F value) {
  if (!(value == value))
    return 0;
  if (value >= static_cast<F>(9.2e18) || value <= static_cast<F>(-9.2e18))
    return 0;
  return static_cast<I>(static_cast<int64_t>(value));
}

template <typename CT> static void storeAs(uint8_t *p, DType dtype, CT value) {
  constexpr bool isFloat = std::is_floating_point_v<CT>;
  auto toInt = [&](auto tag) {
    using I = decltype(tag);
    if constexpr (isFloat)
      return floatToInt<I>(value);
    else
      return static_cast<I>(value);
  };
  switch (dtype) {
  case DType::U8:
    return store<uint8_t>(p, toInt(uint8_t()));
  case DType::I8:
    return store<int8_t>(p, toInt(int8_t()));
  case DType::I16:
    return store<int16_t>(p, toInt(int16_t()));
  case DType::I32:
    return store<int32_t>(p, toInt(int32_t()));
  case DType::I64:
    return store<int64_t>(p, toInt(int64_t()));
  case DType::U16:
    return store<uint16_t>(p, toInt(uint16_t()));
  case DType::U32:
    return store<uint32_t>(p, toInt(uint32_t()));
  case DType::U64:
    return store<uint64_t>(p, toInt(uint64_t()));
  case DType::Bool:
    return store<uint8_t>(p, value != CT(0) ? 1 : 0);
  case DType::F16:
    return store<uint16_t>(p, floatToHalf(static_cast<float>(value)));
  case DType::BF16:
    return store<uint16_t>(p, floatToBFloat16(static_cast<float>(value)));
  case DType::F32:
    return store<float>(p, static_cast<float>(value));
  case DType::F64:
    return store<double>(p, static_cast<double>(value));
  }
}

template <typename T> std::vector<T> Tensor::read() const {
  std::vector<T> values;
  values.reserve(getNumElements());
  size_t width = getDTypeSize(dtype);
  const uint8_t *base = storage->bytes.data();
  if (dtype == DType::F32 && std::is_same_v<T, float> && isContiguous()) {
    values.resize(getNumElements());
    if (!values.empty())
      std::memcpy(values.data(), base + offset * 4, values.size() * 4);
    return values;
  }
  forEachOffset([&](int64_t at) {
    values.push_back(loadAs<T>(base + at * width, dtype));
  });
  return values;
}

template <typename T>
void Tensor::write(llvm::ArrayRef<T> values, bool initialising) {
  if (!initialising)
    storage->written = true;
  size_t width = getDTypeSize(dtype);
  uint8_t *base = storage->bytes.data();
  size_t i = 0;
  forEachOffset(
      [&](int64_t at) { storeAs<T>(base + at * width, dtype, values[i++]); });
}

namespace ng::run {
template std::vector<float> Tensor::read<float>() const;
template std::vector<double> Tensor::read<double>() const;
template std::vector<int64_t> Tensor::read<int64_t>() const;
template void Tensor::write<float>(llvm::ArrayRef<float>, bool);
template void Tensor::write<double>(llvm::ArrayRef<double>, bool);
template void Tensor::write<int64_t>(llvm::ArrayRef<int64_t>, bool);
} // namespace ng::run

std::vector<float> Tensor::readFloat() const { return read<float>(); }
std::vector<double> Tensor::readDouble() const { return read<double>(); }
std::vector<int64_t> Tensor::readInt() const { return read<int64_t>(); }
void Tensor::writeFloat(llvm::ArrayRef<float> values, bool initialising) {
  write<float>(values, initialising);
}
void Tensor::writeDouble(llvm::ArrayRef<double> values, bool initialising) {
  write<double>(values, initialising);
}
void Tensor::writeInt(llvm::ArrayRef<int64_t> values, bool initialising) {
  write<int64_t>(values, initialising);
}

void Tensor::copyFrom(const Tensor &source, bool initialising) {
  if (source.dtype == dtype) {
    // Same element type: bytes, through a gather, so that a source
    // overlapping this tensor is read completely before anything is
    // written.
    size_t width = getDTypeSize(dtype);
    std::vector<uint8_t> bytes = source.contiguousBytes();
    if (!initialising)
      storage->written = true;
    uint8_t *base = storage->bytes.data();
    size_t i = 0;
    forEachOffset([&](int64_t at) {
      std::memcpy(base + at * width, bytes.data() + i, width);
      i += width;
    });
    return;
  }
  if (isFloatDType(dtype) || isFloatDType(source.dtype)) {
    if (dtype == DType::F64 || source.dtype == DType::F64)
      return writeDouble(source.readDouble(), initialising);
    if (isFloatDType(source.dtype))
      return writeFloat(source.readFloat(), initialising);
    // An integer into a float: exact in double up to 2^53, then rounded.
    return writeDouble(source.readDouble(), initialising);
  }
  writeInt(source.readInt(), initialising);
}

std::vector<uint8_t> Tensor::contiguousBytes() const {
  size_t width = getDTypeSize(dtype);
  std::vector<uint8_t> bytes(static_cast<size_t>(getNumElements()) * width);
  const uint8_t *base = storage->bytes.data();
  if (isContiguous()) {
    if (!bytes.empty())
      std::memcpy(bytes.data(), base + offset * width, bytes.size());
    return bytes;
  }
  size_t i = 0;
  forEachOffset([&](int64_t at) {
    std::memcpy(bytes.data() + i, base + at * width, width);
    i += width;
  });
  return bytes;
}

Tensor Tensor::clone(std::optional<DType> newDType,
                     llvm::ArrayRef<int64_t> dimOrder) const {
  Tensor result = alloc(newDType.value_or(dtype), sizes, dimOrder);
  result.copyFrom(*this, /*initialising=*/true);
  return result;
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

int64_t run::getNumElements(llvm::ArrayRef<int64_t> sizes) {
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  return count;
}

int64_t Tensor::getNumElements() const { return run::getNumElements(sizes); }

std::string run::formatShape(llvm::ArrayRef<int64_t> sizes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(sizes, os);
  os << "]";
  return text;
}

Shape run::getStridesForDimOrder(llvm::ArrayRef<int64_t> sizes,
                                 llvm::ArrayRef<int64_t> dimOrder) {
  Shape strides(sizes.size(), 1);
  int64_t stride = 1;
  if (dimOrder.size() != sizes.size()) {
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      strides[d] = stride;
      stride *= std::max<int64_t>(sizes[d], 1);
    }
    return strides;
  }
  for (int64_t i = static_cast<int64_t>(dimOrder.size()) - 1; i >= 0; --i) {
    int64_t d = dimOrder[i];
    strides[d] = stride;
    stride *= std::max<int64_t>(sizes[d], 1);
  }
  return strides;
}

bool Tensor::isContiguous() const {
  int64_t expected = 1;
  for (int64_t d = getRank() - 1; d >= 0; --d) {
    if (sizes[d] == 1)
      continue;
    if (sizes[d] == 0)
      return true;
    if (strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

Tensor Tensor::alloc(DType dtype, llvm::ArrayRef<int64_t> sizes,
                     llvm::ArrayRef<int64_t> dimOrder) {
  Tensor tensor;
  tensor.storage = std::make_shared<Storage>();
  tensor.storage->bytes.assign(
      static_cast<size_t>(run::getNumElements(sizes)) * getDTypeSize(dtype), 0);
  tensor.dtype = dtype;
  tensor.sizes.assign(sizes.begin(), sizes.end());
  tensor.strides = getStridesForDimOrder(sizes, dimOrder);
  return tensor;
}

Tensor Tensor::view(std::shared_ptr<Storage> storage, DType dtype,
                    llvm::ArrayRef<int64_t> sizes,
                    llvm::ArrayRef<int64_t> strides, int64_t offset) {
  Tensor tensor;
  tensor.storage = std::move(storage);
  tensor.dtype = dtype;
  tensor.sizes.assign(sizes.begin(), sizes.end());
  tensor.strides.assign(strides.begin(), strides.end());
  tensor.offset = offset;
  return tensor;
}

Tensor Tensor::withView(llvm::ArrayRef<int64_t> newSizes,
                        llvm::ArrayRef<int64_t> newStrides,
                        int64_t newOffset) const {
  return view(storage, dtype, newSizes, newStrides, newOffset);
}

Tensor Tensor::broadcastTo(llvm::ArrayRef<int64_t> shape) const {
  Shape newStrides(shape.size(), 0);
  int64_t lead = static_cast<int64_t>(shape.size()) - getRank();
  for (int64_t d = 0; d < getRank(); ++d)
    newStrides[lead + d] =
        sizes[d] == 1 && shape[lead + d] != 1 ? 0 : strides[d];
  return withView(shape, newStrides, offset);
}

std::optional<Shape> run::broadcastShapes(llvm::ArrayRef<int64_t> a,
                                          llvm::ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  Shape result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    result[i] = da == 1 ? db : da;
  }
  return result;
}

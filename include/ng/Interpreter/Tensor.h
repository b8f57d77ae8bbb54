//===- Tensor.h - ng-run's storage: buffers and views -----------*- C++ -*-===//
//
// The memory ng-run computes in follows the IR's storage model
// (docs/Aliasing.md, docs/DimOrder.md): a Storage is one allocation of
// bytes; a Tensor is a strided view of one (sizes, strides in elements, an
// offset), so views share their source's Storage and a write through any of
// them is seen by all. Fresh tensors are laid out in a dim order (D1).
// Elements are read and written as the compute types of docs/Interpreter.md
// (f32 for f32/f16/bf16, f64 for f64, i64 for integers and bool), rounding
// to the element type on every store.
//
//===----------------------------------------------------------------------===//

#ifndef NG_INTERPRETER_TENSOR_H
#define NG_INTERPRETER_TENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Type;
class MLIRContext;
} // namespace mlir

namespace ng::run {

/// Element types, numbered as the wire's ScalarType (W3) and torch.
enum class DType : int8_t {
  U8 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  F32 = 6,
  F64 = 7,
  Bool = 11,
  BF16 = 15,
  U16 = 27,
  U32 = 28,
  U64 = 29,
};

using Shape = llvm::SmallVector<int64_t, 6>;

size_t getDTypeSize(DType dtype);
bool isFloatDType(DType dtype);
bool isIntegralDType(DType dtype); // integers, not bool
/// "f32", "i64", ... as ng IR spells them.
llvm::StringRef getDTypeName(DType dtype);
/// The dtype of an ng element type, if ng-run computes in it.
std::optional<DType> getDType(mlir::Type elementType);
mlir::Type getElementType(mlir::MLIRContext *ctx, DType dtype);
/// The safetensors dtype name ("F32", ...), and back.
llvm::StringRef getSafetensorsName(DType dtype);
std::optional<DType> getDTypeForSafetensors(llvm::StringRef name);

/// torch.promote_types.
DType promoteTypes(DType a, DType b);

/// IEEE half and bfloat16, round to nearest even.
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);
uint16_t floatToBFloat16(float value);
float bfloat16ToFloat(uint16_t bits);

/// One allocation. `written` records whether anything stored into it after
/// it was initialised (the buffers ng-run reports as changed).
struct Storage {
  std::vector<uint8_t> bytes;
  bool written = false;
};

/// A strided view of a Storage.
class Tensor {
public:
  Tensor() = default;

  /// A new zeroed tensor laid out in `dimOrder` (outermost first; empty:
  /// contiguous).
  static Tensor alloc(DType dtype, llvm::ArrayRef<int64_t> sizes,
                      llvm::ArrayRef<int64_t> dimOrder = {});
  /// A view of `storage`.
  static Tensor view(std::shared_ptr<Storage> storage, DType dtype,
                     llvm::ArrayRef<int64_t> sizes,
                     llvm::ArrayRef<int64_t> strides, int64_t offset);

  bool defined() const { return static_cast<bool>(storage); }
  DType getDType() const { return dtype; }
  llvm::ArrayRef<int64_t> getSizes() const { return sizes; }
  llvm::ArrayRef<int64_t> getStrides() const { return strides; }
  int64_t getOffset() const { return offset; }
  int64_t getRank() const { return static_cast<int64_t>(sizes.size()); }
  int64_t getSize(int64_t dim) const { return sizes[dim]; }
  int64_t getNumElements() const;
  const std::shared_ptr<Storage> &getStorage() const { return storage; }
  bool sharesStorage(const Tensor &other) const {
    return storage && storage == other.storage;
  }
  /// Strides of a dense layout with innermost stride 1, up to size-1 dims.
  bool isContiguous() const;
  /// The address of element (offset + linear index into the strides).
  uint8_t *elementAt(int64_t elementOffset) const {
    return storage->bytes.data() + elementOffset * getDTypeSize(dtype);
  }

  /// Every element in logical (row-major) order, as a compute type.
  std::vector<float> readFloat() const;
  std::vector<double> readDouble() const;
  std::vector<int64_t> readInt() const;
  template <typename T> std::vector<T> read() const;
  /// Store `values` (logical order, getNumElements() of them), converting to
  /// the element type; marks the storage written unless `initialising`.
  void writeFloat(llvm::ArrayRef<float> values, bool initialising = false);
  void writeDouble(llvm::ArrayRef<double> values, bool initialising = false);
  void writeInt(llvm::ArrayRef<int64_t> values, bool initialising = false);
  template <typename T>
  void write(llvm::ArrayRef<T> values, bool initialising = false);
  /// Copy `source` (same sizes) into this tensor, converting the dtype.
  void copyFrom(const Tensor &source, bool initialising = false);
  /// A contiguous copy in `dtype` (its own storage).
  Tensor clone(std::optional<DType> dtype = std::nullopt,
               llvm::ArrayRef<int64_t> dimOrder = {}) const;
  /// The elements in logical order, packed, as bytes of the element type.
  std::vector<uint8_t> contiguousBytes() const;

  /// Calls `fn(elementOffset)` for each element in logical order.
  template <typename Fn> void forEachOffset(Fn fn) const;

  /// Views: the result shares this storage.
  Tensor withView(llvm::ArrayRef<int64_t> newSizes,
                  llvm::ArrayRef<int64_t> newStrides, int64_t newOffset) const;
  Tensor broadcastTo(llvm::ArrayRef<int64_t> shape) const;

private:
  std::shared_ptr<Storage> storage;
  DType dtype = DType::F32;
  Shape sizes, strides;
  int64_t offset = 0;
};

/// The strides of a dense layout of `sizes` in `dimOrder` (D1).
Shape getStridesForDimOrder(llvm::ArrayRef<int64_t> sizes,
                            llvm::ArrayRef<int64_t> dimOrder);
/// The broadcast shape of `a` and `b` (torch.broadcast_shapes), or nullopt.
std::optional<Shape> broadcastShapes(llvm::ArrayRef<int64_t> a,
                                     llvm::ArrayRef<int64_t> b);
/// Product of `sizes`.
int64_t getNumElements(llvm::ArrayRef<int64_t> sizes);
/// "[2, 3]".
std::string formatShape(llvm::ArrayRef<int64_t> sizes);

template <typename Fn> void Tensor::forEachOffset(Fn fn) const {
  int64_t rank = getRank();
  int64_t count = getNumElements();
  if (count == 0)
    return;
  if (rank == 0) {
    fn(offset);
    return;
  }
  Shape index(rank, 0);
  int64_t current = offset;
  int64_t innerSize = sizes[rank - 1], innerStride = strides[rank - 1];
  for (int64_t done = 0; done < count; done += innerSize) {
    int64_t at = current;
    for (int64_t i = 0; i < innerSize; ++i, at += innerStride)
      fn(at);
    // Advance the outer index.
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (++index[d] < sizes[d]) {
        current += strides[d];
        break;
      }
      current -= strides[d] * (sizes[d] - 1);
      index[d] = 0;
    }
  }
}

} // namespace ng::run

#endif // NG_INTERPRETER_TENSOR_H

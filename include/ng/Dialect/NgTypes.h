//===- NgTypes.h - ng types -------------------------------------*- C++ -*-===//

#ifndef NG_DIALECT_NGTYPES_H
#define NG_DIALECT_NGTYPES_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace ng {

/// One wire Dim: `min == max` is static, `min < max` dynamic, `max < 0`
/// unbounded above (S8).
struct DimRange {
  int64_t min = 0;
  int64_t max = -1;

  static DimRange fixed(int64_t size) { return {size, size}; }
  bool isStatic() const { return min == max; }
  bool operator==(const DimRange &other) const {
    return min == other.min && max == other.max;
  }
};

/// Limits of a TensorMeta, as the native runtime's loader enforces them
/// (FORMAT.md C4): at most 64 dims, each extent (min, and a bounded max) at
/// most 2^31-1, and at most 2^40 bytes in all (at the dims' upper bounds, or
/// their minimum when unbounded).
constexpr unsigned kMaxTensorRank = 64;
constexpr int64_t kMaxTensorDim = (int64_t(1) << 31) - 1;
constexpr uint64_t kMaxTensorBytes = uint64_t(1) << 40;

inline llvm::hash_code hash_value(const DimRange &dim) {
  return llvm::hash_combine(dim.min, dim.max);
}

/// The element type that stands for wire ScalarType `id` (W3), or null for an
/// id the format does not define.
mlir::Type getElementTypeForScalarType(mlir::MLIRContext *ctx, int64_t id);

/// The wire ScalarType of an element type, or nullopt if it has none.
std::optional<int8_t> getScalarTypeId(mlir::Type elementType);

/// The element size in bytes of a ScalarType element type (i1 is 1 byte).
unsigned getElementByteWidth(mlir::Type elementType);

//===----------------------------------------------------------------------===//
// Value kinds (FORMAT.md S5, S6)
//===----------------------------------------------------------------------===//
//
// A value a node makes is a tensor or one of the wire's three scalars, INT,
// FLOAT and BOOL (an Output's kind), and an argument references it by that
// kind (a TensorArg, an IntArg / FloatArg / BoolArg with `ref`). ng types the
// scalars i64, f64 and i1, all signless. This is the one place that maps
// kinds to types: the ODS constraint on the ops' operands and results
// (Ng_NodeValue, NgTypes.td), the verifier, the parser, the translation and
// the Python bindings ask it.

/// The kind of argument that references a value of type `type`: Tensor,
/// Int, Float or Bool; nullopt for a type no node value has.
std::optional<ArgKind> getReferenceKind(mlir::Type type);

/// The type of the scalar an argument of kind Int, Float or Bool references
/// (i64, f64, i1); null for any other kind.
mlir::Type getScalarType(mlir::MLIRContext *ctx, ArgKind kind);

/// How messages name the values of a reference kind: "a tensor", "an INT
/// value", "a FLOAT value", "a BOOL value".
llvm::StringRef describeReferenceKind(ArgKind kind);

/// Sizes as the tensor type's syntax writes them, which the type summary,
/// reports and messages share: `[1, 1:32, 4:?]` (a static dim its size, a
/// dynamic one `min:max`, `min:?` when unbounded).
void printDimRanges(llvm::ArrayRef<DimRange> sizes, llvm::raw_ostream &os);

/// How pictures and reports show a value's type to people (not IR syntax):
/// `f32[1, 1:32, 128]`, with ` dim_order [0, 2, 1, 3]` when not the
/// identity and the quantization (printQuantSummary) when quantized; `int`,
/// `float`, `bool` for i64, f64, i1; `?` for a tensor without metadata.
void printTypeSummary(mlir::Type type, llvm::raw_ostream &os);

/// A QuantSpec scheme in words: `affine_group 4-bit [-8, 7] group 32`,
/// `packed gguf:q4_k`; nothing for null.
void printQuantSummary(mlir::Attribute quant, llvm::raw_ostream &os);

} // namespace ng

#define GET_TYPEDEF_CLASSES
#include "ng/Dialect/NgTypes.h.inc"

#endif // NG_DIALECT_NGTYPES_H

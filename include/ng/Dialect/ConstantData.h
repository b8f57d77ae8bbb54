//===- ConstantData.h - constant bytes carried by an ng program -*- C++ -*-===//
//
// Metadata lives in the IR; bytes live in resources. A program that has its
// constants carries the module attribute `ng.data`: a dictionary from data
// key (N3) to a `dense_resource` whose blob holds the bytes exactly as the
// container stores them (FORMAT.md C2: packed weights with their physical
// shape). Keys that share data (aliases.json) share one resource.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_CONSTANTDATA_H
#define NG_DIALECT_CONSTANTDATA_H

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringSet.h"

#include <optional>

namespace ng {
class MethodOp;

/// The safetensors dtype name of an element type ("F32", "U8", ...), or ""
/// when safetensors cannot store it (C2).
llvm::StringRef getSafetensorsDtype(mlir::Type elementType);

/// The element type of a safetensors dtype name, or null for an unknown one.
mlir::Type getElementTypeForSafetensorsDtype(mlir::MLIRContext *ctx,
                                             llvm::StringRef dtype);

/// The `ng.data` dictionary of `module`, or null when it has no data.
mlir::DictionaryAttr getConstantData(mlir::ModuleOp module);

/// The data stored under `key`, or null.
mlir::DenseResourceElementsAttr lookupConstantData(mlir::ModuleOp module,
                                                   llvm::StringRef key);

/// The bytes of a data entry (empty when its blob is gone).
llvm::ArrayRef<char> getConstantBytes(mlir::DenseResourceElementsAttr data);

/// Replace (or add) the data stored under each update's key. One call for
/// all updates: every call builds (and uniques) a new dictionary.
void setConstantData(mlir::ModuleOp module,
                     llvm::ArrayRef<mlir::NamedAttribute> updates);

/// The zero-point data key of `group`, or "" when it has none: absent, or
/// present but empty, which the format reads as symmetric quantization
/// (V15; the reference's collect_data_keys skips "" too).
llvm::StringRef getZeroPointDataKey(AffineGroupAttr group);

/// Adds to `keys` the data keys that the AffineGroup metadata of the values
/// under `root` names (scales and non-empty zero points, V15): the results
/// of its ops and the arguments of their blocks, `root`'s own included, in
/// subgraphs too. Such a key is read although no node reads its constant.
void collectQuantizationKeys(mlir::Operation *root, llvm::StringSet<> &keys);

/// The bytes `numElements` elements of `elementBytes` bytes each take, or
/// nullopt when that does not fit in 64 bits. An empty shape's element
/// count is 0 whatever its other dims are, so callers count elements with
/// getElementCount rather than multiplying dims into bytes directly.
std::optional<uint64_t> getByteCount(uint64_t numElements,
                                     uint64_t elementBytes);

/// The element count of a static, non-negative `shape`: 0 when a dim is 0
/// (whatever the others are), nullopt when a dim is negative or the product
/// does not fit in 64 bits.
std::optional<uint64_t> getElementCount(llvm::ArrayRef<int64_t> shape);

/// The bytes of `numElements` values quantized by `group`: ceil(numElements
/// * bits / 8), bits = log2(quant_max - quant_min + 1) (V14); nullopt when
/// the range is not a power-of-two number of levels up to 256.
std::optional<uint64_t> getAffineGroupByteCount(uint64_t numElements,
                                                AffineGroupAttr group);

/// The bytes a tensor of `tensor`'s dtype and quantization takes at the
/// sizes `shape` (static, non-negative): dtype x sizes, or the AffineGroup
/// packing; nullopt for a PackedQuant codec, a negative dim or a size
/// beyond 64 bits.
std::optional<uint64_t> getTensorByteCount(ng::TensorType tensor,
                                           llvm::ArrayRef<int64_t> shape);

/// The bytes the data of a constant of type `type` takes, from its metadata
/// alone (V14): dtype x sizes, or the AffineGroup packing. nullopt when the
/// metadata does not say: no metadata, a dynamic or negative dim, a
/// PackedQuant codec (its block layout is the codec's), or a size beyond 64
/// bits.
std::optional<uint64_t> getExpectedDataBytes(mlir::Type type);

/// The body of `method` when it has one to read: one region holding a
/// block. A module's attributes (ng.data) are verified before the ops inside
/// it, so the module-level rules meet methods their own verifier has yet to
/// reject, e.g. one without a region (generic form, corrupted bytecode);
/// they skip those and leave the method's verifier to report them.
mlir::Block *getVerifiableBody(MethodOp method);

/// V14: when `module` has data, every data key its methods bind has data of
/// the size and dtype its metadata implies (with AffineGroup scales and zero
/// points of the right count and dtype). Each `ng.data` entry's bytes match
/// its own type.
llvm::LogicalResult verifyConstantData(mlir::ModuleOp module);

/// The program-wide rules on data keys (N3), in lib/Dialect/DataKeyRules.cpp:
/// S9, methods that bind one data key (or mutable buffer fqn) declare the
/// same tensor metadata for it; V15, every AffineGroup scale / non-empty
/// zero-point key on any value names a constant bound in the same method,
/// not mutated, not quantized, of the declared dtype. They need no data:
/// ng.method's verifySymbolUses runs them once per module, after every op
/// verified.
llvm::LogicalResult verifyDataKeyRules(mlir::ModuleOp module);

} // namespace ng

#endif // NG_DIALECT_CONSTANTDATA_H

//===- ConstantData.h - constant bytes carried by an ng program -*- C++ -*-===//
//
// Metadata lives in the IR; bytes live in resources. A program that has its
// constants carries the module attribute `ng.data`: a dictionary from data
// key (N3) to the bytes exactly as the container stores them (FORMAT.md C2:
// packed weights with their physical shape). An entry is either stored, a
// `dense_resource` whose blob holds the bytes, or produced,
// `#ng.int4_packing<dense_resource<...>>`, the int4 packing of an int8
// resource (the torchao fold's, NgAttrs.td), whose bytes are computed a
// chunk at a time by whoever reads them. Keys that share data (aliases.json)
// share one entry.
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
#include <vector>

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

/// One `ng.data` entry, stored or produced, as its readers see it.
class ConstantEntry {
public:
  ConstantEntry() = default;
  /// `attr` as an entry; null when it is neither form. (Inline, as are the
  /// accessors: the verifier asks once per constant per verification.)
  static ConstantEntry get(mlir::Attribute attr) {
    ConstantEntry entry;
    if (auto packing = llvm::dyn_cast_or_null<Int4PackingAttr>(attr)) {
      entry.packing = packing;
      entry.resource = packing.getSource();
    } else {
      entry.resource =
          llvm::dyn_cast_or_null<mlir::DenseResourceElementsAttr>(attr);
    }
    return entry;
  }

  explicit operator bool() const { return bool(resource); }
  /// The `ng.data` value: the resource, or the packing.
  mlir::Attribute getAttr() const;
  /// The type of the entry's bytes (for a packing, the packed one).
  mlir::ShapedType getType() const {
    if (packing)
      return packing.getType();
    return resource.getType();
  }
  /// The resource whose blob holds the bytes, or the packing's source.
  mlir::DenseResourceElementsAttr getResource() const { return resource; }
  /// The packing, or null for a stored entry.
  Int4PackingAttr getPacking() const { return packing; }
  bool isProduced() const { return bool(packing); }

  /// Whether the resource has its blob (a text program's
  /// `dialect_resources` may lack it).
  bool hasBlob() const;
  /// The bytes of the resource's blob (empty when it is gone): for a stored
  /// entry its bytes, for a packing its source's.
  llvm::ArrayRef<char> getBlobBytes() const;
  /// The size of the entry's bytes: the blob's, or half its source's.
  uint64_t getByteCount() const;

  /// Fills `out` with the entry's bytes at `offset` (a packing packs its
  /// source's and lets go of their mapped pages, ng/Support/FileMappings.h);
  /// false when a packed source value is outside [-8, 7].
  bool readBytes(uint64_t offset, llvm::MutableArrayRef<char> out) const;
  /// All the entry's bytes: a stored entry's blob, or a packing made into
  /// `storage`; nullopt when a packed source value is outside [-8, 7].
  std::optional<llvm::ArrayRef<char>>
  getBytes(std::vector<char> &storage) const;

private:
  mlir::DenseResourceElementsAttr resource;
  Int4PackingAttr packing;
};

/// Pack `count` signed int4 values stored one per int8 in `input` (count
/// even) into `count / 2` bytes: byte k = ((w[2k+1] + 8) << 4) | (w[2k] + 8),
/// the even element in the low nibble (F5). Returns false, leaving `output`
/// unspecified, if a value lies outside [-8, 7].
bool packSignedInt4(const int8_t *input, uint8_t *output, size_t count);

/// Whether every one of the `count` values at `input` lies in [-8, 7].
bool isSignedInt4(const int8_t *input, size_t count);

/// The data stored under `key`, or null.
ConstantEntry lookupConstantData(mlir::ModuleOp module, llvm::StringRef key);

/// The bytes of a stored data entry (empty when its blob is gone).
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

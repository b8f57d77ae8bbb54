//===- WrittenMask.h - which storages a node or method writes -*- C++ -*-===//
//
// The storage-written bits that ng.call (one per result, one per subgraph)
// and ng.method (one per placeholder) record, so that whether a value's
// storage is written is read from the value's producer, not found by a walk
// of the graph (ng/Dialect/Storage.h, docs/Rationale.md).
//
// Compared and hashed by the bits that are set: a mask that was never grown
// equals one grown with no bit set, so two calls that agree on what they
// write compare equal whatever edits made them. Its attribute form, in the
// generic syntax, is the list of the set bits' positions, `array<i32: 0,
// 2>`; in bytecode the same positions as varints (lib/Dialect/NgBytecode.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_WRITTENMASK_H
#define NG_DIALECT_WRITTENMASK_H

#include "mlir/IR/Attributes.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
class DialectBytecodeReader;
class DialectBytecodeWriter;
class MLIRContext;
} // namespace mlir

namespace ng {

class WrittenMask {
public:
  /// No op has this many results, subgraphs or placeholders: a position at
  /// or past it is a corrupt mask, not a reason to allocate.
  static constexpr unsigned kMaxPosition = 1u << 24;

  /// Whether bit `index` is set (false past the end).
  bool test(unsigned index) const {
    return index < bits.size() && bits.test(index);
  }
  /// Sets bit `index` to `value`; returns whether that changed it.
  bool set(unsigned index, bool value = true);
  /// Whether any bit is set.
  bool any() const { return bits.any(); }
  void clear() { bits.clear(); }

  /// Makes room for a new entry at `index`, unset (a placeholder inserted).
  void insert(unsigned index);
  /// Drops the entries in `indices`, closing the gaps (placeholders erased).
  void erase(const llvm::BitVector &indices);

  /// The positions of the set bits, ascending.
  llvm::SmallVector<int32_t> getSetPositions() const;

  /// `array<i32: ...>` of the set positions (empty when none).
  mlir::Attribute toAttr(mlir::MLIRContext *ctx) const;
  /// Reads the attribute form; false when `attr` is not a list of
  /// non-negative positions.
  static bool fromAttr(mlir::Attribute attr, WrittenMask &mask);

  friend bool operator==(const WrittenMask &a, const WrittenMask &b);
  friend bool operator!=(const WrittenMask &a, const WrittenMask &b) {
    return !(a == b);
  }
  friend llvm::hash_code hash_value(const WrittenMask &mask);

private:
  llvm::SmallBitVector bits;
};

bool operator==(const WrittenMask &a, const WrittenMask &b);
llvm::hash_code hash_value(const WrittenMask &mask);

/// The bytecode form (NgBytecode.cpp): the count of set positions, then
/// each, as varints. The reader also reads the array<i32> attribute a file
/// from before the dialect's bytecode version 1 holds.
void writeWrittenMask(mlir::DialectBytecodeWriter &writer,
                      const WrittenMask &mask);
llvm::LogicalResult readWrittenMask(mlir::DialectBytecodeReader &reader,
                                    WrittenMask &mask);

} // namespace ng

#endif // NG_DIALECT_WRITTENMASK_H

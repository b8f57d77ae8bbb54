//===- ScalarRanges.h - what a graph's symbolic ints can be -----*- C++ -*-===//
//
// torch.export leaves symbolic scalars in a graph: SymInts (i64 values such
// as `aten.sym_size.int` of a dynamic dim) and SymBools (i1 values such as
// `_operator.ge` of two SymInts), which assertions check. ng IR records no
// symbols, only each tensor dim's range (DimRange, FORMAT.md S8), so what ng
// can know of a scalar is a range: an int literal is itself, a dim's size is
// its DimRange, a sum, difference or product of bounded ints is bounded, and
// a comparison of two bounded ints may be known true or false. The scalar
// functions are op facts (ScalarFunction, include/ng/Dialect/OpFacts.td);
// anything else (`aten.item`, an unbacked SymInt, a subgraph input) is
// unknown.
//
//   ScalarRanges ranges(method);           // one walk over the method
//   std::optional<IntRange> r = ranges.getRange(value);
//   std::optional<bool> b = ranges.getKnownBool(arg);
//
//===----------------------------------------------------------------------===//

#ifndef NG_ANALYSIS_SCALARRANGES_H
#define NG_ANALYSIS_SCALARRANGES_H

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/NgTypes.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace ng {

/// A closed range of int64 values, [min, max]. An unbounded end is
/// INT64_MIN or INT64_MAX: arithmetic saturates there, so a range may be
/// wider than the truth, never narrower.
struct IntRange {
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();

  static IntRange exactly(int64_t value) { return {value, value}; }
  static IntRange all() { return {}; }
  /// A tensor dim's range (S8: `max < 0` is unbounded above).
  static IntRange of(DimRange dim) {
    return {dim.min,
            dim.max < 0 ? std::numeric_limits<int64_t>::max() : dim.max};
  }

  bool isExact() const { return min == max; }
  /// Whether every value of `other` is in this range.
  bool contains(const IntRange &other) const {
    return min <= other.min && other.max <= max;
  }
  bool operator==(const IntRange &other) const {
    return min == other.min && max == other.max;
  }
};

/// The wire argument of `op` (an ng.call) for schema argument `name`: by its
/// name, or, when the node's arguments are positional (schema-less targets
/// keep them so, S4), by the position the op facts' `signature` gives it.
std::optional<WireArgument> findSchemaArgument(mlir::Operation *op,
                                               llvm::StringRef name);

/// The ranges of the symbolic ints and the known symbolic bools of every
/// graph under an op (a method with its subgraphs), read in one walk, in
/// program order (each scalar's operands come before it). Like any analysis
/// it describes the IR it was built on.
class ScalarRanges {
public:
  explicit ScalarRanges(mlir::Operation *op);

  /// The range of int value `value` (i64), if ng can bound it.
  std::optional<IntRange> getRange(mlir::Value value) const;
  /// The range of an int argument: its literal, or the range of the value it
  /// references; nullopt for anything else (none, another kind).
  std::optional<IntRange> getRange(const WireArgument &arg) const;

  /// The value of bool value `value` (i1), when ng can prove it.
  std::optional<bool> getKnownBool(mlir::Value value) const;
  /// The value of a bool argument: its literal, or the known value of what it
  /// references.
  std::optional<bool> getKnownBool(const WireArgument &arg) const;

private:
  void visit(CallOp call);

  llvm::DenseMap<mlir::Value, IntRange> ranges;
  llvm::DenseMap<mlir::Value, bool> bools;
};

} // namespace ng

#endif // NG_ANALYSIS_SCALARRANGES_H

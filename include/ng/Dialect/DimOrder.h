//===- DimOrder.h - dim-order arithmetic and view layouts -------*- C++ -*-===//
//
// A TensorMeta records a tensor's layout as a dim order only (FORMAT.md D1):
// its strides follow from the sizes, innermost stride 1. This header holds
// the arithmetic on orders every pass shares: the order a type describes,
// D3's canonical form (orders that differ only in where size-1 dims sit are
// one layout), and the layout of a view's output given its input's, when a
// dim order can express it (a view whose strides are not those of any dim
// order, such as a gapped slice or a broadcast, has none). Which rule a view
// follows is an op fact (OpFacts::layout, OpFacts.td).
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_DIMORDER_H
#define NG_DIALECT_DIMORDER_H

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace ng {

/// A dim order: the dims of a tensor, outermost first (D1).
using DimOrder = llvm::SmallVector<int64_t, 6>;

/// 0, 1, ..., rank-1: contiguous.
DimOrder getIdentityDimOrder(int64_t rank);

/// Whether `order` is 0, 1, ..., size-1.
bool isIdentityDimOrder(llvm::ArrayRef<int64_t> order);

/// Whether `order` is a permutation of 0..rank-1 (V8).
bool isDimOrderPermutation(llvm::ArrayRef<int64_t> order, int64_t rank);

/// The order `type` describes (D1): its dim_order, or the identity when that
/// is empty or absent. Not validated (isDimOrderPermutation).
DimOrder getDimOrder(TensorType type);

/// Which of `sizes` are statically 1: the dims D3 lets sit anywhere.
llvm::SmallVector<bool, 6> getUnitDims(llvm::ArrayRef<DimRange> sizes);

/// D3's canonical form of a valid order: the dims that are not of size 1 keep
/// their relative order, and each size-1 dim (`unitDims`) goes where the
/// identity would put it, right before the first larger dim of another size
/// that follows it in the order, or last. So an order that is contiguous up
/// to size-1 dims becomes the identity, and canonicalizing twice changes
/// nothing.
DimOrder canonicalizeDimOrder(llvm::ArrayRef<int64_t> order,
                              llvm::ArrayRef<bool> unitDims);
DimOrder canonicalizeDimOrder(llvm::ArrayRef<int64_t> order,
                              llvm::ArrayRef<DimRange> sizes);

/// The canonical order (D3) of `type`'s: the identity for a contiguous one.
DimOrder getCanonicalDimOrder(TensorType type);

/// Whether `type`'s layout is contiguous up to size-1 dims (D1, D3). A type
/// without a dim order (packed data) counts as contiguous.
bool isContiguousLayout(TensorType type);

/// The layout of the output of `call` when it runs as the view `view`
/// describes (`view` is that view's facts; `call` may be its `<view>_copy`
/// variant, whose arguments are the view's): the canonical dim order (D3)
/// of its single tensor output, computed from the layout of the argument
/// the view aliases by the view's ViewLayout rule, and from the recorded
/// sizes of the input and the output (a view that takes sizes, as view and
/// expand do, takes the output's, so a -1 or a symbolic size in its size
/// list needs no solving).
///
/// nullopt when no dim order expresses the view's strides (a slice with
/// gaps, a slice or select of an inner dim under outer dims that are not of
/// size 1, a broadcast dim, a view of a non-contiguous tensor that regroups
/// its dims), when ng cannot tell (ViewLayout::None, an argument that is
/// not a literal, a size that may or may not be 1), and when the types do
/// not allow it (no metadata, packed data, another dtype, an invalid
/// order).
std::optional<DimOrder> inferViewDimOrder(CallOp call, const OpFacts &view);

} // namespace ng

#endif // NG_DIALECT_DIMORDER_H

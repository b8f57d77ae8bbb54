//===- DimOrder.cpp - dim-order arithmetic and view layouts ---------------===//
//
// See include/ng/Dialect/DimOrder.h. The view rules reason about strides
// without computing them: a tensor laid out by a dim order is dense (its
// strides are the ones its sizes and order imply, D1), and a view of it is
// dense exactly when the dims it shrinks, drops or broadcasts do not leave
// gaps in the strides of the dims outside them, which only size-1 dims can
// have without harm (D3). Sizes that are not static are never taken to be 1.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/DimOrder.h"

#include "ng/Dialect/WireArguments.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ng;

DimOrder ng::getIdentityDimOrder(int64_t rank) {
  DimOrder order(rank);
  for (int64_t i = 0; i < rank; ++i)
    order[i] = i;
  return order;
}

bool ng::isIdentityDimOrder(ArrayRef<int64_t> order) {
  for (auto [i, d] : llvm::enumerate(order))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

bool ng::isDimOrderPermutation(ArrayRef<int64_t> order, int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (int64_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

DimOrder ng::getDimOrder(TensorType type) {
  DenseI64ArrayAttr attr = type.getDimOrder();
  if (!attr || attr.empty())
    return getIdentityDimOrder(type.getRank());
  return DimOrder(attr.asArrayRef());
}

static bool isUnit(DimRange dim) { return dim.isStatic() && dim.min == 1; }

SmallVector<bool, 6> ng::getUnitDims(ArrayRef<DimRange> sizes) {
  SmallVector<bool, 6> unit;
  for (DimRange d : sizes)
    unit.push_back(isUnit(d));
  return unit;
}

DimOrder ng::canonicalizeDimOrder(ArrayRef<int64_t> order,
                                  ArrayRef<bool> unit) {
  int64_t rank = order.size();
  DimOrder result;
  result.reserve(rank);
  SmallVector<bool> placed(rank, false);
  auto placeUnitsBelow = [&](int64_t bound) {
    for (int64_t u = 0; u < bound; ++u)
      if (unit[u] && !placed[u]) {
        result.push_back(u);
        placed[u] = true;
      }
  };
  for (int64_t d : order) {
    if (unit[d])
      continue;
    placeUnitsBelow(d);
    result.push_back(d);
    placed[d] = true;
  }
  placeUnitsBelow(rank);
  return result;
}

DimOrder ng::canonicalizeDimOrder(ArrayRef<int64_t> order,
                                  ArrayRef<DimRange> sizes) {
  return canonicalizeDimOrder(order, getUnitDims(sizes));
}

DimOrder ng::getCanonicalDimOrder(TensorType type) {
  return canonicalizeDimOrder(getDimOrder(type), type.getSizes());
}

bool ng::isContiguousLayout(TensorType type) {
  return isIdentityDimOrder(getCanonicalDimOrder(type));
}

//===----------------------------------------------------------------------===//
// The layout of a view's output
//===----------------------------------------------------------------------===//

namespace {

/// What the rules read: the input's order and sizes, the output's sizes,
/// and the call's literal arguments.
struct ViewShapes {
  mutable CallOp call;
  DimOrder order;
  ArrayRef<DimRange> in, out;

  int64_t inRank() const { return in.size(); }
  int64_t outRank() const { return out.size(); }

  /// The literal int argument `name` (not a reference), if it is one.
  std::optional<int64_t> intArg(StringRef name) const {
    std::optional<WireArgument> arg = call.findArgument(name);
    if (!arg || arg->getKind() != ArgKind::Int)
      return std::nullopt;
    auto value = dyn_cast_or_null<IntegerAttr>(arg->getAttr().getValue());
    if (!value)
      return std::nullopt;
    return value.getInt();
  }
  /// The literal int list argument `name` (no references), if it is one.
  std::optional<DimOrder> intListArg(StringRef name) const {
    std::optional<WireArgument> arg = call.findArgument(name);
    if (!arg || arg->getKind() != ArgKind::IntList || arg->getNumOperands())
      return std::nullopt;
    auto values =
        dyn_cast_or_null<DenseI64ArrayAttr>(arg->getAttr().getValue());
    if (!values)
      return std::nullopt;
    return DimOrder(values.asArrayRef());
  }
  /// A dim index of a tensor of `rank` (negative ones count from the end).
  static std::optional<int64_t> wrapDim(std::optional<int64_t> dim,
                                        int64_t rank) {
    if (!dim || rank == 0 || *dim < -rank || *dim >= rank)
      return std::nullopt;
    return *dim < 0 ? *dim + rank : *dim;
  }

  /// Whether every dim before `dim` in the input's order has size 1 in the
  /// input: shrinking or dropping `dim` then leaves no gap in the strides
  /// of the dims outside it.
  bool outermost(int64_t dim) const {
    for (int64_t d : order) {
      if (d == dim)
        return true;
      if (!isUnit(in[d]))
        return false;
    }
    return false;
  }

  /// The output's order when the view only inserts or removes size-1 dims:
  /// the other dims, the same sizes in the same sequence, keep their
  /// relative order (their strides do not change).
  std::optional<DimOrder> unitDims() const {
    SmallVector<int64_t, 6> inDims, outDims;
    for (int64_t d = 0; d < inRank(); ++d)
      if (!isUnit(in[d]))
        inDims.push_back(d);
    for (int64_t d = 0; d < outRank(); ++d)
      if (!isUnit(out[d]))
        outDims.push_back(d);
    if (inDims.size() != outDims.size())
      return std::nullopt;
    SmallVector<int64_t, 6> toOut(inRank(), -1);
    for (auto [i, o] : llvm::zip_equal(inDims, outDims)) {
      if (!(in[i] == out[o]))
        return std::nullopt;
      toOut[i] = o;
    }
    DimOrder result;
    for (int64_t d : order)
      if (toOut[d] >= 0)
        result.push_back(toOut[d]);
    for (int64_t d = 0; d < outRank(); ++d)
      if (isUnit(out[d]))
        result.push_back(d);
    return result;
  }

  /// The output's order when output dim i is input dim perm[i].
  std::optional<DimOrder> permuted(ArrayRef<int64_t> perm) const {
    if (!isDimOrderPermutation(perm, inRank()) || outRank() != inRank())
      return std::nullopt;
    SmallVector<int64_t, 6> toOut(inRank());
    for (auto [i, d] : llvm::enumerate(perm)) {
      if (!(out[i] == in[d]))
        return std::nullopt;
      toOut[d] = i;
    }
    DimOrder result;
    for (int64_t d : order)
      result.push_back(toOut[d]);
    return result;
  }
};

std::optional<DimOrder> inferLayout(const ViewShapes &shapes,
                                    const OpFacts &view) {
  SmallVector<StringRef, 2> args(view.layoutArgs.begin(),
                                 view.layoutArgs.end());
  switch (view.layout) {
  case ViewLayout::None:
    return std::nullopt;
  case ViewLayout::Same:
    if (shapes.in != shapes.out)
      return std::nullopt;
    return shapes.order;
  case ViewLayout::Reshape:
    // A contiguous input is viewed with any sizes of its element count, and
    // the view is contiguous; otherwise (as for torch's view) only size-1
    // dims may come or go.
    if (isIdentityDimOrder(canonicalizeDimOrder(shapes.order, shapes.in)))
      return getIdentityDimOrder(shapes.outRank());
    return shapes.unitDims();
  case ViewLayout::Expand: {
    // New leading dims and broadcast size-1 dims have stride 0, which no dim
    // order expresses: dense only where they stay of size 1.
    int64_t lead = shapes.outRank() - shapes.inRank();
    if (lead < 0)
      return std::nullopt;
    for (int64_t i = 0; i < lead; ++i)
      if (!isUnit(shapes.out[i]))
        return std::nullopt;
    for (int64_t j = 0; j < shapes.inRank(); ++j) {
      DimRange in = shapes.in[j], out = shapes.out[lead + j];
      if (isUnit(in) ? !isUnit(out) : !(in == out))
        return std::nullopt;
    }
    return shapes.unitDims();
  }
  case ViewLayout::UnitDims:
    return shapes.unitDims();
  case ViewLayout::Permute: {
    std::optional<DimOrder> perm =
        args.empty() ? std::nullopt : shapes.intListArg(args[0]);
    if (!perm)
      return std::nullopt;
    for (int64_t &d : *perm) {
      std::optional<int64_t> wrapped = ViewShapes::wrapDim(d, shapes.inRank());
      if (!wrapped)
        return std::nullopt;
      d = *wrapped;
    }
    return shapes.permuted(*perm);
  }
  case ViewLayout::Transpose: {
    int64_t rank = shapes.inRank();
    DimOrder perm = getIdentityDimOrder(rank);
    if (args.empty()) {
      // t: a tensor of rank < 2 is its own transpose.
      if (rank > 2)
        return std::nullopt;
      if (rank == 2)
        std::swap(perm[0], perm[1]);
      return shapes.permuted(perm);
    }
    if (args.size() != 2)
      return std::nullopt;
    std::optional<int64_t> dim0 =
        ViewShapes::wrapDim(shapes.intArg(args[0]), rank);
    std::optional<int64_t> dim1 =
        ViewShapes::wrapDim(shapes.intArg(args[1]), rank);
    if (!dim0 || !dim1)
      return std::nullopt;
    std::swap(perm[*dim0], perm[*dim1]);
    return shapes.permuted(perm);
  }
  case ViewLayout::Slice: {
    if (args.empty() || shapes.inRank() != shapes.outRank())
      return std::nullopt;
    std::optional<int64_t> dim =
        ViewShapes::wrapDim(shapes.intArg(args[0]), shapes.inRank());
    if (!dim)
      return std::nullopt;
    for (int64_t d = 0; d < shapes.inRank(); ++d)
      if (d != *dim && !(shapes.in[d] == shapes.out[d]))
        return std::nullopt;
    DimRange in = shapes.in[*dim], out = shapes.out[*dim];
    std::optional<int64_t> step =
        args.size() > 1 ? shapes.intArg(args[1]) : std::optional<int64_t>(1);
    // One element of the dim, or all of it with step 1: no gap. Otherwise
    // the dim shrinks, which leaves a gap under every outer dim larger
    // than 1, and a step leaves gaps inside it.
    if (isUnit(out) || (in.isStatic() && in == out && step == 1))
      return shapes.order;
    if (step != 1 || !shapes.outermost(*dim))
      return std::nullopt;
    return shapes.order;
  }
  case ViewLayout::Select: {
    if (args.empty() || shapes.outRank() + 1 != shapes.inRank())
      return std::nullopt;
    std::optional<int64_t> dim =
        ViewShapes::wrapDim(shapes.intArg(args[0]), shapes.inRank());
    if (!dim)
      return std::nullopt;
    for (int64_t d = 0, o = 0; d < shapes.inRank(); ++d)
      if (d != *dim && !(shapes.in[d] == shapes.out[o++]))
        return std::nullopt;
    if (!isUnit(shapes.in[*dim]) && !shapes.outermost(*dim))
      return std::nullopt;
    DimOrder result;
    for (int64_t d : shapes.order)
      if (d != *dim)
        result.push_back(d > *dim ? d - 1 : d);
    return result;
  }
  }
  return std::nullopt;
}

} // namespace

std::optional<DimOrder> ng::inferViewDimOrder(CallOp call,
                                              const OpFacts &view) {
  if (view.layout == ViewLayout::None || view.aliasedArg.empty() ||
      call.getNumResults() != 1)
    return std::nullopt;
  std::optional<WireArgument> source = call.findArgument(view.aliasedArg);
  Value input = source ? source->getTensor() : Value();
  auto inType = input ? dyn_cast<TensorType>(input.getType()) : TensorType();
  auto outType = dyn_cast<TensorType>(call.getResult(0).getType());
  if (!inType || !outType || !inType.hasMeta() || !outType.hasMeta() ||
      inType.getQuant() || outType.getQuant() ||
      inType.getElementType() != outType.getElementType())
    return std::nullopt;
  ViewShapes shapes{call, getDimOrder(inType), inType.getSizes(),
                    outType.getSizes()};
  if (!isDimOrderPermutation(shapes.order, shapes.inRank()))
    return std::nullopt;
  std::optional<DimOrder> order = inferLayout(shapes, view);
  if (!order || !isDimOrderPermutation(*order, shapes.outRank()))
    return std::nullopt;
  return canonicalizeDimOrder(*order, shapes.out);
}

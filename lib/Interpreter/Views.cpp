//===- Views.cpp - views, copies, concatenation ---------------------------===//
//
// Views return a Tensor over their input's Storage (torch's view semantics,
// https://pytorch.org/docs/stable/tensor_view.html): a write through one is
// seen through every other. Their `*_copy` variants run the same kernel; the
// executor gives the result its own storage because the IR says it aliases
// nothing. Copies (clone, _to_copy, the dim-order ops) make contiguous
// results, which the executor lays out in the dim order the program records
// for them (D1, D4).
//
//===----------------------------------------------------------------------===//

#include "ng/Interpreter/Kernel.h"

#include <algorithm>
#include <limits>

using namespace ng;
using namespace ng::run;

namespace {

/// Sizes with one -1 inferred (torch's infer_size).
std::optional<Shape> inferSize(KernelContext &ctx, std::vector<int64_t> sizes,
                               int64_t numel) {
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (inferred) {
        ctx.fail("only one dimension can be inferred");
        return std::nullopt;
      }
      inferred = i;
    } else if (sizes[i] < 0) {
      ctx.fail("invalid shape dimension " + llvm::Twine(sizes[i]));
      return std::nullopt;
    } else {
      known *= sizes[i];
    }
  }
  if (inferred) {
    if (known == 0 || numel % known) {
      ctx.fail("shape " + formatShape(sizes) +
               " is invalid for input of size " + llvm::Twine(numel));
      return std::nullopt;
    }
    sizes[*inferred] = numel / known;
  } else if (known != numel) {
    ctx.fail("shape " + formatShape(sizes) + " is invalid for input of size " +
             llvm::Twine(numel));
    return std::nullopt;
  }
  return Shape(sizes.begin(), sizes.end());
}

/// The strides that view `t` as `shape` without copying, if any
/// (THTensor_compute_stride).
std::optional<Shape> computeViewStrides(const Tensor &t,
                                        llvm::ArrayRef<int64_t> shape) {
  llvm::ArrayRef<int64_t> oldShape = t.getSizes(), oldStride = t.getStrides();
  Shape newStride(shape.size(), 0);
  if (t.getNumElements() == 0 || oldShape.empty())
    return getStridesForDimOrder(shape, {});
  int64_t viewD = static_cast<int64_t>(shape.size()) - 1;
  int64_t chunkBaseStride = oldStride.back();
  int64_t tensorNumel = 1, viewNumel = 1;
  for (int64_t tensorD = static_cast<int64_t>(oldShape.size()) - 1;
       tensorD >= 0; --tensorD) {
    tensorNumel *= oldShape[tensorD];
    if (tensorD == 0 ||
        (oldShape[tensorD - 1] != 1 &&
         oldStride[tensorD - 1] != tensorNumel * chunkBaseStride)) {
      while (viewD >= 0 && (viewNumel < tensorNumel || shape[viewD] == 1)) {
        newStride[viewD] = viewNumel * chunkBaseStride;
        viewNumel *= shape[viewD];
        --viewD;
      }
      if (viewNumel != tensorNumel)
        return std::nullopt;
      if (tensorD > 0) {
        chunkBaseStride = oldStride[tensorD - 1];
        tensorNumel = 1;
        viewNumel = 1;
      }
    }
  }
  if (viewD != -1)
    return std::nullopt;
  return newStride;
}

/// view / reshape: a view where the strides allow it; reshape (and the
/// `_copy` variant) copies otherwise, view fails as torch's does.
bool viewKernel(KernelContext &ctx, llvm::StringRef sizeArg, bool mayCopy) {
  const Tensor *self = ctx.tensor("self");
  std::vector<int64_t> sizes =
      self ? ctx.getInts(sizeArg) : std::vector<int64_t>();
  if (!self || ctx.failed())
    return false;
  std::optional<Shape> shape = inferSize(ctx, sizes, self->getNumElements());
  if (!shape)
    return false;
  if (std::optional<Shape> strides = computeViewStrides(*self, *shape)) {
    ctx.setResult(0, self->withView(*shape, *strides, self->getOffset()));
    return true;
  }
  if (!mayCopy)
    return ctx.fail("view size " + formatShape(*shape) +
                    " is not compatible with the input's size and stride "
                    "(use reshape)");
  Tensor copy = self->clone();
  ctx.setResult(0, copy.withView(*shape, getStridesForDimOrder(*shape, {}), 0));
  return true;
}

bool permuteKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::vector<int64_t> dims =
      self ? ctx.getInts("dims") : std::vector<int64_t>();
  if (!self || ctx.failed())
    return false;
  int64_t rank = self->getRank();
  if (static_cast<int64_t>(dims.size()) != rank)
    return ctx.fail("permute: " + llvm::Twine(dims.size()) +
                    " dims for a tensor of rank " + llvm::Twine(rank));
  Shape sizes, strides;
  llvm::SmallVector<bool, 6> seen(rank, false);
  for (int64_t dim : dims) {
    int64_t d = ctx.normalizeDim(dim, rank);
    if (ctx.failed())
      return false;
    if (seen[d])
      return ctx.fail("permute: dim " + llvm::Twine(d) + " repeats");
    seen[d] = true;
    sizes.push_back(self->getSize(d));
    strides.push_back(self->getStrides()[d]);
  }
  ctx.setResult(0, self->withView(sizes, strides, self->getOffset()));
  return true;
}

bool transposeKernel(KernelContext &ctx, bool t) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t rank = self->getRank();
  if (t && rank > 2)
    return ctx.fail("t() takes a tensor of at most 2 dims");
  if (t && rank < 2) {
    ctx.setResult(0, *self);
    return true;
  }
  int64_t d0 = t ? 0 : ctx.normalizeDim(ctx.getInt("dim0"), rank);
  int64_t d1 = t ? 1 : ctx.normalizeDim(ctx.getInt("dim1"), rank);
  if (ctx.failed())
    return false;
  Shape sizes(self->getSizes()), strides(self->getStrides());
  if (rank > 0) {
    std::swap(sizes[d0], sizes[d1]);
    std::swap(strides[d0], strides[d1]);
  }
  ctx.setResult(0, self->withView(sizes, strides, self->getOffset()));
  return true;
}

bool unsqueezeKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t d = ctx.normalizeDim(ctx.getInt("dim"), self->getRank() + 1);
  if (ctx.failed())
    return false;
  Shape sizes(self->getSizes()), strides(self->getStrides());
  int64_t stride = d < self->getRank() ? sizes[d] * strides[d] : 1;
  sizes.insert(sizes.begin() + d, 1);
  strides.insert(strides.begin() + d, stride);
  ctx.setResult(0, self->withView(sizes, strides, self->getOffset()));
  return true;
}

/// squeeze (every size-1 dim), squeeze.dim, squeeze.dims.
bool squeezeKernel(KernelContext &ctx, bool all) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t rank = self->getRank();
  llvm::SmallVector<bool, 6> drop(rank, all);
  if (!all)
    for (int64_t dim : ctx.getInts("dim")) {
      int64_t d = ctx.normalizeDim(dim, rank);
      if (ctx.failed())
        return false;
      if (rank)
        drop[d] = true;
    }
  Shape sizes, strides;
  for (int64_t d = 0; d < rank; ++d)
    if (!(drop[d] && self->getSize(d) == 1)) {
      sizes.push_back(self->getSize(d));
      strides.push_back(self->getStrides()[d]);
    }
  ctx.setResult(0, self->withView(sizes, strides, self->getOffset()));
  return true;
}

bool expandKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::vector<int64_t> sizes =
      self ? ctx.getInts("size") : std::vector<int64_t>();
  if (!self || ctx.failed())
    return false;
  int64_t rank = self->getRank(), newRank = static_cast<int64_t>(sizes.size());
  if (newRank < rank)
    return ctx.fail("expand: " + formatShape(sizes) + " has fewer dims than " +
                    formatShape(self->getSizes()));
  Shape outSizes(newRank), strides(newRank, 0);
  for (int64_t i = newRank - 1; i >= 0; --i) {
    int64_t d = i - (newRank - rank);
    int64_t size = sizes[i];
    if (d >= 0) {
      int64_t old = self->getSize(d);
      if (size == -1)
        size = old;
      if (old != size && old != 1)
        return ctx.fail("expand: the size of dim " + llvm::Twine(i) + " (" +
                        llvm::Twine(old) + ") cannot become " +
                        llvm::Twine(size));
      strides[i] = old == size ? self->getStrides()[d] : 0;
    } else if (size < 0) {
      return ctx.fail("expand: -1 is not allowed for a new leading dim");
    }
    outSizes[i] = size;
  }
  if (!ctx.checkSizes(outSizes))
    return false;
  ctx.setResult(0, self->withView(outSizes, strides, self->getOffset()));
  return true;
}

/// torch's slice bounds: negative from the end, clamped, end >= start.
struct SliceBounds {
  int64_t start, length;
};
std::optional<SliceBounds> sliceBounds(KernelContext &ctx, int64_t size,
                                       llvm::StringRef startArg,
                                       llvm::StringRef endArg, int64_t step) {
  if (step <= 0) {
    ctx.fail("slice step must be positive");
    return std::nullopt;
  }
  int64_t start = ctx.getInt(startArg, 0);
  int64_t end = ctx.getInt(endArg, std::numeric_limits<int64_t>::max());
  if (ctx.failed())
    return std::nullopt;
  if (start < 0)
    start = start < -size ? 0 : start + size;
  if (end < 0)
    end = end < -size ? 0 : end + size;
  start = std::min(start, size);
  end = std::clamp(end, start, size);
  return SliceBounds{start, (end - start + step - 1) / step};
}

/// The view `slice(self, dim, start, end, step)` is.
std::optional<Tensor> sliceView(KernelContext &ctx, const Tensor &self) {
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0), self.getRank());
  int64_t step = ctx.getInt("step", 1);
  if (ctx.failed())
    return std::nullopt;
  if (self.getRank() == 0) {
    ctx.fail("slice cannot be applied to a 0-dim tensor");
    return std::nullopt;
  }
  std::optional<SliceBounds> bounds =
      sliceBounds(ctx, self.getSize(dim), "start", "end", step);
  if (!bounds)
    return std::nullopt;
  Shape sizes(self.getSizes()), strides(self.getStrides());
  int64_t offset = self.getOffset() + bounds->start * strides[dim];
  sizes[dim] = bounds->length;
  strides[dim] *= step;
  return self.withView(sizes, strides, offset);
}

std::optional<Tensor> selectView(KernelContext &ctx, const Tensor &self) {
  if (self.getRank() == 0) {
    ctx.fail("select cannot be applied to a 0-dim tensor");
    return std::nullopt;
  }
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self.getRank());
  int64_t index = ctx.getInt("index");
  if (ctx.failed())
    return std::nullopt;
  int64_t size = self.getSize(dim);
  if (index < -size || index >= size) {
    ctx.fail("select: index " + llvm::Twine(index) +
             " is out of range for dim " + llvm::Twine(dim) + " of size " +
             llvm::Twine(size));
    return std::nullopt;
  }
  if (index < 0)
    index += size;
  Shape sizes(self.getSizes()), strides(self.getStrides());
  int64_t offset = self.getOffset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return self.withView(sizes, strides, offset);
}

bool narrowKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  if (self->getRank() == 0)
    return ctx.fail("narrow cannot be applied to a 0-dim tensor");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  int64_t start = ctx.getInt("start"), length = ctx.getInt("length");
  if (ctx.failed())
    return false;
  int64_t size = self->getSize(dim);
  if (start < 0)
    start += size;
  if (start < 0 || length < 0 || start + length > size)
    return ctx.fail("narrow: start " + llvm::Twine(start) + " and length " +
                    llvm::Twine(length) + " exceed dim " + llvm::Twine(dim) +
                    " of size " + llvm::Twine(size));
  Shape sizes(self->getSizes());
  sizes[dim] = length;
  ctx.setResult(
      0, self->withView(sizes, self->getStrides(),
                        self->getOffset() + start * self->getStrides()[dim]));
  return true;
}

/// Views of consecutive pieces along `dim` (split, split_with_sizes,
/// unbind, chunk), one result each.
bool piecesKernel(KernelContext &ctx, const Tensor &self, int64_t dim,
                  llvm::ArrayRef<int64_t> pieces, bool dropDim) {
  if (pieces.size() != ctx.getNumResults())
    return ctx.fail("the op makes " + llvm::Twine(pieces.size()) +
                    " pieces, but the node has " +
                    llvm::Twine(ctx.getNumResults()) + " outputs");
  int64_t at = 0;
  for (auto [i, length] : llvm::enumerate(pieces)) {
    Shape sizes(self.getSizes()), strides(self.getStrides());
    int64_t offset = self.getOffset() + at * strides[dim];
    sizes[dim] = length;
    if (dropDim) {
      sizes.erase(sizes.begin() + dim);
      strides.erase(strides.begin() + dim);
    }
    ctx.setResult(i, self.withView(sizes, strides, offset));
    at += length;
  }
  return true;
}

bool splitKernel(KernelContext &ctx, bool withSizes) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  if (self->getRank() == 0)
    return ctx.fail("split cannot be applied to a 0-dim tensor");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0), self->getRank());
  if (ctx.failed())
    return false;
  int64_t size = self->getSize(dim);
  std::vector<int64_t> pieces;
  if (withSizes) {
    pieces = ctx.getInts("split_sizes");
    int64_t total = 0;
    for (int64_t p : pieces) {
      if (p < 0)
        return ctx.fail("split_sizes has a negative size");
      total += p;
    }
    if (total != size)
      return ctx.fail("split_sizes " + formatShape(pieces) +
                      " do not add up to " + llvm::Twine(size));
  } else {
    int64_t splitSize = ctx.getInt("split_size");
    if (ctx.failed())
      return false;
    if (splitSize <= 0)
      return ctx.fail("split_size must be positive");
    for (int64_t at = 0; at < size || (size == 0 && pieces.empty());
         at += splitSize)
      pieces.push_back(std::min(splitSize, size - at));
  }
  if (ctx.failed())
    return false;
  return piecesKernel(ctx, *self, dim, pieces, false);
}

bool chunkKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t chunks = ctx.getInt("chunks");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0), self->getRank());
  if (ctx.failed())
    return false;
  if (chunks <= 0 || self->getRank() == 0)
    return ctx.fail("chunk needs a positive count and a dimensioned tensor");
  int64_t size = self->getSize(dim);
  int64_t each = (size + chunks - 1) / chunks;
  std::vector<int64_t> pieces;
  for (int64_t at = 0; at < size; at += std::max<int64_t>(each, 1))
    pieces.push_back(std::min(each, size - at));
  return piecesKernel(ctx, *self, dim, pieces, false);
}

bool unbindKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  if (self->getRank() == 0)
    return ctx.fail("unbind cannot be applied to a 0-dim tensor");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0), self->getRank());
  if (ctx.failed())
    return false;
  std::vector<int64_t> pieces(self->getSize(dim), 1);
  return piecesKernel(ctx, *self, dim, pieces, true);
}

bool flattenKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t rank = self->getRank();
  int64_t start = ctx.normalizeDim(ctx.getInt("start_dim", 0), rank);
  int64_t end = ctx.normalizeDim(ctx.getInt("end_dim", -1), rank);
  if (ctx.failed())
    return false;
  if (start > end)
    return ctx.fail("flatten: start_dim comes after end_dim");
  Shape sizes;
  for (int64_t d = 0; d < rank; ++d) {
    if (d > start && d <= end)
      sizes.back() *= self->getSize(d);
    else
      sizes.push_back(self->getSize(d));
  }
  std::optional<Shape> strides = computeViewStrides(*self, sizes);
  if (strides)
    ctx.setResult(0, self->withView(sizes, *strides, self->getOffset()));
  else
    ctx.setResult(
        0, self->clone().withView(sizes, getStridesForDimOrder(sizes, {}), 0));
  return true;
}

bool unflattenKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  std::vector<int64_t> sizes = ctx.getInts("sizes");
  if (ctx.failed())
    return false;
  std::optional<Shape> inner = inferSize(ctx, sizes, self->getSize(dim));
  if (!inner)
    return false;
  Shape shape(self->getSizes().take_front(dim));
  shape.append(inner->begin(), inner->end());
  shape.append(self->getSizes().begin() + dim + 1, self->getSizes().end());
  std::optional<Shape> strides = computeViewStrides(*self, shape);
  if (!strides)
    return ctx.fail("unflatten: not viewable");
  ctx.setResult(0, self->withView(shape, *strides, self->getOffset()));
  return true;
}

bool asStridedKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  std::vector<int64_t> sizes = ctx.getInts("size"),
                       strides = ctx.getInts("stride");
  int64_t offset = ctx.getInt("storage_offset", self->getOffset());
  if (ctx.failed())
    return false;
  if (sizes.size() != strides.size())
    return ctx.fail("as_strided: size and stride differ in length");
  int64_t last = offset;
  bool empty = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0 || strides[i] < 0)
      return ctx.fail("as_strided: negative size or stride");
    empty = empty || sizes[i] == 0;
    last += (sizes[i] - 1) * strides[i];
  }
  int64_t capacity = static_cast<int64_t>(self->getStorage()->bytes.size() /
                                          getDTypeSize(self->getDType()));
  if (offset < 0 || (!empty && last >= capacity))
    return ctx.fail("as_strided: the view reaches beyond its storage");
  ctx.setResult(0, self->withView(sizes, strides, offset));
  return true;
}

/// Concatenate along `dim`; stack inserts the dim first. Promotes dtypes.
bool catKernel(KernelContext &ctx, bool stack) {
  std::vector<Tensor> tensors = ctx.getTensors("tensors");
  if (ctx.failed())
    return false;
  if (tensors.empty())
    return ctx.fail("expected a non-empty list of tensors");
  if (stack) {
    Shape first(tensors[0].getSizes());
    int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0),
                                   static_cast<int64_t>(first.size()) + 1);
    if (ctx.failed())
      return false;
    for (Tensor &t : tensors) {
      if (Shape(t.getSizes()) != first)
        return ctx.fail("stack expects each tensor to be equal size, but got " +
                        formatShape(first) + " and " +
                        formatShape(t.getSizes()));
      Shape sizes(t.getSizes()), strides(t.getStrides());
      sizes.insert(sizes.begin() + dim, 1);
      strides.insert(strides.begin() + dim, 1);
      t = t.withView(sizes, strides, t.getOffset());
    }
    // Each tensor, given a size-1 dim there, fills one slice of the result.
    DType dtype = tensors[0].getDType();
    for (const Tensor &t : tensors)
      dtype = promoteTypes(dtype, t.getDType());
    Shape out(tensors[0].getSizes());
    out[dim] = static_cast<int64_t>(tensors.size());
    Tensor result = Tensor::alloc(dtype, out);
    int64_t at = 0;
    for (const Tensor &t : tensors) {
      Shape sizes(out), strides(result.getStrides());
      sizes[dim] = 1;
      result.withView(sizes, strides, at * strides[dim]).copyFrom(t, true);
      ++at;
    }
    ctx.setResult(0, result);
    return true;
  }
  // torch skips 1-D empty tensors (the legacy "[0]" placeholder).
  std::vector<Tensor> parts;
  for (const Tensor &t : tensors)
    if (!(t.getRank() == 1 && t.getSize(0) == 0))
      parts.push_back(t);
  if (parts.empty()) {
    ctx.setResult(0, tensors[0].clone());
    return true;
  }
  int64_t rank = parts[0].getRank();
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", 0), rank);
  if (ctx.failed())
    return false;
  if (rank == 0)
    return ctx.fail("zero-dimensional tensors cannot be concatenated");
  DType dtype = parts[0].getDType();
  Shape out(parts[0].getSizes());
  out[dim] = 0;
  for (const Tensor &t : parts) {
    dtype = promoteTypes(dtype, t.getDType());
    if (t.getRank() != rank)
      return ctx.fail("cat: tensors of ranks " + llvm::Twine(rank) + " and " +
                      llvm::Twine(t.getRank()));
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && t.getSize(d) != parts[0].getSize(d))
        return ctx.fail("cat: sizes " + formatShape(parts[0].getSizes()) +
                        " and " + formatShape(t.getSizes()) +
                        " differ outside dim " + llvm::Twine(dim));
    out[dim] += t.getSize(dim);
  }
  Tensor result = Tensor::alloc(dtype, out);
  int64_t at = 0;
  for (const Tensor &t : parts) {
    Shape sizes(out);
    sizes[dim] = t.getSize(dim);
    result.withView(sizes, result.getStrides(), at * result.getStrides()[dim])
        .copyFrom(t, true);
    at += t.getSize(dim);
  }
  ctx.setResult(0, result);
  return true;
}

/// clone, _to_copy, contiguous, the dim-order copies: a contiguous copy in
/// the requested dtype; the layout the program records is applied by the
/// executor.
bool copyKernel(KernelContext &ctx, bool hasDType) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  std::optional<DType> dtype =
      hasDType ? ctx.getOptionalDType("dtype") : std::nullopt;
  if (ctx.failed())
    return false;
  ctx.setResult(0, self->clone(dtype));
  return true;
}

/// copy(self, src): src broadcast to self's sizes, in self's dtype.
bool copyIntoKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *src = self ? ctx.tensor("src") : nullptr;
  if (!src)
    return false;
  std::optional<Shape> shape =
      broadcastShapes(self->getSizes(), src->getSizes());
  if (!shape || *shape != Shape(self->getSizes()))
    return ctx.fail("copy: 'src' " + formatShape(src->getSizes()) +
                    " does not broadcast to 'self' " +
                    formatShape(self->getSizes()));
  Tensor result = Tensor::alloc(self->getDType(), self->getSizes());
  result.copyFrom(src->broadcastTo(*shape), true);
  ctx.setResult(0, result);
  return true;
}

/// slice_scatter / select_scatter: a copy of self with src written into
/// the slice.
bool scatterKernel(KernelContext &ctx, bool select) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *src = self ? ctx.tensor("src") : nullptr;
  if (!src)
    return false;
  Tensor result = self->clone();
  std::optional<Tensor> target =
      select ? selectView(ctx, result) : sliceView(ctx, result);
  if (!target)
    return false;
  if (Shape(target->getSizes()) != Shape(src->getSizes()))
    return ctx.fail("'src' " + formatShape(src->getSizes()) +
                    " does not have the sizes of the slice, " +
                    formatShape(target->getSizes()));
  target->copyFrom(*src, true);
  ctx.setResult(0, result);
  return true;
}

} // namespace

void run::registerViewKernels(KernelRegistry &r) {
  auto both = [&](llvm::StringRef packet,
                  std::initializer_list<llvm::StringRef> overloads,
                  llvm::StringRef signature, KernelFn fn) {
    r.addOverloads(packet, overloads, signature, fn);
    r.addOverloads((packet + "_copy").str(), overloads, signature, fn);
  };
  r.add("torch.ops.aten.view.default", "self,size",
        [](KernelContext &ctx) { return viewKernel(ctx, "size", false); });
  r.add("torch.ops.aten._unsafe_view.default", "self,size",
        [](KernelContext &ctx) { return viewKernel(ctx, "size", true); });
  r.add("torch.ops.aten.view_copy.default", "self,size",
        [](KernelContext &ctx) { return viewKernel(ctx, "size", true); });
  r.add("torch.ops.aten.reshape.default", "self,shape",
        [](KernelContext &ctx) { return viewKernel(ctx, "shape", true); });
  both("aten.permute", {"default"}, "self,dims", permuteKernel);
  both("aten.transpose", {"int"}, "self,dim0,dim1",
       [](KernelContext &ctx) { return transposeKernel(ctx, false); });
  both("aten.t", {"default"}, "self",
       [](KernelContext &ctx) { return transposeKernel(ctx, true); });
  both("aten.unsqueeze", {"default"}, "self,dim", unsqueezeKernel);
  both("aten.squeeze", {"default"}, "self",
       [](KernelContext &ctx) { return squeezeKernel(ctx, true); });
  both("aten.squeeze", {"dim", "dims"}, "self,dim",
       [](KernelContext &ctx) { return squeezeKernel(ctx, false); });
  both("aten.expand", {"default"}, "self,size,implicit", expandKernel);
  both("aten.slice", {"Tensor"}, "self,dim,start,end,step",
       [](KernelContext &ctx) {
         const Tensor *self = ctx.tensor("self");
         std::optional<Tensor> view =
             self ? sliceView(ctx, *self) : std::nullopt;
         if (!view)
           return false;
         ctx.setResult(0, *view);
         return true;
       });
  both("aten.select", {"int"}, "self,dim,index", [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    std::optional<Tensor> view = self ? selectView(ctx, *self) : std::nullopt;
    if (!view)
      return false;
    ctx.setResult(0, *view);
    return true;
  });
  both("aten.narrow", {"default"}, "self,dim,start,length", narrowKernel);
  auto identity = [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    ctx.setResult(0, *self);
    return true;
  };
  both("aten.alias", {"default"}, "self", identity);
  both("aten.detach", {"default"}, "self", identity);
  both("aten.unbind", {"int"}, "self,dim", unbindKernel);
  both("aten.split", {"Tensor"}, "self,split_size,dim",
       [](KernelContext &ctx) { return splitKernel(ctx, false); });
  both("aten.split_with_sizes", {"default"}, "self,split_sizes,dim",
       [](KernelContext &ctx) { return splitKernel(ctx, true); });
  r.add("torch.ops.aten.chunk.default", "self,chunks,dim", chunkKernel);
  r.add("torch.ops.aten.flatten.using_ints", "self,start_dim,end_dim",
        flattenKernel);
  r.add("torch.ops.aten.unflatten.int", "self,dim,sizes", unflattenKernel);
  both("aten.as_strided", {"default"}, "self,size,stride,storage_offset",
       asStridedKernel);

  r.add("torch.ops.aten.cat.default", "tensors,dim",
        [](KernelContext &ctx) { return catKernel(ctx, false); });
  r.add("torch.ops.aten.stack.default", "tensors,dim",
        [](KernelContext &ctx) { return catKernel(ctx, true); });
  r.add("torch.ops.aten.clone.default", "self,memory_format",
        [](KernelContext &ctx) { return copyKernel(ctx, false); });
  r.add("torch.ops.aten.lift_fresh_copy.default", "self",
        [](KernelContext &ctx) { return copyKernel(ctx, false); });
  r.add("torch.ops.aten.contiguous.default", "self,memory_format",
        [](KernelContext &ctx) { return copyKernel(ctx, false); });
  r.add("torch.ops.aten._to_copy.default",
        "self,dtype,layout,device,pin_memory,non_blocking,memory_format",
        [](KernelContext &ctx) { return copyKernel(ctx, true); });
  r.add("torch.ops.aten.to.dtype", "self,dtype,non_blocking,copy,memory_format",
        [](KernelContext &ctx) { return copyKernel(ctx, true); });
  r.add("torch.ops.dim_order_ops._clone_dim_order.default",
        "self,non_blocking,dim_order",
        [](KernelContext &ctx) { return copyKernel(ctx, false); });
  r.add("torch.ops.dim_order_ops._to_dim_order_copy.default",
        "self,dtype,layout,device,pin_memory,non_blocking,dim_order",
        [](KernelContext &ctx) { return copyKernel(ctx, true); });
  r.add("torch.ops.aten.copy.default", "self,src,non_blocking", copyIntoKernel);
  r.add("torch.ops.aten.slice_scatter.default", "self,src,dim,start,end,step",
        [](KernelContext &ctx) { return scatterKernel(ctx, false); });
  r.add("torch.ops.aten.select_scatter.default", "self,src,dim,index",
        [](KernelContext &ctx) { return scatterKernel(ctx, true); });
}

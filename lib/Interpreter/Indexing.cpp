//===- Indexing.cpp - advanced indexing, embedding, tensor creation -------===//
//
// torch's advanced indexing
// (https://pytorch.org/docs/stable/tensor_indexing.html, NumPy's rules): index
// tensors broadcast together; adjacent indexed dims are replaced in place by
// the broadcast shape, separated ones move it to the front; bool masks index by
// their nonzero positions. Every index is checked against its dim: an index out
// of range is an error naming it, never a read beyond the tensor.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseSupport.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

using namespace ng;
using namespace ng::run;

namespace {

/// Where each element of `self[indices]` lives in `self`'s storage, and
/// the shape of the result.
struct IndexedPlaces {
  Shape shape;
  std::vector<int64_t> offsets;
};

std::optional<IndexedPlaces> indexPlaces(KernelContext &ctx, const Tensor &self,
                                         std::vector<Tensor> indices) {
  int64_t rank = self.getRank();
  // Bool masks become one long index per dim they cover.
  std::vector<Tensor> expanded;
  for (const Tensor &index : indices) {
    if (!index.defined() || index.getDType() != DType::Bool) {
      expanded.push_back(index);
      continue;
    }
    int64_t dims = index.getRank();
    std::vector<int64_t> mask = index.readInt();
    std::vector<std::vector<int64_t>> coords(dims);
    Shape strides = getStridesForDimOrder(index.getSizes(), {});
    for (int64_t flat = 0; flat < static_cast<int64_t>(mask.size()); ++flat) {
      if (!mask[flat])
        continue;
      for (int64_t d = 0; d < dims; ++d)
        coords[d].push_back((flat / strides[d]) % index.getSize(d));
    }
    for (int64_t d = 0; d < dims; ++d) {
      Tensor t =
          Tensor::alloc(DType::I64, {static_cast<int64_t>(coords[d].size())});
      t.writeInt(coords[d], true);
      expanded.push_back(t);
    }
  }
  if (static_cast<int64_t>(expanded.size()) > rank) {
    ctx.fail("too many indices (" + llvm::Twine(expanded.size()) +
             ") for a tensor of rank " + llvm::Twine(rank));
    return std::nullopt;
  }
  llvm::SmallVector<int64_t, 6> indexed;
  Shape broadcast;
  bool first = true;
  for (auto [d, index] : llvm::enumerate(expanded)) {
    if (!index.defined())
      continue;
    if (isFloatDType(index.getDType())) {
      ctx.fail("tensors used as indices must be long, int or bool");
      return std::nullopt;
    }
    std::optional<Shape> shape =
        first ? Shape(index.getSizes())
              : broadcastShapes(broadcast, index.getSizes());
    if (!shape) {
      ctx.fail("index shapes " + formatShape(broadcast) + " and " +
               formatShape(index.getSizes()) + " cannot be broadcast together");
      return std::nullopt;
    }
    broadcast = *shape;
    if (!ctx.checkSizes(broadcast))
      return std::nullopt;
    first = false;
    indexed.push_back(d);
  }
  // Offsets of the broadcast index positions.
  int64_t count = getNumElements(broadcast);
  std::vector<int64_t> indexOffsets(indexed.empty() ? 1 : count, 0);
  for (int64_t d : indexed) {
    std::vector<int64_t> values = expanded[d].broadcastTo(broadcast).readInt();
    int64_t size = self.getSize(d), stride = self.getStrides()[d];
    for (int64_t i = 0; i < count; ++i) {
      int64_t v = values[i];
      if (v < -size || v >= size) {
        ctx.fail("index " + llvm::Twine(v) + " is out of bounds for dim " +
                 llvm::Twine(d) + " of size " + llvm::Twine(size));
        return std::nullopt;
      }
      indexOffsets[i] += (v < 0 ? v + size : v) * stride;
    }
  }
  bool adjacent = indexed.empty() || indexed.back() - indexed.front() + 1 ==
                                         static_cast<int64_t>(indexed.size());
  // The dims that are not indexed, before and after the indexed block.
  auto restOffsets = [&](int64_t from, int64_t to, Shape &sizes) {
    Shape strides;
    for (int64_t d = from; d < to; ++d) {
      if (llvm::is_contained(indexed, d))
        continue;
      sizes.push_back(self.getSize(d));
      strides.push_back(self.getStrides()[d]);
    }
    std::vector<int64_t> offsets;
    self.withView(sizes, strides, 0).forEachOffset([&](int64_t at) {
      offsets.push_back(at);
    });
    return offsets;
  };
  IndexedPlaces places;
  Shape before, after;
  std::vector<int64_t> beforeOffsets, afterOffsets;
  if (adjacent && !indexed.empty()) {
    beforeOffsets = restOffsets(0, indexed.front(), before);
    afterOffsets = restOffsets(indexed.back() + 1, rank, after);
  } else {
    beforeOffsets = {0};
    afterOffsets = restOffsets(0, rank, after);
  }
  places.shape = before;
  if (!indexed.empty())
    places.shape.append(broadcast.begin(), broadcast.end());
  places.shape.append(after.begin(), after.end());
  places.offsets.reserve(getNumElements(places.shape));
  for (int64_t b : beforeOffsets)
    for (int64_t i : indexOffsets)
      for (int64_t a : afterOffsets)
        places.offsets.push_back(self.getOffset() + b + i + a);
  return places;
}

/// Result 0 is `self[indices]`, a new tensor: index.Tensor, embedding and
/// index_select are this gather with their own index lists.
bool gatherIndexed(KernelContext &ctx, const Tensor &self,
                   std::vector<Tensor> indices) {
  std::optional<IndexedPlaces> places =
      indexPlaces(ctx, self, std::move(indices));
  if (!places)
    return false;
  Tensor result = Tensor::alloc(self.getDType(), places->shape);
  size_t width = getDTypeSize(self.getDType());
  uint8_t *out = result.getStorage()->bytes.data();
  for (size_t i = 0; i < places->offsets.size(); ++i)
    std::memcpy(out + i * width, self.elementAt(places->offsets[i]), width);
  ctx.setResult(0, result);
  return true;
}

bool indexKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  std::vector<Tensor> indices =
      self ? ctx.getTensors("indices", /*optional=*/true)
           : std::vector<Tensor>();
  if (!self || ctx.failed())
    return false;
  return gatherIndexed(ctx, *self, indices);
}

/// index_put(self, indices, values, accumulate): into a copy of `self`, or
/// into `self` itself (index_put_). Repeated indices: the last write wins
/// (accumulate=false), all add up (accumulate=true).
bool indexPutKernel(KernelContext &ctx, bool inPlace) {
  const Tensor *self = ctx.tensor("self");
  std::vector<Tensor> indices =
      self ? ctx.getTensors("indices", true) : std::vector<Tensor>();
  const Tensor *values = self ? ctx.tensor("values") : nullptr;
  bool accumulate = ctx.getBool("accumulate", false);
  if (!values || ctx.failed())
    return false;
  Tensor target = inPlace ? *self : self->clone();
  std::optional<IndexedPlaces> places = indexPlaces(ctx, target, indices);
  if (!places)
    return false;
  std::optional<Shape> shape =
      broadcastShapes(values->getSizes(), places->shape);
  if (!shape || *shape != places->shape)
    return ctx.fail("values " + formatShape(values->getSizes()) +
                    " do not broadcast to the indexed shape " +
                    formatShape(places->shape));
  Tensor source = values->broadcastTo(places->shape);
  visitComputeType(target.getDType(), [&](auto tag) {
    using CT = decltype(tag);
    std::vector<CT> v = source.read<CT>();
    for (size_t i = 0; i < v.size(); ++i) {
      Tensor element = target.withView({}, {}, places->offsets[i]);
      CT value = v[i];
      if (accumulate)
        value = wrapAdd(element.read<CT>().front(), value);
      element.write<CT>({value}, /*initialising=*/!inPlace);
    }
  });
  if (inPlace)
    target.getStorage()->written = true;
  ctx.setResult(0, target);
  return true;
}

bool embeddingKernel(KernelContext &ctx) {
  const Tensor *weight = ctx.tensor("weight");
  const Tensor *indices = weight ? ctx.tensor("indices") : nullptr;
  if (!indices)
    return false;
  if (weight->getRank() != 2)
    return ctx.fail("'weight' must be 2-D, not " +
                    formatShape(weight->getSizes()));
  if (isFloatDType(indices->getDType()) || indices->getDType() == DType::Bool)
    return ctx.fail("'indices' must be an integer tensor");
  return gatherIndexed(ctx, *weight, {*indices});
}

bool indexSelectKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *index = self ? ctx.tensor("index") : nullptr;
  if (!index)
    return false;
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  if (ctx.failed())
    return false;
  if (index->getRank() > 1)
    return ctx.fail("index_select: 'index' must be at most 1-D");
  std::vector<Tensor> list(dim + 1);
  list[dim] = index->getRank() == 0
                  ? index->withView({1}, {0}, index->getOffset())
                  : *index;
  return gatherIndexed(ctx, *self, std::move(list));
}

/// index_copy(self, dim, index, source): self.select(dim, index[i]) =
/// source.select(dim, i).
bool indexCopyKernel(KernelContext &ctx, bool inPlace) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *index = self ? ctx.tensor("index") : nullptr;
  const Tensor *source = index ? ctx.tensor("source") : nullptr;
  if (!source)
    return false;
  int64_t rank = self->getRank();
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), rank);
  if (ctx.failed())
    return false;
  std::vector<int64_t> where = index->readInt();
  if (index->getRank() > 1)
    return ctx.fail("index_copy: 'index' must be at most 1-D");
  Shape expected(self->getSizes());
  if (rank)
    expected[dim] = static_cast<int64_t>(where.size());
  if (Shape(source->getSizes()) != expected && rank)
    return ctx.fail("index_copy: 'source' " + formatShape(source->getSizes()) +
                    " should be " + formatShape(expected));
  if (source->getDType() != self->getDType())
    return ctx.fail("index_copy: 'source' and 'self' have different dtypes");
  Tensor target = inPlace ? *self : self->clone();
  int64_t size = rank ? self->getSize(dim) : 1;
  for (size_t i = 0; i < where.size(); ++i) {
    int64_t at = where[i];
    if (at < -size || at >= size)
      return ctx.fail("index_copy: index " + llvm::Twine(at) +
                      " is out of bounds for dim " + llvm::Twine(dim) +
                      " of size " + llvm::Twine(size));
    if (at < 0)
      at += size;
    auto slice = [&](const Tensor &t, int64_t k) {
      Shape sizes(t.getSizes()), strides(t.getStrides());
      int64_t offset = t.getOffset() + (rank ? k * strides[dim] : 0);
      if (rank) {
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
      }
      return t.withView(sizes, strides, offset);
    };
    slice(target, at).copyFrom(slice(*source, i), !inPlace);
  }
  ctx.setResult(0, target);
  return true;
}

bool topkKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t k = ctx.getInt("k");
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim", -1), self->getRank());
  bool largest = ctx.getBool("largest", true);
  if (ctx.failed())
    return false;
  int64_t size = self->getRank() ? self->getSize(dim) : 1;
  if (k < 0 || k > size)
    return ctx.fail("topk: k " + llvm::Twine(k) +
                    " is out of range for a dim of " + llvm::Twine(size));
  // Move `dim` last, sort each row (stable: ties keep index order).
  int64_t rank = self->getRank();
  Shape perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      perm.push_back(d);
  if (rank)
    perm.push_back(dim);
  Shape sizes, strides;
  for (int64_t d : perm) {
    sizes.push_back(self->getSize(d));
    strides.push_back(self->getStrides()[d]);
  }
  std::vector<double> data =
      self->withView(sizes, strides, self->getOffset()).readDouble();
  int64_t rows = size ? static_cast<int64_t>(data.size()) / size : 0;
  Shape outSizes(self->getSizes());
  if (rank)
    outSizes[dim] = k;
  std::vector<double> values;
  std::vector<int64_t> where;
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<int64_t> order(size);
    std::iota(order.begin(), order.end(), 0);
    const double *row = data.data() + r * size;
    // Ties keep their index order (a stable sort; std::stable_sort's
    // buffer uses a function libstdc++ 12 marks deprecated, which clang
    // rejects with -Werror).
    auto before = [&](int64_t a, int64_t b) {
      double x = row[a], y = row[b];
      if (x != x)
        return y == y && largest;
      if (y != y)
        return !largest;
      return largest ? x > y : x < y;
    };
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      if (before(a, b))
        return true;
      return !before(b, a) && a < b;
    });
    for (int64_t i = 0; i < k; ++i) {
      values.push_back(row[order[i]]);
      where.push_back(order[i]);
    }
  }
  // Results are in the permuted order; write through the permuted view.
  Tensor outValues = Tensor::alloc(self->getDType(), outSizes);
  Tensor outIndices = Tensor::alloc(DType::I64, outSizes);
  Shape pSizes, pValueStrides, pIndexStrides;
  for (int64_t d : perm) {
    pSizes.push_back(outSizes[d]);
    pValueStrides.push_back(outValues.getStrides()[d]);
    pIndexStrides.push_back(outIndices.getStrides()[d]);
  }
  outValues.withView(pSizes, pValueStrides, 0).writeDouble(values, true);
  outIndices.withView(pSizes, pIndexStrides, 0).writeInt(where, true);
  ctx.setResult(0, outValues);
  ctx.setResult(1, outIndices);
  return true;
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

bool fillKernel(KernelContext &ctx, Tensor result, const RValue &value) {
  int64_t n = result.getNumElements();
  if (isFloatDType(result.getDType()))
    result.writeDouble(std::vector<double>(n, scalarAsDouble(value)), true);
  else if (value.kind == RValue::Kind::Float)
    result.writeDouble(std::vector<double>(n, value.f), true);
  else
    result.writeInt(std::vector<int64_t>(n, scalarAsInt(value)), true);
  ctx.setResult(0, result);
  return true;
}

std::optional<Shape> sizeList(KernelContext &ctx, llvm::StringRef name) {
  std::vector<int64_t> sizes = ctx.getInts(name);
  if (ctx.failed() || !ctx.checkSizes(sizes))
    return std::nullopt;
  return Shape(sizes.begin(), sizes.end());
}

/// A new tensor of `sizes` filled with `fill` (zeros, ones) or else the
/// `fill_value` argument, in `dtype`; without one, in `likeDType` (the
/// `*_like` ops), f32 for `fill`, the number's dtype for `fill_value`.
bool createFilled(KernelContext &ctx, llvm::ArrayRef<int64_t> sizes,
                  std::optional<DType> dtype, std::optional<double> fill,
                  std::optional<DType> likeDType) {
  RValue value = fill ? RValue::ofFloat(*fill) : RValue::none();
  if (!fill) {
    const RValue *v = ctx.scalarOrTensor("fill_value");
    if (!v)
      return false;
    value = *v;
  }
  DType out = dtype.value_or(
      likeDType.value_or(fill ? DType::F32 : getScalarDType(value)));
  if (fill && !isFloatDType(out))
    value = RValue::ofInt(static_cast<int64_t>(*fill));
  return fillKernel(ctx, Tensor::alloc(out, sizes), value);
}

/// full / zeros / ones / empty (zeros: ng-run has no uninitialised memory).
KernelFn creation(std::optional<double> fill,
                  llvm::StringRef sizeArg = "size") {
  return [=](KernelContext &ctx) {
    std::optional<Shape> shape = sizeList(ctx, sizeArg);
    std::optional<DType> dtype = ctx.getOptionalDType("dtype");
    if (!shape || ctx.failed())
      return false;
    return createFilled(ctx, *shape, dtype, fill, std::nullopt);
  };
}

KernelFn likeCreation(std::optional<double> fill) {
  return [=](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    std::optional<DType> dtype = ctx.getOptionalDType("dtype");
    if (!self || ctx.failed())
      return false;
    return createFilled(ctx, self->getSizes(), dtype, fill, self->getDType());
  };
}

bool arangeKernel(KernelContext &ctx, bool hasStart, bool hasStep) {
  const RValue *start = hasStart ? ctx.scalarOrTensor("start") : nullptr;
  const RValue *end = ctx.scalarOrTensor("end");
  const RValue *step = hasStep ? ctx.scalarOrTensor("step") : nullptr;
  std::optional<DType> dtype = ctx.getOptionalDType("dtype");
  if (!end || ctx.failed())
    return false;
  bool floats = end->kind == RValue::Kind::Float ||
                (start && start->kind == RValue::Kind::Float) ||
                (step && step->kind == RValue::Kind::Float);
  DType out = dtype.value_or(floats ? DType::F32 : DType::I64);
  double s = start ? scalarAsDouble(*start) : 0, e = scalarAsDouble(*end);
  double d = step ? scalarAsDouble(*step) : 1;
  if (d == 0 || !std::isfinite(s) || !std::isfinite(e) || !std::isfinite(d))
    return ctx.fail("arange: step must be nonzero and bounds finite");
  if ((d > 0 && e < s) || (d < 0 && e > s))
    return ctx.fail("arange: the bounds are inconsistent with the step");
  double count = std::ceil((e - s) / d);
  if (count > static_cast<double>(kMaxElements))
    return ctx.fail("arange: more than 2^30 elements");
  int64_t n = static_cast<int64_t>(count);
  Tensor result = Tensor::alloc(out, {n});
  if (isFloatDType(out) || floats) {
    std::vector<double> values(n);
    for (int64_t i = 0; i < n; ++i)
      values[i] = s + static_cast<double>(i) * d;
    result.writeDouble(values, true);
  } else {
    int64_t si = scalarAsInt(start ? *start : RValue::ofInt(0));
    int64_t di = step ? scalarAsInt(*step) : 1;
    std::vector<int64_t> values(n);
    for (int64_t i = 0; i < n; ++i)
      values[i] = si + i * di;
    result.writeInt(values, true);
  }
  ctx.setResult(0, result);
  return true;
}

/// tril / triu: `self` with the elements above (tril) or below (triu) the
/// `diagonal`-th diagonal of its last two dims zeroed (row i keeps columns
/// j <= i + diagonal, or j >= i + diagonal). All-zero bytes are zero in
/// every dtype.
bool triangleKernel(KernelContext &ctx, bool lower) {
  const Tensor *self = ctx.tensor("self");
  int64_t diagonal = self ? ctx.getInt("diagonal", 0) : 0;
  if (!self || ctx.failed())
    return false;
  if (self->getRank() < 2)
    return ctx.fail(llvm::Twine(lower ? "tril" : "triu") +
                    " needs at least 2 dims, not " +
                    formatShape(self->getSizes()));
  Tensor result = self->clone();
  int64_t rows = self->getSizes().end()[-2], cols = self->getSizes().back();
  size_t width = getDTypeSize(result.getDType());
  int64_t n = result.getNumElements();
  for (int64_t at = 0; at < n; ++at) {
    int64_t i = (at / cols) % rows, j = at % cols;
    if (lower ? j > i + diagonal : j < i + diagonal)
      std::memset(result.elementAt(result.getOffset() + at), 0, width);
  }
  ctx.setResult(0, result);
  return true;
}

} // namespace

void run::registerIndexingKernels(KernelRegistry &r) {
  r.add("torch.ops.aten.index.Tensor", "self,indices", indexKernel);
  r.add("torch.ops.aten.index_put.default", "self,indices,values,accumulate",
        [](KernelContext &ctx) { return indexPutKernel(ctx, false); });
  r.add("torch.ops.aten.index_put_.default", "self,indices,values,accumulate",
        [](KernelContext &ctx) { return indexPutKernel(ctx, true); });
  r.add("torch.ops.aten.index_copy.default", "self,dim,index,source",
        [](KernelContext &ctx) { return indexCopyKernel(ctx, false); });
  r.add("torch.ops.aten.index_copy_.default", "self,dim,index,source",
        [](KernelContext &ctx) { return indexCopyKernel(ctx, true); });
  r.add("torch.ops.aten.index_select.default", "self,dim,index",
        indexSelectKernel);
  r.add("torch.ops.aten.embedding.default",
        "weight,indices,padding_idx,scale_grad_by_freq,sparse",
        embeddingKernel);
  r.add("torch.ops.aten.topk.default", "self,k,dim,largest,sorted", topkKernel);
  r.add("torch.ops.aten.tril.default", "self,diagonal",
        [](KernelContext &ctx) { return triangleKernel(ctx, true); });
  r.add("torch.ops.aten.triu.default", "self,diagonal",
        [](KernelContext &ctx) { return triangleKernel(ctx, false); });

  const char *factory = "dtype,layout,device,pin_memory";
  r.add("torch.ops.aten.full.default",
        ("size,fill_value," + llvm::Twine(factory)).str(),
        creation(std::nullopt));
  r.add("torch.ops.aten.zeros.default", ("size," + llvm::Twine(factory)).str(),
        creation(0.0));
  r.add("torch.ops.aten.ones.default", ("size," + llvm::Twine(factory)).str(),
        creation(1.0));
  r.add("torch.ops.aten.empty.memory_format",
        ("size," + llvm::Twine(factory) + ",memory_format").str(),
        creation(0.0));
  r.add("torch.ops.dim_order_ops._empty_dim_order.default",
        ("size," + llvm::Twine(factory) + ",dim_order").str(), creation(0.0));
  r.add("torch.ops.aten.scalar_tensor.default",
        ("s," + llvm::Twine(factory)).str(), [](KernelContext &ctx) {
          const RValue *s = ctx.scalarOrTensor("s");
          std::optional<DType> dtype = ctx.getOptionalDType("dtype");
          if (!s || ctx.failed())
            return false;
          return fillKernel(ctx, Tensor::alloc(dtype.value_or(DType::F32), {}),
                            *s);
        });
  std::string like = ("self," + llvm::Twine(factory) + ",memory_format").str();
  r.add("torch.ops.aten.zeros_like.default", like, likeCreation(0.0));
  r.add("torch.ops.aten.ones_like.default", like, likeCreation(1.0));
  r.add("torch.ops.aten.empty_like.default", like, likeCreation(0.0));
  r.add("torch.ops.aten.full_like.default",
        ("self,fill_value," + llvm::Twine(factory) + ",memory_format").str(),
        likeCreation(std::nullopt));
  r.add("torch.ops.aten.arange.default", ("end," + llvm::Twine(factory)).str(),
        [](KernelContext &ctx) { return arangeKernel(ctx, false, false); });
  r.add("torch.ops.aten.arange.start",
        ("start,end," + llvm::Twine(factory)).str(),
        [](KernelContext &ctx) { return arangeKernel(ctx, true, false); });
  r.add("torch.ops.aten.arange.start_step",
        ("start,end,step," + llvm::Twine(factory)).str(),
        [](KernelContext &ctx) { return arangeKernel(ctx, true, true); });
}

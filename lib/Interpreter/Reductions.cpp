//===- Reductions.cpp - reductions, softmax and normalizations ------------===//
//
// torch semantics (https://pytorch.org/docs/stable/torch.html#reduction-ops):
// `dim` lists (empty: every dim), keepdim, `dtype`. Float sums accumulate in
// f64 in index order and round once to the result dtype: deterministic, and
// at least as accurate as torch's cascade sum in f32 (docs/Interpreter.md).
//
//===----------------------------------------------------------------------===//

#include "ElementwiseSupport.h"

#include <cmath>
#include <limits>

using namespace ng;
using namespace ng::run;

namespace {

/// `input` viewed with the kept dims first and the reduced dims last, so
/// reading it in logical order gives each output element's group in turn.
struct ReductionView {
  Tensor grouped;
  Shape outputSizes;
  int64_t groups = 1, groupSize = 1;
};

std::optional<ReductionView> reductionView(KernelContext &ctx,
                                           const Tensor &input,
                                           std::vector<int64_t> dims,
                                           bool keepdim) {
  int64_t rank = input.getRank();
  llvm::SmallVector<bool, 6> reduced(rank, dims.empty());
  for (int64_t dim : dims) {
    int64_t d = ctx.normalizeDim(dim, rank);
    if (ctx.failed())
      return std::nullopt;
    if (rank > 0)
      reduced[d] = true;
  }
  ReductionView view;
  Shape sizes, strides;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      if (keepdim)
        view.outputSizes.push_back(1);
      continue;
    }
    view.outputSizes.push_back(input.getSize(d));
    sizes.push_back(input.getSize(d));
    strides.push_back(input.getStrides()[d]);
    view.groups *= input.getSize(d);
  }
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[d]) {
      sizes.push_back(input.getSize(d));
      strides.push_back(input.getStrides()[d]);
      view.groupSize *= input.getSize(d);
    }
  view.grouped = input.withView(sizes, strides, input.getOffset());
  return view;
}

std::vector<int64_t> dimList(KernelContext &ctx) {
  const RValue *dim = ctx.find("dim");
  if (!dim || dim->isNone())
    return {};
  return ctx.getInts("dim");
}

/// sum and mean: accumulate in f64 (floats) or i64 (integers, bool).
bool sumLike(KernelContext &ctx, bool mean) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  std::vector<int64_t> dims = dimList(ctx);
  bool keepdim = ctx.getBool("keepdim", false);
  std::optional<DType> dtype = ctx.getOptionalDType("dtype");
  if (ctx.failed())
    return false;
  DType out = dtype.value_or(isFloatDType(self->getDType()) ? self->getDType()
                                                            : DType::I64);
  if (mean && !isFloatDType(out))
    return ctx.fail("mean needs a float input or dtype, not " +
                    getDTypeName(self->getDType()));
  std::optional<ReductionView> view =
      reductionView(ctx, dtype ? self->clone(*dtype) : *self, dims, keepdim);
  if (!view)
    return false;
  Tensor result = Tensor::alloc(out, view->outputSizes);
  if (isFloatDType(out)) {
    std::vector<double> values = view->grouped.readDouble();
    std::vector<double> sums(view->groups, 0.0);
    for (int64_t g = 0; g < view->groups; ++g) {
      double sum = 0;
      for (int64_t i = 0; i < view->groupSize; ++i)
        sum += values[g * view->groupSize + i];
      sums[g] = mean ? sum / static_cast<double>(view->groupSize) : sum;
    }
    result.writeDouble(sums, true);
  } else {
    std::vector<int64_t> values = view->grouped.readInt();
    std::vector<int64_t> sums(view->groups, 0);
    for (int64_t g = 0; g < view->groups; ++g)
      for (int64_t i = 0; i < view->groupSize; ++i)
        sums[g] = wrapAdd(sums[g], values[g * view->groupSize + i]);
    result.writeInt(sums, true);
  }
  ctx.setResult(0, result);
  return true;
}

/// amax / amin / max.dim / min.dim / argmax / argmin. NaN wins, the first
/// extreme index wins.
bool extremum(KernelContext &ctx, bool max, bool values, bool indices) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  std::vector<int64_t> dims = dimList(ctx);
  bool keepdim = ctx.getBool("keepdim", false);
  if (ctx.failed())
    return false;
  if (self->getNumElements() == 0)
    return ctx.fail("cannot reduce an empty tensor to its extremum");
  // No dim: every dim, so an index is one into the flattened tensor.
  std::optional<ReductionView> view = reductionView(ctx, *self, dims, keepdim);
  if (!view)
    return false;
  if (view->groupSize == 0)
    return ctx.fail("cannot reduce an empty dim to its extremum");
  std::vector<double> best(view->groups);
  std::vector<int64_t> where(view->groups);
  auto pick = [&](auto tag) {
    using CT = decltype(tag);
    std::vector<CT> data = view->grouped.read<CT>();
    std::vector<CT> extreme(view->groups);
    for (int64_t g = 0; g < view->groups; ++g) {
      const CT *group = data.data() + g * view->groupSize;
      int64_t at = 0;
      for (int64_t i = 1; i < view->groupSize; ++i) {
        CT x = group[i], current = group[at];
        if (current != current)
          break; // NaN already
        if (x != x || (max ? x > current : x < current))
          at = i;
      }
      extreme[g] = group[at];
      where[g] = at;
    }
    return extreme;
  };
  unsigned next = 0;
  if (values) {
    Tensor result = Tensor::alloc(self->getDType(), view->outputSizes);
    visitComputeType(self->getDType(), [&](auto tag) {
      using CT = decltype(tag);
      result.write<CT>(pick(tag), /*initialising=*/true);
    });
    ctx.setResult(next++, result);
  } else {
    if (getComputeKind(self->getDType()) == ComputeKind::Int)
      pick(int64_t());
    else
      pick(double());
  }
  if (indices) {
    Tensor result = Tensor::alloc(DType::I64, view->outputSizes);
    result.writeInt(where, true);
    ctx.setResult(next, result);
  }
  return true;
}

/// softmax / log_softmax along `dim`, computed in the result dtype's compute
/// type; the normaliser accumulates in f64.
bool softmaxKernel(KernelContext &ctx, bool log, bool halfToFloatArg) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  std::optional<DType> dtype;
  if (halfToFloatArg) {
    if (ctx.getBool("half_to_float", false))
      dtype = DType::F32;
  } else {
    dtype = ctx.getOptionalDType("dtype");
  }
  if (ctx.failed())
    return false;
  DType out = dtype.value_or(self->getDType());
  if (!isFloatDType(out))
    return ctx.fail("softmax needs a float tensor, not " + getDTypeName(out));
  Tensor input = self->clone(out);
  std::optional<ReductionView> view = reductionView(
      ctx, input,
      self->getRank() == 0 ? std::vector<int64_t>{} : std::vector<int64_t>{dim},
      /*keepdim=*/true);
  if (!view)
    return false;
  auto run = [&](auto tag) {
    using CT = decltype(tag);
    std::vector<CT> data = view->grouped.read<CT>();
    for (int64_t g = 0; g < view->groups; ++g) {
      CT *group = data.data() + g * view->groupSize;
      CT maximum = -std::numeric_limits<CT>::infinity();
      for (int64_t i = 0; i < view->groupSize; ++i)
        maximum =
            group[i] != group[i] || group[i] > maximum ? group[i] : maximum;
      if (std::isinf(maximum))
        maximum = maximum > 0 ? maximum : CT(0);
      double sum = 0;
      for (int64_t i = 0; i < view->groupSize; ++i) {
        CT e = std::exp(group[i] - maximum);
        sum += e;
        if (!log)
          group[i] = e;
      }
      for (int64_t i = 0; i < view->groupSize; ++i)
        group[i] = log ? group[i] - maximum - static_cast<CT>(std::log(sum))
                       : group[i] / static_cast<CT>(sum);
    }
    // Written back through the grouped view: the input's own layout.
    view->grouped.write<CT>(data, true);
  };
  if (out == DType::F64)
    run(double());
  else
    run(float());
  ctx.setResult(0, input);
  return true;
}

/// `value` rounded to `dtype` (f16, bf16) and back; itself otherwise.
float roundTo(DType dtype, float value) {
  if (dtype == DType::F16)
    return halfToFloat(floatToHalf(value));
  if (dtype == DType::BF16)
    return bfloat16ToFloat(floatToBFloat16(value));
  return value;
}

/// aten.rms_norm as PyTorch's composite computes it (ATen's
/// layer_norm.cpp, rms_norm_symint), in the compute type CT (float for
/// f32/f16/bf16, double for f64): in CT, y = x * rsqrt(mean(x^2) + eps),
/// each op rounding to CT (the mean accumulates as ng-run's mean does, in
/// f64 in index order), cast to the input's dtype, then times the weight,
/// rounding again. So the op equals its decomposition
/// (pow, mean, add, rsqrt, mul, mul) bit for bit on f32 (--ng-fuse-rms-norm).
template <typename CT>
std::vector<CT> rmsNormRows(const std::vector<double> &x,
                            const std::vector<double> &w, int64_t outer,
                            int64_t inner, double eps, DType dtype) {
  std::vector<CT> y(x.size());
  for (int64_t o = 0; o < outer; ++o) {
    const double *row = x.data() + o * inner;
    double sum = 0;
    for (int64_t i = 0; i < inner; ++i) {
      CT value = static_cast<CT>(row[i]);
      sum += static_cast<CT>(value * value);
    }
    CT mean = static_cast<CT>(sum / static_cast<double>(inner));
    CT shifted = mean + static_cast<CT>(eps);
    CT rstd = CT(1) / std::sqrt(shifted);
    for (int64_t i = 0; i < inner; ++i) {
      CT v = static_cast<CT>(row[i]) * rstd;
      if constexpr (std::is_same_v<CT, float>)
        v = roundTo(dtype, v);
      if (!w.empty()) {
        v = v * static_cast<CT>(w[i]);
        if constexpr (std::is_same_v<CT, float>)
          v = roundTo(dtype, v);
      }
      y[o * inner + i] = v;
    }
  }
  return y;
}

/// Normalises over the last `normalized` dims: layer_norm (mean and
/// variance) or rms_norm (mean square), with optional weight and bias.
bool normKernel(KernelContext &ctx, bool rms, bool native) {
  const Tensor *input = ctx.tensor("input");
  if (!input)
    return false;
  std::vector<int64_t> shape = ctx.getInts("normalized_shape");
  std::optional<Tensor> weight = ctx.optionalTensor("weight");
  std::optional<Tensor> bias = rms ? std::nullopt : ctx.optionalTensor("bias");
  const RValue *epsArg = ctx.find("eps");
  if (ctx.failed())
    return false;
  DType dtype = input->getDType();
  if (!isFloatDType(dtype))
    return ctx.fail("normalization needs a float input");
  double eps = epsArg && !epsArg->isNone()
                   ? scalarAsDouble(*epsArg)
                   : (rms ? std::numeric_limits<float>::epsilon() : 1e-5);
  int64_t rank = input->getRank(), n = static_cast<int64_t>(shape.size());
  if (n > rank ||
      !std::equal(shape.begin(), shape.end(), input->getSizes().end() - n))
    return ctx.fail("normalized_shape " + formatShape(shape) +
                    " is not the trailing sizes of " +
                    formatShape(input->getSizes()));
  int64_t inner = getNumElements(shape);
  int64_t outer = inner ? input->getNumElements() / inner : 0;
  std::vector<double> x = input->readDouble();
  std::vector<double> w, b;
  if (weight) {
    if (weight->getNumElements() != inner)
      return ctx.fail("weight does not have the normalized shape");
    w = weight->readDouble();
  }
  if (bias) {
    if (bias->getNumElements() != inner)
      return ctx.fail("bias does not have the normalized shape");
    b = bias->readDouble();
  }
  if (rms && !native) {
    Tensor result = Tensor::alloc(dtype, input->getSizes());
    if (dtype == DType::F64)
      result.writeDouble(rmsNormRows<double>(x, w, outer, inner, eps, dtype),
                         true);
    else
      result.write<float>(rmsNormRows<float>(x, w, outer, inner, eps, dtype),
                          true);
    ctx.setResult(0, result);
    return true;
  }
  std::vector<double> y(x.size()), means(outer), rstds(outer);
  for (int64_t o = 0; o < outer; ++o) {
    const double *row = x.data() + o * inner;
    double mean = 0;
    for (int64_t i = 0; i < inner; ++i)
      mean += rms ? row[i] * row[i] : row[i];
    mean /= static_cast<double>(inner);
    double variance = mean;
    if (!rms) {
      variance = 0;
      for (int64_t i = 0; i < inner; ++i)
        variance += (row[i] - mean) * (row[i] - mean);
      variance /= static_cast<double>(inner);
    }
    double rstd = 1.0 / std::sqrt(variance + eps);
    means[o] = rms ? 0 : mean;
    rstds[o] = rstd;
    for (int64_t i = 0; i < inner; ++i) {
      double v = rms ? row[i] * rstd : (row[i] - mean) * rstd;
      if (weight)
        v *= w[i];
      if (bias)
        v += b[i];
      y[o * inner + i] = v;
    }
  }
  Tensor result = Tensor::alloc(dtype, input->getSizes());
  result.writeDouble(y, true);
  ctx.setResult(0, result);
  if (native) {
    Shape statSizes(input->getSizes().begin(), input->getSizes().end() - n);
    statSizes.append(n, 1);
    Tensor meanT = Tensor::alloc(dtype, statSizes),
           rstdT = Tensor::alloc(dtype, statSizes);
    meanT.writeDouble(means, true);
    rstdT.writeDouble(rstds, true);
    ctx.setResult(1, meanT);
    ctx.setResult(2, rstdT);
  }
  return true;
}

bool cumsumKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  std::optional<DType> dtype = ctx.getOptionalDType("dtype");
  if (ctx.failed())
    return false;
  DType out = dtype.value_or(isFloatDType(self->getDType()) ? self->getDType()
                                                            : DType::I64);
  Tensor result = self->clone(out);
  std::optional<ReductionView> view = reductionView(
      ctx, result,
      self->getRank() ? std::vector<int64_t>{dim} : std::vector<int64_t>{},
      true);
  if (!view)
    return false;
  if (isFloatDType(out)) {
    std::vector<double> data = view->grouped.readDouble();
    for (int64_t g = 0; g < view->groups; ++g) {
      double sum = 0;
      for (int64_t i = 0; i < view->groupSize; ++i)
        data[g * view->groupSize + i] = sum += data[g * view->groupSize + i];
    }
    view->grouped.writeDouble(data, true);
  } else {
    std::vector<int64_t> data = view->grouped.readInt();
    for (int64_t g = 0; g < view->groups; ++g) {
      int64_t sum = 0;
      for (int64_t i = 0; i < view->groupSize; ++i)
        data[g * view->groupSize + i] = sum =
            wrapAdd(sum, data[g * view->groupSize + i]);
    }
    view->grouped.writeInt(data, true);
  }
  ctx.setResult(0, result);
  return true;
}

} // namespace

void run::registerReductionKernels(KernelRegistry &r) {
  auto sum = [](KernelContext &ctx) { return sumLike(ctx, false); };
  auto mean = [](KernelContext &ctx) { return sumLike(ctx, true); };
  r.add("torch.ops.aten.sum.default", "self,dtype", sum);
  r.add("torch.ops.aten.sum.dim_IntList", "self,dim,keepdim,dtype", sum);
  r.add("torch.ops.aten.mean.default", "self,dtype", mean);
  r.add("torch.ops.aten.mean.dim", "self,dim,keepdim,dtype", mean);
  r.add("torch.ops.aten.amax.default", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, true, true, false); });
  r.add("torch.ops.aten.amin.default", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, false, true, false); });
  r.add("torch.ops.aten.max.dim", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, true, true, true); });
  r.add("torch.ops.aten.min.dim", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, false, true, true); });
  r.add("torch.ops.aten.argmax.default", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, true, false, true); });
  r.add("torch.ops.aten.argmin.default", "self,dim,keepdim",
        [](KernelContext &ctx) { return extremum(ctx, false, false, true); });
  r.add("torch.ops.aten.cumsum.default", "self,dim,dtype", cumsumKernel);
  r.add("torch.ops.aten._softmax.default", "self,dim,half_to_float",
        [](KernelContext &ctx) { return softmaxKernel(ctx, false, true); });
  r.add("torch.ops.aten.softmax.int", "self,dim,dtype",
        [](KernelContext &ctx) { return softmaxKernel(ctx, false, false); });
  r.add("torch.ops.aten._log_softmax.default", "self,dim,half_to_float",
        [](KernelContext &ctx) { return softmaxKernel(ctx, true, true); });
  r.add("torch.ops.aten.log_softmax.int", "self,dim,dtype",
        [](KernelContext &ctx) { return softmaxKernel(ctx, true, false); });
  r.add("torch.ops.aten.layer_norm.default",
        "input,normalized_shape,weight,bias,eps,cudnn_enable",
        [](KernelContext &ctx) { return normKernel(ctx, false, false); });
  r.add("torch.ops.aten.native_layer_norm.default",
        "input,normalized_shape,weight,bias,eps",
        [](KernelContext &ctx) { return normKernel(ctx, false, true); });
  r.add("torch.ops.aten.rms_norm.default", "input,normalized_shape,weight,eps",
        [](KernelContext &ctx) { return normKernel(ctx, true, false); });
}

//===- Linalg.cpp - matrix products and attention -------------------------===//
//
// torch.matmul's rules
// (https://pytorch.org/docs/stable/generated/torch.matmul.html), mm, bmm,
// addmm, linear, and scaled_dot_product_attention as its math reference
// (https://pytorch.org/docs/stable/generated/torch.nn.functional.scaled_dot_product_attention.html).
// Plain C++ loops, no BLAS: the programs ng checks are small, and a dot
// product accumulated in f64 in index order is the same on every machine
// (docs/Interpreter.md).
//
//===----------------------------------------------------------------------===//

#include "ElementwiseSupport.h"

#include <cmath>
#include <limits>

using namespace ng;
using namespace ng::run;

namespace {

/// C[b] = A[b] (M x K) * B[b] (K x N) over `batch` matrices, each operand's
/// batch dims already broadcast (row-major, contiguous), accumulated in
/// f64 (floats) or i64, plus `beta * bias` (broadcast to M x N) if given.
void gemm(const std::vector<double> &a, const std::vector<double> &b,
          std::vector<double> &c, int64_t batch, int64_t m, int64_t k,
          int64_t n) {
  c.assign(batch * m * n, 0.0);
  std::vector<double> row(n);
  for (int64_t p = 0; p < batch; ++p) {
    const double *A = a.data() + p * m * k, *B = b.data() + p * k * n;
    double *C = c.data() + p * m * n;
    for (int64_t i = 0; i < m; ++i) {
      std::fill(row.begin(), row.end(), 0.0);
      for (int64_t l = 0; l < k; ++l) {
        double x = A[i * k + l];
        const double *brow = B + l * n;
        for (int64_t j = 0; j < n; ++j)
          row[j] += x * brow[j];
      }
      std::copy(row.begin(), row.end(), C + i * n);
    }
  }
}

bool sameFloatDTypes(KernelContext &ctx, const Tensor &a, const Tensor &b) {
  if (a.getDType() != b.getDType())
    return ctx.fail("expected both operands to have the same dtype, but got " +
                    getDTypeName(a.getDType()) + " and " +
                    getDTypeName(b.getDType()));
  return true;
}

/// torch.matmul on any ranks >= 1.
bool matmul(KernelContext &ctx, const Tensor &a, const Tensor &b,
            Tensor &result) {
  if (!sameFloatDTypes(ctx, a, b))
    return false;
  if (a.getRank() == 0 || b.getRank() == 0)
    return ctx.fail("both arguments to matmul need at least 1 dimension");
  bool vectorA = a.getRank() == 1, vectorB = b.getRank() == 1;
  Shape sa(a.getSizes()), sb(b.getSizes());
  if (vectorA)
    sa.insert(sa.begin(), 1);
  if (vectorB)
    sb.push_back(1);
  int64_t m = sa[sa.size() - 2], k = sa.back(), n = sb.back();
  if (sb[sb.size() - 2] != k)
    return ctx.fail("cannot multiply " + formatShape(a.getSizes()) + " by " +
                    formatShape(b.getSizes()));
  llvm::ArrayRef<int64_t> batchA = llvm::ArrayRef(sa).drop_back(2),
                          batchB = llvm::ArrayRef(sb).drop_back(2);
  std::optional<Shape> batch = broadcastShapes(batchA, batchB);
  if (!batch)
    return ctx.fail("cannot broadcast the batch dims " + formatShape(batchA) +
                    " and " + formatShape(batchB));
  Shape fullA(*batch), fullB(*batch);
  fullA.append({m, k});
  fullB.append({k, n});
  Tensor viewA = a.withView(
      sa,
      [&] {
        Shape strides(a.getStrides());
        if (vectorA)
          strides.insert(strides.begin(), 0);
        return strides;
      }(),
      a.getOffset());
  Tensor viewB = b.withView(
      sb,
      [&] {
        Shape strides(b.getStrides());
        if (vectorB)
          strides.push_back(0);
        return strides;
      }(),
      b.getOffset());
  std::vector<double> c;
  int64_t batches = getNumElements(*batch);
  gemm(viewA.broadcastTo(fullA).readDouble(),
       viewB.broadcastTo(fullB).readDouble(), c, batches, m, k, n);
  Shape out(*batch);
  if (!vectorA)
    out.push_back(m);
  if (!vectorB)
    out.push_back(n);
  result = Tensor::alloc(a.getDType(), out);
  if (isFloatDType(a.getDType())) {
    result.writeDouble(c, true);
  } else {
    std::vector<int64_t> ints(c.begin(), c.end());
    result.writeInt(ints, true);
  }
  return true;
}

bool requireRank(KernelContext &ctx, const Tensor &t, int64_t rank,
                 llvm::StringRef name) {
  if (t.getRank() != rank)
    return ctx.fail("'" + name + "' must be " + llvm::Twine(rank) + "-D, not " +
                    formatShape(t.getSizes()));
  return true;
}

bool matmulKernel(KernelContext &ctx, llvm::StringRef first,
                  llvm::StringRef second, int64_t rank) {
  const Tensor *a = ctx.tensor(first);
  const Tensor *b = a ? ctx.tensor(second) : nullptr;
  if (!b)
    return false;
  if (rank && (!requireRank(ctx, *a, rank, first) ||
               !requireRank(ctx, *b, rank, second)))
    return false;
  if (rank == 3 && a->getSize(0) != b->getSize(0))
    return ctx.fail("bmm needs equal batch sizes");
  Tensor result;
  if (!matmul(ctx, *a, *b, result))
    return false;
  ctx.setResult(0, result);
  return true;
}

/// beta * self + alpha * (mat1 @ mat2), rounded once.
bool addmmKernel(KernelContext &ctx, llvm::StringRef first,
                 llvm::StringRef second, int64_t rank) {
  const Tensor *self = ctx.tensor("self");
  const Tensor *a = self ? ctx.tensor(first) : nullptr;
  const Tensor *b = a ? ctx.tensor(second) : nullptr;
  double beta = ctx.getDouble("beta", 1.0), alpha = ctx.getDouble("alpha", 1.0);
  if (!b || ctx.failed())
    return false;
  if (!requireRank(ctx, *a, rank, first) || !requireRank(ctx, *b, rank, second))
    return false;
  Tensor product;
  if (!matmul(ctx, *a, *b, product) || !sameFloatDTypes(ctx, *self, *a))
    return false;
  std::optional<Shape> shape =
      broadcastShapes(self->getSizes(), product.getSizes());
  if (!shape || *shape != Shape(product.getSizes()))
    return ctx.fail("'self' " + formatShape(self->getSizes()) +
                    " does not broadcast to " +
                    formatShape(product.getSizes()));
  // Recompute in f64 so that the sum is rounded once.
  Shape sa(a->getSizes()), sb(b->getSizes());
  std::vector<double> c;
  int64_t batch = rank == 3 ? sa[0] : 1;
  gemm(a->readDouble(), b->readDouble(), c, batch, sa[rank - 2], sa[rank - 1],
       sb[rank - 1]);
  std::vector<double> bias = self->broadcastTo(*shape).readDouble();
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = (beta == 0 ? 0 : beta * bias[i]) + alpha * c[i];
  Tensor result = Tensor::alloc(a->getDType(), *shape);
  result.writeDouble(c, true);
  ctx.setResult(0, result);
  return true;
}

/// input @ weight^T + bias: each output a dot product plus the bias, in f64,
/// rounded once.
bool linearKernel(KernelContext &ctx) {
  const Tensor *input = ctx.tensor("input");
  const Tensor *weight = input ? ctx.tensor("weight") : nullptr;
  std::optional<Tensor> bias =
      weight ? ctx.optionalTensor("bias") : std::nullopt;
  if (!weight || ctx.failed())
    return false;
  if (!sameFloatDTypes(ctx, *input, *weight))
    return false;
  if (weight->getRank() != 2 && weight->getRank() != 1)
    return ctx.fail("'weight' must be 1-D or 2-D, not " +
                    formatShape(weight->getSizes()));
  if (input->getRank() == 0)
    return ctx.fail("'input' must have at least 1 dimension");
  int64_t k = input->getSizes().back();
  int64_t n = weight->getRank() == 2 ? weight->getSize(0) : 1;
  if (weight->getSizes().back() != k)
    return ctx.fail("cannot multiply " + formatShape(input->getSizes()) +
                    " by the transpose of " + formatShape(weight->getSizes()));
  Shape out(input->getSizes().drop_back());
  if (weight->getRank() == 2)
    out.push_back(n);
  std::vector<double> b(n, 0.0);
  if (bias) {
    if (bias->getDType() != input->getDType())
      return ctx.fail("'bias' has dtype " + getDTypeName(bias->getDType()) +
                      ", 'input' " + getDTypeName(input->getDType()));
    if (!broadcastShapes(bias->getSizes(), {n}) || bias->getRank() > 1)
      return ctx.fail("'bias' " + formatShape(bias->getSizes()) +
                      " does not broadcast to the " + llvm::Twine(n) +
                      " outputs");
    b = bias->broadcastTo({n}).readDouble();
  }
  std::vector<double> x = input->readDouble(), w = weight->readDouble();
  int64_t rows = k ? static_cast<int64_t>(x.size()) / k
                   : getNumElements(input->getSizes().drop_back());
  std::vector<double> y(rows * n);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0;
      const double *xr = x.data() + r * k, *wr = w.data() + j * k;
      for (int64_t l = 0; l < k; ++l)
        sum += xr[l] * wr[l];
      y[r * n + j] = sum + b[j];
    }
  Tensor result = Tensor::alloc(input->getDType(), out);
  result.writeDouble(y, true);
  ctx.setResult(0, result);
  return true;
}

/// softmax(q @ k^T * scale + mask) @ v, batch dims broadcast; f64 dot
/// products, the softmax in the query's compute type.
bool attentionKernel(KernelContext &ctx) {
  const Tensor *q = ctx.tensor("query");
  const Tensor *k = q ? ctx.tensor("key") : nullptr;
  const Tensor *v = k ? ctx.tensor("value") : nullptr;
  std::optional<Tensor> mask =
      v ? ctx.optionalTensor("attn_mask") : std::nullopt;
  double dropout = ctx.getDouble("dropout_p", 0.0);
  bool causal = ctx.getBool("is_causal", false);
  bool gqa = ctx.getBool("enable_gqa", false);
  const RValue *scaleArg = ctx.find("scale");
  if (!v || ctx.failed())
    return false;
  if (dropout != 0)
    return ctx.fail("dropout_p must be 0: ng-run draws no random numbers");
  if (causal && mask)
    return ctx.fail("an explicit attn_mask should not be set when "
                    "is_causal=True (as PyTorch says)");
  if (!sameFloatDTypes(ctx, *q, *k) || !sameFloatDTypes(ctx, *q, *v))
    return false;
  if (!isFloatDType(q->getDType()))
    return ctx.fail("attention needs float tensors");
  if (q->getRank() < 2 || k->getRank() < 2 || v->getRank() < 2)
    return ctx.fail("query, key and value need at least 2 dims");
  int64_t L = q->getSizes().end()[-2], E = q->getSizes().back();
  int64_t S = k->getSizes().end()[-2], Ev = v->getSizes().back();
  if (k->getSizes().back() != E || v->getSizes().end()[-2] != S)
    return ctx.fail("key " + formatShape(k->getSizes()) + " and value " +
                    formatShape(v->getSizes()) + " do not fit query " +
                    formatShape(q->getSizes()));
  Tensor key = *k, value = *v;
  if (gqa && q->getRank() >= 3 && k->getRank() >= 3) {
    // Repeat each key/value head to the query's head count (dim -3).
    int64_t qh = q->getSizes().end()[-3], kh = k->getSizes().end()[-3];
    if (kh == 0 || qh % kh)
      return ctx.fail(
          "enable_gqa: query heads are not a multiple of key heads");
    auto repeat = [&](const Tensor &t) {
      Shape sizes(t.getSizes()), strides(t.getStrides());
      size_t h = sizes.size() - 3;
      sizes.insert(sizes.begin() + h + 1, qh / kh);
      strides.insert(strides.begin() + h + 1, 0);
      Tensor expanded = t.withView(sizes, strides, t.getOffset()).clone();
      Shape merged(t.getSizes());
      merged[h] = qh;
      return expanded.withView(merged, getStridesForDimOrder(merged, {}), 0);
    };
    key = repeat(*k);
    value = repeat(*v);
  }
  llvm::ArrayRef<int64_t> bq = q->getSizes().drop_back(2),
                          bk = key.getSizes().drop_back(2),
                          bv = value.getSizes().drop_back(2);
  std::optional<Shape> batch = broadcastShapes(bq, bk);
  if (batch)
    batch = broadcastShapes(*batch, bv);
  if (!batch)
    return ctx.fail("cannot broadcast the batch dims of query, key and value");
  int64_t batches = getNumElements(*batch);
  Shape qs(*batch), ks(*batch), vs(*batch), ms(*batch);
  qs.append({L, E});
  ks.append({S, E});
  vs.append({S, Ev});
  ms.append({L, S});
  std::vector<double> Q = q->broadcastTo(qs).readDouble();
  std::vector<double> K = key.broadcastTo(ks).readDouble();
  std::vector<double> V = value.broadcastTo(vs).readDouble();
  std::vector<double> M;
  bool boolMask = false;
  if (mask) {
    if (!broadcastShapes(mask->getSizes(), ms) ||
        *broadcastShapes(mask->getSizes(), ms) != ms)
      return ctx.fail("attn_mask " + formatShape(mask->getSizes()) +
                      " does not broadcast to " + formatShape(ms));
    boolMask = mask->getDType() == DType::Bool;
    M = mask->broadcastTo(ms).readDouble();
  }
  double scale = scaleArg && !scaleArg->isNone()
                     ? scalarAsDouble(*scaleArg)
                     : 1.0 / std::sqrt(static_cast<double>(E));
  bool single = q->getDType() != DType::F64;
  std::vector<double> out(batches * L * Ev, 0.0), scores(S);
  for (int64_t p = 0; p < batches; ++p)
    for (int64_t i = 0; i < L; ++i) {
      double maximum = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < S; ++j) {
        double dot = 0;
        for (int64_t e = 0; e < E; ++e)
          dot += Q[(p * L + i) * E + e] * K[(p * S + j) * E + e];
        double s = dot * scale;
        if (single)
          s = static_cast<float>(s);
        if (causal && j > i)
          s = -std::numeric_limits<double>::infinity();
        if (mask) {
          double m = M[(p * L + i) * S + j];
          if (boolMask)
            s = m != 0 ? s : -std::numeric_limits<double>::infinity();
          else
            s += m;
        }
        scores[j] = s;
        maximum = std::max(maximum, s);
      }
      double sum = 0;
      for (int64_t j = 0; j < S; ++j) {
        double e = std::isinf(maximum) && maximum < 0
                       ? 0.0
                       : std::exp(scores[j] - maximum);
        if (single)
          e = static_cast<float>(e);
        scores[j] = e;
        sum += e;
      }
      for (int64_t j = 0; j < S; ++j) {
        // A fully masked row gives NaN, as torch's math reference does.
        double w = sum > 0 ? scores[j] / sum
                           : std::numeric_limits<double>::quiet_NaN();
        if (single)
          w = static_cast<float>(w);
        scores[j] = w;
      }
      for (int64_t e = 0; e < Ev; ++e) {
        double acc = 0;
        for (int64_t j = 0; j < S; ++j)
          acc += scores[j] * V[(p * S + j) * Ev + e];
        out[(p * L + i) * Ev + e] = acc;
      }
    }
  Shape outShape(*batch);
  outShape.append({L, Ev});
  Tensor result = Tensor::alloc(q->getDType(), outShape);
  result.writeDouble(out, true);
  ctx.setResult(0, result);
  return true;
}

} // namespace

void run::registerLinalgKernels(KernelRegistry &r) {
  r.add("torch.ops.aten.mm.default", "self,mat2", [](KernelContext &ctx) {
    return matmulKernel(ctx, "self", "mat2", 2);
  });
  r.add("torch.ops.aten.bmm.default", "self,mat2", [](KernelContext &ctx) {
    return matmulKernel(ctx, "self", "mat2", 3);
  });
  r.add("torch.ops.aten.matmul.default", "self,other", [](KernelContext &ctx) {
    return matmulKernel(ctx, "self", "other", 0);
  });
  r.add("torch.ops.aten.mv.default", "self,vec",
        [](KernelContext &ctx) { return matmulKernel(ctx, "self", "vec", 0); });
  r.add("torch.ops.aten.dot.default", "self,tensor", [](KernelContext &ctx) {
    return matmulKernel(ctx, "self", "tensor", 0);
  });
  r.add("torch.ops.aten.addmm.default", "self,mat1,mat2,beta,alpha",
        [](KernelContext &ctx) { return addmmKernel(ctx, "mat1", "mat2", 2); });
  r.add("torch.ops.aten.baddbmm.default", "self,batch1,batch2,beta,alpha",
        [](KernelContext &ctx) {
          return addmmKernel(ctx, "batch1", "batch2", 3);
        });
  r.add("torch.ops.aten.linear.default", "input,weight,bias", linearKernel);
  r.add("torch.ops.aten.scaled_dot_product_attention.default",
        "query,key,value,attn_mask,dropout_p,is_causal,scale,enable_gqa",
        attentionKernel);
}

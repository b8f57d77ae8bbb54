//===- Fused.cpp - the fused ops of the native namespace ------------------===//
//
// Ops that stand for a decomposition a model would otherwise export op by
// op. Each kernel computes what the decomposition computes through
// ng-run's other kernels, in the same order and the same compute type, so
// that `ng-run fused --compare=decomposed` agrees bit for bit on f32
// (docs/Interpreter.md, "Fused ops").
//
//===----------------------------------------------------------------------===//

#include "ng/Interpreter/Kernel.h"

#include <cmath>

using namespace ng;
using namespace ng::run;

namespace {

/// The shapes native.rope takes, read from its operands.
struct RopeShape {
  int64_t batch, heads, seq, headDim;
  /// position_ids' batch: the input's, or 1 (broadcast over it).
  int64_t positionBatch;
};

std::optional<RopeShape> checkRopeShape(KernelContext &ctx, const Tensor &input,
                                        const Tensor &positions,
                                        const Tensor &invFreq) {
  auto fail = [&](const llvm::Twine &message) {
    ctx.fail(message);
    return std::nullopt;
  };
  int64_t rank = input.getRank();
  if (rank != 3 && rank != 4)
    return fail("'input' must be [batch, seq, head_dim] or [batch, heads, "
                "seq, head_dim], not " +
                formatShape(input.getSizes()));
  if (!isFloatDType(input.getDType()))
    return fail("'input' must be a float tensor, not " +
                getDTypeName(input.getDType()));
  RopeShape shape;
  shape.batch = input.getSize(0);
  shape.heads = rank == 4 ? input.getSize(1) : 1;
  shape.seq = input.getSize(rank - 2);
  shape.headDim = input.getSize(rank - 1);
  if (shape.headDim % 2)
    return fail("head_dim " + llvm::Twine(shape.headDim) +
                " is odd: the rotation turns pairs of elements");
  if (isFloatDType(positions.getDType()) || positions.getDType() == DType::Bool)
    return fail("'position_ids' must be an integer tensor, not " +
                getDTypeName(positions.getDType()));
  if (positions.getRank() != 2 || positions.getSize(1) != shape.seq ||
      (positions.getSize(0) != shape.batch && positions.getSize(0) != 1))
    return fail("'position_ids' " + formatShape(positions.getSizes()) +
                " must be [batch, seq] = " +
                formatShape({shape.batch, shape.seq}) + " (or [1, seq])");
  shape.positionBatch = positions.getSize(0);
  if (!isFloatDType(invFreq.getDType()))
    return fail("'inv_freq' must be a float tensor, not " +
                getDTypeName(invFreq.getDType()));
  if (invFreq.getRank() != 1 || invFreq.getSize(0) != shape.headDim / 2)
    return fail(
        "'inv_freq' " + formatShape(invFreq.getSizes()) +
        " must be [head_dim / 2] = " + formatShape({shape.headDim / 2}));
  return shape;
}

/// native.rope in the compute type CT (float for f32, f16 and bf16, double
/// for f64), in HuggingFace's order of operations: freqs = position * inv_freq,
/// cos = cos(freqs) * attention_scale (sin likewise), then per pair
/// (x1, x2) = x1 * cos - x2 * sin and x2 * cos + x1 * sin, each product
/// rounded to CT before the sum, as the decomposition's mul and add round.
template <typename CT>
std::vector<CT> rotate(const Tensor &input, const Tensor &positions,
                       const Tensor &invFreq, const RopeShape &shape,
                       bool interleaved, CT scale) {
  int64_t half = shape.headDim / 2;
  // cos and sin for each [position batch, seq, frequency].
  std::vector<int64_t> position = positions.readInt();
  std::vector<CT> freq = invFreq.read<CT>();
  std::vector<CT> cosines(position.size() * half), sines(cosines.size());
  for (size_t p = 0; p < position.size(); ++p)
    for (int64_t i = 0; i < half; ++i) {
      CT angle = static_cast<CT>(position[p]) * freq[i];
      cosines[p * half + i] = std::cos(angle) * scale;
      sines[p * half + i] = std::sin(angle) * scale;
    }
  // x1 and x2 of pair i: elements i and i + half (rotate_half), or 2i and
  // 2i + 1 (interleaved).
  int64_t second = interleaved ? 1 : half, stride = interleaved ? 2 : 1;
  std::vector<CT> values = input.read<CT>();
  for (int64_t b = 0; b < shape.batch; ++b)
    for (int64_t h = 0; h < shape.heads; ++h)
      for (int64_t s = 0; s < shape.seq; ++s) {
        CT *row = values.data() +
                  ((b * shape.heads + h) * shape.seq + s) * shape.headDim;
        int64_t table =
            ((shape.positionBatch == 1 ? 0 : b) * shape.seq + s) * half;
        for (int64_t i = 0; i < half; ++i) {
          CT c = cosines[table + i], sn = sines[table + i];
          CT &first = row[i * stride], &other = row[i * stride + second];
          CT x1 = first, x2 = other;
          CT x1c = x1 * c, x2s = x2 * sn, x2c = x2 * c, x1s = x1 * sn;
          first = x1c - x2s;
          other = x2c + x1s;
        }
      }
  return values;
}

bool ropeKernel(KernelContext &ctx) {
  const Tensor *input = ctx.tensor("input");
  const Tensor *positions = input ? ctx.tensor("position_ids") : nullptr;
  const Tensor *invFreq = positions ? ctx.tensor("inv_freq") : nullptr;
  bool interleaved = ctx.getBool("interleaved", false);
  double scale = ctx.getDouble("attention_scale", 1.0);
  if (!invFreq || ctx.failed())
    return false;
  std::optional<RopeShape> shape =
      checkRopeShape(ctx, *input, *positions, *invFreq);
  if (!shape)
    return false;
  Tensor result = Tensor::alloc(input->getDType(), input->getSizes());
  if (input->getDType() == DType::F64)
    result.write<double>(rotate<double>(*input, *positions, *invFreq, *shape,
                                        interleaved, scale),
                         /*initialising=*/true);
  else
    result.write<float>(rotate<float>(*input, *positions, *invFreq, *shape,
                                      interleaved, static_cast<float>(scale)),
                        /*initialising=*/true);
  ctx.setResult(0, result);
  return true;
}

} // namespace

void run::registerFusedKernels(KernelRegistry &r) {
  r.addOverloads("native.rope", {"default"},
                 "input,position_ids,inv_freq,interleaved,attention_scale",
                 ropeKernel);
}

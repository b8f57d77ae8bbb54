//===- ElementwiseSupport.h - maps over broadcast tensors -------*- C++ -*-===//
//
// The loops every elementwise kernel shares: read the operands, broadcast to
// the result shape, in the compute type (float for f32/f16/bf16, double for
// f64, int64_t for integers and bool), apply a function, store rounding to
// the result dtype. Signed integer arithmetic wraps (as torch's does in
// practice) instead of being undefined.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_INTERPRETER_ELEMENTWISESUPPORT_H
#define NG_LIB_INTERPRETER_ELEMENTWISESUPPORT_H

#include "ng/Interpreter/Kernel.h"

#include <array>
#include <type_traits>
#include <utility>

namespace ng::run {

enum class ComputeKind { Float, Double, Int };

inline ComputeKind getComputeKind(DType dtype) {
  if (dtype == DType::F64)
    return ComputeKind::Double;
  return isFloatDType(dtype) ? ComputeKind::Float : ComputeKind::Int;
}

template <typename T> inline T wrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else
    return a + b;
}
template <typename T> inline T wrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
  else
    return a - b;
}
template <typename T> inline T wrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else
    return a * b;
}

/// Calls `fn(CT())` with CT the compute type of `dtype`: float for
/// f32/f16/bf16, double for f64, int64_t for integers and bool. The one
/// place a kernel turns a run-time dtype into the type it computes in.
template <typename Fn> void visitComputeType(DType dtype, Fn &&fn) {
  switch (getComputeKind(dtype)) {
  case ComputeKind::Float:
    fn(float());
    return;
  case ComputeKind::Double:
    fn(double());
    return;
  case ComputeKind::Int:
    fn(int64_t());
    return;
  }
}

namespace detail {
template <typename CT, size_t N, typename Fn, size_t... I>
CT applyAt(Fn &fn, const std::array<std::vector<CT>, N> &values, size_t i,
           std::index_sequence<I...>) {
  return static_cast<CT>(fn(values[I][i]...));
}
} // namespace detail

/// result[i] = fn(operands[0][i], operands[1][i], ...) over the broadcast
/// of `operands` (torch.broadcast_shapes, left to right), each read in
/// `compute`'s compute type, stored as `out`. Fails on shapes that do not
/// broadcast and on a result ng-run does not make (KernelContext::
/// checkSizes).
template <typename Fn, typename... Operands>
bool mapElements(KernelContext &ctx, DType compute, DType out, Fn fn,
                 Tensor &result, const Operands &...operands) {
  static_assert((std::is_same_v<Operands, Tensor> && ...));
  constexpr size_t n = sizeof...(Operands);
  std::array<const Tensor *, n> inputs = {&operands...};
  Shape shape(inputs[0]->getSizes());
  for (const Tensor *input : llvm::ArrayRef(inputs).drop_front()) {
    std::optional<Shape> joint = broadcastShapes(shape, input->getSizes());
    if (!joint)
      return ctx.fail("cannot broadcast " + formatShape(shape) + " with " +
                      formatShape(input->getSizes()));
    shape = *joint;
  }
  if (!ctx.checkSizes(shape))
    return false;
  result = Tensor::alloc(out, shape);
  visitComputeType(compute, [&](auto tag) {
    using CT = decltype(tag);
    std::array<std::vector<CT>, n> values = {
        operands.broadcastTo(shape).template read<CT>()...};
    // The first operand's values become the result's, in place.
    std::vector<CT> &mapped = values[0];
    for (size_t i = 0; i < mapped.size(); ++i)
      mapped[i] = detail::applyAt(fn, values, i, std::make_index_sequence<n>());
    result.write<CT>(mapped, /*initialising=*/true);
  });
  return !ctx.failed();
}

/// out[i] = fn(a[i], b[i]) over the broadcast of `a` and `b`.
template <typename Fn>
bool mapBinary(KernelContext &ctx, const Tensor &a, const Tensor &b,
               DType compute, DType out, Fn fn, Tensor &result) {
  return mapElements(ctx, compute, out, fn, result, a, b);
}

/// out[i] = fn(a[i]).
template <typename Fn>
bool mapUnary(KernelContext &ctx, const Tensor &a, DType compute, DType out,
              Fn fn, Tensor &result) {
  return mapElements(ctx, compute, out, fn, result, a);
}

} // namespace ng::run

#endif // NG_LIB_INTERPRETER_ELEMENTWISESUPPORT_H

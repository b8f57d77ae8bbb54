//===- ElementwiseSupport.h - elementwise maps over broadcast tensors
//------===//
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

#include <type_traits>

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

/// out[i] = fn(a[i], b[i]) over the broadcast of `a` and `b`, computed in
/// `compute`'s type, stored as `out`.
template <typename Fn>
bool mapBinary(KernelContext &ctx, const Tensor &a, const Tensor &b,
               DType compute, DType out, Fn fn, Tensor &result) {
  std::optional<Shape> shape = broadcastShapes(a.getSizes(), b.getSizes());
  if (!shape)
    return ctx.fail("cannot broadcast " + formatShape(a.getSizes()) + " with " +
                    formatShape(b.getSizes()));
  if (!ctx.checkSizes(*shape))
    return false;
  result = Tensor::alloc(out, *shape);
  Tensor x = a.broadcastTo(*shape), y = b.broadcastTo(*shape);
  auto run = [&](auto tag) {
    using CT = decltype(tag);
    std::vector<CT> lhs = x.read<CT>(), rhs = y.read<CT>();
    for (size_t i = 0; i < lhs.size(); ++i)
      lhs[i] = static_cast<CT>(fn(lhs[i], rhs[i]));
    result.write<CT>(lhs, /*initialising=*/true);
  };
  switch (getComputeKind(compute)) {
  case ComputeKind::Float:
    run(float());
    break;
  case ComputeKind::Double:
    run(double());
    break;
  case ComputeKind::Int:
    run(int64_t());
    break;
  }
  return !ctx.failed();
}

template <typename Fn>
bool mapUnary(KernelContext &ctx, const Tensor &a, DType compute, DType out,
              Fn fn, Tensor &result) {
  result = Tensor::alloc(out, a.getSizes());
  auto run = [&](auto tag) {
    using CT = decltype(tag);
    std::vector<CT> values = a.read<CT>();
    for (CT &v : values)
      v = static_cast<CT>(fn(v));
    result.write<CT>(values, /*initialising=*/true);
  };
  switch (getComputeKind(compute)) {
  case ComputeKind::Float:
    run(float());
    break;
  case ComputeKind::Double:
    run(double());
    break;
  case ComputeKind::Int:
    run(int64_t());
    break;
  }
  return !ctx.failed();
}

} // namespace ng::run

#endif // NG_LIB_INTERPRETER_ELEMENTWISESUPPORT_H

//===- Elementwise.cpp - unary and binary elementwise kernels -------------===//
//
// torch semantics (https://pytorch.org/docs/stable/torch.html#pointwise-ops):
// broadcasting (torch.broadcast_shapes), type promotion (torch.result_type,
// ResultTypeState in c10), integer inputs of float functions computed in the
// default dtype (f32). Each op computes in its result dtype's compute type
// and rounds once per op, as torch's CPU kernels do for f16 and bf16.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseSupport.h"

#include <cmath>

using namespace ng;
using namespace ng::run;

namespace {

/// The second operand of a binary op: `other` (or `exponent`, ...), a
/// tensor or a number (kept in f64/i64, cast to the compute type when read).
const RValue *operand(KernelContext &ctx, llvm::StringRef name) {
  return ctx.scalarOrTensor(name);
}

Tensor asTensor(const RValue &v) {
  if (v.isTensor())
    return v.tensor;
  return toTensor(v, v.kind == RValue::Kind::Float ? DType::F64 : DType::I64);
}

/// A binary arithmetic op: result dtype torch.result_type(a, b).
template <typename Fn>
KernelFn arithmetic(llvm::StringRef first, llvm::StringRef second, Fn fn,
                    bool trueDivide = false) {
  return [=](KernelContext &ctx) {
    const RValue *a = operand(ctx, first);
    const RValue *b = a ? operand(ctx, second) : nullptr;
    if (!b)
      return false;
    DType out = resultType({a, b});
    if (trueDivide && !isFloatDType(out))
      out = DType::F32;
    Tensor result;
    if (!mapBinary(ctx, asTensor(*a), asTensor(*b), out, out, fn, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

/// add / sub with `alpha`: a + alpha * b.
KernelFn addLike(bool subtract, bool reversed = false) {
  return [=](KernelContext &ctx) {
    const RValue *a = operand(ctx, "self");
    const RValue *b = a ? operand(ctx, "other") : nullptr;
    if (!b)
      return false;
    const RValue *alphaArg = ctx.find("alpha");
    RValue alpha =
        alphaArg && !alphaArg->isNone() ? *alphaArg : RValue::ofInt(1);
    DType out = resultType({a, b});
    if (out == DType::Bool && subtract)
      return ctx.fail("subtraction of bool tensors is not supported");
    double alphaF = scalarAsDouble(alpha);
    int64_t alphaI = scalarAsInt(alpha);
    bool unitAlpha = alpha.kind != RValue::Kind::Float && alphaI == 1;
    if (alpha.kind == RValue::Kind::Float && !isFloatDType(out))
      return ctx.fail("a float alpha needs a float result");
    Tensor lhs = asTensor(*a), rhs = asTensor(*b);
    if (reversed)
      std::swap(lhs, rhs);
    Tensor result;
    bool ok = mapBinary(
        ctx, lhs, rhs, out, out,
        [=](auto x, auto y) {
          using T = decltype(x);
          T scaled = y;
          if (!unitAlpha) {
            if constexpr (std::is_integral_v<T>)
              scaled = wrapMul(y, static_cast<T>(alphaI));
            else
              scaled = y * static_cast<T>(alphaF);
          }
          if (out == DType::Bool)
            return static_cast<T>((x != 0) || (scaled != 0));
          return subtract ? wrapSub(x, scaled) : wrapAdd(x, scaled);
        },
        result);
    if (!ok)
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

/// A comparison: computed in the promoted type, a bool result.
template <typename Fn> KernelFn comparison(Fn fn) {
  return [=](KernelContext &ctx) {
    const RValue *a = operand(ctx, "self");
    const RValue *b = a ? operand(ctx, "other") : nullptr;
    if (!b)
      return false;
    DType compute = resultType({a, b});
    Tensor result;
    if (!mapBinary(
            ctx, asTensor(*a), asTensor(*b), compute, DType::Bool,
            [=](auto x, auto y) { return fn(x, y) ? 1 : 0; }, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

/// A logical op: both operands read as bool, a bool result.
template <typename Fn> KernelFn logical(Fn fn) {
  return [=](KernelContext &ctx) {
    const Tensor *a = ctx.tensor("self");
    const Tensor *b = a ? ctx.tensor("other") : nullptr;
    if (!b)
      return false;
    Tensor result;
    if (!mapBinary(
            ctx, *a, *b, DType::F64, DType::Bool,
            [=](double x, double y) { return fn(x != 0, y != 0); }, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

/// A float function: float inputs keep their dtype, others compute in f32.
template <typename Fn> KernelFn floatUnary(Fn fn) {
  return [=](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    DType out = isFloatDType(self->getDType()) ? self->getDType() : DType::F32;
    Tensor result;
    if (!mapUnary(ctx, *self, out, out, fn, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

/// A function that keeps its input's dtype (neg, abs, relu, ...).
template <typename Fn> KernelFn sameTypeUnary(Fn fn, bool allowBool = true) {
  return [=](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    if (!allowBool && self->getDType() == DType::Bool)
      return ctx.fail("the op does not take bool tensors");
    Tensor result;
    if (!mapUnary(ctx, *self, self->getDType(), self->getDType(), fn, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

template <typename T> T sigmoidOf(T x) { return T(1) / (T(1) + std::exp(-x)); }

/// Integer power by squaring, wrapping; float pow otherwise.
template <typename T> T power(T base, T exponent) {
  if constexpr (std::is_integral_v<T>) {
    if (exponent < 0)
      return base == 1 ? 1 : (base == -1 ? (exponent % 2 ? -1 : 1) : 0);
    T result = 1;
    while (exponent) {
      if (exponent & 1)
        result = wrapMul(result, base);
      base = wrapMul(base, base);
      exponent >>= 1;
    }
    return result;
  } else {
    return std::pow(base, exponent);
  }
}

bool powKernel(KernelContext &ctx, llvm::StringRef first,
               llvm::StringRef second) {
  const RValue *a = operand(ctx, first);
  const RValue *b = a ? operand(ctx, second) : nullptr;
  if (!b)
    return false;
  DType out = resultType({a, b});
  if (!isFloatDType(out) && !b->isTensor() && scalarAsInt(*b) < 0)
    return ctx.fail("integers to negative integer powers are not allowed");
  Tensor result;
  if (!mapBinary(
          ctx, asTensor(*a), asTensor(*b), out, out,
          [](auto x, auto y) { return power(x, y); }, result))
    return false;
  ctx.setResult(0, result);
  return true;
}

/// Integer division and modulo by zero are errors in torch.
template <typename Fn> KernelFn integerChecked(Fn fn, bool floor) {
  return [=](KernelContext &ctx) {
    const RValue *a = operand(ctx, "self");
    const RValue *b = a ? operand(ctx, "other") : nullptr;
    if (!b)
      return false;
    DType out = resultType({a, b});
    Tensor rhs = asTensor(*b);
    if (!isFloatDType(out)) {
      for (int64_t v : rhs.readInt())
        if (v == 0)
          return ctx.fail("integer division by zero");
    }
    Tensor result;
    if (!mapBinary(
            ctx, asTensor(*a), rhs, out, out,
            [=](auto x, auto y) { return fn(x, y, floor); }, result))
      return false;
    ctx.setResult(0, result);
    return true;
  };
}

template <typename T> T divide(T x, T y, bool floor) {
  if constexpr (std::is_integral_v<T>) {
    if (y == -1)
      return wrapSub(T(0), x);
    T q = x / y;
    if (floor && (x % y != 0) && ((x < 0) != (y < 0)))
      --q;
    return q;
  } else {
    return floor ? std::floor(x / y) : std::trunc(x / y);
  }
}

template <typename T> T modulo(T x, T y, bool floor) {
  if constexpr (std::is_integral_v<T>) {
    if (y == -1)
      return 0;
    T r = x % y;
    if (floor && r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return r;
  } else {
    T r = std::fmod(x, y);
    if (floor && r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return r;
  }
}

bool divKernel(KernelContext &ctx) {
  std::string mode = ctx.getString("rounding_mode", std::string());
  if (ctx.failed())
    return false;
  if (mode.empty())
    return arithmetic(
        "self", "other", [](auto x, auto y) { return x / y; }, true)(ctx);
  if (mode != "trunc" && mode != "floor")
    return ctx.fail("rounding_mode '" + mode + "' is not 'trunc' or 'floor'");
  return integerChecked(
      [](auto x, auto y, bool floor) { return divide(x, y, floor); },
      mode == "floor")(ctx);
}

bool whereKernel(KernelContext &ctx) {
  const Tensor *condition = ctx.tensor("condition");
  const RValue *a = condition ? operand(ctx, "self") : nullptr;
  const RValue *b = a ? operand(ctx, "other") : nullptr;
  if (!b)
    return false;
  DType out = resultType({a, b});
  Tensor result;
  if (!mapElements(
          ctx, out, out,
          [](auto pick, auto x, auto y) { return pick != 0 ? x : y; }, result,
          *condition, asTensor(*a), asTensor(*b)))
    return false;
  ctx.setResult(0, result);
  return true;
}

/// clamp(self, min, max): either bound may be none; a float bound on an
/// integer tensor promotes.
bool clampKernel(KernelContext &ctx, llvm::StringRef minName,
                 llvm::StringRef maxName) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  const RValue *lo = ctx.find(minName), *hi = ctx.find(maxName);
  bool hasLo = lo && !lo->isNone(), hasHi = hi && !hi->isNone();
  if (!hasLo && !hasHi)
    return ctx.fail("clamp needs 'min' or 'max'");
  RValue selfValue = RValue::ofTensor(*self);
  DType out =
      resultType({&selfValue, hasLo ? lo : nullptr, hasHi ? hi : nullptr});
  Tensor result = self->clone(out);
  Tensor bounded;
  if (hasLo) {
    if (!mapBinary(
            ctx, result, asTensor(*lo), out, out,
            [](auto x, auto y) { return x != x ? x : (x < y ? y : x); },
            bounded))
      return false;
    result = bounded;
  }
  if (hasHi) {
    if (!mapBinary(
            ctx, result, asTensor(*hi), out, out,
            [](auto x, auto y) { return x != x ? x : (x > y ? y : x); },
            bounded))
      return false;
    result = bounded;
  }
  ctx.setResult(0, result);
  return true;
}

template <typename T> T geluOf(T x, bool approximate) {
  if (approximate) {
    T inner = T(0.7978845608028654) * (x + T(0.044715) * x * x * x);
    return T(0.5) * x * (T(1) + std::tanh(inner));
  }
  return x * T(0.5) * (T(1) + std::erf(x * T(0.7071067811865476)));
}

} // namespace

void run::registerElementwiseKernels(KernelRegistry &r) {
  // Arithmetic.
  r.addOverloads("aten.add", {"Tensor", "Scalar"}, "self,other,alpha",
                 addLike(false));
  r.addOverloads("aten.sub", {"Tensor", "Scalar"}, "self,other,alpha",
                 addLike(true));
  r.addOverloads("aten.rsub", {"Tensor", "Scalar"}, "self,other,alpha",
                 addLike(true, /*reversed=*/true));
  auto mul = arithmetic("self", "other", [](auto x, auto y) {
    if constexpr (std::is_integral_v<decltype(x)>)
      return wrapMul(x, y);
    else
      return x * y;
  });
  r.addOverloads("aten.mul", {"Tensor", "Scalar"}, "self,other", mul);
  r.addOverloads("aten.div", {"Tensor", "Scalar", "Tensor_mode", "Scalar_mode"},
                 "self,other,rounding_mode", divKernel);
  r.addOverloads(
      "aten.floor_divide", {"default", "Scalar"}, "self,other",
      integerChecked([](auto x, auto y, bool f) { return divide(x, y, f); },
                     true));
  r.addOverloads(
      "aten.remainder", {"Tensor", "Scalar"}, "self,other",
      integerChecked([](auto x, auto y, bool f) { return modulo(x, y, f); },
                     true));
  r.addOverloads(
      "aten.fmod", {"Tensor", "Scalar"}, "self,other",
      integerChecked([](auto x, auto y, bool f) { return modulo(x, y, f); },
                     false));
  r.addOverloads(
      "aten.pow", {"Tensor_Scalar"}, "self,exponent",
      [](KernelContext &ctx) { return powKernel(ctx, "self", "exponent"); });
  r.addOverloads(
      "aten.pow", {"Tensor_Tensor"}, "self,exponent",
      [](KernelContext &ctx) { return powKernel(ctx, "self", "exponent"); });
  r.addOverloads(
      "aten.pow", {"Scalar"}, "self,exponent",
      [](KernelContext &ctx) { return powKernel(ctx, "self", "exponent"); });
  r.addOverloads("aten.maximum", {"default"}, "self,other",
                 arithmetic("self", "other", [](auto x, auto y) {
                   return x != x ? x : (y != y ? y : (x > y ? x : y));
                 }));
  r.addOverloads("aten.minimum", {"default"}, "self,other",
                 arithmetic("self", "other", [](auto x, auto y) {
                   return x != x ? x : (y != y ? y : (x < y ? x : y));
                 }));
  r.addOverloads("aten.atan2", {"default"}, "self,other",
                 arithmetic(
                     "self", "other",
                     [](auto x, auto y) { return std::atan2(x, y); }, true));

  // Comparisons.
  r.addOverloads("aten.eq", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x == y; }));
  r.addOverloads("aten.ne", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x != y; }));
  r.addOverloads("aten.lt", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x < y; }));
  r.addOverloads("aten.le", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x <= y; }));
  r.addOverloads("aten.gt", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x > y; }));
  r.addOverloads("aten.ge", {"Tensor", "Scalar"}, "self,other",
                 comparison([](auto x, auto y) { return x >= y; }));
  r.addOverloads("aten.logical_and", {"default"}, "self,other",
                 logical([](bool x, bool y) { return x && y; }));
  r.addOverloads("aten.logical_or", {"default"}, "self,other",
                 logical([](bool x, bool y) { return x || y; }));
  r.addOverloads("aten.logical_xor", {"default"}, "self,other",
                 logical([](bool x, bool y) { return x != y; }));
  r.addOverloads("aten.where", {"self", "ScalarSelf", "ScalarOther", "Scalar"},
                 "condition,self,other", whereKernel);
  r.addOverloads(
      "aten.clamp", {"default", "Tensor"}, "self,min,max",
      [](KernelContext &ctx) { return clampKernel(ctx, "min", "max"); });
  r.addOverloads(
      "aten.clamp_min", {"default", "Tensor"}, "self,min",
      [](KernelContext &ctx) { return clampKernel(ctx, "min", ""); });
  r.addOverloads(
      "aten.clamp_max", {"default", "Tensor"}, "self,max",
      [](KernelContext &ctx) { return clampKernel(ctx, "", "max"); });
  r.addOverloads("aten.hardtanh", {"default"}, "self,min_val,max_val",
                 [](KernelContext &ctx) {
                   const Tensor *self = ctx.tensor("self");
                   if (!self)
                     return false;
                   double lo = ctx.getDouble("min_val", -1.0);
                   double hi = ctx.getDouble("max_val", 1.0);
                   Tensor result;
                   if (!mapUnary(
                           ctx, *self, self->getDType(), self->getDType(),
                           [=](auto x) {
                             using T = decltype(x);
                             return x < T(lo) ? T(lo) : (x > T(hi) ? T(hi) : x);
                           },
                           result))
                     return false;
                   ctx.setResult(0, result);
                   return true;
                 });

  // Unary float functions.
  auto add1 = [&](llvm::StringRef name, KernelFn fn) {
    r.addOverloads(name, {"default"}, "self", fn);
  };
  add1("aten.rsqrt", floatUnary([](auto x) {
         using T = decltype(x);
         return T(1) / std::sqrt(x);
       }));
  add1("aten.sqrt", floatUnary([](auto x) { return std::sqrt(x); }));
  add1("aten.exp", floatUnary([](auto x) { return std::exp(x); }));
  add1("aten.exp2", floatUnary([](auto x) { return std::exp2(x); }));
  add1("aten.expm1", floatUnary([](auto x) { return std::expm1(x); }));
  add1("aten.log", floatUnary([](auto x) { return std::log(x); }));
  add1("aten.log2", floatUnary([](auto x) { return std::log2(x); }));
  add1("aten.log10", floatUnary([](auto x) { return std::log10(x); }));
  add1("aten.log1p", floatUnary([](auto x) { return std::log1p(x); }));
  add1("aten.sin", floatUnary([](auto x) { return std::sin(x); }));
  add1("aten.cos", floatUnary([](auto x) { return std::cos(x); }));
  add1("aten.tan", floatUnary([](auto x) { return std::tan(x); }));
  add1("aten.tanh", floatUnary([](auto x) { return std::tanh(x); }));
  add1("aten.erf", floatUnary([](auto x) { return std::erf(x); }));
  add1("aten.reciprocal", floatUnary([](auto x) {
         using T = decltype(x);
         return T(1) / x;
       }));
  add1("aten.sigmoid", floatUnary([](auto x) { return sigmoidOf(x); }));
  add1("aten.silu", floatUnary([](auto x) {
         using T = decltype(x);
         return x / (T(1) + std::exp(-x));
       }));
  r.addOverloads(
      "aten.gelu", {"default"}, "self,approximate", [](KernelContext &ctx) {
        std::string mode = ctx.getString("approximate", "none");
        if (ctx.failed())
          return false;
        if (mode != "none" && mode != "tanh")
          return ctx.fail("approximate '" + mode + "' is not 'none' or 'tanh'");
        bool tanh = mode == "tanh";
        return floatUnary([=](auto x) { return geluOf(x, tanh); })(ctx);
      });

  // Unary functions that keep the dtype.
  add1("aten.neg", sameTypeUnary(
                       [](auto x) {
                         using T = decltype(x);
                         return wrapSub(T(0), x);
                       },
                       /*allowBool=*/false));
  add1("aten.abs", sameTypeUnary([](auto x) {
         using T = decltype(x);
         return x < T(0) ? wrapSub(T(0), x) : x;
       }));
  add1("aten.relu", sameTypeUnary([](auto x) {
         using T = decltype(x);
         return x > T(0) ? x : T(0);
       }));
  add1("aten.sign", sameTypeUnary([](auto x) {
         using T = decltype(x);
         return x > T(0) ? T(1) : (x < T(0) ? T(-1) : x);
       }));
  add1("aten.floor", sameTypeUnary([](auto x) {
         if constexpr (std::is_integral_v<decltype(x)>)
           return x;
         else
           return std::floor(x);
       }));
  add1("aten.ceil", sameTypeUnary([](auto x) {
         if constexpr (std::is_integral_v<decltype(x)>)
           return x;
         else
           return std::ceil(x);
       }));
  add1("aten.trunc", sameTypeUnary([](auto x) {
         if constexpr (std::is_integral_v<decltype(x)>)
           return x;
         else
           return std::trunc(x);
       }));
  add1("aten.round", sameTypeUnary([](auto x) {
         if constexpr (std::is_integral_v<decltype(x)>)
           return x;
         else
           return std::nearbyint(x); // half to even, as torch.round
       }));
  add1("aten.bitwise_not", [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    if (isFloatDType(self->getDType()))
      return ctx.fail("bitwise_not takes integer or bool tensors");
    bool isBool = self->getDType() == DType::Bool;
    Tensor result;
    if (!mapUnary(
            ctx, *self, DType::I64, self->getDType(),
            [=](int64_t x) { return isBool ? int64_t(!x) : ~x; }, result))
      return false;
    ctx.setResult(0, result);
    return true;
  });
  add1("aten.logical_not", [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    Tensor result;
    if (!mapUnary(
            ctx, *self, DType::F64, DType::Bool,
            [](double x) { return x == 0 ? 1.0 : 0.0; }, result))
      return false;
    ctx.setResult(0, result);
    return true;
  });
}

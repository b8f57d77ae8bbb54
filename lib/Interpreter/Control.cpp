//===- Control.cpp - higher-order ops, assertions, scalar functions -------===//
//
// higher_order.cond runs one of its subgraphs
// (https://pytorch.org/docs/stable/generated/torch.cond.html); assertions
// are checked, a failing one is an error naming the node; SymInt functions
// (sym_size, _operator.*) compute on run-time numbers.
//
//===----------------------------------------------------------------------===//

#include "Executor.h"

#include "ng/Dialect/OpFacts.h"

#include <cmath>

using namespace ng;
using namespace ng::run;

namespace {

bool condKernel(KernelContext &ctx) {
  const RValue *pred = ctx.find("pred");
  const RValue *yes = ctx.find("true_fn");
  const RValue *no = ctx.find("false_fn");
  const RValue *operands = ctx.find("operands");
  if (!pred || !yes || !no || yes->kind != RValue::Kind::Graph ||
      no->kind != RValue::Kind::Graph || !yes->graph || !no->graph)
    return ctx.fail("cond needs a predicate and two graphs");
  bool taken;
  if (pred->isTensor()) {
    if (pred->tensor.getNumElements() != 1)
      return ctx.fail("the predicate must hold one element, not " +
                      formatShape(pred->tensor.getSizes()));
    taken = pred->tensor.readDouble().front() != 0;
  } else if (pred->isNumber()) {
    taken = scalarAsDouble(*pred) != 0;
  } else {
    return ctx.fail("the predicate is neither a tensor nor a bool");
  }
  std::vector<RValue> inputs;
  if (operands && operands->kind == RValue::Kind::TensorList)
    for (const Tensor &t : operands->tensors)
      inputs.push_back(RValue::ofTensor(t));
  llvm::Expected<std::vector<RValue>> results =
      ctx.getExecutor().runGraph(*(taken ? yes : no)->graph, inputs);
  if (!results)
    return ctx.fail(std::string(taken ? "true" : "false") +
                    " branch: " + llvm::toString(results.takeError()));
  if (results->size() != ctx.getNumResults())
    return ctx.fail("the branch returns " + llvm::Twine(results->size()) +
                    " values for " + llvm::Twine(ctx.getNumResults()) +
                    " outputs");
  for (auto [i, value] : llvm::enumerate(*results))
    ctx.setResult(i, value);
  return true;
}

bool assertScalarKernel(KernelContext &ctx) {
  const RValue *self = ctx.find("self");
  if (!self || !(self->isNumber() || self->isTensor()))
    return ctx.fail("argument 'self' is not a bool");
  if (scalarAsDouble(*self) == 0)
    return ctx.fail("assertion failed: " +
                    ctx.getString("assert_msg", std::string("(no message)")));
  return true;
}

bool assertAsyncKernel(KernelContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  if (self->getNumElements() != 1)
    return ctx.fail("_assert_async takes a one-element tensor");
  if (self->readDouble().front() == 0)
    return ctx.fail("assertion failed: " +
                    ctx.getString("assert_msg", std::string("(no message)")));
  return true;
}

bool assertMetadataKernel(KernelContext &ctx) {
  const Tensor *a = ctx.tensor("a");
  if (!a)
    return false;
  if (!ctx.isAbsent("size")) {
    std::vector<int64_t> size = ctx.getInts("size");
    if (Shape(size.begin(), size.end()) != Shape(a->getSizes()))
      return ctx.fail("assertion failed: 'a' has sizes " +
                      formatShape(a->getSizes()) + ", expected " +
                      formatShape(size));
  }
  std::optional<DType> dtype = ctx.getOptionalDType("dtype");
  if (ctx.failed())
    return false;
  if (dtype && *dtype != a->getDType())
    return ctx.fail("assertion failed: 'a' has dtype " +
                    getDTypeName(a->getDType()) + ", expected " +
                    getDTypeName(*dtype));
  return true;
}

bool constrainRangeKernel(KernelContext &ctx, bool forSize) {
  const RValue *size = ctx.find("size");
  if (!size || !size->isNumber())
    return ctx.fail("argument 'size' is not an int");
  int64_t value = scalarAsInt(*size);
  std::optional<int64_t> lo, hi;
  if (!ctx.isAbsent("min"))
    lo = ctx.getInt("min");
  else if (forSize)
    lo = 0;
  if (!ctx.isAbsent("max"))
    hi = ctx.getInt("max");
  if (ctx.failed())
    return false;
  if ((lo && value < *lo) || (hi && value > *hi))
    return ctx.fail("assertion failed: " + llvm::Twine(value) +
                    " is outside [" + (lo ? llvm::Twine(*lo) : "-inf") + ", " +
                    (hi ? llvm::Twine(*hi) : "inf") + "]");
  return true;
}

bool symSizeKernel(KernelContext &ctx, bool stride) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return false;
  int64_t dim = ctx.normalizeDim(ctx.getInt("dim"), self->getRank());
  if (ctx.failed())
    return false;
  if (self->getRank() == 0)
    return ctx.fail("a 0-dim tensor has no dims");
  // The logical stride: what a contiguous tensor of these sizes has, the
  // layout the IR records for it aside.
  ctx.setResult(
      0, RValue::ofInt(stride ? getStridesForDimOrder(self->getSizes(), {})[dim]
                              : self->getSize(dim)));
  return true;
}

/// `_operator.<fn>(a, b)` on SymInts, SymFloats, SymBools.
template <typename IntFn, typename FloatFn>
KernelFn scalarBinary(IntFn intFn, FloatFn floatFn) {
  return [=](KernelContext &ctx) {
    const RValue *a = ctx.find("a"), *b = ctx.find("b");
    if (!a || !b || !a->isNumber() || !b->isNumber())
      return ctx.fail("the operands must be numbers");
    if (a->kind == RValue::Kind::Float || b->kind == RValue::Kind::Float)
      return floatFn(ctx, scalarAsDouble(*a), scalarAsDouble(*b));
    return intFn(ctx, scalarAsInt(*a), scalarAsInt(*b));
  };
}

bool setNumber(KernelContext &ctx, RValue value) {
  ctx.setResult(0, std::move(value));
  return true;
}

template <typename Fn> KernelFn comparisonOf(Fn fn) {
  return scalarBinary(
      [=](KernelContext &ctx, int64_t a, int64_t b) {
        return setNumber(ctx, RValue::ofBool(fn(a, b)));
      },
      [=](KernelContext &ctx, double a, double b) {
        return setNumber(ctx, RValue::ofBool(fn(a, b)));
      });
}

} // namespace

void run::registerControlKernels(KernelRegistry &r) {
  r.add("torch.ops.higher_order.cond", "pred,true_fn,false_fn,operands",
        condKernel);
  r.add("torch.ops.aten._assert_scalar.default", "self,assert_msg",
        assertScalarKernel);
  r.add("torch.ops.aten._assert_async.default", "self", assertAsyncKernel);
  r.add("torch.ops.aten._assert_async.msg", "self,assert_msg",
        assertAsyncKernel);
  r.add("torch.ops.aten._assert_tensor_metadata.default",
        "a,size,stride,dtype,device,layout", assertMetadataKernel);
  r.add("torch.ops.aten.sym_constrain_range.default", "size,min,max",
        [](KernelContext &ctx) { return constrainRangeKernel(ctx, false); });
  r.add("torch.ops.aten.sym_constrain_range_for_size.default", "size,min,max",
        [](KernelContext &ctx) { return constrainRangeKernel(ctx, true); });
  r.add("torch.ops.aten.sym_size.int", "self,dim",
        [](KernelContext &ctx) { return symSizeKernel(ctx, false); });
  r.add("torch.ops.aten.sym_stride.int", "self,dim",
        [](KernelContext &ctx) { return symSizeKernel(ctx, true); });
  r.add("torch.ops.aten.sym_numel.default", "self", [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    return setNumber(ctx, RValue::ofInt(self->getNumElements()));
  });
  auto item = [](KernelContext &ctx) {
    const Tensor *self = ctx.tensor("self");
    if (!self)
      return false;
    if (self->getNumElements() != 1)
      return ctx.fail("a tensor with " + llvm::Twine(self->getNumElements()) +
                      " elements cannot be converted to a scalar");
    if (isFloatDType(self->getDType()))
      return setNumber(ctx, RValue::ofFloat(self->readDouble().front()));
    if (self->getDType() == DType::Bool)
      return setNumber(ctx, RValue::ofBool(self->readInt().front() != 0));
    return setNumber(ctx, RValue::ofInt(self->readInt().front()));
  };
  r.add("torch.ops.aten.item.default", "self", item);
  r.add("torch.ops.aten._local_scalar_dense.default", "self", item);

  auto arith = [&](llvm::StringRef name, auto intFn, auto floatFn) {
    r.add(("_operator." + name).str(), "a,b",
          scalarBinary(
              [=](KernelContext &ctx, int64_t a, int64_t b) {
                return setNumber(ctx, RValue::ofInt(intFn(a, b)));
              },
              [=](KernelContext &ctx, double a, double b) {
                return setNumber(ctx, RValue::ofFloat(floatFn(a, b)));
              }));
  };
  arith(
      "add",
      [](int64_t a, int64_t b) {
        return static_cast<int64_t>(static_cast<uint64_t>(a) +
                                    static_cast<uint64_t>(b));
      },
      [](double a, double b) { return a + b; });
  arith(
      "sub",
      [](int64_t a, int64_t b) {
        return static_cast<int64_t>(static_cast<uint64_t>(a) -
                                    static_cast<uint64_t>(b));
      },
      [](double a, double b) { return a - b; });
  arith(
      "mul",
      [](int64_t a, int64_t b) {
        return static_cast<int64_t>(static_cast<uint64_t>(a) *
                                    static_cast<uint64_t>(b));
      },
      [](double a, double b) { return a * b; });
  r.add("_operator.floordiv", "a,b",
        scalarBinary(
            [](KernelContext &ctx, int64_t a, int64_t b) {
              if (b == 0)
                return ctx.fail("integer division by zero");
              if (b == -1)
                return setNumber(ctx, RValue::ofInt(static_cast<int64_t>(
                                          0 - static_cast<uint64_t>(a))));
              int64_t q = a / b;
              if ((a % b != 0) && ((a < 0) != (b < 0)))
                --q;
              return setNumber(ctx, RValue::ofInt(q));
            },
            [](KernelContext &ctx, double a, double b) {
              return setNumber(ctx, RValue::ofFloat(std::floor(a / b)));
            }));
  r.add("_operator.mod", "a,b",
        scalarBinary(
            [](KernelContext &ctx, int64_t a, int64_t b) {
              if (b == 0)
                return ctx.fail("integer modulo by zero");
              if (b == -1)
                return setNumber(ctx, RValue::ofInt(0));
              int64_t m = a % b;
              if (m != 0 && ((m < 0) != (b < 0)))
                m += b;
              return setNumber(ctx, RValue::ofInt(m));
            },
            [](KernelContext &ctx, double a, double b) {
              double m = std::fmod(a, b);
              if (m != 0 && ((m < 0) != (b < 0)))
                m += b;
              return setNumber(ctx, RValue::ofFloat(m));
            }));
  r.add("_operator.truediv", "a,b",
        scalarBinary(
            [](KernelContext &ctx, int64_t a, int64_t b) {
              return setNumber(ctx, RValue::ofFloat(static_cast<double>(a) /
                                                    static_cast<double>(b)));
            },
            [](KernelContext &ctx, double a, double b) {
              return setNumber(ctx, RValue::ofFloat(a / b));
            }));
  r.add("_operator.eq", "a,b",
        comparisonOf([](auto a, auto b) { return a == b; }));
  r.add("_operator.ne", "a,b",
        comparisonOf([](auto a, auto b) { return a != b; }));
  r.add("_operator.lt", "a,b",
        comparisonOf([](auto a, auto b) { return a < b; }));
  r.add("_operator.le", "a,b",
        comparisonOf([](auto a, auto b) { return a <= b; }));
  r.add("_operator.gt", "a,b",
        comparisonOf([](auto a, auto b) { return a > b; }));
  r.add("_operator.ge", "a,b",
        comparisonOf([](auto a, auto b) { return a >= b; }));
  r.add("_operator.and_", "a,b",
        comparisonOf([](auto a, auto b) { return a != 0 && b != 0; }));
  r.add("_operator.or_", "a,b",
        comparisonOf([](auto a, auto b) { return a != 0 || b != 0; }));
  r.add("_operator.neg", "a", [](KernelContext &ctx) {
    const RValue *a = ctx.find("a");
    if (!a || !a->isNumber())
      return ctx.fail("the operand must be a number");
    if (a->kind == RValue::Kind::Float)
      return setNumber(ctx, RValue::ofFloat(-a->f));
    return setNumber(ctx, RValue::ofInt(static_cast<int64_t>(
                              0 - static_cast<uint64_t>(scalarAsInt(*a)))));
  });
}

//===- ScalarRanges.cpp - what a graph's symbolic ints can be -------------===//
//
// See include/ng/Analysis/ScalarRanges.h. One walk in program order: each
// call the op facts know as a scalar function (ScalarFunction) gets the range
// of its result from the ranges of its arguments, which are literals or
// values defined before it. Interval arithmetic saturates at the int64
// bounds, which stand for "unbounded".
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/ScalarRanges.h"

#include "ng/Dialect/NgTypes.h"
#include "ng/Dialect/OpFacts.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace ng;

static constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
static constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

std::optional<WireArgument> ng::findSchemaArgument(Operation *op,
                                                   StringRef name) {
  WireArgumentRange args = getWireArguments(op);
  if (std::optional<WireArgument> arg = args.find(name))
    return arg;
  auto call = dyn_cast<CallOp>(op);
  std::optional<OpFacts> facts =
      call ? lookupOpFacts(call.getTarget()) : std::nullopt;
  if (!facts)
    return std::nullopt;
  std::optional<unsigned> position = facts->signature.indexOf(name);
  if (!position)
    return std::nullopt;
  // Only a positional argument stands for the schema's by its position: a
  // named one in that place is another argument.
  std::optional<WireArgument> arg = args.at(*position);
  if (!arg || !arg->getName().empty())
    return std::nullopt;
  return arg;
}

namespace {

int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum))
    return b > 0 ? kMax : kMin;
  return sum;
}

int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product))
    return (a < 0) == (b < 0) ? kMax : kMin;
  return product;
}

/// A saturated end stands for "unbounded": it stays so under any arithmetic.
bool isUnbounded(int64_t end) { return end == kMin || end == kMax; }

IntRange add(IntRange a, IntRange b) {
  IntRange sum{saturatingAdd(a.min, b.min), saturatingAdd(a.max, b.max)};
  if (isUnbounded(a.min) || isUnbounded(b.min))
    sum.min = kMin;
  if (isUnbounded(a.max) || isUnbounded(b.max))
    sum.max = kMax;
  return sum;
}

IntRange negate(IntRange a) {
  return {isUnbounded(a.max) ? kMin : -a.max,
          isUnbounded(a.min) ? kMax : -a.min};
}

IntRange mul(IntRange a, IntRange b) {
  // An unbounded end may stand for any magnitude: say nothing then.
  if (isUnbounded(a.min) || isUnbounded(a.max) || isUnbounded(b.min) ||
      isUnbounded(b.max)) {
    // [0, inf) * [0, inf) and the like stay non-negative.
    if (a.min >= 0 && b.min >= 0)
      return {saturatingMul(a.min, b.min), kMax};
    return IntRange::all();
  }
  int64_t products[] = {
      saturatingMul(a.min, b.min), saturatingMul(a.min, b.max),
      saturatingMul(a.max, b.min), saturatingMul(a.max, b.max)};
  return {*std::min_element(std::begin(products), std::end(products)),
          *std::max_element(std::begin(products), std::end(products))};
}

/// The value of `a < b` when the ranges decide it.
std::optional<bool> lessThan(IntRange a, IntRange b) {
  if (a.max < b.min)
    return true;
  if (a.min >= b.max)
    return false;
  return std::nullopt;
}

std::optional<bool> equal(IntRange a, IntRange b) {
  if (a.isExact() && b.isExact() && a.min == b.min && !isUnbounded(a.min))
    return true;
  if (a.max < b.min || b.max < a.min)
    return false;
  return std::nullopt;
}

std::optional<bool> negation(std::optional<bool> value) {
  return value ? std::optional<bool>(!*value) : std::nullopt;
}

} // namespace

ScalarRanges::ScalarRanges(Operation *op) {
  // Pre-order: a node's operands are defined before it, in its graph.
  op->walk<WalkOrder::PreOrder>([&](CallOp call) { visit(call); });
}

void ScalarRanges::visit(CallOp call) {
  if (call.getNumResults() != 1)
    return;
  std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
  if (!facts || facts->scalarFunction == ScalarFunction::None)
    return;
  Value result = call.getResult(0);
  auto operandRanges = [&]() -> std::optional<std::pair<IntRange, IntRange>> {
    std::optional<WireArgument> a = findSchemaArgument(call, "a");
    std::optional<WireArgument> b = findSchemaArgument(call, "b");
    if (!a || !b)
      return std::nullopt;
    std::optional<IntRange> lhs = getRange(*a), rhs = getRange(*b);
    if (!lhs || !rhs)
      return std::nullopt;
    return std::make_pair(*lhs, *rhs);
  };
  auto setRange = [&](IntRange range) {
    if (getReferenceKind(result.getType()) == ArgKind::Int)
      ranges[result] = range;
  };
  auto setBool = [&](std::optional<bool> value) {
    if (value && getReferenceKind(result.getType()) == ArgKind::Bool)
      bools[result] = *value;
  };

  switch (facts->scalarFunction) {
  case ScalarFunction::None:
    return;
  case ScalarFunction::SymSize: {
    std::optional<WireArgument> self = findSchemaArgument(call, "self");
    std::optional<WireArgument> dimArg = findSchemaArgument(call, "dim");
    if (!self || !self->getTensor() || !dimArg)
      return;
    auto type = dyn_cast<ng::TensorType>(self->getTensor().getType());
    std::optional<IntRange> dim = getRange(*dimArg);
    if (!type || !type.hasMeta() || !dim || !dim->isExact())
      return;
    int64_t rank = type.getRank(), index = dim->min;
    if (index < 0 && index >= -rank)
      index += rank;
    if (index < 0 || index >= rank)
      return;
    setRange(IntRange::of(type.getSizes()[index]));
    return;
  }
  case ScalarFunction::SymNumel: {
    std::optional<WireArgument> self = findSchemaArgument(call, "self");
    auto type = self && self->getTensor()
                    ? dyn_cast<ng::TensorType>(self->getTensor().getType())
                    : ng::TensorType();
    if (!type || !type.hasMeta())
      return;
    IntRange numel = IntRange::exactly(1);
    for (DimRange dim : type.getSizes())
      numel = mul(numel, IntRange::of(dim));
    setRange(numel);
    return;
  }
  case ScalarFunction::Add:
  case ScalarFunction::Sub:
  case ScalarFunction::Mul: {
    auto operands = operandRanges();
    if (!operands)
      return;
    auto [a, b] = *operands;
    if (facts->scalarFunction == ScalarFunction::Add)
      setRange(add(a, b));
    else if (facts->scalarFunction == ScalarFunction::Sub)
      setRange(add(a, negate(b)));
    else
      setRange(mul(a, b));
    return;
  }
  case ScalarFunction::Eq:
  case ScalarFunction::Ne:
  case ScalarFunction::Lt:
  case ScalarFunction::Le:
  case ScalarFunction::Gt:
  case ScalarFunction::Ge: {
    auto operands = operandRanges();
    if (!operands)
      return;
    auto [a, b] = *operands;
    switch (facts->scalarFunction) {
    case ScalarFunction::Eq:
      return setBool(equal(a, b));
    case ScalarFunction::Ne:
      return setBool(negation(equal(a, b)));
    case ScalarFunction::Lt:
      return setBool(lessThan(a, b));
    case ScalarFunction::Ge:
      return setBool(negation(lessThan(a, b)));
    case ScalarFunction::Gt:
      return setBool(lessThan(b, a));
    case ScalarFunction::Le:
      return setBool(negation(lessThan(b, a)));
    default:
      return;
    }
  }
  }
}

std::optional<IntRange> ScalarRanges::getRange(Value value) const {
  auto it = ranges.find(value);
  if (it == ranges.end())
    return std::nullopt;
  return it->second;
}

std::optional<IntRange> ScalarRanges::getRange(const WireArgument &arg) const {
  if (arg.getKind() != ArgKind::Int)
    return std::nullopt;
  if (arg.getNumOperands() == 1)
    return getRange(arg.getOpOperands().front().get());
  if (auto literal = dyn_cast_or_null<IntegerAttr>(arg.getAttr().getValue()))
    return IntRange::exactly(literal.getInt());
  return std::nullopt;
}

std::optional<bool> ScalarRanges::getKnownBool(Value value) const {
  auto it = bools.find(value);
  if (it == bools.end())
    return std::nullopt;
  return it->second;
}

std::optional<bool> ScalarRanges::getKnownBool(const WireArgument &arg) const {
  if (arg.getKind() != ArgKind::Bool)
    return std::nullopt;
  if (arg.getNumOperands() == 1)
    return getKnownBool(arg.getOpOperands().front().get());
  if (auto literal = dyn_cast_or_null<BoolAttr>(arg.getAttr().getValue()))
    return literal.getValue();
  return std::nullopt;
}

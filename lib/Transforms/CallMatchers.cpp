//===- CallMatchers.cpp - reading exported decompositions -----------------===//
//
// See CallMatchers.h.
//
//===----------------------------------------------------------------------===//

#include "CallMatchers.h"

#include "ng/Dialect/CallBuilder.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

using namespace mlir;
using namespace ng;

CallOp ng::matchers::producerOf(Value value, ArrayRef<StringRef> ops) {
  auto call = dyn_cast_or_null<CallOp>(value ? value.getDefiningOp() : nullptr);
  if (!call || call.getNumResults() != 1 || !call.getGraphs().empty() ||
      !llvm::any_of(ops, [&](StringRef op) {
        return matchesOpName(call.getTarget(), op);
      }))
    return nullptr;
  for (WireArgument arg : call.getWireArguments())
    if (arg.isMutated())
      return nullptr;
  return call;
}

Value ng::matchers::tensorArg(CallOp call, StringRef name) {
  std::optional<WireArgument> arg = call.findArgument(name);
  return arg ? arg->getTensor() : Value();
}

std::optional<int64_t> ng::matchers::intArg(CallOp call, StringRef name,
                                            std::optional<int64_t> fallback) {
  std::optional<WireArgument> arg = call.findArgument(name);
  if (!arg || arg->getKind() == ArgKind::None)
    return fallback;
  auto value = dyn_cast_or_null<IntegerAttr>(arg->getAttr().getValue());
  if (arg->getKind() != ArgKind::Int || !value)
    return std::nullopt;
  return value.getInt();
}

std::optional<double> ng::matchers::numberArg(CallOp call, StringRef name) {
  std::optional<WireArgument> arg = call.findArgument(name);
  if (!arg)
    return std::nullopt;
  Attribute value = arg->getAttr().getValue();
  if (auto f = dyn_cast_or_null<FloatAttr>(value);
      f && arg->getKind() == ArgKind::Float)
    return f.getValueAsDouble();
  if (auto i = dyn_cast_or_null<IntegerAttr>(value);
      i && arg->getKind() == ArgKind::Int)
    return static_cast<double>(i.getInt());
  return std::nullopt;
}

ng::TensorType ng::matchers::tensorType(Value value) {
  auto type =
      dyn_cast_or_null<ng::TensorType>(value ? value.getType() : Type());
  return type && type.hasMeta() ? type : ng::TensorType();
}

std::optional<int64_t> ng::matchers::normalizeDim(ng::TensorType type,
                                                  int64_t dim) {
  int64_t rank = type.getRank();
  if (dim < 0)
    dim += rank;
  if (dim < 0 || dim >= rank)
    return std::nullopt;
  return dim;
}

std::optional<int64_t> ng::matchers::staticSize(Value value, int64_t dim) {
  ng::TensorType type = tensorType(value);
  if (!type || dim >= type.getRank() || !type.getSizes()[dim].isStatic())
    return std::nullopt;
  return type.getSizes()[dim].min;
}

Value ng::matchers::lookThrough(Value value) {
  static constexpr StringRef kSameValues[] = {
      "aten::view",       "aten::view_copy",  "aten::_unsafe_view",
      "aten::reshape",    "aten::expand",     "aten::expand_copy",
      "aten::alias",      "aten::alias_copy", "aten::clone",
      "aten::contiguous", "aten::slice",      "aten::slice_copy"};
  while (CallOp call = matchers::producerOf(value, kSameValues)) {
    Value input = tensorArg(call, "self");
    ng::TensorType in = tensorType(input), out = tensorType(value);
    if (!in || !out || in.getSizes() != out.getSizes() ||
        in.getElementType() != out.getElementType())
      return value;
    if (matchesOpName(call.getTarget(), "aten::slice") ||
        matchesOpName(call.getTarget(), "aten::slice_copy"))
      if (intArg(call, "step", 1) != 1)
        return value;
    value = input;
  }
  return value;
}

Value ng::matchers::castInput(Value value) {
  CallOp call = producerOf(value, {"aten::_to_copy", "aten::to",
                                   "dim_order_ops::_to_dim_order_copy"});
  ng::TensorType out = call ? tensorType(call.getResult(0)) : ng::TensorType();
  Value input = call ? tensorArg(call, "self") : Value();
  if (!out || !input || !tensorType(input) ||
      out.getSizes() != tensorType(input).getSizes())
    return Value();
  return input;
}

bool ng::matchers::isF32(Value value) {
  ng::TensorType type = tensorType(value);
  return type && type.getElementType().isF32();
}

std::optional<SmallVector<int64_t>> ng::matchers::intListArg(CallOp call,
                                                             StringRef name) {
  std::optional<WireArgument> arg = call.findArgument(name);
  auto list =
      arg ? dyn_cast_or_null<DenseI64ArrayAttr>(arg->getAttr().getValue())
          : DenseI64ArrayAttr();
  if (!list || arg->getKind() != ArgKind::IntList || arg->getNumOperands())
    return std::nullopt;
  return SmallVector<int64_t>(list.asArrayRef());
}

LogicalResult ng::matchers::applyToCalls(MethodOp method,
                                         ArrayRef<StringRef> roots,
                                         RewritePatternSet &&patterns,
                                         bool &changed) {
  changed = false;
  if (method.getBody().empty())
    return success();
  // The driver takes the last op given first: reversed program order.
  SmallVector<Operation *> ops;
  method.getBody().walk<WalkOrder::PreOrder>([&](CallOp call) {
    if (call.getNumResults() == 1 && producerOf(call.getResult(0), roots))
      ops.push_back(call);
  });
  if (ops.empty())
    return success();
  std::reverse(ops.begin(), ops.end());
  GreedyRewriteConfig config;
  config.enableFolding(false).setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
  return applyOpPatternsGreedily(ops, std::move(patterns), config, &changed);
}

void ng::matchers::RemarkOnce::emit(Operation *op, const Twine &message) {
  if (emitted.insert({op, message.str()}).second)
    emitRemark(op->getLoc()) << message;
}

//===- CallBuilder.cpp - build and edit ng.call nodes ---------------------===//

#include "ng/Dialect/CallBuilder.h"

#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace ng;

StringRef CallArgument::getName() const {
  return attr && attr.getName() ? attr.getName().getValue() : StringRef();
}

std::optional<SmallVector<int64_t>> CallArgument::getLiteralIntList() const {
  if (!attr || attr.getKind() != ArgKind::IntList || !operands.empty())
    return std::nullopt;
  auto values = dyn_cast_or_null<DenseI64ArrayAttr>(attr.getValue());
  if (!values)
    return std::nullopt;
  return SmallVector<int64_t>(values.asArrayRef());
}

/// The schema name `name`, none for a positional argument.
static StringAttr schemaName(MLIRContext *ctx, StringRef name) {
  return name.empty() ? StringAttr() : StringAttr::get(ctx, name);
}

/// A literal argument of `kind` holding `value`.
static CallArgument literal(MLIRContext *ctx, ArgKind kind, StringRef name,
                            Attribute value) {
  return {ArgAttr::get(ctx, kind, schemaName(ctx, name), /*mutated=*/false,
                       value, DenseBoolArrayAttr()),
          {}};
}

CallArgument CallArgument::none(MLIRContext *ctx, StringRef name) {
  return literal(ctx, ArgKind::None, name, Attribute());
}

CallArgument CallArgument::boolean(MLIRContext *ctx, StringRef name,
                                   bool value) {
  return literal(ctx, ArgKind::Bool, name, BoolAttr::get(ctx, value));
}

CallArgument CallArgument::number(MLIRContext *ctx, StringRef name,
                                  double value) {
  return literal(ctx, ArgKind::Float, name,
                 FloatAttr::get(Float64Type::get(ctx), value));
}

CallArgument CallArgument::string(MLIRContext *ctx, StringRef name,
                                  StringRef value) {
  return literal(ctx, ArgKind::String, name, StringAttr::get(ctx, value));
}

CallArgument CallArgument::intList(MLIRContext *ctx, StringRef name,
                                   ArrayRef<int64_t> values) {
  return literal(ctx, ArgKind::IntList, name,
                 DenseI64ArrayAttr::get(ctx, values));
}

CallArgument CallArgument::tensor(StringRef name, Value value) {
  MLIRContext *ctx = value.getContext();
  return {ArgAttr::get(ctx, ArgKind::Tensor, schemaName(ctx, name),
                       /*mutated=*/false, Attribute(), DenseBoolArrayAttr()),
          {value}};
}

SmallVector<CallArgument> ng::getCallArguments(Operation *call) {
  SmallVector<CallArgument> args;
  for (WireArgument wire : getWireArguments(call)) {
    CallArgument &arg = args.emplace_back();
    arg.attr = wire.getAttr();
    for (OpOperand &operand : wire.getOpOperands())
      arg.operands.push_back(operand.get());
  }
  return args;
}

std::optional<unsigned> ng::findCallArgument(ArrayRef<CallArgument> args,
                                             StringRef name) {
  if (name.empty())
    return std::nullopt;
  for (auto [i, arg] : llvm::enumerate(args))
    if (arg.getName() == name)
      return i;
  return std::nullopt;
}

/// The descriptors and the operands of `args`, in order.
static void flatten(ArrayRef<CallArgument> args,
                    SmallVectorImpl<Attribute> &attrs,
                    SmallVectorImpl<Value> &operands) {
  for (const CallArgument &arg : args) {
    attrs.push_back(arg.attr);
    operands.append(arg.operands.begin(), arg.operands.end());
  }
}

void ng::setCallArguments(RewriterBase &rewriter, CallOp call, StringRef target,
                          ArrayRef<CallArgument> args) {
  MLIRContext *ctx = call.getContext();
  SmallVector<Attribute> attrs;
  SmallVector<Value> operands;
  flatten(args, attrs, operands);
  rewriter.modifyOpInPlace(call, [&] {
    call.setTargetAttr(StringAttr::get(ctx, target));
    call.setArgsAttr(ArrayAttr::get(ctx, attrs));
    call->setOperands(operands);
  });
  recordStorageWrites(rewriter, call);
}

/// Sets `node`'s argument descriptors (an ng.call's or ng.output's).
static void setArgs(Operation *node, ArrayRef<Attribute> attrs) {
  auto list = ArrayAttr::get(node->getContext(), attrs);
  if (auto call = dyn_cast<CallOp>(node))
    call.setArgsAttr(list);
  else
    cast<OutputOp>(node).setArgsAttr(list);
}

void ng::setCallArgument(RewriterBase &rewriter, Operation *node,
                         unsigned index, const CallArgument &arg) {
  // The descriptors as stored, kept as they are but the one replaced.
  ArrayAttr stored = cast<WireArgumentOpInterface>(node).getArgs();
  SmallVector<Attribute> attrs(stored.begin(), stored.end());
  rewriter.modifyOpInPlace(node, [&] {
    unsigned begin = node->getNumOperands();
    if (index < attrs.size()) {
      std::optional<WireArgument> existing = getWireArguments(node).at(index);
      assert(existing && "replacing an argument the node does not have");
      begin = existing->getBeginOperandIndex();
      node->eraseOperands(begin, existing->getNumOperands());
      attrs[index] = arg.attr;
    } else {
      assert(index == attrs.size() && "appending past the last argument");
      attrs.push_back(arg.attr);
    }
    // Operands are consumed in argument order (WireArguments.h).
    node->insertOperands(begin, arg.operands);
    setArgs(node, attrs);
  });
  recordStorageWrites(rewriter, node);
  if (isa<OutputOp>(node))
    if (auto method = dyn_cast<MethodOp>(node->getParentOp()))
      rewriter.modifyOpInPlace(method, [&] { method.updateSignature(); });
}

void ng::setArgumentMutated(RewriterBase &rewriter, Operation *node,
                            unsigned index, bool mutated) {
  std::optional<WireArgument> arg = getWireArguments(node).at(index);
  if (!arg || arg->isMutated() == mutated || (mutated && !arg->holdsTensors()))
    return;
  ArgAttr attr = arg->getAttr();
  auto args = cast<WireArgumentOpInterface>(node).getArgs();
  SmallVector<Attribute> attrs(args.begin(), args.end());
  attrs[index] =
      ArgAttr::get(node->getContext(), attr.getKind(), attr.getName(), mutated,
                   attr.getValue(), attr.getMask());
  rewriter.modifyOpInPlace(node, [&] { setArgs(node, attrs); });
  if (mutated)
    recordStorageWrites(rewriter, node);
}

CallOp ng::buildCall(RewriterBase &rewriter, Location loc, StringRef target,
                     ArrayRef<CallArgument> args, TypeRange resultTypes) {
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<Attribute> attrs;
  SmallVector<Value> operands;
  flatten(args, attrs, operands);
  OperationState state(loc, CallOp::getOperationName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  auto &props = state.getOrAddProperties<CallOp::Properties>();
  props.target = StringAttr::get(ctx, target);
  props.args = ArrayAttr::get(ctx, attrs);
  auto call = cast<CallOp>(rewriter.create(state));
  recordStorageWrites(rewriter, call);
  return call;
}

OutputOp ng::buildOutput(RewriterBase &rewriter, Location loc,
                         ArrayRef<CallArgument> args) {
  SmallVector<Attribute> attrs;
  SmallVector<Value> operands;
  flatten(args, attrs, operands);
  OperationState state(loc, OutputOp::getOperationName());
  state.addOperands(operands);
  state.getOrAddProperties<OutputOp::Properties>().args =
      ArrayAttr::get(rewriter.getContext(), attrs);
  auto output = cast<OutputOp>(rewriter.create(state));
  recordStorageWrites(rewriter, output);
  return output;
}

bool ng::matchesOpName(StringRef target, StringRef name) {
  if (target == name)
    return true;
  auto [ns, rest] = name.split("::");
  if (rest.empty() || ns.empty())
    return false;
  // torch.ops.<ns>.<op>[.<overload>]
  StringRef body = target;
  if (!body.consume_front("torch.ops.") || !body.consume_front(ns) ||
      !body.consume_front("."))
    return false;
  if (rest.contains('.'))
    return body == rest;
  auto [op, overload] = body.split('.');
  return op == rest && !overload.contains('.');
}

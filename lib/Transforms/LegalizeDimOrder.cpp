//===- LegalizeDimOrder.cpp - explicit, valid memory layouts (D1-D5) ------===//
//
// --ng-legalize-dim-order makes every memory layout of a program explicit,
// valid and runtime-ready, in four steps over every graph (each method body
// and, separately, each subgraph region of an ng.call; N1):
//
//   (a) validate: every dim_order is empty/absent or a permutation of the
//       rank (V8); every explicit `dim_order` argument of a dim-order op too;
//   (b) canonicalize: orders that differ only in where size-1 dims sit are
//       made equal (D3), and a contiguous order is spelled one way
//       (`contiguous=identity|empty`);
//   (c) rewrite aten.clone / aten._to_copy / aten.empty.memory_format into
//       ExecuTorch's dim-order ops with an explicit `dim_order` (D2, D4), or
//       with `reverse=true` the other way round;
//   (d) give every op that reads its input linearly (D5) a contiguous input,
//       inserting a contiguous copy in front of it when needed.
//
// The user-facing description (guarantees, before/after IR) is
// docs/DimOrder.md.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/DimOrder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace ng {
#define GEN_PASS_DEF_LEGALIZEDIMORDER
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

// Which ops need contiguous inputs (D5) and which are the copy ops of the
// rewrite (D4), with their schemas, are op facts (ng/Dialect/OpFacts.h,
// OpFacts.td): `contiguous-ops=...` adds to the former.

static constexpr llvm::StringLiteral kContiguousFormat =
    "torch.contiguous_format";
static constexpr llvm::StringLiteral kChannelsLast = "torch.channels_last";
static constexpr llvm::StringLiteral kChannelsLast3d = "torch.channels_last_3d";
static constexpr llvm::StringLiteral kPreserveFormat = "torch.preserve_format";

namespace {

/// The three op families the rewrite maps between (D4).
using CopyKind = CopyFamily;

/// One copy op family, both forms, as the op facts give it.
struct CopyOpInfo {
  CopyKind kind;
  StringRef atenTarget;
  StringRef dimOrderTarget;
  /// The input the op copies ("self"), or the size list ("size").
  StringRef firstArg;
  /// The keyword arguments between the first one and memory_format /
  /// dim_order, in schema order, with the defaults S4 fills in.
  ArgNameList atenMiddle, dimOrderMiddle;
};

/// The family of copy op `target` is in its aten form (`dimOrderForm`
/// false) or its dim-order form.
std::optional<CopyOpInfo> lookupCopyOp(StringRef target, bool dimOrderForm) {
  std::optional<OpFacts> facts = lookupOpFacts(target);
  if (!facts || facts->copyFamily == CopyFamily::None ||
      facts->isDimOrderForm != dimOrderForm)
    return std::nullopt;
  std::optional<OpFacts> other = lookupOpFacts(facts->copyCounterpart);
  if (!other)
    return std::nullopt;
  const OpFacts &aten = dimOrderForm ? *other : *facts;
  const OpFacts &dimOrder = dimOrderForm ? *facts : *other;
  return CopyOpInfo{facts->copyFamily,    dimOrder.copyCounterpart,
                    aten.copyCounterpart, facts->copyFirstArg,
                    aten.copyMiddleArgs,  dimOrder.copyMiddleArgs};
}

std::optional<CopyOpInfo> lookupAten(StringRef target) {
  return lookupCopyOp(target, /*dimOrderForm=*/false);
}

std::optional<CopyOpInfo> lookupDimOrder(StringRef target) {
  return lookupCopyOp(target, /*dimOrderForm=*/true);
}

//===----------------------------------------------------------------------===//
// Dim-order arithmetic (D1, D3)
//===----------------------------------------------------------------------===//

// The arithmetic is ng/Dialect/DimOrder.h's.
using Order = DimOrder;

/// A tensor type this pass reads layouts of: one with metadata.
ng::TensorType metaType(Value value) {
  auto type = dyn_cast<ng::TensorType>(value.getType());
  return type && type.hasMeta() ? type : ng::TensorType();
}

template <typename T> std::string formatList(ArrayRef<T> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
  return text;
}

/// The rank of the tensor a copy op lays out, and which of its dims are
/// statically of size 1.
struct LayoutShape {
  int64_t rank = -1;
  SmallVector<bool, 6> unit;
};

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// The default S4 fills in for a keyword argument of the copy ops.
CallArgument defaultArg(MLIRContext *ctx, StringRef name) {
  if (name == "non_blocking")
    return CallArgument::boolean(ctx, name, false);
  return CallArgument::none(ctx, name);
}

/// A literal int list without references, if `arg` is one.
std::optional<Order> literalIntList(const CallArgument &arg) {
  if (std::optional<SmallVector<int64_t>> values = arg.getLiteralIntList())
    return Order(values->begin(), values->end());
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Graphs
//===----------------------------------------------------------------------===//

/// One graph: a method body or a subgraph region (its own namespace, N1).
struct Graph {
  Region *body;
  Block &block() { return body->front(); }
};

void collectGraphs(Region &body, SmallVectorImpl<Graph> &out) {
  if (body.empty())
    return;
  out.push_back({&body});
  for (auto call : body.front().getOps<CallOp>())
    for (Region &region : call.getGraphs())
      collectGraphs(region, out);
}

/// Where a value's diagnostics go: its defining op, or the graph's owner for
/// a placeholder.
Operation *diagnosticOp(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return cast<BlockArgument>(value).getOwner()->getParentOp();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct LegalizeDimOrderPass
    : public ng::impl::LegalizeDimOrderBase<LegalizeDimOrderPass> {
  using LegalizeDimOrderBase::LegalizeDimOrderBase;

  LogicalResult initialize(MLIRContext *context) override;
  void runOnOperation() override;

private:
  LogicalResult validate(Graph graph);
  void canonicalize(Graph graph);
  LogicalResult rewrite(Graph graph);
  LogicalResult rewriteToDimOrder(CallOp call, const CopyOpInfo &info,
                                  bool fromAten);
  LogicalResult rewriteToAten(CallOp call, const CopyOpInfo &info);
  LogicalResult insertContiguousCopies(Graph graph);

  /// The spelling of a (canonical) order in a TensorMeta.
  DenseI64ArrayAttr spell(ArrayRef<int64_t> canonical) {
    if (isIdentityDimOrder(canonical) && spellEmpty)
      return DenseI64ArrayAttr::get(&getContext(), {});
    return DenseI64ArrayAttr::get(&getContext(), canonical);
  }

  /// The layout shape of a copy op's result: from its metadata, else the
  /// input's, else (empty) the size list.
  std::optional<LayoutShape> layoutShape(CallOp call, const CopyOpInfo &info,
                                         ArrayRef<CallArgument> args);
  /// Check the order a copy op produces against its result's recorded one.
  LogicalResult checkResult(CallOp call, ArrayRef<int64_t> order,
                            StringRef why);

  /// D5: whether `target` reads its input linearly: the op facts say so,
  /// or `contiguous-ops` names it.
  bool needsContiguousInput(StringRef target) const {
    std::optional<OpFacts> facts = lookupOpFacts(target);
    return (facts && facts->needsContiguousInput) ||
           contiguousTargets.contains(target);
  }

  bool spellEmpty = false;
  /// The targets `contiguous-ops` adds to the op facts' (D5).
  llvm::StringSet<> contiguousTargets;
};

} // namespace

//===----------------------------------------------------------------------===//
// (a) validate (V8)
//===----------------------------------------------------------------------===//

LogicalResult LegalizeDimOrderPass::validate(Graph graph) {
  auto check = [&](Value value) -> LogicalResult {
    ng::TensorType type = metaType(value);
    if (!type || !type.getDimOrder() || type.getDimOrder().empty())
      return success();
    ArrayRef<int64_t> order = type.getDimOrder().asArrayRef();
    if (isDimOrderPermutation(order, type.getRank()))
      return success();
    InFlightDiagnostic diag = diagnosticOp(value)->emitError()
                              << "value '" << getWireName(value)
                              << "' has dim_order " << formatList(order);
    if (type.getRank() == 0)
      return diag << ", but a rank-0 tensor has no dims to order (V8)";
    return diag << ", which is not a permutation of 0.." << type.getRank() - 1
                << " (V8)";
  };
  for (BlockArgument arg : graph.body->getArguments())
    if (failed(check(arg)))
      return failure();
  for (Operation &op : graph.block()) {
    for (Value result : op.getResults())
      if (failed(check(result)))
        return failure();
    // The explicit `dim_order` argument of a dim-order op (D4).
    auto call = dyn_cast<CallOp>(op);
    if (!call || !lookupDimOrder(call.getTarget()))
      continue;
    SmallVector<CallArgument> args = getCallArguments(call);
    std::optional<unsigned> index = findCallArgument(args, "dim_order");
    if (!index || args[*index].attr.getKind() == ArgKind::None)
      continue;
    std::optional<Order> order = literalIntList(args[*index]);
    if (!order)
      return call.emitError()
             << "node " << describe(call)
             << ": argument 'dim_order' must be a literal int list or none";
    int64_t rank = order->size();
    if (call.getNumResults() == 1)
      if (ng::TensorType type = metaType(call.getResult(0)))
        rank = type.getRank();
    if (!isDimOrderPermutation(*order, rank))
      return call.emitError()
             << "node " << describe(call) << ": argument dim_order "
             << formatList(ArrayRef<int64_t>(*order))
             << " is not a permutation of 0.." << rank - 1 << " (V8)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// (b) canonicalize (D1, D3)
//===----------------------------------------------------------------------===//

void LegalizeDimOrderPass::canonicalize(Graph graph) {
  auto update = [&](Value value) {
    ng::TensorType type = metaType(value);
    // Packed data (quant) has no element layout to canonicalize: its
    // dim_order stays as the fold wrote it (F1, F4).
    if (!type || type.getQuant())
      return;
    DenseI64ArrayAttr order = spell(getCanonicalDimOrder(type));
    if (order != type.getDimOrder())
      value.setType(type.withDimOrder(order));
  };
  for (BlockArgument arg : graph.body->getArguments())
    update(arg);
  for (Operation &op : graph.block())
    for (Value result : op.getResults())
      update(result);
}

//===----------------------------------------------------------------------===//
// (c) aten copy ops <-> dim-order ops (D2, D4)
//===----------------------------------------------------------------------===//

std::optional<LayoutShape>
LegalizeDimOrderPass::layoutShape(CallOp call, const CopyOpInfo &info,
                                  ArrayRef<CallArgument> args) {
  auto fromType = [](ng::TensorType type) {
    return LayoutShape{type.getRank(), getUnitDims(type.getSizes())};
  };
  if (call.getNumResults() == 1)
    if (ng::TensorType type = metaType(call.getResult(0)))
      return fromType(type);
  std::optional<unsigned> first = findCallArgument(args, info.firstArg);
  if (!first)
    return std::nullopt;
  const CallArgument &arg = args[*first];
  if (info.kind != CopyKind::Empty) {
    if (arg.attr.getKind() == ArgKind::Tensor)
      if (ng::TensorType type = metaType(arg.operands.front()))
        return fromType(type);
    return std::nullopt;
  }
  // empty: the size list; a referenced (symbolic) size is not known to be 1.
  auto values = dyn_cast_or_null<DenseI64ArrayAttr>(arg.attr.getValue());
  if (arg.attr.getKind() != ArgKind::IntList || !values)
    return std::nullopt;
  LayoutShape shape{static_cast<int64_t>(values.size()), {}};
  DenseBoolArrayAttr mask = arg.attr.getMask();
  for (auto [i, v] : llvm::enumerate(values.asArrayRef()))
    shape.unit.push_back(v == 1 && !(mask && mask[i]));
  return shape;
}

LogicalResult LegalizeDimOrderPass::checkResult(CallOp call,
                                                ArrayRef<int64_t> order,
                                                StringRef why) {
  if (call.getNumResults() != 1)
    return success();
  ng::TensorType type = metaType(call.getResult(0));
  if (!type || type.getQuant())
    return success();
  Order recorded = getCanonicalDimOrder(type);
  if (ArrayRef<int64_t>(recorded) == order)
    return success();
  return call.emitError() << "node " << describe(call) << ": " << why << ' '
                          << formatList(order) << ", but its result '"
                          << getWireName(call.getResult(0))
                          << "' is recorded with dim_order "
                          << formatList(ArrayRef<int64_t>(recorded)) << " (D2)";
}

/// Collect the arguments of a copy op for the rewrite: the first argument,
/// the keyword arguments in `middle` (defaults when absent) and the layout
/// argument `layoutName`. Anything else is an error: it would be lost.
static FailureOr<SmallVector<CallArgument>>
collectArgs(CallOp call, ArrayRef<CallArgument> args, const CopyOpInfo &info,
            ArgNameList middle, ArrayRef<StringRef> dropped,
            StringRef layoutName) {
  MLIRContext *ctx = call.getContext();
  std::optional<unsigned> first = findCallArgument(args, info.firstArg);
  if (!first) {
    call.emitError() << "node " << describe(call) << ": " << call.getTarget()
                     << " needs its '" << info.firstArg
                     << "' argument by name (S4)";
    return failure();
  }
  SmallVector<CallArgument> result{args[*first]};
  for (StringRef name : middle) {
    std::optional<unsigned> index = findCallArgument(args, name);
    result.push_back(index ? args[*index] : defaultArg(ctx, name));
  }
  for (auto [i, arg] : llvm::enumerate(args)) {
    StringRef name = arg.attr.getName() ? arg.attr.getName().getValue() : "";
    if (i == *first || name == layoutName ||
        (!name.empty() &&
         (middle.contains(name) || llvm::is_contained(dropped, name))))
      continue;
    call.emitError() << "node " << describe(call) << ": " << call.getTarget()
                     << " has an argument "
                     << (name.empty() ? std::string("#") + std::to_string(i)
                                      : "'" + name.str() + "'")
                     << " that its schema does not (D4); it would be lost";
    return failure();
  }
  return result;
}

LogicalResult LegalizeDimOrderPass::rewriteToDimOrder(CallOp call,
                                                      const CopyOpInfo &info,
                                                      bool fromAten) {
  MLIRContext *ctx = call.getContext();
  SmallVector<CallArgument> args = getCallArguments(call);
  StringRef layoutName = fromAten ? "memory_format" : "dim_order";
  std::optional<unsigned> layoutIndex = findCallArgument(args, layoutName);
  std::optional<LayoutShape> shape = layoutShape(call, info, args);

  // What the op asks for: a memory_format (D2), or an explicit order.
  StringRef format;
  std::optional<Order> explicitOrder;
  std::string why;
  if (layoutIndex && args[*layoutIndex].attr.getKind() != ArgKind::None) {
    const CallArgument &layout = args[*layoutIndex];
    if (fromAten) {
      // The verifier holds memory_format to its schema type, `MemoryFormat?`:
      // a string (a string argument carries a StringAttr) or none.
      format = cast<StringAttr>(layout.attr.getValue()).getValue();
      why = ("memory_format \"" + format + "\" means dim_order").str();
    } else {
      explicitOrder = literalIntList(layout); // validated in (a)
      why = "argument dim_order is";
    }
  } else {
    // None (or left out): PyTorch's defaults. clone and _to_copy preserve
    // the input's format, empty is contiguous; the dim-order ops' None
    // means the same (ExecuTorch's kernels copy the input's dim order).
    format = info.kind == CopyKind::Empty ? kContiguousFormat : kPreserveFormat;
    why = ("memory_format none (" + format + ") means dim_order").str();
  }

  if (!shape) // No metadata to say what the layout is: leave the node.
    return success();
  int64_t rank = shape->rank;
  Order order;
  if (explicitOrder) {
    order = *explicitOrder;
  } else if (format == kContiguousFormat) {
    order = getIdentityDimOrder(rank);
  } else if (format == kChannelsLast || format == kChannelsLast3d) {
    int64_t needed = format == kChannelsLast ? 4 : 5;
    if (rank != needed)
      return call.emitError()
             << "node " << describe(call) << ": memory_format \"" << format
             << "\" needs a rank-" << needed << " tensor, but '"
             << getWireName(call.getResult(0)) << "' has rank " << rank
             << " (D2)";
    order = needed == 4 ? Order{0, 2, 3, 1} : Order{0, 2, 3, 4, 1};
  } else if (format == kPreserveFormat) {
    if (info.kind == CopyKind::Empty)
      return call.emitError()
             << "node " << describe(call)
             << ": memory_format \"torch.preserve_format\" has no input to "
                "preserve on "
             << call.getTarget() << " (D2)";
    std::optional<unsigned> self = findCallArgument(args, "self");
    ng::TensorType input;
    if (self && args[*self].attr.getKind() == ArgKind::Tensor)
      input = metaType(args[*self].operands.front());
    if (!input) // The input's layout is not recorded: leave the node.
      return success();
    order = getDimOrder(input);
  } else {
    return call.emitError()
           << "node " << describe(call) << ": unknown memory_format \""
           << format << "\" (D2 knows " << kContiguousFormat << ", "
           << kChannelsLast << ", " << kChannelsLast3d << ", "
           << kPreserveFormat << ")";
  }
  if (static_cast<int64_t>(order.size()) != rank)
    return call.emitError()
           << "node " << describe(call) << ": dim_order "
           << formatList(ArrayRef<int64_t>(order)) << " has " << order.size()
           << " dims, but the tensor has rank " << rank;
  order = canonicalizeDimOrder(order, shape->unit);
  if (failed(checkResult(call, order, why)))
    return failure();

  FailureOr<SmallVector<CallArgument>> newArgs =
      collectArgs(call, args, info, info.dimOrderMiddle,
                  /*dropped=*/{}, layoutName);
  if (failed(newArgs))
    return failure();
  // The argument is always explicit, even when TensorMetas spell contiguous
  // as []: ExecuTorch's kernels require one entry per dim.
  newArgs->push_back(CallArgument::intList(ctx, "dim_order", order));
  IRRewriter rewriter(ctx);
  setCallArguments(rewriter, call, info.dimOrderTarget, *newArgs);
  return success();
}

LogicalResult LegalizeDimOrderPass::rewriteToAten(CallOp call,
                                                  const CopyOpInfo &info) {
  MLIRContext *ctx = call.getContext();
  SmallVector<CallArgument> args = getCallArguments(call);
  std::optional<unsigned> layoutIndex = findCallArgument(args, "dim_order");

  // aten.clone takes no non_blocking; a blocking copy (the only kind
  // ExecuTorch runs) is what it does.
  SmallVector<StringRef, 1> dropped;
  if (info.kind == CopyKind::Clone) {
    if (std::optional<unsigned> nb = findCallArgument(args, "non_blocking")) {
      auto value = dyn_cast_or_null<BoolAttr>(args[*nb].attr.getValue());
      if (args[*nb].attr.getKind() != ArgKind::Bool || !value ||
          value.getValue())
        return call.emitError()
               << "node " << describe(call)
               << ": aten.clone has no non_blocking argument; only "
                  "non_blocking: false can be dropped";
      dropped.push_back("non_blocking");
    }
  }

  CallArgument memoryFormat = CallArgument::none(ctx, "memory_format");
  if (layoutIndex && args[*layoutIndex].attr.getKind() != ArgKind::None) {
    Order order = *literalIntList(args[*layoutIndex]); // validated in (a)
    std::optional<LayoutShape> shape = layoutShape(call, info, args);
    SmallVector<bool, 6> unit = shape && shape->rank == (int64_t)order.size()
                                    ? shape->unit
                                    : SmallVector<bool, 6>(order.size(), false);
    Order canonical = canonicalizeDimOrder(order, unit);
    int64_t rank = order.size();
    if (failed(checkResult(call, canonical, "argument dim_order is")))
      return failure();
    auto same = [&](ArrayRef<int64_t> other) {
      return ArrayRef<int64_t>(canonical) ==
             ArrayRef<int64_t>(canonicalizeDimOrder(other, unit));
    };
    StringRef format;
    if (same(getIdentityDimOrder(rank)))
      format = kContiguousFormat;
    else if (rank == 4 && same({0, 2, 3, 1}))
      format = kChannelsLast;
    else if (rank == 5 && same({0, 2, 3, 4, 1}))
      format = kChannelsLast3d;
    else if (info.kind != CopyKind::Empty) {
      std::optional<unsigned> self = findCallArgument(args, "self");
      ng::TensorType input;
      if (self && args[*self].attr.getKind() == ArgKind::Tensor)
        input = metaType(args[*self].operands.front());
      if (input && input.getRank() == rank && same(getDimOrder(input)))
        format = kPreserveFormat;
    }
    if (format.empty()) {
      std::string subject = call.getNumResults() == 1
                                ? describe(call.getResult(0))
                                : describe(call);
      return call.emitError()
             << "Failed to map a given dim_order "
             << formatList(ArrayRef<int64_t>(order)) << " of " << subject
             << " (node " << describe(call)
             << ") to a memory_format: only contiguous, channels_last "
                "[0, 2, 3, 1], channels_last_3d [0, 2, 3, 4, 1] and (for a "
                "copy) the input's own order have one (D2)";
    }
    memoryFormat = CallArgument::string(ctx, "memory_format", format);
  }

  FailureOr<SmallVector<CallArgument>> newArgs =
      collectArgs(call, args, info, info.atenMiddle, dropped, "dim_order");
  if (failed(newArgs))
    return failure();
  newArgs->push_back(memoryFormat);
  IRRewriter rewriter(call->getContext());
  setCallArguments(rewriter, call, info.atenTarget, *newArgs);
  return success();
}

LogicalResult LegalizeDimOrderPass::rewrite(Graph graph) {
  SmallVector<CallOp> calls(graph.block().getOps<CallOp>());
  for (CallOp call : calls) {
    StringRef target = call.getTarget();
    if (!reverse) {
      if (std::optional<CopyOpInfo> info = lookupAten(target)) {
        if (failed(rewriteToDimOrder(call, *info, /*fromAten=*/true)))
          return failure();
      } else if (std::optional<CopyOpInfo> info = lookupDimOrder(target)) {
        // Already a dim-order op: make its order explicit and canonical.
        if (failed(rewriteToDimOrder(call, *info, /*fromAten=*/false)))
          return failure();
      }
    } else if (std::optional<CopyOpInfo> info = lookupDimOrder(target)) {
      if (failed(rewriteToAten(call, *info)))
        return failure();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// (d) contiguous inputs (D5)
//===----------------------------------------------------------------------===//

LogicalResult LegalizeDimOrderPass::insertContiguousCopies(Graph graph) {
  MLIRContext *ctx = &getContext();
  // One copy per value, placed before its first reader that needs it.
  llvm::DenseMap<Value, Value> copies;
  SmallVector<CallOp> calls(graph.block().getOps<CallOp>());
  IRRewriter rewriter(graph.block().getParentOp()->getContext());
  for (CallOp call : calls) {
    if (!needsContiguousInput(call.getTarget()))
      continue;
    std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
    for (WireArgument arg : call.getWireArguments()) {
      for (OpOperand &operand : arg.getOpOperands()) {
        Value input = operand.get();
        ng::TensorType type = metaType(input);
        // Unknown layouts (no metadata) and packed data are left alone.
        if (!type || type.getQuant() || isContiguousLayout(type))
          continue;
        if (isArgumentWritten(arg, facts ? &*facts : nullptr))
          return call.emitError()
                 << "node " << describe(call) << " (" << call.getTarget()
                 << ") needs a contiguous input, but writes '"
                 << getWireName(input)
                 << "' in place; a copy would not receive the write (D5)";
        Value &copy = copies[input];
        if (!copy) {
          rewriter.setInsertionPoint(call);
          // Named after its input: a hint, which the exporter makes unique
          // (`x_contiguous_1` next to another `x_contiguous`, V1/V2).
          StringRef inputName = getWireName(input);
          std::string name = inputName.empty()
                                 ? std::string("contiguous")
                                 : (inputName + "_contiguous").str();
          Order identity = getIdentityDimOrder(type.getRank());
          SmallVector<CallArgument> args;
          args.push_back(CallArgument::tensor("self", input));
          if (reverse) {
            args.push_back(
                CallArgument::string(ctx, "memory_format", kContiguousFormat));
          } else {
            args.push_back(CallArgument::boolean(ctx, "non_blocking", false));
            args.push_back(CallArgument::intList(ctx, "dim_order", identity));
          }
          copy = buildCall(rewriter,
                           getNodeLoc(ctx, name, {name},
                                      getUnnamedLoc(call.getLoc())),
                           getCopyOpTarget(CopyFamily::Clone,
                                           /*dimOrderForm=*/!reverse),
                           args, type.withDimOrder(spell(identity)))
                     ->getResult(0);
        }
        rewriter.modifyOpInPlace(call, [&] { operand.set(copy); });
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

// The options, checked once per run before any method is: an error is
// reported once, and also for a program without methods.
LogicalResult LegalizeDimOrderPass::initialize(MLIRContext *context) {
  spellEmpty = contiguousSpelling == ContiguousSpelling::Empty;
  contiguousTargets.clear();
  for (const std::string &target : contiguousOps) {
    if (target.empty())
      return emitError(UnknownLoc::get(context))
             << "--ng-legalize-dim-order: contiguous-ops has an empty target";
    contiguousTargets.insert(target);
  }
  return success();
}

void LegalizeDimOrderPass::runOnOperation() {
  MethodOp method = getOperation();
  SmallVector<Graph> graphs;
  collectGraphs(method.getBody(), graphs);

  // (a) before anything changes.
  for (Graph graph : graphs)
    if (failed(validate(graph)))
      return signalPassFailure();
  // (b), (c), (d), each over every graph in turn.
  for (Graph graph : graphs)
    canonicalize(graph);
  for (Graph graph : graphs)
    if (failed(rewrite(graph)))
      return signalPassFailure();
  for (Graph graph : graphs)
    if (failed(insertContiguousCopies(graph)))
      return signalPassFailure();
  IRRewriter rewriter(method);
  method.retypePlaceholders(rewriter, {});
}

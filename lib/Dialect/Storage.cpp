//===- Storage.cpp - which storage a value lives in (FORMAT.md A1-A3) -----===//
//
// See include/ng/Dialect/Storage.h and docs/Aliasing.md.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/Storage.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace ng;

StringRef ng::stringifyStorageKind(StorageKind kind) {
  switch (kind) {
  case StorageKind::UserInput:
    return "user_input";
  case StorageKind::Parameter:
    return "parameter";
  case StorageKind::Buffer:
    return "buffer";
  case StorageKind::Constant:
    return "constant";
  case StorageKind::MutableBuffer:
    return "mutable_buffer";
  case StorageKind::Fresh:
    return "fresh";
  case StorageKind::SubgraphInput:
    return "subgraph_input";
  case StorageKind::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown StorageKind");
}

static bool isTensor(Value value) {
  return isa<ng::TensorType>(value.getType());
}

/// Calls `fn(arg, index, operands)` for each argument of an ng.call or
/// ng.output, with the operands it consumes.
static void forEachArgument(
    Operation *op,
    function_ref<void(ArgAttr, unsigned, MutableArrayRef<OpOperand>)> fn) {
  ArrayAttr args;
  if (auto call = dyn_cast<CallOp>(op))
    args = call.getArgs();
  else if (auto output = dyn_cast<OutputOp>(op))
    args = output.getArgs();
  if (!args)
    return;
  MutableArrayRef<OpOperand> operands = op->getOpOperands();
  unsigned offset = 0;
  for (auto [index, attr] : llvm::enumerate(args)) {
    auto arg = dyn_cast<ArgAttr>(attr);
    if (!arg)
      return;
    unsigned count = arg.getNumOperands();
    if (offset + count > operands.size())
      return; // Malformed: the verifier reports it.
    fn(arg, index, operands.slice(offset, count));
    offset += count;
  }
}

//===----------------------------------------------------------------------===//
// alias_of
//===----------------------------------------------------------------------===//

bool ng::isValidAliasOperand(CallOp call, int64_t index) {
  return index >= 0 && index < static_cast<int64_t>(call->getNumOperands()) &&
         isTensor(call->getOperand(index));
}

LogicalResult ng::verifyAliasOf(CallOp call) {
  std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf();
  if (!aliases)
    return success();
  unsigned numOutputs = call.getNumWireOutputs();
  if (aliases->size() != numOutputs)
    return call.emitOpError() << "alias_of has " << aliases->size()
                              << " entries for " << numOutputs << " outputs";
  for (int32_t a : *aliases)
    if (a >= 0 && !isValidAliasOperand(call, a))
      return call.emitOpError() << "node '" << call.getNodeName()
                                << "': alias_of must name a tensor input of "
                                   "the same node (V6)";
  return success();
}

/// The wire Output that result `resultNumber` of `call` belongs to.
static unsigned wireOutputOf(CallOp call, unsigned resultNumber) {
  std::optional<ArrayRef<int32_t>> groups = call.getOutputGroups();
  if (!groups)
    return resultNumber;
  unsigned first = 0;
  for (auto [index, group] : llvm::enumerate(*groups)) {
    first += group < 0 ? 1 : group;
    if (resultNumber < first)
      return index;
  }
  return groups->size();
}

OpOperand *ng::getAliasSource(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result || !isTensor(value))
    return nullptr;
  auto call = dyn_cast<CallOp>(result.getOwner());
  if (!call)
    return nullptr;
  std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf();
  if (!aliases)
    return nullptr;
  unsigned output = wireOutputOf(call, result.getResultNumber());
  if (output >= aliases->size() ||
      !isValidAliasOperand(call, (*aliases)[output]))
    return nullptr;
  return &call->getOpOperand((*aliases)[output]);
}

ArgAttr ng::getArgumentOf(OpOperand &operand) {
  Operation *op = operand.getOwner();
  ArrayAttr args;
  if (auto call = dyn_cast<CallOp>(op))
    args = call.getArgs();
  else if (auto output = dyn_cast<OutputOp>(op))
    args = output.getArgs();
  if (!args)
    return {};
  unsigned number = operand.getOperandNumber(), offset = 0;
  for (Attribute attr : args) {
    auto arg = dyn_cast<ArgAttr>(attr);
    if (!arg)
      return {};
    offset += arg.getNumOperands();
    if (number < offset)
      return arg;
  }
  return {};
}

bool ng::isInPlaceResult(Value value) {
  OpOperand *source = getAliasSource(value);
  if (!source)
    return false;
  ArgAttr arg = getArgumentOf(*source);
  return arg && arg.getMutated();
}

/// The value `value` aliases, or null.
static Value aliasedBy(Value value) {
  OpOperand *source = getAliasSource(value);
  return source ? source->get() : Value();
}

Value ng::getStorageRoot(Value value) {
  // In IR that verifies, an alias source is defined before the result that
  // aliases it, so the chain ends. The verifier asks for roots (V13) before
  // dominance is checked, though, when `%a = ng.call(..., %a)` can still
  // make the chain a cycle: a second walker at twice the speed meets the
  // first inside any cycle (Floyd), and the value where they meet is taken
  // as the root. Dominance verification then rejects the IR.
  Value slow = value, fast = value;
  while (true) {
    Value next = aliasedBy(fast);
    if (!next)
      return fast;
    fast = aliasedBy(next);
    if (!fast)
      return next;
    slow = aliasedBy(slow);
    if (slow == fast)
      return fast;
  }
}

StorageKind ng::getStorageKind(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<CallOp>(owner))
      return StorageKind::SubgraphInput;
    auto method = dyn_cast_or_null<MethodOp>(owner);
    if (!method || !arg.getOwner()->isEntryBlock())
      return StorageKind::Unknown;
    Attribute binding = method.getArgBinding(arg.getArgNumber());
    if (!binding)
      return StorageKind::UserInput;
    if (isa<MutableBufferAttr>(binding))
      return StorageKind::MutableBuffer;
    auto constant = dyn_cast<ConstantAttr>(binding);
    if (!constant)
      return StorageKind::Unknown;
    switch (constant.getKind()) {
    case InputKind::UserInput:
      return StorageKind::UserInput;
    case InputKind::Parameter:
      return StorageKind::Parameter;
    case InputKind::Buffer:
      return StorageKind::Buffer;
    case InputKind::ConstantTensor:
      return StorageKind::Constant;
    }
    return StorageKind::Unknown;
  }
  auto call = dyn_cast<CallOp>(cast<OpResult>(root).getOwner());
  if (!call || !call.getGraphs().empty())
    return StorageKind::Unknown;
  return StorageKind::Fresh;
}

/// The method whose placeholder `value` is, if it is one.
static MethodOp placeholderMethod(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return {};
  return dyn_cast_or_null<MethodOp>(arg.getOwner()->getParentOp());
}

StringRef ng::getStorageKey(Value root) {
  MethodOp method = placeholderMethod(root);
  if (!method)
    return {};
  Attribute binding =
      method.getArgBinding(cast<BlockArgument>(root).getArgNumber());
  if (auto constant = dyn_cast_or_null<ConstantAttr>(binding))
    return constant.getDataKey();
  if (auto buffer = dyn_cast_or_null<MutableBufferAttr>(binding))
    return buffer.getFqn().getValue();
  return {};
}

//===----------------------------------------------------------------------===//
// Writes
//===----------------------------------------------------------------------===//

/// Whether `spec` (of `method`'s OUTPUT node) writes back to placeholder
/// `arg` (V11, N5): a BUFFER_MUTATION to the buffer (constant buffer or
/// mutable buffer) whose key is its target, a USER_INPUT_MUTATION to the
/// user input its target names.
static bool writesBackTo(MethodOp method, OutputSpecAttr spec,
                         BlockArgument arg) {
  if (spec.getKind() == OutputKind::UserInputMutation)
    return spec.getInput() == arg.getArgNumber() &&
           method.getPlaceholderBinding(arg.getArgNumber()).isInput();
  if (!spec.getTarget())
    return false;
  StringRef target = spec.getTarget().getValue();
  Attribute binding = method.getArgBinding(arg.getArgNumber());
  switch (spec.getKind()) {
  case OutputKind::UserOutput:
    return false;
  case OutputKind::BufferMutation: {
    auto constant = dyn_cast_or_null<ConstantAttr>(binding);
    auto buffer = dyn_cast_or_null<MutableBufferAttr>(binding);
    return (constant && constant.getKind() == InputKind::Buffer &&
            constant.getDataKey() == target) ||
           (buffer && buffer.getFqn().getValue() == target);
  }
  case OutputKind::UserInputMutation:
    return false; // above
  }
  return false;
}

void ng::getWriteBackTargets(MethodOp method, OutputSpecAttr spec,
                             SmallVectorImpl<BlockArgument> &targets) {
  if (!spec || spec.getKind() == OutputKind::UserOutput ||
      method.getBody().empty())
    return;
  for (BlockArgument arg : method.getBody().getArguments())
    if (writesBackTo(method, spec, arg))
      targets.push_back(arg);
}

namespace {
/// The state of one question about writes. Its budget bounds how many uses
/// the question visits before it gives up and answers "may be written",
/// which is always safe: like LLVM's capture tracking budget, this keeps the
/// questions (one per operand, each time a pass asks ng.call for its
/// effects) from growing with the square of a tensor's readers, such as a
/// position or mask input read by every layer. Its memo answers each call
/// with subgraphs once, however deeply they nest.
struct WriteQuery {
  unsigned budget = 1024;
  llvm::SmallDenseMap<Operation *, bool, 4> mayWrite;
};
} // namespace

static bool isClassWrittenByUse(Value root, WriteQuery &query);

/// Whether `op` (an ng.call or ng.output) has a `mut` tensor argument.
static bool hasInPlaceWrite(Operation *op) {
  bool writes = false;
  forEachArgument(
      op, [&](ArgAttr arg, unsigned, MutableArrayRef<OpOperand> operands) {
        writes |= arg.getMutated() && llvm::any_of(operands, [](OpOperand &o) {
                    return isTensor(o.get());
                  });
      });
  return writes;
}

/// Whether a call with subgraphs may write the tensors it is given: when a
/// node of its subgraphs writes in place (a subgraph reaches only its
/// inputs, N1), or when something writes an output of it, or of a call
/// nested in it, that aliases nothing known (such an output may be a tensor
/// the call was given).
static bool mayWriteOperands(CallOp call, WriteQuery &query) {
  auto [it, inserted] = query.mayWrite.try_emplace(call, false);
  if (!inserted)
    return it->second;
  bool writes = false;
  call->walk([&](Operation *nested) {
    writes = nested != call.getOperation() && hasInPlaceWrite(nested);
    return writes ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!writes)
    call->walk([&](CallOp hop) {
      if (hop.getGraphs().empty())
        return WalkResult::advance();
      for (Value result : hop->getResults())
        if (isTensor(result) && !getAliasSource(result) &&
            isClassWrittenByUse(result, query)) {
          writes = true;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
  query.mayWrite[call] = writes;
  return writes;
}

/// Whether `use`'s owner writes it: a `mut` argument, or a tensor handed to
/// a call with subgraphs that may write what it is given.
static bool writesUse(OpOperand &use, WriteQuery &query) {
  Operation *op = use.getOwner();
  auto call = dyn_cast<CallOp>(op);
  if ((!call && !isa<OutputOp>(op)) || !isTensor(use.get()))
    return false;
  ArgAttr arg = getArgumentOf(use);
  if (!arg)
    return false;
  if (arg.getMutated())
    return true;
  return call && !call.getGraphs().empty() && mayWriteOperands(call, query);
}

/// Whether a member of the class rooted at `root` is written in place or
/// handed to a call with subgraphs that may write it; true as well when the
/// query runs out of budget.
static bool isClassWrittenByUse(Value root, WriteQuery &query) {
  SmallVector<Value, 8> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      if (query.budget == 0)
        return true;
      --query.budget;
      if (writesUse(use, query))
        return true;
      auto call = dyn_cast<CallOp>(use.getOwner());
      std::optional<ArrayRef<int32_t>> aliases =
          call ? call.getAliasOf() : std::nullopt;
      if (!aliases)
        continue;
      for (auto [output, operand] : llvm::enumerate(*aliases)) {
        if (operand != static_cast<int32_t>(use.getOperandNumber()) ||
            output >= call.getNumWireOutputs())
          continue;
        bool isList;
        for (Value result : call.getWireOutputResults(output, isList))
          if (isTensor(result))
            worklist.push_back(result);
      }
    }
  }
  return false;
}

/// The InPlace and MayWrite writes of `op` (its operands).
static void forEachOperandWrite(Operation *op,
                                function_ref<void(const StorageWrite &)> fn) {
  auto call = dyn_cast<CallOp>(op);
  if (!call && !isa<OutputOp>(op))
    return;
  WriteQuery query;
  bool hasGraphs =
      call && !call.getGraphs().empty() && mayWriteOperands(call, query);
  forEachArgument(op, [&](ArgAttr arg, unsigned index,
                          MutableArrayRef<OpOperand> operands) {
    // Most arguments write nothing: decide that before looking at the
    // operands' types (on a large graph, each is a cache miss).
    if (!arg.getMutated() && !hasGraphs)
      return;
    for (OpOperand &operand : operands) {
      if (!isTensor(operand.get()))
        continue;
      if (arg.getMutated())
        fn({StorageWrite::Kind::InPlace, operand.get(), &operand, arg, index});
      else if (hasGraphs)
        fn({StorageWrite::Kind::MayWrite, operand.get(), &operand, arg, index});
    }
  });
}

void ng::forEachStorageWrite(Operation *op,
                             function_ref<void(const StorageWrite &)> fn,
                             bool writeBacks) {
  forEachOperandWrite(op, fn);
  auto output = dyn_cast<OutputOp>(op);
  if (!output || !writeBacks)
    return;
  auto method = dyn_cast_or_null<MethodOp>(output->getParentOp());
  if (!method || !output.getSpecs())
    return;
  unsigned tensorIndex = 0;
  forEachArgument(
      op, [&](ArgAttr arg, unsigned, MutableArrayRef<OpOperand> operands) {
        if (arg.getKind() != ArgKind::Tensor || operands.size() != 1)
          return;
        OutputSpecAttr spec = output.getSpec(tensorIndex);
        if (spec.getKind() != OutputKind::UserOutput) {
          SmallVector<BlockArgument, 1> targets;
          getWriteBackTargets(method, spec, targets);
          for (BlockArgument target : targets)
            fn({StorageWrite::Kind::WriteBack, target, &operands.front(),
                ArgAttr(), tensorIndex});
        }
        ++tensorIndex;
      });
}

bool ng::isStorageWritten(Value root) {
  StorageKind kind = getStorageKind(root);
  if (isReadOnlyStorage(kind))
    return false;
  if (kind == StorageKind::Unknown)
    return true;
  WriteQuery query;
  if (kind == StorageKind::SubgraphInput) {
    Block *block = cast<BlockArgument>(root).getOwner();
    return llvm::any_of(block->getArguments(), [&](BlockArgument arg) {
      return isClassWrittenByUse(arg, query);
    });
  }
  if (isClassWrittenByUse(root, query))
    return true;
  MethodOp method = placeholderMethod(root);
  if (!method)
    return false;

  // The method's OUTPUT node writes back to it (A3), or to a placeholder
  // bound to the same key (N3: the same storage), or one of those is a
  // buffer marked `mutated`, or written by use.
  Block &body = method.getBody().front();
  auto output = body.empty() ? OutputOp() : dyn_cast<OutputOp>(body.back());
  StringRef key = getStorageKey(root);
  for (BlockArgument arg : body.getArguments()) {
    if (arg != root && (key.empty() || getStorageKey(arg) != key))
      continue;
    auto constant = dyn_cast_or_null<ConstantAttr>(
        method.getArgBinding(arg.getArgNumber()));
    if (constant && constant.getMutated())
      return true;
    if (output && output.getSpecs() &&
        llvm::any_of(*output.getSpecs(), [&](Attribute spec) {
          return writesBackTo(method, cast<OutputSpecAttr>(spec), arg);
        }))
      return true;
    if (arg != root && isClassWrittenByUse(arg, query))
      return true;
  }
  return false;
}

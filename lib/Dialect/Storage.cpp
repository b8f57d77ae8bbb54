//===- Storage.cpp - which storage a value lives in (FORMAT.md A1-A3) -----===//
//
// See include/ng/Dialect/Storage.h and docs/Aliasing.md.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

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
  for (auto [output, a] : llvm::enumerate(*aliases)) {
    if (a < 0)
      continue;
    if (!isValidAliasOperand(call, a))
      return call.emitOpError() << "node " << describe(call)
                                << ": alias_of must name a tensor input of "
                                   "the same node (V6)";
    bool isList;
    ResultRange results = call.getWireOutputResults(output, isList);
    if (isList || results.size() != 1 || !isTensor(results.front()))
      return call.emitOpError()
             << "node " << describe(call) << ": output #" << output
             << " has alias_of but is not a tensor; only a tensor output "
                "aliases an input (A1)";
  }
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

std::optional<OpFacts> ng::lookupCallFacts(Operation *op) {
  auto call = dyn_cast<CallOp>(op);
  if (!call || !call.getGraphs().empty())
    return std::nullopt;
  return lookupOpFacts(call.getTargetAttr());
}

std::optional<unsigned> ng::getImpliedAliasOperand(CallOp call,
                                                   const OpFacts &facts) {
  // Only single-tensor returns carry alias_of (A1).
  if (facts.aliasedArg.empty() || call.getNumWireOutputs() != 1 ||
      call.getAliasedOperand(0))
    return std::nullopt;
  bool isList;
  ResultRange results = call.getWireOutputResults(0, isList);
  if (isList || results.size() != 1 || !isTensor(results.front()))
    return std::nullopt;
  std::optional<WireArgument> arg = call.findArgument(facts.aliasedArg);
  if (!arg || !arg->getTensor() || !isTensor(arg->getTensor()))
    return std::nullopt;
  return arg->getBeginOperandIndex();
}

/// The operand result `resultNumber` of `call` aliases, reading alias_of,
/// and with `facts` (the call's, when it has any and they are to be read)
/// what they imply where alias_of says nothing.
static OpOperand *aliasSourceOf(CallOp call, unsigned resultNumber,
                                const OpFacts *facts) {
  std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf();
  unsigned output = wireOutputOf(call, resultNumber);
  if (aliases && output < aliases->size() && (*aliases)[output] >= 0)
    return isValidAliasOperand(call, (*aliases)[output])
               ? &call->getOpOperand((*aliases)[output])
               : nullptr;
  if (!facts)
    return nullptr;
  std::optional<unsigned> implied = getImpliedAliasOperand(call, *facts);
  return implied ? &call->getOpOperand(*implied) : nullptr;
}

OpOperand *ng::getAliasSource(Value value, FlagSource flags) {
  auto result = dyn_cast<OpResult>(value);
  if (!result || !isTensor(value))
    return nullptr;
  auto call = dyn_cast<CallOp>(result.getOwner());
  if (!call)
    return nullptr;
  // The facts only matter where alias_of says nothing: look them up then.
  std::optional<OpFacts> facts;
  if (flags == FlagSource::WireAndFacts &&
      !call.getAliasedOperand(wireOutputOf(call, result.getResultNumber())))
    facts = lookupCallFacts(call);
  return aliasSourceOf(call, result.getResultNumber(),
                       facts ? &*facts : nullptr);
}

ArgAttr ng::getArgumentOf(OpOperand &operand) {
  std::optional<WireArgument> arg = getWireArgumentOf(operand);
  return arg ? arg->getAttr() : ArgAttr();
}

bool ng::isInPlaceResult(Value value, FlagSource flags) {
  OpOperand *source = getAliasSource(value, flags);
  if (!source)
    return false;
  std::optional<WireArgument> arg = getWireArgumentOf(*source);
  if (!arg)
    return false;
  std::optional<OpFacts> facts;
  if (flags == FlagSource::WireAndFacts)
    facts = lookupCallFacts(source->getOwner());
  return isArgumentWritten(*arg, facts ? &*facts : nullptr);
}

Value ng::getStorageRoot(Value value, FlagSource flags) {
  // The value `v` aliases, or null.
  auto aliasedBy = [flags](Value v) {
    OpOperand *source = getAliasSource(v, flags);
    return source ? source->get() : Value();
  };
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

/// The kind of storage a placeholder bound by `binding` is.
static StorageKind
getPlaceholderStorageKind(const PlaceholderBinding &binding) {
  if (binding.isInput())
    return StorageKind::UserInput;
  if (binding.isMutableBuffer())
    return StorageKind::MutableBuffer;
  switch (binding.kind) {
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

StorageKind ng::getStorageKind(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<CallOp>(owner))
      return StorageKind::SubgraphInput;
    auto method = dyn_cast_or_null<MethodOp>(owner);
    if (!method || !arg.getOwner()->isEntryBlock())
      return StorageKind::Unknown;
    // The stored binding, not its attribute form: that is made (uniqued)
    // on request, and this runs for every root a pass asks about.
    return getPlaceholderStorageKind(
        method.getPlaceholderBinding(arg.getArgNumber()));
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
  const PlaceholderBinding &binding =
      method.getPlaceholderBinding(cast<BlockArgument>(root).getArgNumber());
  return binding.isInput() ? StringRef() : StringRef(binding.key);
}

//===----------------------------------------------------------------------===//
// Writes
//===----------------------------------------------------------------------===//

/// Whether placeholder `binding` is a buffer a BUFFER_MUTATION may write
/// back to (a constant buffer or a mutable buffer, V11).
static bool isWriteBackBuffer(const PlaceholderBinding &binding) {
  return (binding.isConstant() && binding.kind == InputKind::Buffer) ||
         binding.isMutableBuffer();
}

MethodPlaceholderIndex::MethodPlaceholderIndex(MethodOp method)
    : MethodPlaceholderIndex(method.getBody(), method.getArgBindings()) {}

MethodPlaceholderIndex::MethodPlaceholderIndex(
    Region &body, ArrayRef<PlaceholderBinding> bindings)
    : entry(body.empty() ? nullptr : &body.front()), bindings(bindings) {
  if (!entry)
    return;
  unsigned count = entry->getNumArguments();
  for (unsigned index = 0; index < count; ++index) {
    const PlaceholderBinding &binding = getBinding(index);
    if (!binding.isInput())
      boundTo[binding.key].push_back(index);
  }
  auto output = entry->empty() ? OutputOp() : dyn_cast<OutputOp>(entry->back());
  if (!output || !output.getSpecs())
    return;
  ArrayAttr specs = *output.getSpecs();
  SmallVector<BlockArgument, 2> targets;
  for (Attribute spec : specs) {
    targets.clear();
    // (A method being parsed is not verified yet.)
    getWriteBackTargets(dyn_cast<OutputSpecAttr>(spec), targets);
    for (BlockArgument target : targets)
      writtenBack.insert(target.getArgNumber());
  }
}

const PlaceholderBinding &
MethodPlaceholderIndex::getBinding(unsigned index) const {
  // A user input where none is recorded, as MethodOp::getPlaceholderBinding
  // says (the verifier rejects it).
  static const PlaceholderBinding none;
  return index < bindings.size() ? bindings[index] : none;
}

ArrayRef<unsigned> MethodPlaceholderIndex::getBoundTo(StringRef key) const {
  if (key.empty())
    return {};
  auto it = boundTo.find(key);
  return it == boundTo.end() ? ArrayRef<unsigned>() : ArrayRef(it->second);
}

void MethodPlaceholderIndex::getWriteBackTargets(
    OutputSpecAttr spec, SmallVectorImpl<BlockArgument> &targets) const {
  if (!spec || !entry)
    return;
  switch (spec.getKind()) {
  case OutputKind::UserOutput:
    return;
  case OutputKind::UserInputMutation: {
    int64_t input = spec.getInput();
    if (input >= 0 && input < static_cast<int64_t>(entry->getNumArguments()) &&
        getBinding(input).isInput())
      targets.push_back(entry->getArgument(input));
    return;
  }
  case OutputKind::BufferMutation:
    if (!spec.getTarget())
      return;
    for (unsigned index : getBoundTo(spec.getTarget().getValue()))
      if (isWriteBackBuffer(getBinding(index)))
        targets.push_back(entry->getArgument(index));
    return;
  }
}

namespace {
/// The state of one question about writes. Its memo answers each call with
/// subgraphs once, however deeply they nest. Its facts memo answers the
/// few targets that most of a question's uses are by (a tensor read by every
/// layer is read by the same ops in each) by the address of their target
/// attribute, which identifies it while the IR lives, without a lookup.
struct WriteQuery {
  llvm::DenseMap<Operation *, bool> mayWrite;

  /// The facts of `call` (an ng.call without subgraphs); the pointer holds
  /// until the next call.
  const OpFacts *factsOf(CallOp call) {
    // No target: a call not verified yet (see lookupOpFacts).
    const void *target = call.getTargetAttr().getAsOpaquePointer();
    if (!target)
      return nullptr;
    for (Memo &memo : memos)
      if (memo.target == target)
        return memo.facts ? &*memo.facts : nullptr;
    Memo &memo = memos[next++ % kMemos];
    memo.target = target;
    memo.facts = lookupOpFacts(call.getTargetAttr());
    return memo.facts ? &*memo.facts : nullptr;
  }

private:
  static constexpr unsigned kMemos = 4;
  struct Memo {
    const void *target = nullptr;
    std::optional<OpFacts> facts;
  };
  Memo memos[kMemos];
  unsigned next = 0;
};
} // namespace

static bool isClassWrittenByUse(Value root, WriteQuery &query);

/// The values that alias `use`'s operand through `use` (the outputs of its
/// call whose alias_of names it, or what the facts imply where alias_of
/// says nothing), appended to `out`.
static void appendAliasesThrough(OpOperand &use, WriteQuery &query,
                                 SmallVectorImpl<Value> &out) {
  auto call = dyn_cast<CallOp>(use.getOwner());
  if (!call || !isTensor(use.get()))
    return;
  unsigned number = use.getOperandNumber();
  if (std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf()) {
    for (auto [output, operand] : llvm::enumerate(*aliases)) {
      if (operand != static_cast<int32_t>(number) ||
          output >= call.getNumWireOutputs())
        continue;
      bool isList;
      for (Value result : call.getWireOutputResults(output, isList))
        if (isTensor(result))
          out.push_back(result);
    }
  }
  if (!call.getGraphs().empty() || call->getNumResults() != 1)
    return;
  if (const OpFacts *known = query.factsOf(call);
      known && !known->aliasedArg.empty() &&
      getImpliedAliasOperand(call, *known) == number)
    out.push_back(call->getResult(0));
}

/// Whether `op` (an ng.call or ng.output) writes a tensor argument in place
/// (`mut`, or a write its facts know).
static bool hasInPlaceWrite(Operation *op) {
  std::optional<OpFacts> facts = lookupCallFacts(op);
  for (WireArgument arg : getWireArguments(op))
    if (isArgumentWritten(arg, facts ? &*facts : nullptr) &&
        llvm::any_of(arg.getOpOperands(),
                     [](OpOperand &o) { return isTensor(o.get()); }))
      return true;
  return false;
}

/// Whether a call with subgraphs may write the tensors it is given: when a
/// node of its subgraphs writes in place (a subgraph reaches only its
/// inputs, N1), or when something writes an output of it, or of a call
/// nested in it, that aliases nothing known (such an output may be a tensor
/// the call was given).
static bool mayWriteOperands(CallOp call, WriteQuery &query) {
  // Entered as "no" first: a question that comes back to this call while
  // it is being answered (through the outputs of the calls it nests) adds
  // nothing to it.
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

/// Whether a member of the class rooted at `root` is written in place (`mut`,
/// or a write the op facts know) or handed to a call with subgraphs that
/// may write it. The members are the values whose alias chains (alias_of,
/// and what the facts imply where it is missing) lead to root: each is
/// reached once (a value has one alias source), so the walk visits each use
/// of the class once.
///
/// This runs for every use of every class a pass asks about: the facts
/// are looked up only for a use that needs them (the lookup is cached, but
/// not free), and the argument of a use is found on the op it is a use of,
/// without an interface dispatch.
static bool isClassWrittenByUse(Value root, WriteQuery &query) {
  SmallVector<Value, 8> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *owner = use.getOwner();
      auto call = dyn_cast<CallOp>(owner);
      if (!call && !isa<OutputOp>(owner))
        continue;
      unsigned number = use.getOperandNumber();
      std::optional<WireArgument> arg =
          call ? call.getWireArguments().findByOperand(number)
               : cast<OutputOp>(owner).getWireArguments().findByOperand(number);
      // Written: `mut`, or a tensor handed to a call with subgraphs that may
      // write what it is given ...
      if (arg && arg->isMutated() && isTensor(use.get()))
        return true;
      if (!call)
        continue;
      if (!call.getGraphs().empty()) {
        if (arg && isTensor(use.get()) && mayWriteOperands(call, query))
          return true;
      }
      // ... or an argument the facts say the op writes (a call with
      // subgraphs has none).
      const OpFacts *facts = nullptr;
      bool looked = false;
      auto getFacts = [&]() -> const OpFacts * {
        if (!looked) {
          looked = true;
          facts = call.getGraphs().empty() ? query.factsOf(call) : nullptr;
        }
        return facts;
      };
      if (arg && isTensor(use.get()) &&
          (arg->getKind() == ArgKind::Tensor ||
           arg->getKind() == ArgKind::TensorList) &&
          isArgumentWritten(*arg, getFacts()))
        return true;

      // The outputs that alias this operand join the class.
      appendAliasesThrough(use, query, worklist);
    }
  }
  return false;
}

/// The InPlace, KnownInPlace and MayWrite writes of `op` (its operands).
static void forEachOperandWrite(Operation *op,
                                function_ref<void(const StorageWrite &)> fn) {
  auto call = dyn_cast<CallOp>(op);
  if (!call && !isa<OutputOp>(op))
    return;
  WriteQuery query;
  bool hasGraphs =
      call && !call.getGraphs().empty() && mayWriteOperands(call, query);
  std::optional<OpFacts> facts = lookupCallFacts(op);
  for (WireArgument arg : getWireArguments(op)) {
    // Most arguments write nothing: decide that before looking at the
    // operands' types (on a large graph, each is a cache miss).
    bool known = !arg.isMutated() && facts && isArgumentWritten(arg, &*facts);
    if (!arg.isMutated() && !known && !hasGraphs)
      continue;
    for (OpOperand &operand : arg.getOpOperands()) {
      if (!isTensor(operand.get()))
        continue;
      StorageWrite::Kind kind = arg.isMutated() ? StorageWrite::Kind::InPlace
                                : known ? StorageWrite::Kind::KnownInPlace
                                        : StorageWrite::Kind::MayWrite;
      fn({kind, operand.get(), &operand, arg.getAttr(), arg.getIndex()});
    }
  }
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
  // One index for all the specs: each finds its targets by key.
  MethodPlaceholderIndex index(method);
  unsigned tensorIndex = 0;
  SmallVector<BlockArgument, 1> targets;
  for (WireArgument arg : output.getWireArguments()) {
    if (arg.getKind() != ArgKind::Tensor || arg.getNumOperands() != 1)
      continue;
    OutputSpecAttr spec = output.getSpec(tensorIndex);
    if (spec.getKind() != OutputKind::UserOutput) {
      targets.clear();
      index.getWriteBackTargets(spec, targets);
      for (BlockArgument target : targets)
        fn({StorageWrite::Kind::WriteBack, target, &arg.getOpOperands().front(),
            ArgAttr(), tensorIndex});
    }
    ++tensorIndex;
  }
}

//===----------------------------------------------------------------------===//
// Records of written storage
//===----------------------------------------------------------------------===//

namespace {
/// Where the storage rules' answers go as they are found: onto the IR's
/// records (RecordMarks), or aside, to be compared with them (FoundMarks).
class WriteMarks {
public:
  virtual ~WriteMarks() = default;
  virtual bool isMarked(Value value) = 0;
  /// Marks `value`, whose storage `writer` writes (null: a buffer marked
  /// `mutated`).
  virtual void mark(Value value, Operation *writer) = 0;
};

/// The records themselves: ng.call's `written` and `written_graph_inputs`,
/// and `placeholders` for the method's entry block `entry`. With a
/// rewriter, each change is made through modifyOpInPlace; `method` is the
/// op whose record `placeholders` is, when it exists (not while it is
/// parsed).
class RecordMarks : public WriteMarks {
public:
  RecordMarks(Block *entry, WrittenMask &placeholders, Operation *method,
              RewriterBase *rewriter)
      : entry(entry), placeholders(placeholders), method(method),
        rewriter(rewriter) {}

  bool isMarked(Value value) override {
    if (auto result = dyn_cast<OpResult>(value)) {
      if (auto call = dyn_cast<CallOp>(result.getOwner()))
        return call.getWritten().test(result.getResultNumber());
      return unrecorded.contains(value);
    }
    auto arg = cast<BlockArgument>(value);
    Block *block = arg.getOwner();
    if (block == entry)
      return placeholders.test(arg.getArgNumber());
    if (auto call = graphOwner(block))
      return call.getWrittenGraphInputs().test(
          block->getParent()->getRegionNumber());
    return unrecorded.contains(value);
  }

  void mark(Value value, Operation *) override {
    if (auto result = dyn_cast<OpResult>(value)) {
      if (auto call = dyn_cast<CallOp>(result.getOwner()))
        return modify(call, [&] {
          call.getProperties().written.set(result.getResultNumber());
        });
      unrecorded.insert(value);
      return;
    }
    auto arg = cast<BlockArgument>(value);
    Block *block = arg.getOwner();
    if (block == entry)
      return modify(method, [&] { placeholders.set(arg.getArgNumber()); });
    if (auto call = graphOwner(block))
      return modify(call, [&] {
        call.getProperties().written_graph_inputs.set(
            block->getParent()->getRegionNumber());
      });
    unrecorded.insert(value);
  }

private:
  /// The call whose subgraph `block` is the body of, if it is one.
  static CallOp graphOwner(Block *block) {
    if (!block->isEntryBlock())
      return {};
    return dyn_cast_or_null<CallOp>(block->getParentOp());
  }
  void modify(Operation *op, llvm::function_ref<void()> change) {
    if (rewriter && op)
      rewriter->modifyOpInPlace(op, change);
    else
      change();
  }

  Block *entry;
  WrittenMask &placeholders;
  Operation *method;
  RewriterBase *rewriter;
  /// Values with no record of their own (a foreign op's): remembered so the
  /// walk marks each once.
  llvm::DenseSet<Value> unrecorded;
};

/// The answers aside, in the order they were found, with the node that
/// writes each.
class FoundMarks : public WriteMarks {
public:
  bool isMarked(Value value) override { return marked.contains(value); }
  void mark(Value value, Operation *writer) override {
    if (marked.insert(value).second)
      found.push_back({value, writer});
  }
  llvm::DenseSet<Value> marked;
  SmallVector<std::pair<Value, Operation *>> found;
};

/// Marks the values that share a storage: the class of values whose alias
/// chains lead to one root (each reached once: a value has one alias
/// source), the placeholders bound to the root's key (N3), and a subgraph's
/// other inputs (two of them may be one tensor of the caller).
class StorageFlood {
public:
  StorageFlood(WriteMarks &marks, Region *body,
               ArrayRef<PlaceholderBinding> bindings)
      : marks(marks), body(body), bindings(bindings),
        entry(body && !body->empty() ? &body->front() : nullptr) {}

  /// Marks the whole storage `value` lives in, written by `writer`; nothing
  /// when `value` is marked already (the walk that marked it marked its
  /// storage) or the storage is read-only (V13).
  void markStorage(Value value, Operation *writer) {
    if (marks.isMarked(value))
      return;
    Value root = getStorageRoot(value);
    if (isReadOnlyStorage(kindOf(root)))
      return;
    SmallVector<Value, 8> members{root};
    if (auto arg = dyn_cast<BlockArgument>(root)) {
      Block *block = arg.getOwner();
      if (block == entry) {
        const PlaceholderBinding &binding =
            getIndex().getBinding(arg.getArgNumber());
        if (!binding.isInput())
          for (unsigned same : getIndex().getBoundTo(binding.key))
            members.push_back(entry->getArgument(same));
      } else if (isa_and_nonnull<CallOp>(block->getParentOp())) {
        llvm::append_range(members, block->getArguments());
      }
    }
    markFrom(members, writer);
  }

  /// Marks `members` and every value that aliases one of them.
  void markFrom(SmallVectorImpl<Value> &members, Operation *writer) {
    llvm::SmallPtrSet<void *, 16> seen;
    while (!members.empty()) {
      Value member = members.pop_back_val();
      if (!seen.insert(member.getAsOpaquePointer()).second)
        continue;
      if (!marks.isMarked(member))
        marks.mark(member, writer);
      for (OpOperand &use : member.getUses())
        appendAliasesThrough(use, query, members);
    }
  }

  /// The method's placeholders by key, made on first need.
  const MethodPlaceholderIndex &getIndex() {
    if (!index)
      index.emplace(*body, bindings);
    return *index;
  }

  WriteQuery query;

private:
  StorageKind kindOf(Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    if (!arg || arg.getOwner() != entry)
      return getStorageKind(root);
    return getPlaceholderStorageKind(getIndex().getBinding(arg.getArgNumber()));
  }

  WriteMarks &marks;
  Region *body;
  ArrayRef<PlaceholderBinding> bindings;
  Block *entry;
  std::optional<MethodPlaceholderIndex> index;
};
} // namespace

/// The storages `op` writes, and those ng cannot place, marked: its written
/// arguments (`mut`, or what the facts know); for a call with subgraphs its
/// outputs (Unknown storage) and, when it may write what it is given, its
/// tensor operands; for a foreign op its tensor results.
static void markWritesOf(Operation *op, StorageFlood &flood) {
  auto call = dyn_cast<CallOp>(op);
  if (!call && !isa<OutputOp>(op)) {
    for (Value result : op->getResults())
      if (isTensor(result))
        flood.markStorage(result, op);
    return;
  }
  bool hasGraphs = call && !call.getGraphs().empty();
  const OpFacts *facts =
      call && !hasGraphs ? flood.query.factsOf(call) : nullptr;
  for (WireArgument arg : getWireArguments(op)) {
    if (!isArgumentWritten(arg, facts))
      continue;
    for (OpOperand &operand : arg.getOpOperands())
      if (isTensor(operand.get()))
        flood.markStorage(operand.get(), op);
  }
  if (!hasGraphs)
    return;
  for (Value result : call->getResults())
    if (isTensor(result))
      flood.markStorage(result, op);
  if (mayWriteOperands(call, flood.query))
    for (OpOperand &operand : call->getOpOperands())
      if (isTensor(operand.get()))
        flood.markStorage(operand.get(), op);
}

namespace {
/// The storage rules over a method's graph, `body`, with its placeholders'
/// `bindings`, node by node, each storage marked once.
class StorageRules {
public:
  StorageRules(Region &body, ArrayRef<PlaceholderBinding> bindings,
               WriteMarks &marks)
      : body(body), flood(marks, &body, bindings) {}

  /// What `node` of the body writes, its subgraphs' nodes first.
  void addNode(Operation &node) {
    node.walk([&](Operation *op) { markWritesOf(op, flood); });
  }

  /// After the last node, the method's own writes: what its OUTPUT node
  /// writes back (A3), and buffers the file marks `mutated`.
  void finish() {
    if (body.empty())
      return;
    Block &entry = body.front();
    Operation *output = entry.empty() ? nullptr : &entry.back();
    const MethodPlaceholderIndex &index = flood.getIndex();
    for (unsigned number = 0, e = entry.getNumArguments(); number < e;
         ++number) {
      const PlaceholderBinding &binding = index.getBinding(number);
      if (index.isWrittenBack(number))
        flood.markStorage(entry.getArgument(number), output);
      else if (binding.isConstant() && binding.mutated)
        flood.markStorage(entry.getArgument(number), nullptr);
    }
  }

private:
  Region &body;
  StorageFlood flood;
};
} // namespace

/// Applies the storage rules to a method's whole graph.
static void applyStorageRules(Region &body,
                              ArrayRef<PlaceholderBinding> bindings,
                              WriteMarks &marks) {
  if (body.empty())
    return;
  StorageRules rules(body, bindings, marks);
  for (Operation &node : body.front())
    rules.addNode(node);
  rules.finish();
}

bool ng::isStorageWritten(Value value) {
  if (!isTensor(value))
    return false;
  if (auto result = dyn_cast<OpResult>(value)) {
    auto call = dyn_cast<CallOp>(result.getOwner());
    return !call || call.getWritten().test(result.getResultNumber());
  }
  auto arg = cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  if (!block->isEntryBlock())
    return true;
  Operation *owner = block->getParentOp();
  if (auto method = dyn_cast_or_null<MethodOp>(owner))
    return method.getWrittenPlaceholders().test(arg.getArgNumber());
  if (auto call = dyn_cast_or_null<CallOp>(owner))
    return call.getWrittenGraphInputs().test(
        block->getParent()->getRegionNumber());
  return true;
}

void ng::inferStorageWrites(Region &body, ArrayRef<PlaceholderBinding> bindings,
                            WrittenMask &placeholders) {
  placeholders.clear();
  body.walk([](CallOp call) {
    call.getProperties().written.clear();
    call.getProperties().written_graph_inputs.clear();
  });
  RecordMarks marks(body.empty() ? nullptr : &body.front(), placeholders,
                    /*method=*/nullptr, /*rewriter=*/nullptr);
  applyStorageRules(body, bindings, marks);
}

void ng::inferStorageWrites(MethodOp method) {
  inferStorageWrites(method.getBody(), method.getArgBindings(),
                     method.getProperties().written_placeholders);
}

/// The method `value` belongs to (a placeholder, a value of its graph or of
/// a subgraph of it), if any.
static MethodOp enclosingMethod(Value value) {
  Operation *owner = value.getParentBlock()->getParentOp();
  if (!owner)
    return {};
  if (auto method = dyn_cast<MethodOp>(owner))
    return method;
  return owner->getParentOfType<MethodOp>();
}

namespace {
/// The records of the method around `anchor`, to be changed through
/// `rewriter`, and a flood over them.
struct RecordEdit {
  RecordEdit(RewriterBase &rewriter, Value anchor)
      : method(enclosingMethod(anchor)),
        marks(method ? &method.getBody().front() : nullptr,
              method ? method.getProperties().written_placeholders : none,
              method, &rewriter),
        flood(marks, method ? &method.getBody() : nullptr,
              method ? method.getArgBindings()
                     : ArrayRef<PlaceholderBinding>()) {}
  MethodOp method;
  WrittenMask none;
  RecordMarks marks;
  StorageFlood flood;
};
} // namespace

void ng::markStorageWritten(RewriterBase &rewriter, Value value) {
  if (!isTensor(value) || isStorageWritten(value))
    return;
  RecordEdit edit(rewriter, value);
  edit.flood.markStorage(value, nullptr);
}

void ng::recordStorageWrites(RewriterBase &rewriter, Operation *op) {
  if (!isa<CallOp, OutputOp>(op) || op->getNumOperands() == 0)
    return;
  RecordEdit edit(rewriter, op->getOperand(0));
  markWritesOf(op, edit.flood);
  // A write inside a subgraph is a write its higher-order ops may make of
  // what they are given (StorageWrite::Kind::MayWrite).
  if (hasInPlaceWrite(op))
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp())
      if (auto hop = dyn_cast<CallOp>(parent))
        for (OpOperand &operand : hop->getOpOperands())
          if (isTensor(operand.get()))
            edit.flood.markStorage(operand.get(), hop);
  // A result that aliases an operand shares what either records.
  for (Value result : op->getResults()) {
    OpOperand *source = getAliasSource(result);
    if (!source)
      continue;
    bool sourceWritten = isStorageWritten(source->get());
    if (isStorageWritten(result) && !sourceWritten) {
      edit.flood.markStorage(source->get(), op);
    } else if (sourceWritten && !isStorageWritten(result)) {
      SmallVector<Value, 4> members{result};
      edit.flood.markFrom(members, op);
    }
  }
}

struct StorageRecordsVerifier::State {
  explicit State(MethodOp method)
      : method(method),
        rules(method.getBody(), method.getArgBindings(), found) {}
  MethodOp method;
  /// What the rules find written, beside the records.
  FoundMarks found;
  StorageRules rules;
};

StorageRecordsVerifier::StorageRecordsVerifier(MethodOp method)
    : state(std::make_unique<State>(method)) {}
StorageRecordsVerifier::~StorageRecordsVerifier() = default;

void StorageRecordsVerifier::addNode(Operation &node) {
  state->rules.addNode(node);
}

LogicalResult StorageRecordsVerifier::verify() {
  MethodOp method = state->method;
  state->rules.finish();
  for (auto [value, writer] : state->found.found) {
    if (isStorageWritten(value))
      continue;
    std::string by;
    if (!writer)
      by = "it is a buffer marked mutated";
    else if (isa<OutputOp>(writer) && writer->getParentOp() == method)
      by = "the method's output writes it back";
    else
      by = "node " + describe(writer) + " writes it";
    Operation *at;
    std::string subject;
    if (auto result = dyn_cast<OpResult>(value)) {
      at = result.getOwner();
      subject =
          "node " + describe(at) + ": the storage of output " + describe(value);
    } else if (cast<BlockArgument>(value).getOwner()->getParentOp() == method) {
      at = method;
      subject = "the storage of placeholder " + describe(value);
    } else {
      at = cast<BlockArgument>(value).getOwner()->getParentOp();
      subject = "node " + describe(at) +
                ": the storage of the inputs of its subgraph #" +
                std::to_string(value.getParentRegion()->getRegionNumber());
    }
    InFlightDiagnostic diag = at->emitOpError();
    diag << subject;
    diag << " is written (" << by
         << ") but not recorded as written; an edit that adds a write "
            "records it (ng::markStorageWritten, ng/Dialect/Storage.h)";
    return diag;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Flags against facts
//===----------------------------------------------------------------------===//

void ng::warnIfFlagsMissFacts(Operation *op, FlagWarningBudget &budget) {
  auto call = dyn_cast<CallOp>(op);
  std::optional<OpFacts> facts = call ? lookupCallFacts(call) : std::nullopt;
  if (!facts || !facts->knowsAliasing)
    return;
  // The arguments the op writes that the program does not mark `mut`.
  SmallVector<StringRef, 2> unmarked;
  for (WireArgument arg : call.getWireArguments())
    if (!arg.isMutated() && isArgumentWritten(arg, &*facts))
      unmarked.push_back(arg.getName());
  std::optional<unsigned> alias = getImpliedAliasOperand(call, *facts);
  if (unmarked.empty() && !alias)
    return;
  // One warning for the op, whatever it lacks, and only the first time it
  // is verified.
  if (!call->getDialect() ||
      !static_cast<NgDialect *>(call->getDialect())->claimWarning(call))
    return;
  if (budget.left == 0) {
    ++budget.suppressed;
    return;
  }
  --budget.left;
  InFlightDiagnostic diag = call.emitWarning();
  diag << "node " << describe(call) << " (" << call.getTarget() << "): ";
  if (!unmarked.empty()) {
    llvm::interleave(
        unmarked, diag, [&](StringRef name) { diag << "'" << name << "'"; },
        " and ");
    diag << (unmarked.size() == 1 ? " is" : " are")
         << " written in place but not marked `mut`";
  }
  if (alias)
    diag << (unmarked.empty() ? "" : ", and ") << "the output aliases '"
         << facts->aliasedArg << "' but has no alias_of";
  diag << " (FORMAT.md A1, A2); ng assumes what the op does "
          "(--ng-infer-aliases records it)";
}

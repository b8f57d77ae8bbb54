//===- Storage.cpp - which storage a value lives in (FORMAT.md A1-A3) -----===//
//
// See include/ng/Dialect/Storage.h and docs/Aliasing.md.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/Storage.h"
#include "ng/Dialect/StorageQueryCache.h"

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
      return call.emitOpError() << "node '" << call.getNodeName()
                                << "': alias_of must name a tensor input of "
                                   "the same node (V6)";
    bool isList;
    ResultRange results = call.getWireOutputResults(output, isList);
    if (isList || results.size() != 1 || !isTensor(results.front()))
      return call.emitOpError()
             << "node '" << call.getNodeName() << "': output #" << output
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
  return lookupOpFacts(call.getTarget());
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
    const PlaceholderBinding &binding =
        method.getPlaceholderBinding(arg.getArgNumber());
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

StorageWork &ng::getStorageWork() {
  static thread_local StorageWork work;
  return work;
}

/// The method's OUTPUT node, if its body ends in one.
static OutputOp getMethodOutput(MethodOp method) {
  if (method.getBody().empty() || method.getBody().front().empty())
    return {};
  return dyn_cast<OutputOp>(method.getBody().front().back());
}

/// Whether placeholder `binding` is a buffer a BUFFER_MUTATION may write
/// back to (a constant buffer or a mutable buffer, V11).
static bool isWriteBackBuffer(const PlaceholderBinding &binding) {
  return (binding.isConstant() && binding.kind == InputKind::Buffer) ||
         binding.isMutableBuffer();
}

MethodPlaceholderIndex::MethodPlaceholderIndex(MethodOp method)
    : method(method) {
  if (method.getBody().empty())
    return;
  StorageWork &work = getStorageWork();
  unsigned count = method.getBody().getNumArguments();
  work.steps += count;
  for (unsigned index = 0; index < count; ++index) {
    const PlaceholderBinding &binding = method.getPlaceholderBinding(index);
    if (!binding.isInput())
      boundTo[binding.key].push_back(index);
  }
  OutputOp output = getMethodOutput(method);
  if (!output || !output.getSpecs())
    return;
  ArrayAttr specs = *output.getSpecs();
  SmallVector<BlockArgument, 2> targets;
  for (Attribute spec : specs) {
    ++work.steps;
    targets.clear();
    getWriteBackTargets(cast<OutputSpecAttr>(spec), targets);
    for (BlockArgument target : targets)
      writtenBack.insert(target.getArgNumber());
  }
}

ArrayRef<unsigned> MethodPlaceholderIndex::getBoundTo(StringRef key) const {
  if (key.empty())
    return {};
  auto it = boundTo.find(key);
  return it == boundTo.end() ? ArrayRef<unsigned>() : ArrayRef(it->second);
}

void MethodPlaceholderIndex::getWriteBackTargets(
    OutputSpecAttr spec, SmallVectorImpl<BlockArgument> &targets) const {
  MethodOp method = this->method; // an op handle: its accessors are not const
  if (!spec || method.getBody().empty())
    return;
  Block &body = method.getBody().front();
  switch (spec.getKind()) {
  case OutputKind::UserOutput:
    return;
  case OutputKind::UserInputMutation: {
    int64_t input = spec.getInput();
    if (input >= 0 && input < static_cast<int64_t>(body.getNumArguments()) &&
        method.getPlaceholderBinding(input).isInput())
      targets.push_back(body.getArgument(input));
    return;
  }
  case OutputKind::BufferMutation:
    if (!spec.getTarget())
      return;
    for (unsigned index : getBoundTo(spec.getTarget().getValue()))
      if (isWriteBackBuffer(method.getPlaceholderBinding(index)))
        targets.push_back(body.getArgument(index));
    return;
  }
}

namespace {
/// The state of one question about writes. Its memo answers each call with
/// subgraphs once, however deeply they nest (the open StorageQueryCache's,
/// shared by every question, when there is one). Its facts memo answers the
/// few targets that most of a question's uses are by (a tensor read by every
/// layer is read by the same ops in each) by the address of their target
/// attribute, which identifies it while the IR lives, without a lookup.
struct WriteQuery {
  explicit WriteQuery(StorageQueryCache *cache)
      : mayWrite(cache ? cache->getMayWrite() : ownMayWrite) {}

private:
  /// The memo when no cache is open (declared before the reference to it).
  llvm::DenseMap<Operation *, bool> ownMayWrite;

public:
  llvm::DenseMap<Operation *, bool> &mayWrite;
  StorageWork &work = getStorageWork();

  /// The facts of `call` (an ng.call without subgraphs); the pointer holds
  /// until the next call.
  const OpFacts *factsOf(CallOp call) {
    const void *target = call.getTargetAttr().getAsOpaquePointer();
    for (Memo &memo : memos)
      if (memo.target == target)
        return memo.facts ? &*memo.facts : nullptr;
    Memo &memo = memos[next++ % kMemos];
    memo.target = target;
    memo.facts = lookupOpFacts(call.getTarget());
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
    ++query.work.steps;
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
      ++query.work.steps;
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

      // The outputs that alias this operand join the class: by alias_of ...
      if (std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf()) {
        for (auto [output, operand] : llvm::enumerate(*aliases)) {
          if (operand != static_cast<int32_t>(number) ||
              output >= call.getNumWireOutputs())
            continue;
          bool isList;
          for (Value result : call.getWireOutputResults(output, isList))
            if (isTensor(result))
              worklist.push_back(result);
        }
      }
      // ... or, where alias_of says nothing, by the facts.
      if (const OpFacts *known = getFacts();
          known && !known->aliasedArg.empty() && call->getNumResults() == 1 &&
          getImpliedAliasOperand(call, *known) == number)
        worklist.push_back(call->getResult(0));
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
  WriteQuery query(StorageQueryCache::getActive());
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

/// `method`'s placeholder index: the open cache's, else made in `local`.
static const MethodPlaceholderIndex &
placeholderIndex(MethodOp method, StorageQueryCache *cache,
                 std::optional<MethodPlaceholderIndex> &local) {
  if (cache)
    return cache->getPlaceholderIndex(method);
  return local.emplace(method);
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
  std::optional<MethodPlaceholderIndex> local;
  const MethodPlaceholderIndex &index =
      placeholderIndex(method, StorageQueryCache::getActive(), local);
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

/// isStorageWritten for a root that is neither read-only nor unknown.
static bool computeStorageWritten(Value root, StorageKind kind,
                                  StorageQueryCache *cache) {
  WriteQuery query(cache);
  if (kind == StorageKind::SubgraphInput) {
    // Any input of the subgraph: two of them may be one tensor of the
    // caller. The answer is every input's.
    Block *block = cast<BlockArgument>(root).getOwner();
    bool written = llvm::any_of(block->getArguments(), [&](BlockArgument arg) {
      return isClassWrittenByUse(arg, query);
    });
    if (cache)
      for (BlockArgument arg : block->getArguments())
        cache->rememberWritten(arg, written);
    return written;
  }
  if (isClassWrittenByUse(root, query))
    return true;
  MethodOp method = placeholderMethod(root);
  if (!method)
    return false;

  // The method's OUTPUT node writes back to it (A3), or to a placeholder
  // bound to the same key (N3: the same storage), or one of those is a
  // buffer marked `mutated`, or written by use.
  std::optional<MethodPlaceholderIndex> local;
  const MethodPlaceholderIndex &index = placeholderIndex(method, cache, local);
  auto isWritten = [&](unsigned number) {
    const PlaceholderBinding &binding = method.getPlaceholderBinding(number);
    if (binding.isConstant() && binding.mutated)
      return true;
    if (index.isWrittenBack(number))
      return true;
    BlockArgument arg = method.getBody().getArgument(number);
    return arg != root && isClassWrittenByUse(arg, query);
  };
  unsigned number = cast<BlockArgument>(root).getArgNumber();
  ArrayRef<unsigned> sameStorage = index.getBoundTo(getStorageKey(root));
  if (sameStorage.empty())
    return isWritten(number);
  return llvm::any_of(sameStorage, isWritten);
}

bool ng::isStorageWritten(Value root) {
  ++getStorageWork().questions;
  StorageKind kind = getStorageKind(root);
  if (isReadOnlyStorage(kind))
    return false;
  if (kind == StorageKind::Unknown)
    return true;
  StorageQueryCache *cache = StorageQueryCache::getActive();
  if (cache)
    if (std::optional<bool> known = cache->lookupWritten(root))
      return *known;
  bool written = computeStorageWritten(root, kind, cache);
  if (cache)
    cache->rememberWritten(root, written);
  return written;
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
  diag << "node '" << call.getNodeName() << "' (" << call.getTarget() << "): ";
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

//===- StorageAnalysis.cpp - storage classes and alias analysis -----------===//
//
// See include/ng/Analysis/StorageAnalysis.h and docs/Aliasing.md.
//
// Each graph is read once, in order: a placeholder starts a class (or joins
// the class of an earlier placeholder with the same key), a result with
// alias_of joins its source's class, any other tensor result starts one.
// Within a class, every value sits on a tree of views: an in-place output or
// `aten.alias` sits where its source sits; any other alias is a child view,
// covering or partial (OpFacts.h). The writers and the `written` flag
// come from the storage rules (ng/Dialect/Storage.h): the records of written
// storage, read off each root, so building the analysis is linear in the
// program.
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/StorageAnalysis.h"

#include "ng/Dialect/OpFacts.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace mlir;
using namespace ng;

static bool isTensor(Value value) {
  return isa<ng::TensorType>(value.getType());
}

StorageAnalysis::StorageAnalysis(Operation *op) {
  op->walk<WalkOrder::PreOrder>([&](MethodOp method) {
    if (!method.getBody().empty())
      analyzeGraph(method.getBody(), method);
    return WalkResult::skip();
  });

  for (StorageClass &storage : classes)
    storage.written = llvm::any_of(
        storage.roots, [](Value root) { return isStorageWritten(root); });

  for (Region *graph : graphs) {
    for (Operation &node : graph->front()) {
      forEachStorageWrite(&node, [&](const StorageWrite &write) {
        auto it = places.find(write.value);
        if (it == places.end())
          return;
        StorageClass &storage = classes[it->second.storageClass];
        SmallVectorImpl<Operation *> &writers = storage.writers;
        if (writers.empty() || writers.back() != &node)
          writers.push_back(&node);
        // A higher-order op's write may happen later, where something
        // writes an output that is a tensor it was given.
        if (write.kind == StorageWrite::Kind::MayWrite)
          storage.writersExact = false;
      });
    }
  }
  for (StorageClass &storage : classes)
    if (storage.kind == StorageKind::SubgraphInput ||
        storage.kind == StorageKind::Unknown ||
        (storage.written && storage.writers.empty()))
      storage.writersExact = false;
}

unsigned StorageAnalysis::newClass(StorageKind kind, Value root,
                                   Region *graph) {
  StorageClass storage;
  storage.kind = kind;
  storage.roots.push_back(root);
  storage.members.push_back(root);
  storage.graph = graph;
  classes.push_back(std::move(storage));
  classMethod.push_back(currentMethod);
  places[root] = {static_cast<unsigned>(classes.size() - 1),
                  newNode(-1, /*covering=*/true)};
  return classes.size() - 1;
}

unsigned StorageAnalysis::newNode(int parent, bool covering) {
  unsigned depth = parent < 0 ? 0 : nodes[parent].depth + 1;
  nodes.push_back({parent, covering, depth});
  return nodes.size() - 1;
}

void StorageAnalysis::analyzeGraph(Region &graph, Operation *method) {
  currentMethod = method;
  graphs.push_back(&graph);
  Block &block = graph.front();

  // Placeholders; a method's placeholders with one key are one storage.
  llvm::StringMap<unsigned> keyed;
  for (BlockArgument arg : block.getArguments()) {
    if (!isTensor(arg))
      continue;
    StringRef key = getStorageKey(arg);
    if (!key.empty()) {
      if (auto it = keyed.find(key); it != keyed.end()) {
        StorageClass &storage = classes[it->second];
        storage.roots.push_back(arg);
        storage.members.push_back(arg);
        places[arg] = places.lookup(storage.roots.front());
        continue;
      }
    }
    unsigned id = newClass(getStorageKind(arg), arg, &graph);
    if (!key.empty())
      keyed[key] = id;
  }

  for (Operation &op : block) {
    // A subgraph runs inside its node: its values come before the node's
    // outputs.
    for (Region &subgraph : op.getRegions())
      if (!subgraph.empty())
        analyzeGraph(subgraph, method);
    currentMethod = method;

    for (Value result : op.getResults()) {
      if (!isTensor(result))
        continue;
      OpOperand *source = getAliasSource(result);
      auto it = source ? places.find(source->get()) : places.end();
      if (it == places.end()) {
        newClass(source ? StorageKind::Unknown
                        : getStorageKind(getStorageRoot(result)),
                 result, &graph);
        continue;
      }
      Place sourcePlace = it->second;
      classes[sourcePlace.storageClass].members.push_back(result);
      ArgAttr arg = getArgumentOf(*source);
      StringRef argName =
          arg && arg.getName() ? arg.getName().getValue() : StringRef();
      ViewKind view = getViewKind(cast<CallOp>(op).getTarget(), argName,
                                  isInPlaceResult(result));
      places[result] = {
          sourcePlace.storageClass,
          view == ViewKind::Identity
              ? sourcePlace.node
              : newNode(sourcePlace.node, view == ViewKind::Covering)};
    }
  }
}

SmallVector<const StorageAnalysis::StorageClass *>
StorageAnalysis::getClasses(Region *graph) const {
  SmallVector<const StorageClass *> result;
  for (const StorageClass &storage : classes)
    if (storage.graph == graph)
      result.push_back(&storage);
  return result;
}

const StorageAnalysis::StorageClass *
StorageAnalysis::getClass(Value value) const {
  auto it = places.find(value);
  return it == places.end() ? nullptr : &classes[it->second.storageClass];
}

bool StorageAnalysis::isWritten(Value value) const {
  const StorageClass *storage = getClass(value);
  return !storage || storage->written;
}

StorageAnalysis::StorageUses
StorageAnalysis::getUses(const StorageClass &storage) const {
  StorageUses uses;
  Block *block = storage.graph ? &storage.graph->front() : nullptr;
  for (Value member : storage.members) {
    for (Operation *user : member.getUsers()) {
      if (isa<OutputOp>(user))
        uses.returned = true;
      else if (auto call = dyn_cast<CallOp>(user))
        uses.handedToSubgraphs |= !call.getGraphs().empty();
      else
        uses.foreignUser = true;
      // A subgraph sees only its own values (N1): a user is an op of the
      // class's graph.
      Operation *op = block ? block->findAncestorOpInBlock(*user) : nullptr;
      if (!op) {
        uses.foreignUser = true;
        continue;
      }
      if (!uses.lastUser || uses.lastUser->isBeforeInBlock(op))
        uses.lastUser = op;
    }
  }
  return uses;
}

bool StorageAnalysis::isWrittenBetween(const StorageClass &storage,
                                       Operation *after,
                                       Operation *until) const {
  if (!storage.written)
    return false;
  Block *block = storage.graph ? &storage.graph->front() : nullptr;
  if (!storage.writersExact || after->getBlock() != block ||
      until->getBlock() != block)
    return true;
  // The writers are in program order: the first one after `after` decides.
  ArrayRef<Operation *> writers = storage.writers;
  const auto *first = std::upper_bound(
      writers.begin(), writers.end(), after,
      [](Operation *lhs, Operation *rhs) { return lhs->isBeforeInBlock(rhs); });
  return first != writers.end() && !until->isBeforeInBlock(*first);
}

//===----------------------------------------------------------------------===//
// Alias queries
//===----------------------------------------------------------------------===//

AliasResult StorageAnalysis::compareViews(unsigned lhs, unsigned rhs) const {
  if (lhs == rhs)
    return AliasResult::MustAlias;
  // Climb to the closest common view, noting whether each side only took
  // covering steps from it.
  unsigned a = lhs, b = rhs;
  bool coverA = true, coverB = true;
  auto up = [&](unsigned &node, bool &cover) {
    cover &= nodes[node].covering;
    node = nodes[node].parent;
  };
  while (nodes[a].depth > nodes[b].depth)
    up(a, coverA);
  while (nodes[b].depth > nodes[a].depth)
    up(b, coverB);
  while (a != b) {
    up(a, coverA);
    up(b, coverB);
  }
  // One is a view of the other, or one reaches all of the common storage:
  // they overlap.
  if (a == lhs || a == rhs || coverA || coverB)
    return AliasResult::PartialAlias;
  // Two partial views of one storage (two slices): they may not overlap.
  return AliasResult::MayAlias;
}

AliasResult StorageAnalysis::alias(Value lhs, Value rhs) const {
  return alias(lhs, rhs, /*depth=*/0);
}

AliasResult StorageAnalysis::alias(Value lhs, Value rhs, unsigned depth) const {
  if (lhs == rhs)
    return AliasResult::MustAlias;
  auto lhsIt = places.find(lhs), rhsIt = places.find(rhs);
  if (lhsIt == places.end() || rhsIt == places.end())
    return AliasResult::MayAlias;
  unsigned lhsClass = lhsIt->second.storageClass,
           rhsClass = rhsIt->second.storageClass;
  if (lhsClass == rhsClass)
    return compareViews(lhsIt->second.node, rhsIt->second.node);
  // Different methods never run together; their storage is not compared.
  if (classMethod[lhsClass] != classMethod[rhsClass])
    return AliasResult::MayAlias;

  // Distinct roots are distinct storage, except for the opaque ones: a
  // subgraph input is a tensor its node was given, and an output of a node
  // with subgraphs is a tensor it was given or one its subgraphs made.
  const StorageClass &a = classes[lhsClass], &b = classes[rhsClass];
  auto isOpaque = [](const StorageClass &c) {
    return c.kind == StorageKind::SubgraphInput ||
           c.kind == StorageKind::Unknown;
  };
  if (!isOpaque(a) && !isOpaque(b))
    return AliasResult::NoAlias;
  if ((a.kind == StorageKind::Fresh && isMadeAfter(a, b)) ||
      (b.kind == StorageKind::Fresh && isMadeAfter(b, a)))
    return AliasResult::NoAlias;
  if (depth > 8) // Deeply nested subgraphs: give up, safely.
    return AliasResult::MayAlias;

  // Replace the opaque side by what it can be: the node's tensor operands
  // (N1: a subgraph reaches nothing else), or for a node's output, anything
  // made inside the node.
  bool lhsOpaque = isOpaque(a);
  const StorageClass &opaque = lhsOpaque ? a : b;
  Value other = lhsOpaque ? rhs : lhs;
  Operation *node = opaque.kind == StorageKind::SubgraphInput
                        ? opaque.graph->getParentOp()
                        : opaque.roots.front().getDefiningOp();
  if (!isa_and_nonnull<CallOp>(node))
    return AliasResult::MayAlias;
  if (opaque.kind == StorageKind::Unknown) {
    Operation *owner = other.getParentRegion()->getParentOp();
    if (node->isAncestor(owner))
      return AliasResult::MayAlias;
  }
  for (Value operand : node->getOperands())
    if (isTensor(operand) && !alias(operand, other, depth + 1).isNo())
      return AliasResult::MayAlias;
  return AliasResult::NoAlias;
}

bool StorageAnalysis::isMadeAfter(const StorageClass &fresh,
                                  const StorageClass &opaque) {
  Operation *maker = fresh.roots.front().getDefiningOp();
  if (!maker)
    return false;
  // A subgraph input existed before its node started; storage made while
  // the node runs is new.
  if (opaque.kind == StorageKind::SubgraphInput)
    return opaque.graph->getParentOp()->isProperAncestor(maker);
  // An output of a node is one of the tensors that existed when the node
  // finished; storage made after it is new.
  Operation *node = opaque.roots.front().getDefiningOp();
  if (!node)
    return false;
  Operation *ancestor = node->getBlock()->findAncestorOpInBlock(*maker);
  return ancestor && node->isBeforeInBlock(ancestor);
}

ModRefResult StorageAnalysis::getModRef(Operation *op, Value location) const {
  auto call = dyn_cast<CallOp>(op);
  if (!call && !isa<OutputOp>(op))
    return ModRefResult::getModAndRef();

  // A higher-order op reaches what it is given (N1) and what its subgraphs
  // hold: the latter it may do anything to.
  if (call && !call.getGraphs().empty()) {
    Operation *owner = location.getParentRegion()->getParentOp();
    if (op == owner || op->isProperAncestor(owner))
      return ModRefResult::getModAndRef();
  }

  ModRefResult result = ModRefResult::getNoModRef();
  llvm::SmallDenseSet<OpOperand *, 2> written;
  forEachStorageWrite(op, [&](const StorageWrite &write) {
    if (alias(write.value, location).isNo())
      return;
    if (write.kind == StorageWrite::Kind::WriteBack) {
      result = result.merge(ModRefResult::getMod());
    } else {
      written.insert(write.operand);
      result = result.merge(ModRefResult::getModAndRef());
    }
  });
  if (result.isModAndRef())
    return result;

  // Reads: every tensor operand except the ones an output only views.
  llvm::SmallDenseSet<int32_t, 2> viewed;
  if (call) {
    if (std::optional<ArrayRef<int32_t>> aliases = call.getAliasOf())
      viewed.insert(aliases->begin(), aliases->end());
    // A known view whose alias_of is missing views its source all the same.
    if (std::optional<OpFacts> facts = lookupCallFacts(call))
      if (std::optional<unsigned> implied =
              getImpliedAliasOperand(call, *facts))
        viewed.insert(*implied);
  }
  for (OpOperand &operand : op->getOpOperands()) {
    Value value = operand.get();
    if (!isTensor(value) || written.contains(&operand) ||
        viewed.contains(operand.getOperandNumber()))
      continue;
    if (isWritten(value) && !alias(value, location).isNo())
      result = result.merge(ModRefResult::getRef());
  }
  return result;
}

//===----------------------------------------------------------------------===//
// ng::AliasAnalysis
//===----------------------------------------------------------------------===//

ng::AliasAnalysis::AliasAnalysis(Operation *op)
    : mlir::AliasAnalysis(op),
      storage(std::make_shared<const StorageAnalysis>(op)) {
  addAnalysisImplementation(StorageAliasAnalysis(storage));
}

//===- StorageLiveness.cpp - when a storage is last touched ---------------===//
//
// See include/ng/Analysis/StorageLiveness.h. One post-order walk numbers the
// method's ops (a node with subgraphs after its subgraphs' nodes) and notes,
// for each tensor operand, the class it belongs to. Then, from the last node
// with subgraphs to the first, the last use of each of its outputs' classes
// is carried to the classes of the tensors it was given (an output of such a
// node may be one of them; a later node with subgraphs that took an earlier
// one's output is done first, so chains carry through). Finally the OUTPUT
// node's write-backs, by target class. Linear in the method.
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/StorageLiveness.h"

using namespace mlir;
using namespace ng;

StorageLiveness::StorageLiveness(MethodOp method,
                                 const StorageAnalysis &storage) {
  SmallVector<Operation *> withSubgraphs;
  unsigned next = 0;
  method.getBody().walk([&](Operation *op) {
    unsigned position = next++;
    positions[op] = position;
    if (op->getNumRegions() != 0)
      withSubgraphs.push_back(op);
    for (Value operand : op->getOperands())
      if (const StorageClass *storageClass = storage.getClass(operand))
        noteUse(storageClass, {position, op});
  });

  for (Operation *op : llvm::reverse(withSubgraphs)) {
    for (Value result : op->getResults()) {
      const StorageClass *resultClass = storage.getClass(result);
      auto it = resultClass ? lastUse.find(resultClass) : lastUse.end();
      if (it == lastUse.end())
        continue;
      Use use = it->second;
      for (Value operand : op->getOperands())
        if (const StorageClass *operandClass = storage.getClass(operand))
          noteUse(operandClass, use);
    }
  }

  if (method.getBody().empty())
    return;
  OutputOp output = method.getOutputOp();
  if (!output)
    return;
  MethodPlaceholderIndex placeholders(method);
  const MethodPlaceholderIndex *index = &placeholders;
  SmallVector<Value> outputs = output.getTensorOutputs();
  SmallVector<BlockArgument, 2> targets;
  for (auto [i, value] : llvm::enumerate(outputs)) {
    targets.clear();
    index->getWriteBackTargets(output.getSpec(i), targets);
    const StorageClass *last = nullptr;
    for (BlockArgument target : targets) {
      const StorageClass *storageClass = storage.getClass(target);
      // Placeholders bound to one key are one class: note it once.
      if (!storageClass || storageClass == last)
        continue;
      writeBacks[storageClass].push_back(value);
      last = storageClass;
    }
  }
}

void StorageLiveness::noteUse(const StorageClass *storageClass, Use use) {
  auto [it, inserted] = lastUse.try_emplace(storageClass, use);
  if (!inserted && it->second.position < use.position)
    it->second = use;
}

std::optional<unsigned> StorageLiveness::getPosition(Operation *op) const {
  auto it = positions.find(op);
  if (it == positions.end())
    return std::nullopt;
  return it->second;
}

Operation *StorageLiveness::getLastUse(const StorageClass *storageClass) const {
  auto it = lastUse.find(storageClass);
  return it == lastUse.end() ? nullptr : it->second.op;
}

bool StorageLiveness::isUsedAfter(const StorageClass *storageClass,
                                  Operation *op) const {
  auto it = lastUse.find(storageClass);
  std::optional<unsigned> position = getPosition(op);
  if (it == lastUse.end())
    return false;
  // An op the walk did not see: assume the worst.
  return !position || it->second.position > *position;
}

ArrayRef<Value>
StorageLiveness::getWriteBacks(const StorageClass *storageClass) const {
  auto it = writeBacks.find(storageClass);
  return it == writeBacks.end() ? ArrayRef<Value>() : ArrayRef(it->second);
}

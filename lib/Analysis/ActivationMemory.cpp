//===- ActivationMemory.cpp - what a method's activations take ------------===//
//
// See include/ng/Analysis/ActivationMemory.h. One walk of the body in
// program order: a node's fresh outputs are placed, the live bytes noted,
// then the tensors whose last use it is are freed (after the node, which
// reads them while it writes its outputs).
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/ActivationMemory.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ng;

std::optional<uint64_t> ng::getTensorBytes(Type type, DimBound bound) {
  auto tensor = dyn_cast<ng::TensorType>(type);
  if (!tensor || !tensor.hasMeta())
    return std::nullopt;
  SmallVector<int64_t, 4> shape;
  for (DimRange dim : tensor.getSizes()) {
    int64_t size = bound == DimBound::Min || dim.isStatic() ? dim.min : dim.max;
    if (size < 0)
      return std::nullopt;
    shape.push_back(size);
  }
  return getTensorByteCount(tensor, shape);
}

uint64_t FirstFitArena::allocate(uint64_t bytes) {
  for (auto it = freeBlocks.begin(); it != freeBlocks.end(); ++it) {
    auto [offset, size] = *it;
    if (size < bytes)
      continue;
    freeBlocks.erase(it);
    if (size > bytes)
      freeBlocks.emplace(offset + bytes, size - bytes);
    return offset;
  }
  uint64_t offset = top;
  top = llvm::SaturatingAdd(top, bytes);
  peak = std::max(peak, top);
  return offset;
}

void FirstFitArena::release(uint64_t offset, uint64_t bytes) {
  auto it = freeBlocks.emplace(offset, bytes).first;
  if (auto next = std::next(it);
      next != freeBlocks.end() && it->first + it->second == next->first) {
    it->second += next->second;
    freeBlocks.erase(next);
  }
  if (it != freeBlocks.begin())
    if (auto previous = std::prev(it);
        previous->first + previous->second == it->first) {
      previous->second += it->second;
      freeBlocks.erase(it);
      it = previous;
    }
  if (it->first + it->second == top) {
    top = it->first;
    freeBlocks.erase(it);
  }
}

ActivationEstimate ng::estimateActivationMemory(MethodOp method,
                                                const StorageAnalysis &storage,
                                                const StorageLiveness &liveness,
                                                DimBound bound) {
  ActivationEstimate estimate;
  Block *body = getVerifiableBody(method);
  if (!body)
    return estimate;
  struct Placed {
    uint64_t offset, bytes;
  };
  llvm::DenseMap<Operation *, SmallVector<Placed, 2>> freedAfter;
  FirstFitArena arena;
  uint64_t live = 0;
  for (Operation &op : *body) {
    for (Value result : op.getResults()) {
      const StorageAnalysis::StorageClass *storageClass =
          storage.getClass(result);
      if (!storageClass || storageClass->kind != StorageKind::Fresh ||
          storageClass->roots.front() != result)
        continue;
      std::optional<uint64_t> bytes = getTensorBytes(result.getType(), bound);
      if (!bytes) {
        ++estimate.unsized;
        continue;
      }
      ++estimate.tensors;
      if (*bytes == 0)
        continue;
      // The last use may be inside a subgraph: the tensor lives until the
      // node that holds it has run.
      Operation *lastUse = liveness.getLastUse(storageClass);
      Operation *end = lastUse ? body->findAncestorOpInBlock(*lastUse) : &op;
      freedAfter[end ? end : &op].push_back({arena.allocate(*bytes), *bytes});
      live += *bytes;
    }
    if (live > estimate.livePeak) {
      estimate.livePeak = live;
      estimate.worstNode = &op;
    }
    if (auto it = freedAfter.find(&op); it != freedAfter.end()) {
      for (Placed placed : it->second) {
        arena.release(placed.offset, placed.bytes);
        live -= placed.bytes;
      }
      freedAfter.erase(it);
    }
  }
  estimate.plannedPeak = arena.getPeak();
  return estimate;
}

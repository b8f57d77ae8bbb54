//===- ActivationMemory.h - what a method's activations take ----*- C++ -*-===//
//
// An estimate of the memory a runtime needs for a method's activations: the
// tensors its calls make (the fresh storage classes of its body, each counted
// once however many views and in-place writes it has), each live from the
// node that makes it to its last use (StorageLiveness, which follows views
// and subgraphs; a returned tensor lives to the OUTPUT node). The tensors
// are placed as a memory planner would: greedy first-fit in program order,
// each at the lowest free offset it fits in, freed after its last use. The
// plan's size is what an arena needs; the most bytes live at once is the
// floor any plan needs. Neither counts alignment padding, the tensors inside
// subgraphs, or what a kernel allocates for itself.
//
//   StorageAnalysis storage(method);
//   StorageLiveness liveness(method, storage);
//   ActivationEstimate at = estimateActivationMemory(method, storage,
//                                                    liveness, DimBound::Max);
//
// A walk of the method's body; placing a tensor scans the free blocks of the
// arena, at most the tensors live at that node.
//
//===----------------------------------------------------------------------===//

#ifndef NG_ANALYSIS_ACTIVATIONMEMORY_H
#define NG_ANALYSIS_ACTIVATIONMEMORY_H

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Analysis/StorageLiveness.h"

#include <cstdint>
#include <map>
#include <optional>

namespace ng {

/// Which end of its range a dynamic dim takes.
enum class DimBound { Min, Max };

/// The bytes a tensor of type `type` takes with each dynamic dim at `bound`
/// (a static dim is its size): dtype x sizes, or the AffineGroup packing.
/// nullopt when that is not known: no metadata, an unbounded dim at Max, a
/// PackedQuant codec, a size beyond 64 bits.
std::optional<uint64_t> getTensorBytes(mlir::Type type, DimBound bound);

struct ActivationEstimate {
  /// The arena a greedy first-fit plan needs.
  uint64_t plannedPeak = 0;
  /// The most bytes live at once, and the first node where they are.
  uint64_t livePeak = 0;
  mlir::Operation *worstNode = nullptr;
  /// The tensors placed, and those left out because their size is unknown.
  unsigned tensors = 0;
  unsigned unsized = 0;
};

/// The activations of `method` (analyzed by `storage` and `liveness`) with
/// each dynamic dim at `bound`.
ActivationEstimate estimateActivationMemory(MethodOp method,
                                            const StorageAnalysis &storage,
                                            const StorageLiveness &liveness,
                                            DimBound bound);

/// A first-fit arena: blocks placed at the lowest free offset that holds
/// them, or at its top; a freed block merges with its free neighbours and
/// gives back the top.
class FirstFitArena {
public:
  uint64_t allocate(uint64_t bytes);
  void release(uint64_t offset, uint64_t bytes);
  /// The highest the top has been.
  uint64_t getPeak() const { return peak; }

private:
  std::map<uint64_t, uint64_t> freeBlocks; // offset -> bytes
  uint64_t top = 0, peak = 0;
};

} // namespace ng

#endif // NG_ANALYSIS_ACTIVATIONMEMORY_H

//===- StorageLiveness.h - when a storage is last touched -------*- C++ -*-===//
//
// A rewrite that makes one node write storage in place, or read it later
// than before, must know whether anything touches that storage after the
// node. Asking it node by node (walking the rest of the graph each time) is
// quadratic; this answers it from one walk over a method: its nodes in
// program order, and for each storage class of a StorageAnalysis
// (ng/Analysis/StorageAnalysis.h) the last node that takes one of its values
// as an operand, through every alias and view, in subgraphs too. What the
// method's OUTPUT node writes back into a class (A3) is kept apart, since a
// write-back of the very value a rewrite makes is no conflict.
//
//   StorageLiveness liveness(method, storage);
//   if (liveness.isUsedAfter(storage.getClass(v), call)) ...
//
// Like any analysis it describes the IR it was built on.
//
//===----------------------------------------------------------------------===//

#ifndef NG_ANALYSIS_STORAGELIVENESS_H
#define NG_ANALYSIS_STORAGELIVENESS_H

#include "ng/Analysis/StorageAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace ng {

class StorageLiveness {
public:
  using StorageClass = StorageAnalysis::StorageClass;

  /// Reads `method` (a method `storage` analyzed) once.
  StorageLiveness(MethodOp method, const StorageAnalysis &storage);

  /// The position of `op` (an op of the method, at any depth) in program
  /// order: the nodes of a graph in order, a node with subgraphs after the
  /// nodes of its subgraphs (it finishes when they have run), the OUTPUT
  /// node last. Ops the walk did not see have none.
  std::optional<unsigned> getPosition(mlir::Operation *op) const;

  /// The last node, in program order, that takes a value of `storageClass`
  /// as an operand (reads it, writes it, views it, returns it, hands it to a
  /// subgraph), or that takes an output of a node with subgraphs that was
  /// handed a value of the class (such an output may be that value); null
  /// when there is none. The OUTPUT node counts for the values it returns and
  /// writes back, not for the placeholders it writes them into
  /// (getWriteBacks).
  mlir::Operation *getLastUse(const StorageClass *storageClass) const;

  /// Whether a node after `op` (getLastUse) touches the class.
  bool isUsedAfter(const StorageClass *storageClass, mlir::Operation *op) const;

  /// The values the method's OUTPUT node writes back into the class: its
  /// `buffer_mutation` / `user_input_mutation` outputs whose target is one
  /// of the class's placeholders (A3), in output order.
  llvm::ArrayRef<mlir::Value>
  getWriteBacks(const StorageClass *storageClass) const;

private:
  struct Use {
    unsigned position;
    mlir::Operation *op;
  };
  void noteUse(const StorageClass *storageClass, Use use);

  llvm::DenseMap<mlir::Operation *, unsigned> positions;
  llvm::DenseMap<const StorageClass *, Use> lastUse;
  llvm::DenseMap<const StorageClass *, llvm::SmallVector<mlir::Value, 1>>
      writeBacks;
};

} // namespace ng

#endif // NG_ANALYSIS_STORAGELIVENESS_H

//===- StorageAnalysis.h - storage classes, alias analysis -----*- C++ -*-===//
//
// Which values of an ng program share storage, where that storage comes
// from, and what writes it (FORMAT.md A1-A3), per method and per subgraph;
// and the answers MLIR's alias analysis asks for, built on it. The rules
// themselves are in ng/Dialect/Storage.h (shared with the verifier and
// ng.call's memory effects); docs/Aliasing.md explains the model.
//
//===----------------------------------------------------------------------===//

#ifndef NG_ANALYSIS_STORAGEANALYSIS_H
#define NG_ANALYSIS_STORAGEANALYSIS_H

#include "ng/Dialect/Storage.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <memory>
#include <vector>

namespace ng {

/// The storage classes of every graph (method body and subgraph) under an
/// op. Like any MLIR analysis it describes the IR it was built on.
class StorageAnalysis {
public:
  /// Values that share storage through alias_of chains.
  struct StorageClass {
    /// Where the storage comes from.
    StorageKind kind;
    /// The values the chains start from: one, or several placeholders bound
    /// to the same data key / fqn (N3).
    llvm::SmallVector<mlir::Value, 1> roots;
    /// Every tensor of the class, roots first, in definition order.
    llvm::SmallVector<mlir::Value, 4> members;
    /// The ops that write the class, in program order: in-place writers,
    /// the method's OUTPUT node writing it back, calls with subgraphs it is
    /// handed to.
    llvm::SmallVector<mlir::Operation *, 2> writers;
    /// Whether anything may write it (ng::isStorageWritten of its roots).
    bool written = false;
    /// Whether every write to it is one of `writers`' own, where the writer
    /// stands: an in-place write, the OUTPUT node's write-back. False for
    /// the opaque kinds (a subgraph input or a higher-order op's output may
    /// be written through another value), when a call with subgraphs is a
    /// writer (its write may happen later, through one of its outputs), and
    /// when it is written with no writer in its graph (a buffer marked
    /// `mutated`).
    bool writersExact = true;
    /// The graph whose values the roots are: a method body, or a subgraph.
    mlir::Region *graph = nullptr;
  };

  explicit StorageAnalysis(mlir::Operation *op);

  /// The graphs analyzed: each method body followed by its subgraphs
  /// (outer before inner, in program order).
  llvm::ArrayRef<mlir::Region *> getGraphs() const { return graphs; }
  /// The classes whose roots belong to `graph`, in definition order.
  llvm::SmallVector<const StorageClass *> getClasses(mlir::Region *graph) const;
  /// The class of `value`, or null (not a tensor of an analyzed graph).
  const StorageClass *getClass(mlir::Value value) const;
  /// Whether anything may write the storage of `value` (true if unknown).
  bool isWritten(mlir::Value value) const;
  /// How the values of a class are used, through every alias and view.
  struct StorageUses {
    /// The last op of the class's graph that uses a member; null when none
    /// does.
    mlir::Operation *lastUser = nullptr;
    /// An OUTPUT node returns (or writes back) a member.
    bool returned = false;
    /// A call with subgraphs is given a member: it may return it, and what
    /// it returns is not followed.
    bool handedToSubgraphs = false;
    /// An op other than ng.call and ng.output uses a member.
    bool foreignUser = false;
  };
  /// The uses of `storage`'s members. Costs the uses of the class.
  StorageUses getUses(const StorageClass &storage) const;
  /// Whether anything may write `storage` after op `after` and no later than
  /// op `until` (both ops of the class's graph, `after` first), following
  /// every alias and view: a writer between them, or any write at all when
  /// the class's writes are not all where their writers stand
  /// (StorageClass::writersExact). A binary search over the writers.
  bool isWrittenBetween(const StorageClass &storage, mlir::Operation *after,
                        mlir::Operation *until) const;

  /// MustAlias: the same storage at the same view (the same value, an
  /// in-place op's output and its `self`, `aten.alias`, placeholders bound
  /// to one key). PartialAlias: one is a view of the other, or of storage
  /// the other covers. NoAlias: different storage. MayAlias: unknown (a
  /// subgraph input, an output of a call with subgraphs, two views that may
  /// not overlap, values of different methods, foreign values).
  mlir::AliasResult alias(mlir::Value lhs, mlir::Value rhs) const;

  /// What `op` does to the storage of `location`. Mod: writes it (write-back
  /// by the OUTPUT node). ModRef: writes it in place, or a call with
  /// subgraphs may touch it. Ref: reads it and something writes it. Reading
  /// storage that nothing writes is like reading an SSA value: NoModRef, as
  /// ng.call's memory effects say.
  mlir::ModRefResult getModRef(mlir::Operation *op, mlir::Value location) const;

private:
  struct ViewNode {
    int parent;    // -1 for the storage itself
    bool covering; // reaches every element of the parent
    unsigned depth;
  };

  void analyzeGraph(mlir::Region &graph, mlir::Operation *method);
  unsigned newClass(StorageKind kind, mlir::Value root, mlir::Region *graph);
  unsigned newNode(int parent, bool covering);
  mlir::AliasResult alias(mlir::Value lhs, mlir::Value rhs,
                          unsigned depth) const;
  mlir::AliasResult compareViews(unsigned lhs, unsigned rhs) const;
  /// Whether `fresh` is made after the storage of the `opaque` class (a
  /// subgraph input or a higher-order op's output) exists.
  static bool isMadeAfter(const StorageClass &fresh,
                          const StorageClass &opaque);

  /// A deque: growing it moves no class (a vector would copy each one's
  /// SmallVectors at every reallocation: their moves are not noexcept).
  std::deque<StorageClass> classes;
  std::vector<ViewNode> nodes;
  std::vector<mlir::Operation *> classMethod;
  llvm::SmallVector<mlir::Region *> graphs;
  /// Where a value is: its class and its place on the class's view tree
  /// (one entry per tensor, looked up together).
  struct Place {
    unsigned storageClass;
    unsigned node;
  };
  llvm::DenseMap<mlir::Value, Place> places;
  mlir::Operation *currentMethod = nullptr;
};

/// StorageAnalysis in the form mlir::AliasAnalysis::addAnalysisImplementation
/// takes.
class StorageAliasAnalysis {
public:
  explicit StorageAliasAnalysis(mlir::Operation *op)
      : storage(std::make_shared<StorageAnalysis>(op)) {}
  explicit StorageAliasAnalysis(std::shared_ptr<const StorageAnalysis> storage)
      : storage(std::move(storage)) {}
  mlir::AliasResult alias(mlir::Value lhs, mlir::Value rhs) {
    return storage->alias(lhs, rhs);
  }
  mlir::ModRefResult getModRef(mlir::Operation *op, mlir::Value location) {
    return storage->getModRef(op, location);
  }
  const StorageAnalysis &getStorage() const { return *storage; }

private:
  std::shared_ptr<const StorageAnalysis> storage;
};

/// mlir::AliasAnalysis with ng's implementation added (after MLIR's local
/// analysis): `getAnalysis<ng::AliasAnalysis>()` in a pass.
class AliasAnalysis : public mlir::AliasAnalysis {
public:
  explicit AliasAnalysis(mlir::Operation *op);
  const StorageAnalysis &getStorage() const { return *storage; }

private:
  std::shared_ptr<const StorageAnalysis> storage;
};

} // namespace ng

#endif // NG_ANALYSIS_STORAGEANALYSIS_H

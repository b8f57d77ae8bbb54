//===- VerifyAhead.h - NPTG verification, a node at a time ------*- C++ -*-===//
//
// The importer reads nothing of a file the flatbuffers verifier has not
// accepted (W9). Verifying the whole file first and importing it after reads
// it twice: once a program no longer fits in the last-level cache, the second
// read comes from memory again. This splits the verification the generated
// VerifyProgramBuffer() does in two:
//
//  - verifyOutline(): every table except the nodes and the tensor_values
//    entries of the methods' graphs (their vectors are bounds-checked):
//    program, methods, graph inputs, outputs, constants, buffers, output
//    specs;
//  - GraphAhead: the nodes of one method graph, in order, and its
//    tensor_values entries in step with them, on a second thread when the
//    context has one (just ahead of the importer, so the importer reads
//    what was just verified), else as the importer asks (a few nodes at a
//    time, so it can look a few nodes ahead; each entry just before it is
//    first read). A GraphArg's subgraph is verified with the node that
//    holds it.
//
// Together they check exactly what VerifyProgramBuffer() checks, before
// anything they check is read.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_TARGET_NATIVEGRAPH_VERIFYAHEAD_H
#define NG_LIB_TARGET_NATIVEGRAPH_VERIFYAHEAD_H

#include "ng/Target/NativeGraph/native_graph_generated.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <future>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace ng {

/// VerifyProgramBuffer() minus the nodes of method graphs. `bytes` must
/// carry the NPTG identifier (checked by the caller for its message).
/// `extent` receives how many leading bytes of the file the verified part
/// spans (Verifier::GetComputedSize).
bool verifyOutline(const uint8_t *bytes, size_t size,
                   const flatbuffers::Verifier::Options &options,
                   size_t &extent);

/// The tables of one vector, verified in order: [0, verified) verify.
template <typename T> struct TablesInOrder {
  TablesInOrder(flatbuffers::Verifier *verifier,
                const flatbuffers::Vector<flatbuffers::Offset<T>> *tables)
      : verifier(verifier), tables(tables) {}
  size_t size() const { return tables ? tables->size() : 0; }
  /// Verify from `verified` on, up to and including `last` (or to the
  /// end), until one fails or `cancelled` is set.
  void verifyUpTo(size_t last, const std::atomic<bool> &cancelled);
  bool finished() const {
    return failed.load(std::memory_order_acquire) ||
           verified.load(std::memory_order_acquire) == size();
  }

  flatbuffers::Verifier *verifier;
  const flatbuffers::Vector<flatbuffers::Offset<T>> *tables;
  std::atomic<size_t> verified{0};
  /// Set when table `verified` does not verify.
  std::atomic<bool> failed{false};
};

/// Verifies the nodes and tensor_values entries of a method graph whose
/// outline verified. Each verifier is used by this object alone until it
/// is destroyed; one pair serves every method graph of an import in turn,
/// so their table limits bound the verification of the whole file (a node
/// table shared by several methods is counted in each).
class GraphAhead {
public:
  /// Starts at once on `pool` when given; without one, the waits verify.
  GraphAhead(flatbuffers::Verifier &nodeVerifier,
             flatbuffers::Verifier &entryVerifier,
             const native_backend::Graph *graph,
             llvm::ThreadPoolInterface *pool);
  /// Stops the worker (the importer may give up early) and waits for it.
  ~GraphAhead();
  GraphAhead(const GraphAhead &) = delete;
  GraphAhead &operator=(const GraphAhead &) = delete;

  /// Whether node `index` (and every node before it) verifies; waits for
  /// the worker until it knows. Without a worker, verifies up to
  /// kBatch - 1 nodes past `index` too (a failure there is reported when
  /// that node is asked for).
  bool waitForNode(size_t index);
  /// Nodes [0, verifiedNodeCount()) verify and may be read; more may follow.
  size_t verifiedNodeCount() const {
    return nodes.verified.load(std::memory_order_acquire);
  }
  /// Whether tensor_values entry `index` (and every one before it)
  /// verifies; waits for the worker until it knows.
  bool waitForEntry(size_t index);

  static constexpr size_t kBatch = 16;

private:
  /// The worker: a batch of nodes, then the entries up to as far through
  /// their vector as the nodes are through theirs (a graph lists about one
  /// entry per node, in node order), until both are done.
  void run();

  TablesInOrder<native_backend::Node> nodes;
  TablesInOrder<native_backend::TensorValue> entries;
  std::atomic<bool> cancelled{false};
  std::shared_future<void> worker;
};

} // namespace ng

#endif // NG_LIB_TARGET_NATIVEGRAPH_VERIFYAHEAD_H

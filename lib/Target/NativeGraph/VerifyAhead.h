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
//  - NodesAhead: the nodes of one method graph, in order, on a second thread
//    when the context has one (just ahead of the importer, so the importer
//    reads what was just verified), else a few nodes at a time as the
//    importer asks (so it can look a few nodes ahead). A GraphArg's subgraph
//    is verified with the node that holds it.
//
//  - the tensor_values entries of a method graph: by the importer, each just
//    before it is first read (TensorMetaSource in Import.cpp).
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

/// Verifies the nodes of a method graph whose outline verified.
class NodesAhead {
public:
  /// Starts at once on `pool` when given; without one, waitFor() verifies.
  /// `verifier` is used by this object alone until it is destroyed; one
  /// verifier serves every method graph of an import in turn, so its table
  /// limit bounds the verification of the whole file (a node table shared
  /// by several methods is counted in each).
  NodesAhead(flatbuffers::Verifier &verifier,
             const native_backend::Graph *graph,
             llvm::ThreadPoolInterface *pool);
  /// Stops the worker (the importer may give up early) and waits for it.
  ~NodesAhead();
  NodesAhead(const NodesAhead &) = delete;
  NodesAhead &operator=(const NodesAhead &) = delete;

  /// Whether node `index` (and every node before it) verifies; waits for
  /// the worker until it knows. Without a worker, verifies up to
  /// kBatch - 1 nodes past `index` too (a failure there is reported when
  /// that node is asked for).
  bool waitFor(size_t index);

  /// Nodes [0, verifiedCount()) verify and may be read; more may follow.
  size_t verifiedCount() const {
    return verified.load(std::memory_order_acquire);
  }

  static constexpr size_t kBatch = 16;

private:
  /// Verify nodes from `verified` on, up to and including `last` (or all).
  void verifyUpTo(size_t last);

  flatbuffers::Verifier &verifier;
  const flatbuffers::Vector<flatbuffers::Offset<native_backend::Node>> *nodes;
  /// Nodes [0, verified) verify.
  std::atomic<size_t> verified{0};
  /// Set when node `verified` does not.
  std::atomic<bool> failed{false};
  std::atomic<bool> cancelled{false};
  std::shared_future<void> worker;
};

} // namespace ng

#endif // NG_LIB_TARGET_NATIVEGRAPH_VERIFYAHEAD_H

//===- VerifyAhead.cpp - NPTG verification, a node at a time --------------===//
//
// The outline checks below follow the generated Verify() functions of
// Program, Method and Graph (build/include/.../native_graph_generated.h)
// field by field, except that the vectors Graph.nodes and
// Graph.tensor_values are only bounds-checked there.
// A schema change must be mirrored here; test/Target/NativeGraph/fuzz-import
// and the malformed-file tests exercise both halves.
//
//===----------------------------------------------------------------------===//

#include "VerifyAhead.h"

#include "llvm/Support/ThreadPool.h"

#include <thread>

using namespace ng;
namespace fb = native_backend;

/// The generated tables derive privately from flatbuffers::Table (at offset
/// 0, with no state of their own); its field checks are what we need.
static const flatbuffers::Table &asTable(const void *table) {
  return *reinterpret_cast<const flatbuffers::Table *>(table);
}

static bool verifyGraphOutline(const fb::Graph *graph,
                               flatbuffers::Verifier &verifier) {
  const flatbuffers::Table &table = asTable(graph);
  return table.VerifyTableStart(verifier) &&
         table.VerifyOffsetRequired(verifier, fb::Graph::VT_NODES) &&
         verifier.VerifyVector(graph->nodes()) &&
         table.VerifyOffset(verifier, fb::Graph::VT_INPUTS) &&
         verifier.VerifyVector(graph->inputs()) &&
         verifier.VerifyVectorOfStrings(graph->inputs()) &&
         table.VerifyOffset(verifier, fb::Graph::VT_OUTPUTS) &&
         verifier.VerifyVector(graph->outputs()) &&
         verifier.VerifyVectorOfStrings(graph->outputs()) &&
         table.VerifyOffset(verifier, fb::Graph::VT_TENSOR_VALUES) &&
         verifier.VerifyVector(graph->tensor_values()) && verifier.EndTable();
}

static bool verifyMethodOutline(const fb::Method *method,
                                flatbuffers::Verifier &verifier) {
  const flatbuffers::Table &table = asTable(method);
  return table.VerifyTableStart(verifier) &&
         table.VerifyOffsetRequired(verifier, fb::Method::VT_NAME) &&
         verifier.VerifyString(method->name()) &&
         table.VerifyOffsetRequired(verifier, fb::Method::VT_GRAPH) &&
         verifyGraphOutline(method->graph(), verifier) &&
         table.VerifyOffset(verifier, fb::Method::VT_CONSTANTS) &&
         verifier.VerifyVector(method->constants()) &&
         verifier.VerifyVectorOfTables(method->constants()) &&
         table.VerifyOffset(verifier, fb::Method::VT_OUTPUT_SPECS) &&
         verifier.VerifyVector(method->output_specs()) &&
         verifier.VerifyVectorOfTables(method->output_specs()) &&
         table.VerifyOffset(verifier, fb::Method::VT_MUTABLE_BUFFERS) &&
         verifier.VerifyVector(method->mutable_buffers()) &&
         verifier.VerifyVectorOfTables(method->mutable_buffers()) &&
         verifier.EndTable();
}

bool ng::verifyOutline(const uint8_t *bytes, size_t size,
                       const flatbuffers::Verifier::Options &options,
                       size_t &extent) {
  // As Verifier::VerifyBufferFromStart: a minimum size, then the root offset.
  flatbuffers::Verifier verifier(bytes, size, options);
  {
    using namespace flatbuffers; // the macro names uoffset_t, soffset_t
    if (size < FLATBUFFERS_MIN_BUFFER_SIZE)
      return false;
  }
  flatbuffers::uoffset_t root = verifier.VerifyOffset(0);
  if (root == 0)
    return false;
  const auto *program = reinterpret_cast<const fb::Program *>(bytes + root);
  const flatbuffers::Table &table = asTable(program);
  if (!table.VerifyTableStart(verifier) ||
      !table.VerifyOffset(verifier, fb::Program::VT_VERSION) ||
      !verifier.VerifyString(program->version()) ||
      !table.VerifyOffsetRequired(verifier, fb::Program::VT_METHODS) ||
      !verifier.VerifyVector(program->methods()))
    return false;
  for (const fb::Method *method : *program->methods())
    if (!verifyMethodOutline(method, verifier))
      return false;
  if (!verifier.EndTable())
    return false;
  extent = verifier.GetComputedSize();
  return true;
}

template <typename T>
void TablesInOrder<T>::verifyUpTo(size_t last,
                                  const std::atomic<bool> &cancelled) {
  size_t next = verified.load(std::memory_order_relaxed);
  size_t end = std::min<size_t>(last + 1, size());
  for (; next < end; ++next) {
    if (cancelled.load(std::memory_order_relaxed))
      return;
    if (!verifier->VerifyTable(tables->Get(next))) {
      failed.store(true, std::memory_order_release);
      return;
    }
    verified.store(next + 1, std::memory_order_release);
  }
}

/// Wait for `tables` to verify `index`, or to fail before it.
template <typename T>
static bool waitForTable(const TablesInOrder<T> &tables, size_t index) {
  while (tables.verified.load(std::memory_order_acquire) <= index) {
    if (tables.failed.load(std::memory_order_acquire))
      return tables.verified.load(std::memory_order_acquire) > index;
    std::this_thread::yield();
  }
  return true;
}

GraphAhead::GraphAhead(flatbuffers::Verifier &nodeVerifier,
                       flatbuffers::Verifier &entryVerifier,
                       const fb::Graph *graph, llvm::ThreadPoolInterface *pool)
    : nodes(&nodeVerifier, graph->nodes()),
      entries(&entryVerifier, graph->tensor_values()) {
  if (pool)
    worker = pool->async([this] { run(); });
}

GraphAhead::~GraphAhead() {
  cancelled.store(true, std::memory_order_relaxed);
  if (worker.valid())
    worker.wait();
}

void GraphAhead::run() {
  size_t numNodes = nodes.size(), numEntries = entries.size();
  while (!cancelled.load(std::memory_order_relaxed) &&
         !(nodes.finished() && entries.finished())) {
    nodes.verifyUpTo(
        nodes.verified.load(std::memory_order_relaxed) + kBatch - 1, cancelled);
    size_t pace = nodes.finished()
                      ? numEntries
                      : nodes.verified.load(std::memory_order_relaxed) *
                            numEntries / numNodes;
    entries.verifyUpTo(pace + kBatch - 1, cancelled);
  }
}

bool GraphAhead::waitForNode(size_t index) {
  if (!worker.valid()) {
    if (!nodes.failed.load(std::memory_order_relaxed) &&
        nodes.verified.load(std::memory_order_relaxed) <= index)
      nodes.verifyUpTo(index + kBatch - 1, cancelled);
    return nodes.verified.load(std::memory_order_relaxed) > index;
  }
  return waitForTable(nodes, index);
}

bool GraphAhead::waitForEntry(size_t index) {
  if (!worker.valid()) {
    if (!entries.failed.load(std::memory_order_relaxed))
      entries.verifyUpTo(index, cancelled);
    return entries.verified.load(std::memory_order_relaxed) > index;
  }
  return waitForTable(entries, index);
}

//===- ByteSource.cpp - bytes a writer streams out ------------------------===//

#include "ng/Support/ByteSource.h"

#include "ng/Support/FileMappings.h"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

using namespace ng;

bool ByteSource::forEachChunk(
    llvm::function_ref<void(llvm::StringRef)> consume) const {
  if (isView()) {
    for (size_t pos = 0; pos < view.size(); pos += kStreamChunkBytes) {
      llvm::StringRef chunk = view.substr(pos, kStreamChunkBytes);
      consume(chunk);
      releaseMappedPages(chunk);
    }
    return true;
  }
  // Uninitialized on purpose: the producer writes every byte it passes on.
  std::unique_ptr<char[]> buffer(
      new char[std::min<uint64_t>(length, kProducedChunkBytes)]);
  for (uint64_t pos = 0; pos < length; pos += kProducedChunkBytes) {
    llvm::MutableArrayRef<char> chunk(
        buffer.get(), std::min<uint64_t>(length - pos, kProducedChunkBytes));
    if (!producer(pos, chunk))
      return false;
    consume(llvm::StringRef(chunk.data(), chunk.size()));
  }
  return true;
}

namespace {

/// The ring of chunks between streamPipelined's producing thread and its
/// consuming one. Slot i's buffer holds a produced chunk while the slot is
/// in flight; a view's chunk is its own memory and needs none.
class ChunkRing {
public:
  struct Slot {
    llvm::StringRef chunk;
    bool isView = false;
  };

  /// The next free slot's index, waiting for the consumer to free one.
  unsigned acquire() {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return inFlight < kPipelinedChunks; });
    return (head + inFlight) % kPipelinedChunks;
  }
  /// A buffer of kProducedChunkBytes for slot `index`, allocated once.
  char *buffer(unsigned index) {
    if (!buffers[index])
      buffers[index].reset(new char[ByteSource::kProducedChunkBytes]);
    return buffers[index].get();
  }
  /// Hands the acquired slot `index` to the consumer.
  void publish(unsigned index, Slot slot) {
    std::lock_guard<std::mutex> lock(mutex);
    slots[index] = slot;
    ++inFlight;
    changed.notify_all();
  }
  /// No more slots: every chunk was published (`complete`) or a producer
  /// failed.
  void finish(bool complete) {
    std::lock_guard<std::mutex> lock(mutex);
    finished = true;
    succeeded = complete;
    changed.notify_all();
  }

  /// The oldest slot in flight, waiting for one; nullptr once finished and
  /// drained.
  const Slot *next() {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return inFlight > 0 || finished; });
    return inFlight > 0 ? &slots[head] : nullptr;
  }
  /// Frees the slot next() returned.
  void release() {
    std::lock_guard<std::mutex> lock(mutex);
    head = (head + 1) % kPipelinedChunks;
    --inFlight;
    changed.notify_all();
  }
  bool allProduced() {
    std::lock_guard<std::mutex> lock(mutex);
    return succeeded;
  }

private:
  std::mutex mutex;
  std::condition_variable changed;
  std::array<Slot, kPipelinedChunks> slots;
  std::array<std::unique_ptr<char[]>, kPipelinedChunks> buffers;
  unsigned head = 0, inFlight = 0;
  bool finished = false, succeeded = false;
};

} // namespace

bool ng::streamPipelined(llvm::ArrayRef<ByteSource> pieces,
                         llvm::function_ref<void(llvm::StringRef)> inspect,
                         llvm::function_ref<void(llvm::StringRef)> consume) {
  ChunkRing ring;
  std::thread producing([&] {
    for (const ByteSource &piece : pieces) {
      if (piece.isView()) {
        llvm::StringRef view = piece.getView();
        for (size_t pos = 0; pos < view.size(); pos += kStreamChunkBytes) {
          unsigned index = ring.acquire();
          llvm::StringRef chunk = view.substr(pos, kStreamChunkBytes);
          inspect(chunk);
          ring.publish(index, {chunk, /*isView=*/true});
        }
        continue;
      }
      for (uint64_t pos = 0; pos < piece.size();
           pos += ByteSource::kProducedChunkBytes) {
        unsigned index = ring.acquire();
        llvm::MutableArrayRef<char> chunk(
            ring.buffer(index),
            std::min<uint64_t>(piece.size() - pos,
                               ByteSource::kProducedChunkBytes));
        if (!piece.produce(pos, chunk)) {
          ring.finish(/*complete=*/false);
          return;
        }
        llvm::StringRef produced(chunk.data(), chunk.size());
        inspect(produced);
        ring.publish(index, {produced, /*isView=*/false});
      }
    }
    ring.finish(/*complete=*/true);
  });
  while (const ChunkRing::Slot *slot = ring.next()) {
    consume(slot->chunk);
    // The view's pages were touched by `inspect` and by `consume`; neither
    // needs them again.
    if (slot->isView)
      releaseMappedPages(slot->chunk);
    ring.release();
  }
  producing.join();
  return ring.allProduced();
}

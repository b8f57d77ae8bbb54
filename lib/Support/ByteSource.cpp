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

uint64_t ByteSource::chunkStride() const {
  return isView() ? kStreamChunkBytes : kProducedChunkBytes;
}

std::optional<llvm::StringRef> ByteSource::chunkAt(uint64_t offset,
                                                   char *buffer) const {
  uint64_t size = std::min(length - offset, chunkStride());
  if (isView())
    return view.substr(offset, size);
  llvm::MutableArrayRef<char> chunk(buffer, size);
  if (!producer(offset, chunk))
    return std::nullopt;
  return llvm::StringRef(chunk.data(), chunk.size());
}

bool ByteSource::forEachChunk(
    llvm::function_ref<void(llvm::StringRef)> consume) const {
  // Uninitialized on purpose: the producer writes every byte it passes on.
  std::unique_ptr<char[]> buffer;
  if (!isView())
    buffer.reset(new char[std::min(length, chunkStride())]);
  for (uint64_t pos = 0; pos < length; pos += chunkStride()) {
    std::optional<llvm::StringRef> chunk = chunkAt(pos, buffer.get());
    if (!chunk)
      return false;
    consume(*chunk);
    if (isView())
      releaseMappedPages(*chunk);
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
      for (uint64_t pos = 0; pos < piece.size(); pos += piece.chunkStride()) {
        unsigned index = ring.acquire();
        std::optional<llvm::StringRef> chunk =
            piece.chunkAt(pos, piece.isView() ? nullptr : ring.buffer(index));
        if (!chunk) {
          ring.finish(/*complete=*/false);
          return;
        }
        inspect(*chunk);
        ring.publish(index, {*chunk, piece.isView()});
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

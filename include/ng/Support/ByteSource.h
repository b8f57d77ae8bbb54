//===- ByteSource.h - bytes a writer streams out ----------------*- C++ -*-===//
//
// What the package and safetensors writers write is either memory that is
// already there (a header, a weight mapped from the input) or bytes computed
// as they are written: the torchao fold's packed weights
// (ng/Dialect/ConstantData.h) are produced from their int8 source a chunk at
// a time, straight into the output, so a folded model is never held packed
// in memory. A ByteSource is either; writers stream both through
// forEachChunk and never gather either.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_BYTESOURCE_H
#define NG_SUPPORT_BYTESOURCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace ng {

class ByteSource {
public:
  /// Fills `chunk` with the bytes at `offset` (offset + chunk.size() is at
  /// most the source's size); false when they cannot be produced, which
  /// stops the writer (the producer keeps what went wrong for its caller).
  using Producer =
      std::function<bool(uint64_t offset, llvm::MutableArrayRef<char> chunk)>;

  /// Bytes produced a chunk at a time pass through a buffer this big: small
  /// enough to stay in the cache between the producer and the writer.
  static constexpr size_t kProducedChunkBytes = 1 << 20;

  ByteSource() = default;
  /// A view of `bytes`, which must outlive the source.
  ByteSource(llvm::StringRef bytes) : view(bytes), length(bytes.size()) {}
  /// `size` bytes that `producer` computes.
  ByteSource(uint64_t size, Producer producer)
      : length(size), producer(std::move(producer)) {}

  uint64_t size() const { return length; }
  bool isView() const { return !producer; }
  /// The bytes of a view (empty for a produced source).
  llvm::StringRef getView() const { return view; }

  /// Calls `consume` on the bytes, in order, a chunk at a time: a view's
  /// chunks (kStreamChunkBytes) are its own memory, whose mapped pages are
  /// released once consumed (ng/Support/FileMappings.h); produced ones
  /// (kProducedChunkBytes) pass through one buffer. False when the producer
  /// failed; `consume` has then seen only the chunks before.
  bool forEachChunk(llvm::function_ref<void(llvm::StringRef)> consume) const;

  /// How far apart the chunks of forEachChunk start: kStreamChunkBytes for
  /// a view, kProducedChunkBytes for a produced source.
  uint64_t chunkStride() const;
  /// The chunk that starts at `offset` (a multiple of chunkStride() below
  /// size()): a view's own bytes, or produced into `buffer`, which holds
  /// chunkStride() bytes (null for a view). std::nullopt when the producer
  /// failed. Every walk over the chunks steps through this one.
  std::optional<llvm::StringRef> chunkAt(uint64_t offset, char *buffer) const;

private:
  llvm::StringRef view;
  uint64_t length = 0;
  Producer producer;
};

/// Streams `pieces` in order, chunk by chunk as forEachChunk does, on two
/// threads: a second thread produces each chunk and calls `inspect` on it
/// (the CRC, while the chunk is still in that core's cache), at most
/// kPipelinedChunks chunks ahead of the caller's thread, which calls
/// `consume` (the write) and then releases a view's mapped pages. Packing
/// a weight and copying it into the page cache then overlap instead of
/// taking turns. False when a producer failed; both callbacks have then
/// seen only the chunks before, in order.
bool streamPipelined(llvm::ArrayRef<ByteSource> pieces,
                     llvm::function_ref<void(llvm::StringRef)> inspect,
                     llvm::function_ref<void(llvm::StringRef)> consume);

/// Chunks in flight between streamPipelined's two threads: enough to ride
/// out a slow write, few enough (a produced chunk's buffer each) to stay
/// small.
inline constexpr unsigned kPipelinedChunks = 4;

} // namespace ng

#endif // NG_SUPPORT_BYTESOURCE_H

//===- ByteSource.cpp - bytes a writer streams out ------------------------===//

#include "ng/Support/ByteSource.h"

#include "ng/Support/FileMappings.h"

#include <algorithm>
#include <memory>

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

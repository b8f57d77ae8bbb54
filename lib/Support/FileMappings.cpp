//===- FileMappings.cpp - input files mapped read-only --------------------===//

#include "ng/Support/FileMappings.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <mutex>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace ng;

namespace {

/// The registered mappings, [begin, end) each. A process maps a handful of
/// inputs (a program, its constants), so a vector does.
struct Registry {
  std::mutex mutex;
  std::vector<std::pair<uintptr_t, uintptr_t>> ranges;
};

Registry &registry() {
  static Registry instance;
  return instance;
}

} // namespace

namespace {

/// A mapped buffer and its registration. Members are destroyed in reverse
/// order: the registration ends before the inner buffer unmaps the file.
class TrackedMapping final : public llvm::MemoryBuffer {
public:
  explicit TrackedMapping(std::unique_ptr<llvm::MemoryBuffer> mapped)
      : mapped(std::move(mapped)) {
    init(this->mapped->getBufferStart(), this->mapped->getBufferEnd(),
         /*RequiresNullTerminator=*/false);
    auto begin = reinterpret_cast<uintptr_t>(getBufferStart());
    range = {begin, begin + getBufferSize()};
    std::lock_guard<std::mutex> lock(registry().mutex);
    registry().ranges.push_back(range);
  }
  ~TrackedMapping() override {
    Registry &table = registry();
    std::lock_guard<std::mutex> lock(table.mutex);
    auto it = std::find(table.ranges.begin(), table.ranges.end(), range);
    if (it != table.ranges.end())
      table.ranges.erase(it);
  }

  llvm::StringRef getBufferIdentifier() const override {
    return mapped->getBufferIdentifier();
  }
  BufferKind getBufferKind() const override { return MemoryBuffer_MMap; }

private:
  std::unique_ptr<llvm::MemoryBuffer> mapped;
  std::pair<uintptr_t, uintptr_t> range;
};

} // namespace

std::unique_ptr<llvm::MemoryBuffer>
ng::trackFileMapping(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  if (!buffer ||
      buffer->getBufferKind() != llvm::MemoryBuffer::MemoryBuffer_MMap ||
      buffer->getBufferSize() == 0)
    return buffer;
  return std::make_unique<TrackedMapping>(std::move(buffer));
}

void ng::releaseMappedPages(llvm::ArrayRef<char> bytes) {
#if defined(__linux__)
  if (bytes.size() < kMinReleasedBytes)
    return;
  auto begin = reinterpret_cast<uintptr_t>(bytes.data());
  uintptr_t end = begin + bytes.size();
  static const uintptr_t pageSize = llvm::sys::Process::getPageSizeEstimate();
  Registry &table = registry();
  std::lock_guard<std::mutex> lock(table.mutex);
  for (auto [mapBegin, mapEnd] : table.ranges) {
    uintptr_t from = std::max(begin, mapBegin), to = std::min(end, mapEnd);
    // The whole pages inside, rounded inwards: a page shared with the bytes
    // next to these (the next weight, the next chunk) stays for whoever
    // reads those. A stream of chunks leaves one page per chunk.
    from = (from + pageSize - 1) & ~(pageSize - 1);
    to &= ~(pageSize - 1);
    if (from >= to)
      continue;
    ::madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
  }
#else
  (void)bytes;
#endif
}

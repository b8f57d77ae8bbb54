//===- Crc32.cpp - CRC-32 of large byte ranges ----------------------------===//

#include "ng/Support/Crc32.h"

#include "ng/Support/FileMappings.h"

#include <algorithm>
#include <thread>
#include <vector>
#include <zlib.h>

using namespace ng;

/// A part smaller than this is not worth a thread of its own.
static constexpr size_t kMinPartBytes = 64 << 20;

/// The CRC of `bytes` from `crc`, one thread, chunk by chunk. Empty chunks
/// never reach zlib, whose crc32() with a null buffer (an empty StringRef's)
/// returns the initial value instead of the running one.
static uint32_t crcSequential(uint32_t crc, llvm::StringRef bytes) {
  for (size_t pos = 0; pos < bytes.size(); pos += kStreamChunkBytes) {
    llvm::StringRef chunk = bytes.substr(pos, kStreamChunkBytes);
    crc = ::crc32(crc, reinterpret_cast<const Bytef *>(chunk.data()),
                  static_cast<uInt>(chunk.size()));
    releaseMappedPages(chunk);
  }
  return crc;
}

uint32_t ng::extendCrc32(uint32_t crc, llvm::StringRef bytes,
                         unsigned threads) {
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  size_t parts = std::min<size_t>(
      {threads, 8, std::max<size_t>(1, bytes.size() / kMinPartBytes)});
  if (parts == 1)
    return crcSequential(crc, bytes);
  // Part 0 extends `crc` on this thread; the others start from 0 on their
  // own, and are appended with crc32_combine, which needs only their
  // lengths.
  size_t partBytes = (bytes.size() + parts - 1) / parts;
  std::vector<uint32_t> partCrcs(parts, 0);
  std::vector<std::thread> workers;
  for (size_t part = 1; part < parts; ++part)
    workers.emplace_back([&, part] {
      partCrcs[part] =
          crcSequential(0, bytes.substr(part * partBytes, partBytes));
    });
  uint32_t result = crcSequential(crc, bytes.substr(0, partBytes));
  for (std::thread &thread : workers)
    thread.join();
  for (size_t part = 1; part < parts; ++part) {
    size_t length = bytes.substr(part * partBytes, partBytes).size();
    result = static_cast<uint32_t>(::crc32_combine64(
        result, partCrcs[part], static_cast<z_off64_t>(length)));
  }
  return result;
}

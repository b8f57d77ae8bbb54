//===- FileMappings.h - input files mapped read-only ------------*- C++ -*-===//
//
// Weights are mapped, never copied: a package's or a safetensors file's
// bytes are the pages of a read-only mapping of the file, and ng's
// resources point into it. Every page read through such a mapping stays in
// the process's resident set until the mapping goes, so a pass over a
// 2.66 GB model (the CRC check on import, the fold's repacking, the
// export's writing) would hold all 2.66 GB resident although it needs each
// page once. A clean page of a private file mapping can be dropped at any
// time and is read back from the page cache (or the file) when next
// touched, its contents unchanged; a page of anonymous memory cannot (it
// would read back as zeros). So whoever maps a file registers the mapping
// here, and code that streams through bytes asks to release the pages it
// is done with: a request for bytes outside every registered mapping (heap
// data, a parsed text program's blobs) does nothing.
//
// This is a fact about the process's memory, not about any IR: the table
// is process-wide and guarded by a mutex; it is consulted once per chunk
// of megabytes streamed, never per op.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_FILEMAPPINGS_H
#define NG_SUPPORT_FILEMAPPINGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace ng {

/// `buffer`, registered as a read-only file mapping for as long as it lives
/// when it is one (llvm::MemoryBuffer maps large files and reads small
/// ones; those come back unchanged). The registration ends before the
/// mapping does, so a page is never released after its address range has
/// been reused.
std::unique_ptr<llvm::MemoryBuffer>
trackFileMapping(std::unique_ptr<llvm::MemoryBuffer> buffer);

/// Drops from the resident set the whole pages of `bytes` that lie in a
/// registered file mapping; their contents stay what they were (they are
/// read back when touched). Does nothing for any other memory, nor for
/// fewer than kMinReleasedBytes.
void releaseMappedPages(llvm::ArrayRef<char> bytes);
inline void releaseMappedPages(llvm::StringRef bytes) {
  releaseMappedPages(llvm::ArrayRef<char>(bytes.data(), bytes.size()));
}

/// Bytes streamed between two releases: big enough that the system calls
/// cost nothing next to the copying, small enough to stay in the cache.
inline constexpr size_t kStreamChunkBytes = 4 << 20;

/// Bytes too few to release: a system call, and the page faults of whoever
/// reads them next, cost more than their pages. A program of small weights
/// read one by one (a fold's range check, an export's pieces) would
/// otherwise make a call for each: 783 of them folding a 10k-node decoder
/// whose weights are a few KiB, a third of the pass's time.
inline constexpr size_t kMinReleasedBytes = 64 << 10;

} // namespace ng

#endif // NG_SUPPORT_FILEMAPPINGS_H

//===- Crc32.h - CRC-32 of large byte ranges --------------------*- C++ -*-===//
//
// The zip CRC-32 of a package's members: gigabytes when the weights are in
// them, so computed with libdeflate's carry-less-multiply CRC. The bytes are
// read a chunk at a time, the pages of a mapped input released behind the
// reader (ng/Support/FileMappings.h), and a range of many megabytes is split
// across the machine's cores, the parts' CRCs combined (zlib's crc32_combine):
// the result is the same whatever the split.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_CRC32_H
#define NG_SUPPORT_CRC32_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ng {

/// `crc` (the CRC-32 of what came before, 0 at the start) extended by
/// `bytes`, on up to `threads` threads (0: one per core).
uint32_t extendCrc32(uint32_t crc, llvm::StringRef bytes, unsigned threads = 0);

} // namespace ng

#endif // NG_SUPPORT_CRC32_H

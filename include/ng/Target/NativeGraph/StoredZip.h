//===- StoredZip.h - uncompressed zip reader and writer ---------*- C++ -*-===//
//
// The container of a .ptn package (FORMAT.md C1): a zip archive whose members
// are all stored (method 0), so each member's bytes can be used in place.
// ZIP64 is supported both ways. Only what .ptn needs: single-disk archives,
// no compression, no encryption.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TARGET_NATIVEGRAPH_STOREDZIP_H
#define NG_TARGET_NATIVEGRAPH_STOREDZIP_H

#include "ng/Support/ByteSource.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ng {

/// One member of a stored zip archive.
struct ZipMember {
  std::string name;
  /// The member's bytes. After readStoredZip this points into the archive
  /// that was read (no copy): that buffer must outlive it.
  llvm::StringRef data;
  /// For writing only: when non-empty, the member's bytes are these pieces,
  /// concatenated, and `data` is ignored. Lets a member be streamed from
  /// several buffers (a safetensors header and mapped weights) uncopied, or
  /// from bytes produced as they are written (ng/Support/ByteSource.h).
  std::vector<ByteSource> pieces = {};

  /// The pieces that make up the member: `pieces`, or when there are none
  /// just `data`, viewed through `single`. Copies no piece (a producer's
  /// closure included).
  llvm::ArrayRef<ByteSource> contents(ByteSource &single) const {
    if (!pieces.empty())
      return pieces;
    single = ByteSource(data);
    return single;
  }
};

struct StoredZipReadOptions {
  /// Check each member's CRC-32. Costs one pass over the data; only worth
  /// turning off for archives already verified.
  bool verifyCrc = true;
};

/// Parse the zip archive in `file` (not copied: the returned members' data
/// point into it). Finds the end-of-central-directory record (and the ZIP64
/// one when present), walks the central directory and, for each member,
/// checks that it is stored and not encrypted, that its local header is
/// where the directory says and agrees with it, that its data lies inside
/// the file, before the directory, and (optionally) that its CRC-32 matches.
/// Rejects duplicate names, multi-disk archives, member counts the directory
/// cannot hold and truncation. All offsets are overflow-checked. Members are
/// returned in central-directory order; errors name the member.
llvm::Expected<std::vector<ZipMember>>
readStoredZip(llvm::StringRef file, const StoredZipReadOptions &options = {});

struct StoredZipWriteOptions {
  /// Sizes and offsets at or above this are written as ZIP64 fields; the
  /// format's own limit is 0xFFFFFFFF (the 32-bit field's escape value).
  /// Only tests lower it, to exercise ZIP64 without 4 GiB of data.
  uint64_t zip64Threshold = 0xFFFFFFFF;
};

/// Write `members`, in the given order, as a stored zip archive. The output
/// depends only on the members: fixed timestamps (1980-01-01 00:00), fixed
/// version and attribute fields (Unix, mode 0644), no extra fields unless
/// ZIP64 is needed, and the UTF-8 name flag exactly when a name is not
/// ASCII. Data is streamed from the members, never gathered.
///
/// False when a piece's producer failed; `os` then holds part of an archive,
/// which the caller discards.
///
/// Preconditions (asserted): names are unique, non-empty and shorter than
/// 64 KiB.
[[nodiscard]] bool writeStoredZip(llvm::ArrayRef<ZipMember> members,
                                  llvm::raw_ostream &os,
                                  const StoredZipWriteOptions &options = {});

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_STOREDZIP_H

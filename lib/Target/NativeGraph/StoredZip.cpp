//===- StoredZip.cpp - uncompressed zip reader and writer -----------------===//
//
// The reader starts from the end-of-central-directory record, as every zip
// reader must (local headers alone cannot be trusted: sizes may be deferred
// to data descriptors, and members may be superseded), then cross-checks each
// central entry against its local header. Every offset read from the file is
// compared against what remains of the file before it is added to anything,
// so hostile values cannot wrap around.
//
// The writer is deterministic: nothing depends on the clock, the host or the
// file system, so the same members always give the same bytes.
//
// Layout (APPNOTE.TXT 4.3): [local header, name, extra, data]* central
// directory [ZIP64 end record, ZIP64 locator] end record.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/StoredZip.h"

#include "ng/Support/Crc32.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace ng;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace {

constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr uint32_t kCentralSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;

// Fixed sizes of the records, without their variable-length tails.
constexpr uint64_t kLocalSize = 30;
constexpr uint64_t kCentralSize = 46;
constexpr uint64_t kEndSize = 22;
constexpr uint64_t kZip64EndSize = 56;
constexpr uint64_t kZip64LocatorSize = 20;
constexpr uint64_t kMaxCommentSize = 0xFFFF;

constexpr uint16_t kZip64ExtraId = 0x0001;
// A 16/32-bit field holding this means "see the ZIP64 field instead".
constexpr uint16_t kEscape16 = 0xFFFF;
constexpr uint32_t kEscape32 = 0xFFFFFFFF;

// General purpose flags (APPNOTE 4.4.4).
constexpr uint16_t kFlagEncrypted = 1 << 0;
constexpr uint16_t kFlagStrongEncryption = 1 << 6;
constexpr uint16_t kFlagUtf8 = 1 << 11;
constexpr uint16_t kFlagMaskedHeaders = 1 << 13;

// Writer constants: "version 2.0" is what a stored member needs, 4.5 what a
// ZIP64 one needs; the host byte 3 (Unix) makes unzip honour the mode.
constexpr uint16_t kVersionStored = 20;
constexpr uint16_t kVersionZip64 = 45;
constexpr uint16_t kHostUnix = 3 << 8;
constexpr uint32_t kUnixRegularFile0644 = 0100644u << 16;
constexpr uint16_t kDosTime = 0;                       // 00:00:00
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1; // 1980-01-01

template <typename... Ts> Error makeError(const char *fmt, Ts &&...args) {
  return llvm::createStringError(
      llvm::formatv(fmt, std::forward<Ts>(args)...).str());
}

uint16_t read16(StringRef bytes, uint64_t offset) {
  assert(offset + 2 <= bytes.size());
  return llvm::support::endian::read16le(bytes.data() + offset);
}
uint32_t read32(StringRef bytes, uint64_t offset) {
  assert(offset + 4 <= bytes.size());
  return llvm::support::endian::read32le(bytes.data() + offset);
}
uint64_t read64(StringRef bytes, uint64_t offset) {
  assert(offset + 8 <= bytes.size());
  return llvm::support::endian::read64le(bytes.data() + offset);
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

/// Where the central directory is, from the end record(s).
struct Directory {
  uint64_t memberCount = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// A central directory entry, ZIP64 fields resolved.
struct CentralEntry {
  StringRef name;
  uint16_t flags = 0;
  uint16_t method = 0;
  uint32_t crc = 0;
  uint64_t compressedSize = 0;
  uint64_t size = 0;
  uint64_t localOffset = 0;
  uint32_t disk = 0;
};

/// The end record is the last 22 bytes unless the archive has a comment, in
/// which case it is the one signature whose comment length reaches exactly
/// to the end of the file. Scanning backwards finds the real record even if
/// the comment happens to contain the signature bytes.
Expected<uint64_t> findEndRecord(StringRef file) {
  if (file.size() < kEndSize)
    return makeError("file is {0} bytes, too short for a zip archive",
                     file.size());
  uint64_t last = file.size() - kEndSize;
  uint64_t first = last > kMaxCommentSize ? last - kMaxCommentSize : 0;
  for (uint64_t pos = last + 1; pos-- > first;)
    if (read32(file, pos) == kEndSignature &&
        read16(file, pos + 20) == last - pos)
      return pos;
  return makeError("no end-of-central-directory record: not a zip archive, "
                   "or truncated");
}

/// Read the ZIP64 end record that the locator before `endPos` points to.
/// `directoryEnd` becomes the record's offset: the directory ends there.
Error readZip64End(StringRef file, uint64_t endPos, Directory &directory,
                   uint64_t &directoryEnd) {
  uint64_t locatorPos = endPos - kZip64LocatorSize;
  uint32_t recordDisk = read32(file, locatorPos + 4);
  uint64_t recordPos = read64(file, locatorPos + 8);
  uint32_t diskCount = read32(file, locatorPos + 16);
  if (recordDisk != 0 || diskCount > 1)
    return makeError("multi-disk zip archives are not supported");
  if (recordPos > locatorPos || locatorPos - recordPos < kZip64EndSize)
    return makeError("ZIP64 end-of-central-directory record at offset {0} "
                     "is outside the file",
                     recordPos);
  if (read32(file, recordPos) != kZip64EndSignature)
    return makeError("no ZIP64 end-of-central-directory record at offset {0}",
                     recordPos);
  // The stored size excludes the signature and the size field itself.
  uint64_t recordSize = read64(file, recordPos + 4);
  if (recordSize < kZip64EndSize - 12 ||
      recordSize > locatorPos - recordPos - 12)
    return makeError("ZIP64 end-of-central-directory record has a bad size "
                     "({0})",
                     recordSize);
  uint32_t disk = read32(file, recordPos + 16);
  uint32_t directoryDisk = read32(file, recordPos + 20);
  uint64_t diskMembers = read64(file, recordPos + 24);
  directory.memberCount = read64(file, recordPos + 32);
  directory.size = read64(file, recordPos + 40);
  directory.offset = read64(file, recordPos + 48);
  if (disk != 0 || directoryDisk != 0 || diskMembers != directory.memberCount)
    return makeError("multi-disk zip archives are not supported");
  directoryEnd = recordPos;
  return Error::success();
}

/// Locate the central directory and check that it fits before the end
/// records and can hold the member count it claims.
Expected<Directory> readDirectory(StringRef file) {
  Expected<uint64_t> endPos = findEndRecord(file);
  if (!endPos)
    return endPos.takeError();

  Directory directory;
  uint64_t directoryEnd = *endPos;
  if (*endPos >= kZip64LocatorSize &&
      read32(file, *endPos - kZip64LocatorSize) == kZip64LocatorSignature) {
    // The ZIP64 record is authoritative when present; the 16/32-bit
    // fields of the plain record then hold escape values or copies.
    if (Error error = readZip64End(file, *endPos, directory, directoryEnd))
      return std::move(error);
  } else {
    uint16_t disk = read16(file, *endPos + 4);
    uint16_t directoryDisk = read16(file, *endPos + 6);
    uint16_t diskMembers = read16(file, *endPos + 8);
    directory.memberCount = read16(file, *endPos + 10);
    directory.size = read32(file, *endPos + 12);
    directory.offset = read32(file, *endPos + 16);
    if (disk != 0 || directoryDisk != 0 || diskMembers != directory.memberCount)
      return makeError("multi-disk zip archives are not supported");
  }

  if (directory.offset > directoryEnd ||
      directory.size > directoryEnd - directory.offset)
    return makeError("central directory (offset {0}, {1} bytes) extends past "
                     "its end record at offset {2}",
                     directory.offset, directory.size, directoryEnd);
  // Bounds the count by the bytes actually present, so a forged count
  // cannot make us reserve or loop without limit.
  if (directory.memberCount > directory.size / kCentralSize)
    return makeError("central directory claims {0} members but its {1} bytes "
                     "hold at most {2}",
                     directory.memberCount, directory.size,
                     directory.size / kCentralSize);
  return directory;
}

/// Replace the escaped fields of `entry` with the values of its ZIP64 extra
/// field, which holds, in this order, exactly the fields that are escaped.
Error applyZip64Extra(StringRef extra, CentralEntry &entry) {
  bool needSize = entry.size == kEscape32;
  bool needCompressed = entry.compressedSize == kEscape32;
  bool needOffset = entry.localOffset == kEscape32;
  bool needDisk = entry.disk == kEscape16;
  if (!needSize && !needCompressed && !needOffset && !needDisk)
    return Error::success();

  // Find the ZIP64 block among the (id, size, data) extra blocks.
  StringRef block;
  bool found = false;
  while (!extra.empty()) {
    if (extra.size() < 4)
      return makeError("member '{0}': truncated extra field", entry.name);
    uint16_t id = read16(extra, 0);
    uint16_t size = read16(extra, 2);
    if (size > extra.size() - 4)
      return makeError("member '{0}': truncated extra field", entry.name);
    if (id == kZip64ExtraId) {
      block = extra.substr(4, size);
      found = true;
      break;
    }
    extra = extra.drop_front(4 + size);
  }
  if (!found)
    return makeError("member '{0}': 32-bit size or offset escaped but no "
                     "ZIP64 extra field",
                     entry.name);

  uint64_t pos = 0;
  auto take64 = [&](uint64_t &field) -> bool {
    if (block.size() - pos < 8)
      return false;
    field = read64(block, pos);
    pos += 8;
    return true;
  };
  bool ok = (!needSize || take64(entry.size)) &&
            (!needCompressed || take64(entry.compressedSize)) &&
            (!needOffset || take64(entry.localOffset));
  if (ok && needDisk) {
    ok = block.size() - pos >= 4;
    if (ok)
      entry.disk = read32(block, pos);
  }
  if (!ok)
    return makeError("member '{0}': ZIP64 extra field too short", entry.name);
  return Error::success();
}

/// The checks that hold for both the central and the local copy of a
/// member's flags and method.
Error checkStoredPlain(StringRef name, uint16_t flags, uint16_t method) {
  if (flags & (kFlagEncrypted | kFlagStrongEncryption | kFlagMaskedHeaders))
    return makeError("member '{0}' is encrypted; .ptn packages must not be",
                     name);
  if (method != 0)
    return makeError("member '{0}' is compressed (method {1}); .ptn packages "
                     "must be stored",
                     name, method);
  return Error::success();
}

/// Parse the central entry at `pos` (entry number `index`, for messages)
/// and advance `pos` past it. `end` is where the directory ends.
Expected<CentralEntry> readCentralEntry(StringRef file, uint64_t &pos,
                                        uint64_t end, uint64_t index) {
  if (end - pos < kCentralSize)
    return makeError("central directory entry #{0} is truncated", index);
  if (read32(file, pos) != kCentralSignature)
    return makeError("central directory entry #{0} has a bad signature", index);
  CentralEntry entry;
  entry.flags = read16(file, pos + 8);
  entry.method = read16(file, pos + 10);
  entry.crc = read32(file, pos + 16);
  entry.compressedSize = read32(file, pos + 20);
  entry.size = read32(file, pos + 24);
  uint16_t nameSize = read16(file, pos + 28);
  uint16_t extraSize = read16(file, pos + 30);
  uint16_t commentSize = read16(file, pos + 32);
  entry.disk = read16(file, pos + 34);
  entry.localOffset = read32(file, pos + 42);
  uint64_t tail = uint64_t(nameSize) + extraSize + commentSize;
  if (end - pos - kCentralSize < tail)
    return makeError("central directory entry #{0} is truncated", index);
  entry.name = file.substr(pos + kCentralSize, nameSize);
  StringRef extra = file.substr(pos + kCentralSize + nameSize, extraSize);
  pos += kCentralSize + tail;

  if (entry.name.empty())
    return makeError("central directory entry #{0} has an empty name", index);
  if (Error error = applyZip64Extra(extra, entry))
    return std::move(error);
  if (Error error = checkStoredPlain(entry.name, entry.flags, entry.method))
    return std::move(error);
  if (entry.compressedSize != entry.size)
    return makeError("member '{0}' is stored but its compressed size ({1}) "
                     "differs from its size ({2})",
                     entry.name, entry.compressedSize, entry.size);
  if (entry.disk != 0)
    return makeError("multi-disk zip archives are not supported");
  return entry;
}

/// Find `entry`'s data through its local header. Members live before the
/// central directory (`dataEnd`), so that bounds both header and data.
Expected<StringRef> locateData(StringRef file, const CentralEntry &entry,
                               uint64_t dataEnd) {
  uint64_t pos = entry.localOffset;
  if (pos > dataEnd || dataEnd - pos < kLocalSize)
    return makeError("member '{0}': local header offset {1} is outside the "
                     "member area (which ends at {2})",
                     entry.name, pos, dataEnd);
  if (read32(file, pos) != kLocalSignature)
    return makeError("member '{0}': no local header at offset {1}", entry.name,
                     pos);
  uint16_t flags = read16(file, pos + 6);
  uint16_t method = read16(file, pos + 8);
  uint16_t nameSize = read16(file, pos + 26);
  uint16_t extraSize = read16(file, pos + 28);
  if (Error error = checkStoredPlain(entry.name, flags, method))
    return std::move(error);

  uint64_t nameBegin = pos + kLocalSize;
  // Cannot wrap: pos is below the file size, the lengths are 16-bit.
  uint64_t dataBegin = nameBegin + nameSize + extraSize;
  if (dataBegin > dataEnd || entry.size > dataEnd - dataBegin)
    return makeError("member '{0}': {1} bytes of data at offset {2} extend "
                     "past the member area (which ends at {3})",
                     entry.name, entry.size, dataBegin, dataEnd);
  StringRef localName = file.substr(nameBegin, nameSize);
  if (localName != entry.name)
    return makeError("member '{0}': local header names it '{1}'", entry.name,
                     localName);
  return file.substr(dataBegin, entry.size);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

/// Little-endian output that counts what it writes: offsets in the archive
/// are relative to its first byte, wherever the stream started.
class CountingWriter {
public:
  explicit CountingWriter(llvm::raw_ostream &os) : os(os) {}

  /// The stream as a file that can be written at an offset, if it is one.
  /// (raw_fd_ostream has no LLVM-style classof; LLVM and ng are built with
  /// RTTI.)
  llvm::raw_fd_ostream *seekableFile() const {
    auto *file = dynamic_cast<llvm::raw_fd_ostream *>(&os);
    return file && file->supportsSeeking() ? file : nullptr;
  }

  uint64_t tell() const { return written; }
  void u16(uint16_t value) { write<uint16_t>(value); }
  void u32(uint32_t value) { write<uint32_t>(value); }
  void u64(uint64_t value) { write<uint64_t>(value); }
  void bytes(StringRef data) {
    os << data;
    written += data.size();
  }

private:
  template <typename T> void write(T value) {
    char buffer[sizeof(T)];
    llvm::support::endian::write<T, llvm::endianness::little>(buffer, value);
    os.write(buffer, sizeof(T));
    written += sizeof(T);
  }

  llvm::raw_ostream &os;
  uint64_t written = 0;
};

/// What the central directory needs to know about a written member.
struct WrittenMember {
  const ZipMember *member;
  uint64_t offset;
  uint32_t crc;
  bool zip64Size;
  bool zip64Offset;

  bool zip64() const { return zip64Size || zip64Offset; }
  uint16_t version() const { return zip64() ? kVersionZip64 : kVersionStored; }
  uint16_t flags() const {
    bool ascii = llvm::all_of(member->name,
                              [](char c) { return (unsigned char)c < 0x80; });
    return ascii ? 0 : kFlagUtf8;
  }
};

/// The size of a member's bytes.
uint64_t memberSize(llvm::ArrayRef<ByteSource> pieces) {
  uint64_t size = 0;
  for (const ByteSource &piece : pieces)
    size += piece.size();
  return size;
}

/// The CRC-32 of a member's bytes, piece by piece, a view's on every core;
/// nullopt when a producer failed.
std::optional<uint32_t> memberCrc(llvm::ArrayRef<ByteSource> pieces) {
  uint32_t crc = 0;
  for (const ByteSource &piece : pieces) {
    if (piece.isView()) {
      crc = extendCrc32(crc, piece.getView());
      continue;
    }
    if (!piece.forEachChunk(
            [&](StringRef chunk) { crc = extendCrc32(crc, chunk, 1); }))
      return std::nullopt;
  }
  return crc;
}

/// A member of this many bytes has its CRC computed beside the writing.
constexpr uint64_t kConcurrentCrcBytes = 64 << 20;

/// Writes a member's local header and data; nullopt when a producer failed.
/// The CRC goes in the header, before the data. For a large member written
/// to a file, it is computed while the data is written and the header,
/// written with a placeholder, is patched: the thread that hands the chunks
/// to the writer a few ahead (streamPipelined) computes it on each, a view's
/// or a produced one, while it is still in that core's cache, so every byte
/// is read once and its pages released once both are done with them.
/// Otherwise (a small member, a pipe)
/// it is computed first, on every core (ng/Support/Crc32.h), and produced
/// bytes are produced twice. The bytes are the same either way. Streaming
/// releases the pages of mapped inputs behind it, so a pass that comes
/// second may read them back from the page cache: no page stays resident
/// for the other's sake.
std::optional<WrittenMember>
writeLocal(CountingWriter &out, const ZipMember &member, uint64_t threshold) {
  ByteSource single;
  llvm::ArrayRef<ByteSource> pieces = member.contents(single);
  uint64_t size = memberSize(pieces);
  WrittenMember written;
  written.member = &member;
  written.offset = out.tell();
  llvm::raw_fd_ostream *file =
      size >= kConcurrentCrcBytes ? out.seekableFile() : nullptr;
  if (!file) {
    std::optional<uint32_t> crc = memberCrc(pieces);
    if (!crc)
      return std::nullopt;
    written.crc = *crc;
  }
  written.zip64Size = size >= threshold;
  written.zip64Offset = written.offset >= threshold;
  uint32_t size32 = written.zip64Size ? kEscape32 : uint32_t(size);
  // A local ZIP64 field must carry both sizes (APPNOTE 4.5.3); the offset
  // has no local field.
  out.u32(kLocalSignature);
  out.u16(written.version());
  out.u16(written.flags());
  out.u16(0); // stored
  out.u16(kDosTime);
  out.u16(kDosDate);
  uint64_t crcPosition = file ? file->tell() : 0;
  out.u32(file ? 0 : written.crc);
  out.u32(size32); // compressed
  out.u32(size32);
  out.u16(uint16_t(member.name.size()));
  out.u16(written.zip64Size ? 4 + 16 : 0);
  out.bytes(member.name);
  if (written.zip64Size) {
    out.u16(kZip64ExtraId);
    out.u16(16);
    out.u64(size);
    out.u64(size);
  }
  bool produced = true;
  if (file) {
    written.crc = 0;
    produced = streamPipelined(
        pieces,
        [&](StringRef chunk) {
          written.crc = extendCrc32(written.crc, chunk, 1);
        },
        [&](StringRef chunk) { out.bytes(chunk); });
  } else {
    for (const ByteSource &piece : pieces)
      if (!(produced =
                piece.forEachChunk([&](StringRef chunk) { out.bytes(chunk); })))
        break;
  }
  if (!produced)
    return std::nullopt;
  if (file) {
    char crc[4];
    llvm::support::endian::write32le(crc, written.crc);
    file->pwrite(crc, sizeof(crc), crcPosition);
  }
  return written;
}

void writeCentral(CountingWriter &out, const WrittenMember &written) {
  const ZipMember &member = *written.member;
  ByteSource single;
  uint64_t size = memberSize(member.contents(single));
  uint32_t size32 = written.zip64Size ? kEscape32 : uint32_t(size);
  uint16_t extraData =
      (written.zip64Size ? 16 : 0) + (written.zip64Offset ? 8 : 0);
  out.u32(kCentralSignature);
  out.u16(kHostUnix | written.version());
  out.u16(written.version());
  out.u16(written.flags());
  out.u16(0); // stored
  out.u16(kDosTime);
  out.u16(kDosDate);
  out.u32(written.crc);
  out.u32(size32); // compressed
  out.u32(size32);
  out.u16(uint16_t(member.name.size()));
  out.u16(extraData ? 4 + extraData : 0);
  out.u16(0); // comment
  out.u16(0); // disk
  out.u16(0); // internal attributes
  out.u32(kUnixRegularFile0644);
  out.u32(written.zip64Offset ? kEscape32 : uint32_t(written.offset));
  out.bytes(member.name);
  if (extraData) {
    out.u16(kZip64ExtraId);
    out.u16(extraData);
    if (written.zip64Size) {
      out.u64(size);
      out.u64(size);
    }
    if (written.zip64Offset)
      out.u64(written.offset);
  }
}

void writeEnd(CountingWriter &out, uint64_t count, uint64_t directoryOffset,
              uint64_t directorySize, uint64_t threshold) {
  bool bigCount = count >= kEscape16;
  bool bigOffset = directoryOffset >= threshold;
  bool bigSize = directorySize >= threshold;
  if (bigCount || bigOffset || bigSize) {
    uint64_t recordOffset = out.tell();
    out.u32(kZip64EndSignature);
    out.u64(kZip64EndSize - 12);
    out.u16(kHostUnix | kVersionZip64);
    out.u16(kVersionZip64);
    out.u32(0); // disk
    out.u32(0); // disk with the directory
    out.u64(count);
    out.u64(count);
    out.u64(directorySize);
    out.u64(directoryOffset);

    out.u32(kZip64LocatorSignature);
    out.u32(0); // disk with the ZIP64 record
    out.u64(recordOffset);
    out.u32(1); // disks
  }
  uint16_t count16 = bigCount ? kEscape16 : uint16_t(count);
  out.u32(kEndSignature);
  out.u16(0); // disk
  out.u16(0); // disk with the directory
  out.u16(count16);
  out.u16(count16);
  out.u32(bigSize ? kEscape32 : uint32_t(directorySize));
  out.u32(bigOffset ? kEscape32 : uint32_t(directoryOffset));
  out.u16(0); // comment
}

} // namespace

Expected<std::vector<ZipMember>>
ng::readStoredZip(StringRef file, const StoredZipReadOptions &options) {
  Expected<Directory> directory = readDirectory(file);
  if (!directory)
    return directory.takeError();

  std::vector<ZipMember> members;
  members.reserve(directory->memberCount);
  llvm::StringSet<> names;
  uint64_t pos = directory->offset;
  uint64_t end = directory->offset + directory->size;
  for (uint64_t index = 0; index < directory->memberCount; ++index) {
    Expected<CentralEntry> entry = readCentralEntry(file, pos, end, index);
    if (!entry)
      return entry.takeError();
    if (!names.insert(entry->name).second)
      return makeError("duplicate member '{0}'", entry->name);
    Expected<StringRef> data = locateData(file, *entry, directory->offset);
    if (!data)
      return data.takeError();
    if (options.verifyCrc && extendCrc32(0, *data) != entry->crc)
      return makeError("member '{0}' is corrupt (CRC mismatch)", entry->name);
    members.push_back({entry->name.str(), *data});
  }
  if (pos != end)
    return makeError("central directory has {0} bytes after its {1} members",
                     end - pos, directory->memberCount);
  return members;
}

bool ng::writeStoredZip(llvm::ArrayRef<ZipMember> members,
                        llvm::raw_ostream &os,
                        const StoredZipWriteOptions &options) {
#ifndef NDEBUG
  llvm::StringSet<> names;
  for (const ZipMember &member : members) {
    assert(!member.name.empty() && member.name.size() <= 0xFFFF &&
           "member names must be 1 to 65535 bytes");
    assert(names.insert(member.name).second && "member names must be unique");
  }
#endif
  CountingWriter out(os);
  std::vector<WrittenMember> written;
  written.reserve(members.size());
  for (const ZipMember &member : members) {
    std::optional<WrittenMember> local =
        writeLocal(out, member, options.zip64Threshold);
    if (!local)
      return false;
    written.push_back(*local);
  }

  uint64_t directoryOffset = out.tell();
  for (const WrittenMember &member : written)
    writeCentral(out, member);
  writeEnd(out, members.size(), directoryOffset, out.tell() - directoryOffset,
           options.zip64Threshold);
  return true;
}

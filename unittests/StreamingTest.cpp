//===- StreamingTest.cpp - CRCs and mapped pages of large inputs ----------===//
//
// ng/Support/Crc32.h and ng/Support/FileMappings.h, and the zip writer that
// uses them: the CRC is the same however it is split across threads; pages
// released from a file mapping read back unchanged and leave the resident
// set; a release asked of memory that is no file mapping changes nothing; a
// member large enough to have its CRC computed beside the writing (and
// patched into its header) reads back as written.
//
//===----------------------------------------------------------------------===//

#include "ng/Support/ByteSource.h"
#include "ng/Support/Crc32.h"
#include "ng/Support/FileMappings.h"
#include "ng/Target/NativeGraph/StoredZip.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

using namespace ng;

namespace {

/// `size` bytes that no short period repeats in.
std::string patternBytes(size_t size) {
  std::string bytes(size, '\0');
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (char &byte : bytes) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    byte = static_cast<char>(state);
  }
  return bytes;
}

/// The process's resident set, in bytes (/proc/self/statm). mincore()
/// would not do: it tells whether a page is in the page cache, which a
/// released page of a file mapping still is.
size_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  size_t total = 0, resident = 0;
  statm >> total >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

/// A temporary file holding `bytes`, removed at the end of the test.
struct TempFile {
  explicit TempFile(llvm::StringRef bytes) {
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("ng-streaming", "bin", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
  llvm::SmallString<128> path;
};

TEST(Crc32, SplitAcrossThreadsIsTheSameAsOnePass) {
  // 200 MiB and a bit: three 64 MiB parts or more, and a ragged end.
  std::string bytes = patternBytes((200 << 20) + 12345);
  uint32_t whole = llvm::crc32(llvm::arrayRefFromStringRef(bytes));
  EXPECT_EQ(extendCrc32(0, bytes, 1), whole);
  EXPECT_EQ(extendCrc32(0, bytes, 2), whole);
  EXPECT_EQ(extendCrc32(0, bytes, 3), whole);
  EXPECT_EQ(extendCrc32(0, bytes), whole);
  // Extending a running CRC piece by piece, the pieces split or not.
  llvm::StringRef ref(bytes);
  uint32_t running = extendCrc32(0, ref.take_front(70 << 20), 2);
  running = extendCrc32(running, ref.drop_front(70 << 20), 3);
  EXPECT_EQ(running, whole);
  EXPECT_EQ(extendCrc32(whole, ""), whole);
}

TEST(FileMappings, ReleasedPagesReadBackUnchanged) {
  std::string bytes = patternBytes(64 << 20);
  TempFile file(bytes);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> mapped =
      llvm::MemoryBuffer::getFile(file.path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  ASSERT_TRUE(mapped);
  ASSERT_EQ((*mapped)->getBufferKind(), llvm::MemoryBuffer::MemoryBuffer_MMap);
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      trackFileMapping(std::move(*mapped));
  llvm::StringRef data = buffer->getBuffer();
  ASSERT_EQ(data, bytes); // every page touched
  // A small weight read on its own is not worth a system call and the
  // faults of reading it back (kMinReleasedBytes): its pages stay.
  size_t before = residentBytes();
  for (size_t pos = 0; pos + 16 * 1024 <= (4u << 20); pos += 16 * 1024)
    releaseMappedPages(data.substr(pos, kMinReleasedBytes - 1));
  EXPECT_GE(residentBytes() + (256 << 10), before);
  releaseMappedPages(data);
  // (Other threads of the test binary could only add pages.)
  EXPECT_GE(before - std::min(before, residentBytes()), size_t(60) << 20);
  EXPECT_EQ(data, bytes);
  // Part of a page at each end: the whole pages between go, the bytes stay.
  releaseMappedPages(data.substr(100, 3 << 20));
  EXPECT_EQ(data, bytes);
}

TEST(FileMappings, ReleaseOfOtherMemoryChangesNothing) {
  // Heap memory: MADV_DONTNEED would make it read back as zeros.
  std::string heap = patternBytes(8 << 20);
  std::string copy = heap;
  releaseMappedPages(llvm::StringRef(heap));
  EXPECT_EQ(heap, copy);
  // A mapping no longer tracked (its buffer gone) is no longer released:
  // its address range may be memory of anybody's by then.
  std::string bytes = patternBytes(8 << 20);
  TempFile file(bytes);
  auto mapped = llvm::MemoryBuffer::getFile(file.path, false, false);
  ASSERT_TRUE(mapped);
  llvm::StringRef untracked = (*mapped)->getBuffer();
  {
    std::unique_ptr<llvm::MemoryBuffer> small =
        trackFileMapping(llvm::MemoryBuffer::getMemBuffer("small"));
    EXPECT_EQ(small->getBufferKind(), llvm::MemoryBuffer::MemoryBuffer_Malloc);
  }
  ASSERT_EQ(untracked, bytes);
  size_t before = residentBytes();
  releaseMappedPages(untracked);
  EXPECT_GE(residentBytes() + (1 << 20), before);
}

TEST(StoredZipStreaming, LargeMemberWrittenToAFileReadsBack) {
  // Over the size at which the CRC is computed beside the writing and
  // patched into the local header.
  std::string bytes = patternBytes(70 << 20);
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("ng-streaming", "ptn", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    std::vector<ZipMember> members;
    members.push_back({"small.txt", "hello", {}});
    llvm::StringRef ref(bytes);
    members.push_back(
        {"large.bin", {}, {ref.take_front(1000), ref.drop_front(1000)}});
    ASSERT_TRUE(writeStoredZip(members, os));
  }
  auto file = llvm::MemoryBuffer::getFile(path, false, false);
  ASSERT_TRUE(file);
  // Written to a string (no seeking): the same bytes.
  std::string unseekable;
  {
    llvm::raw_string_ostream os(unseekable);
    std::vector<ZipMember> members;
    members.push_back({"small.txt", "hello", {}});
    members.push_back({"large.bin", bytes, {}});
    ASSERT_TRUE(writeStoredZip(members, os));
  }
  EXPECT_EQ((*file)->getBuffer(), unseekable);
  llvm::Expected<std::vector<ZipMember>> read =
      readStoredZip((*file)->getBuffer());
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[1].data, bytes);
  llvm::sys::fs::remove(path);
}

/// `bytes` as a source that produces them a chunk at a time (copying from
/// its own copy), failing at `failAt` bytes in if that is below their size.
ByteSource producedFrom(std::string bytes, uint64_t failAt = ~0ull) {
  auto held = std::make_shared<std::string>(std::move(bytes));
  return ByteSource(
      held->size(),
      [held, failAt](uint64_t offset, llvm::MutableArrayRef<char> chunk) {
        if (offset + chunk.size() > failAt)
          return false;
        std::memcpy(chunk.data(), held->data() + offset, chunk.size());
        return true;
      });
}

/// Writes `members` to a new temporary file (a stream that can seek, so
/// the CRC is patched in), named in `path`: writeStoredZip's answer.
bool writeZipToTemporaryFile(llvm::ArrayRef<ZipMember> members,
                             llvm::SmallVectorImpl<char> &path) {
  int fd;
  if (llvm::sys::fs::createTemporaryFile("ng-streaming", "ptn", fd, path)) {
    ADD_FAILURE() << "cannot create a temporary file";
    return false;
  }
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  return writeStoredZip(members, os);
}

// A member with produced pieces (a packed weight) is the same archive as
// with the bytes themselves: to a file (the CRC computed as the chunks are
// written, then patched) and to a stream that cannot seek (produced twice,
// the CRC first).
TEST(StoredZipStreaming, ProducedPiecesWriteTheSameBytes) {
  std::string bytes = patternBytes(70 << 20);
  std::string expected;
  {
    llvm::raw_string_ostream os(expected);
    std::vector<ZipMember> members = {{"large.bin", bytes, {}}};
    ASSERT_TRUE(writeStoredZip(members, os));
  }
  std::vector<ZipMember> produced = {{"large.bin",
                                      {},
                                      {llvm::StringRef(bytes).take_front(12345),
                                       producedFrom(bytes.substr(12345))}}};
  std::string unseekable;
  {
    llvm::raw_string_ostream os(unseekable);
    ASSERT_TRUE(writeStoredZip(produced, os));
  }
  EXPECT_TRUE(unseekable == expected);
  llvm::SmallString<128> path;
  ASSERT_TRUE(writeZipToTemporaryFile(produced, path));
  auto file = llvm::MemoryBuffer::getFile(path, false, false);
  ASSERT_TRUE(file);
  EXPECT_TRUE((*file)->getBuffer() == expected);
  llvm::sys::fs::remove(path);
}

// A producer that fails stops the writer, which says so, to a file and to
// a stream alike; a stream that cannot seek gets nothing at all (the CRC
// pass fails before the header is written).
TEST(StoredZipStreaming, FailedProducerFailsTheWrite) {
  std::string bytes = patternBytes(70 << 20);
  std::vector<ZipMember> members = {
      {"large.bin", {}, {producedFrom(bytes, /*failAt=*/3 << 20)}}};
  std::string unseekable;
  {
    llvm::raw_string_ostream os(unseekable);
    EXPECT_FALSE(writeStoredZip(members, os));
  }
  EXPECT_TRUE(unseekable.empty());
  llvm::SmallString<128> path;
  EXPECT_FALSE(writeZipToTemporaryFile(members, path));
  llvm::sys::fs::remove(path);
}

// Produced bytes come in chunks of at most kProducedChunkBytes, in order,
// covering the source exactly; a view's are its own memory.
TEST(ByteSource, ChunksCoverTheBytesInOrder) {
  std::string bytes = patternBytes(ByteSource::kProducedChunkBytes * 2 + 7);
  std::string seen;
  size_t largest = 0;
  ASSERT_TRUE(producedFrom(bytes).forEachChunk([&](llvm::StringRef chunk) {
    seen += chunk.str();
    largest = std::max(largest, chunk.size());
  }));
  EXPECT_TRUE(seen == bytes);
  EXPECT_EQ(largest, ByteSource::kProducedChunkBytes);
  ByteSource view{llvm::StringRef(bytes)};
  EXPECT_TRUE(view.isView());
  ASSERT_TRUE(view.forEachChunk([&](llvm::StringRef chunk) {
    EXPECT_GE(chunk.data(), bytes.data());
    EXPECT_LE(chunk.data() + chunk.size(), bytes.data() + bytes.size());
  }));
  EXPECT_EQ(ByteSource(0, nullptr).size(), 0u);
}

// streamPipelined hands `consume` the chunks forEachChunk would give, in
// the same order, views and produced pieces alike, each after `inspect`
// saw it; more chunks than the ring holds, so the producing thread waits
// for the writer.
TEST(ByteSource, PipelinedStreamKeepsTheOrder) {
  std::string bytes =
      patternBytes(ByteSource::kProducedChunkBytes * (kPipelinedChunks * 3) +
                   kStreamChunkBytes * 2 + 11);
  llvm::StringRef all(bytes);
  size_t cut = kStreamChunkBytes * 2 + 5;
  std::vector<ByteSource> pieces = {all.take_front(cut),
                                    producedFrom(all.drop_front(cut).str()),
                                    ByteSource(0, nullptr), all.take_front(3)};
  std::string inspected, consumed;
  ASSERT_TRUE(streamPipelined(
      pieces, [&](llvm::StringRef chunk) { inspected += chunk.str(); },
      [&](llvm::StringRef chunk) {
        EXPECT_LE(chunk.size(), kStreamChunkBytes);
        consumed += chunk.str();
      }));
  std::string expected = bytes + bytes.substr(0, 3);
  EXPECT_TRUE(consumed == expected);
  EXPECT_TRUE(inspected == expected);
}

// A producer that fails ends the stream: false, and `consume` has seen
// exactly the chunks before the failing one.
TEST(ByteSource, PipelinedStreamStopsAtAFailedProducer) {
  std::string bytes = patternBytes(ByteSource::kProducedChunkBytes * 10);
  uint64_t failAt = ByteSource::kProducedChunkBytes * 7 + 1;
  std::vector<ByteSource> pieces = {llvm::StringRef(bytes).take_front(100),
                                    producedFrom(bytes, failAt)};
  std::string consumed;
  EXPECT_FALSE(streamPipelined(
      pieces, [](llvm::StringRef) {},
      [&](llvm::StringRef chunk) { consumed += chunk.str(); }));
  EXPECT_TRUE(consumed ==
              bytes.substr(0, 100) +
                  bytes.substr(0, ByteSource::kProducedChunkBytes * 7));
}

} // namespace

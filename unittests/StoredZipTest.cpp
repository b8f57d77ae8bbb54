//===- StoredZipTest.cpp - stored zip reader/writer tests -----------------===//
//
// Archives made by other tools (Info-ZIP's zip 3.0) are embedded as bytes;
// the rest are written by writeStoredZip and then damaged on purpose.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/StoredZip.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ng;
using llvm::StringRef;

namespace {

// `zip -0 -X plain.zip a.txt` (a.txt = "hello\n").
const unsigned char kInfoZipStored[] = {
    0x50, 0x4b, 0x03, 0x04, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x21, 0x50, 0x20, 0x30, 0x3a, 0x36, 0x06, 0x00, 0x00, 0x00, 0x06, 0x00,
    0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x61, 0x2e, 0x74, 0x78, 0x74, 0x68,
    0x65, 0x6c, 0x6c, 0x6f, 0x0a, 0x50, 0x4b, 0x01, 0x02, 0x1e, 0x03, 0x0a,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x50, 0x20, 0x30, 0x3a,
    0x36, 0x06, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xa4, 0x81, 0x00,
    0x00, 0x00, 0x00, 0x61, 0x2e, 0x74, 0x78, 0x74, 0x50, 0x4b, 0x05, 0x06,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x33, 0x00, 0x00, 0x00,
    0x29, 0x00, 0x00, 0x00, 0x00, 0x00};

// `zip -0 -X -fz z64.zip a.txt`: forced ZIP64. The local header escapes both
// sizes; the central entry escapes only the compressed size, so its ZIP64
// field holds that one value; the end record escapes the directory offset.
const unsigned char kInfoZipZip64[] = {
    0x50, 0x4b, 0x03, 0x04, 0x2d, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x21, 0x50, 0x20, 0x30, 0x3a, 0x36, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0x05, 0x00, 0x14, 0x00, 0x61, 0x2e, 0x74, 0x78, 0x74, 0x01,
    0x00, 0x10, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x68, 0x65, 0x6c, 0x6c, 0x6f,
    0x0a, 0x50, 0x4b, 0x01, 0x02, 0x1e, 0x03, 0x2d, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x21, 0x50, 0x20, 0x30, 0x3a, 0x36, 0x06, 0x00, 0x00,
    0x00, 0xff, 0xff, 0xff, 0xff, 0x05, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0xa4, 0x81, 0x00, 0x00, 0x00, 0x00, 0x61,
    0x2e, 0x74, 0x78, 0x74, 0x01, 0x00, 0x08, 0x00, 0x06, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x50, 0x4b, 0x06, 0x06, 0x2c, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x1e, 0x03, 0x2d, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x3d, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x50, 0x4b, 0x06, 0x07, 0x00, 0x00, 0x00, 0x00, 0x7c, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x50, 0x4b, 0x05, 0x06,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x3f, 0x00, 0x00, 0x00,
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00};

// `zip -9 -X def.zip b.txt` (b.txt = 32 'a's and "\n"): deflated.
const unsigned char kInfoZipDeflated[] = {
    0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x02, 0x00, 0x08, 0x00, 0x00, 0x00,
    0x21, 0x50, 0x1b, 0x53, 0x7c, 0xfc, 0x06, 0x00, 0x00, 0x00, 0x21, 0x00,
    0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x62, 0x2e, 0x74, 0x78, 0x74, 0x4b,
    0x4c, 0xc4, 0x0f, 0xb8, 0x00, 0x50, 0x4b, 0x01, 0x02, 0x1e, 0x03, 0x14,
    0x00, 0x02, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x50, 0x1b, 0x53, 0x7c,
    0xfc, 0x06, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0xa4, 0x81, 0x00,
    0x00, 0x00, 0x00, 0x62, 0x2e, 0x74, 0x78, 0x74, 0x50, 0x4b, 0x05, 0x06,
    0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x33, 0x00, 0x00, 0x00,
    0x29, 0x00, 0x00, 0x00, 0x00, 0x00};

// `zip -0 -X -P pw enc.zip a.txt`: stored but encrypted (ZipCrypto).
const unsigned char kInfoZipEncrypted[] = {
    0x50, 0x4b, 0x03, 0x04, 0x0a, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x21, 0x50, 0x20, 0x30, 0x3a, 0x36, 0x12, 0x00, 0x00, 0x00, 0x06, 0x00,
    0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x61, 0x2e, 0x74, 0x78, 0x74, 0x6f,
    0x05, 0x8a, 0x4f, 0x77, 0x56, 0x0c, 0x9a, 0x59, 0x23, 0x80, 0x84, 0x26,
    0x5c, 0xee, 0xc8, 0xe9, 0x0d, 0x50, 0x4b, 0x07, 0x08, 0x20, 0x30, 0x3a,
    0x36, 0x12, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x50, 0x4b, 0x01,
    0x02, 0x1e, 0x03, 0x0a, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21,
    0x50, 0x20, 0x30, 0x3a, 0x36, 0x12, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00,
    0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0xa4, 0x81, 0x00, 0x00, 0x00, 0x00, 0x61, 0x2e, 0x74, 0x78, 0x74,
    0x50, 0x4b, 0x05, 0x06, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x33, 0x00, 0x00, 0x00, 0x45, 0x00, 0x00, 0x00, 0x00, 0x00};

template <size_t N> StringRef bytes(const unsigned char (&array)[N]) {
  return StringRef(reinterpret_cast<const char *>(array), N);
}

std::string write(llvm::ArrayRef<ZipMember> members,
                  const StoredZipWriteOptions &options = {}) {
  std::string out;
  llvm::raw_string_ostream os(out);
  EXPECT_TRUE(writeStoredZip(members, os, options));
  return out;
}

/// The error message of reading `file`, or "" if it was accepted.
std::string readError(StringRef file,
                      const StoredZipReadOptions &options = {}) {
  llvm::Expected<std::vector<ZipMember>> members = readStoredZip(file, options);
  if (members)
    return "";
  return llvm::toString(members.takeError());
}

void put16(std::string &file, size_t offset, uint16_t value) {
  llvm::support::endian::write16le(&file[offset], value);
}
void put32(std::string &file, size_t offset, uint32_t value) {
  llvm::support::endian::write32le(&file[offset], value);
}
uint16_t get16(StringRef file, size_t offset) {
  return llvm::support::endian::read16le(file.data() + offset);
}
uint32_t get32(StringRef file, size_t offset) {
  return llvm::support::endian::read32le(file.data() + offset);
}

/// Offsets of the records of an archive without comment or ZIP64 records.
struct Layout {
  size_t end;       // end-of-central-directory record
  size_t directory; // first central entry
};
Layout layoutOf(StringRef file) {
  size_t end = file.size() - 22;
  return {end, get32(file, end + 16)};
}

/// Two members, the shape of a .ptn package.
std::vector<ZipMember> packageMembers() {
  return {{"program.ptg", "NPTG program bytes"},
          {"program.safetensors", "safetensors bytes, a few more of them"}};
}

TEST(StoredZip, RoundTripWithoutCopying) {
  std::string program = "NPTG program bytes";
  std::string weights(1000, '\x5a');
  std::vector<ZipMember> members = {{"program.ptg", program},
                                    {"program.safetensors", weights},
                                    {"empty", ""},
                                    {"dir/\xc3\xa9t\xc3\xa9.json", "{}"}};
  std::string file = write(members);
  llvm::Expected<std::vector<ZipMember>> read = readStoredZip(file);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    EXPECT_EQ((*read)[i].name, members[i].name);
    EXPECT_EQ((*read)[i].data, members[i].data);
    // Zero copy: the data are views of the archive.
    EXPECT_GE((*read)[i].data.data(), file.data());
    EXPECT_LE((*read)[i].data.end(), file.data() + file.size());
  }
  // Rewriting what was read gives the same archive.
  EXPECT_EQ(write(*read), file);
}

TEST(StoredZip, WriterIsDeterministicAndMinimal) {
  std::vector<ZipMember> members = packageMembers();
  std::string file = write(members);
  EXPECT_EQ(write(members), file);

  // Local header: version 2.0, no flags, stored, 1980-01-01 00:00, and no
  // extra field.
  EXPECT_EQ(get32(file, 0), 0x04034b50u);
  EXPECT_EQ(get16(file, 4), 20u);
  EXPECT_EQ(get16(file, 6), 0u);
  EXPECT_EQ(get16(file, 8), 0u);
  EXPECT_EQ(get16(file, 10), 0u);
  EXPECT_EQ(get16(file, 12), 0x21u);
  EXPECT_EQ(get16(file, 28), 0u);
  // The sizes: 30-byte headers + names + data, 46-byte central entries +
  // names, a 22-byte end record.
  size_t dataBytes = members[0].data.size() + members[1].data.size();
  size_t nameBytes = members[0].name.size() + members[1].name.size();
  EXPECT_EQ(file.size(), 2 * 30 + 2 * 46 + 22 + 2 * nameBytes + dataBytes);
  // Known CRC-32 values.
  std::vector<ZipMember> known = {{"a.txt", "hello\n"}};
  EXPECT_EQ(get32(write(known), 14), 0x363a3020u);
}

TEST(StoredZip, UtfEightFlagOnlyForNonAsciiNames) {
  EXPECT_EQ(get16(write(std::vector<ZipMember>{{"ascii", "x"}}), 6), 0u);
  EXPECT_EQ(get16(write(std::vector<ZipMember>{{"\xc3\xa9", "x"}}), 6),
            1u << 11);
}

TEST(StoredZip, ReadsInfoZipArchives) {
  for (StringRef file : {bytes(kInfoZipStored), bytes(kInfoZipZip64)}) {
    llvm::Expected<std::vector<ZipMember>> members = readStoredZip(file);
    ASSERT_TRUE(bool(members)) << llvm::toString(members.takeError());
    ASSERT_EQ(members->size(), 1u);
    EXPECT_EQ((*members)[0].name, "a.txt");
    EXPECT_EQ((*members)[0].data, "hello\n");
  }
}

TEST(StoredZip, RejectsCompressedAndEncryptedMembers) {
  EXPECT_EQ(readError(bytes(kInfoZipDeflated)),
            "member 'b.txt' is compressed (method 8); .ptn packages must be "
            "stored");
  EXPECT_EQ(readError(bytes(kInfoZipEncrypted)),
            "member 'a.txt' is encrypted; .ptn packages must not be");

  // The same checks on the local header, should it disagree with the
  // central directory.
  std::string file = write(packageMembers());
  std::string local = file;
  put16(local, 8, 8);
  EXPECT_EQ(readError(local), "member 'program.ptg' is compressed (method "
                              "8); .ptn packages must be stored");
  local = file;
  put16(local, 6, 1);
  EXPECT_EQ(readError(local),
            "member 'program.ptg' is encrypted; .ptn packages must not be");
}

TEST(StoredZip, ChecksCrc) {
  std::string file = write(packageMembers());
  file[30 + 11] ^= 1; // first data byte of program.ptg
  EXPECT_EQ(readError(file), "member 'program.ptg' is corrupt (CRC mismatch)");
  StoredZipReadOptions noCrc;
  noCrc.verifyCrc = false;
  EXPECT_EQ(readError(file, noCrc), "");
}

// Regression: a member streamed from pieces, some of them empty with a
// null pointer (a zero-byte tensor's data in a safetensors member), got the
// CRC of the pieces after the last empty one: zlib's crc32() restarts on a
// null buffer.
TEST(StoredZip, EmptyPiecesDoNotResetTheCrc) {
  ZipMember streamed{"program.safetensors", {}, {}};
  streamed.pieces = {StringRef("header"), StringRef(), StringRef("weights"),
                     StringRef(nullptr, 0)};
  std::string file = write(std::vector<ZipMember>{streamed});
  std::vector<ZipMember> whole = {{"program.safetensors", "headerweights"}};
  EXPECT_EQ(file, write(whole));
  EXPECT_EQ(readError(file), "");
}

TEST(StoredZip, RejectsNonZipAndTruncation) {
  EXPECT_EQ(readError(""), "file is 0 bytes, too short for a zip archive");
  EXPECT_EQ(readError(std::string(100, 'x')),
            "no end-of-central-directory record: not a zip archive, or "
            "truncated");

  // Every proper prefix is rejected (and none crashes).
  std::string file = write(packageMembers());
  for (size_t size = 0; size < file.size(); ++size)
    EXPECT_NE(readError(StringRef(file).take_front(size)), "") << size;

  // A file cut inside the data but with its tail intact (a botched copy).
  Layout layout = layoutOf(file);
  std::string cut = file.substr(0, 40) + file.substr(layout.directory);
  EXPECT_NE(readError(cut), "");
}

TEST(StoredZip, SurvivesEveryByteCorrupted) {
  std::string file = write(packageMembers(), StoredZipWriteOptions{100});
  for (size_t i = 0; i < file.size(); ++i) {
    for (char value : {'\x00', '\xff', '\x7f'}) {
      std::string bad = file;
      bad[i] = value;
      // Accepted or rejected, never a crash or an out-of-range view.
      llvm::Expected<std::vector<ZipMember>> members = readStoredZip(bad);
      if (!members) {
        llvm::consumeError(members.takeError());
        continue;
      }
      for (const ZipMember &member : *members) {
        EXPECT_GE(member.data.data(), bad.data());
        EXPECT_LE(member.data.end(), bad.data() + bad.size());
      }
    }
  }
}

TEST(StoredZip, RejectsBadOffsets) {
  std::string file = write(packageMembers());
  Layout layout = layoutOf(file);
  size_t secondEntry = layout.directory + 46 + 11;

  std::string bad = file;
  put32(bad, secondEntry + 42, 0xFFFFFFF0u);
  EXPECT_EQ(readError(bad), "member 'program.safetensors': local header "
                            "offset 4294967280 is outside the member area "
                            "(which ends at " +
                                std::to_string(layout.directory) + ")");
  bad = file;
  put32(bad, secondEntry + 42, 1);
  EXPECT_EQ(readError(bad),
            "member 'program.safetensors': no local header at offset 1");

  // A size that runs into the central directory.
  bad = file;
  put32(bad, secondEntry + 20, 1000);
  put32(bad, secondEntry + 24, 1000);
  EXPECT_EQ(readError(bad),
            "member 'program.safetensors': 1000 bytes of data at offset " +
                std::to_string(30 + 11 + 18 + 30 + 19) +
                " extend past the member area (which ends at " +
                std::to_string(layout.directory) + ")");

  bad = file;
  put32(bad, layout.end + 16, 0xFFFFFFF0u);
  EXPECT_NE(readError(bad).find("central directory (offset 4294967280"),
            std::string::npos);
  bad = file;
  put32(bad, layout.end + 12, 47);
  EXPECT_EQ(readError(bad), "central directory claims 2 members but its 47 "
                            "bytes hold at most 1");
}

TEST(StoredZip, RejectsAbsurdCounts) {
  std::string file = write(packageMembers());
  Layout layout = layoutOf(file);
  put16(file, layout.end + 8, 0xFFFF);
  put16(file, layout.end + 10, 0xFFFF);
  EXPECT_NE(readError(file).find("central directory claims 65535 members"),
            std::string::npos);
}

TEST(StoredZip, RejectsDuplicates) {
  std::string file = write(std::vector<ZipMember>{{"a", "1"}, {"b", "2"}});
  // Rename b to a in its local header and its central entry.
  size_t local = 30 + 1 + 1;
  ASSERT_EQ(file[local + 30], 'b');
  file[local + 30] = 'a';
  Layout layout = layoutOf(file);
  size_t central = layout.directory + 46 + 1;
  ASSERT_EQ(file[central + 46], 'b');
  file[central + 46] = 'a';
  // The CRC-32 of "2" still matches: only the name is duplicated.
  EXPECT_EQ(readError(file), "duplicate member 'a'");
}

TEST(StoredZip, RejectsInconsistentEntries) {
  std::string file = write(packageMembers());
  Layout layout = layoutOf(file);

  std::string bad = file;
  bad[30] = 'P'; // local name "Program.ptg"
  EXPECT_EQ(readError(bad),
            "member 'program.ptg': local header names it 'Program.ptg'");

  bad = file;
  put32(bad, layout.directory + 20, 1);
  EXPECT_EQ(readError(bad), "member 'program.ptg' is stored but its "
                            "compressed size (1) differs from its size (18)");

  bad = file;
  put32(bad, layout.directory + 24, 0xFFFFFFFFu);
  put32(bad, layout.directory + 20, 0xFFFFFFFFu);
  EXPECT_EQ(readError(bad), "member 'program.ptg': 32-bit size or offset "
                            "escaped but no ZIP64 extra field");

  bad = file;
  put32(bad, layout.directory, 0x12345678);
  EXPECT_EQ(readError(bad), "central directory entry #0 has a bad signature");

  bad = file;
  put16(bad, layout.end + 4, 1);
  EXPECT_EQ(readError(bad), "multi-disk zip archives are not supported");
}

TEST(StoredZip, ReadsArchivesWithComments) {
  std::string file = write(packageMembers());
  // A comment that itself contains an end-record signature.
  std::string comment = "see PK\x05\x06 here";
  put16(file, file.size() - 2, comment.size());
  file += comment;
  llvm::Expected<std::vector<ZipMember>> members = readStoredZip(file);
  ASSERT_TRUE(bool(members)) << llvm::toString(members.takeError());
  EXPECT_EQ(members->size(), 2u);
}

TEST(StoredZip, Zip64RoundTrip) {
  std::vector<ZipMember> members = packageMembers();
  members.push_back({"empty", ""});
  std::string plain = write(members);
  // Threshold 0 makes every size and offset ZIP64; 40 only the later
  // offsets and the bigger member; 1000 none, as the default.
  for (uint64_t threshold : {0, 20, 40, 1000}) {
    std::string file = write(members, StoredZipWriteOptions{threshold});
    bool zip64 = threshold < 1000;
    EXPECT_EQ(file != plain, zip64) << threshold;
    EXPECT_EQ(StringRef(file).contains("PK\x06\x06"), zip64) << threshold;
    EXPECT_EQ(StringRef(file).contains("PK\x06\x07"), zip64) << threshold;

    llvm::Expected<std::vector<ZipMember>> read = readStoredZip(file);
    ASSERT_TRUE(bool(read))
        << threshold << ": " << llvm::toString(read.takeError());
    ASSERT_EQ(read->size(), members.size());
    for (size_t i = 0; i < members.size(); ++i) {
      EXPECT_EQ((*read)[i].name, members[i].name);
      EXPECT_EQ((*read)[i].data, members[i].data);
    }
    EXPECT_EQ(write(*read, StoredZipWriteOptions{threshold}), file);
  }
}

TEST(StoredZip, Zip64ForcedLayout) {
  std::string file = write(std::vector<ZipMember>{{"a.txt", "hello\n"}},
                           StoredZipWriteOptions{0});
  // Local header: version 4.5, escaped sizes, a 20-byte ZIP64 extra field
  // holding both.
  EXPECT_EQ(get16(file, 4), 45u);
  EXPECT_EQ(get32(file, 18), 0xFFFFFFFFu);
  EXPECT_EQ(get32(file, 22), 0xFFFFFFFFu);
  EXPECT_EQ(get16(file, 28), 20u);
  EXPECT_EQ(get16(file, 30 + 5), 1u);
  EXPECT_EQ(get16(file, 30 + 5 + 2), 16u);
  // Central entry: sizes and offset escaped, 28-byte extra field.
  size_t central = 30 + 5 + 20 + 6;
  EXPECT_EQ(get32(file, central), 0x02014b50u);
  EXPECT_EQ(get16(file, central + 30), 28u);
  EXPECT_EQ(get32(file, central + 42), 0xFFFFFFFFu);
  // ZIP64 end record, locator, then the end record with escapes.
  size_t record = central + 46 + 5 + 28;
  EXPECT_EQ(get32(file, record), 0x06064b50u);
  EXPECT_EQ(get32(file, record + 56), 0x07064b50u);
  EXPECT_EQ(get32(file, record + 76), 0x06054b50u);
  EXPECT_EQ(file.size(), record + 76 + 22);
}

TEST(StoredZip, RejectsBadZip64Records) {
  std::string file = write(packageMembers(), StoredZipWriteOptions{0});
  size_t locator = file.size() - 22 - 20;
  ASSERT_EQ(get32(file, locator), 0x07064b50u);

  std::string bad = file;
  put32(bad, locator + 8, 0xFFFFFF00u);
  EXPECT_EQ(readError(bad), "ZIP64 end-of-central-directory record at offset "
                            "4294967040 is outside the file");
  bad = file;
  put32(bad, locator + 8, 0);
  EXPECT_EQ(readError(bad),
            "no ZIP64 end-of-central-directory record at offset 0");
  bad = file;
  put32(bad, locator + 16, 2);
  EXPECT_EQ(readError(bad), "multi-disk zip archives are not supported");

  // Shorten the ZIP64 field of the first central entry.
  Layout layout{file.size() - 22, 0};
  size_t record = locator - 56;
  layout.directory = get32(file, record + 48);
  bad = file;
  put16(bad, layout.directory + 46 + 11 + 2, 8);
  EXPECT_EQ(readError(bad),
            "member 'program.ptg': ZIP64 extra field too short");
}

} // namespace

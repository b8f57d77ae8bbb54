//===- SafetensorsTest.cpp - safetensors reader/writer tests --------------===//
//
// Inputs are handcrafted in the exact layout of the conformance files
// (compact JSON, keys and data in key order, space padding), so "read then
// write gives the same bytes" is checked here without reading /work/shared.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Safetensors.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace ng;
using llvm::StringRef;

namespace {

/// A safetensors file from its header text (padding included) and data.
std::string makeFile(StringRef header, StringRef data) {
  std::string file(8, '\0');
  llvm::support::endian::write64le(file.data(), header.size());
  file += header;
  file += data;
  return file;
}

std::string write(llvm::ArrayRef<SafetensorsTensor> tensors) {
  std::string out;
  llvm::raw_string_ostream os(out);
  EXPECT_TRUE(writeSafetensors(tensors, os));
  return out;
}

/// The error message of reading `file`, or "" if it was accepted.
std::string readError(StringRef file) {
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors(file);
  if (tensors)
    return "";
  return llvm::toString(tensors.takeError());
}

/// A one-tensor file whose entry for key "t" is `entry`, padded to 8.
std::string singleEntryFile(StringRef entry, StringRef data) {
  std::string header = "{\"t\":" + entry.str() + "}";
  header.append((8 - header.size() % 8) % 8, ' ');
  return makeFile(header, data);
}

// Mixed dtypes in key order: the layout of q4_torchao_folded.safetensors.
const char kThreeTensorHeader[] =
    R"({"scale":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
    R"("weight":{"dtype":"U8","shape":[2,3],"data_offsets":[16,22]},)"
    R"("zero_point":{"dtype":"I8","shape":[2],"data_offsets":[22,24]}})"
    "       ";
const char kThreeTensorData[] = "0123456789abcdefWWWWWWzz";

TEST(Safetensors, DtypeSizes) {
  EXPECT_EQ(safetensorsDtypeSize("F64"), 8u);
  EXPECT_EQ(safetensorsDtypeSize("U64"), 8u);
  EXPECT_EQ(safetensorsDtypeSize("I64"), 8u);
  EXPECT_EQ(safetensorsDtypeSize("F32"), 4u);
  EXPECT_EQ(safetensorsDtypeSize("I32"), 4u);
  EXPECT_EQ(safetensorsDtypeSize("U32"), 4u);
  EXPECT_EQ(safetensorsDtypeSize("F16"), 2u);
  EXPECT_EQ(safetensorsDtypeSize("BF16"), 2u);
  EXPECT_EQ(safetensorsDtypeSize("I16"), 2u);
  EXPECT_EQ(safetensorsDtypeSize("U16"), 2u);
  EXPECT_EQ(safetensorsDtypeSize("I8"), 1u);
  EXPECT_EQ(safetensorsDtypeSize("U8"), 1u);
  EXPECT_EQ(safetensorsDtypeSize("BOOL"), 1u);
  EXPECT_EQ(safetensorsDtypeSize("F8_E4M3"), 0u);
  EXPECT_EQ(safetensorsDtypeSize("f32"), 0u);
  EXPECT_EQ(safetensorsDtypeSize(""), 0u);
}

TEST(Safetensors, ReadsTensorsInKeyOrderWithoutCopying) {
  std::string file = makeFile(kThreeTensorHeader, kThreeTensorData);
  ASSERT_EQ((file.size() - 8 - 24) % 8, 0u);
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors(file);
  ASSERT_TRUE(bool(tensors)) << llvm::toString(tensors.takeError());
  ASSERT_EQ(tensors->size(), 3u);

  const SafetensorsTensor &scale = (*tensors)[0];
  EXPECT_EQ(scale.key, "scale");
  EXPECT_EQ(scale.dtype, "F32");
  EXPECT_EQ(scale.shape, (llvm::SmallVector<int64_t>{2, 2}));
  EXPECT_EQ(scale.data, "0123456789abcdef");
  EXPECT_EQ((*tensors)[1].key, "weight");
  EXPECT_EQ((*tensors)[1].data, "WWWWWW");
  EXPECT_EQ((*tensors)[2].key, "zero_point");
  EXPECT_EQ((*tensors)[2].shape, (llvm::SmallVector<int64_t>{2}));
  EXPECT_EQ((*tensors)[2].data, "zz");

  // Zero copy: the views are the file's own bytes.
  const char *dataStart = file.data() + file.size() - 24;
  EXPECT_EQ(scale.data.data(), dataStart);
  EXPECT_EQ((*tensors)[2].data.data(), dataStart + 22);
}

TEST(Safetensors, RoundTripIsByteIdentical) {
  const std::string files[] = {
      makeFile(kThreeTensorHeader, kThreeTensorData),
      // An empty tensor and a scalar.
      makeFile(R"({"empty":{"dtype":"BF16","shape":[0,3],)"
               R"("data_offsets":[0,0]},"scalar":{"dtype":"F64","shape":[],)"
               R"("data_offsets":[0,8]}}  )",
               "12345678"),
      // No tensors at all.
      makeFile("{}      ", ""),
  };
  for (const std::string &file : files) {
    llvm::Expected<std::vector<SafetensorsTensor>> tensors =
        readSafetensors(file);
    ASSERT_TRUE(bool(tensors)) << llvm::toString(tensors.takeError());
    EXPECT_EQ(write(*tensors), file);
  }
}

TEST(Safetensors, WriterOrdersKeysAndDataByByteOrder) {
  std::string a = "AAAA", b = "bb", c = "C";
  // "B" < "a" < "c" in byte order; the input order must not matter.
  std::vector<SafetensorsTensor> tensors = {
      {"c", "U8", {1}, c}, {"a", "I16", {2}, a}, {"B", "BOOL", {2}, b}};
  std::string expected =
      makeFile(R"({"B":{"dtype":"BOOL","shape":[2],"data_offsets":[0,2]},)"
               R"("a":{"dtype":"I16","shape":[2],"data_offsets":[2,6]},)"
               R"("c":{"dtype":"U8","shape":[1],"data_offsets":[6,7]}})",
               "bbAAAAC");
  EXPECT_EQ(write(tensors), expected);
  std::reverse(tensors.begin(), tensors.end());
  EXPECT_EQ(write(tensors), expected);
}

TEST(Safetensors, WriterPadsHeaderToEightBytes) {
  for (size_t length = 1; length <= 16; ++length) {
    std::string key(length, 'k');
    std::vector<SafetensorsTensor> tensors = {{key, "U8", {0}, ""}};
    std::string out = write(tensors);
    uint64_t headerSize = llvm::support::endian::read64le(out.data());
    EXPECT_EQ(headerSize % 8, 0u);
    EXPECT_EQ(out.size(), 8 + headerSize);
  }
}

TEST(Safetensors, KeysAreEscapedLikeSerdeJson) {
  std::string out;
  llvm::raw_string_ostream os(out);
  writeJsonString("q\"b\\s/\b\f\n\r\t\x01\x1f\x7f\xc3\xa9", os);
  EXPECT_EQ(out, "\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\xc3\xa9\"");

  std::string nul("a\0b", 3);
  out.clear();
  writeJsonString(nul, os);
  EXPECT_EQ(out, "\"a\\u0000b\"");
}

TEST(Safetensors, EscapedKeysRoundTrip) {
  std::string odd = "layer\"1\"\\w\n\xe2\x82\xac";
  std::vector<SafetensorsTensor> tensors = {{odd, "U8", {1}, "x"},
                                            {"plain", "U8", {1}, "y"}};
  std::string file = write(tensors);
  llvm::Expected<std::vector<SafetensorsTensor>> read = readSafetensors(file);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[0].key, odd);
  EXPECT_EQ((*read)[0].data, "x");
  EXPECT_EQ((*read)[1].key, "plain");
  EXPECT_EQ(write(*read), file);
}

TEST(Safetensors, MetadataIsSkipped) {
  std::string header =
      R"({"__metadata__":{"format":"pt"},)"
      R"("t":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}})";
  header.append((8 - header.size() % 8) % 8, ' ');
  llvm::Expected<std::vector<SafetensorsTensor>> tensors =
      readSafetensors(makeFile(header, "x"));
  ASSERT_TRUE(bool(tensors)) << llvm::toString(tensors.takeError());
  ASSERT_EQ(tensors->size(), 1u);
  EXPECT_EQ((*tensors)[0].key, "t");
}

TEST(Safetensors, RejectsBadMetadata) {
  EXPECT_EQ(readError(makeFile(R"({"__metadata__":[]})", "")),
            "'__metadata__' is not a JSON object");
  EXPECT_EQ(readError(makeFile(R"({"__metadata__":{"n":1}})", "")),
            "'__metadata__' entry 'n' is not a string");
}

TEST(Safetensors, RejectsBadFraming) {
  EXPECT_EQ(readError(""), "file is 0 bytes, too short for the 8-byte header "
                           "length");
  EXPECT_EQ(readError("1234567"), "file is 7 bytes, too short for the 8-byte "
                                  "header length");

  std::string file = makeFile("{}      ", "");
  file[0] = 9;
  EXPECT_EQ(readError(file), "header length 9 exceeds the 8 bytes after it");
  // A length that would wrap around if added to anything.
  std::fill(file.begin(), file.begin() + 8, '\xff');
  EXPECT_EQ(readError(file), "header length 18446744073709551615 exceeds the "
                             "8 bytes after it");

  EXPECT_NE(readError(makeFile("{\"t\":", "")).find("header is not valid JSON"),
            std::string::npos);
  EXPECT_EQ(readError(makeFile("[]", "")), "header is not a JSON object");
  // Padding must be whitespace, as a JSON parser sees it.
  EXPECT_NE(readError(makeFile(std::string("{}\0\0\0\0\0\0", 8), ""))
                .find("not valid JSON"),
            std::string::npos);
}

TEST(Safetensors, RejectsBadEntries) {
  EXPECT_EQ(readError(singleEntryFile("[]", "")),
            "tensor 't': entry is not a JSON object");
  EXPECT_EQ(
      readError(singleEntryFile(R"({"shape":[],"data_offsets":[0,1]})", "x")),
      "tensor 't': missing 'dtype'");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":1,"shape":[],"data_offsets":[0,1]})", "x")),
            "tensor 't': 'dtype' is not a string");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"F8_E4M3","shape":[],"data_offsets":[0,1]})", "x")),
            "tensor 't': unsupported dtype 'F8_E4M3'");
  EXPECT_EQ(
      readError(singleEntryFile(R"({"dtype":"U8","data_offsets":[0,1]})", "x")),
      "tensor 't': missing 'shape'");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":1,"data_offsets":[0,1]})", "x")),
            "tensor 't': 'shape' is not an array");
  EXPECT_EQ(readError(singleEntryFile(R"({"dtype":"U8","shape":[1]})", "x")),
            "tensor 't': missing 'data_offsets'");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[1],"data_offsets":[0]})", "x")),
            "tensor 't': 'data_offsets' is not an array of two integers");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[1],"data_offsets":[0,-1]})", "x")),
            "tensor 't': 'data_offsets' are not non-negative integers");
}

TEST(Safetensors, RejectsBadShapes) {
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[-1],"data_offsets":[0,0]})", "")),
            "tensor 't': shape[0] is not a non-negative integer");
  // Integral doubles are not integers in a safetensors header.
  EXPECT_EQ(
      readError(singleEntryFile(
          R"({"dtype":"U8","shape":[1,2.0],"data_offsets":[0,2]})", "xx")),
      "tensor 't': shape[1] is not a non-negative integer");
  EXPECT_EQ(
      readError(singleEntryFile(
          R"({"dtype":"U8","shape":[2147483648],"data_offsets":[0,0]})", "")),
      "tensor 't': shape[0] = 2147483648 exceeds the limit of 2^31-1");

  std::string rank64 = "[1";
  for (int i = 1; i < 64; ++i)
    rank64 += ",1";
  std::string rank65 = rank64 + ",1]";
  rank64 += "]";
  EXPECT_EQ(readError(singleEntryFile(R"({"dtype":"U8","shape":)" + rank64 +
                                          R"(,"data_offsets":[0,1]})",
                                      "x")),
            "");
  EXPECT_EQ(readError(singleEntryFile(R"({"dtype":"U8","shape":)" + rank65 +
                                          R"(,"data_offsets":[0,1]})",
                                      "x")),
            "tensor 't': rank 65 exceeds the limit of 64");
}

TEST(Safetensors, ChecksSizesWithoutOverflow) {
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"F32","shape":[2],"data_offsets":[0,4]})", "xxxx")),
            "tensor 't': data_offsets [0, 4] hold 4 bytes but shape [2] of "
            "F32 needs 8");
  // (2^31-1)^3 * 8 does not fit in 64 bits.
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"F64","shape":[2147483647,2147483647,)"
                R"(2147483647],"data_offsets":[0,0]})",
                "")),
            "tensor 't': shape [2147483647, 2147483647, 2147483647] of F64 "
            "overflows 64 bits");
  // ... unless a dimension is empty: then the tensor is.
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"F64","shape":[2147483647,2147483647,)"
                R"(2147483647,0],"data_offsets":[0,0]})",
                "")),
            "");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[1],"data_offsets":[2,1]})", "xx")),
            "tensor 't': data_offsets [2, 1] end before they begin");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[2],"data_offsets":[0,2]})", "x")),
            "tensor 't': data_offsets [0, 2] extend past the end of the data "
            "(1 bytes)");
  EXPECT_EQ(
      readError(
          singleEntryFile(R"({"dtype":"U8","shape":[1],"data_offsets":)"
                          R"([18446744073709551615,18446744073709551615]})",
                          "x")),
      "tensor 't': data_offsets [18446744073709551615, 18446744073709551615] "
      "extend past the end of the data (1 bytes)");
}

TEST(Safetensors, RequiresEntriesToTileTheData) {
  auto twoEntries = [](StringRef a, StringRef b, StringRef data) {
    std::string header =
        R"({"a":{"dtype":"U8","shape":[2],"data_offsets":)" + a.str() +
        R"(},"b":{"dtype":"U8","shape":[2],"data_offsets":)" + b.str() + "}}";
    header.append((8 - header.size() % 8) % 8, ' ');
    return readError(makeFile(header, data));
  };
  EXPECT_EQ(twoEntries("[0,2]", "[2,4]", "xxxx"), "");
  EXPECT_EQ(twoEntries("[2,4]", "[0,2]", "xxxx"), "");
  EXPECT_EQ(twoEntries("[0,2]", "[1,3]", "xxx"),
            "tensor 'b': data_offsets [1, 3] overlap tensor 'a' [0, 2]");
  EXPECT_EQ(twoEntries("[0,2]", "[0,2]", "xx"),
            "tensor 'b': data_offsets [0, 2] overlap tensor 'a' [0, 2]");
  EXPECT_EQ(twoEntries("[0,2]", "[3,5]", "xxxxx"),
            "tensor 'b': data_offsets [3, 5] leave bytes [2, 3) of the data "
            "unused");
  EXPECT_EQ(twoEntries("[1,3]", "[3,5]", "xxxxx"),
            "tensor 'a': data_offsets [1, 3] leave bytes [0, 1) of the data "
            "unused");
  EXPECT_EQ(twoEntries("[0,2]", "[2,4]", "xxxxx"),
            "bytes [4, 5) at the end of the data belong to no tensor");
  EXPECT_EQ(readError(makeFile("{}      ", "x")),
            "bytes [0, 1) at the end of the data belong to no tensor");
}

TEST(Safetensors, SurvivesEveryByteCorrupted) {
  std::string file = makeFile(kThreeTensorHeader, kThreeTensorData);
  for (size_t i = 0; i < file.size(); ++i) {
    for (char value : {'\x00', '\xff', '9', '"', ']'}) {
      std::string bad = file;
      bad[i] = value;
      // Accepted or rejected, never a crash or an out-of-range view.
      llvm::Expected<std::vector<SafetensorsTensor>> tensors =
          readSafetensors(bad);
      if (!tensors) {
        llvm::consumeError(tensors.takeError());
        continue;
      }
      for (const SafetensorsTensor &tensor : *tensors) {
        EXPECT_GE(tensor.data.data(), bad.data());
        EXPECT_LE(tensor.data.end(), bad.data() + bad.size());
      }
    }
  }
}

TEST(Safetensors, FieldsInAnyOrderUnknownOnesSkipped) {
  EXPECT_EQ(readError(singleEntryFile(
                R"({"data_offsets":[0,1],"extra":{"n":[1,{"m":null}],"s":"x"},)"
                R"("shape":[1],"dtype":"U8"})",
                "x")),
            "");
  // Checked in a fixed order whatever the order of the fields: the dtype
  // first, then the shape, then the offsets.
  EXPECT_EQ(readError(singleEntryFile(
                R"({"data_offsets":[1],"shape":"x","dtype":"F8"})", "")),
            "tensor 't': unsupported dtype 'F8'");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"data_offsets":[1],"shape":[-1],"dtype":"U8"})", "")),
            "tensor 't': shape[0] is not a non-negative integer");
  // The last of a repeated field counts, as in JSON parsers.
  EXPECT_EQ(readError(singleEntryFile(R"({"dtype":"F8","dtype":"U8",)"
                                      R"("shape":[1],"data_offsets":[0,1]})",
                                      "x")),
            "");
}

TEST(Safetensors, DimsAndOffsetsAreJsonIntegers) {
  auto shapeError = [](StringRef shape) {
    return readError(singleEntryFile(
        (R"({"dtype":"U8","shape":)" + shape + R"(,"data_offsets":[0,0]})")
            .str(),
        ""));
  };
  EXPECT_EQ(shapeError("[0]"), "");
  EXPECT_EQ(shapeError("[-0]"), "");
  EXPECT_EQ(shapeError("[1e0]"),
            "tensor 't': shape[0] is not a non-negative integer");
  EXPECT_EQ(shapeError("[0,18446744073709551616]"),
            "tensor 't': shape[1] is not a non-negative integer");
  EXPECT_EQ(shapeError("[0,\"1\"]"),
            "tensor 't': shape[1] is not a non-negative integer");
  EXPECT_EQ(shapeError("[0,[1]]"),
            "tensor 't': shape[1] is not a non-negative integer");
  EXPECT_NE(shapeError("[01]").find("header is not valid JSON"),
            std::string::npos);
  EXPECT_NE(shapeError("[0,]").find("header is not valid JSON"),
            std::string::npos);
  // The whole rank is counted, however long the list (only 64 dims kept).
  std::string ones = "[1";
  for (int i = 1; i < 1000; ++i)
    ones += ",1";
  EXPECT_EQ(shapeError(ones + "]"),
            "tensor 't': rank 1000 exceeds the limit of 64");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[1],"data_offsets":[0,1,2]})", "x")),
            "tensor 't': 'data_offsets' is not an array of two integers");
  EXPECT_EQ(readError(singleEntryFile(
                R"({"dtype":"U8","shape":[1],"data_offsets":[0,1.0]})", "x")),
            "tensor 't': 'data_offsets' are not non-negative integers");
}

TEST(Safetensors, TruncatedOrGarbledHeadersAreNotJson) {
  // A header cut anywhere is not valid JSON, never a kind-of-value error.
  std::string header = kThreeTensorHeader;
  header = header.substr(0, header.find_last_not_of(' ') + 1);
  for (size_t length = 0; length < header.size(); ++length) {
    std::string error = readError(makeFile(header.substr(0, length), ""));
    EXPECT_EQ(error.find("header is not valid JSON"), 0u)
        << "cut at " << length << ": " << error;
  }
  EXPECT_EQ(readError(makeFile(R"({"t":{"dtype":)", "")),
            "header is not valid JSON: unexpected end at byte 14");
}

TEST(Safetensors, BoundsNesting) {
  // The header is level 1, its entry 2: an unknown field may nest 126
  // arrays, not 127.
  auto withField = [](size_t arrays) {
    return readError(singleEntryFile(
        R"({"dtype":"U8","shape":[1],"data_offsets":[0,1],"x":)" +
            std::string(arrays, '[') + std::string(arrays, ']') + "}",
        "x"));
  };
  EXPECT_EQ(withField(126), "");
  EXPECT_EQ(withField(127),
            "header nests arrays and objects deeper than 128 levels");
  EXPECT_EQ(withField(100000),
            "header nests arrays and objects deeper than 128 levels");
  // __metadata__ values must be strings: a nested one is rejected at once.
  EXPECT_EQ(readError(makeFile(R"({"__metadata__":{"k":[[[[[[]]]]]]}})", "")),
            "'__metadata__' entry 'k' is not a string");
}

TEST(Safetensors, DuplicateKeysAreRejected) {
  // JSON leaves a repeated name to the parser: two readers could take
  // different tensors for it (C2). Rejected whether or not the data tiles.
  std::string header =
      R"({"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},)"
      R"("a":{"dtype":"U8","shape":[2],"data_offsets":[2,4]}})";
  header.append((8 - header.size() % 8) % 8, ' ');
  EXPECT_EQ(readError(makeFile(header, "xxxx")),
            "tensor 'a' is named twice in the header (C2: one key, one "
            "tensor; readers differ on which one a repeated key means)");
  std::string overlapping =
      R"({"b":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},)"
      R"("b":{"dtype":"U8","shape":[2],"data_offsets":[0,2]}})";
  overlapping.append((8 - overlapping.size() % 8) % 8, ' ');
  EXPECT_EQ(readError(makeFile(overlapping, "xx")),
            "tensor 'b' is named twice in the header (C2: one key, one "
            "tensor; readers differ on which one a repeated key means)");
}

} // namespace

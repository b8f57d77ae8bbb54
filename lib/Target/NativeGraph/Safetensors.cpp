//===- Safetensors.cpp - safetensors reader and writer --------------------===//
//
// The reader trusts nothing in the file: every length and offset is checked
// against the bytes actually present, with overflow-checked arithmetic, so a
// hostile header yields an error naming the key rather than an out-of-range
// view. Tensor data is never copied; the returned views point into the input.
//
// The writer reproduces the conformance files byte for byte (compact JSON,
// keys and data in byte order of the key, space padding to 8 bytes), so
// writing back what was read gives the original file.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Safetensors.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace ng;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace {

constexpr StringRef kMetadataKey = "__metadata__";

template <typename... Ts> Error makeError(const char *fmt, Ts &&...args) {
  return llvm::createStringError(
      llvm::formatv(fmt, std::forward<Ts>(args)...).str());
}

/// An entry parsed from the header, with its byte range in the data section
/// kept for the tiling check.
struct Entry {
  SafetensorsTensor tensor;
  uint64_t begin = 0;
  uint64_t end = 0;
};

/// Shape printed for messages: [16, 2].
std::string shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, ", ");
  os << "]";
  return text;
}

/// A JSON value as a non-negative integer. llvm::json also accepts integral
/// doubles (2.0) as integers; getAsUINT64 does not, which is what a
/// safetensors header requires.
std::optional<uint64_t> asIndex(const llvm::json::Value &value) {
  return value.getAsUINT64();
}

Error checkMetadata(const llvm::json::Value &value) {
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return makeError("'{0}' is not a JSON object", kMetadataKey);
  for (const auto &[key, item] : *object)
    if (!item.getAsString())
      return makeError("'{0}' entry '{1}' is not a string", kMetadataKey,
                       StringRef(key));
  return Error::success();
}

Expected<std::string> parseDtype(StringRef key,
                                 const llvm::json::Object &object) {
  const llvm::json::Value *value = object.get("dtype");
  if (!value)
    return makeError("tensor '{0}': missing 'dtype'", key);
  std::optional<StringRef> dtype = value->getAsString();
  if (!dtype)
    return makeError("tensor '{0}': 'dtype' is not a string", key);
  if (safetensorsDtypeSize(*dtype) == 0)
    return makeError("tensor '{0}': unsupported dtype '{1}'", key, *dtype);
  return dtype->str();
}

Expected<llvm::SmallVector<int64_t>>
parseShape(StringRef key, const llvm::json::Object &object) {
  const llvm::json::Value *value = object.get("shape");
  if (!value)
    return makeError("tensor '{0}': missing 'shape'", key);
  const llvm::json::Array *dims = value->getAsArray();
  if (!dims)
    return makeError("tensor '{0}': 'shape' is not an array", key);
  if (dims->size() > kSafetensorsMaxRank)
    return makeError("tensor '{0}': rank {1} exceeds the limit of {2}", key,
                     dims->size(), kSafetensorsMaxRank);
  llvm::SmallVector<int64_t> shape;
  for (auto [i, dim] : llvm::enumerate(*dims)) {
    std::optional<uint64_t> size = asIndex(dim);
    if (!size)
      return makeError("tensor '{0}': shape[{1}] is not a non-negative "
                       "integer",
                       key, i);
    if (*size > uint64_t(kSafetensorsMaxDim))
      return makeError("tensor '{0}': shape[{1}] = {2} exceeds the limit of "
                       "2^31-1",
                       key, i, *size);
    shape.push_back(int64_t(*size));
  }
  return shape;
}

/// Parse data_offsets and check them against the data section's size.
Error parseOffsets(StringRef key, const llvm::json::Object &object,
                   uint64_t dataSize, Entry &entry) {
  const llvm::json::Value *value = object.get("data_offsets");
  if (!value)
    return makeError("tensor '{0}': missing 'data_offsets'", key);
  const llvm::json::Array *offsets = value->getAsArray();
  if (!offsets || offsets->size() != 2)
    return makeError("tensor '{0}': 'data_offsets' is not an array of two "
                     "integers",
                     key);
  std::optional<uint64_t> begin = asIndex((*offsets)[0]);
  std::optional<uint64_t> end = asIndex((*offsets)[1]);
  if (!begin || !end)
    return makeError("tensor '{0}': 'data_offsets' are not non-negative "
                     "integers",
                     key);
  if (*begin > *end)
    return makeError("tensor '{0}': data_offsets [{1}, {2}] end before they "
                     "begin",
                     key, *begin, *end);
  if (*end > dataSize)
    return makeError("tensor '{0}': data_offsets [{1}, {2}] extend past the "
                     "end of the data ({3} bytes)",
                     key, *begin, *end, dataSize);
  entry.begin = *begin;
  entry.end = *end;
  return Error::success();
}

/// Bytes needed by `shape` elements of `dtypeSize` bytes, or nullopt on
/// overflow. An empty dimension makes the tensor empty whatever the others
/// are, so it is checked first rather than letting the product overflow on
/// the way to zero.
std::optional<uint64_t> byteCount(llvm::ArrayRef<int64_t> shape,
                                  size_t dtypeSize) {
  if (llvm::is_contained(shape, 0))
    return 0;
  uint64_t bytes = dtypeSize;
  bool overflow = false;
  for (int64_t dim : shape) {
    bytes = llvm::SaturatingMultiply(bytes, uint64_t(dim), &overflow);
    if (overflow)
      return std::nullopt;
  }
  return bytes;
}

Expected<Entry> parseEntry(StringRef key, const llvm::json::Value &value,
                           StringRef data) {
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return makeError("tensor '{0}': entry is not a JSON object", key);

  Entry entry;
  entry.tensor.key = key.str();
  Expected<std::string> dtype = parseDtype(key, *object);
  if (!dtype)
    return dtype.takeError();
  entry.tensor.dtype = std::move(*dtype);
  Expected<llvm::SmallVector<int64_t>> shape = parseShape(key, *object);
  if (!shape)
    return shape.takeError();
  entry.tensor.shape = std::move(*shape);
  if (Error error = parseOffsets(key, *object, data.size(), entry))
    return std::move(error);

  std::string shapeText = shapeString(entry.tensor.shape);
  std::optional<uint64_t> needed =
      byteCount(entry.tensor.shape, safetensorsDtypeSize(entry.tensor.dtype));
  if (!needed)
    return makeError("tensor '{0}': shape {1} of {2} overflows 64 bits", key,
                     shapeText, entry.tensor.dtype);
  uint64_t held = entry.end - entry.begin;
  if (*needed != held)
    return makeError("tensor '{0}': data_offsets [{1}, {2}] hold {3} bytes "
                     "but shape {4} of {5} needs {6}",
                     key, entry.begin, entry.end, held, shapeText,
                     entry.tensor.dtype, *needed);
  entry.tensor.data = data.substr(entry.begin, held);
  return entry;
}

/// The entries must cover [0, dataSize) exactly: each one starting where the
/// previous one (in offset order) ends, the last one ending at the end of
/// the file. Anything else is a hole (bytes no tensor owns) or an overlap
/// (two tensors sharing bytes), both of which the format forbids.
Error checkTiling(std::vector<Entry> &entries, uint64_t dataSize) {
  llvm::sort(entries, [](const Entry &a, const Entry &b) {
    return std::tie(a.begin, a.end, a.tensor.key) <
           std::tie(b.begin, b.end, b.tensor.key);
  });
  uint64_t expected = 0;
  const Entry *previous = nullptr;
  for (const Entry &entry : entries) {
    if (entry.begin < expected)
      return makeError("tensor '{0}': data_offsets [{1}, {2}] overlap tensor "
                       "'{3}' [{4}, {5}]",
                       entry.tensor.key, entry.begin, entry.end,
                       previous->tensor.key, previous->begin, previous->end);
    if (entry.begin > expected)
      return makeError("tensor '{0}': data_offsets [{1}, {2}] leave bytes "
                       "[{3}, {1}) of the data unused",
                       entry.tensor.key, entry.begin, entry.end, expected);
    expected = entry.end;
    previous = &entry;
  }
  if (expected != dataSize)
    return makeError("bytes [{0}, {1}) at the end of the data belong to no "
                     "tensor",
                     expected, dataSize);
  return Error::success();
}

/// Split `file` into the JSON header and the data section.
Error splitFile(StringRef file, StringRef &header, StringRef &data) {
  if (file.size() < 8)
    return makeError("file is {0} bytes, too short for the 8-byte header "
                     "length",
                     file.size());
  uint64_t headerSize = llvm::support::endian::read64le(file.bytes_begin());
  // Compare against the bytes left rather than summing, so a header length
  // near 2^64 cannot wrap around.
  if (headerSize > file.size() - 8)
    return makeError("header length {0} exceeds the {1} bytes after it",
                     headerSize, file.size() - 8);
  if (headerSize > kSafetensorsMaxHeaderSize)
    return makeError("header length {0} exceeds the limit of {1}", headerSize,
                     kSafetensorsMaxHeaderSize);
  header = file.substr(8, headerSize);
  data = file.substr(8 + headerSize);
  return Error::success();
}

} // namespace

size_t ng::safetensorsDtypeSize(StringRef dtype) {
  return llvm::StringSwitch<size_t>(dtype)
      .Cases({"F64", "I64", "U64"}, 8)
      .Cases({"F32", "I32", "U32"}, 4)
      .Cases({"F16", "BF16", "I16", "U16"}, 2)
      .Cases({"I8", "U8", "BOOL"}, 1)
      .Default(0);
}

Expected<std::vector<SafetensorsTensor>> ng::readSafetensors(StringRef file) {
  StringRef header, data;
  if (Error error = splitFile(file, header, data))
    return std::move(error);

  Expected<llvm::json::Value> json = llvm::json::parse(header);
  if (!json)
    return makeError("header is not valid JSON: {0}",
                     llvm::toString(json.takeError()));
  const llvm::json::Object *object = json->getAsObject();
  if (!object)
    return makeError("header is not a JSON object");

  std::vector<Entry> entries;
  entries.reserve(object->size());
  for (const auto &[key, value] : *object) {
    if (StringRef(key) == kMetadataKey) {
      if (Error error = checkMetadata(value))
        return std::move(error);
      continue;
    }
    Expected<Entry> entry = parseEntry(key, value, data);
    if (!entry)
      return entry.takeError();
    entries.push_back(std::move(*entry));
  }
  if (Error error = checkTiling(entries, data.size()))
    return std::move(error);

  // The header's order is lost in parsing (json::Object is a hash map);
  // key order is the one the writer uses, so a round trip is the identity.
  std::vector<SafetensorsTensor> tensors;
  tensors.reserve(entries.size());
  for (Entry &entry : entries)
    tensors.push_back(std::move(entry.tensor));
  llvm::sort(tensors, [](const SafetensorsTensor &a,
                         const SafetensorsTensor &b) { return a.key < b.key; });
  return tensors;
}

void ng::writeJsonString(StringRef text, llvm::raw_ostream &os) {
  os << '"';
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\b':
      os << "\\b";
      break;
    case '\f':
      os << "\\f";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\r':
      os << "\\r";
      break;
    case '\t':
      os << "\\t";
      break;
    default:
      if (c < 0x20)
        os << llvm::formatv("\\u{0:x-4}", unsigned(c));
      else
        os << c;
    }
  }
  os << '"';
}

/// The JSON header, padded, for tensors already in key order.
static std::string
headerFor(llvm::ArrayRef<const SafetensorsTensor *> tensors) {
  std::string header;
  llvm::raw_string_ostream os(header);
  os << '{';
  uint64_t offset = 0;
  llvm::interleave(
      tensors, os,
      [&](const SafetensorsTensor *tensor) {
        uint64_t end = offset + tensor->data.size();
        writeJsonString(tensor->key, os);
        os << ":{\"dtype\":\"" << tensor->dtype << "\",\"shape\":[";
        llvm::interleave(tensor->shape, os, ",");
        os << "],\"data_offsets\":[" << offset << ',' << end << "]}";
        offset = end;
      },
      ",");
  os << '}';
  // The data then starts 8-byte aligned, so readers can map it in place.
  header.append(llvm::alignTo(header.size(), 8) - header.size(), ' ');
  return header;
}

std::vector<llvm::StringRef>
ng::layoutSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                      std::string &prefix) {
  std::vector<const SafetensorsTensor *> sorted;
  sorted.reserve(tensors.size());
  for (const SafetensorsTensor &tensor : tensors) {
    assert(tensor.key != kMetadataKey && "__metadata__ is a reserved key");
    assert(llvm::json::isUTF8(tensor.key) && "keys must be UTF-8");
    assert(byteCount(tensor.shape, safetensorsDtypeSize(tensor.dtype)) ==
               tensor.data.size() &&
           safetensorsDtypeSize(tensor.dtype) != 0 &&
           "data size must match the dtype and shape");
    sorted.push_back(&tensor);
  }
  llvm::sort(sorted,
             [](const SafetensorsTensor *a, const SafetensorsTensor *b) {
               return a->key < b->key;
             });
  assert(llvm::adjacent_find(
             sorted,
             [](const SafetensorsTensor *a, const SafetensorsTensor *b) {
               return a->key == b->key;
             }) == sorted.end() &&
         "keys must be unique");

  std::string header = headerFor(sorted);
  char length[8];
  llvm::support::endian::write64le(length, header.size());
  prefix.assign(length, sizeof(length));
  prefix += header;
  std::vector<llvm::StringRef> pieces;
  pieces.reserve(sorted.size() + 1);
  pieces.push_back(prefix);
  for (const SafetensorsTensor *tensor : sorted)
    pieces.push_back(tensor->data);
  return pieces;
}

void ng::writeSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                          llvm::raw_ostream &os) {
  std::string prefix;
  for (llvm::StringRef piece : layoutSafetensors(tensors, prefix))
    os << piece;
}

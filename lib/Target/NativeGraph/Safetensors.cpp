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
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
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

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

/// A JSON reader for the documents the containers hold: a safetensors header
/// (C2) and aliases.json (C1). It reads each value in place when its caller
/// asks for it and builds no document tree, so what it costs in memory is
/// what the caller keeps; values nobody asks for (unknown fields) are
/// skipped, their nesting bounded by kJsonMaxDepth. (llvm::json::parse
/// recursed without a bound, overflowing the stack on a deeply nested file,
/// and its tree took some 70 times the size of the header.)
///
/// The syntax is RFC 8259's: strings are UTF-8 without raw control
/// characters, escapes are decoded, and a lone surrogate escape is an error,
/// as it is to serde_json, which the reference readers use.
class JsonReader {
public:
  JsonReader(StringRef text, StringRef subject)
      : text(text), subject(subject) {}

  /// The next character after whitespace, or 0 at the end.
  char peek() {
    skipSpace();
    return pos < text.size() ? text[pos] : 0;
  }

  /// "<subject> is not valid JSON: <what> at byte <n>".
  Error syntaxError(const llvm::Twine &what) {
    return makeError("{0} is not valid JSON: {1} at byte {2}", subject,
                     what.str(), std::min(pos, text.size()));
  }

  /// Succeeds when a value starts here; a syntax error otherwise.
  Error expectValue() {
    char c = peek();
    if (c == '{' || c == '[' || c == '"' || c == '-' || llvm::isDigit(c) ||
        c == 't' || c == 'f' || c == 'n')
      return Error::success();
    return unexpected();
  }

  /// Reads the object that starts here, at nesting `depth` (the outermost
  /// value is at 1), calling `member` with each key in document order; the
  /// reader is then at the member's value, which `member` must read.
  Error readObject(unsigned depth,
                   llvm::function_ref<Error(std::string &key)> member) {
    return readContainer('{', '}', depth, [&]() -> Error {
      std::string key;
      if (peek() != '"')
        return syntaxError("expected a string key");
      if (Error error = readString(key))
        return error;
      if (peek() != ':')
        return syntaxError("expected ':'");
      ++pos;
      return member(key);
    });
  }

  /// Reads the array that starts here, calling `element` with each index.
  Error readArray(unsigned depth,
                  llvm::function_ref<Error(size_t index)> element) {
    size_t index = 0;
    return readContainer('[', ']', depth,
                         [&]() -> Error { return element(index++); });
  }

  /// Reads the string that starts here into `out`, escapes decoded.
  Error readString(std::string &out) {
    out.clear();
    if (peek() != '"')
      return syntaxError("expected a string");
    ++pos;
    while (true) {
      size_t start = pos;
      while (pos < text.size() && text[pos] != '"' && text[pos] != '\\' &&
             static_cast<unsigned char>(text[pos]) >= 0x20)
        ++pos;
      // Runs end at ASCII bytes, so no UTF-8 sequence is split.
      StringRef run = text.slice(start, pos);
      size_t bad = 0;
      if (!llvm::json::isUTF8(run, &bad)) {
        pos = start + bad;
        return syntaxError("invalid UTF-8 in a string");
      }
      out += run;
      if (pos == text.size())
        return syntaxError("unterminated string");
      char c = text[pos];
      if (c == '"') {
        ++pos;
        return Error::success();
      }
      if (c != '\\')
        return syntaxError("unescaped control character in a string");
      ++pos;
      if (Error error = readEscape(out))
        return error;
    }
  }

  /// Reads the number that starts here. `index` is its value when it is a
  /// non-negative integer that fits in 64 bits (no fraction, no exponent:
  /// 2.0 is not an integer in a safetensors header), else nullopt.
  Error readNumber(std::optional<uint64_t> &index) {
    index.reset();
    if (peek() != '-' && !llvm::isDigit(peek()))
      return syntaxError("expected a number");
    bool negative = text[pos] == '-';
    if (negative)
      ++pos;
    if (pos == text.size() || !llvm::isDigit(text[pos]))
      return syntaxError("expected a digit");
    uint64_t value = 0;
    bool fits = true;
    if (text[pos] == '0') {
      ++pos;
    } else {
      for (; pos < text.size() && llvm::isDigit(text[pos]); ++pos) {
        std::optional<uint64_t> next =
            llvm::checkedMulAddUnsigned<uint64_t>(value, 10, text[pos] - '0');
        fits = fits && next;
        value = next.value_or(0);
      }
    }
    bool integral = true;
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (Error error = readDigits())
        return error;
      integral = false;
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (Error error = readDigits())
        return error;
      integral = false;
    }
    if (integral && fits && (!negative || value == 0))
      index = value;
    return Error::success();
  }

  /// Skips the value that starts here, at nesting `depth`.
  Error skipValue(unsigned depth) {
    switch (peek()) {
    case '{':
      return readObject(depth,
                        [&](std::string &) { return skipValue(depth + 1); });
    case '[':
      return readArray(depth, [&](size_t) { return skipValue(depth + 1); });
    case '"': {
      std::string ignored;
      return readString(ignored);
    }
    case 't':
      return readLiteral("true");
    case 'f':
      return readLiteral("false");
    case 'n':
      return readLiteral("null");
    default: {
      if (Error error = expectValue())
        return error;
      std::optional<uint64_t> ignored;
      return readNumber(ignored);
    }
    }
  }

  /// Only whitespace may follow the document's value.
  Error expectEnd() {
    if (peek() != 0 || pos < text.size())
      return syntaxError("unexpected character after the document");
    return Error::success();
  }

private:
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                                 text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  Error unexpected() {
    if (text.empty())
      return makeError("{0} is not valid JSON: it is empty", subject);
    if (pos >= text.size())
      return syntaxError("unexpected end");
    return syntaxError("unexpected character");
  }

  /// `open` elements `close`, separated by commas, each read by `element`.
  Error readContainer(char open, char close, unsigned depth,
                      llvm::function_ref<Error()> element) {
    if (depth > kJsonMaxDepth)
      return makeError("{0} nests arrays and objects deeper than {1} levels",
                       subject, kJsonMaxDepth);
    if (peek() != open)
      return unexpected();
    ++pos;
    if (peek() == close) {
      ++pos;
      return Error::success();
    }
    while (true) {
      if (Error error = element())
        return error;
      char c = peek();
      ++pos;
      if (c == close)
        return Error::success();
      if (c != ',') {
        --pos;
        return syntaxError(llvm::formatv("expected ',' or '{0}'", close));
      }
    }
  }

  Error readDigits() {
    if (pos == text.size() || !llvm::isDigit(text[pos]))
      return syntaxError("expected a digit");
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    return Error::success();
  }

  Error readLiteral(StringRef literal) {
    if (!text.substr(pos).starts_with(literal))
      return unexpected();
    pos += literal.size();
    return Error::success();
  }

  /// Four hex digits of a \u escape.
  Error readHex4(uint32_t &value) {
    value = 0;
    for (int i = 0; i < 4; ++i, ++pos) {
      unsigned digit = pos < text.size() ? llvm::hexDigitValue(text[pos]) : -1U;
      if (digit == -1U)
        return syntaxError("expected four hex digits in a \\u escape");
      value = value * 16 + digit;
    }
    return Error::success();
  }

  /// The escape after a backslash, appended to `out` as UTF-8.
  Error readEscape(std::string &out) {
    if (pos == text.size())
      return syntaxError("unterminated string");
    char c = text[pos++];
    switch (c) {
    case '"':
    case '\\':
    case '/':
      out += c;
      return Error::success();
    case 'b':
      out += '\b';
      return Error::success();
    case 'f':
      out += '\f';
      return Error::success();
    case 'n':
      out += '\n';
      return Error::success();
    case 'r':
      out += '\r';
      return Error::success();
    case 't':
      out += '\t';
      return Error::success();
    case 'u':
      break;
    default:
      --pos;
      return syntaxError("invalid escape in a string");
    }
    uint32_t code = 0;
    if (Error error = readHex4(code))
      return error;
    if (code >= 0xDC00 && code <= 0xDFFF)
      return syntaxError("lone trailing surrogate in a \\u escape");
    if (code >= 0xD800 && code <= 0xDBFF) {
      uint32_t low = 0;
      if (!text.substr(pos).starts_with("\\u"))
        return syntaxError("lone leading surrogate in a \\u escape");
      pos += 2;
      if (Error error = readHex4(low))
        return error;
      if (low < 0xDC00 || low > 0xDFFF)
        return syntaxError("lone leading surrogate in a \\u escape");
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(code, out);
    return Error::success();
  }

  static void appendUtf8(uint32_t code, std::string &out) {
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xC0 | (code >> 6));
      out += char(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += char(0xE0 | (code >> 12));
      out += char(0x80 | ((code >> 6) & 0x3F));
      out += char(0x80 | (code & 0x3F));
    } else {
      out += char(0xF0 | (code >> 18));
      out += char(0x80 | ((code >> 12) & 0x3F));
      out += char(0x80 | ((code >> 6) & 0x3F));
      out += char(0x80 | (code & 0x3F));
    }
  }

  StringRef text;
  StringRef subject;
  size_t pos = 0;
};

//===----------------------------------------------------------------------===//
// Header entries
//===----------------------------------------------------------------------===//

/// The first thing wrong with what a well-formed document says. It is
/// reported only once the whole document has been read as JSON, so a
/// truncated or garbled file is always "not valid JSON", whatever its
/// first entries hold; after it, the rest is only checked for syntax.
class Problems {
public:
  /// Keeps `error` if it is the first (success is no problem).
  void add(Error error) {
    if (!error)
      return;
    if (first)
      llvm::consumeError(std::move(error));
    else
      first = llvm::toString(std::move(error));
  }
  bool any() const { return first.has_value(); }
  Error take() {
    return first ? llvm::createStringError(*first) : Error::success();
  }

private:
  std::optional<std::string> first;
};

/// Shape printed for messages: [16, 2].
std::string shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, ", ");
  os << "]";
  return text;
}

/// `__metadata__`: an object of strings, checked and skipped.
Error skipMetadata(JsonReader &json, Problems &problems) {
  if (json.peek() != '{') {
    problems.add(makeError("'{0}' is not a JSON object", kMetadataKey));
    return json.skipValue(2);
  }
  return json.readObject(2, [&](std::string &key) -> Error {
    if (json.peek() != '"' && !problems.any())
      problems.add(
          makeError("'{0}' entry '{1}' is not a string", kMetadataKey, key));
    return json.skipValue(3);
  });
}

/// The fields of an entry as the header spells them, before they are
/// checked against each other and the data.
struct EntryFields {
  enum class Field { Absent, Read, WrongKind };
  Field dtypeField = Field::Absent, shapeField = Field::Absent,
        offsetsField = Field::Absent;
  std::string dtype;
  /// The dims (only the first kSafetensorsMaxRank are kept), how many there
  /// are, and the first that is not a dim: its index, and its value if it
  /// is an integer at all.
  llvm::SmallVector<int64_t> shape;
  size_t rank = 0;
  std::optional<size_t> badDim;
  std::optional<uint64_t> badDimValue;
  /// data_offsets: how many, and whether all are non-negative integers.
  llvm::SmallVector<uint64_t, 2> offsets;
  size_t offsetCount = 0;
  bool offsetsAreIndices = true;
};

/// A non-negative integer element of an array, or nullopt for any other
/// value (skipped).
Error readIndexElement(JsonReader &json, unsigned depth,
                       std::optional<uint64_t> &index) {
  index.reset();
  char c = json.peek();
  if (c == '-' || llvm::isDigit(c))
    return json.readNumber(index);
  return json.skipValue(depth);
}

/// Reads field values of the expected kind; one of another kind is marked
/// and skipped, for checkFields to report.
Error readDtype(JsonReader &json, EntryFields &fields) {
  if (json.peek() != '"') {
    fields.dtypeField = EntryFields::Field::WrongKind;
    return json.skipValue(3);
  }
  fields.dtypeField = EntryFields::Field::Read;
  return json.readString(fields.dtype);
}

Error readShape(JsonReader &json, EntryFields &fields) {
  fields.shape.clear();
  fields.rank = 0;
  fields.badDim.reset();
  if (json.peek() != '[') {
    fields.shapeField = EntryFields::Field::WrongKind;
    return json.skipValue(3);
  }
  fields.shapeField = EntryFields::Field::Read;
  return json.readArray(3, [&](size_t i) -> Error {
    std::optional<uint64_t> dim;
    if (Error error = readIndexElement(json, 4, dim))
      return error;
    ++fields.rank;
    bool valid = dim && *dim <= uint64_t(kSafetensorsMaxDim);
    if (!valid && !fields.badDim) {
      fields.badDim = i;
      fields.badDimValue = dim;
    }
    if (valid && fields.shape.size() < kSafetensorsMaxRank)
      fields.shape.push_back(int64_t(*dim));
    return Error::success();
  });
}

Error readOffsets(JsonReader &json, EntryFields &fields) {
  fields.offsets.clear();
  fields.offsetCount = 0;
  fields.offsetsAreIndices = true;
  if (json.peek() != '[') {
    fields.offsetsField = EntryFields::Field::WrongKind;
    return json.skipValue(3);
  }
  fields.offsetsField = EntryFields::Field::Read;
  return json.readArray(3, [&](size_t) -> Error {
    std::optional<uint64_t> offset;
    if (Error error = readIndexElement(json, 4, offset))
      return error;
    ++fields.offsetCount;
    fields.offsetsAreIndices &= offset.has_value();
    if (offset && fields.offsets.size() < 2)
      fields.offsets.push_back(*offset);
    return Error::success();
  });
}

/// Check the fields in a fixed order (dtype, shape, offsets), whatever
/// order the header wrote them in.
Error checkFields(StringRef key, const EntryFields &fields) {
  using Field = EntryFields::Field;
  if (fields.dtypeField == Field::Absent)
    return makeError("tensor '{0}': missing 'dtype'", key);
  if (fields.dtypeField == Field::WrongKind)
    return makeError("tensor '{0}': 'dtype' is not a string", key);
  if (safetensorsDtypeSize(fields.dtype) == 0)
    return makeError("tensor '{0}': unsupported dtype '{1}'", key,
                     fields.dtype);
  if (fields.shapeField == Field::Absent)
    return makeError("tensor '{0}': missing 'shape'", key);
  if (fields.shapeField == Field::WrongKind)
    return makeError("tensor '{0}': 'shape' is not an array", key);
  if (fields.rank > kSafetensorsMaxRank)
    return makeError("tensor '{0}': rank {1} exceeds the limit of {2}", key,
                     fields.rank, kSafetensorsMaxRank);
  if (fields.badDim && !fields.badDimValue)
    return makeError("tensor '{0}': shape[{1}] is not a non-negative "
                     "integer",
                     key, *fields.badDim);
  if (fields.badDim)
    return makeError("tensor '{0}': shape[{1}] = {2} exceeds the limit of "
                     "2^31-1",
                     key, *fields.badDim, *fields.badDimValue);
  if (fields.offsetsField == Field::Absent)
    return makeError("tensor '{0}': missing 'data_offsets'", key);
  if (fields.offsetsField == Field::WrongKind || fields.offsetCount != 2)
    return makeError("tensor '{0}': 'data_offsets' is not an array of two "
                     "integers",
                     key);
  if (!fields.offsetsAreIndices)
    return makeError("tensor '{0}': 'data_offsets' are not non-negative "
                     "integers",
                     key);
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
  for (int64_t dim : shape) {
    std::optional<uint64_t> product =
        llvm::checkedMulUnsigned(bytes, uint64_t(dim));
    if (!product)
      return std::nullopt;
    bytes = *product;
  }
  return bytes;
}

/// The tensors of a header, in header order, and their byte ranges in the
/// data section (kept apart: only the tiling check needs them).
struct Entries {
  std::vector<SafetensorsTensor> tensors;
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
};

/// An entry's checked fields against the data section: the tensor, or the
/// problem.
Error addEntry(std::string &key, EntryFields &fields, StringRef data,
               Entries &entries) {
  // Data keys are fqns (N3): a constant of no name could not be bound. (One
  // check for every reader of the file, the fuzzers included.)
  if (key.empty())
    return makeError("the header has a tensor with an empty key; data keys "
                     "are fqns (N3)");
  if (Error error = checkFields(key, fields))
    return error;
  uint64_t begin = fields.offsets[0], end = fields.offsets[1];
  if (begin > end)
    return makeError("tensor '{0}': data_offsets [{1}, {2}] end before they "
                     "begin",
                     key, begin, end);
  if (end > data.size())
    return makeError("tensor '{0}': data_offsets [{1}, {2}] extend past the "
                     "end of the data ({3} bytes)",
                     key, begin, end, data.size());
  std::optional<uint64_t> needed =
      byteCount(fields.shape, safetensorsDtypeSize(fields.dtype));
  if (!needed)
    return makeError("tensor '{0}': shape {1} of {2} overflows 64 bits", key,
                     shapeString(fields.shape), fields.dtype);
  if (*needed != end - begin)
    return makeError("tensor '{0}': data_offsets [{1}, {2}] hold {3} bytes "
                     "but shape {4} of {5} needs {6}",
                     key, begin, end, end - begin, shapeString(fields.shape),
                     fields.dtype, *needed);
  entries.tensors.push_back({std::move(key), std::move(fields.dtype),
                             std::move(fields.shape),
                             data.substr(begin, end - begin)});
  entries.ranges.emplace_back(begin, end);
  return Error::success();
}

/// One entry of the header: {"dtype", "shape", "data_offsets"}. Unknown
/// fields are skipped, as the reference reader does; of a repeated field
/// the last counts.
Error readEntry(JsonReader &json, std::string &key, StringRef data,
                Entries &entries, Problems &problems) {
  if (json.peek() != '{') {
    problems.add(makeError("tensor '{0}': entry is not a JSON object", key));
    return json.skipValue(2);
  }
  EntryFields fields;
  if (Error error = json.readObject(2, [&](std::string &field) -> Error {
        if (field == "dtype")
          return readDtype(json, fields);
        if (field == "shape")
          return readShape(json, fields);
        if (field == "data_offsets")
          return readOffsets(json, fields);
        return json.skipValue(3);
      }))
    return error;
  if (Error problem = addEntry(key, fields, data, entries))
    problems.add(std::move(problem));
  return Error::success();
}

/// The entries' indices in key order. A key named twice is an error (C2: a
/// key names one tensor): JSON leaves duplicate names to the parser, and
/// two readers of one file could take different tensors for it.
Expected<std::vector<uint32_t>> orderByKey(const Entries &entries) {
  std::vector<uint32_t> order(entries.tensors.size());
  for (uint32_t i = 0; i < order.size(); ++i)
    order[i] = i;
  auto keyOf = [&](uint32_t i) -> StringRef { return entries.tensors[i].key; };
  // By key, then by position: the indices are distinct, so a plain sort is
  // stable (std::stable_sort's buffer uses a function libstdc++ 12 marks
  // deprecated, which clang reports).
  llvm::sort(order, [&](uint32_t a, uint32_t b) {
    StringRef keyA = keyOf(a), keyB = keyOf(b);
    return keyA != keyB ? keyA < keyB : a < b;
  });
  for (size_t i = 0; i + 1 < order.size(); ++i)
    if (keyOf(order[i]) == keyOf(order[i + 1]))
      return makeError("tensor '{0}' is named twice in the header (C2: one "
                       "key, one tensor; readers differ on which one a "
                       "repeated key means)",
                       keyOf(order[i]));
  return order;
}

/// The entries must cover [0, dataSize) exactly: each one starting where the
/// previous one (in offset order) ends, the last one ending at the end of
/// the file. Anything else is a hole (bytes no tensor owns) or an overlap
/// (two tensors sharing bytes), both of which the format forbids.
Error checkTiling(const Entries &entries, llvm::ArrayRef<uint32_t> kept,
                  uint64_t dataSize) {
  std::vector<uint32_t> byOffset(kept.begin(), kept.end());
  auto rangeKey = [&](uint32_t i) {
    return std::make_tuple(entries.ranges[i].first, entries.ranges[i].second,
                           StringRef(entries.tensors[i].key));
  };
  llvm::sort(byOffset,
             [&](uint32_t a, uint32_t b) { return rangeKey(a) < rangeKey(b); });
  uint64_t expected = 0;
  std::optional<uint32_t> previous;
  for (uint32_t i : byOffset) {
    auto [begin, end] = entries.ranges[i];
    StringRef key = entries.tensors[i].key;
    if (begin < expected) {
      auto [previousBegin, previousEnd] = entries.ranges[*previous];
      return makeError("tensor '{0}': data_offsets [{1}, {2}] overlap tensor "
                       "'{3}' [{4}, {5}]",
                       key, begin, end, entries.tensors[*previous].key,
                       previousBegin, previousEnd);
    }
    if (begin > expected)
      return makeError("tensor '{0}': data_offsets [{1}, {2}] leave bytes "
                       "[{3}, {1}) of the data unused",
                       key, begin, end, expected);
    expected = end;
    previous = i;
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

  JsonReader json(header, "header");
  Problems problems;
  Entries entries;
  if (json.peek() == '{') {
    if (Error error = json.readObject(1, [&](std::string &key) -> Error {
          if (problems.any())
            return json.skipValue(2);
          if (key == kMetadataKey)
            return skipMetadata(json, problems);
          return readEntry(json, key, data, entries, problems);
        }))
      return std::move(error);
  } else {
    if (Error error = json.skipValue(1))
      return std::move(error);
    problems.add(makeError("header is not a JSON object"));
  }
  if (Error error = json.expectEnd())
    return std::move(error);
  if (problems.any())
    return problems.take();

  Expected<std::vector<uint32_t>> order = orderByKey(entries);
  if (!order)
    return order.takeError();
  std::vector<uint32_t> &kept = *order;
  if (Error error = checkTiling(entries, kept, data.size()))
    return std::move(error);
  // Key order is the one the writer uses, so a round trip is the identity.
  std::vector<SafetensorsTensor> tensors;
  tensors.reserve(kept.size());
  for (uint32_t i : kept)
    tensors.push_back(std::move(entries.tensors[i]));
  return tensors;
}

Error ng::readJsonStringObject(
    StringRef text, StringRef subject,
    llvm::function_ref<Error(StringRef key, std::optional<StringRef> value)>
        member) {
  JsonReader json(text, subject);
  Problems problems;
  if (json.peek() == '{') {
    std::string value;
    if (Error error = json.readObject(1, [&](std::string &key) -> Error {
          if (problems.any() || json.peek() != '"') {
            if (!problems.any())
              problems.add(member(key, std::nullopt));
            return json.skipValue(2);
          }
          if (Error error = json.readString(value))
            return error;
          problems.add(member(key, StringRef(value)));
          return Error::success();
        }))
      return error;
  } else {
    if (Error error = json.skipValue(1))
      return error;
    problems.add(makeError("{0} is not a JSON object", subject));
  }
  if (Error error = json.expectEnd())
    return error;
  return problems.take();
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
        uint64_t end = offset + tensor->contents().size();
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

std::vector<ByteSource>
ng::layoutSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                      std::string &prefix) {
  std::vector<const SafetensorsTensor *> sorted;
  sorted.reserve(tensors.size());
  for (const SafetensorsTensor &tensor : tensors) {
    assert(tensor.key != kMetadataKey && "__metadata__ is a reserved key");
    assert(llvm::json::isUTF8(tensor.key) && "keys must be UTF-8");
    assert(byteCount(tensor.shape, safetensorsDtypeSize(tensor.dtype)) ==
               tensor.contents().size() &&
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
  std::vector<ByteSource> pieces;
  pieces.reserve(sorted.size() + 1);
  pieces.push_back(llvm::StringRef(prefix));
  for (const SafetensorsTensor *tensor : sorted)
    pieces.push_back(tensor->contents());
  return pieces;
}

bool ng::writeSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                          llvm::raw_ostream &os) {
  std::string prefix;
  // A chunk at a time, so that weights mapped from an input leave nothing
  // resident once written.
  for (const ByteSource &piece : layoutSafetensors(tensors, prefix))
    if (!piece.forEachChunk([&](llvm::StringRef chunk) { os << chunk; }))
      return false;
  return true;
}

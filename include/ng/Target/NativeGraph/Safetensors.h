//===- Safetensors.h - safetensors reader and writer ------------*- C++ -*-===//
//
// The constant container of FORMAT.md C2: a u64 little-endian header length,
// a JSON header mapping each key to {dtype, shape, data_offsets}, then the
// tensor bytes. The reader enforces the C4 limits; the writer produces the
// same bytes as the conformance files for the same tensors.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TARGET_NATIVEGRAPH_SAFETENSORS_H
#define NG_TARGET_NATIVEGRAPH_SAFETENSORS_H

#include "ng/Support/ByteSource.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ng {

/// One tensor of a safetensors file.
struct SafetensorsTensor {
  std::string key;
  /// One of F64 F32 F16 BF16 I64 I32 I16 I8 U8 BOOL U16 U32 U64.
  std::string dtype;
  llvm::SmallVector<int64_t> shape;
  /// The tensor bytes. After readSafetensors this points into the buffer
  /// that was read (no copy): that buffer must outlive it.
  llvm::StringRef data;
  /// For writing only: the bytes, when they are computed as they are
  /// written (ng/Support/ByteSource.h), owned by the writer's caller; `data`
  /// is then ignored. A pointer, not the source itself: a reader returns
  /// hundreds of thousands of these.
  const ByteSource *produced = nullptr;

  /// What a writer writes: `produced` when set, else `data`.
  ByteSource contents() const { return produced ? *produced : data; }
};

/// Limits a reader enforces (FORMAT.md C4).
constexpr unsigned kSafetensorsMaxRank = 64;
constexpr int64_t kSafetensorsMaxDim = (int64_t(1) << 31) - 1;
/// Same cap as the reference implementation: a bigger header is not a
/// weights file. The header is read in one pass without building a JSON
/// tree; what stays is one SafetensorsTensor a tensor (each entry spells
/// at least some 45 bytes), so reading it takes a few times its size.
constexpr uint64_t kSafetensorsMaxHeaderSize = 100'000'000;
/// Deepest nesting of JSON arrays and objects the readers accept (a
/// header's own entries nest 3 deep; deeper values can only be unknown
/// fields). serde_json, which the reference readers use, stops at 128 too.
constexpr unsigned kJsonMaxDepth = 128;

/// Bytes per element of `dtype`, or 0 if it is not a C2 dtype.
size_t safetensorsDtypeSize(llvm::StringRef dtype);

/// Parse and validate the safetensors bytes in `file` (not copied: the
/// returned tensors' data point into it). Checks the header length, that the
/// header is a JSON object whose `__metadata__` (skipped) maps strings to
/// strings, each entry's dtype, shape (C4 limits), data_offsets and byte
/// count, and that the entries tile the data section exactly, without holes
/// or overlaps. All arithmetic is overflow-checked. Unknown fields of an
/// entry are skipped, as the reference reader does (nested at most
/// kJsonMaxDepth deep); a key named twice is an error (JSON leaves it to
/// the parser, so readers could differ on its tensor). Tensors are returned
/// in key order.
/// Errors name the key and the problem.
llvm::Expected<std::vector<SafetensorsTensor>>
readSafetensors(llvm::StringRef file);

/// Write `tensors` as a safetensors file: compact JSON header with the keys
/// in byte order, the data in the same order, the header padded with spaces
/// to a multiple of 8 bytes. The output depends only on the set of tensors,
/// not on their order in `tensors`; the data is streamed, never gathered.
///
/// Preconditions (asserted): keys are unique, not `__metadata__`, dtypes
/// are known, and each data size equals the product of the shape times the
/// dtype size. Callers writing tensors they did not validate themselves
/// should run them through readSafetensors' rules first.
///
/// False when a tensor's producer failed; `os` then holds a prefix of the
/// file, which the caller discards.
[[nodiscard]] bool writeSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                                    llvm::raw_ostream &os);

/// The bytes writeSafetensors would write, as pieces to concatenate: the
/// length and header (stored in `prefix`, which must outlive the result),
/// then each tensor's contents, viewing the tensors' data (no copy) or
/// producing it. Lets a container stream the file without assembling it.
std::vector<ByteSource>
layoutSafetensors(llvm::ArrayRef<SafetensorsTensor> tensors,
                  std::string &prefix);

/// Read `text`, a JSON object whose values are strings ({"key": "value",
/// ...}), such as aliases.json (C1), in one pass and without building a
/// JSON tree: `member` gets each pair in document order, duplicates
/// included, and keeps what it needs. A value that is not a string comes as
/// nullopt (and is skipped, nested at most kJsonMaxDepth deep). After the
/// first error `member` returns, it is not called again and the rest is
/// only read as JSON: its error is returned if the whole text is valid
/// JSON. Otherwise the errors name `subject`: "<subject> is not valid JSON:
/// <what> at byte <n>" (an empty text is not valid JSON either),
/// "<subject> nests arrays and objects deeper than 128 levels",
/// "<subject> is not a JSON object".
llvm::Error readJsonStringObject(
    llvm::StringRef text, llvm::StringRef subject,
    llvm::function_ref<llvm::Error(llvm::StringRef key,
                                   std::optional<llvm::StringRef> value)>
        member);

/// Append `text` to `out` as a JSON string literal (with the quotes),
/// escaped as serde_json does: `"` and `\`, \b \f \n \r \t, other control
/// characters as \u00xx; everything else, UTF-8 included, verbatim.
void writeJsonString(llvm::StringRef text, llvm::raw_ostream &os);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_SAFETENSORS_H

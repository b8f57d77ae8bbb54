//===- InputFile.h - tool input: identified, bounded, mapped ----*- C++ -*-===//
//
// How ng-opt and ng-translate open what they read (docs/Tools.md, "Input
// files"). The first bytes of the input say what it is (an NPTG
// flatbuffer, a .ptn zip, MLIR text or bytecode, and the look-alikes people
// give by mistake: an ExecuTorch .pte, flatc JSON); an input the tool does
// not read is rejected after those bytes, with what to run instead. A
// regular file is then mapped (never copied: a .ptn's weights stay in the
// page cache); anything else (standard input, a pipe, a FIFO, a device) has
// to be read into memory, up to --max-input-size.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_INPUTFILE_H
#define NG_TOOLS_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace ng {

/// What a file's first bytes say it is.
enum class FileKind {
  Empty,
  NativeGraph,       ///< NPTG flatbuffer: file identifier "NPTG" at offset 4
  Package,           ///< zip ("PK\3\4"): a .ptn package
  ExecuTorchProgram, ///< .pte flatbuffer: file identifier "ET12" at offset 4
  Json,              ///< text starting with '{' (flatc's JSON of a flatbuffer)
  MlirBytecode,      ///< "ML\xefR"
  MlirText,          ///< printable text
  Unknown,
};

/// How many leading bytes identifyFile looks at.
constexpr size_t kFileHeadBytes = 64;

/// Classify a file by `head`, its first kFileHeadBytes bytes (or all of it
/// when shorter).
FileKind identifyFile(llvm::StringRef head);

/// What a tool reads.
enum class InputFormat {
  NativeGraph, ///< an .nptg flatbuffer or a .ptn package
  Ir,          ///< MLIR text or bytecode
  Program,     ///< any of them: a reader that imports NPTG or parses IR
};

/// Register --max-input-size (once; the tools call it before parsing their
/// command line).
void registerInputOptions();

/// The most bytes read into memory from an input that cannot be mapped
/// (--max-input-size; 4 GiB unless given).
uint64_t maxReadInputBytes();

struct ToolInput {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  FileKind kind = FileKind::Unknown;
};

/// Open `path` ("-" is standard input) as the input of a tool that reads
/// `format`. Text is NUL-terminated, as MLIR's parser needs. An input of
/// another kind than `format` fails with a message saying what it is and
/// what to run instead, having read only its first bytes. So does a read
/// input larger than maxReadInputBytes(). An .nptg input whose first bytes
/// are no known kind is not read further either: the buffer then holds just
/// those bytes, for the importer to reject by its file identifier (W1).
llvm::Expected<ToolInput> openToolInput(llvm::StringRef path,
                                        InputFormat format);

/// What both tools do with their input: openToolInput, then, for MLIR
/// text, checkTextBeforeParsing (ng/Tools/TextNesting.h). Reports a failure
/// itself (reportToolError, or the text check's error at its place) and
/// returns null.
std::optional<ToolInput> openCheckedInput(llvm::StringRef path,
                                          InputFormat format);

} // namespace ng

#endif // NG_TOOLS_INPUTFILE_H

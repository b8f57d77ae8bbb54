//===- InputFile.cpp - tool input: identified, bounded, mapped ------------===//

#include "ng/Tools/InputFile.h"

#include "ng/Support/FileMappings.h"

#include "ng/Tools/TextNesting.h"
#include "ng/Tools/ToolDiagnostics.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <unistd.h>
#include <utility>
#ifdef __linux__
#include <sys/mman.h>
#endif

using namespace llvm;

/// "'model.nptg' is ...": `message` says what the input is.
static Error inputError(StringRef name, const Twine &message) {
  return createStringError(std::make_error_code(std::errc::invalid_argument),
                           "'" + name + "' " + message);
}

/// "cannot read 'model.nptg': <why>".
static Error ioError(const Twine &what, StringRef name, std::error_code error) {
  return createStringError(error, what + " '" + name + "': " + error.message());
}

static Error ioError(const Twine &what, StringRef name, Error error) {
  return ioError(what, name, errorToErrorCode(std::move(error)));
}

//===----------------------------------------------------------------------===//
// What a file is
//===----------------------------------------------------------------------===//

/// Printable text (UTF-8 included): no NUL or other control character but
/// whitespace.
static bool isText(StringRef bytes) {
  return llvm::all_of(bytes, [](char c) {
    auto byte = static_cast<unsigned char>(c);
    return (byte >= 0x20 && byte != 0x7f) || isSpace(c);
  });
}

/// What MLIR's bytecode writer puts first (mlir::isBytecode checks the same).
static constexpr StringLiteral kBytecodeMagic("ML\xef"
                                              "R");

/// The flatbuffers file identifier (bytes 4..8), if there is room for one.
static StringRef fileIdentifier(StringRef head) {
  return head.size() >= 8 ? head.substr(4, 4) : StringRef();
}

ng::FileKind ng::identifyFile(StringRef head) {
  if (head.empty())
    return FileKind::Empty;
  if (head.starts_with(kBytecodeMagic))
    return FileKind::MlirBytecode;
  // A local file header, or the end record of a zip without members.
  if (head.starts_with("PK\x03\x04") || head.starts_with("PK\x05\x06") ||
      head.starts_with("PK\x06\x06"))
    return FileKind::Package;
  // Text first: "//  NPTG ..." is text, whatever its bytes 4..8 say. A
  // flatbuffer's first bytes are offsets, with zero bytes in them.
  if (isText(head)) {
    StringRef start = head.ltrim();
    // MLIR text starts with '{' only to open a `{-#` metadata block.
    if (start.starts_with("{") && !start.starts_with("{-#"))
      return FileKind::Json;
    return FileKind::MlirText;
  }
  StringRef identifier = fileIdentifier(head);
  if (identifier == "NPTG")
    return FileKind::NativeGraph;
  if (identifier.starts_with("ET") && isDigit(identifier[2]) &&
      isDigit(identifier[3]))
    return FileKind::ExecuTorchProgram;
  return FileKind::Unknown;
}

/// The first bytes of an unknown file, for a message: "00 7f 45 4c ...".
static std::string hexHead(StringRef head) {
  std::string text;
  raw_string_ostream os(text);
  for (size_t i = 0, e = std::min<size_t>(head.size(), 8); i < e; ++i)
    os << (i ? " " : "") << format_hex_no_prefix(uint8_t(head[i]), 2);
  return text;
}

/// Why an input of `kind` is not one a tool reading `format` takes, and what
/// to run instead; "" when it is.
static std::string rejection(ng::FileKind kind, ng::InputFormat format,
                             StringRef head) {
  using ng::FileKind;
  if (format == ng::InputFormat::Program) {
    switch (kind) {
    case FileKind::NativeGraph:
    case FileKind::Package:
    case FileKind::MlirText:
    case FileKind::MlirBytecode:
    case FileKind::Empty:
      return "";
    case FileKind::Unknown:
      if (fileIdentifier(head) == "NPTG")
        return "";
      return "is neither an NPTG program (.nptg, .ptn) nor MLIR: it starts "
             "with the bytes " +
             hexHead(head);
    default:
      // The look-alikes (flatc JSON, a .pte): said as for the importer.
      format = ng::InputFormat::NativeGraph;
      break;
    }
  }
  bool wantsGraph = format == ng::InputFormat::NativeGraph;
  // Identified as NPTG, whatever else its first bytes look like, a file is
  // the importer's to read (or reject: W9).
  if (wantsGraph && fileIdentifier(head) == "NPTG")
    return "";
  switch (kind) {
  case FileKind::NativeGraph:
  case FileKind::Package:
    if (wantsGraph)
      return "";
    return kind == FileKind::NativeGraph
               ? "is an NPTG flatbuffer (file identifier 'NPTG'), not MLIR: "
                 "import it with ng-translate --from-native-graph"
               : "is a zip archive (a .ptn package?), not MLIR: import it "
                 "with ng-translate --from-native-graph";
  case FileKind::MlirText:
  case FileKind::MlirBytecode:
    if (!wantsGraph)
      return "";
    return (Twine("is MLIR ") +
            (kind == FileKind::MlirText ? "text" : "bytecode") +
            ", not an NPTG flatbuffer: export it with ng-translate "
            "--to-native-graph (or give it to ng-opt)")
        .str();
  case FileKind::ExecuTorchProgram:
    return ("is an ExecuTorch program (.pte, file identifier '" +
            fileIdentifier(head) + "'), not " +
            (wantsGraph ? "an NPTG graph" : "MLIR") +
            ": ng reads the native backend's graph, an .nptg flatbuffer or "
            "a .ptn package")
        .str();
  case FileKind::Json:
    return wantsGraph
               ? "looks like JSON (flatc's text form of an NPTG program?), "
                 "not the flatbuffer: compile it first with flatc -b "
                 "schema/native_graph.fbs FILE.json"
               : "looks like JSON (flatc's text form of an NPTG program?), "
                 "not MLIR: compile it with flatc -b schema/native_graph.fbs "
                 "FILE.json, then import the .bin with ng-translate "
                 "--from-native-graph";
  case FileKind::Empty:
    return ""; // an empty module; an empty .nptg is the importer's (W1)
  case FileKind::Unknown:
    if (wantsGraph)
      return ""; // the importer names the file identifier (W1)
    return "is neither MLIR text nor MLIR bytecode: it starts with the "
           "bytes " +
           hexHead(head);
  }
  llvm_unreachable("a FileKind");
}

//===----------------------------------------------------------------------===//
// --max-input-size
//===----------------------------------------------------------------------===//

namespace {
/// A number of bytes, for --max-input-size.
struct ByteSize {
  uint64_t bytes;
};

/// A byte count, with an optional binary suffix: 512K, 64M, 4G, 1T.
struct ByteSizeParser : cl::parser<ByteSize> {
  using cl::parser<ByteSize>::parser;

  bool parse(cl::Option &option, StringRef, StringRef arg, ByteSize &value) {
    StringRef digits = arg.rtrim("bB").rtrim("i");
    unsigned shift = 0;
    if (!digits.empty()) {
      switch (toLower(digits.back())) {
      case 'k':
        shift = 10;
        break;
      case 'm':
        shift = 20;
        break;
      case 'g':
        shift = 30;
        break;
      case 't':
        shift = 40;
        break;
      default:
        break;
      }
    }
    if (shift)
      digits = digits.drop_back();
    uint64_t count;
    if (digits.getAsInteger(10, count) || (count << shift) >> shift != count)
      return option.error("'" + arg +
                          "' is not a size (bytes, or with a K, M, G or T "
                          "suffix: 64M, 4G)");
    value.bytes = count << shift;
    return false;
  }
};

struct InputOptions {
  cl::opt<ByteSize, false, ByteSizeParser> maxInputSize{
      "max-input-size",
      cl::desc("The most bytes (K, M, G, T suffixes: 64M) read into memory "
               "from an input that cannot be mapped (standard input, a pipe, "
               "a FIFO, a device; default 4G); regular files are mapped, "
               "whatever their size"),
      cl::init(ByteSize{uint64_t(4) << 30})};
};
} // namespace

static InputOptions &inputOptions() {
  static InputOptions options;
  return options;
}

void ng::registerInputOptions() { inputOptions(); }

uint64_t ng::maxReadInputBytes() {
  return inputOptions().maxInputSize.getValue().bytes;
}

static std::string formatSize(uint64_t bytes) {
  for (auto [shift, unit] : {std::pair<unsigned, const char *>{40, "TiB"},
                             {30, "GiB"},
                             {20, "MiB"},
                             {10, "KiB"}})
    if (bytes && bytes % (uint64_t(1) << shift) == 0)
      return (Twine(bytes >> shift) + " " + unit).str();
  return (Twine(bytes) + " bytes").str();
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// Memory for a stream's bytes that grows without copying them. On Linux
/// anonymous pages, which mremap moves by their page tables; malloc's
/// realloc copies a large block under jemalloc, which ng's tools link
/// (reading a 20 MB program from a pipe touched 44 MB of fresh pages more
/// than mapping it did). Elsewhere, realloc.
class GrowableBlock {
public:
  GrowableBlock() = default;
  GrowableBlock(GrowableBlock &&other)
      : data(std::exchange(other.data, nullptr)),
        capacity(std::exchange(other.capacity, 0)) {}
  GrowableBlock(const GrowableBlock &) = delete;
  GrowableBlock &operator=(const GrowableBlock &) = delete;
  ~GrowableBlock() { release(); }

  char *get() const { return data; }
  uint64_t size() const { return capacity; }

  /// Grow to at least `bytes`, keeping the contents; false when out of
  /// memory (the block is then as it was).
  bool grow(uint64_t bytes) {
#ifdef __linux__
    uint64_t page = sys::Process::getPageSizeEstimate();
    bytes = (bytes + page - 1) / page * page;
    void *grown = data ? ::mremap(data, capacity, bytes, MREMAP_MAYMOVE)
                       : ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (grown == MAP_FAILED)
      return false;
#else
    void *grown = std::realloc(data, bytes);
    if (!grown)
      return false;
#endif
    data = static_cast<char *>(grown);
    capacity = bytes;
    return true;
  }

private:
  void release() {
    if (!data)
      return;
#ifdef __linux__
    ::munmap(data, capacity);
#else
    std::free(data);
#endif
    data = nullptr;
  }

  char *data = nullptr;
  uint64_t capacity = 0;
};

/// Bytes read from a stream, NUL-terminated.
class ReadBuffer final : public MemoryBuffer {
public:
  ReadBuffer(GrowableBlock block, size_t size, std::string name)
      : block(std::move(block)), name(std::move(name)) {
    init(this->block.get(), this->block.get() + size,
         /*RequiresNullTerminator=*/true);
  }
  StringRef getBufferIdentifier() const override { return name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  GrowableBlock block;
  std::string name;
};

/// Reads an input that cannot be mapped, into a block that doubles as it
/// fills.
class StreamReader {
public:
  StreamReader(sys::fs::file_t fd, StringRef name) : fd(fd), name(name) {}

  /// Read until there are `want` bytes or the input ends.
  Error fill(uint64_t want) {
    while (size < want && !ended) {
      // One byte more than the content, for the NUL.
      if (block.size() - size < 2 && !grow(want))
        return ioError("cannot read", name,
                       std::make_error_code(std::errc::not_enough_memory));
      Expected<size_t> got = sys::fs::readNativeFile(
          fd, MutableArrayRef<char>(
                  block.get() + size,
                  std::min<uint64_t>(block.size() - size - 1, want - size)));
      if (!got)
        return ioError("cannot read", name, got.takeError());
      ended = *got == 0;
      size += *got;
    }
    return Error::success();
  }

  StringRef bytes() const { return StringRef(block.get(), size); }

  std::unique_ptr<MemoryBuffer> take() {
    if (!block.get() && !grow(1))
      return nullptr;
    block.get()[size] = '\0';
    return std::make_unique<ReadBuffer>(std::move(block), size, name);
  }

private:
  bool grow(uint64_t want) {
    uint64_t next = std::max<uint64_t>(block.size() * 2, 64 * 1024);
    next = std::min<uint64_t>(next, want + 1);
    next = std::max<uint64_t>(next, size + 2);
    return block.grow(next);
  }

  sys::fs::file_t fd;
  std::string name;
  GrowableBlock block;
  uint64_t size = 0;
  bool ended = false;
};
} // namespace

/// Map a regular file of `size` bytes, once its first bytes are ones that
/// `format` reads.
static Expected<ng::ToolInput> mapInput(sys::fs::file_t fd, StringRef name,
                                        uint64_t size, ng::InputFormat format) {
  char headBytes[ng::kFileHeadBytes];
  Expected<size_t> got = sys::fs::readNativeFileSlice(
      fd,
      MutableArrayRef<char>(headBytes,
                            std::min<uint64_t>(size, sizeof(headBytes))),
      0);
  if (!got)
    return ioError("cannot read", name, got.takeError());
  StringRef head(headBytes, *got);
  ng::ToolInput input;
  input.kind = ng::identifyFile(head);
  std::string why = rejection(input.kind, format, head);
  if (!why.empty())
    return inputError(name, why);
  // Only MLIR's text parser needs the NUL after the end (for a file whose
  // size is a multiple of the page size, MemoryBuffer copies it to add
  // one); flatbuffers, zips and bytecode are mapped as they are.
  bool needsNul = input.kind == ng::FileKind::MlirText;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getOpenFile(fd, name, size, needsNul);
  if (!buffer)
    return ioError("cannot read", name, buffer.getError());
  // Registered as a file mapping: what streams through it (the CRC check, a
  // fold, an export) can release the pages it is done with.
  input.buffer = ng::trackFileMapping(std::move(*buffer));
  return input;
}

/// Read a stream: its first bytes, then (if it is a kind `format` reads) the
/// rest, up to --max-input-size.
static Expected<ng::ToolInput> readInput(sys::fs::file_t fd, StringRef name,
                                         ng::InputFormat format) {
  StreamReader reader(fd, name);
  if (Error error = reader.fill(ng::kFileHeadBytes))
    return std::move(error);
  StringRef head = reader.bytes().take_front(ng::kFileHeadBytes);
  ng::ToolInput input;
  input.kind = ng::identifyFile(head);
  std::string why = rejection(input.kind, format, head);
  if (!why.empty())
    return inputError(name, why);
  // Bytes of no kind the importer reads: those first ones are enough for it
  // to say so (W1).
  bool readOn = input.kind != ng::FileKind::Unknown;
  uint64_t limit = ng::maxReadInputBytes();
  if (readOn) {
    if (Error error = reader.fill(limit + 1))
      return std::move(error);
    if (reader.bytes().size() > limit)
      return inputError(name, "is larger than " + formatSize(limit) +
                                  " (--max-input-size), the most read into "
                                  "memory from a pipe, FIFO or device: give a "
                                  "regular file (mapped, not read) or raise "
                                  "the limit");
  }
  input.buffer = reader.take();
  if (!input.buffer)
    return ioError("cannot read", name,
                   std::make_error_code(std::errc::not_enough_memory));
  return input;
}

Expected<ng::ToolInput> ng::openToolInput(StringRef path, InputFormat format) {
  bool isStdin = path == "-";
  std::string name = isStdin ? "<stdin>" : path.str();
  sys::fs::file_t fd;
  if (isStdin) {
    fd = sys::fs::getStdinHandle();
    // A tool reading a terminal looks stuck; say why.
    if (sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
      errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                "interrupt)\n";
  } else {
    Expected<sys::fs::file_t> opened = sys::fs::openNativeFileForRead(path);
    if (!opened)
      return ioError("cannot open input file", path, opened.takeError());
    fd = *opened;
  }
  llvm::scope_exit closeLater([&] {
    if (!isStdin)
      sys::fs::closeFile(fd);
  });

  sys::fs::file_status status;
  if (std::error_code error = sys::fs::status(fd, status))
    return ioError("cannot read", name, error);
  if (status.type() == sys::fs::file_type::directory_file)
    return ioError("cannot read", name,
                   std::make_error_code(std::errc::is_a_directory));
  // Standard input redirected from a file maps too, unless something has
  // already read some of it.
  bool mappable = status.type() == sys::fs::file_type::regular_file &&
                  (!isStdin || ::lseek(fd, 0, SEEK_CUR) == 0);
  if (mappable)
    return mapInput(fd, name, status.getSize(), format);
  return readInput(fd, name, format);
}

std::optional<ng::ToolInput> ng::openCheckedInput(StringRef path,
                                                  InputFormat format) {
  Expected<ToolInput> input = openToolInput(path, format);
  if (!input) {
    reportToolError(toString(input.takeError()));
    return std::nullopt;
  }
  if (input->kind == FileKind::MlirText &&
      failed(checkTextBeforeParsing(*input->buffer)))
    return std::nullopt;
  return std::move(*input);
}

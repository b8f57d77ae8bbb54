//===- NativeGraphTranslations.cpp - ng-translate's translations ----------===//
//
// The tool's side of --from-native-graph and --to-native-graph: its options,
// when to use threads, verifying on a second thread beside the printer or
// the export, the outputs committed together. What a translation does is
// the translation library's (ng/Target/NativeGraph/Import.h, Export.h).
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/NativeGraphTranslations.h"
#include "ng/Dialect/ModuleDiagnostics.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Support/OutputFiles.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/ProgramFiles.h"
#include "ng/Tools/SourceLines.h"
#include "ng/Tools/ToolDiagnostics.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"

#include <cstring>
#include <memory>
#include <vector>

using namespace mlir;

namespace {
/// --ng-container: what --to-native-graph writes.
enum class ContainerChoice { Auto, Program, Package };

/// ng-translate's own options. Created when the translations are registered
/// (not at static initialization), so tools that merely link this library,
/// like ng-opt, do not get them (ng-opt has an --emit-bytecode of its own).
struct TranslateOptions {
  llvm::cl::opt<std::string> constantsFile{
      "constants",
      llvm::cl::desc(
          "Constant data (safetensors) of the program: read with "
          "--from-native-graph for an .nptg input; written with "
          "--to-native-graph (default: beside -o, as <stem>.safetensors)"),
      llvm::cl::value_desc("file.safetensors"), llvm::cl::init("")};
  llvm::cl::opt<bool> emitBytecode{
      "emit-bytecode",
      llvm::cl::desc(
          "With --from-native-graph: write MLIR bytecode instead of text. "
          "Weights stay binary (text prints them as hex), and ng-opt maps "
          "them back without copying: the way to carry a large model "
          "through ng-opt"),
      llvm::cl::init(false)};
  llvm::cl::opt<ContainerChoice> container{
      "ng-container",
      llvm::cl::desc("With --to-native-graph: what to write (default: by "
                     "-o's extension, .ptn in any case a package)"),
      llvm::cl::values(
          clEnumValN(ContainerChoice::Auto, "auto",
                     "a package for a .ptn output (any case), else a program"),
          clEnumValN(ContainerChoice::Program, "program",
                     "an NPTG program, its constants beside it as "
                     "<stem>.safetensors (or --constants)"),
          clEnumValN(ContainerChoice::Package, "package",
                     "a .ptn package, the program and its constants in one "
                     "zip")),
      llvm::cl::init(ContainerChoice::Auto)};
  llvm::cl::opt<bool> alwaysThread{
      "always-thread",
      llvm::cl::desc("Use threads however small the input (by default they "
                     "are used only where they pay off); for testing the "
                     "threaded paths"),
      llvm::cl::init(false), llvm::cl::Hidden};
};

TranslateOptions &translateOptions() {
  static TranslateOptions options;
  return options;
}
} // namespace

/// A second thread (verification beside the import, the printer and the
/// export) pays off only when the work it hides outweighs what threading
/// costs: a thread-safe (locked) attribute and type uniquer for the whole
/// run, and a core taken from the other stage when two ng-translate
/// processes run in a pipe. Measured on bench/gen_decoder.py programs
/// (docs/performance.md): single-threaded is 3-6% faster at 3k-11k nodes
/// (.nptg 1.5-5 MB, text 0.6-2.3 MB); threads are 6-12% faster from 30k
/// nodes (.nptg 15 MB, text 6 MB) up. Inputs below these sizes therefore
/// run single-threaded (ng::kThreadedImportMinBytes for an .nptg, this for
/// text IR). (--mlir-disable-threading still forces it.)
static constexpr uint64_t kThreadedExportMinBytes = 4u << 20; // text IR

static void singleThreadedBelow(MLIRContext *context, uint64_t inputBytes,
                                uint64_t threshold) {
  if (inputBytes < threshold && !translateOptions().alwaysThread &&
      context->isMultithreadingEnabled())
    context->disableMultithreading();
}

/// The threads of a run that uses them. The IR is built (imported or
/// parsed) with the context single-threaded: under threads MLIR's uniquer
/// probes three hash tables, two of them under a lock, for every attribute
/// it has not seen, and a program brings a few per node (its name, its
/// location), so a million-node import took ~30% longer (docs/performance.md).
/// Meanwhile a second thread verifies the flatbuffer ahead of the import
/// (ImportOptions::threads), which needs no context. Threads are switched on
/// for the stage after, where the verifier runs beside the printer or the
/// export. A context's pool must outlive it (MLIRContext::setThreadPool).
static llvm::ThreadPoolInterface &toolThreads() {
  static llvm::DefaultThreadPool pool;
  return pool;
}

/// Make `context` single-threaded while the IR is built; returns the pool
/// to give it afterwards (threadsFromHereOn), null for a single-threaded run.
static llvm::ThreadPoolInterface *buildSingleThreaded(MLIRContext *context) {
  if (!context->isMultithreadingEnabled())
    return nullptr;
  context->disableMultithreading();
  return &toolThreads();
}

static void threadsFromHereOn(MLIRContext *context,
                              llvm::ThreadPoolInterface *threads) {
  if (threads)
    context->setThreadPool(*threads);
}

/// ng-translate exits right after its translation, so freeing the module op
/// by op (2-3% of a run on a large program) is work nobody needs. As clang
/// does with -disable-free, the module is left to the process exit;
/// BuryPointer keeps it reachable, so leak checkers stay quiet.
static void leaveToExit(OwningOpRef<ModuleOp> &module) {
  if (module)
    llvm::BuryPointer(module.release().getOperation());
}

/// The outputs of the tool's run (ng-translate's -o first), when the tool
/// says; the export adds the program's constants to them.
static ng::OutputFiles *&runOutputs() {
  static ng::OutputFiles *outputs = nullptr;
  return outputs;
}

void ng::setTranslateOutputs(OutputFiles *outputs) { runOutputs() = outputs; }

/// The path the tool will finally write (-o), "" when unknown.
static StringRef outputPath() {
  return runOutputs() ? runOutputs()->primaryPath() : StringRef();
}

/// What --to-native-graph writes to `path`: --ng-container, by default
/// what the path's extension says.
static ng::Container containerFor(StringRef path) {
  switch (translateOptions().container) {
  case ContainerChoice::Program:
    return ng::Container::Program;
  case ContainerChoice::Package:
    return ng::Container::Package;
  case ContainerChoice::Auto:
    break;
  }
  return ng::containerForPath(path);
}

std::optional<ng::InputFormat> ng::translationInput(StringRef translation) {
  if (translation == "from-native-graph")
    return InputFormat::NativeGraph;
  if (translation == "to-native-graph")
    return InputFormat::Ir;
  return std::nullopt;
}

LogicalResult ng::checkTranslateUsage(const TranslateUsage &usage) {
  const TranslateOptions &options = translateOptions();
  auto usageError = [](const Twine &message) {
    reportToolError(message);
    return failure();
  };
  if (usage.translation == "from-native-graph") {
    if (usage.splitInput)
      return usageError("--split-input-file splits text, and "
                        "--from-native-graph reads a binary .nptg or .ptn");
    if (options.container.getNumOccurrences())
      return usageError("--ng-container goes with --to-native-graph: "
                        "--from-native-graph reads the container its input "
                        "is (told by its bytes)");
    return success();
  }
  if (usage.translation != "to-native-graph")
    return success();
  if (options.emitBytecode)
    return usageError("--emit-bytecode goes with --from-native-graph: "
                      "--to-native-graph writes NPTG");
  if (containerFor(usage.outputPath) == Container::Package &&
      !options.constantsFile.empty())
    return usageError("a .ptn package holds its own constants; drop "
                      "--constants");
  // Each part would be a program of its own, their flatbuffers one after
  // the other in one file: no reader takes that. Diagnostic tests still
  // split (their output is not kept).
  if (usage.splitInput && !usage.verifyDiagnostics)
    return usageError("--split-input-file would write one flatbuffer per "
                      "part into one file; export one program per run (the "
                      "option is for --verify-diagnostics tests)");
  return success();
}

/// Nothing to export is an error: an empty input is most often a failed
/// stage before this one (`ng-opt bad.mlir | ng-translate ...`), and
/// exporting it would replace a good program with one without methods.
static LogicalResult checkSomethingToExport(ModuleOp module,
                                            const llvm::MemoryBuffer &input) {
  if (!module.getBody()->empty())
    return success();
  if (input.getBuffer().trim().empty())
    return ng::emitModuleError(module)
           << "nothing to export: the input is empty";
  return ng::emitModuleError(module)
         << "nothing to export: the module holds no "
            "ng.method";
}

static LogicalResult exportToTarget(ModuleOp module, raw_ostream &output) {
  StringRef target = outputPath();
  // Run by a driver other than ng-translate (which commits them with the
  // program), the translation commits the program's constants itself.
  ng::OutputFiles ownOutputs;
  ng::CompanionOutputs companions(runOutputs() ? *runOutputs() : ownOutputs);
  ng::ExportOptions options;
  options.container = containerFor(target);
  if (options.container == ng::Container::Package)
    return ng::exportModule(module, output, options, companions);

  // The program is assembled in memory first, so a failure writes nothing.
  SmallVector<uint8_t> program;
  if (failed(ng::exportVerifiedNativeGraph(module, program)))
    return failure();
  // The constants go beside the program (or where --constants says), but
  // never beside a device, a FIFO or standard output (-o /dev/null would
  // create a regular /dev/null.safetensors).
  options.constantsPath = translateOptions().constantsFile;
  bool inPlace = runOutputs() ? runOutputs()->primaryIsInPlace()
                              : ng::isWrittenInPlace(target);
  if (options.constantsPath.empty() && !inPlace)
    options.constantsPath = ng::constantsPathBeside(target);
  if (ng::getConstantData(module) && options.constantsPath.empty()) {
    InFlightDiagnostic diag = ng::emitModuleError(module);
    if (!target.empty() && target != "-")
      diag << "-o '" << target
           << "' is not a regular file, so nothing goes beside it: ";
    diag << "the program carries constant data: write it as a package "
            "(-o FILE.ptn, or --ng-container=package), or give "
            "--constants=FILE.safetensors";
    return failure();
  }
  if (failed(ng::writeProgram(module, program, output, options.constantsPath,
                              companions)))
    return failure();
  if (!runOutputs())
    if (llvm::Error error = ownOutputs.commit())
      return ng::emitModuleError(module) << toString(std::move(error));
  return success();
}

namespace {
/// Output held back until it may be written, in chunks of 1 MiB: a large
/// program is neither copied as it grows nor faulted in more than once (a
/// std::string doubling its way to a 20 MB program touched 64 MB of fresh
/// pages, a third of `--from-native-graph`'s page faults at 100k nodes).
class HeldOutput : public llvm::raw_ostream {
public:
  HeldOutput() { SetBufferSize(64 * 1024); }
  ~HeldOutput() override { flush(); }

  /// Write what was held to `os`.
  void writeTo(llvm::raw_ostream &os) {
    flush();
    for (size_t i = 0; i < chunks.size(); ++i)
      os.write(chunks[i].get(), i + 1 < chunks.size() ? kChunkBytes : lastUsed);
  }

private:
  static constexpr size_t kChunkBytes = 1 << 20;

  void write_impl(const char *ptr, size_t size) override {
    while (size) {
      if (chunks.empty() || lastUsed == kChunkBytes) {
        // Not value-initialized: the pages are touched when written.
        chunks.emplace_back(new char[kChunkBytes]);
        lastUsed = 0;
      }
      size_t piece = std::min(size, kChunkBytes - lastUsed);
      std::memcpy(chunks.back().get() + lastUsed, ptr, piece);
      lastUsed += piece;
      total += piece;
      ptr += piece;
      size -= piece;
    }
  }
  uint64_t current_pos() const override { return total; }

  std::vector<std::unique_ptr<char[]>> chunks;
  size_t lastUsed = 0;
  uint64_t total = 0;
};
} // namespace

/// Verify `module` and write it to `output` with `write` (the printer or
/// the bytecode writer) side by side, on a context that may use threads:
/// both only read the IR, and the verifier then costs no time of its own.
/// Nothing reaches `output` unless the module verifies: the output goes to
/// memory first when `output` is written in place (standard output, a
/// device, a FIFO); a regular file is written to a temporary and renamed
/// only on success (ng/Support/OutputFiles.h). Output that `carriesWeights`
/// (bytecode holds them, mapped from the input) is never held: in memory
/// the weights would be copied whole (a 2.66 GB model to a pipe took 5.2 GB
/// and six times as long), so in place it is verified first, then streamed.
static LogicalResult
writeVerified(ModuleOp module, raw_ostream &output, bool carriesWeights,
              function_ref<LogicalResult(raw_ostream &)> write) {
  MLIRContext *context = module.getContext();
  bool inPlace = !runOutputs() || runOutputs()->primaryIsInPlace();
  if (inPlace && carriesWeights) {
    if (failed(ng::verifyImportedProgram(module)))
      return failure();
    return write(output);
  }
  HeldOutput held;
  raw_ostream &writeTo = inPlace ? static_cast<raw_ostream &>(held) : output;

  LogicalResult verified = failure();
  ng::settleOpOrder(module);
  llvm::ThreadPoolInterface &pool = context->getThreadPool();
  std::shared_future<void> verifying =
      pool.async([&] { verified = ng::verifyImportedProgram(module); });
  LogicalResult written = write(writeTo);
  verifying.wait();
  if (failed(verified) || failed(written))
    return failure();
  if (inPlace)
    held.writeTo(output);
  return success();
}

/// Parse the text or bytecode IR of `sourceMgr`, unverified (exportToTarget
/// verifies it, beside the export when it can). Bytecode errors get a note:
/// it is read as a trusted format.
static OwningOpRef<ModuleOp>
parseIr(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
        MLIRContext *context) {
  std::optional<ScopedDiagnosticHandler> trustNote;
  if (isBytecode(*sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())))
    trustNote.emplace(context, [](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        diag.attachNote() << ng::kTrustedBytecodeNote;
      return failure(); // and on to the handler that prints it
    });
  else
    ng::indexSourceLines(*sourceMgr, sourceMgr->getMainFileID());
  return parseSourceFile<ModuleOp>(
      sourceMgr, ParserConfig(context, /*verifyAfterParse=*/false));
}

/// Printed text goes out in large writes. A raw_fd_ostream buffers what the
/// file system suggests (st_blksize: 4 KiB for a pipe), so
/// `ng-translate --from-native-graph | ng-translate --to-native-graph` made
/// ~550 writes and as many reads of an 11k-node program, each waking the
/// other process.
static void bufferGenerously(raw_ostream &output) {
  constexpr size_t kBufferSize = 64 * 1024; // a Linux pipe's capacity
  if (dynamic_cast<llvm::raw_fd_ostream *>(&output) &&
      output.GetBufferSize() < kBufferSize)
    output.SetBufferSize(kBufferSize);
}

/// --from-native-graph: import the input (ng::importProgram) and print it,
/// or write it as bytecode.
static LogicalResult
fromNativeGraph(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                raw_ostream &output, MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  singleThreadedBelow(context, buffer->getBufferSize(),
                      ng::kThreadedImportMinBytes);
  ng::ImportOptions options;
  options.constantsPath = translateOptions().constantsFile;
  // Verified node by node as imported, while the nodes are in cache; with
  // threads, instead, the whole module beside the printer or the bytecode
  // writer.
  bool verifyBesideWriter = context->isMultithreadingEnabled();
  options.verify = !verifyBesideWriter;
  options.threads = buildSingleThreaded(context);
  // Constant resources point into the input: keep it mapped.
  OwningOpRef<ModuleOp> module =
      ng::importProgram(buffer->getBuffer(), buffer->getBufferIdentifier(),
                        sourceMgr, context, options);
  threadsFromHereOn(context, options.threads);
  llvm::scope_exit atExit([&] { leaveToExit(module); });
  if (!module)
    return failure();
  bufferGenerously(output);
  // The import verified the module, or the verifier runs beside the writer:
  // the printer need not verify it again.
  auto write = [&](raw_ostream &os) -> LogicalResult {
    if (translateOptions().emitBytecode)
      return writeBytecodeToFile(*module, os);
    module->print(os, OpPrintingFlags().assumeVerified());
    return success();
  };
  if (!verifyBesideWriter)
    return write(output);
  bool carriesWeights =
      translateOptions().emitBytecode && ng::getConstantData(*module);
  return writeVerified(*module, output, carriesWeights, write);
}

/// --to-native-graph: parse the input and export it (exportToTarget).
static LogicalResult
toNativeGraph(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
              raw_ostream &output, MLIRContext *context) {
  DialectRegistry registry;
  registry.insert<ng::NgDialect>();
  context->appendDialectRegistry(registry);
  const llvm::MemoryBuffer &input =
      *sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  singleThreadedBelow(context, input.getBufferSize(), kThreadedExportMinBytes);
  llvm::ThreadPoolInterface *threads = buildSingleThreaded(context);
  OwningOpRef<ModuleOp> module = parseIr(sourceMgr, context);
  threadsFromHereOn(context, threads);
  llvm::scope_exit atExit([&] { leaveToExit(module); });
  if (!module || failed(checkSomethingToExport(*module, input)))
    return failure();
  return exportToTarget(*module, output);
}

void ng::registerNativeGraphTranslations() {
  translateOptions(); // registers the options
  // File-to-file translations: the import's output can be bytecode, and
  // TranslateFromMLIRRegistration would verify the parsed module a second
  // time after the parser's own verification (7% of the export's
  // instructions on an 11k-node program).
  static TranslateRegistration importRegistration(
      "from-native-graph",
      "import an NPTG program (.nptg, with --constants=FILE.safetensors, or a "
      ".ptn package) as ng IR; verified against the format's rules, errors "
      "name the method, node and argument at fault",
      fromNativeGraph);
  static TranslateRegistration exportRegistration(
      "to-native-graph",
      "export ng IR as NPTG: -o FILE.ptn writes a package, -o FILE.nptg the "
      "program with its constants beside it as FILE.safetensors "
      "(--ng-container says otherwise); deterministic, and nothing is "
      "written unless everything can be",
      toNativeGraph);
}

//===- TranslateMain.cpp - ng-translate's driver --------------------------===//
//
// mlirTranslateMain's options and its run of one translation per input (or
// per part, with --split-input-file), on the input and outputs that ng
// opens (ng/Tools/InputFile.h, ng/Support/OutputFiles.h).
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/TranslateMain.h"

#include "ng/Support/OutputFiles.h"
#include "ng/Tools/InputFile.h"
#include "ng/Tools/NativeGraphTranslations.h"
#include "ng/Tools/ToolDiagnostics.h"
#include "ng/Tools/VisualTranslations.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;

namespace {
/// mlir::TranslationParser that can tell which translation it parsed.
struct NamedTranslationParser : TranslationParser {
  using TranslationParser::TranslationParser;

  llvm::StringRef nameOf(const Translation *translation) const {
    for (const auto &value : Values)
      if (value.V.getValue() == translation)
        return value.Name;
    return "";
  }
};

/// Marks non-error diagnostics handled, so that only errors are printed.
class ErrorDiagnosticFilter : public ScopedDiagnosticHandler {
public:
  explicit ErrorDiagnosticFilter(MLIRContext *context)
      : ScopedDiagnosticHandler(context) {
    setHandler([](Diagnostic &diag) {
      return success(diag.getSeverity() != DiagnosticSeverity::Error);
    });
  }
};

/// mlirTranslateMain's options.
struct Options {
  llvm::cl::opt<std::string> inputFilename{llvm::cl::Positional,
                                           llvm::cl::desc("<input file>"),
                                           llvm::cl::init("-")};
  llvm::cl::opt<std::string> outputFilename{
      "o", llvm::cl::desc("Output filename"), llvm::cl::value_desc("filename"),
      llvm::cl::init("-")};
  llvm::cl::opt<bool> allowUnregisteredDialects{
      "allow-unregistered-dialect",
      llvm::cl::desc("Allow operation with no registered dialects "
                     "(discouraged: testing only!)"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> inputSplitMarker{
      "split-input-file", llvm::cl::ValueOptional,
      llvm::cl::callback([this](const std::string &marker) {
        // Given without a value: the default marker.
        if (marker.empty())
          inputSplitMarker.setValue(kDefaultSplitMarker);
      }),
      llvm::cl::desc("Split the input file into chunks using the given or "
                     "default marker and process each chunk independently"),
      llvm::cl::init("")};
  llvm::cl::opt<SourceMgrDiagnosticVerifierHandler::Level> verifyDiagnostics{
      "verify-diagnostics", llvm::cl::ValueOptional,
      llvm::cl::desc("Check that emitted diagnostics match expected-* lines "
                     "on the corresponding line"),
      llvm::cl::values(
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "all",
                     "Check all diagnostics (expected, unexpected, "
                     "near-misses)"),
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "",
                     "Check all diagnostics (expected, unexpected, "
                     "near-misses)"),
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::OnlyExpected,
                     "only-expected", "Check only expected diagnostics"))};
  llvm::cl::opt<bool> errorDiagnosticsOnly{
      "error-diagnostics-only",
      llvm::cl::desc("Filter all non-error diagnostics (discouraged: testing "
                     "only!)"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> outputSplitMarker{
      "output-split-marker",
      llvm::cl::desc("Split marker to use for merging the output"),
      llvm::cl::init("")};
  /// Made once the translations are registered: its values are theirs.
  llvm::cl::list<const Translation *, bool, NamedTranslationParser>
      translations{"", llvm::cl::desc("Translation to perform"),
                   llvm::cl::Required};

  bool verifyingDiagnostics() const {
    return verifyDiagnostics.getNumOccurrences() != 0;
  }
};
} // namespace

/// Run `translation` on one buffer (the input, or a part of it with
/// --split-input-file), in a context of its own.
static LogicalResult translateBuffer(const Options &options,
                                     const Translation &translation,
                                     std::unique_ptr<llvm::MemoryBuffer> buffer,
                                     raw_ostream &os, TimingScope &timing) {
  TimingScope translationTiming = timing.nest(translation.getDescription());
  MLIRContext context;
  context.allowUnregisteredDialects(options.allowUnregisteredDialects);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  if (options.verifyingDiagnostics()) {
    // Whether the translation fails does not matter, only what it reports.
    context.printOpOnDiagnostic(false);
    SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context,
                                               options.verifyDiagnostics);
    (void)translation(sourceMgr, os, &context);
    return handler.verify();
  }
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  std::optional<ErrorDiagnosticFilter> filter;
  if (options.errorDiagnosticsOnly)
    filter.emplace(&context);
  return translation(sourceMgr, os, &context);
}

static LogicalResult translate(Options &options) {
  if (options.translations.size() != 1) {
    ng::reportToolError("give one translation, --from-native-graph, "
                        "--to-native-graph, --to-dot or --to-model-explorer "
                        "(chain two through a pipe)");
    return failure();
  }
  const Translation &translation = *options.translations.front();
  llvm::StringRef name = options.translations.getParser().nameOf(&translation);
  if (failed(ng::checkTranslateUsage({name, options.outputFilename,
                                      !options.inputSplitMarker.empty(),
                                      options.verifyingDiagnostics()})) ||
      failed(ng::checkVisualUsage(name)))
    return failure();

  ng::OutputFiles outputs;
  llvm::Expected<raw_ostream &> output = outputs.open(options.outputFilename);
  if (!output) {
    ng::reportToolError(toString(output.takeError()));
    return failure();
  }
  std::optional<ng::ToolInput> input = ng::openCheckedInput(
      options.inputFilename,
      ng::translationInput(name).value_or(
          ng::visualTranslationInput(name).value_or(ng::InputFormat::Ir)));
  if (!input)
    return failure();
  ng::BytecodeCrashNote crashNote(input->kind == ng::FileKind::MlirBytecode,
                                  input->buffer->getBufferIdentifier());

  ng::setTranslateOutputs(&outputs);
  llvm::scope_exit forgetOutputs([] { ng::setTranslateOutputs(nullptr); });
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  auto translateChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                            raw_ostream &os) {
    return translateBuffer(options, translation, std::move(chunk), os, timing);
  };
  if (failed(splitAndProcessBuffer(std::move(input->buffer), translateChunk,
                                   *output, options.inputSplitMarker,
                                   options.outputSplitMarker)))
    return failure(); // `outputs` discards the temporaries
  if (llvm::Error error = outputs.commit()) {
    ng::reportToolError(toString(std::move(error)));
    return failure();
  }
  return success();
}

void ng::registerAllTranslations() {
  registerNativeGraphTranslations();
  registerVisualTranslations();
}

LogicalResult ng::translateMain(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  setCrashBanner();
  registerInputOptions();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  registerDefaultTimingManagerCLOptions();
  Options options;
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "ng-translate: convert between NPTG flatbuffers and ng IR\n\n"
      "  --from-native-graph  .nptg -> ng IR text (verified: FORMAT.md W/V "
      "rules)\n"
      "  --to-native-graph    ng IR text -> .nptg (deterministic bytes)\n"
      "  --to-dot             a program -> Graphviz DOT (docs/Visualize.md)\n"
      "  --to-model-explorer  a program -> Model Explorer graph JSON\n\n"
      "Errors name the method, node and argument at fault; a failed run "
      "leaves no output file.\n");
  keepDiagnosticsShort();
  return translate(options);
}

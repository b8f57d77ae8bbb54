//===- OptMain.cpp - ng-opt's driver --------------------------------------===//
//
// MlirOptMain does the work, on the input and output that ng opens
// (ng/Tools/InputFile.h, ng/Support/OutputFiles.h), as ng-translate does.
// A program file in (an .nptg or a .ptn) or out (-o FILE.ptn / FILE.nptg)
// takes the program path instead: imported and exported as ng-translate
// would (ng/Target/NativeGraph/ProgramFiles.h), MlirOptMain's pass
// pipeline run on the module in between, no text or bytecode anywhere.
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/OptMain.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Support/OutputFiles.h"
#include "ng/Target/NativeGraph/NodeDiagnostics.h"
#include "ng/Target/NativeGraph/ProgramFiles.h"
#include "ng/Tools/InputFile.h"
#include "ng/Tools/SourceLines.h"
#include "ng/Tools/ToolDiagnostics.h"
#include "ng/Transforms/ChangeSummaryInstrumentation.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
/// ng-opt's options beyond MlirOptMain's (registered when made: optMain
/// makes them once, before it parses the command line).
struct OptOptions {
  llvm::cl::opt<bool> printChanges{
      "ng-print-changes",
      llvm::cl::desc(
          "After the passes, print one line per pass to stderr: how it "
          "changed the calls (by target), the placeholders and the constant "
          "data (methods run one after another)"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> constants{
      "constants",
      llvm::cl::desc("The constant data (safetensors) of an .nptg input "
                     "(C2); a .ptn package carries its own"),
      llvm::cl::value_desc("file.safetensors")};
};

/// Whether `path` names a program file ng-opt writes by exporting
/// (FILE.ptn, FILE.nptg, any case).
bool isProgramOutput(llvm::StringRef path) {
  return path.ends_with_insensitive(".ptn") ||
         path.ends_with_insensitive(".nptg");
}
} // namespace

/// The threads of a program run that uses them (optimizeProgram). A
/// context's pool must outlive it; ng-opt's context is left to the exit.
static llvm::ThreadPoolInterface &programThreads() {
  static llvm::DefaultThreadPool pool;
  return pool;
}

/// The program path: `input` (a program file, or IR) into a module, the
/// pipeline on it, and the result exported to `outputPath` when that is a
/// program file, else printed (or written as bytecode) there.
///
/// A large program file uses a second core as ng-translate does: the
/// flatbuffer is verified just ahead of the import, and with no passes to
/// run the ng verifier runs beside the export instead of node by node in
/// the import. The passes themselves run single-threaded, as before.
static LogicalResult
optimizeProgram(ng::ToolInput input, llvm::StringRef outputPath,
                DialectRegistry &registry, const MlirOptMainConfig &config,
                bool printChanges, llvm::StringRef constants) {
  auto owningContext =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::ENABLED);
  MLIRContext &context = *owningContext;
  // False under --mlir-disable-threading.
  bool mayThread = context.isMultithreadingEnabled();
  context.disableMultithreading();
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  SourceMgrDiagnosticHandler diagnostics(*sourceMgr, &context);
  OwningOpRef<ModuleOp> module;
  // ng-opt ends when this returns (optMain is called once, from main). As
  // clang's -disable-free does, the module, the context and the mapped
  // input are left to the process's exit instead of being torn down op by
  // op and attribute by attribute: a tenth of the run on a 100k-node
  // program. llvm::BuryPointer keeps them reachable, so leak checkers do
  // not report them.
  llvm::scope_exit leaveToExit([&] {
    if (module)
      llvm::BuryPointer(module.release().getOperation());
    llvm::BuryPointer(std::move(owningContext));
    llvm::BuryPointer(new std::shared_ptr<llvm::SourceMgr>(sourceMgr));
  });

  // As MlirOptMain: a method pass given alone nests under the module.
  PassManager pm(&context, ModuleOp::getOperationName(),
                 PassManager::Nesting::Implicit);
  pm.enableVerifier(config.shouldVerifyPasses());
  if (failed(applyPassManagerCLOptions(pm)) ||
      failed(config.setupPassPipeline(pm)))
    return failure();
  if (printChanges)
    pm.addInstrumentation(
        std::make_unique<ng::ChangeSummaryInstrumentation>(llvm::errs()));

  llvm::StringRef bytes = input.buffer->getBuffer();
  std::string name = input.buffer->getBufferIdentifier().str();
  bool isProgramInput = input.kind == ng::FileKind::NativeGraph ||
                        input.kind == ng::FileKind::Package;
  bool threaded = mayThread && isProgramInput &&
                  bytes.size() >= ng::kThreadedImportMinBytes;
  // Verified beside the export, not in the import: nothing runs between.
  bool verifyAtExport =
      threaded && pm.size() == 0 && isProgramOutput(outputPath);
  // The source manager owns the mapped input: constant resources point
  // into it.
  sourceMgr->AddNewSourceBuffer(std::move(input.buffer), llvm::SMLoc());
  if (isProgramInput) {
    ng::ImportOptions options;
    options.constantsPath = constants.str();
    options.threads = threaded ? &programThreads() : nullptr;
    options.verify = !verifyAtExport;
    module = ng::importProgram(bytes, name, sourceMgr, &context, options);
  } else {
    if (input.kind == ng::FileKind::MlirText)
      ng::indexSourceLines(*sourceMgr, sourceMgr->getMainFileID());
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  }
  if (!module)
    return failure();
  if (failed(pm.run(*module)))
    return failure();

  if (isProgramOutput(outputPath)) {
    ng::ExportOptions options;
    options.container = ng::containerForPath(outputPath);
    // The module is verified already: by the import or the parser when the
    // pipeline is empty, by the pass manager after each pass otherwise;
    // only with --verify-each=false, or when the import left it to the
    // export, is the export's own check needed.
    options.verify = verifyAtExport || !config.shouldVerifyPasses();
    if (verifyAtExport) {
      options.verifier = ng::verifyImportedProgram;
      context.setThreadPool(programThreads());
    }
    return ng::exportModuleToFile(*module, outputPath, options);
  }
  ng::OutputFiles outputs;
  llvm::Expected<llvm::raw_ostream &> output = outputs.open(outputPath);
  if (!output) {
    ng::reportToolError(toString(output.takeError()));
    return failure();
  }
  if (config.shouldEmitBytecode()) {
    if (failed(writeBytecodeToFile(*module, *output)))
      return failure();
  } else {
    module->print(*output, OpPrintingFlags().assumeVerified());
  }
  if (llvm::Error error = outputs.commit()) {
    ng::reportToolError(toString(std::move(error)));
    return failure();
  }
  return success();
}

/// Run MlirOptMain on `inputPath`, writing `outputPath`.
static LogicalResult optimize(llvm::StringRef inputPath,
                              llvm::StringRef outputPath,
                              DialectRegistry &registry,
                              MlirOptMainConfig config, bool printChanges,
                              llvm::StringRef constants) {
  std::optional<ng::ToolInput> input =
      ng::openCheckedInput(inputPath, ng::InputFormat::Program);
  if (!input)
    return failure();
  if (input->kind == ng::FileKind::NativeGraph ||
      input->kind == ng::FileKind::Package || isProgramOutput(outputPath))
    return optimizeProgram(std::move(*input), outputPath, registry, config,
                           printChanges, constants);
  if (!constants.empty()) {
    ng::reportToolError("--constants is for an .nptg input, and '" + inputPath +
                        "' is IR");
    return failure();
  }

  ng::OutputFiles outputs;
  llvm::Expected<llvm::raw_ostream &> output = outputs.open(outputPath);
  if (!output) {
    ng::reportToolError(toString(output.takeError()));
    return failure();
  }
  bool isBytecode = input->kind == ng::FileKind::MlirBytecode;
  std::string inputName = input->buffer->getBufferIdentifier().str();
  ng::BytecodeCrashNote crashNote(isBytecode, inputName);
  // MlirOptMain sets up the pass pipeline once the input has parsed: had it
  // not been reached, the failure was the parser's.
  bool parsed = false;
  MlirOptMainConfig passes = config;
  config.setPassPipelineSetupFn(
      [&parsed, passes, printChanges](PassManager &pm) {
        parsed = true;
        if (printChanges) {
          // Counted between passes: one method at a time.
          pm.getContext()->disableMultithreading();
          pm.addInstrumentation(
              std::make_unique<ng::ChangeSummaryInstrumentation>(llvm::errs()));
        }
        return passes.setupPassPipeline(pm);
      });
  if (failed(
          MlirOptMain(*output, std::move(input->buffer), registry, config))) {
    if (isBytecode && !parsed)
      ng::reportToolNote(ng::kTrustedBytecodeNote, inputName);
    return failure(); // `outputs` discards the temporary
  }
  if (llvm::Error error = outputs.commit()) {
    ng::reportToolError(toString(std::move(error)));
    return failure();
  }
  return success();
}

/// Load the plugins that --load-pass-plugin / --load-dialect-plugin name
/// and register their passes and dialects, before the command line is
/// parsed, and take those arguments out of `args`. ng-opt does this itself
/// rather than leave it to MlirOptMain for two reasons: a plugin's passes
/// are then options like every other pass (`--my-pass`, not only inside
/// --pass-pipeline), since the pass options are made when the command line
/// is set up; and a plugin that cannot be loaded stops the run with the
/// loader's reason, where MlirOptMain prints "Request ignored" and runs the
/// pipeline without the pass asked for.
static bool loadPlugins(SmallVectorImpl<char *> &args,
                        DialectRegistry &registry) {
  bool loaded = true;
  SmallVector<char *> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (i == 0 || arg == "--") {
      kept.append(args.begin() + i, i == 0 ? args.begin() + 1 : args.end());
      if (i != 0)
        break;
      continue;
    }
    llvm::StringRef option = arg.ltrim('-');
    bool isPass = option.consume_front("load-pass-plugin");
    bool isDialect = !isPass && option.consume_front("load-dialect-plugin");
    std::string path;
    if ((isPass || isDialect) && option.consume_front("="))
      path = option.str();
    else if ((isPass || isDialect) && option.empty() && i + 1 < args.size())
      path = args[++i];
    else {
      kept.push_back(args[i]); // another option, or one the parser rejects
      continue;
    }
    llvm::Error error = llvm::Error::success();
    if (isPass) {
      llvm::Expected<PassPlugin> plugin = PassPlugin::load(path);
      if (plugin)
        plugin->registerPassRegistryCallbacks();
      else
        error = plugin.takeError();
    } else {
      llvm::Expected<DialectPlugin> plugin = DialectPlugin::load(path);
      if (plugin)
        plugin->registerDialectRegistryCallbacks(registry);
      else
        error = plugin.takeError();
    }
    if (error) {
      ng::reportToolError(
          "cannot load " + llvm::Twine(isPass ? "pass" : "dialect") +
          " plugin '" + path + "': " + toString(std::move(error)));
      loaded = false;
    }
  }
  args.assign(kept.begin(), kept.end());
  return loaded;
}

LogicalResult ng::optMain(int argc, char **argv, DialectRegistry &registry) {
  llvm::InitLLVM initLLVM(argc, argv);
  setCrashBanner();
  registerInputOptions();
  OptOptions options;
  SmallVector<char *> args(argv, argv + argc);
  if (!loadPlugins(args, registry))
    return failure();
  args.push_back(nullptr); // argv[argc], as the option parser may expect
  auto [inputPath, outputPath] = registerAndParseCLIOptions(
      static_cast<int>(args.size() - 1), args.data(),
      "ng optimizer driver: verifies ng IR (FORMAT.md rules) and runs passes\n",
      registry);
  keepDiagnosticsShort();
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // Diagnostics on an imported program's ops (the verifier's and every
  // pass's) say which method and node, from the moment the ng dialect is
  // loaded, which is before the parser verifies anything.
  // (-verify-diagnostics matches diagnostics as they are made.)
  if (!config.shouldVerifyDiagnostics())
    registry.addExtension(
        +[](MLIRContext *ctx, NgDialect *) { nameNodesInDiagnostics(ctx); });
  // Listings that read no input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return MlirOptMain(llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""),
                       registry, config);
  return optimize(inputPath, outputPath, registry, config, options.printChanges,
                  options.constants);
}

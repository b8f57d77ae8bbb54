//===- VisualTranslations.cpp - ng-translate's pictures -------------------===//
//
// The tool's side of --to-dot and --to-model-explorer: their options, and
// reading the program from whichever form it comes in. An NPTG input is
// imported (and verified) as --from-native-graph does, single-threaded: a
// picture has nothing for a second thread to do.
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/VisualTranslations.h"
#include "ng/Dialect/ModuleDiagnostics.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/Visual/Visual.h"
#include "ng/Tools/SourceLines.h"
#include "ng/Tools/ToolDiagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;

namespace {
/// The options of the pictures. Created when the translations are
/// registered, as ng-translate's others are.
struct VisualToolOptions {
  llvm::cl::opt<ng::LayerStyle> layers{
      "layers",
      llvm::cl::desc("With --to-dot / --to-model-explorer: how to show a "
                     "method's layers (nodes grouped by the layer number in "
                     "their weights' keys, see --layer-prefix)"),
      llvm::cl::values(
          clEnumValN(ng::LayerStyle::Cluster, "cluster",
                     "DOT: a cluster per layer; Model Explorer: a namespace "
                     "(the default)"),
          clEnumValN(ng::LayerStyle::Collapse, "collapse",
                     "DOT: one box per layer, so a large decoder renders; "
                     "Model Explorer: a namespace (it folds them itself)"),
          clEnumValN(ng::LayerStyle::Flat, "flat", "no grouping")),
      llvm::cl::init(ng::LayerStyle::Cluster)};
  llvm::cl::opt<std::string> layerPrefix{
      "layer-prefix",
      llvm::cl::desc("The word before a layer's number in keys and names "
                     "(default 'layers': layers.3.attention.wq.weight, "
                     "p_layers_3_ffn_norm_weight)"),
      llvm::cl::value_desc("word"), llvm::cl::init("layers")};
  llvm::cl::opt<std::string> nodeRange{
      "node-range",
      llvm::cl::desc("With --to-dot / --to-model-explorer: only the nodes "
                     "FIRST..END-1 of each method (placeholders first, then "
                     "calls, then the output node); values from outside are "
                     "drawn as stubs"),
      llvm::cl::value_desc("FIRST:END"), llvm::cl::init("")};
};

VisualToolOptions &visualOptions() {
  static VisualToolOptions options;
  return options;
}

bool isPicture(StringRef translation) {
  return translation == "to-dot" || translation == "to-model-explorer";
}
} // namespace

std::optional<ng::InputFormat>
ng::visualTranslationInput(StringRef translation) {
  if (isPicture(translation))
    return InputFormat::Program;
  return std::nullopt;
}

LogicalResult ng::checkVisualUsage(StringRef translation) {
  VisualToolOptions &options = visualOptions();
  auto usageError = [](const Twine &message) {
    reportToolError(message);
    return failure();
  };
  if (!isPicture(translation)) {
    for (llvm::cl::Option *option :
         {static_cast<llvm::cl::Option *>(&options.layers),
          static_cast<llvm::cl::Option *>(&options.layerPrefix),
          static_cast<llvm::cl::Option *>(&options.nodeRange)})
      if (option->getNumOccurrences())
        return usageError("--" + option->ArgStr +
                          " goes with --to-dot or --to-model-explorer");
    return success();
  }
  // The import's and the export's options say nothing about a picture.
  auto registered = llvm::cl::getRegisteredOptions();
  for (StringRef name : {"emit-bytecode", "ng-container", "constants"}) {
    auto found = registered.find(name);
    if (found != registered.end() && found->second->getNumOccurrences())
      return usageError("--" + name + " does not go with --" + translation +
                        ": a picture shows the graph, not its data");
  }
  if (!options.nodeRange.empty())
    if (llvm::Expected<NodeRange> range = parseNodeRange(options.nodeRange);
        !range)
      return usageError(toString(range.takeError()));
  return success();
}

static ng::VisualOptions getVisualOptions(StringRef inputName) {
  VisualToolOptions &tool = visualOptions();
  ng::VisualOptions options;
  // "<stdin>" as MLIR names it: a file read from a pipe has no better name.
  options.label = llvm::sys::path::filename(inputName).str();
  options.layers = tool.layers;
  options.layerWord = tool.layerPrefix;
  if (!tool.nodeRange.empty()) {
    // Checked by checkVisualUsage; another driver gets no range for a bad
    // one.
    if (llvm::Expected<ng::NodeRange> range =
            ng::parseNodeRange(tool.nodeRange))
      options.range = *range;
    else
      llvm::consumeError(range.takeError());
  }
  return options;
}

/// The program of `sourceMgr`'s main buffer: imported when it is NPTG (an
/// .nptg or a .ptn), parsed when it is IR; verified either way.
static OwningOpRef<ModuleOp>
loadProgram(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
            MLIRContext *context) {
  DialectRegistry registry;
  registry.insert<ng::NgDialect>();
  context->appendDialectRegistry(registry);
  // Built and read on one thread: threads would only make the uniquer lock.
  if (context->isMultithreadingEnabled())
    context->disableMultithreading();
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  StringRef bytes = buffer->getBuffer();
  ng::FileKind kind = ng::identifyFile(bytes.take_front(ng::kFileHeadBytes));
  OwningOpRef<ModuleOp> module;
  if (kind == ng::FileKind::NativeGraph || kind == ng::FileKind::Package ||
      kind == ng::FileKind::Unknown)
    module = ng::importProgram(bytes, buffer->getBufferIdentifier(), sourceMgr,
                               context);
  else {
    if (kind == ng::FileKind::MlirText)
      ng::indexSourceLines(*sourceMgr, sourceMgr->getMainFileID());
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  }
  if (module && bytes.trim().empty()) {
    ng::emitModuleError(*module) << "nothing to draw: the input is empty";
    return nullptr;
  }
  return module;
}

/// Beyond this many nodes in one method, a clustered DOT picture is one dot
/// lays out slowly and draws too large to read: the bundled 207-node
/// decoder is 7240x8921 points and takes 10 s.
constexpr uint64_t kClusterAdviceNodes = 150;

/// Advice when a method's clustered picture would be that large: what to
/// draw instead. A warning on stderr; the picture is written all the same.
static void adviseOnPictureSize(ModuleOp module,
                                const ng::VisualOptions &options) {
  if (options.layers != ng::LayerStyle::Cluster)
    return;
  for (ng::MethodOp method : module.getOps<ng::MethodOp>()) {
    Region &body = method.getBody();
    if (body.empty())
      continue;
    // Placeholders, calls and the OUTPUT node (FORMAT.md S1).
    uint64_t nodes =
        body.getNumArguments() + body.front().getOperations().size();
    if (options.range)
      nodes = std::min(nodes, options.range->end) -
              std::min(nodes, options.range->first);
    if (nodes <= kClusterAdviceNodes)
      continue;
    llvm::WithColor::warning()
        << "method '" << method.getSymName() << "': " << nodes
        << " nodes in layer clusters make a picture dot lays out slowly and "
           "too large to read; --layers=collapse draws a box per layer, "
           "--node-range=FIRST:END a part (e.g. --node-range=0:"
        << kClusterAdviceNodes
        << "), --to-model-explorer folds layers in "
           "the browser\n";
  }
}

/// Load the program, draw it with `draw`; the module is left to the
/// process exit, as ng-translate's other translations leave theirs.
template <typename Draw>
static LogicalResult drawProgram(const std::shared_ptr<llvm::SourceMgr> &mgr,
                                 raw_ostream &output, MLIRContext *context,
                                 Draw draw, bool isDot) {
  OwningOpRef<ModuleOp> module = loadProgram(mgr, context);
  if (!module)
    return failure();
  ng::VisualOptions options = getVisualOptions(
      mgr->getMemoryBuffer(mgr->getMainFileID())->getBufferIdentifier());
  if (isDot)
    adviseOnPictureSize(*module, options);
  draw(*module, output, options);
  llvm::BuryPointer(module.release().getOperation());
  return success();
}

void ng::registerVisualTranslations() {
  visualOptions(); // registers the options
  static TranslateRegistration dotRegistration(
      "to-dot",
      "draw a program (.nptg, .ptn or ng IR) as a Graphviz digraph: a "
      "cluster per method, layer and subgraph (--layers=collapse: a box per "
      "layer); render with dot -Tsvg",
      [](const std::shared_ptr<llvm::SourceMgr> &mgr, raw_ostream &output,
         MLIRContext *context) {
        return drawProgram(mgr, output, context, writeDot, /*isDot=*/true);
      });
  static TranslateRegistration modelExplorerRegistration(
      "to-model-explorer",
      "write a program (.nptg, .ptn or ng IR) as Google Model Explorer graph "
      "JSON: a graph per method and subgraph, layers as namespaces",
      [](const std::shared_ptr<llvm::SourceMgr> &mgr, raw_ostream &output,
         MLIRContext *context) {
        return drawProgram(mgr, output, context, writeModelExplorerJson,
                           /*isDot=*/false);
      });
}

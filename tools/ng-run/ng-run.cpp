//===- ng-run.cpp - run an ng program on concrete inputs ------------------===//
//
// The reference interpreter's driver (docs/Interpreter.md):
//
//   ng-run model.ptn --inputs=in.safetensors -o out.safetensors
//   ng-run model.ptn --random-inputs=7 -o out.safetensors
//   ng-run a.mlir --compare=b.mlir --random-inputs=7 --trials=3
//
// Exit status: 0 on success (and, comparing, when every output matches),
// 1 on any error or difference, with a message naming it.
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"
#include "ng/Interpreter/Interpreter.h"
#include "ng/Interpreter/Kernel.h"
#include "ng/Target/NativeGraph/NodeDiagnostics.h"
#include "ng/Target/NativeGraph/ProgramFiles.h"
#include "ng/Tools/InputFile.h"
#include "ng/Tools/SourceLines.h"
#include "ng/Tools/ToolDiagnostics.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace ng;

namespace {
llvm::cl::OptionCategory category("ng-run options");

llvm::cl::opt<std::string> programPath(llvm::cl::Positional,
                                       llvm::cl::desc("<program>"),
                                       llvm::cl::cat(category));
llvm::cl::opt<std::string>
    methodName("method",
               llvm::cl::desc("The method to run (default: forward, or the "
                              "program's only method)"),
               llvm::cl::cat(category));
llvm::cl::opt<std::string>
    inputsPath("inputs",
               llvm::cl::desc("A safetensors file with the user inputs, by "
                              "their wire names"),
               llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<std::string> outputPath(
    "o",
    llvm::cl::desc("Write the outputs (by their wire names) and the final "
                   "buffers (by fqn) as safetensors"),
    llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<std::string>
    constantsPath("constants",
                  llvm::cl::desc("The constants of an .nptg program (C2)"),
                  llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<std::string> compareConstantsPath(
    "compare-constants",
    llvm::cl::desc("The constants of the --compare program, if an .nptg"),
    llvm::cl::value_desc("file"), llvm::cl::cat(category));
llvm::cl::opt<uint64_t> randomSeed(
    "random-inputs",
    llvm::cl::desc("Deterministic random user inputs from this seed: floats "
                   "in [-1, 1), integers in [0, n) where they index a dim of "
                   "size n (else [0, 8)), dynamic dims at their max"),
    llvm::cl::value_desc("seed"), llvm::cl::cat(category));
llvm::cl::list<std::string> dimChoices(
    "dim",
    llvm::cl::desc("The size of a dynamic dim for --random-inputs: "
                   "INPUT.DIM=N (dim DIM of user input INPUT), MIN:MAX=N "
                   "(every dynamic dim of that range), *=N (every one)"),
    llvm::cl::value_desc("NAME=N"), llvm::cl::cat(category));
llvm::cl::opt<std::string> comparePath(
    "compare",
    llvm::cl::desc("Run this program too, on the same inputs, and exit 1 "
                   "naming the first output that differs"),
    llvm::cl::value_desc("program"), llvm::cl::cat(category));
llvm::cl::opt<unsigned>
    trials("trials",
           llvm::cl::desc("With --compare and --random-inputs: compare on N "
                          "input sets (seeds SEED, SEED+1, ...)"),
           llvm::cl::init(1), llvm::cl::cat(category));
llvm::cl::opt<double> rtol("rtol",
                           llvm::cl::desc("Relative tolerance of --compare "
                                          "(default 0: bit-exact)"),
                           llvm::cl::init(0.0), llvm::cl::cat(category));
llvm::cl::opt<double> atol("atol",
                           llvm::cl::desc("Absolute tolerance of --compare "
                                          "(default 0: bit-exact)"),
                           llvm::cl::init(0.0), llvm::cl::cat(category));
llvm::cl::opt<bool> listKernels("list-kernels",
                                llvm::cl::desc("Print the targets ng-run has "
                                               "kernels for, and exit"),
                                llvm::cl::cat(category));

/// Read a program: .nptg / .ptn through the importer, MLIR text or bytecode
/// through the parser; verified either way.
OwningOpRef<ModuleOp> loadProgram(llvm::StringRef path,
                                  llvm::StringRef constants,
                                  MLIRContext *context) {
  std::optional<ToolInput> input = openCheckedInput(path, InputFormat::Program);
  if (!input)
    return nullptr;
  if (input->kind == FileKind::NativeGraph ||
      input->kind == FileKind::Package) {
    ImportOptions options;
    options.constantsPath = constants.str();
    std::shared_ptr<llvm::MemoryBuffer> buffer = std::move(input->buffer);
    return importProgram(buffer->getBuffer(), buffer->getBufferIdentifier(),
                         buffer, context, options);
  }
  if (!constants.empty()) {
    reportToolError("--constants is for .nptg programs; IR carries its "
                    "constants in `ng.data`");
    return nullptr;
  }
  bool isText = input->kind == FileKind::MlirText;
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  unsigned bufferID =
      sourceMgr->AddNewSourceBuffer(std::move(input->buffer), llvm::SMLoc());
  if (isText)
    indexSourceLines(*sourceMgr, bufferID);
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
}

llvm::Expected<run::DimChoices> parseDims() {
  run::DimChoices dims;
  for (llvm::StringRef choice : dimChoices) {
    auto [name, value] = choice.rsplit('=');
    int64_t size;
    if (name.empty() || value.getAsInteger(10, size) || size < 0)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--dim '" + choice +
                                         "' is not NAME=N with N >= 0");
    dims[name.str()] = size;
  }
  return dims;
}

int fail(llvm::Error error) {
  reportToolError(llvm::toString(std::move(error)));
  return 1;
}

/// The user inputs of trial `trial`.
llvm::Expected<std::vector<run::Tensor>>
inputsFor(const run::PreparedMethod &method, unsigned trial,
          const run::DimChoices &dims,
          const std::optional<std::map<std::string, run::Tensor>> &file) {
  if (file) {
    std::vector<run::Tensor> ordered;
    for (const run::InputInfo &info : method.getInputs()) {
      auto it = file->find(info.name);
      if (it == file->end())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "'" + inputsPath +
                                           "' has no tensor for user input '" +
                                           info.name + "'");
      ordered.push_back(it->second);
    }
    return ordered;
  }
  return method.makeRandomInputs(randomSeed + trial, dims);
}

int runTool() {
  if (listKernels) {
    for (const std::string &target : run::KernelRegistry::get().getTargets())
      llvm::outs() << target << "\n";
    return 0;
  }
  if (programPath.empty()) {
    reportToolError("no program given (ng-run PROGRAM ...; see --help)");
    return 1;
  }
  bool random = randomSeed.getNumOccurrences() > 0;
  if (random == !inputsPath.empty()) {
    reportToolError(random ? "give --inputs or --random-inputs, not both"
                           : "give the user inputs: --inputs=FILE or "
                             "--random-inputs=SEED");
    return 1;
  }
  if (comparePath.empty() && outputPath.empty()) {
    reportToolError("nothing to do: give -o FILE, or --compare=PROGRAM");
    return 1;
  }
  if (trials == 0 || (trials > 1 && !random)) {
    reportToolError("--trials needs --random-inputs and a count >= 1");
    return 1;
  }
  if (rtol < 0 || atol < 0) {
    reportToolError("--rtol and --atol must not be negative");
    return 1;
  }
  llvm::Expected<run::DimChoices> dims = parseDims();
  if (!dims)
    return fail(dims.takeError());

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  nameNodesInDiagnostics(&context);
  OwningOpRef<ModuleOp> program =
      loadProgram(programPath, constantsPath, &context);
  if (!program)
    return 1;
  llvm::Expected<run::PreparedMethod> method =
      run::PreparedMethod::prepare(*program, methodName);
  if (!method)
    return fail(method.takeError());
  OwningOpRef<ModuleOp> other;
  std::optional<run::PreparedMethod> otherMethod;
  if (!comparePath.empty()) {
    other = loadProgram(comparePath, compareConstantsPath, &context);
    if (!other)
      return 1;
    llvm::Expected<run::PreparedMethod> prepared =
        run::PreparedMethod::prepare(*other, methodName);
    if (!prepared)
      return fail(prepared.takeError());
    otherMethod = std::move(*prepared);
  }
  std::optional<std::map<std::string, run::Tensor>> file;
  if (!inputsPath.empty()) {
    llvm::Expected<std::map<std::string, run::Tensor>> read =
        run::readTensorFile(inputsPath);
    if (!read)
      return fail(read.takeError());
    file = std::move(*read);
  }

  for (unsigned trial = 0; trial < trials; ++trial) {
    llvm::Expected<std::vector<run::Tensor>> inputs =
        inputsFor(*method, trial, *dims, file);
    if (!inputs)
      return fail(inputs.takeError());
    llvm::Expected<run::RunResult> result = method->run(*inputs);
    if (!result)
      return fail(result.takeError());
    if (trial == 0 && !outputPath.empty())
      if (llvm::Error error = run::writeTensorFile(*result, outputPath))
        return fail(std::move(error));
    if (!otherMethod)
      continue;
    llvm::Expected<run::RunResult> otherResult = otherMethod->run(*inputs);
    if (!otherResult)
      return fail(otherResult.takeError());
    run::Tolerance tolerance{rtol, atol};
    if (std::optional<std::string> difference =
            run::compareResults(*result, *otherResult, tolerance)) {
      std::string where = random ? " (random inputs, seed " +
                                       std::to_string(randomSeed + trial) + ")"
                                 : "";
      reportToolError("'" + programPath + "' and '" + comparePath + "' differ" +
                      where + ": " + *difference);
      return 1;
    }
  }
  if (otherMethod)
    llvm::outs() << "ng-run: '" << programPath << "' and '" << comparePath
                 << "' agree on " << trials << " input set"
                 << (trials == 1 ? "" : "s")
                 << (rtol == 0 && atol == 0 ? " (bit-exact)" : "") << "\n";
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  setCrashBanner();
  registerInputOptions();
  llvm::cl::HideUnrelatedOptions({&category});
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "ng-run: run an ng program on concrete inputs (docs/Interpreter.md)\n\n"
      "  ng-run PROGRAM [--method=NAME] --inputs=IN.safetensors -o "
      "OUT.safetensors\n"
      "  ng-run PROGRAM --random-inputs=SEED [--dim NAME=N] -o "
      "OUT.safetensors\n"
      "  ng-run A --compare=B --random-inputs=SEED [--trials=N] [--rtol=R "
      "--atol=A]\n\n"
      "PROGRAM is an .nptg (with --constants), a .ptn package, or ng IR text "
      "or bytecode. A reference interpreter for checking passes and exported "
      "programs, not a runtime: plain C++ kernels, bit-exact from run to "
      "run.\n"
      "Exit status 0 on success and agreement; 1 on an error or a "
      "difference, with a message naming the output, the element and by how "
      "much.\n");
  keepDiagnosticsShort();
  return runTool();
}

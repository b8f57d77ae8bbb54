//===- ToolDiagnostics.cpp - what the tools say when things fail ----------===//

#include "ng/Tools/ToolDiagnostics.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

void ng::reportToolError(const llvm::Twine &message) {
  llvm::WithColor::error() << message << "\n";
}

void ng::reportToolNote(const llvm::Twine &message, llvm::StringRef prefix) {
  llvm::WithColor::note(llvm::errs(), prefix) << message << "\n";
}

void ng::keepDiagnosticsShort() {
  // MLIRContext reads this option when it is constructed; it is registered
  // by mlir::registerMLIRContextCLOptions.
  auto &options = llvm::cl::getRegisteredOptions();
  auto found = options.find("mlir-print-op-on-diagnostic");
  if (found == options.end())
    return;
  auto *printOp = dynamic_cast<llvm::cl::opt<bool> *>(found->second);
  if (printOp && printOp->getNumOccurrences() == 0)
    printOp->setValue(false);
}

void ng::setCrashBanner() {
  llvm::setBugReportMsg(
      "ng's tool crashed: please report it with the command line and the "
      "input that caused it.\n");
}

const char *const ng::kTrustedBytecodeNote =
    "MLIR bytecode is trusted input: ng does not check it against "
    "corruption, and a damaged or hostile file can crash or hang the reader "
    "(docs/Security.md)";

ng::BytecodeCrashNote::BytecodeCrashNote(bool readingBytecode,
                                         llvm::StringRef inputName) {
  if (readingBytecode)
    entry.emplace("input '%.*s' is MLIR bytecode: %s\n",
                  static_cast<int>(inputName.size()), inputName.data(),
                  kTrustedBytecodeNote);
}

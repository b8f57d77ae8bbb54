//===- ToolDiagnostics.cpp - what the tools say when things fail ----------===//

#include "ng/Tools/ToolDiagnostics.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

void ng::reportToolError(const llvm::Twine &message) {
  llvm::WithColor::error() << message << "\n";
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

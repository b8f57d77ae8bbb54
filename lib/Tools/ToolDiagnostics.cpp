//===- ToolDiagnostics.cpp - what the tools say when things fail ----------===//

#include "ng/Tools/ToolDiagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

void ng::reportToolError(const llvm::Twine &message) {
  llvm::WithColor::error() << message << "\n";
}

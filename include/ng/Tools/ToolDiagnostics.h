//===- ToolDiagnostics.h - what the tools say when things fail --*- C++ -*-===//
//
// Diagnostics from ng's tools are a few lines that name what is at fault
// (docs/Tools.md, "Diagnostics").
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_TOOLDIAGNOSTICS_H
#define NG_TOOLS_TOOLDIAGNOSTICS_H

#include "llvm/ADT/Twine.h"

namespace ng {

/// "error: <message>", for an error that has no place in an input (a usage
/// error, a file that cannot be opened).
void reportToolError(const llvm::Twine &message);

/// MLIR attaches the op a diagnostic is about, printed whole in generic form
/// ("see current operation: ..."), to every diagnostic: for an error on a
/// module that is the whole program, megabytes for a large one. The tools
/// leave it out unless --mlir-print-op-on-diagnostic is given. Call once the
/// command line is parsed, before any MLIRContext is made.
void keepDiagnosticsShort();
} // namespace ng

#endif // NG_TOOLS_TOOLDIAGNOSTICS_H

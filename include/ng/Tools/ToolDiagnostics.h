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
} // namespace ng

#endif // NG_TOOLS_TOOLDIAGNOSTICS_H

//===- ToolDiagnostics.h - what the tools say when things fail --*- C++ -*-===//
//
// Diagnostics from ng's tools are a few lines that name what is at fault
// (docs/Tools.md, "Diagnostics"). Which method and node a diagnostic on an
// imported program is about is the translation library's to say
// (ng/Target/NativeGraph/NodeDiagnostics.h).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_TOOLDIAGNOSTICS_H
#define NG_TOOLS_TOOLDIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/PrettyStackTrace.h"

#include <optional>

namespace ng {

/// "error: <message>", for an error that has no place in an input (a usage
/// error, a file that cannot be opened).
void reportToolError(const llvm::Twine &message);

/// "<prefix>: note: <message>" ("note: <message>" without a prefix).
void reportToolNote(const llvm::Twine &message, llvm::StringRef prefix = "");

/// MLIR attaches the op a diagnostic is about, printed whole in generic form
/// ("see current operation: ..."), to every diagnostic: for an error on a
/// module that is the whole program, megabytes for a large one. The tools
/// leave it out unless --mlir-print-op-on-diagnostic is given. Call once the
/// command line is parsed, before any MLIRContext is made.
void keepDiagnosticsShort();

/// Replace LLVM's "please submit a bug report to LLVM" crash banner with
/// ng's own.
void setCrashBanner();

/// What the tools say about MLIR bytecode: a trusted format (docs/Security.md).
extern const char *const kTrustedBytecodeNote;

/// While it lives, a crash report says that the input, `inputName`, is MLIR
/// bytecode, and that bytecode is trusted input.
class BytecodeCrashNote {
public:
  BytecodeCrashNote(bool readingBytecode, llvm::StringRef inputName);

private:
  std::optional<llvm::PrettyStackTraceFormat> entry;
};

} // namespace ng

#endif // NG_TOOLS_TOOLDIAGNOSTICS_H

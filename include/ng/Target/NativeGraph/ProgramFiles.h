//===- ProgramFiles.h - programs read from and written to files -*- C++ -*-===//
//
// A program as files on disk: read from a path, mapped, not copied; written
// with its constants and aliases.json the way ng-translate writes them,
// atomically (ng/Support/OutputFiles.h). This is the translation's API over
// the files the format defines, for every client (the C API, the Python
// bindings, ng-run, a user's own driver); it reads no command-line option
// and needs none of the tools' libraries.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TARGET_NATIVEGRAPH_PROGRAMFILES_H
#define NG_TARGET_NATIVEGRAPH_PROGRAMFILES_H

#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace ng {

class OutputFiles;

/// The export's companion files (constants, aliases.json) as more outputs of
/// `outputs`, committed with the program.
class CompanionOutputs : public CompanionFiles {
public:
  explicit CompanionOutputs(OutputFiles &outputs) : outputs(outputs) {}
  llvm::Expected<llvm::raw_ostream &> open(llvm::StringRef path) override;
  void remove(llvm::StringRef path) override;

private:
  OutputFiles &outputs;
};

/// Import the program file at `path`, an `.nptg` (with the constants of
/// `options.constantsPath`, if given) or a `.ptn` package, told by its
/// bytes. The file is mapped, and stays mapped while the module's constant
/// resources need it. On an error (a file that cannot be read included),
/// emits it on `context` and returns null.
mlir::OwningOpRef<mlir::ModuleOp>
importProgramFile(llvm::StringRef path, mlir::MLIRContext *context,
                  const ImportOptions &options = {});

/// Export `module` to `path`: a package when `options.container` says so,
/// else the program, its constants in `options.constantsPath` (default:
/// beside it, as `<stem>.safetensors`; when `path` is written in place, a
/// device, FIFO or standard output, there is no default and a program with
/// constants is an error, found before anything is written). Every file is
/// written to a temporary and renamed over its target only when all are
/// written, so an error leaves the old files as they were. Errors are emitted
/// on the module's context.
llvm::LogicalResult exportModuleToFile(mlir::ModuleOp module,
                                       llvm::StringRef path,
                                       ExportOptions options);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_PROGRAMFILES_H

//===- Export.h - ng IR -> NPTG flatbuffer ----------------------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_EXPORT_H
#define NG_TARGET_NATIVEGRAPH_EXPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
class ModuleOp;
class Operation;
} // namespace mlir

namespace ng {

/// Serialize `module` (a verified ng program) as NPTG bytes into `out`.
/// Deterministic: the same IR always gives the same bytes. Emits an error
/// and fails on IR the format cannot represent. `out` is replaced (left
/// empty on failure); the builder writes into it directly.
llvm::LogicalResult exportNativeGraph(mlir::ModuleOp module,
                                      llvm::SmallVectorImpl<uint8_t> &out);

/// Serialize `module` as exportNativeGraph does, and verify it with
/// `verifier` (mlir::verify when null): beside the export when the module's
/// context has threads, once each op's own invariants (what the export
/// relies on) hold; else first. The export's diagnostics are reported only
/// if the module verifies; on failure `out` is left empty.
llvm::LogicalResult exportVerifiedNativeGraph(
    mlir::ModuleOp module, llvm::SmallVectorImpl<uint8_t> &out,
    llvm::LogicalResult (*verifier)(mlir::ModuleOp) = nullptr);

/// Bring the op order of every block under `root` up to date. Verification
/// computes it lazily (dominance), which writes to the IR; settled first,
/// verification only reads the IR, and another thread may read it at the
/// same time.
void settleOpOrder(mlir::Operation *root);

/// Serialize `module` to `os`.
llvm::LogicalResult exportNativeGraph(mlir::ModuleOp module,
                                      llvm::raw_ostream &os);

/// Write the program's constant data (`ng.data`) as a safetensors file
/// (C2) to `os`, streaming the mapped bytes. Keys that share one resource
/// are written once; `aliasesJson` receives the aliases.json text for the
/// others (`{duplicate_key: owner_key}`), or "" when there are none.
llvm::LogicalResult writeConstants(mlir::ModuleOp module, llvm::raw_ostream &os,
                                   std::string &aliasesJson);

/// Write `module` as a .ptn package (C1): program.ptg, and
/// program.safetensors and aliases.json when it has constants.
llvm::LogicalResult exportPackage(mlir::ModuleOp module, llvm::raw_ostream &os);

/// The rest of a package export for a caller that made the program's bytes
/// itself (exportNativeGraph): `program` and the module's constants, as a
/// package, to `os`.
llvm::LogicalResult writePackage(mlir::ModuleOp module,
                                 llvm::ArrayRef<uint8_t> program,
                                 llvm::raw_ostream &os);

//===----------------------------------------------------------------------===//
// Exporting to files
//===----------------------------------------------------------------------===//

/// What a program is written as (FORMAT.md C1, C2).
enum class Container {
  /// An NPTG flatbuffer (`.nptg`); its constants go to a safetensors file
  /// beside it.
  Program,
  /// A `.ptn` package: one zip with the program and its constants.
  Package,
};

/// The container a file name asks for: a package for a `.ptn` extension, in
/// any case (`m.PTN` too), a program for anything else (standard output,
/// "-", included).
Container containerForPath(llvm::StringRef path);

/// Where an .nptg export puts a program's constants unless told otherwise:
/// `<stem>.safetensors` beside `programPath`; "" when the program goes to
/// standard output ("-" or "").
std::string constantsPathBeside(llvm::StringRef programPath);

/// The files an export writes beside its program: the constants and, when
/// keys share data, `<stem>.aliases.json`. The caller decides how they are
/// written (ng's tools commit them together with the program, atomically).
class CompanionFiles {
public:
  virtual ~CompanionFiles();
  /// A stream to write `path` to (a write error may show only when the
  /// caller finishes the files), or an error naming the file.
  virtual llvm::Expected<llvm::raw_ostream &> open(llvm::StringRef path) = 0;
  /// `path` must not exist once the export is in place: an aliases.json an
  /// earlier export left, which the importer would read with the new
  /// constants.
  virtual void remove(llvm::StringRef path) = 0;
};

struct ExportOptions {
  Container container = Container::Program;
  /// Program: where its constants go, when it has any (a program with
  /// constant data and no path is an error). Package: must be empty, a
  /// package holds its own.
  std::string constantsPath;
  /// Verify the module (exportVerifiedNativeGraph: beside the export when
  /// its context has threads). Without it the module must be verified
  /// already.
  bool verify = true;
  /// How `verify` verifies: mlir::verify when null. A module whose import
  /// did not verify it (ImportOptions::verify off) takes
  /// verifyImportedProgram, which reports errors as the importer does.
  llvm::LogicalResult (*verifier)(mlir::ModuleOp) = nullptr;
};

/// Export `module` as `options.container` to `os`: a package, or a program
/// with its constants written through `companions`. A program is assembled
/// in memory first, so a failure writes nothing to `os`. Deterministic.
llvm::LogicalResult exportModule(mlir::ModuleOp module, llvm::raw_ostream &os,
                                 const ExportOptions &options,
                                 CompanionFiles &companions);

/// The rest of a program export for a caller that made the program's bytes
/// itself (exportNativeGraph, after verifying `module`): the constants to
/// `constantsPath` through `companions`, if the module has any, then
/// `program` to `os`.
llvm::LogicalResult writeProgram(mlir::ModuleOp module,
                                 llvm::ArrayRef<uint8_t> program,
                                 llvm::raw_ostream &os,
                                 llvm::StringRef constantsPath,
                                 CompanionFiles &companions);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_EXPORT_H

//===- ModuleDiagnostics.h - errors about the whole program -----*- C++ -*-===//
//
// A diagnostic about the whole program (the module: its constants, its
// file, its limits) is located at the module's file and line with no
// column. A tool's source manager then prints `m.mlir:35:0: error: ...`
// without echoing the module's first line, which for a program with
// constants holds every `ng.data` key and resource: megabytes of text on
// one line, where a node's diagnostic echoes one short line.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_MODULEDIAGNOSTICS_H
#define NG_DIALECT_MODULEDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace ng {

/// The module's location without its column (unchanged when it has no
/// file position: an imported program's `program.nptg:0:0`).
mlir::Location getModuleDiagnosticLoc(mlir::ModuleOp module);

/// An error about the whole program, at getModuleDiagnosticLoc.
mlir::InFlightDiagnostic emitModuleError(mlir::ModuleOp module);

/// As emitModuleError, in the verifier's words: "'builtin.module' op ...".
mlir::InFlightDiagnostic emitModuleOpError(mlir::ModuleOp module);

} // namespace ng

#endif // NG_DIALECT_MODULEDIAGNOSTICS_H

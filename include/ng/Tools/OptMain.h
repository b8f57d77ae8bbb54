//===- OptMain.h - ng-opt's driver ------------------------------*- C++ -*-===//
//
// ng-opt is MLIR's MlirOptMain with ng's input and output around it
// (docs/Tools.md): the input identified by its first bytes and mapped, text
// IR checked for nesting the parser could not take, the -o file written to
// a temporary and renamed over the target only on success (so `ng-opt
// in.mlir -o in.mlir` is safe, and a failed run keeps the old output:
// MlirOptMain itself opens, and truncates, its -o file before it parses the
// input, which may be that file); diagnostics short and naming the node;
// pass plugins loaded before the command line is read; --ng-print-changes.
// A program file in (an .nptg with --constants, a .ptn) or out (-o
// FILE.ptn / FILE.nptg) is imported and exported as ng-translate does, the
// pipeline run on the module between, with no text or bytecode.
//
// The driver (tools/ng-opt) registers the passes and dialects, as a driver
// of MlirOptMain does, and calls optMain: a tool of one's own gets ng-opt's
// behaviour with its own passes the same way.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TOOLS_OPTMAIN_H
#define NG_TOOLS_OPTMAIN_H

#include "llvm/Support/LogicalResult.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ng {

/// Run ng-opt on the command line `argv`: the passes are those registered
/// before the call (ng::registerAllPasses, ng/InitAll.h, and the driver's
/// own), the dialects those of `registry` (ng::registerAllDialects) and of
/// the dialect plugins it loads. Sets up LLVM (llvm::InitLLVM) and parses
/// the command line itself, so it is called once, from main:
///
///   return mlir::asMainReturnCode(ng::optMain(argc, argv, registry));
llvm::LogicalResult optMain(int argc, char **argv,
                            mlir::DialectRegistry &registry);

} // namespace ng

#endif // NG_TOOLS_OPTMAIN_H

//===- NodeDiagnostics.h - diagnostics that name their node --- -*- C++ -*-===//
//
// The importer locates every op of a program at its node and method
// (ng/Dialect/WireNames.h), and the op at the file: "model.nptg:0:0", since
// a flatbuffer has no lines to show. Printed as MLIR prints it, a diagnostic
// on such an op says nothing of where in the program it is; the handler
// here says which method and node, for every client that reports
// diagnostics on imported programs (the tools, the Python bindings).
//
//===----------------------------------------------------------------------===//

#ifndef NG_TARGET_NATIVEGRAPH_NODEDIAGNOSTICS_H
#define NG_TARGET_NATIVEGRAPH_NODEDIAGNOSTICS_H

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace ng {

/// While `ctx` lives, a diagnostic located at an imported node (also once
/// the program has gone on as bytecode or as text that kept the importer's
/// locations) is given the method and node its location names:
/// "model.nptg:0:0: error: method 'forward', node 'aten_add_tensor': ...".
/// Diagnostics at a line of a text file are left as they are: their source
/// line shows the node. Register it after the handler that prints or
/// collects diagnostics: MLIR asks the last handler registered first, and
/// this one re-emits what it rewords.
void nameNodesInDiagnostics(mlir::MLIRContext *ctx);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_NODEDIAGNOSTICS_H

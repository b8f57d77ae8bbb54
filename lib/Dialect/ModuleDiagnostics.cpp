//===- ModuleDiagnostics.cpp - diagnostics about the whole program --------===//

#include "ng/Dialect/ModuleDiagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"

using namespace mlir;

Location ng::getModuleDiagnosticLoc(ModuleOp module) {
  Location loc = module.getLoc();
  auto file = dyn_cast<FileLineColLoc>(loc);
  // A column of 0 is "no column": the source manager shows no line.
  if (!file || file.getLine() == 0 || file.getColumn() == 0)
    return loc;
  return FileLineColLoc::get(file.getFilename(), file.getLine(), 0);
}

InFlightDiagnostic ng::emitModuleError(ModuleOp module) {
  InFlightDiagnostic diag = emitError(getModuleDiagnosticLoc(module));
  // What Operation::emitError attaches on --mlir-print-op-on-diagnostic.
  if (module->getContext()->shouldPrintOpOnDiagnostic())
    diag.attachNote(module.getLoc())
        .append("see current operation: ")
        .appendOp(*module, OpPrintingFlags().printGenericOpForm());
  return diag;
}

InFlightDiagnostic ng::emitModuleOpError(ModuleOp module) {
  InFlightDiagnostic diag = emitModuleError(module);
  diag << "'" << ModuleOp::getOperationName() << "' op ";
  return diag;
}

//===- NodeDiagnostics.cpp - diagnostics that name their node -------------===//

#include "ng/Target/NativeGraph/NodeDiagnostics.h"

#include "ng/Dialect/WireNames.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

void ng::nameNodesInDiagnostics(mlir::MLIRContext *ctx) {
  ctx->getDiagEngine().registerHandler(
      [ctx](mlir::Diagnostic &diag) -> mlir::LogicalResult {
        mlir::Location loc = diag.getLocation();
        auto file = loc->findInstanceOf<mlir::FileLineColLoc>();
        // A text position (line 1 on) shows its node; a reworded
        // diagnostic comes back here located at the file alone.
        if (!file || file.getLine() != 0 || loc == mlir::Location(file))
          return mlir::failure();
        std::string message = diag.str();
        std::string where = describeNodeLocation(loc, message);
        if (where.empty())
          return mlir::failure();
        mlir::InFlightDiagnostic rephrased =
            ctx->getDiagEngine().emit(file, diag.getSeverity());
        rephrased << where << ": " << message;
        for (mlir::Diagnostic &note : diag.getNotes())
          rephrased.attachNote(note.getLocation()) << note.str();
        return mlir::success();
      });
}

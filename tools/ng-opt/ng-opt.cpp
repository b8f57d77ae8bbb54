//===- ng-opt.cpp - the ng optimizer driver -------------------------------===//
//
// Parses ng IR (or any registered dialect), verifies it, runs the requested
// passes and prints the result. See docs/Tools.md.
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  ng::registerAllPasses();
  mlir::DialectRegistry registry;
  ng::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "ng optimizer driver: verifies ng IR (FORMAT.md rules) and runs passes\n",
      registry));
}

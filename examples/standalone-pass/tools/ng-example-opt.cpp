//===- ng-example-opt.cpp - ng-opt with the example's passes built in -----===//
//
// The other way to ship a pass: a driver of one's own over ng's library,
// ng::optMain (ng/Tools/OptMain.h), as mlir/examples/standalone's
// standalone-opt is over MlirOptMain. It is ng-opt (its input and output
// handling, diagnostics and options) with the example's passes registered
// beside ng's, through the plugin's own entry point, so that the plugin and
// the driver register the same passes.
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"
#include "ng/Tools/OptMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

extern "C" mlir::PassPluginLibraryInfo mlirGetPassPluginInfo();

int main(int argc, char **argv) {
  ng::registerAllPasses();
  mlirGetPassPluginInfo().registerPassRegistryCallbacks();
  mlir::DialectRegistry registry;
  ng::registerAllDialects(registry);
  return mlir::asMainReturnCode(ng::optMain(argc, argv, registry));
}

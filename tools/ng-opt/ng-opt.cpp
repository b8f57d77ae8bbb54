//===- ng-opt.cpp - the ng optimizer driver -------------------------------===//
//
// Parses ng IR (or any registered dialect), verifies it, runs the requested
// passes and prints the result. See docs/Tools.md; what ng-opt does with its
// input and output is ng::optMain's (ng/Tools/OptMain.h).
//
//===----------------------------------------------------------------------===//

#include "ng/InitAll.h"
#include "ng/Tools/OptMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#ifdef NG_INCLUDE_TESTS
namespace ng::test {
void registerTestPasses();
} // namespace ng::test
#endif

int main(int argc, char **argv) {
  ng::registerAllPasses();
#ifdef NG_INCLUDE_TESTS
  ng::test::registerTestPasses();
#endif
  mlir::DialectRegistry registry;
  ng::registerAllDialects(registry);
  return mlir::asMainReturnCode(ng::optMain(argc, argv, registry));
}

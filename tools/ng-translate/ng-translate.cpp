//===- ng-translate.cpp - NPTG <-> ng IR ----------------------------------===//
//
//   ng-translate --from-native-graph model.nptg -o model.mlir
//   ng-translate --to-native-graph model.mlir -o model.nptg
//
// See docs/Tools.md; what ng-translate does with its input and outputs is
// ng::translateMain's (ng/Tools/TranslateMain.h).
//
//===----------------------------------------------------------------------===//

#include "ng/Tools/TranslateMain.h"

int main(int argc, char **argv) {
  ng::registerAllTranslations();
  return llvm::failed(ng::translateMain(argc, argv)) ? 1 : 0;
}

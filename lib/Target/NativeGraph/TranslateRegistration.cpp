//===- TranslateRegistration.cpp - ng-translate entry points --------------===//

#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/TranslateRegistration.h"

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void ng::registerNativeGraphTranslations() {
  static TranslateToMLIRRegistration importRegistration(
      "from-native-graph",
      "import an NPTG flatbuffer (.nptg) as ng IR; the file is verified "
      "(flatbuffers verifier, FORMAT.md W and V rules) and rejected with a "
      "message naming the method, node and argument at fault",
      [](llvm::SourceMgr &sourceMgr, MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importNativeGraph(buffer->getBuffer(),
                                 buffer->getBufferIdentifier(), context);
      },
      [](DialectRegistry &registry) { registry.insert<NgDialect>(); },
      llvm::Align(8));

  static TranslateFromMLIRRegistration exportRegistration(
      "to-native-graph",
      "export ng IR as an NPTG flatbuffer (.nptg); deterministic, and "
      "nothing is written unless the whole program can be represented",
      [](ModuleOp module, raw_ostream &output) {
        return exportNativeGraph(module, output);
      },
      [](DialectRegistry &registry) { registry.insert<NgDialect>(); });
}

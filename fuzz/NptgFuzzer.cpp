//===- NptgFuzzer.cpp - fuzz the NPTG importer ----------------------------===//
//
// Input: NPTG bytes, as `ng-translate --from-native-graph model.nptg` reads
// them (ng::importNativeGraph). Reading must be safe on any bytes (FORMAT.md
// W9); an accepted program must survive the tools' round trip (FuzzSupport.h).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include <cstddef>
#include <cstdint>

using namespace ng::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzContext context;
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      import(bytes, Container::Program, "fuzz.nptg", context.get());
  if (!module) {
    trace("rejected:\n" + context.diagnostics());
    return 0;
  }
  checkRoundTrip(*module, Container::Program, Origin::Imported, context);
  return 0;
}

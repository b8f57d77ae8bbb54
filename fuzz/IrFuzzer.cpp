//===- IrFuzzer.cpp - fuzz the ng IR parser, verifier and exporter --------===//
//
// Input: ng IR text, as `ng-translate --to-native-graph` and ng-opt read it
// (without what they reject before parsing, ng/Tools/TextNesting.h).
// What parses and verifies must print back the same; what then exports (as a
// .ptn package when it carries constants, else as NPTG) must import again to
// the same text (FuzzSupport.h). The exporter may reject verified IR that the
// format cannot represent, with an error.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Tools/TextNesting.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace ng::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  // The tools reject what MLIR's own parser cannot survive (brackets
  // nested too deep, two upstream bugs in its reader of file metadata)
  // before parsing it (ng/Tools/TextNesting.h); so does this.
  if (std::optional<ng::TextHazard> hazard = ng::findParserHazard(text)) {
    trace("rejected: " + hazard->reason);
    return 0;
  }
  FuzzContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(text, context.get());
  if (!module) {
    trace("rejected:\n" + context.diagnostics());
    return 0;
  }
  Container container =
      ng::getConstantData(*module) ? Container::Package : Container::Program;
  checkRoundTrip(*module, container, Origin::Parsed, context);
  return 0;
}

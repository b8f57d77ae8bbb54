//===- IrFuzzer.cpp - fuzz the ng IR parser, verifier and exporter --------===//
//
// Input: ng IR text, as `ng-translate --to-native-graph` and ng-opt read it
// (nested no deeper than they accept, ng/Tools/TextNesting.h).
// What parses and verifies must print back the same; what then exports (as a
// .ptn package when it carries constants, else as NPTG) must import again to
// the same text (FuzzSupport.h). The exporter may reject verified IR that the
// format cannot represent, with an error.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Tools/TextNesting.h"

#include "llvm/ADT/StringExtras.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace ng::fuzz;

/// Whether the last line of `text` ends inside a string literal (a string
/// cannot span lines).
static bool endsInsideString(llvm::StringRef text) {
  llvm::StringRef line = text.substr(text.rfind('\n') + 1);
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (inString && line[i] == '\\')
      ++i; // the escaped character
    else if (line[i] == '"')
      inString = !inString;
    else if (!inString && line.substr(i).starts_with("//"))
      break;
  }
  return inString;
}

/// Whether `metadata` holds a hex blob with data whose alignment (its first
/// four bytes) is 0.
static bool hasZeroAlignedBlob(llvm::StringRef metadata) {
  constexpr llvm::StringLiteral kZeroAlignment = "\"0x00000000";
  for (size_t at = metadata.find(kZeroAlignment); at != llvm::StringRef::npos;
       at = metadata.find(kZeroAlignment, at + 1)) {
    llvm::StringRef rest = metadata.substr(at + kZeroAlignment.size());
    if (!rest.empty() && llvm::isHexDigit(rest.front()))
      return true;
  }
  return false;
}

/// Whether `text` would crash MLIR's own parser, through upstream bugs in
/// how it reads the resources of a file metadata section
/// (`{-# dialect_resources: ... #-}`). ng-opt and ng-translate crash on the
/// same files, but the bugs are not ng's, and a campaign would find nothing
/// else: such inputs are skipped.
///  - A file that ends inside a string there: the parser reports the
///    unterminated string and then lexes on past the end of its buffer
///    (ng-opt shows a second error at a column beyond the end of the file).
///  - A blob of alignment 0 with data: it is allocated with alignment 0
///    (ng-opt aborts, "LLVM ERROR: out of memory").
static bool crashesMlirParser(llvm::StringRef text) {
  size_t metadata = text.find("{-#");
  if (metadata == llvm::StringRef::npos)
    return false;
  return endsInsideString(text) || hasZeroAlignedBlob(text.substr(metadata));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  // The tools reject text nested deeper than MLIR's recursive parser
  // survives before parsing it (ng/Tools/TextNesting.h); so does this.
  if (ng::findNestingBeyond(text)) {
    trace("rejected: brackets nested deeper than the tools parse");
    return 0;
  }
  if (crashesMlirParser(text)) {
    trace("skipped: MLIR's parser would crash on it (an upstream bug)");
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

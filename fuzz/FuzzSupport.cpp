//===- FuzzSupport.cpp - what ng's fuzz targets share ---------------------===//

#include "FuzzSupport.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>

using namespace mlir;
using namespace ng;
using namespace ng::fuzz;

/// Diagnostics kept for a report, and how much of each.
static constexpr size_t kKeptDiagnostics = 8;
static constexpr size_t kKeptDiagnosticChars = 400;
/// How much of a report's details is printed.
static constexpr size_t kReportChars = 4000;

static DialectRegistry ngRegistry() {
  DialectRegistry registry;
  registry.insert<NgDialect>();
  return registry;
}

/// `text` cut to `limit` characters, saying how much was cut.
static std::string shorten(StringRef text, size_t limit) {
  if (text.size() <= limit)
    return text.str();
  return (text.take_front(limit) + "... (" + Twine(text.size() - limit) +
          " more characters)")
      .str();
}

FuzzContext::FuzzContext()
    : context(ngRegistry(), MLIRContext::Threading::DISABLED) {
  context.loadDialect<NgDialect>();
  handlerID = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    if (kept.size() == kKeptDiagnostics) {
      ++dropped;
      return success();
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << diag.getLocation() << ": " << diag;
    kept.push_back(shorten(text, kKeptDiagnosticChars));
    return success();
  });
}

FuzzContext::~FuzzContext() { context.getDiagEngine().eraseHandler(handlerID); }

std::string FuzzContext::diagnostics() const {
  std::string text = llvm::join(kept, "\n");
  if (dropped)
    text += "\n(" + std::to_string(dropped) + " more diagnostics)";
  return text;
}

void ng::fuzz::trace(const Twine &message) {
  static const bool verbose = [] {
    const char *value = std::getenv("NG_FUZZ_VERBOSE");
    return value && StringRef(value) == "1";
  }();
  if (verbose)
    llvm::errs() << "ng-fuzz: " << message << "\n";
}

void ng::fuzz::fail(StringRef property, StringRef details) {
  llvm::errs() << "ng-fuzz: property violated: " << property << "\n";
  if (!details.empty())
    llvm::errs() << shorten(details, kReportChars) << "\n";
  llvm::errs().flush();
  __builtin_trap();
}

/// `bytes` around `offset`, escaped (the bytes may be binary).
static std::string excerpt(StringRef bytes, size_t offset) {
  constexpr size_t kBefore = 60, kAfter = 100;
  size_t begin = offset > kBefore ? offset - kBefore : 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::printEscapedString(bytes.slice(begin, offset + kAfter), os);
  return text;
}

void ng::fuzz::expectSame(StringRef property, StringRef expected,
                          StringRef actual) {
  if (expected == actual)
    return;
  size_t common = std::min(expected.size(), actual.size());
  size_t offset =
      std::mismatch(expected.begin(), expected.begin() + common, actual.begin())
          .first -
      expected.begin();
  size_t line = expected.take_front(offset).count('\n') + 1;
  fail(property,
       (Twine("first difference at byte ") + Twine(offset) + " (line " +
        Twine(line) + "); sizes " + Twine(expected.size()) + " and " +
        Twine(actual.size()) + "\n  expected: " + excerpt(expected, offset) +
        "\n  actual:   " + excerpt(actual, offset))
           .str());
}

std::string ng::fuzz::print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().assumeVerified());
  return text;
}

OwningOpRef<ModuleOp> ng::fuzz::parse(const std::string &text,
                                      MLIRContext *context) {
  // The lexer reads the NUL past the end of its buffer (the end-of-file
  // marker a MemoryBuffer guarantees); a std::string has one.
  return parseSourceString<ModuleOp>(StringRef(text.c_str(), text.size()),
                                     ParserConfig(context), "fuzz.mlir");
}

OwningOpRef<ModuleOp> ng::fuzz::import(StringRef bytes, Container container,
                                       StringRef name, MLIRContext *context) {
  ImportOptions options; // verified, as ng-translate's single-threaded path
  if (container == Container::Program)
    return importNativeGraph(bytes, name, context, options);
  // The constants point into `bytes`, which the caller keeps alive.
  return importProgram(bytes, name, /*keepAlive=*/nullptr, context, options);
}

static LogicalResult exportTo(ModuleOp module, Container container,
                              std::string &bytes) {
  llvm::raw_string_ostream os(bytes);
  if (container == Container::Program)
    return exportNativeGraph(module, os);
  return exportPackage(module, os);
}

/// Each `ng.data` entry of `module`: its key, its type, its bytes, and the
/// first key whose data it shares, if another's: one resource read as one
/// type (keys reading one resource as different types are separate tensors
/// on the wire, C1, and export writes them so).
static std::string describeConstants(ModuleOp module) {
  DictionaryAttr data = getConstantData(module);
  if (!data)
    return "(no ng.data)";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::DenseMap<std::pair<void *, Type>, StringRef> firstKeyOf;
  for (NamedAttribute entry : data) {
    os << entry.getName().getValue() << ": ";
    auto resource = dyn_cast<DenseResourceElementsAttr>(entry.getValue());
    if (!resource) {
      os << "not a dense_resource\n";
      continue;
    }
    auto [first, inserted] = firstKeyOf.try_emplace(
        {resource.getRawHandle().getResource(), resource.getType()},
        entry.getName().getValue());
    if (!inserted)
      os << "the data of '" << first->second << "', ";
    ArrayRef<char> bytes = getConstantBytes(resource);
    os << resource.getType() << ", " << bytes.size() << " bytes ";
    llvm::printEscapedString(StringRef(bytes.data(), bytes.size()), os);
    os << "\n";
  }
  return text;
}

namespace {
/// A module as the round trip compares it: its printed IR, and its constants
/// (key, type, bytes). The IR is compared without the resources at its end:
/// a resource's hex string starts with the blob's alignment, which is not
/// part of a program (the import makes every blob byte-aligned; MLIR's
/// parser drops the alignment of an empty blob); their bytes are compared
/// as constants.
struct Snapshot {
  explicit Snapshot(ModuleOp module)
      : text(print(module)), constants(describeConstants(module)) {}

  /// The printed IR before the file metadata (`{-# dialect_resources ...`),
  /// with every resource handle written `dense_resource<>`: a handle's name
  /// is not part of a program (its ng.data key is; which keys share data is
  /// in `constants`). The export writes keys, and a resource made by a pass
  /// is often named otherwise (`--ng-fold-q4-weights` repacks `weight` into
  /// `weight_1`), so names may change through a round trip.
  std::string program() const {
    StringRef all = StringRef(text).take_front(text.find("\n{-#\n"));
    std::string out;
    out.reserve(all.size());
    constexpr StringLiteral kHandle = "dense_resource<";
    for (size_t at; (at = all.find(kHandle)) != StringRef::npos;) {
      out += all.take_front(at + kHandle.size());
      all = all.drop_front(at + kHandle.size());
      // The name: a bare identifier, or a quoted string with escapes.
      size_t end = 0;
      if (all.starts_with("\"")) {
        for (end = 1; end < all.size() && all[end] != '"'; ++end)
          if (all[end] == '\\')
            ++end;
        ++end;
      } else {
        end = all.find('>');
      }
      all = all.drop_front(std::min(end, all.size()));
    }
    out += all;
    return out;
  }

  std::string text;
  std::string constants;
};
} // namespace

static void expectSameProgram(StringRef property, const Snapshot &expected,
                              const Snapshot &actual) {
  expectSame(property, expected.program(), actual.program());
  expectSame((property + " (constant data)").str(), expected.constants,
             actual.constants);
}

/// Whether every node and value of `module` has the name the exporter would
/// give it: recorded, and unique in its graph. (Names are hints: IR may
/// repeat one or have none, and the export then names them; the round trip
/// gives back the program only up to those names.)
static bool hasWireNames(ModuleOp module) {
  bool canonical = true;
  module->walk([&](Operation *op) {
    if (!canonical)
      return WalkResult::interrupt();
    if (!isa<MethodOp, CallOp>(op))
      return WalkResult::advance();
    for (Region &graph : op->getRegions()) {
      if (graph.empty())
        continue;
      GraphNames names(graph);
      for (BlockArgument arg : graph.getArguments())
        canonical &= names.getName(arg) == getWireName(arg);
      for (Operation &node : graph.front()) {
        canonical &= names.getName(&node) == getNodeName(&node);
        for (Value result : node.getResults())
          canonical &= names.getName(result) == getWireName(result);
      }
    }
    return WalkResult::advance();
  });
  return canonical;
}

void ng::fuzz::checkRoundTrip(ModuleOp module, Container container,
                              Origin origin, FuzzContext &context) {
  // The importers verify what they accept (ImportOptions::verify), and the
  // tools print it without verifying it again.
  if (origin == Origin::Imported && failed(verify(module)))
    fail("an imported program verifies", context.diagnostics());
  Snapshot original(module);

  // ng-translate's output is the next tool's input.
  FuzzContext parsing;
  OwningOpRef<ModuleOp> parsed = parse(original.text, parsing.get());
  if (!parsed)
    fail("printed IR parses and verifies",
         parsing.diagnostics() + "\n--- the IR:\n" + original.text);
  expectSameProgram("printed IR, parsed, prints the same", original,
                    Snapshot(*parsed));

  std::string exported;
  if (failed(exportTo(*parsed, container, exported))) {
    if (origin == Origin::Parsed) {
      // IR that the format cannot represent: rejected cleanly.
      trace("the exporter rejects it:\n" + parsing.diagnostics());
      return;
    }
    fail("an imported program exports",
         parsing.diagnostics() + "\n--- the IR:\n" + original.text);
  }

  FuzzContext reimporting;
  OwningOpRef<ModuleOp> reimported =
      import(exported, container, "exported", reimporting.get());
  if (!reimported)
    fail("an exported program imports", reimporting.diagnostics() +
                                            "\n--- the IR exported:\n" +
                                            original.text);
  // Up to the names the exporter gave (a program read from a file has them
  // all, and then the round trip gives it back exactly).
  // The exporter's one normalization the IR shows: a program without a
  // version is written as version 1.0 (W7, as the loader requires), and
  // reads back with it (docs/Dialect.md, normalizations).
  bool versioned = (*parsed)->hasAttr(NgDialect::getVersionAttrName());
  if (!versioned)
    (*parsed)->setAttr(NgDialect::getVersionAttrName(),
                       StringAttr::get(parsed->getContext(), "1.0"));
  // The other: an #ng.int4_packing data entry is written packed and reads
  // back stored, as --ng-materialize-data would store it (docs/Folding.md),
  // so such a program does not come back as written; its bytes are held by
  // the determinism check below.
  bool producesData = false;
  if (DictionaryAttr data = getConstantData(*parsed))
    producesData = llvm::any_of(data, [](NamedAttribute entry) {
      return ConstantEntry::get(entry.getValue()).isProduced();
    });
  if (origin == Origin::Imported || hasWireNames(*parsed)) {
    if (!producesData)
      expectSameProgram("import(export(program)) is the program",
                        versioned ? original : Snapshot(*parsed),
                        Snapshot(*reimported));
  } else if (!hasWireNames(*reimported))
    fail("an exported program names every node and value uniquely",
         "--- the IR re-imported:\n" + print(*reimported));

  std::string again;
  if (failed(exportTo(*reimported, container, again)))
    fail("a re-imported program exports", reimporting.diagnostics());
  expectSame("export is deterministic: the re-imported program exports to "
             "the same bytes",
             exported, again);
  trace("accepted; the round trip holds");
}

//===- FuzzSupport.h - what ng's fuzz targets share -------------*- C++ -*-===//
//
// Each fuzz target feeds untrusted bytes to one entry point (docs/Security.md,
// "Fuzzing"). Rejecting them is the expected outcome; what the targets check
// is that a rejection is clean (no crash, no sanitizer report, no hang) and
// that whatever is accepted survives the round trip the tools make of it:
//
//   import -> print -> parse -> export -> import -> print
//
// prints the same text, carries the same constant bytes, and the export of
// the re-imported program is byte-for-byte the same. A broken property is a
// crash (`__builtin_trap()` after printing what differed), so libFuzzer keeps
// the input as a finding like any other crash.
//
//===----------------------------------------------------------------------===//

#ifndef NG_FUZZ_FUZZSUPPORT_H
#define NG_FUZZ_FUZZSUPPORT_H

#include "ng/Target/NativeGraph/Export.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ng::fuzz {

/// Where one fuzz input runs: a fresh MLIRContext (nothing uniqued for an
/// earlier input survives, so a finding reproduces from its input alone),
/// single-threaded, with the ng dialect registered. Diagnostics are
/// swallowed: bad input is rejected with messages that may be long, and
/// printing them would bury libFuzzer's output (and cost most of its time).
/// The first few are kept, shortened, for the report of a broken property.
class FuzzContext {
public:
  FuzzContext();
  ~FuzzContext();
  FuzzContext(const FuzzContext &) = delete;
  FuzzContext &operator=(const FuzzContext &) = delete;

  mlir::MLIRContext *get() { return &context; }

  /// The diagnostics kept so far, one per line (empty when there were none).
  std::string diagnostics() const;

private:
  mlir::MLIRContext context;
  uint64_t handlerID; // DiagnosticEngine::HandlerID
  std::vector<std::string> kept;
  size_t dropped = 0;
};

/// With NG_FUZZ_VERBOSE=1 in the environment, print `message` (what became
/// of the input: why it was rejected, or that its round trip holds); else
/// nothing. For looking into one input, not for campaigns.
void trace(const llvm::Twine &message);

/// Report that `property` does not hold, with `details` (shortened), and
/// crash.
[[noreturn]] void fail(llvm::StringRef property, llvm::StringRef details = "");

/// fail(property) unless `expected` and `actual` are the same bytes; the
/// report shows where they first differ.
void expectSame(llvm::StringRef property, llvm::StringRef expected,
                llvm::StringRef actual);

/// How a program travels: an NPTG flatbuffer alone (exportNativeGraph,
/// importNativeGraph), or a .ptn package with its constants (exportPackage,
/// importProgram).
using Container = ng::Container;

/// The IR text of `module`, as ng-translate prints it (it must verify).
std::string print(mlir::ModuleOp module);

/// Parse `text` as ng IR into `context`, verified (null on errors).
mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &text,
                                        mlir::MLIRContext *context);

/// Import `bytes` from `container` into `context`, verified, as ng-translate
/// does. The module's constants (of a package) point into `bytes`.
mlir::OwningOpRef<mlir::ModuleOp> import(llvm::StringRef bytes,
                                         Container container,
                                         llvm::StringRef name,
                                         mlir::MLIRContext *context);

/// Where the module being checked came from: an importer, which must only
/// accept what exports again, or the IR parser, whose input the exporter
/// may reject (IR the format cannot represent).
enum class Origin { Imported, Parsed };

/// Check the round-trip properties of `module` (see the file comment),
/// failing on the first that does not hold.
void checkRoundTrip(mlir::ModuleOp module, Container container, Origin origin,
                    FuzzContext &context);

} // namespace ng::fuzz

#endif // NG_FUZZ_FUZZSUPPORT_H

//===- Import.h - NPTG flatbuffer -> ng IR ----------------------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_IMPORT_H
#define NG_TARGET_NATIVEGRAPH_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class MemoryBuffer;
class ThreadPoolInterface;
} // namespace llvm

namespace ng {

/// The deepest nesting of subgraphs (GraphArg in GraphArg) ng reads and
/// writes (W9). The exporter refuses to write deeper programs, which the
/// importer would reject.
inline constexpr unsigned kMaxSubgraphDepth = 64;

/// From this size up, an `.nptg` (or a package holding one) imports faster
/// with a second thread (ImportOptions::threads) and the verifier beside
/// the stage after: measured on bench/gen_decoder.py programs
/// (docs/performance.md), single-threaded is 3-6% faster at 3k-11k nodes
/// (.nptg 1.5-5 MB), threads are 6-12% faster from 30k nodes (15 MB) up.
/// ng-translate and ng-opt use threads for their inputs from this size.
constexpr uint64_t kThreadedImportMinBytes = 8u << 20;

struct ImportOptions {
  /// Deepest GraphArg nesting accepted (W9): deeper files are rejected
  /// instead of recursing without bound.
  unsigned maxGraphDepth = kMaxSubgraphDepth;
  /// flatbuffers::Verifier limits (W9), sized for graphs with millions of
  /// tables. The table limit in force is also at most one per byte of the
  /// file (a shared table counts at each of its parents), so tables shared
  /// by several parents cannot make verification or import superlinear.
  unsigned long maxTables = 1ul << 31;
  unsigned maxVerifierDepth = 1024;
  /// Run the ng verifier (FORMAT.md V rules) on the result: each node as it
  /// is made, while it is in cache, the module's attributes at the end.
  /// (Without it, verifyImportedProgram verifies the whole module later.)
  bool verify = true;
  /// Threads on which each method's nodes are verified (flatbuffers
  /// verification, no IR) just ahead of their import; without them, the
  /// importing thread verifies each node before it imports it. The context
  /// may stay single-threaded meanwhile, and should for a large program:
  /// every attribute it uniques is then one hash probe instead of three
  /// under locks (docs/performance.md). Null: the context's own pool when
  /// it has threads enabled.
  llvm::ThreadPoolInterface *threads = nullptr;
  /// A safetensors file with the constants of an `.nptg` input (C2). A
  /// `.ptn` package carries its own.
  std::string constantsPath;
};

/// Build ng IR from the NPTG bytes in `buffer` (not copied; it must outlive
/// the call). `bufferName` names the input in diagnostics. On a malformed or
/// invalid program, emits an error naming the method, node and argument at
/// fault and returns null.
mlir::OwningOpRef<mlir::ModuleOp>
importNativeGraph(llvm::StringRef buffer, llvm::StringRef bufferName,
                  mlir::MLIRContext *context,
                  const ImportOptions &options = {});

/// Import a program file: an `.nptg` flatbuffer (with its constants from
/// `options.constantsPath`, if given) or a `.ptn` package (C1). Constant
/// bytes become `ng.data` resources that point into the mapped files, never
/// copied; `input` (and any constants file) stay mapped for as long as the
/// resources live. `keepAlive` owns whatever `input` points into.
mlir::OwningOpRef<mlir::ModuleOp>
importProgram(llvm::StringRef input, llvm::StringRef inputName,
              std::shared_ptr<const void> keepAlive, mlir::MLIRContext *context,
              const ImportOptions &options = {});

/// Run the ng verifier on an imported program, reporting errors the way the
/// importer does ("method 'forward': ..."), without dumping the IR.
llvm::LogicalResult verifyImportedProgram(mlir::ModuleOp module);

/// The module's own attributes (`ng.version`, and `ng.data` against the
/// placeholders, V14): what an import with ImportOptions::verify leaves to
/// check once constants are attached to its module.
llvm::LogicalResult verifyModuleAttributes(mlir::ModuleOp module);

/// Attach the constants of a safetensors file (and an aliases.json text, or
/// "") to `module` as its `ng.data`. `bytes` stays referenced, through
/// `keepAlive`, not copied.
llvm::LogicalResult attachConstants(mlir::ModuleOp module,
                                    llvm::StringRef bytes,
                                    llvm::StringRef aliasesJson,
                                    std::shared_ptr<const void> keepAlive,
                                    llvm::StringRef sourceName);

/// Whether `bytes` pass flatbuffers' Verifier as an NPTG Program under the
/// given limits: what a loader that verifies with those limits accepts
/// (ExecuTorch's keeps the Verifier's defaults, depth 64 and 1M tables).
bool verifiesAsProgram(llvm::ArrayRef<uint8_t> bytes, unsigned maxDepth,
                       unsigned long maxTables);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_IMPORT_H

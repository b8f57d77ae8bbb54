//===- Import.h - NPTG flatbuffer -> ng IR ----------------------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_IMPORT_H
#define NG_TARGET_NATIVEGRAPH_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace ng {

struct ImportOptions {
  /// Deepest GraphArg nesting accepted (W9): deeper files are rejected
  /// instead of recursing without bound.
  unsigned maxGraphDepth = 64;
  /// flatbuffers::Verifier limits (W9), sized for graphs with millions of
  /// tables.
  unsigned long maxTables = 1ul << 31;
  unsigned maxVerifierDepth = 1024;
  /// Run the ng verifier (FORMAT.md V rules) on the result.
  bool verify = true;
};

/// Build ng IR from the NPTG bytes in `buffer` (not copied; it must outlive
/// the call). `bufferName` names the input in diagnostics. On a malformed or
/// invalid program, emits an error naming the method, node and argument at
/// fault and returns null.
mlir::OwningOpRef<mlir::ModuleOp>
importNativeGraph(llvm::StringRef buffer, llvm::StringRef bufferName,
                  mlir::MLIRContext *context,
                  const ImportOptions &options = {});

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_IMPORT_H

//===- Export.h - ng IR -> NPTG flatbuffer ----------------------*- C++ -*-===//

#ifndef NG_TARGET_NATIVEGRAPH_EXPORT_H
#define NG_TARGET_NATIVEGRAPH_EXPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace ng {

/// Serialize `module` (a verified ng program) as NPTG bytes into `out`.
/// Deterministic: the same IR always gives the same bytes. Emits an error
/// and fails on IR the format cannot represent.
llvm::LogicalResult exportNativeGraph(mlir::ModuleOp module,
                                      llvm::SmallVectorImpl<uint8_t> &out);

/// Serialize `module` to `os`.
llvm::LogicalResult exportNativeGraph(mlir::ModuleOp module,
                                      llvm::raw_ostream &os);

/// Write the program's constant data (`ng.data`) as a safetensors file
/// (C2) to `os`, streaming the mapped bytes. Keys that share one resource
/// are written once; `aliasesJson` receives the aliases.json text for the
/// others (`{duplicate_key: owner_key}`), or "" when there are none.
llvm::LogicalResult writeConstants(mlir::ModuleOp module, llvm::raw_ostream &os,
                                   std::string &aliasesJson);

/// Write `module` as a .ptn package (C1): program.ptg, and
/// program.safetensors and aliases.json when it has constants.
llvm::LogicalResult exportPackage(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_EXPORT_H

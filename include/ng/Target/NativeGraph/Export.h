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

} // namespace ng

#endif // NG_TARGET_NATIVEGRAPH_EXPORT_H

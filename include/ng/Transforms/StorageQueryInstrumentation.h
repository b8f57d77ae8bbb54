//===- StorageQueryInstrumentation.h - a query cache per pass --*- C++ -*-===//
//
// Opens a StorageQueryCache (ng/Dialect/StorageQueryCache.h) for each pass a
// pass manager runs, on the thread that runs it, and closes it when the pass
// ends: within a pass the storage rules answer each root once, so
// ng.call's memory effects cost upstream --cse and --canonicalize a constant
// per operand, and nothing remembered outlives the pass that found it.
// ng-opt adds it to its pass manager; a tool of its own adds it with
//
//   pm.addInstrumentation(std::make_unique<ng::StorageQueryInstrumentation>());
//
//===----------------------------------------------------------------------===//

#ifndef NG_TRANSFORMS_STORAGEQUERYINSTRUMENTATION_H
#define NG_TRANSFORMS_STORAGEQUERYINSTRUMENTATION_H

#include "mlir/Pass/PassInstrumentation.h"

namespace ng {

class StorageQueryInstrumentation : public mlir::PassInstrumentation {
public:
  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override;
};

} // namespace ng

#endif // NG_TRANSFORMS_STORAGEQUERYINSTRUMENTATION_H

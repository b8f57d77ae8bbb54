//===- ChangeSummaryInstrumentation.h - what each pass changed -*- C++ -*-===//
//
// Counts, before and after each pass of a pipeline, what it may change in
// ng IR: the calls by target, the placeholders (and how many changed type)
// and the constant data entries; and, when the pass manager is done,
// prints one line per pass in pipeline order:
//
//   ng-remove-runtime-asserts: calls 412 -> 400 (-12
//   aten._assert_tensor_metadata.default) ng-reinplace: calls 400 -> 400 (+3
//   aten.relu_.default, -3 aten.relu.default) ng-prune-constants: placeholders
//   90 -> 84; data 84 -> 78 cse: no change
//
// A pass anchored on methods is summed over them. `ng-opt
// --ng-print-changes` adds it (and runs the methods one after another, so
// that the counts are taken between passes); a tool of its own adds it with
//
//   pm.addInstrumentation(
//       std::make_unique<ng::ChangeSummaryInstrumentation>(llvm::errs()));
//
//===----------------------------------------------------------------------===//

#ifndef NG_TRANSFORMS_CHANGESUMMARYINSTRUMENTATION_H
#define NG_TRANSFORMS_CHANGESUMMARYINSTRUMENTATION_H

#include "mlir/Pass/PassInstrumentation.h"

#include <memory>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ng {

class ChangeSummaryInstrumentation : public mlir::PassInstrumentation {
public:
  /// Prints to `os` when destroyed (when its pass manager is). The pass
  /// manager must run single-threaded (MLIRContext::disableMultithreading).
  explicit ChangeSummaryInstrumentation(llvm::raw_ostream &os);
  ~ChangeSummaryInstrumentation() override;

  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *op) override;

  struct State;

private:
  std::unique_ptr<State> state;
};

} // namespace ng

#endif // NG_TRANSFORMS_CHANGESUMMARYINSTRUMENTATION_H

//===- TestStorageWork.cpp - print the storage rules' work counters -------===//
//
// --ng-test-storage-work: the scaling guard's probe. A count of the work
// (ng::getStorageWork) is the same on every machine, unlike a time.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/Storage.h"

#include "llvm/Support/raw_ostream.h"

namespace ng {
#define GEN_PASS_DEF_TESTSTORAGEWORK
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

struct TestStorageWorkPass
    : public ng::impl::TestStorageWorkBase<TestStorageWorkPass> {
  void runOnOperation() override {
    StorageWork &work = getStorageWork();
    llvm::errs() << "storage work: " << work.questions << " questions, "
                 << work.steps << " steps\n";
    work = StorageWork();
    markAllAnalysesPreserved();
  }
};

} // namespace

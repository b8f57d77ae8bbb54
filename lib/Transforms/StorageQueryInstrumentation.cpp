//===- StorageQueryInstrumentation.cpp - a query cache per pass -----------===//
//
// See include/ng/Transforms/StorageQueryInstrumentation.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/StorageQueryInstrumentation.h"

#include "ng/Dialect/StorageQueryCache.h"

#include "llvm/ADT/SmallVector.h"

#include <memory>

using namespace mlir;
using namespace ng;

/// The caches of the passes running on this thread, innermost last: a pass
/// may run a pipeline of its own (--inline runs --canonicalize), whose
/// passes start and end on the same thread, inside it. Closing an inner
/// one clears the outer one's (StorageQueryCache's destructor).
static thread_local llvm::SmallVector<std::unique_ptr<StorageQueryCache>, 2>
    passCaches;

void StorageQueryInstrumentation::runBeforePass(Pass *, Operation *) {
  passCaches.push_back(std::make_unique<StorageQueryCache>());
}

void StorageQueryInstrumentation::runAfterPass(Pass *, Operation *) {
  if (!passCaches.empty())
    passCaches.pop_back();
}

void StorageQueryInstrumentation::runAfterPassFailed(Pass *pass,
                                                     Operation *op) {
  runAfterPass(pass, op);
}

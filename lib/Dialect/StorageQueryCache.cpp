//===- StorageQueryCache.cpp - remembered storage questions ---------------===//
//
// See include/ng/Dialect/StorageQueryCache.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/StorageQueryCache.h"

using namespace mlir;
using namespace ng;

/// The cache open on this thread: a pass's queries run on the thread that
/// runs the pass, and each thread keeps its own answers (no lock).
static thread_local StorageQueryCache *activeCache = nullptr;

StorageQueryCache::StorageQueryCache() : interrupted(activeCache) {
  activeCache = this;
}

StorageQueryCache::~StorageQueryCache() {
  activeCache = interrupted;
  if (interrupted)
    interrupted->clear();
}

StorageQueryCache *StorageQueryCache::getActive() { return activeCache; }

void StorageQueryCache::clear() {
  written.clear();
  mayWrite.clear();
  placeholders.clear();
}

std::optional<bool> StorageQueryCache::lookupWritten(Value root) const {
  auto it = written.find(root);
  if (it == written.end())
    return std::nullopt;
  return it->second;
}

void StorageQueryCache::rememberWritten(Value root, bool isWritten) {
  written[root] = isWritten;
}

const MethodPlaceholderIndex &
StorageQueryCache::getPlaceholderIndex(MethodOp method) {
  std::unique_ptr<MethodPlaceholderIndex> &index = placeholders[method];
  if (!index)
    index = std::make_unique<MethodPlaceholderIndex>(method);
  return *index;
}

ArrayRef<unsigned>
StorageQueryCache::getArgumentStarts(ArrayRef<Attribute> args) {
  SmallVector<unsigned, 0> &starts = argumentStarts[args.data()];
  if (starts.empty()) {
    unsigned offset = 0;
    starts.push_back(offset);
    for (Attribute attr : args) {
      auto arg = dyn_cast<ArgAttr>(attr);
      if (!arg)
        break;
      offset += arg.getNumOperands();
      starts.push_back(offset);
    }
  }
  return starts;
}

void ng::invalidateStorageQueries() {
  if (StorageQueryCache *cache = StorageQueryCache::getActive())
    cache->clear();
}

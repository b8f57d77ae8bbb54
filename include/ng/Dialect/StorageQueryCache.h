//===- StorageQueryCache.h - remembered storage questions ------*- C++ -*-===//
//
// Whether a storage is written is a question about its whole graph (every
// use of every value of its class, Storage.h), and ng.call's memory effects
// ask it for every operand of every call that --cse and --canonicalize look
// at. Asked anew each time, a tensor read by every layer (a position or a
// mask input) costs its readers times its uses: quadratic. A
// StorageQueryCache remembers the answers per root, and each method's
// placeholder index, while it is open on a thread, so each class is walked
// once: linear.
//
// When a remembered answer is right. Nothing in MLIR says when the IR
// changes, so a cache is opened for a span of work the opener vouches for:
// within it, the IR gains no write and no tensor value that is then asked
// about. ng-opt opens one for each pass (StorageQueryInstrumentation, in
// ng/Transforms), which holds for every pass it runs on ng IR:
//
//  - the upstream passes (--cse, --canonicalize, --symbol-dce, --inline, ...)
//    make no ng op (ng has no folders, canonicalization patterns, constant
//    materializer or inliner interface) and change no flag; they erase ops,
//    move them, and --cse merges two calls' results, which the effects allow
//    only for calls whose new storage nothing writes, or views of one
//    storage: erasing a use never makes storage written, and merging two
//    unwritten classes, or a class with itself, leaves it unwritten;
//  - an ng pass that changes what is written or makes tensor values, and
//    asks again afterwards, calls invalidateStorageQueries() in between
//    (--ng-fold-q4-weights does, after each fold).
//
// A cache opened while another is open on the thread takes over until it
// closes; closing it clears the one it interrupted (the work in between may
// have changed the IR). Without a cache the questions are asked anew each
// time, with the same answers.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_STORAGEQUERYCACHE_H
#define NG_DIALECT_STORAGEQUERYCACHE_H

#include "ng/Dialect/Storage.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>

namespace ng {

class StorageQueryCache {
public:
  /// Opens a cache on this thread.
  StorageQueryCache();
  /// Closes it, and clears the one it interrupted.
  ~StorageQueryCache();
  StorageQueryCache(const StorageQueryCache &) = delete;
  StorageQueryCache &operator=(const StorageQueryCache &) = delete;

  /// The cache open on this thread, or null.
  static StorageQueryCache *getActive();

  /// Forgets everything (the IR changed).
  void clear();

  /// The remembered isStorageWritten answer for `root`, if any.
  std::optional<bool> lookupWritten(mlir::Value root) const;
  void rememberWritten(mlir::Value root, bool written);
  /// Whether each call with subgraphs may write what it is given.
  llvm::DenseMap<mlir::Operation *, bool> &getMayWrite() { return mayWrite; }
  /// `method`'s placeholder index, made on the first request.
  const MethodPlaceholderIndex &getPlaceholderIndex(MethodOp method);
  /// Where each well-formed argument of the list `args` (a node's `args`)
  /// begins among the node's operands, then where the last one ends: made
  /// on the first request. WireArgumentRange asks it for the nodes with
  /// many arguments. A list is uniqued and never changes (an edit makes a
  /// new one), so an entry never goes stale.
  llvm::ArrayRef<unsigned>
  getArgumentStarts(llvm::ArrayRef<mlir::Attribute> args);

private:
  StorageQueryCache *interrupted;
  llvm::DenseMap<mlir::Value, bool> written;
  llvm::DenseMap<mlir::Operation *, bool> mayWrite;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<MethodPlaceholderIndex>>
      placeholders;
  llvm::DenseMap<const mlir::Attribute *, llvm::SmallVector<unsigned, 0>>
      argumentStarts;
};

/// Clears the cache open on this thread, if any: call it after changing what
/// is written (a `mut` flag, alias_of, an operand of a writing call, a
/// binding, an output spec) or making tensor values, before asking again.
void invalidateStorageQueries();

} // namespace ng

#endif // NG_DIALECT_STORAGEQUERYCACHE_H

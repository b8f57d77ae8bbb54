//===- ParseCache.h - recurring attributes of the custom parsers -*- C++
//-*-===//
//
// The custom forms of ng.call and ng.output build the same attributes over
// and over (RecurringAttrs.h). One table per context, owned by the dialect;
// a lock makes it safe to parse from several threads. (Taken only when the
// context may run threads: a single-threaded context is never used from
// two threads at once, and the lock was 1% of parsing a large program.)
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_DIALECT_PARSECACHE_H
#define NG_LIB_DIALECT_PARSECACHE_H

#include "ng/Dialect/RecurringAttrs.h"

#include "mlir/IR/MLIRContext.h"

#include <mutex>

namespace ng {

class ParseCache {
public:
  explicit ParseCache(mlir::MLIRContext *ctx) : ctx(ctx), attrs(ctx) {}

  mlir::StringAttr string(llvm::StringRef text) {
    auto lock = guard();
    return attrs.string(text);
  }
  mlir::Attribute integer(int64_t value) {
    auto lock = guard();
    return attrs.integer(value);
  }
  /// ArgAttr::getChecked, remembered when it succeeds.
  ArgAttr arg(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
              ArgKind kind, mlir::StringAttr name, bool mutated,
              mlir::Attribute value, mlir::DenseBoolArrayAttr mask) {
    auto lock = guard();
    return attrs.arg(kind, name, mutated, value, mask, emitError);
  }

private:
  std::unique_lock<std::mutex> guard() {
    if (ctx->isMultithreadingEnabled())
      return std::unique_lock<std::mutex>(mutex);
    return std::unique_lock<std::mutex>();
  }

  mlir::MLIRContext *ctx;
  std::mutex mutex;
  RecurringAttrs attrs;
};

} // namespace ng

#endif // NG_LIB_DIALECT_PARSECACHE_H

//===- ParseCache.h - recurring attributes of the custom parsers -*- C++
//-*-===//
//
// The custom forms of ng.call and ng.output build the same attributes over
// and over (RecurringAttrs.h). One table per context, owned by the dialect;
// a lock makes it safe to parse from several threads.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_DIALECT_PARSECACHE_H
#define NG_LIB_DIALECT_PARSECACHE_H

#include "ng/Dialect/RecurringAttrs.h"

#include <mutex>

namespace ng {

class ParseCache {
public:
  explicit ParseCache(mlir::MLIRContext *ctx) : attrs(ctx) {}

  mlir::StringAttr string(llvm::StringRef text) {
    std::lock_guard<std::mutex> lock(mutex);
    return attrs.string(text);
  }
  mlir::Attribute integer(int64_t value) {
    std::lock_guard<std::mutex> lock(mutex);
    return attrs.integer(value);
  }
  /// ArgAttr::getChecked, remembered when it succeeds.
  ArgAttr arg(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
              ArgKind kind, mlir::StringAttr name, bool mutated,
              mlir::Attribute value, mlir::DenseBoolArrayAttr mask) {
    std::lock_guard<std::mutex> lock(mutex);
    return attrs.arg(kind, name, mutated, value, mask, emitError);
  }

private:
  std::mutex mutex;
  RecurringAttrs attrs;
};

} // namespace ng

#endif // NG_LIB_DIALECT_PARSECACHE_H

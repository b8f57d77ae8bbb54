//===- ParseCache.h - recurring attributes of the custom parsers -*- C++
//-*-===//
//
// The custom forms of ng.call and ng.output build the same attributes over
// and over: the target string, argument names (`self`, `other`), argument
// descriptors (`#ng.arg<kind = tensor, name = "self">`) and small integer
// literals. Each build is a lookup in the context's uniquer, whose tables
// also hold every other attribute of the program; on a large program those
// lookups miss the cache. This small table answers the recurring ones first.
// One per context (owned by the dialect), safe to use from several threads.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_DIALECT_PARSECACHE_H
#define NG_LIB_DIALECT_PARSECACHE_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>
#include <tuple>

namespace ng {

class ParseCache {
public:
  mlir::StringAttr string(mlir::MLIRContext *ctx, llvm::StringRef text);

  /// An i64 IntegerAttr.
  mlir::Attribute integer(mlir::MLIRContext *ctx, int64_t value);

  /// ArgAttr::getChecked, remembered when it succeeds.
  ArgAttr arg(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
              mlir::MLIRContext *ctx, ArgKind kind, mlir::StringAttr name,
              bool mutated, mlir::Attribute value,
              mlir::DenseBoolArrayAttr mask);

private:
  std::mutex mutex;
  llvm::StringMap<mlir::StringAttr> strings;
  llvm::DenseMap<int64_t, mlir::Attribute> integers;
  using ArgKey = std::tuple<unsigned, const void *, const void *, const void *>;
  llvm::DenseMap<ArgKey, ArgAttr> args;
};

} // namespace ng

#endif // NG_LIB_DIALECT_PARSECACHE_H

//===- RecurringAttrs.h - attributes built over and over ---------*- C++
//-*-===//
//
// Building a program touches the same few attributes on every node: the
// target string, argument names (`self`, `other`), argument descriptors
// (`#ng.arg<kind = tensor, name = "self">`), small integer literals. Each
// build is a lookup in the context's uniquer, whose tables also hold every
// other attribute of the program; on a large program those lookups miss the
// cache. This small table answers the recurring ones first. Used by the
// importer (one per import) and, behind a lock, by the custom parsers (one
// per context, lib/Dialect/ParseCache.h). Not thread-safe by itself.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_RECURRINGATTRS_H
#define NG_DIALECT_RECURRINGATTRS_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <tuple>

namespace ng {

class RecurringAttrs {
public:
  explicit RecurringAttrs(mlir::MLIRContext *ctx) : ctx(ctx) {}

  mlir::StringAttr string(llvm::StringRef text);

  /// An i64 IntegerAttr.
  mlir::Attribute integer(int64_t value);

  /// The #ng.arg with these parts. With `emitError`, it is verified
  /// (ArgAttr::getChecked; a failure is reported, not remembered).
  ArgAttr arg(ArgKind kind, mlir::StringAttr name, bool mutated,
              mlir::Attribute value, mlir::DenseBoolArrayAttr mask,
              llvm::function_ref<mlir::InFlightDiagnostic()> emitError = {});

private:
  mlir::MLIRContext *ctx;
  llvm::StringMap<mlir::StringAttr> strings;
  llvm::DenseMap<int64_t, mlir::Attribute> integers;
  /// Keyed by uniqued pointers; kind and mutated packed into the first.
  using ArgKey = std::tuple<unsigned, const void *, const void *, const void *>;
  llvm::DenseMap<ArgKey, ArgAttr> args;
};

} // namespace ng

#endif // NG_DIALECT_RECURRINGATTRS_H

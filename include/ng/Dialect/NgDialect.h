//===- NgDialect.h - the ng dialect -----------------------------*- C++ -*-===//

#ifndef NG_DIALECT_NGDIALECT_H
#define NG_DIALECT_NGDIALECT_H

#include "mlir/IR/Dialect.h"

#include <memory>

namespace ng {
class ParseCache;
class WarnedOps;
class ArgumentStarts;
class TargetFacts;
struct OpFacts;
} // namespace ng

#include "ng/Dialect/NgDialect.h.inc"

#endif // NG_DIALECT_NGDIALECT_H

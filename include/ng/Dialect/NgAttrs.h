//===- NgAttrs.h - ng attributes --------------------------------*- C++ -*-===//

#ifndef NG_DIALECT_NGATTRS_H
#define NG_DIALECT_NGATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "ng/Dialect/NgEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ng/Dialect/NgAttrs.h.inc"

#endif // NG_DIALECT_NGATTRS_H

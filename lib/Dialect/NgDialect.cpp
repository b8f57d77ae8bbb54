//===- NgDialect.cpp - the ng dialect ---------------------------*- C++ -*-===//

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ng;

#include "ng/Dialect/NgDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ng/Dialect/NgTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ng/Dialect/NgAttrs.cpp.inc"

void NgDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ng/Dialect/NgTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ng/Dialect/NgAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ng/Dialect/NgOps.cpp.inc"
      >();
}

/// W7: "1" and "1.0" load; anything else is a version this tool cannot read.
LogicalResult NgDialect::verifyOperationAttribute(Operation *op,
                                                  NamedAttribute attr) {
  if (attr.getName() == getVersionAttrName()) {
    auto version = dyn_cast<StringAttr>(attr.getValue());
    if (!version)
      return op->emitError() << "'" << getVersionAttrName()
                             << "' must be a string";
    if (version.getValue() != "1" && version.getValue() != "1.0")
      return op->emitError() << "unsupported program version '"
                             << version.getValue()
                             << "' (this tool reads \"1\" and \"1.0\")";
    return success();
  }
  return op->emitError() << "unknown ng attribute '" << attr.getName() << "'";
}

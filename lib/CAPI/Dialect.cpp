//===- Dialect.cpp - the ng dialect, from C -------------------------------===//

#include "ng-c/Dialect.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(NG, ng, ng::NgDialect)

void ngRegisterAllDialects(MlirDialectRegistry registry) {
  ng::registerAllDialects(*unwrap(registry));
}

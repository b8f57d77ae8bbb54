/*===-- ng-c/Dialect.h - the ng dialect, from C ------------------*- C -*-===*\
|*                                                                            *|
|* The C API of ng, in MLIR's style (mlir-c/IR.h): the dialect's handle for   *|
|* registration and loading, and the registration of everything ng has        *|
|* (ngRegisterAllDialects). Import and export are in ng-c/Translation.h, the  *|
|* passes in ng-c/Passes.h. docs/CAPI.md shows them used.                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef NG_C_DIALECT_H
#define NG_C_DIALECT_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__ng__(): insert it into a registry
   (mlirDialectHandleInsertDialect) or load it into a context
   (mlirDialectHandleLoadDialect). */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(NG, ng);

/* Insert every dialect ng's tools register (ng, builtin, and what ng's
   passes create) into `registry`. */
MLIR_CAPI_EXPORTED void ngRegisterAllDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* NG_C_DIALECT_H */

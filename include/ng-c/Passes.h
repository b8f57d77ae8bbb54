/*===-- ng-c/Passes.h - ng's passes, from C ----------------------*- C -*-===*\
|*                                                                            *|
|* Generated from include/ng/Transforms/Passes.td (mlir-tblgen                *|
|* -gen-pass-capi-header): mlirRegisterNgPasses() registers every ng pass     *|
|* for mlirParsePassPipeline / mlirOpPassManagerAddPipeline, and              *|
|* mlirCreateNg<Pass>() makes one (e.g. mlirCreateNgFoldQ4Weights); and the  *|
|* per-pass cache that keeps upstream passes linear on ng IR.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef NG_C_PASSES_H
#define NG_C_PASSES_H

#include "ng-c/Passes.capi.h.inc"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the native backend's pipelines, `ng-native-default` and
   `ng-prepare-native` (docs/NativePasses.md), for mlirParsePassPipeline:
   after it, "builtin.module(ng-prepare-native)" parses. */
MLIR_CAPI_EXPORTED void ngRegisterNativePipelines(void);

#ifdef __cplusplus
}
#endif

#endif /* NG_C_PASSES_H */

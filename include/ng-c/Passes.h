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

/* Answer ng's storage questions once per pass in `passManager` (what makes
   --cse and --canonicalize linear on ng IR, docs/Aliasing.md, "Cost"), as
   ng-opt does: each pass it runs gets a fresh cache of its own. Without it
   the answers are the same, asked again each time. */
MLIR_CAPI_EXPORTED void
ngPassManagerAddStorageQueryInstrumentation(MlirPassManager passManager);

/* Registers the native backend's pipelines, `ng-native-default` and
   `ng-prepare-native` (docs/NativePasses.md), for mlirParsePassPipeline:
   after it, "builtin.module(ng-prepare-native)" parses. */
MLIR_CAPI_EXPORTED void ngRegisterNativePipelines(void);

#ifdef __cplusplus
}
#endif

#endif /* NG_C_PASSES_H */

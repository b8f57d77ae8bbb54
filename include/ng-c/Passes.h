/*===-- ng-c/Passes.h - ng's passes, from C ----------------------*- C -*-===*\
|*                                                                            *|
|* Generated from include/ng/Transforms/Passes.td (mlir-tblgen                *|
|* -gen-pass-capi-header): mlirRegisterNgPasses() registers every ng pass     *|
|* for mlirParsePassPipeline / mlirOpPassManagerAddPipeline, and              *|
|* mlirCreateNg<Pass>() makes one (e.g. mlirCreateNgFoldQ4Weights). A         *|
|* pipeline needs no other setup: ng ops answer effect queries locally.       *|
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

/* Registers every pass and pipeline ng-opt knows, for mlirParsePassPipeline:
   ng's passes (as mlirRegisterNgPasses), the native pipelines (as
   ngRegisterNativePipelines), the old names of renamed passes, and the
   upstream passes ng's pipelines and users run on ng IR (cse, canonicalize
   and the rest of MLIR's transforms, as mlirRegisterTransformsPasses). Once
   is enough; calling it again, or with the other registrations, is
   harmless. */
MLIR_CAPI_EXPORTED void ngRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* NG_C_PASSES_H */

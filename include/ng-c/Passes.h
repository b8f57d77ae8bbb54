/*===-- ng-c/Passes.h - ng's passes, from C ----------------------*- C -*-===*\
|*                                                                            *|
|* Generated from include/ng/Transforms/Passes.td (mlir-tblgen                *|
|* -gen-pass-capi-header): mlirRegisterNgPasses() registers every ng pass     *|
|* for mlirParsePassPipeline / mlirOpPassManagerAddPipeline, and              *|
|* mlirCreateNg<Pass>() makes one (e.g. mlirCreateNgFoldQ4Weights).           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef NG_C_PASSES_H
#define NG_C_PASSES_H

#include "ng-c/Passes.capi.h.inc"

#endif /* NG_C_PASSES_H */

/*===-- ng-c/Translation.h - NPTG files <-> ng IR, from C --------*- C -*-===*\
|*                                                                            *|
|* Import an NPTG program (.nptg with its constants, or a .ptn package) as an *|
|* MlirModule, and export a module back, from a file or memory. Errors are    *|
|* emitted as diagnostics on the context (mlirContextAttachDiagnosticHandler  *|
|* sees them, with the method, node and argument at fault) and the call       *|
|* returns a null module or a failed MlirLogicalResult.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef NG_C_TRANSLATION_H
#define NG_C_TRANSLATION_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Import the program file at `path`: an NPTG flatbuffer or a .ptn package,
   told by its bytes. For a flatbuffer, `constantsPath` may name the
   safetensors file of its constants (else pass an empty string: the
   program then carries no data). The file stays mapped while the module
   needs its constants. Loads the ng dialect into `context`. */
MLIR_CAPI_EXPORTED MlirModule ngImportProgramFile(MlirContext context,
                                                  MlirStringRef path,
                                                  MlirStringRef constantsPath);

/* Import a program from memory (an NPTG flatbuffer or a .ptn package).
   `bytes` is not copied: it must stay valid, unchanged, for as long as the
   module lives (constant resources point into it). `name` names the input
   in diagnostics. */
MLIR_CAPI_EXPORTED MlirModule ngImportProgramBuffer(MlirContext context,
                                                    MlirStringRef bytes,
                                                    MlirStringRef name);

/* What ngExportProgramFile writes. */
typedef enum NgContainer {
  /* By the path's extension: a package for .ptn (any case), else a
     program. */
  NgContainerAuto = 0,
  /* An NPTG flatbuffer; its constants go to a safetensors file. */
  NgContainerProgram = 1,
  /* A .ptn package: the program and its constants in one zip. */
  NgContainerPackage = 2,
} NgContainer;

/* Verify `module` and export it to `path`. A program's constants go to
   `constantsPath` (empty: beside `path`, as <stem>.safetensors; a `path`
   that is no regular file, a device or FIFO such as /dev/null, has nothing
   beside it, so a program with constants then needs `constantsPath`).
   Nothing is replaced unless every file could be written. */
MLIR_CAPI_EXPORTED MlirLogicalResult
ngExportProgramFile(MlirModule module, MlirStringRef path,
                    NgContainer container, MlirStringRef constantsPath);

/* Verify `module` and export it to memory: the NPTG flatbuffer, or with
   `package` a .ptn package (a program whose module carries constant data
   can only be a package in memory). `callback` receives the bytes, in one
   or more pieces, with `userData`. On failure (e.g. an #ng.int4_packing
   whose source does not pack, found as it is written) the pieces received
   so far are not a program: discard them. */
MLIR_CAPI_EXPORTED MlirLogicalResult
ngExportProgramBuffer(MlirModule module, bool package,
                      MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* NG_C_TRANSLATION_H */

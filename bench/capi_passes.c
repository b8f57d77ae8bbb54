/*===- capi_passes.c - a pass pipeline run through ng's C API ------------===*\
|*                                                                            *|
|* What an embedder that drives ng through the C API (include/ng-c) pays for  *|
|* a pipeline, with no setup beyond registering ng's dialects and passes:     *|
|* bench/run_passes.sh --bindings runs it beside ng-opt on the same input.    *|
|*                                                                            *|
|*   ng-bench-capi-passes INPUT PIPELINE                                      *|
|*                                                                            *|
|* INPUT is ng IR (text or bytecode); PIPELINE a textual pipeline on the      *|
|* module ("canonicalize", "ng.method(ng-collapse-view-copy)"). One thread,   *|
|* no verifier after the passes, as run_passes.sh runs ng-opt. Prints the     *|
|* seconds of the pass manager's run alone: "seconds 0.123456".              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "ng-c/Dialect.h"
#include "ng-c/Passes.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s INPUT PIPELINE\n", argv[0]);
    return 2;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  ngRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  ngRegisterAllPasses();

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "%s: cannot parse '%s'\n", argv[0], argv[1]);
    goto done;
  }
  MlirPassManager pm = mlirPassManagerCreate(context);
  mlirPassManagerEnableVerifier(pm, false);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(argv[2]), printToStderr, NULL);
  if (mlirLogicalResultIsFailure(parsed)) {
    fprintf(stderr, "\n%s: invalid pipeline '%s'\n", argv[0], argv[2]);
  } else {
    double start = now();
    MlirLogicalResult ran =
        mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    double seconds = now() - start;
    if (mlirLogicalResultIsFailure(ran)) {
      fprintf(stderr, "%s: the pipeline failed\n", argv[0]);
    } else {
      printf("seconds %.6f\n", seconds);
      status = 0;
    }
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(context);
  return status;
}

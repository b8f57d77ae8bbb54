/*===- ng-capi-test.c - ng's C API, used from C ---------------------------===*\
|*                                                                            *|
|* Drives ng-c/Dialect.h, ng-c/Passes.h and ng-c/Translation.h the way a C    *|
|* client would, on the program file given (a .ptn package with constants):   *|
|* import, a pass pipeline (and a test pass it must not know), export to a   *|
|* file and to memory, re-import, and the errors. Prints what it sees;        *|
|* test/CAPI/capi.test checks it.                                             *|
|*                                                                            *|
|*   ng-capi-test PROGRAM.ptn OUTPUT-DIR                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ng-c/Dialect.h"
#include "ng-c/Passes.h"
#include "ng-c/Translation.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Diagnostics go to standard output, one line each, so the test sees them
   in order with the rest. */
static void printPiece(MlirStringRef piece, void *userData) {
  (void)userData;
  fwrite(piece.data, 1, piece.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printPiece, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/* Bytes collected from an export to memory. */
typedef struct {
  char *data;
  size_t size, capacity;
} Bytes;

static void appendBytes(MlirStringRef piece, void *userData) {
  Bytes *bytes = (Bytes *)userData;
  if (bytes->size + piece.length > bytes->capacity) {
    size_t capacity = 2 * (bytes->size + piece.length);
    char *grown = (char *)realloc(bytes->data, capacity);
    if (!grown) {
      fprintf(stderr, "out of memory\n");
      exit(1);
    }
    bytes->data = grown;
    bytes->capacity = capacity;
  }
  memcpy(bytes->data + bytes->size, piece.data, piece.length);
  bytes->size += piece.length;
}

/* The number of ng.method ops in the module's body. */
static int countMethods(MlirModule module) {
  int methods = 0;
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  while (!mlirOperationIsNull(op)) {
    MlirIdentifier name = mlirOperationGetName(op);
    MlirStringRef text = mlirIdentifierStr(name);
    if (text.length == 9 && memcmp(text.data, "ng.method", 9) == 0)
      ++methods;
    op = mlirOperationGetNextInBlock(op);
  }
  return methods;
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: ng-capi-test PROGRAM.ptn OUTPUT-DIR\n");
    return 2;
  }
  char exported[4096];
  snprintf(exported, sizeof exported, "%s/exported.ptn", argv[2]);

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  ngRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);
  mlirRegisterNgPasses();
  ngRegisterNativePipelines();
  // After the two above (and twice): harmless, and it adds the upstream
  // passes, cse here.
  ngRegisterAllPasses();
  ngRegisterAllPasses();
  MlirDialectHandle ng = mlirGetDialectHandle__ng__();
  printf("dialect: %.*s\n", (int)mlirDialectHandleGetNamespace(ng).length,
         mlirDialectHandleGetNamespace(ng).data);

  /* Import from a file. */
  MlirModule module = ngImportProgramFile(context, str(argv[1]), str(""));
  if (mlirModuleIsNull(module)) {
    printf("import failed\n");
    return 1;
  }
  printf("imported: %d method(s)\n", countMethods(module));

  /* A pipeline by its textual form (a pass and a registered pipeline), and
     a pass made by its constructor. */
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirOpPassManagerAddPipeline(
      top,
      str("ng.method(ng-remove-runtime-asserts),ng-prepare-native,"
          "ng.method(cse)"),
      printPiece, NULL);
  mlirOpPassManagerAddOwnedPass(
      mlirPassManagerGetNestedUnder(pm, str("ng.method")),
      mlirCreateNgInferAliases());
  printf("pipeline parsed: %s\n",
         mlirLogicalResultIsSuccess(parsed) ? "yes" : "no");
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("pipeline ran: %s\n", mlirLogicalResultIsSuccess(ran) ? "yes" : "no");
  mlirPassManagerDestroy(pm);

  /* ng-opt's test passes (test/lib) are no part of the API: the pipeline
     parser does not know them, though it knows every pass of ng's. */
  MlirPassManager testPm = mlirPassManagerCreate(context);
  printf("test pass: ");
  MlirLogicalResult testParsed = mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(testPm), str("ng-test-alias-analysis"),
      printPiece, NULL);
  printf("test pass parsed: %s\n",
         mlirLogicalResultIsSuccess(testParsed) ? "yes" : "no");
  mlirPassManagerDestroy(testPm);

  /* Export to a file, import that again. */
  MlirLogicalResult written =
      ngExportProgramFile(module, str(exported), NgContainerAuto, str(""));
  printf("exported to file: %s\n",
         mlirLogicalResultIsSuccess(written) ? "yes" : "no");
  MlirModule again = ngImportProgramFile(context, str(exported), str(""));
  printf("re-imported from file: %d method(s)\n",
         mlirModuleIsNull(again) ? -1 : countMethods(again));

  /* Export to memory, import from memory, export again: the same bytes. */
  Bytes first = {NULL, 0, 0}, second = {NULL, 0, 0};
  MlirLogicalResult inMemory =
      ngExportProgramBuffer(again, true, appendBytes, &first);
  printf("exported to memory: %s\n",
         mlirLogicalResultIsSuccess(inMemory) ? "yes" : "no");
  MlirModule fromMemory = ngImportProgramBuffer(
      context, mlirStringRefCreate(first.data, first.size), str("memory.ptn"));
  printf("imported from memory: %d method(s)\n",
         mlirModuleIsNull(fromMemory) ? -1 : countMethods(fromMemory));
  if (!mlirModuleIsNull(fromMemory))
    ngExportProgramBuffer(fromMemory, true, appendBytes, &second);
  printf("same bytes again: %s\n",
         first.size > 0 && first.size == second.size &&
                 memcmp(first.data, second.data, first.size) == 0
             ? "yes"
             : "no");

  /* Errors: a program with constant data is no bare flatbuffer; a file
     that is not there; bytes that are no program. */
  Bytes unused = {NULL, 0, 0};
  MlirLogicalResult bare =
      ngExportProgramBuffer(fromMemory, false, appendBytes, &unused);
  printf("bare flatbuffer of a program with data: %s\n",
         mlirLogicalResultIsSuccess(bare) ? "written" : "refused");
  /* A device has nothing beside it: its constants need a path of their
     own (no /dev/null.safetensors is created). */
  MlirLogicalResult toDevice =
      ngExportProgramFile(again, str("/dev/null"), NgContainerProgram, str(""));
  printf("program with data to /dev/null: %s\n",
         mlirLogicalResultIsSuccess(toDevice) ? "written" : "refused");
  char deviceConstants[4096];
  snprintf(deviceConstants, sizeof(deviceConstants), "%s/device.safetensors",
           argv[2]);
  MlirLogicalResult toDeviceWithConstants = ngExportProgramFile(
      again, str("/dev/null"), NgContainerProgram, str(deviceConstants));
  printf("with a constants path: %s\n",
         mlirLogicalResultIsSuccess(toDeviceWithConstants) ? "written"
                                                           : "refused");
  MlirModule missing =
      ngImportProgramFile(context, str("/nonexistent/x.nptg"), str(""));
  printf("missing file: %s\n", mlirModuleIsNull(missing) ? "null" : "module");
  MlirModule garbage = ngImportProgramBuffer(
      context, str("this is no flatbuffer at all"), str("garbage.nptg"));
  printf("garbage: %s\n", mlirModuleIsNull(garbage) ? "null" : "module");

  /* The memory import's module points into `first`: destroy it first. */
  if (!mlirModuleIsNull(fromMemory))
    mlirModuleDestroy(fromMemory);
  free(first.data);
  free(second.data);
  free(unused.data);
  if (!mlirModuleIsNull(again))
    mlirModuleDestroy(again);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}

//===- InitAll.cpp - register ng's dialects and passes --------------------===//

#include "ng/InitAll.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Transforms/Passes.h"
#include "ng/Transforms/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void ng::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<ng::NgDialect>();
}

void ng::registerAllPasses() {
  // The upstream, dialect-agnostic passes (canonicalize, cse, ...).
  mlir::registerTransformsPasses();
  ng::registerNgPasses();
  ng::registerDeprecatedPassAliases();
  ng::registerNativePipelines();
}

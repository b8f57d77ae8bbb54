//===- Passes.cpp - ng's passes, from C -----------------------------------===//

#include "ng-c/Passes.h"

#include "ng/Transforms/Passes.h"
#include "ng/Transforms/Pipelines.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

// The generated definitions name ng's pass constructors and registrations
// unqualified.
using namespace ng;

#include "ng-c/Passes.capi.cpp.inc"

void ngRegisterNativePipelines(void) { ng::registerNativePipelines(); }

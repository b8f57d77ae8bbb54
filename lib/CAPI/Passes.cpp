//===- Passes.cpp - ng's passes, from C -----------------------------------===//

#include "ng-c/Passes.h"

#include "ng/InitAll.h"
#include "ng/Transforms/Passes.h"
#include "ng/Transforms/Pipelines.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

// The generated definitions name ng's pass constructors and registrations
// unqualified.
using namespace ng;

#include "ng-c/Passes.capi.cpp.inc"

// A pipeline's name may be registered once (MLIR refuses a second); a
// pass's again, as the same pass. registerAllPasses registers the
// pipelines too, so both entry points share one flag.
static std::once_flag pipelinesRegistered;

void ngRegisterNativePipelines(void) {
  std::call_once(pipelinesRegistered, ng::registerNativePipelines);
}

void ngRegisterAllPasses(void) {
  static std::once_flag allRegistered;
  std::call_once(allRegistered, [] {
    bool pipelinesToo = false;
    std::call_once(pipelinesRegistered, [&] { pipelinesToo = true; });
    if (pipelinesToo) {
      ng::registerAllPasses();
      return;
    }
    // The pipelines are registered already: everything but them.
    mlir::registerTransformsPasses();
    ng::registerNgPasses();
    ng::registerDeprecatedPassAliases();
  });
}

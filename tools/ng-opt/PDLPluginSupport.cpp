//===- PDLPluginSupport.cpp - MLIR's PDL pattern API, kept for plugins ----===//
//
// A plugin's PDLL patterns (mlir-pdll -x=cpp, examples/pdll-fusion) build a
// PDLPatternModule and register their native constraints and rewrites with
// it. Those few members live in MLIRIR's PDLPatternMatch.cpp, which none of
// ng's own passes call, so a static link would leave them out of ng-opt and
// such a plugin would fail to load (undefined symbol). Referencing them
// here keeps them in the tool, which exports them (ENABLE_EXPORTS). The
// rest of PDL (its dialects, the conversion to pdl_interp, the bytecode
// interpreter) is in already: FrozenRewritePatternSet reaches it.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/PatternMatch.h"

namespace {

struct PDLPatternAPI {
  void (mlir::PDLPatternModule::*mergeIn)(mlir::PDLPatternModule &&);
  void (mlir::PDLPatternModule::*registerConstraintFunction)(
      llvm::StringRef, mlir::PDLConstraintFunction);
  void (mlir::PDLPatternModule::*registerRewriteFunction)(
      llvm::StringRef, mlir::PDLRewriteFunction);
};

} // namespace

// `used`: nothing reads it; its relocations are what keep the members.
[[gnu::used]] const PDLPatternAPI ngOptPDLPatternAPIForPlugins = {
    &mlir::PDLPatternModule::mergeIn,
    &mlir::PDLPatternModule::registerConstraintFunction,
    &mlir::PDLPatternModule::registerRewriteFunction,
};

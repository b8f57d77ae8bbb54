//===- PassAliases.cpp - old pass names, kept for one release -------------===//
//
// ng's passes are named `ng-<what it does>` (docs/Tools.md, "Pass names").
// The names they had before keep working for one release, as deprecated
// aliases: the same options, on the command line (`--fold-q4-weights=...`)
// and in a textual pipeline (`fold-q4-weights{formats=gguf}`), and they
// create the pass under its new name (what --dump-pass-pipeline and crash
// reproducers show). `--ng-cse` became upstream `--cse`.
//
// An alias is a registered pipeline that adds the one pass: MLIR has no
// aliases for passes, and a second PassInfo would need a second pass class.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Register `alias` as a deprecated spelling of the pass `create` makes.
static void registerAlias(StringRef alias,
                          std::function<std::unique_ptr<Pass>()> create,
                          StringRef what = "same options") {
  std::string description =
      ("Deprecated alias of --" + create()->getArgument() + " (" + what +
       "; the old name goes in the next release)")
          .str();
  registerPassPipeline(
      alias, description,
      [create](OpPassManager &pm, StringRef options,
               function_ref<LogicalResult(const Twine &)> errorHandler) {
        std::unique_ptr<Pass> pass = create();
        if (failed(pass->initializeOptions(options, errorHandler)))
          return failure();
        // What MLIR says of the pass under its own name: a pipeline
        // (--pass-pipeline) nests explicitly; on the command line a pass is
        // nested under the module for its op.
        std::optional<StringRef> pmOp = pm.getOpName();
        std::optional<StringRef> passOp = pass->getOpName();
        if (pm.getNesting() == OpPassManager::Nesting::Explicit && pmOp &&
            passOp && *pmOp != *passOp)
          return errorHandler(
              "Can't add pass '" + pass->getArgument() + "' restricted to '" +
              *passOp + "' on a PassManager intended to run on '" +
              pm.getOpAnchorName() + "', did you intend to nest?");
        pm.addPass(std::move(pass));
        return success();
      },
      // The options are the pass's own, listed under its new name.
      [](function_ref<void(const detail::PassOptions &)>) {});
}

void ng::registerDeprecatedPassAliases() {
  registerAlias("fold-q4-weights", [] { return createFoldQ4Weights(); });
  registerAlias("legalize-dim-order", [] { return createLegalizeDimOrder(); });
  // What --ng-cse merged (identical calls under different wire names),
  // upstream CSE merges once names are hints (locations) rather than
  // attributes.
  registerAlias("ng-cse", [] { return mlir::createCSEPass(); }, "upstream CSE");
}

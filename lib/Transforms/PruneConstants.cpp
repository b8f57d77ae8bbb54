//===- PruneConstants.cpp - drop constants nothing reads ------------------===//
//
// A constant placeholder no node reads, no output writes back and no
// quantization metadata names goes; then the data no method binds. The
// edits are GraphEdits.h's: removing placeholders renumbers the output
// specs that name them, and pruning the data asks every method.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/GraphEdits.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/StringSet.h"

namespace ng {
#define GEN_PASS_DEF_PRUNECONSTANTS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

struct PruneConstantsPass
    : public ng::impl::PruneConstantsBase<PruneConstantsPass> {
  using PruneConstantsBase::PruneConstantsBase;

  void runOnOperation() override {
    for (auto method : getOperation().getOps<MethodOp>())
      if (failed(pruneMethod(method)))
        return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (const std::string &key : pruneConstantData(rewriter, getOperation()))
      if (report)
        emitRemark(getOperation().getLoc())
            << "dropped the data of '" << key << "': no method binds it";
  }

  LogicalResult pruneMethod(MethodOp method) {
    // What the method's quantization metadata names must stay bound in it.
    llvm::StringSet<> named;
    collectQuantizationKeys(method, named);
    MethodPlaceholderIndex index(method);
    SmallVector<BlockArgument> unread;
    for (BlockArgument arg : method.getArguments()) {
      std::optional<ConstantPlaceholder> constant = getConstantPlaceholder(arg);
      if (!constant || constant->mutated || !arg.use_empty() ||
          index.isWrittenBack(arg.getArgNumber()) ||
          named.contains(constant->key))
        continue;
      unread.push_back(arg);
      if (report)
        emitRemark(method.getLoc())
            << "method '" << method.getSymName() << "': removed constant '"
            << constant->getName() << "' (data_key '" << constant->key
            << "'): nothing reads it";
    }
    IRRewriter rewriter(method);
    return removePlaceholders(rewriter, method, unread,
                              [&] { return method.emitOpError(); });
  }
};

} // namespace

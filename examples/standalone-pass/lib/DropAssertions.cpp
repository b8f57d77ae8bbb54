//===- DropAssertions.cpp - an ng pass plugin -----------------------------===//
//
// torch.export leaves assertions in the graph: `aten._assert_tensor_metadata`
// checks a tensor's dtype and sizes, `aten._assert_scalar` and
// `aten._assert_async` a value. A runtime must provide a kernel for each,
// although they produce nothing. This pass drops them from every method:
// all of them, or with `metadata-only` just the metadata checks (whose
// answers the tensor types already carry).
//
// It is written against ng's public headers only: the call op and its
// target (matched by op name), the op facts (which targets are assertions), the
// node names in locations (for the remark). ng-opt loads it with
// --load-pass-plugin.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

using namespace mlir;

namespace {

/// An assertion call: the op facts say it runs only for its side effect,
/// and it has no results anybody could read.
bool isAssertion(ng::CallOp call, bool metadataOnly) {
  StringRef target = call.getTarget();
  if (metadataOnly)
    return ng::matchesOpName(target, "aten::_assert_tensor_metadata") &&
           call->use_empty();
  std::optional<ng::OpFacts> facts = ng::lookupOpFacts(target);
  return facts && facts->sideEffecting && call->use_empty();
}

struct DropAssertionsPass
    : public PassWrapper<DropAssertionsPass, OperationPass<ng::MethodOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropAssertionsPass)

  DropAssertionsPass() = default;
  DropAssertionsPass(const DropAssertionsPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "ng-example-drop-assertions"; }
  StringRef getDescription() const final {
    return "Drop the assertion calls torch.export leaves in a method "
           "(aten._assert_tensor_metadata, _assert_scalar, _assert_async)";
  }

  Option<bool> metadataOnly{
      *this, "metadata-only",
      llvm::cl::desc("Drop only aten._assert_tensor_metadata (the checks "
                     "the tensor types already answer)"),
      llvm::cl::init(false)};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Emit a remark at each call dropped, naming its node"),
      llvm::cl::init(false)};

  void runOnOperation() override {
    SmallVector<ng::CallOp> dropped;
    // Nested calls (in subgraphs) are assertions too.
    getOperation().walk([&](ng::CallOp call) {
      if (isAssertion(call, metadataOnly))
        dropped.push_back(call);
    });
    for (ng::CallOp call : dropped) {
      if (remarks)
        call.emitRemark() << "dropped assertion " << ng::describe(call);
      call.erase();
    }
    if (dropped.empty())
      markAllAnalysesPreserved();
  }
};

} // namespace

void registerFoldDoubleNegationPass(); // FoldDoubleNegation.cpp

/// The plugin's entry point, which --load-pass-plugin looks up: both of its
/// passes.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "NgDropAssertions", LLVM_VERSION_STRING, [] {
            PassRegistration<DropAssertionsPass>();
            registerFoldDoubleNegationPass();
          }};
}

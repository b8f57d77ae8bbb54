//===- FoldDoubleNegation.cpp - a pattern plugin over ng IR ---------------===//
//
// neg(neg(x)) is x. This pass says so as MLIR's standalone example would:
// a RewritePattern on the op by name, MLIR's generic op API (the inherent
// `target` attribute, operands, types) and the greedy driver, which erases
// the inner neg once it is dead. It includes no ng header.
//
// Safety comes from ng.call's memory effects, which are op-local: a neg
// whose result is written in place later, or that reads storage something
// writes, is not memory-effect free, so the pattern leaves it alone and
// every in-place write stays where it is.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kNeg = "torch.ops.aten.neg.default";

/// A one-operand, one-result `ng.call` of aten.neg that touches no storage
/// anybody writes.
bool isPureNeg(Operation *op) {
  if (!op || op->getName().getStringRef() != "ng.call" ||
      op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      op->getNumRegions() != 0)
    return false;
  std::optional<Attribute> target = op->getInherentAttr("target");
  auto name = target ? dyn_cast_or_null<StringAttr>(*target) : StringAttr();
  return name && name.getValue() == kNeg && isMemoryEffectFree(op);
}

struct DoubleNegation : public RewritePattern {
  explicit DoubleNegation(MLIRContext *ctx)
      : RewritePattern("ng.call", /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isPureNeg(op))
      return rewriter.notifyMatchFailure(op, "not a pure aten.neg");
    Operation *inner = op->getOperand(0).getDefiningOp();
    if (!isPureNeg(inner))
      return rewriter.notifyMatchFailure(op, "not the neg of a pure aten.neg");
    Value x = inner->getOperand(0);
    if (x.getType() != op->getResult(0).getType())
      return rewriter.notifyMatchFailure(op, "the types differ");
    rewriter.replaceOp(op, x);
    return success();
  }
};

struct FoldDoubleNegationPass
    : public PassWrapper<FoldDoubleNegationPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldDoubleNegationPass)

  StringRef getArgument() const final {
    return "ng-example-fold-double-negation";
  }
  StringRef getDescription() const final {
    return "Fold aten.neg(aten.neg(x)) to x with a pattern and the greedy "
           "driver (an example of a pattern plugin over ng IR)";
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DoubleNegation>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

/// Registered by the plugin's entry point (DropAssertions.cpp).
void registerFoldDoubleNegationPass() {
  PassRegistration<FoldDoubleNegationPass>();
}

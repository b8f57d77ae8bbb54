//===- GraphEditsTest.cpp - placeholder, constant and use edits -----------===//
//
// include/ng/Dialect/GraphEdits.h as a pass uses it: placeholders added and
// removed keep the output specs that name them by position right and the
// program valid; a needed placeholder is not removed; data nothing binds is
// pruned and data something binds is kept; replacing uses refuses what
// would move an in-place write or read a value before it is made.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/GraphEdits.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

class GraphEditsTest : public ::testing::Test {
protected:
  GraphEditsTest() { ctx.loadDialect<NgDialect>(); }

  /// Parses `text` (verified) and returns its method named `name`.
  MethodOp parse(StringRef text, StringRef name = "forward") {
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module);
    for (auto method : module->getOps<MethodOp>())
      if (method.getSymName() == name)
        return method;
    return MethodOp();
  }
  /// The `input` of the OUTPUT node's spec `index`.
  int64_t specInput(MethodOp method, unsigned index) {
    return method.getOutputOp().getSpec(index).getInput();
  }
  /// The node whose location names it `name`.
  CallOp node(MethodOp method, StringRef name) {
    CallOp found;
    method.walk([&](CallOp call) {
      if (getNodeName(call) == name)
        found = call;
    });
    EXPECT_TRUE(found) << "no node " << name.str();
    return found;
  }
  std::string errorOf(llvm::function_ref<
                      LogicalResult(llvm::function_ref<InFlightDiagnostic()>)>
                          edit) {
    std::string message;
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    EXPECT_TRUE(failed(edit([&] { return emitError(UnknownLoc::get(&ctx)); })));
    return message;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  IRRewriter rewriter{&ctx};
};

// %u (unused constant, data "dead"), %w (a parameter the add reads), %x (a
// user input the output writes back: user_input_mutation, input = 2).
constexpr const char *kProgram = R"mlir(
  module attributes {ng.data = {
      dead = dense_resource<dead> : tensor<3xf32>,
      w = dense_resource<w> : tensor<3xf32>}} {
    ng.method @forward(
        %u: !ng.tensor<f32[3]> {ng.binding = #ng.constant<constant, "dead">},
        %w: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">},
        %x: !ng.tensor<f32[3]>)
        -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
      %a = ng.call "torch.ops.aten.add.Tensor"(self: %x, other: %w, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("add")
      %n = ng.call "torch.ops.aten.neg.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("neg")
      ng.output(user_input_mutation "x" %a, %n) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
    }
  }
  {-#
    dialect_resources: { builtin: {
      dead: "0x04000000000000000000000000000000",
      w: "0x040000000000803F0000803F0000803F" } }
  #-}
)mlir";

TEST_F(GraphEditsTest, AddedPlaceholderRenumbersWriteBacks) {
  MethodOp method = parse(kProgram);
  ASSERT_TRUE(method);
  ASSERT_EQ(specInput(method, 0), 2);
  BlockArgument bias =
      addConstant(rewriter, method, 0, "bias", method.getArgument(1).getType(),
                  InputKind::Parameter, "bias", UnknownLoc::get(&ctx),
                  lookupConstantData(*module, "w").getResource());
  EXPECT_EQ(bias.getArgNumber(), 0u);
  EXPECT_EQ(specInput(method, 0), 3);
  EXPECT_EQ(method.getFunctionType().getNumInputs(), 4u);
  EXPECT_TRUE(lookupConstantData(*module, "bias"));
  std::optional<ConstantPlaceholder> constant = getConstantPlaceholder(bias);
  ASSERT_TRUE(constant);
  EXPECT_EQ(constant->key, "bias");
  EXPECT_EQ(constant->getName(), "bias");
  EXPECT_EQ(constant->kind, InputKind::Parameter);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(GraphEditsTest, RemovedPlaceholderRenumbersWriteBacks) {
  MethodOp method = parse(kProgram);
  ASSERT_TRUE(method);
  EXPECT_TRUE(succeeded(removePlaceholder(rewriter, method.getArgument(0))));
  EXPECT_EQ(specInput(method, 0), 1);
  EXPECT_EQ(method.getFunctionType().getNumInputs(), 2u);
  EXPECT_TRUE(succeeded(verify(*module)));

  // Its data stays until pruned; what a placeholder binds stays after.
  EXPECT_TRUE(lookupConstantData(*module, "dead"));
  SmallVector<std::string> dropped = pruneConstantData(rewriter, *module);
  EXPECT_EQ(dropped, SmallVector<std::string>{"dead"});
  EXPECT_FALSE(lookupConstantData(*module, "dead"));
  EXPECT_TRUE(lookupConstantData(*module, "w"));
  EXPECT_TRUE(pruneConstantData(rewriter, *module).empty());
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(GraphEditsTest, NeededPlaceholdersStay) {
  MethodOp method = parse(kProgram);
  ASSERT_TRUE(method);
  EXPECT_EQ(errorOf([&](auto emit) {
              return removePlaceholder(rewriter, method.getArgument(1), emit);
            }),
            "cannot remove placeholder 'w' is read by node 'add'");
  // Removing several at once removes none when one is needed.
  EXPECT_TRUE(failed(removePlaceholders(
      rewriter, method, {method.getArgument(0), method.getArgument(1)})));
  EXPECT_EQ(method.getNumArguments(), 3u);

  // A placeholder nothing reads but the output writes back stays (A3).
  MethodOp writeBack = parse(R"mlir(
    ng.method @forward(%w: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">},
                       %x: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>) {
      %a = ng.call "torch.ops.aten.neg.default"(self: %w) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("neg")
      ng.output(user_input_mutation "x" %a) : !ng.tensor<f32[3]>
    }
  )mlir");
  ASSERT_TRUE(writeBack);
  EXPECT_EQ(whyPlaceholderIsNeeded(writeBack.getArgument(1)),
            "placeholder 'x' is written back by the method's output (A3)");
  EXPECT_TRUE(failed(removePlaceholder(rewriter, writeBack.getArgument(1))));
}

TEST_F(GraphEditsTest, RetypedConstantKeepsMethodsInStep) {
  MethodOp method = parse(R"mlir(
    ng.method @forward(%w: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">}) -> (!ng.tensor<f32[3]>) {
      ng.output(%w) : !ng.tensor<f32[3]>
    }
    ng.method @other(%v: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">}) -> (!ng.tensor<f32[3]>) {
      ng.output(%v) : !ng.tensor<f32[3]>
    }
  )mlir");
  ASSERT_TRUE(method);
  Type wider = ng::TensorType::get(Float32Type::get(&ctx), {{6, 6}});
  EXPECT_EQ(retypeConstant(rewriter, *module, "w", wider), 2u);
  for (auto m : module->getOps<MethodOp>())
    EXPECT_EQ(m.getFunctionType().getInput(0), wider);
  // The outputs read them, so the methods' results are still the old type
  // until their OUTPUT nodes' signature is updated: verify says so.
  for (auto m : module->getOps<MethodOp>())
    m.updateSignature();
  EXPECT_TRUE(succeeded(verify(*module)));
}

// %a is written in place by add_; %p is a parameter; %late is made after.
constexpr const char *kWrites = R"mlir(
  ng.method @forward(%x: !ng.tensor<f32[3]>,
                     %p: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "p">})
      -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
    %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("neg")
    %b = ng.call "torch.ops.aten.add_.Tensor"(self: mut %a, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a loc("add_")
    %c = ng.call "torch.ops.aten.relu.default"(self: %b) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("relu")
    %late = ng.call "torch.ops.aten.sin.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> loc("sin")
    ng.output(%c, %late) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
  }
)mlir";

TEST_F(GraphEditsTest, ReplacingUsesRefusesMovedWrites) {
  MethodOp method = parse(kWrites);
  ASSERT_TRUE(method);
  Value a = node(method, "neg").getResult(0);
  Value p = method.getArgument(1);
  Value x = method.getArgument(0);
  EXPECT_EQ(whyUsesCannotBeReplaced(a, p),
            "node 'add_' writes 'neg' in place, and 'p' is read-only "
            "storage (parameter, V13)");
  EXPECT_EQ(whyUsesCannotBeReplaced(a, x),
            "node 'add_' writes 'neg' in place: the write would move to the "
            "storage of 'x'");
  // The in-place result is the same storage as what it writes.
  EXPECT_EQ(whyUsesCannotBeReplaced(a, a), "");
  // Refused edits change nothing.
  EXPECT_TRUE(failed(replaceAllUsesKeepingAliases(rewriter, a, x)));
  EXPECT_FALSE(a.use_empty());
}

TEST_F(GraphEditsTest, ReplacingUsesRefusesLaterValues) {
  MethodOp method = parse(kWrites);
  ASSERT_TRUE(method);
  Value b = node(method, "add_").getResult(0);
  Value late = node(method, "sin").getResult(0);
  EXPECT_EQ(errorOf([&](auto emit) {
              return replaceAllUsesKeepingAliases(rewriter, b, late, emit);
            }),
            "cannot replace the uses of 'add_': node 'relu' reads 'add_' "
            "before 'sin' is made");
}

TEST_F(GraphEditsTest, ReplacingUsesFollowsTheSignature) {
  MethodOp method = parse(kWrites);
  ASSERT_TRUE(method);
  Value c = node(method, "relu").getResult(0);
  BlockArgument x = method.getArgument(0);
  // A tensor of other metadata may take the uses; the method's result type
  // follows its OUTPUT node.
  auto wider = ng::TensorType::get(Float32Type::get(&ctx), {{3, 3}});
  retypePlaceholder(rewriter, x, wider);
  EXPECT_EQ(method.getFunctionType().getInput(0), wider);
  EXPECT_TRUE(succeeded(replaceAllUsesKeepingAliases(rewriter, c, x)));
  EXPECT_TRUE(c.use_empty());
  EXPECT_EQ(method.getFunctionType().getResult(0), wider);
}

} // namespace

//===- CallBuilderTest.cpp - building and editing calls -------------------===//
//
// include/ng/Dialect/CallBuilder.h as a pass uses it: a call built from a
// target, named arguments and result types verifies and reads back through
// the wire-argument interface; arguments copied out, edited and set back
// change the call in place; op names match targets with and without an
// overload.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

class CallBuilderTest : public ::testing::Test {
protected:
  CallBuilderTest() {
    ctx.loadDialect<NgDialect>();
    module = ModuleOp::create(loc());
    OpBuilder builder(module->getBodyRegion());
    method = MethodOp::create(builder, loc(), "forward",
                              FunctionType::get(&ctx, {}, {}));
    method.getBody().push_back(new Block());
    x = method.addPlaceholder(tensor(), "x", PlaceholderBinding::input(),
                              loc());
  }

  Location loc() { return FileLineColLoc::get(&ctx, "m.nptg", 0, 0); }
  Type tensor() {
    return ng::TensorType::get(Float32Type::get(&ctx), {{2, 3}});
  }
  IRRewriter &atEnd() {
    rewriter.setInsertionPointToEnd(&method.getBody().front());
    return rewriter;
  }
  /// Close the method with an OUTPUT node returning `value`.
  void output(Value value) {
    IRRewriter &builder = atEnd();
    buildOutput(builder, getNodeLoc(&ctx, "output", {}, loc()),
                {CallArgument::tensor("", value)});
    method.retypePlaceholders(builder, {});
  }

  MLIRContext ctx;
  IRRewriter rewriter{&ctx};
  OwningOpRef<ModuleOp> module;
  MethodOp method;
  BlockArgument x;
};

TEST_F(CallBuilderTest, BuiltCallVerifiesAndReadsBack) {
  IRRewriter &builder = atEnd();
  CallOp clone = buildCall(
      builder, getUnnamedLoc(loc()), "torch.ops.aten.clone.default",
      {CallArgument::tensor("self", x),
       CallArgument::string(&ctx, "memory_format", "torch.contiguous_format")},
      tensor());
  output(clone.getResult(0));
  EXPECT_TRUE(succeeded(verify(*module)));

  // No name given: the exporter names it (WireNames.h).
  EXPECT_EQ(getNodeName(clone), "");
  WireArgumentRange args = clone.getWireArguments();
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args.find("self")->getTensor(), Value(x));
  EXPECT_EQ(getTensorArgument(clone, 0), Value(x));
  EXPECT_EQ(getLiteralArgument<StringAttr>(clone, 1).getValue(),
            "torch.contiguous_format");
  EXPECT_FALSE(getTensorArgument(clone, 1)); // a literal, no tensor
  EXPECT_FALSE(getLiteralArgument<StringAttr>(clone, 2)); // no such position
}

TEST_F(CallBuilderTest, EditedArgumentsAreSetBackInPlace) {
  IRRewriter &builder = atEnd();
  CallOp call = buildCall(builder, getNodeLoc(&ctx, "copy", {"copy"}, loc()),
                          "torch.ops.aten.clone.default",
                          {CallArgument::tensor("self", x),
                           CallArgument::none(&ctx, "memory_format")},
                          tensor());
  output(call.getResult(0));

  SmallVector<CallArgument> args = getCallArguments(call);
  ASSERT_EQ(args.size(), 2u);
  ASSERT_EQ(args[0].operands.size(), 1u);
  EXPECT_EQ(args[0].operands[0], Value(x));
  std::optional<unsigned> format = findCallArgument(args, "memory_format");
  ASSERT_TRUE(format);
  EXPECT_FALSE(findCallArgument(args, "dim_order"));
  EXPECT_FALSE(findCallArgument(args, ""));
  // To the dim-order form: the layout argument replaced, one added.
  args.erase(args.begin() + *format);
  args.push_back(CallArgument::boolean(&ctx, "non_blocking", false));
  args.push_back(CallArgument::intList(&ctx, "dim_order", {0, 1}));
  EXPECT_EQ(args.back().getLiteralIntList(), SmallVector<int64_t>({0, 1}));
  EXPECT_FALSE(args.front().getLiteralIntList());
  setCallArguments(rewriter, call,
                   "torch.ops.dim_order_ops._clone_dim_order.default", args);

  EXPECT_EQ(call.getTarget(),
            "torch.ops.dim_order_ops._clone_dim_order.default");
  EXPECT_EQ(getNodeName(call), "copy"); // the location stays
  EXPECT_EQ(call->getNumOperands(), 1u);
  EXPECT_EQ(call.getWireArguments().size(), 3u);
  EXPECT_TRUE(call.getWireArguments().find("dim_order"));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST(MatchesOpName, WithAndWithoutOverload) {
  StringRef linear = "torch.ops.aten.linear.default";
  EXPECT_TRUE(matchesOpName(linear, "aten::linear"));
  EXPECT_TRUE(matchesOpName(linear, "aten::linear.default"));
  EXPECT_TRUE(matchesOpName(linear, linear));
  EXPECT_TRUE(matchesOpName("torch.ops.aten.add.Tensor", "aten::add"));
  EXPECT_TRUE(matchesOpName("torch.ops.aten.add", "aten::add"));
  // Another overload, op, namespace, or a prefix of the op's name.
  EXPECT_FALSE(matchesOpName("torch.ops.aten.add.Scalar", "aten::add.Tensor"));
  EXPECT_FALSE(matchesOpName("torch.ops.aten.add_.Tensor", "aten::add"));
  EXPECT_FALSE(matchesOpName(linear, "aten::lin"));
  EXPECT_FALSE(matchesOpName(linear, "torchao::linear"));
  EXPECT_FALSE(matchesOpName("torch.ops.aten.linearx.default", "aten::linear"));
  EXPECT_FALSE(matchesOpName(linear, "linear"));
  EXPECT_FALSE(matchesOpName(linear, "::linear"));
  EXPECT_FALSE(matchesOpName("aten.linear.default", "aten::linear"));
}

} // namespace

namespace {

// A node with many arguments is indexed (WireArguments.h, kept by the
// dialect): the answers are the walk's, for every position and operand,
// with arguments of no operand and of several among them.
TEST_F(CallBuilderTest, IndexedArgumentsAnswerAsTheWalk) {
  SmallVector<CallArgument> args;
  for (int i = 0; i < 40; ++i) {
    if (i % 7 == 3)
      args.push_back(CallArgument::none(&ctx, ""));
    else
      args.push_back(CallArgument::tensor("", x));
  }
  IRRewriter &builder = atEnd();
  OutputOp out = buildOutput(builder, loc(), args);
  WireArgumentRange range = out.getWireArguments();
  auto same = [](std::optional<WireArgument> a, std::optional<WireArgument> b) {
    if (!a || !b)
      return !a && !b;
    return a->getIndex() == b->getIndex() &&
           a->getBeginOperandIndex() == b->getBeginOperandIndex() &&
           a->getNumOperands() == b->getNumOperands();
  };
  // The walk's answers.
  SmallVector<std::optional<WireArgument>> byOperand(out->getNumOperands() + 1),
      byIndex(args.size() + 1);
  for (WireArgument arg : range) {
    byIndex[arg.getIndex()] = arg;
    for (unsigned n = 0; n < out->getNumOperands(); ++n)
      if (arg.containsOperand(n))
        byOperand[n] = arg;
  }
  for (unsigned n = 0; n <= out->getNumOperands(); ++n)
    EXPECT_TRUE(same(range.findByOperand(n), byOperand[n])) << "operand " << n;
  for (unsigned i = 0; i <= args.size(); ++i)
    EXPECT_TRUE(same(range.at(i), byIndex[i])) << "argument " << i;
  EXPECT_FALSE(range.findByOperand(out->getNumOperands()));
  EXPECT_EQ(range.findByOperand(3)->getIndex(), 4u);
}

} // namespace

//===- WireNamesTest.cpp - names as location hints, placeholders ----------===//
//
// The location encoding of include/ng/Dialect/WireNames.h, GraphNames on IR
// built through the C++ API (CallBuilder.h, as a pass builds it), and
// MethodOp's placeholder API keeping bindings, names and the signature in step.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WireNames.h"
#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/BitVector.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

class WireNamesTest : public ::testing::Test {
protected:
  WireNamesTest() { ctx.loadDialect<NgDialect>(); }

  Location fileLoc() { return FileLineColLoc::get(&ctx, "m.nptg", 0, 0); }
  Type tensor() {
    return ng::TensorType::get(Float32Type::get(&ctx), {{2, 2}});
  }
  /// A method `forward` with placeholders named `names` (all user inputs)
  /// whose OUTPUT node returns the first.
  MethodOp makeMethod(ModuleOp module, ArrayRef<StringRef> names) {
    OpBuilder builder(module.getBodyRegion());
    auto method = MethodOp::create(builder, fileLoc(), "forward",
                                   FunctionType::get(&ctx, {}, {}));
    method.getBody().push_back(new Block());
    for (StringRef name : names)
      method.addPlaceholder(tensor(), name, PlaceholderBinding::input(),
                            fileLoc());
    return method;
  }
  /// An `aten.neg` of `input` at `loc`, before the terminator if any.
  CallOp makeNeg(MethodOp method, Value input, Location loc) {
    Block &body = method.getBody().front();
    IRRewriter builder(&ctx);
    if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      builder.setInsertionPoint(&body.back());
    else
      builder.setInsertionPointToEnd(&body);
    return buildCall(builder, loc, "torch.ops.aten.neg.default",
                     {CallArgument::tensor("self", input)}, tensor());
  }
  void addOutput(MethodOp method, Value value) {
    IRRewriter builder(&ctx);
    builder.setInsertionPointToEnd(&method.getBody().front());
    buildOutput(builder, getNodeLoc(&ctx, "output", {}, fileLoc()),
                {CallArgument::tensor("", value)});
    method.retypePlaceholders(builder, {});
  }

  MLIRContext ctx;
};

TEST_F(WireNamesTest, LocationsRecordNodeAndResultNames) {
  Location context = getMethodContextLoc("forward", fileLoc());
  EXPECT_EQ(getContextMethod(context), "forward");

  // A node named like its one output: one NameLoc.
  Location simple = getNodeLoc(&ctx, "aten_add", {"aten_add"}, context);
  EXPECT_TRUE(isa<NameLoc>(simple));
  EXPECT_EQ(getNodeName(simple), "aten_add");
  EXPECT_EQ(getContextMethod(simple), "forward");
  EXPECT_EQ(describeNodeLocation(simple), "method 'forward', node 'aten_add'");
  EXPECT_EQ(describeNodeLocation(simple, "node 'aten_add' writes"),
            "method 'forward'");

  // Several outputs, two of one name and one without: positions are kept
  // (no de-duplication).
  Location multi =
      getNodeLoc(&ctx, "topk", {"getitem", "getitem", ""}, context);
  EXPECT_EQ(getNodeName(multi), "topk");
  EXPECT_EQ(getContextMethod(multi), "forward");
  EXPECT_EQ(getUnnamedLoc(multi), context);

  // Not a node location: no names.
  EXPECT_EQ(getNodeName(fileLoc()), "");
  EXPECT_EQ(getNodeName(FusedLoc::get(&ctx, {simple, fileLoc()})), "");
}

TEST_F(WireNamesTest, NameForTarget) {
  EXPECT_EQ(getNameForTarget("torch.ops.aten.add.Tensor"), "aten_add_tensor");
  EXPECT_EQ(getNameForTarget("torch.ops.aten.mul_.Tensor"), "aten_mul__tensor");
  EXPECT_EQ(getNameForTarget("my.ops.Op-1"), "my_ops_op_1");
  EXPECT_EQ(getNameForTarget(""), "node");
}

TEST_F(WireNamesTest, GraphNamesAreUniqueAndDeterministic) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc());
  MethodOp method = makeMethod(*module, {"x", "x", ""});
  Block &body = method.getBody().front();
  Location context = getMethodContextLoc("forward", fileLoc());
  // A cloned node (same hint), two unnamed ones.
  CallOp a = makeNeg(method, body.getArgument(0),
                     getNodeLoc(&ctx, "neg", {"neg"}, context));
  CallOp b = makeNeg(method, a.getResult(0), a->getLoc());
  CallOp c = makeNeg(method, b.getResult(0), context);
  CallOp d = makeNeg(method, c.getResult(0), context);
  addOutput(method, d.getResult(0));
  ASSERT_TRUE(succeeded(verify(*module)));

  GraphNames names(method.getBody());
  EXPECT_EQ(names.getName(body.getArgument(0)), "x");
  EXPECT_EQ(names.getName(body.getArgument(1)), "x_1");
  EXPECT_EQ(names.getName(body.getArgument(2)), "arg2");
  EXPECT_EQ(names.getName(a), "neg");
  EXPECT_EQ(names.getName(a.getResult(0)), "neg");
  EXPECT_EQ(names.getName(b), "neg_1");
  EXPECT_EQ(names.getName(b.getResult(0)), "neg_1");
  EXPECT_EQ(names.getName(c), "aten_neg_default");
  EXPECT_EQ(names.getName(d), "aten_neg_default_1");
  EXPECT_EQ(names.getName(d.getResult(0)), "aten_neg_default_1");
  EXPECT_EQ(names.getName(method.getOutputOp()), "output");

  // The same graph, the same names.
  GraphNames again(method.getBody());
  EXPECT_EQ(again.getName(d), names.getName(d));
  EXPECT_EQ(again.getName(body.getArgument(2)),
            names.getName(body.getArgument(2)));
}

TEST_F(WireNamesTest, MessagesNameNodesAndValues) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc());
  MethodOp method = makeMethod(*module, {"x", ""});
  Block &body = method.getBody().front();
  Location context = getMethodContextLoc("forward", fileLoc());
  CallOp named = makeNeg(method, body.getArgument(0),
                         getNodeLoc(&ctx, "neg", {"neg"}, context));
  CallOp unnamed = makeNeg(method, named.getResult(0), context);
  addOutput(method, unnamed.getResult(0));

  EXPECT_EQ(describe(body.getArgument(0)), "'x'");
  EXPECT_EQ(describe(body.getArgument(1)), "'<unnamed>'");
  EXPECT_EQ(describe(named.getResult(0)), "'neg'");
  EXPECT_EQ(describe(unnamed.getResult(0)), "'<unnamed>'");
  EXPECT_EQ(describe(named), "'neg'");
  EXPECT_EQ(describe(unnamed), "'<unnamed>'");
  EXPECT_EQ(describe(method), "'ng.method'");
  // The OUTPUT node is `output` unless its location says otherwise (S1),
  // for messages and the exporter alike.
  OutputOp output = method.getOutputOp();
  EXPECT_EQ(getNodeName(output), "output");
  EXPECT_EQ(describe(output), "'output'");
  EXPECT_EQ(GraphNames(method.getBody()).getName(output), "output");
  setNodeNames(output, "out", {});
  EXPECT_EQ(getNodeName(output), "out");
  EXPECT_EQ(describe(output), "'out'");
  EXPECT_EQ(getNodeName(unnamed), "");
}

TEST_F(WireNamesTest, PlaceholdersStayInStep) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc());
  MethodOp method = makeMethod(*module, {"x"});
  addOutput(method, method.getBody().getArgument(0));

  IRRewriter rewriter(&ctx);
  method.modifyPlaceholders(
      rewriter,
      {PlaceholderInsertion{
           0, tensor(), "p_w",
           PlaceholderBinding::constant(InputKind::Parameter, "w", false),
           fileLoc()},
       PlaceholderInsertion{1, tensor(), "b_k",
                            PlaceholderBinding::mutableBuffer("k"), fileLoc()}},
      llvm::BitVector());
  ASSERT_EQ(method.getNumArguments(), 3u);
  EXPECT_EQ(method.getArgName(0), "p_w");
  EXPECT_EQ(method.getArgName(1), "x");
  EXPECT_EQ(method.getArgName(2), "b_k");
  EXPECT_TRUE(method.getPlaceholderBinding(0).isConstant());
  EXPECT_TRUE(method.getPlaceholderBinding(1).isInput());
  EXPECT_TRUE(method.getPlaceholderBinding(2).isMutableBuffer());
  EXPECT_EQ(method.getFunctionType().getNumInputs(), 3u);
  EXPECT_TRUE(succeeded(verify(*module)));

  llvm::BitVector erase(3);
  erase.set(0);
  erase.set(2);
  method.modifyPlaceholders(rewriter, {}, erase);
  ASSERT_EQ(method.getNumArguments(), 1u);
  EXPECT_EQ(method.getArgName(0), "x");
  EXPECT_TRUE(method.getPlaceholderBinding(0).isInput());
  EXPECT_EQ(method.getArgBindings().size(), 1u);
  EXPECT_EQ(method.getFunctionType().getNumInputs(), 1u);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace

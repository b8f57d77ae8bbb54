//===- OpFactsTest.cpp - the op facts table and the wire arguments --------===//
//
// lookupOpFacts (include/ng/Dialect/OpFacts.h) over the table in OpFacts.td
// and the name-derived rules next to it (FORMAT.md A1, A2, D4, D5, F1, F2),
// and WireArgumentOpInterface's walk of a node's arguments.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/OpFacts.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace ng;

namespace {

std::vector<std::string> names(ArgNameList list) {
  std::vector<std::string> out;
  for (llvm::StringRef name : list)
    out.push_back(name.str());
  return out;
}

TEST(OpFacts, ListedViews) {
  // A2: views alias `self`; view.default also reads its input linearly (D5).
  std::optional<OpFacts> view = lookupOpFacts("torch.ops.aten.view.default");
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->knowsAliasing);
  EXPECT_EQ(view->aliasedArg, "self");
  EXPECT_EQ(view->view, ViewKind::Covering);
  EXPECT_TRUE(view->mutatedArgs.empty());
  EXPECT_TRUE(view->needsContiguousInput);

  std::optional<OpFacts> slice = lookupOpFacts("torch.ops.aten.slice.Tensor");
  ASSERT_TRUE(slice);
  EXPECT_EQ(slice->view, ViewKind::Partial);
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.alias.default")->view,
            ViewKind::Identity);
  // Another overload of a view is not a view.
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.slice.other"));
}

TEST(OpFacts, DerivedFromNames) {
  // In-place ops write `self` and return it.
  std::optional<OpFacts> add = lookupOpFacts("torch.ops.aten.add_.Tensor");
  ASSERT_TRUE(add);
  EXPECT_TRUE(add->knowsAliasing);
  EXPECT_TRUE(add->mutates("self"));
  EXPECT_FALSE(add->mutates("other"));
  EXPECT_EQ(add->aliasedArg, "self");
  EXPECT_EQ(add->view, ViewKind::Identity);
  EXPECT_TRUE(lookupOpFacts("torch.ops.aten.__iand__.Tensor")->mutates("self"));
  // A functional dunder is not in place.
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.__and__.Tensor"));
  // `*_copy` of a listed view aliases nothing; view_copy also needs a
  // contiguous input (its own entry).
  std::optional<OpFacts> copy =
      lookupOpFacts("torch.ops.aten.permute_copy.default");
  ASSERT_TRUE(copy);
  EXPECT_TRUE(copy->knowsAliasing);
  EXPECT_TRUE(copy->aliasedArg.empty());
  std::optional<OpFacts> viewCopy =
      lookupOpFacts("torch.ops.aten.view_copy.default");
  ASSERT_TRUE(viewCopy);
  EXPECT_TRUE(viewCopy->knowsAliasing && viewCopy->aliasedArg.empty() &&
              viewCopy->needsContiguousInput);
  // The in-place form of a random-number generator draws and writes.
  std::optional<OpFacts> bernoulli =
      lookupOpFacts("torch.ops.aten.bernoulli_.float");
  ASSERT_TRUE(bernoulli);
  EXPECT_TRUE(bernoulli->random);
  EXPECT_TRUE(bernoulli->mutates("self"));
  EXPECT_TRUE(lookupOpFacts("torch.ops.aten.rand.default")->random);
  EXPECT_TRUE(lookupOpFacts("torch.ops.aten.rand")->random);
}

TEST(OpFacts, ViewsOfCopies) {
  // A `<view>_copy` names the view it materializes, in the table's strings.
  EXPECT_EQ(
      lookupOpFacts("torch.ops.aten.permute_copy.default")->viewCounterpart,
      "torch.ops.aten.permute.default");
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.view_copy.default")->viewCounterpart,
            "torch.ops.aten.view.default");
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.slice_copy.Tensor")->viewCounterpart,
            "torch.ops.aten.slice.Tensor");
  // Views with several outputs are listed, so their copies are known.
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.split_copy.Tensor")->viewCounterpart,
            "torch.ops.aten.split.Tensor");
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.unbind_copy.int")->viewCounterpart,
            "torch.ops.aten.unbind.int");
  // `_to` is no view: _to_copy names none; neither does a view, nor the copy
  // of an overload the table does not list.
  EXPECT_TRUE(lookupOpFacts("torch.ops.aten._to_copy.default")
                  ->viewCounterpart.empty());
  EXPECT_TRUE(
      lookupOpFacts("torch.ops.aten.view.default")->viewCounterpart.empty());
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.slice_copy.other"));

  // How the views lay out their outputs, and the arguments the rules read.
  std::optional<OpFacts> permute =
      lookupOpFacts("torch.ops.aten.permute.default");
  EXPECT_EQ(permute->layout, ViewLayout::Permute);
  EXPECT_EQ(names(permute->layoutArgs), (std::vector<std::string>{"dims"}));
  std::optional<OpFacts> slice = lookupOpFacts("torch.ops.aten.slice.Tensor");
  EXPECT_EQ(slice->layout, ViewLayout::Slice);
  EXPECT_EQ(names(slice->layoutArgs),
            (std::vector<std::string>{"dim", "step"}));
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.t.default")->layout,
            ViewLayout::Transpose);
  EXPECT_TRUE(lookupOpFacts("torch.ops.aten.t.default")->layoutArgs.empty());
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.view.default")->layout,
            ViewLayout::Reshape);
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.expand.default")->layout,
            ViewLayout::Expand);
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.as_strided.default")->layout,
            ViewLayout::None);
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.split.Tensor")->layout,
            ViewLayout::None);
  // A copy is no view: its own layout is not the view's.
  EXPECT_EQ(lookupOpFacts("torch.ops.aten.permute_copy.default")->layout,
            ViewLayout::None);
}

TEST(OpFacts, UnknownTargets) {
  // Only aten's names imply anything; other namespaces, malformed and
  // differently-cased targets are unknown.
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.neg.default"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.mylib.scale_.default"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.VIEW.default"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.view.DEFAULT"));
  EXPECT_FALSE(lookupOpFacts("_operator.getitem"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten"));
  EXPECT_FALSE(lookupOpFacts(""));
  // An in-place name needs one overload to say what it writes.
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.add_"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.add_.Tensor.out"));
}

TEST(OpFacts, CopyOpsAndDequantize) {
  std::optional<OpFacts> clone = lookupOpFacts("torch.ops.aten.clone.default");
  ASSERT_TRUE(clone);
  EXPECT_EQ(clone->copyFamily, CopyFamily::Clone);
  EXPECT_FALSE(clone->isDimOrderForm);
  EXPECT_EQ(clone->copyCounterpart,
            "torch.ops.dim_order_ops._clone_dim_order.default");
  EXPECT_FALSE(clone->knowsAliasing);
  std::optional<OpFacts> toCopy =
      lookupOpFacts("torch.ops.dim_order_ops._to_dim_order_copy.default");
  ASSERT_TRUE(toCopy);
  EXPECT_TRUE(toCopy->isDimOrderForm);
  EXPECT_EQ(names(toCopy->copyMiddleArgs),
            (std::vector<std::string>{"dtype", "layout", "device", "pin_memory",
                                      "non_blocking"}));
  EXPECT_EQ(getCopyOpTarget(CopyFamily::Clone, /*dimOrderForm=*/false),
            "torch.ops.aten.clone.default");
  EXPECT_EQ(getCopyOpTarget(CopyFamily::Empty, /*dimOrderForm=*/true),
            "torch.ops.dim_order_ops._empty_dim_order.default");

  std::optional<OpFacts> affine =
      lookupOpFacts("torch.ops.torchao.dequantize_affine.default");
  ASSERT_TRUE(affine);
  EXPECT_EQ(affine->dequantize, DequantizeKind::Affine);
  EXPECT_EQ(affine->signature.indexOf("scale"), 2u);
  EXPECT_EQ(affine->signature.indexOf("quant_max"), 6u);
  EXPECT_EQ(affine->signature.size(), 8u);
  // Any overload of linear: its weight is argument 1.
  std::optional<OpFacts> linear =
      lookupOpFacts("torch.ops.aten.linear.default");
  ASSERT_TRUE(linear);
  EXPECT_EQ(linear->signature.indexOf(linear->quantizedWeightArg), 1u);
  EXPECT_EQ(getTargetOverload("torch.ops.aten.linear.default"), "default");
  EXPECT_EQ(getTargetOverload("torch.ops.aten.linear"), "");
}

TEST(OpFacts, InPlaceForms) {
  // --ng-reinplace's functional ops name their in-place form, whose own
  // facts (derived from its name) write `self` and return it.
  for (const char *name :
       {"relu", "gelu", "sigmoid", "index_put", "index_copy"}) {
    std::string target = std::string("torch.ops.aten.") + name + ".default";
    std::optional<OpFacts> facts = lookupOpFacts(target);
    ASSERT_TRUE(facts) << target;
    EXPECT_EQ(facts->inPlaceForm,
              std::string("torch.ops.aten.") + name + "_.default");
    // A functional op: it says nothing about aliasing, as before it was
    // listed.
    EXPECT_FALSE(facts->knowsAliasing) << target;
    std::optional<OpFacts> inPlace = lookupOpFacts(facts->inPlaceForm);
    ASSERT_TRUE(inPlace);
    EXPECT_TRUE(inPlace->mutates("self"));
    EXPECT_EQ(inPlace->aliasedArg, "self");
    EXPECT_EQ(inPlace->view, ViewKind::Identity);
    EXPECT_TRUE(inPlace->inPlaceForm.empty());
  }
  // Only the listed overload, and nothing else.
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.relu.out"));
  EXPECT_FALSE(lookupOpFacts("torch.ops.aten.add.Tensor"));
}

TEST(OpFacts, Assertions) {
  auto kind = [](const char *target) {
    std::optional<OpFacts> facts = lookupOpFacts(target);
    return facts ? facts->assertion : AssertionKind::None;
  };
  EXPECT_EQ(kind("torch.ops.aten._assert_tensor_metadata.default"),
            AssertionKind::TensorMetadata);
  EXPECT_EQ(kind("torch.ops.aten._assert_scalar.default"),
            AssertionKind::Scalar);
  EXPECT_EQ(kind("torch.ops.aten.sym_constrain_range.default"),
            AssertionKind::ConstrainRange);
  EXPECT_EQ(kind("torch.ops.aten.sym_constrain_range_for_size.default"),
            AssertionKind::ConstrainRangeForSize);
  EXPECT_EQ(kind("torch.ops.aten._assert_async.msg"), AssertionKind::Other);
  EXPECT_EQ(kind("torch.ops.aten.add.Tensor"), AssertionKind::None);
  std::optional<OpFacts> range =
      lookupOpFacts("torch.ops.aten.sym_constrain_range.default");
  EXPECT_TRUE(range->sideEffecting);
  EXPECT_EQ(range->signature.indexOf("max"), 2u);
  EXPECT_EQ(lookupOpFacts("torch.ops.aten._assert_scalar.default")
                ->signature.indexOf("self"),
            0u);
}

TEST(OpFacts, ScalarFunctions) {
  auto function = [](const char *target) {
    std::optional<OpFacts> facts = lookupOpFacts(target);
    return facts ? facts->scalarFunction : ScalarFunction::None;
  };
  EXPECT_EQ(function("torch.ops.aten.sym_size.int"), ScalarFunction::SymSize);
  EXPECT_EQ(function("torch.ops.aten.sym_numel.default"),
            ScalarFunction::SymNumel);
  // Targets outside torch.ops are listed by their whole name.
  EXPECT_EQ(function("_operator.ge"), ScalarFunction::Ge);
  EXPECT_EQ(function("_operator.eq"), ScalarFunction::Eq);
  EXPECT_EQ(function("_operator.mul"), ScalarFunction::Mul);
  EXPECT_EQ(lookupOpFacts("_operator.lt")->signature.indexOf("b"), 1u);
  EXPECT_FALSE(lookupOpFacts("_operator.getitem"));
  EXPECT_FALSE(lookupOpFacts("_operator.ge.default"));
  EXPECT_FALSE(lookupOpFacts("_operator"));
  EXPECT_EQ(function("torch.ops.aten.sym_size.default"), ScalarFunction::None);
}

TEST(OpFacts, ShortTargetNames) {
  EXPECT_EQ(getShortTargetName("torch.ops.aten.linear.default"), "aten.linear");
  EXPECT_EQ(getShortTargetName("torch.ops.aten.add_.Tensor"), "aten.add_");
  EXPECT_EQ(getShortTargetName("torch.ops.higher_order.cond"),
            "higher_order.cond");
  // Not of the torch.ops form: as it is.
  EXPECT_EQ(getShortTargetName("_operator.getitem"), "_operator.getitem");
  EXPECT_EQ(getShortTargetName("torch.ops.aten"), "torch.ops.aten");
  EXPECT_EQ(getShortTargetName(""), "");
}

TEST(OpFacts, TableListsEachTargetOnce) {
  // The search is case-sensitive, but no two entries may differ only by
  // case either (TableGen's own index would confuse them), nor list a
  // packet both for every overload and for one.
  llvm::StringSet<> seen, packetWide;
  std::vector<std::string> perOverload;
  forEachListedTarget([&](llvm::StringRef packet, llvm::StringRef overload) {
    std::string key = llvm::StringRef((packet + "." + overload).str()).lower();
    EXPECT_TRUE(seen.insert(key).second) << key;
    if (overload.empty())
      packetWide.insert(packet);
    else
      perOverload.push_back(packet.str());
  });
  for (const std::string &packet : perOverload)
    EXPECT_FALSE(packetWide.contains(packet)) << packet;
  EXPECT_GT(seen.size(), 50u);
}

TEST(OpFacts, ArgNameList) {
  EXPECT_EQ(names(ArgNameList("a,b,c")),
            (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(names(ArgNameList("a")), (std::vector<std::string>{"a"}));
  EXPECT_TRUE(names(ArgNameList("")).empty());
  EXPECT_EQ(ArgNameList("").size(), 0u);
  EXPECT_FALSE(ArgNameList("ab,c").contains("a"));
  EXPECT_EQ(ArgNameList("x,y").indexOf("y"), 1u);
}

TEST(WireArguments, WalkAndFind) {
  mlir::MLIRContext context;
  context.loadDialect<NgDialect>();
  const char *text = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>)
    -> !ng.tensor<f32[3]> {
  %n = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 0) : (!ng.tensor<f32[3]>) -> i64
  %c = ng.call "torch.ops.aten.cat.default"(tensors: [%x, %y], dim: %n) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, i64) -> !ng.tensor<f32[3]>
  %a = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: %x, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  ng.output(%a, 7) : !ng.tensor<f32[3]>
}
)mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  auto method = *module->getOps<MethodOp>().begin();
  auto calls = method.getBody().front().getOps<CallOp>();
  CallOp cat = *std::next(calls.begin()), add = *std::next(calls.begin(), 2);

  std::vector<std::string> seen;
  for (WireArgument arg : cat.getWireArguments())
    seen.push_back(arg.getName().str() + "/" +
                   std::to_string(arg.getNumOperands()) + "@" +
                   std::to_string(arg.getBeginOperandIndex()));
  EXPECT_EQ(seen, (std::vector<std::string>{"tensors/2@0", "dim/1@2"}));
  EXPECT_EQ(cat.getWireArguments().size(), 2u);

  std::optional<WireArgument> self = add.findArgument("self");
  ASSERT_TRUE(self);
  EXPECT_TRUE(self->isMutated());
  EXPECT_EQ(self->getKind(), ArgKind::Tensor);
  EXPECT_EQ(self->getTensor(), cat.getResult(0));
  std::optional<WireArgument> alpha = add.findArgument("alpha");
  ASSERT_TRUE(alpha);
  EXPECT_EQ(alpha->getNumOperands(), 0u);
  EXPECT_EQ(alpha->getBeginOperandIndex(), 2u);
  EXPECT_FALSE(add.findArgument("beta"));
  EXPECT_FALSE(add.findArgument(""));
  EXPECT_EQ(add.getWireArguments().findByOperand(1)->getName(), "other");
  EXPECT_EQ(getWireArgumentOf(add->getOpOperand(0))->getName(), "self");

  // ng.output: positional arguments, one literal.
  OutputOp output = method.getOutputOp();
  EXPECT_EQ(getWireArguments(output).size(), 2u);
  EXPECT_EQ(getWireArguments(output).at(1)->getNumOperands(), 0u);
  // Other ops carry no wire arguments.
  EXPECT_TRUE(getWireArguments(method).empty());
}

} // namespace

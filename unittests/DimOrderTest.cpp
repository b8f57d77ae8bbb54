//===- DimOrderTest.cpp - dim-order arithmetic and view layouts -----------===//
//
// include/ng/Dialect/DimOrder.h: D3's canonical form, and the layout of a
// view's output (inferViewDimOrder) for each ViewLayout rule of the op
// facts: the dense cases with the order they give, and the cases no dim
// order expresses (FORMAT.md D1, D3).
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/DimOrder.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace ng;

namespace {

TEST(DimOrder, Canonical) {
  // Size-1 dims go where the identity puts them; the others keep their
  // relative order.
  auto canonical = [](ArrayRef<int64_t> order, ArrayRef<bool> unit) {
    DimOrder result = canonicalizeDimOrder(order, unit);
    return std::vector<int64_t>(result.begin(), result.end());
  };
  EXPECT_EQ(canonical({1, 0, 2}, {true, false, false}),
            (std::vector<int64_t>{0, 1, 2}));
  // channels_last with one channel, or 1x1 pixels, is contiguous.
  EXPECT_EQ(canonical({0, 2, 3, 1}, {false, true, false, false}),
            (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(canonical({0, 2, 3, 1}, {false, false, true, true}),
            (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(canonical({0, 2, 3, 1}, {true, false, false, false}),
            (std::vector<int64_t>{0, 2, 3, 1}));
  // A size-1 dim goes right before the first larger dim that follows it.
  EXPECT_EQ(canonical({2, 1, 0}, {false, true, false}),
            (std::vector<int64_t>{1, 2, 0}));
  EXPECT_TRUE(isIdentityDimOrder(getIdentityDimOrder(4)));
  EXPECT_TRUE(isDimOrderPermutation({1, 0}, 2));
  EXPECT_FALSE(isDimOrderPermutation({1, 1}, 2));
  EXPECT_FALSE(isDimOrderPermutation({0}, 2));
}

// Each call's result is named after its case; kLayouts says what
// inferViewDimOrder gives for it ("none": no dim order).
constexpr const char *kProgram = R"mlir(
ng.method @views(%x: !ng.tensor<f32[4, 6]>,
                 %y: !ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>,
                 %u: !ng.tensor<f32[1, 6]>,
                 %d: !ng.tensor<f32[1:8, 6]>)
    -> !ng.tensor<f32[4, 6]> {
  %permute = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %permute_y = ng.call "torch.ops.aten.permute_copy.default"(self: %y, dims: [2, 0, 1]) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[4, 2, 3]>
  %permute_neg = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [-1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %permute_bad = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [0, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 4]>
  %transpose = ng.call "torch.ops.aten.transpose_copy.int"(self: %y, dim0: 0, dim1: 2) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[4, 3, 2]>
  %t = ng.call "torch.ops.aten.t_copy.default"(self: %x) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6, 4]>
  %view = ng.call "torch.ops.aten.view_copy.default"(self: %x, size: [2, -1]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 12]>
  %view_y = ng.call "torch.ops.aten.view_copy.default"(self: %y, size: [24]) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[24]>
  %view_y_unit = ng.call "torch.ops.aten.view_copy.default"(self: %y, size: [2, 1, 3, 4]) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[2, 1, 3, 4]>
  %unsqueeze = ng.call "torch.ops.aten.unsqueeze_copy.default"(self: %y, dim: 3) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[2, 3, 4, 1]>
  %squeeze = ng.call "torch.ops.aten.squeeze_copy.dim"(self: %u, dim: 0) : (!ng.tensor<f32[1, 6]>) -> !ng.tensor<f32[6]>
  %expand_unit = ng.call "torch.ops.aten.expand_copy.default"(self: %x, size: [1, 4, 6], implicit: false) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[1, 4, 6]>
  %expand_lead = ng.call "torch.ops.aten.expand_copy.default"(self: %x, size: [2, 4, 6], implicit: false) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 4, 6]>
  %expand_dim = ng.call "torch.ops.aten.expand_copy.default"(self: %u, size: [3, 6], implicit: false) : (!ng.tensor<f32[1, 6]>) -> !ng.tensor<f32[3, 6]>
  %expand_dyn = ng.call "torch.ops.aten.expand_copy.default"(self: %d, size: [-1, 6], implicit: false) : (!ng.tensor<f32[1:8, 6]>) -> !ng.tensor<f32[1:8, 6]>
  %slice_outer = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 1, end: 3, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %slice_inner = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 1, start: 1, end: 3, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 2]>
  %slice_under_unit = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %u, dim: 1, start: 1, end: 3, step: 1) : (!ng.tensor<f32[1, 6]>) -> !ng.tensor<f32[1, 2]>
  %slice_step = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 0, start: 0, end: 4, step: 2) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %slice_one = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 1, start: 0, end: 6, step: 6) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 1]>
  %slice_all = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %x, dim: 1, start: 0, end: 6, step: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %slice_y = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %y, dim: 2, start: 0, end: 2, step: 1) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[2, 3, 2], dim_order = [2, 0, 1]>
  %slice_dyn = ng.call "torch.ops.aten.slice_copy.Tensor"(self: %d, dim: 0, start: 0, end: 2, step: 1) : (!ng.tensor<f32[1:8, 6]>) -> !ng.tensor<f32[1:2, 6]>
  %narrow = ng.call "torch.ops.aten.narrow_copy.default"(self: %x, dim: -2, start: 0, length: 2) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[2, 6]>
  %select_outer = ng.call "torch.ops.aten.select_copy.int"(self: %x, dim: 0, index: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[6]>
  %select_inner = ng.call "torch.ops.aten.select_copy.int"(self: %x, dim: 1, index: 1) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4]>
  %select_y = ng.call "torch.ops.aten.select_copy.int"(self: %y, dim: 2, index: 1) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[2, 3]>
  %alias = ng.call "torch.ops.aten.alias_copy.default"(self: %y) : (!ng.tensor<f32[2, 3, 4], dim_order = [2, 0, 1]>) -> !ng.tensor<f32[2, 3, 4]>
  %strided = ng.call "torch.ops.aten.as_strided_copy.default"(self: %x, size: [4, 6], stride: [6, 1], storage_offset: none) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f32[4, 6]>
  %dtype = ng.call "torch.ops.aten.permute_copy.default"(self: %x, dims: [1, 0]) : (!ng.tensor<f32[4, 6]>) -> !ng.tensor<f16[6, 4]>
  ng.output(%x) : !ng.tensor<f32[4, 6]>
}
)mlir";

const std::map<std::string, std::string> kLayouts = {
    {"permute", "[1, 0]"},
    // y is laid out dim 2, then 0, then 1: output dim 0 is y's dim 2.
    {"permute_y", "[0, 1, 2]"},
    {"permute_neg", "[1, 0]"},
    {"permute_bad", "none"},
    {"transpose", "[0, 2, 1]"},
    {"t", "[1, 0]"},
    {"view", "[0, 1]"},
    // Regrouping a non-contiguous tensor: no view has a dim order.
    {"view_y", "none"},
    // Only a size-1 dim comes: the others keep their order.
    {"view_y_unit", "[1, 3, 0, 2]"},
    {"unsqueeze", "[2, 0, 1, 3]"},
    {"squeeze", "[0]"},
    {"expand_unit", "[0, 1, 2]"},
    // A broadcast dim has stride 0.
    {"expand_lead", "none"},
    {"expand_dim", "none"},
    {"expand_dyn", "[0, 1]"},
    {"slice_outer", "[0, 1]"},
    {"slice_inner", "none"},
    // The dims outside the slice have size 1: no gap.
    {"slice_under_unit", "[0, 1]"},
    {"slice_step", "none"},
    {"slice_one", "[0, 1]"},
    {"slice_all", "[0, 1]"},
    // Dim 2 is y's outermost.
    {"slice_y", "[2, 0, 1]"},
    // A dynamic dim may be 1 or more: still the outermost one.
    {"slice_dyn", "[0, 1]"},
    {"narrow", "[0, 1]"},
    {"select_outer", "[0]"},
    {"select_inner", "none"},
    {"select_y", "[0, 1]"},
    {"alias", "[2, 0, 1]"},
    {"strided", "none"},
    {"dtype", "none"},
};

std::string format(const std::optional<DimOrder> &order) {
  if (!order)
    return "none";
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(*order))
    text += (i ? ", " : "") + std::to_string(d);
  return text + "]";
}

TEST(DimOrder, ViewLayouts) {
  MLIRContext ctx;
  ctx.loadDialect<NgDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kProgram, &ctx);
  ASSERT_TRUE(module);
  MethodOp method = *module->getOps<MethodOp>().begin();
  unsigned checked = 0;
  for (CallOp call : method.getBody().front().getOps<CallOp>()) {
    std::string name = getWireName(call.getResult(0)).str();
    std::optional<OpFacts> copy = lookupOpFacts(call.getTarget());
    ASSERT_TRUE(copy && !copy->viewCounterpart.empty()) << name;
    std::optional<OpFacts> view = lookupOpFacts(copy->viewCounterpart);
    ASSERT_TRUE(view) << name;
    auto expected = kLayouts.find(name);
    ASSERT_NE(expected, kLayouts.end()) << name;
    EXPECT_EQ(format(inferViewDimOrder(call, *view)), expected->second) << name;
    ++checked;
  }
  EXPECT_EQ(checked, kLayouts.size());
}

TEST(DimOrder, NotAView) {
  // A copy's own facts lay nothing out.
  MLIRContext ctx;
  ctx.loadDialect<NgDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kProgram, &ctx);
  ASSERT_TRUE(module);
  MethodOp method = *module->getOps<MethodOp>().begin();
  CallOp permute = *method.getBody().front().getOps<CallOp>().begin();
  EXPECT_FALSE(inferViewDimOrder(permute, *lookupOpFacts(permute.getTarget())));
}

} // namespace

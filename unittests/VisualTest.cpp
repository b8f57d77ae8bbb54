//===- VisualTest.cpp - the words and options of the pictures -------------===//
//
// getLayerName and parseNodeRange (include/ng/Target/Visual/Visual.h), and
// the dialect helpers the pictures and the report use: printTypeSummary
// (NgTypes.h) and getExpectedDataBytes (ConstantData.h).
//
//===----------------------------------------------------------------------===//

#include "ng/Target/Visual/Visual.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace ng;

namespace {

TEST(Visual, LayerNames) {
  EXPECT_EQ(getLayerName("layers.3.attention.wq.weight", "layers"), "layers.3");
  EXPECT_EQ(getLayerName("p_layers_12_ffn_norm_weight", "layers"), "layers.12");
  EXPECT_EQ(getLayerName("model.layers.7.mlp", "layers"), "layers.7");
  EXPECT_EQ(getLayerName("layers.03", "layers"), "layers.3");
  EXPECT_EQ(getLayerName("layers.0", "layers"), "layers.0");
  // The innermost of an nn_module_stack.
  EXPECT_EQ(getLayerName("{'L__self___layers_1': ..., "
                         "'L__self___layers_1_sub_layers_4': ...}",
                         "layers"),
            "layers.4");
  // Not a layer: another word, no number, part of a longer word or number.
  EXPECT_EQ(getLayerName("tok_embeddings.weight", "layers"), "");
  EXPECT_EQ(getLayerName("layers.x", "layers"), "");
  EXPECT_EQ(getLayerName("xlayers.1", "layers"), "");
  EXPECT_EQ(getLayerName("layers_3x", "layers"), "");
  EXPECT_EQ(getLayerName("layers", "layers"), "");
  EXPECT_EQ(getLayerName("blocks.2.attn", "blocks"), "blocks.2");
  EXPECT_EQ(getLayerName("layers.2", ""), "");
}

TEST(Visual, NodeRanges) {
  auto parse = [](llvm::StringRef text) -> std::optional<NodeRange> {
    llvm::Expected<NodeRange> range = parseNodeRange(text);
    if (!range) {
      llvm::consumeError(range.takeError());
      return std::nullopt;
    }
    return *range;
  };
  std::optional<NodeRange> range = parse("10:20");
  ASSERT_TRUE(range);
  EXPECT_EQ(range->first, 10u);
  EXPECT_EQ(range->end, 20u);
  EXPECT_TRUE(range->contains(10));
  EXPECT_TRUE(range->contains(19));
  EXPECT_FALSE(range->contains(20));
  EXPECT_FALSE(range->contains(9));
  range = parse(":5");
  ASSERT_TRUE(range);
  EXPECT_EQ(range->first, 0u);
  range = parse("5:");
  ASSERT_TRUE(range);
  EXPECT_TRUE(range->contains(UINT64_MAX - 1));
  EXPECT_FALSE(parse("5"));
  EXPECT_FALSE(parse("5:5"));
  EXPECT_FALSE(parse("6:5"));
  EXPECT_FALSE(parse("-1:5"));
  EXPECT_FALSE(parse("a:b"));
  EXPECT_FALSE(parse("1:2:3"));
}

class VisualTypes : public ::testing::Test {
protected:
  VisualTypes() { context.loadDialect<NgDialect>(); }
  mlir::Type type(llvm::StringRef text) {
    return mlir::parseType(text, &context);
  }
  std::string summary(llvm::StringRef text) {
    std::string out;
    llvm::raw_string_ostream os(out);
    printTypeSummary(type(text), os);
    return out;
  }
  mlir::MLIRContext context;
};

TEST_F(VisualTypes, Summaries) {
  EXPECT_EQ(summary("!ng.tensor<f32[1, 1:32, 128]>"), "f32[1, 1:32, 128]");
  EXPECT_EQ(summary("!ng.tensor<f32[1:?]>"), "f32[1:?]");
  EXPECT_EQ(summary("!ng.tensor<f32[]>"), "f32[]");
  EXPECT_EQ(summary("!ng.tensor<f32[1, 8, 8, 3], dim_order = [0, 2, 3, 1]>"),
            "f32[1, 8, 8, 3] dim_order [0, 2, 3, 1]");
  EXPECT_EQ(summary("!ng.tensor<f32[2, 3], dim_order = [0, 1]>"), "f32[2, 3]");
  EXPECT_EQ(summary("!ng.tensor<ui8[64, 256], dim_order = none, quant = "
                    "#ng.packed<\"gguf:q4_k\">>"),
            "ui8[64, 256] packed gguf:q4_k");
  EXPECT_EQ(summary("!ng.tensor"), "?");
  EXPECT_EQ(summary("i64"), "int");
  EXPECT_EQ(summary("f64"), "float");
  EXPECT_EQ(summary("i1"), "bool");
}

TEST_F(VisualTypes, ExpectedDataBytes) {
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor<f32[4, 4]>")), 64u);
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor<i1[3]>")), 3u);
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor<f32[0, 7]>")), 0u);
  // 4-bit AffineGroup: two values a byte, rounded up.
  EXPECT_EQ(getExpectedDataBytes(type(
                "!ng.tensor<ui8[16, 64], quant = #ng.affine_group<"
                "scale_data_key = \"s\", scale_dtype = f32, quant_min = -8, "
                "quant_max = 7, group_size = 32, zero_point_dtype = i8>>")),
            512u);
  EXPECT_EQ(getExpectedDataBytes(type(
                "!ng.tensor<ui8[3], quant = #ng.affine_group<"
                "scale_data_key = \"s\", scale_dtype = f32, quant_min = -8, "
                "quant_max = 7, group_size = 0, zero_point_dtype = i8>>")),
            2u);
  // Unknown: a codec's layout, a dynamic dim, no metadata, not a tensor.
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor<ui8[64, 256], quant = "
                                      "#ng.packed<\"gguf:q4_k\">>")),
            std::nullopt);
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor<f32[1:4]>")), std::nullopt);
  EXPECT_EQ(getExpectedDataBytes(type("!ng.tensor")), std::nullopt);
  EXPECT_EQ(getExpectedDataBytes(type("i64")), std::nullopt);
}

} // namespace

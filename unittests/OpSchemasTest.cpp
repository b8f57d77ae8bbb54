//===- OpSchemasTest.cpp - the operator schema table ----------------------===//

#include "ng/Dialect/OpSchemas.h"

#include "gtest/gtest.h"

using namespace ng;

namespace {

TEST(OpSchemasTest, LooksUpTargetsByOverload) {
  std::optional<OpSchema> add = lookupOpSchema("torch.ops.aten.add.Tensor");
  ASSERT_TRUE(add);
  EXPECT_EQ(add->getName(), "aten::add.Tensor");
  ASSERT_EQ(add->getArguments().size(), 3u);
  const OpSchemaArgument &alpha = add->getArguments()[2];
  EXPECT_STREQ(alpha.name, "alpha");
  EXPECT_EQ(alpha.kind, SchemaType::Scalar);
  EXPECT_TRUE(alpha.keywordOnly);
  EXPECT_STREQ(alpha.defaultValue, "1");
  EXPECT_FALSE(add->getArguments()[0].keywordOnly);
  EXPECT_EQ(add->getArguments()[0].defaultValue, nullptr);
  // `.default` is the schema without an overload name.
  std::optional<OpSchema> rsqrt =
      lookupOpSchema("torch.ops.aten.rsqrt.default");
  ASSERT_TRUE(rsqrt);
  EXPECT_EQ(rsqrt->getName(), "aten::rsqrt");
  EXPECT_TRUE(rsqrt->findArgument("self"));
  EXPECT_FALSE(rsqrt->findArgument("slef"));
  // Higher-order ops have no overload and no checked arguments.
  std::optional<OpSchema> cond = lookupOpSchema("torch.ops.higher_order.cond");
  ASSERT_TRUE(cond);
  EXPECT_TRUE(cond->isVariadic());
}

TEST(OpSchemasTest, UnknownTargetsInCoveredNamespaces) {
  EXPECT_FALSE(lookupOpSchema("torch.ops.aten.rsqrt.defualt"));
  EXPECT_TRUE(isUnknownTarget("torch.ops.aten.rsqrt.defualt"));
  EXPECT_TRUE(isUnknownTarget("torch.ops.torchao.nope.default"));
  // Namespaces the table does not cover are custom ops: not "unknown".
  EXPECT_FALSE(isUnknownTarget("torch.ops.my_ns.op.default"));
  EXPECT_FALSE(isUnknownTarget("_operator.getitem"));
  EXPECT_FALSE(isUnknownTarget("torch.ops.aten.add.Tensor"));
  EXPECT_FALSE(isSchemaNamespace("torch.ops.atenx.add.Tensor"));
}

TEST(OpSchemasTest, WhichWireKindsAParameterAccepts) {
  auto parameter = [](const char *target, const char *name) {
    std::optional<OpSchema> schema = lookupOpSchema(target);
    EXPECT_TRUE(schema) << target;
    const OpSchemaArgument *arg = schema ? schema->findArgument(name) : nullptr;
    EXPECT_TRUE(arg) << target << " " << name;
    return arg;
  };
  // Tensor? takes a tensor or none; Tensor only a tensor.
  const OpSchemaArgument *bias =
      parameter("torch.ops.aten.linear.default", "bias");
  EXPECT_TRUE(bias->accepts(ArgKind::Tensor));
  EXPECT_TRUE(bias->accepts(ArgKind::None));
  EXPECT_FALSE(bias->accepts(ArgKind::IntList));
  EXPECT_FALSE(parameter("torch.ops.aten.linear.default", "input")
                   ->accepts(ArgKind::None));
  // A number for a Tensor is a wrapped scalar; a list or string is not.
  const OpSchemaArgument *other =
      parameter("torch.ops.aten.add.Tensor", "other");
  EXPECT_TRUE(other->accepts(ArgKind::Int));
  EXPECT_FALSE(other->accepts(ArgKind::IntList));
  EXPECT_FALSE(other->accepts(ArgKind::String));
  // int[2] also takes one int (`padding=0`); Scalar any number or bool.
  const OpSchemaArgument *padding =
      parameter("torch.ops.aten.avg_pool2d.default", "padding");
  EXPECT_TRUE(padding->accepts(ArgKind::IntList));
  EXPECT_TRUE(padding->accepts(ArgKind::Int));
  EXPECT_FALSE(padding->accepts(ArgKind::FloatList));
  const OpSchemaArgument *alpha =
      parameter("torch.ops.aten.add.Tensor", "alpha");
  for (ArgKind kind : {ArgKind::Int, ArgKind::Float, ArgKind::Bool})
    EXPECT_TRUE(alpha->accepts(kind));
  EXPECT_FALSE(alpha->accepts(ArgKind::Tensor));
  // Tensor?[] takes either list form; dtype a ScalarType; devices strings.
  const OpSchemaArgument *indices =
      parameter("torch.ops.aten.index_put.default", "indices");
  EXPECT_TRUE(indices->accepts(ArgKind::OptionalTensorList));
  EXPECT_TRUE(indices->accepts(ArgKind::TensorList));
  EXPECT_TRUE(parameter("torch.ops.aten._to_copy.default", "dtype")
                  ->accepts(ArgKind::ScalarType));
  EXPECT_TRUE(parameter("torch.ops.aten._to_copy.default", "device")
                  ->accepts(ArgKind::String));
}

} // namespace

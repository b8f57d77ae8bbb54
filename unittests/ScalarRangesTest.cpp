//===- ScalarRangesTest.cpp - what a graph's symbolic ints can be ---------===//
//
// ng::ScalarRanges (include/ng/Analysis/ScalarRanges.h): the ranges of
// sym_size / sym_numel of dims with DimRanges (FORMAT.md S8), of integer
// arithmetic on them (saturating at unbounded ends), the comparisons they
// decide and the ones they do not, literals, positional (schema-less)
// arguments, and what stays unknown (an unbacked `item`, a dim out of range).
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/ScalarRanges.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <limits>

using namespace mlir;
using namespace ng;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

constexpr const char *kProgram = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[2, 1:64, 3]>, %u: !ng.tensor<f32[1:?]>, %t: !ng.tensor<i64[]>) -> !ng.tensor<f32[2, 1:64, 3]> {
  %s1 = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 1) : (!ng.tensor<f32[2, 1:64, 3]>) -> i64
  %last = ng.call "torch.ops.aten.sym_size.int"(%x, -1) : (!ng.tensor<f32[2, 1:64, 3]>) -> i64
  %out = ng.call "torch.ops.aten.sym_size.int"(self: %x, dim: 3) : (!ng.tensor<f32[2, 1:64, 3]>) -> i64
  %numel = ng.call "torch.ops.aten.sym_numel.default"(self: %x) : (!ng.tensor<f32[2, 1:64, 3]>) -> i64
  %open = ng.call "torch.ops.aten.sym_size.int"(self: %u, dim: 0) : (!ng.tensor<f32[1:?]>) -> i64
  %item = ng.call "torch.ops.aten.item.default"(self: %t) : (!ng.tensor<i64[]>) -> i64
  %plus = ng.call "_operator.add"(%s1, %last) : (i64, i64) -> i64
  %minus = ng.call "_operator.sub"(%s1, 10) : (i64) -> i64
  %times = ng.call "_operator.mul"(%s1, %s1) : (i64, i64) -> i64
  %open_plus = ng.call "_operator.add"(%open, 1) : (i64) -> i64
  %open_neg = ng.call "_operator.sub"(0, %open) : (i64) -> i64
  %open_times = ng.call "_operator.mul"(%open, %open) : (i64, i64) -> i64
  %ge1 = ng.call "_operator.ge"(%s1, 1) : (i64) -> i1
  %ge2 = ng.call "_operator.ge"(%s1, 2) : (i64) -> i1
  %gt64 = ng.call "_operator.gt"(%s1, 64) : (i64) -> i1
  %le64 = ng.call "_operator.le"(%s1, 64) : (i64) -> i1
  %lt1 = ng.call "_operator.lt"(%s1, 1) : (i64) -> i1
  %eq3 = ng.call "_operator.eq"(%last, 3) : (i64) -> i1
  %ne3 = ng.call "_operator.ne"(%s1, 100) : (i64) -> i1
  %eq_sym = ng.call "_operator.eq"(%s1, %s1) : (i64, i64) -> i1
  %ge_item = ng.call "_operator.ge"(%item, 0) : (i64) -> i1
  %ge_open = ng.call "_operator.ge"(%open, 1) : (i64) -> i1
  ng.output(%x) : !ng.tensor<f32[2, 1:64, 3]>
}
)mlir";

class ScalarRangesTest : public ::testing::Test {
protected:
  ScalarRangesTest() {
    ctx.loadDialect<NgDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &ctx);
    method = *module->getOps<MethodOp>().begin();
  }

  /// The value named `name` (the only result of its node).
  Value value(StringRef name) {
    for (CallOp call : method.getBody().front().getOps<CallOp>())
      if (getWireName(call.getResult(0)) == name)
        return call.getResult(0);
    ADD_FAILURE() << "no value " << name.str();
    return {};
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  MethodOp method;
};

TEST_F(ScalarRangesTest, Ranges) {
  ScalarRanges ranges(method);
  EXPECT_EQ(ranges.getRange(value("s1")), (IntRange{1, 64}));
  // Positional arguments (S4) and a negative dim.
  EXPECT_EQ(ranges.getRange(value("last")), IntRange::exactly(3));
  EXPECT_FALSE(ranges.getRange(value("out")));
  EXPECT_EQ(ranges.getRange(value("numel")), (IntRange{6, 384}));
  EXPECT_EQ(ranges.getRange(value("open")), (IntRange{1, kMax}));
  // An unbacked int: nothing known.
  EXPECT_FALSE(ranges.getRange(value("item")));
  EXPECT_EQ(ranges.getRange(value("plus")), (IntRange{4, 67}));
  EXPECT_EQ(ranges.getRange(value("minus")), (IntRange{-9, 54}));
  EXPECT_EQ(ranges.getRange(value("times")), (IntRange{1, 4096}));
  // Unbounded ends stay unbounded.
  EXPECT_EQ(ranges.getRange(value("open_plus")), (IntRange{2, kMax}));
  EXPECT_EQ(ranges.getRange(value("open_neg")), (IntRange{kMin, -1}));
  EXPECT_EQ(ranges.getRange(value("open_times")), (IntRange{1, kMax}));
  // Bools are not ints.
  EXPECT_FALSE(ranges.getRange(value("ge1")));
}

TEST_F(ScalarRangesTest, Comparisons) {
  ScalarRanges ranges(method);
  EXPECT_EQ(ranges.getKnownBool(value("ge1")), true);
  EXPECT_EQ(ranges.getKnownBool(value("ge2")), std::nullopt);
  EXPECT_EQ(ranges.getKnownBool(value("gt64")), false);
  EXPECT_EQ(ranges.getKnownBool(value("le64")), true);
  EXPECT_EQ(ranges.getKnownBool(value("lt1")), false);
  EXPECT_EQ(ranges.getKnownBool(value("eq3")), true);
  EXPECT_EQ(ranges.getKnownBool(value("ne3")), true);
  // Two uses of one symbol: ranges cannot tell it is equal to itself.
  EXPECT_EQ(ranges.getKnownBool(value("eq_sym")), std::nullopt);
  EXPECT_EQ(ranges.getKnownBool(value("ge_item")), std::nullopt);
  EXPECT_EQ(ranges.getKnownBool(value("ge_open")), true);
  // Ints are not bools.
  EXPECT_EQ(ranges.getKnownBool(value("s1")), std::nullopt);
}

TEST_F(ScalarRangesTest, ArgumentsAndLiterals) {
  ScalarRanges ranges(method);
  CallOp minus = value("minus").getDefiningOp<CallOp>();
  // `_operator.sub` is positional: its schema arguments by position.
  std::optional<WireArgument> a = findSchemaArgument(minus, "a");
  std::optional<WireArgument> b = findSchemaArgument(minus, "b");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(ranges.getRange(*a), (IntRange{1, 64}));
  EXPECT_EQ(ranges.getRange(*b), IntRange::exactly(10));
  EXPECT_FALSE(findSchemaArgument(minus, "c"));
  // A named argument is found by its name only.
  CallOp s1 = value("s1").getDefiningOp<CallOp>();
  ASSERT_TRUE(findSchemaArgument(s1, "dim"));
  EXPECT_EQ(ranges.getRange(*findSchemaArgument(s1, "dim")),
            IntRange::exactly(1));
  // A tensor argument has no range.
  EXPECT_FALSE(ranges.getRange(*findSchemaArgument(s1, "self")));
}

TEST(IntRange, Basics) {
  EXPECT_EQ(IntRange::of(DimRange{1, -1}), (IntRange{1, kMax}));
  EXPECT_EQ(IntRange::of(DimRange::fixed(4)), IntRange::exactly(4));
  EXPECT_TRUE(IntRange::all().contains(IntRange{-5, 5}));
  EXPECT_FALSE((IntRange{0, 4}).contains(IntRange{0, 5}));
  EXPECT_TRUE(IntRange::exactly(3).isExact());
}

} // namespace

//===- StorageLivenessTest.cpp - when a storage is last touched -----------===//
//
// ng::StorageLiveness (include/ng/Analysis/StorageLiveness.h): program order
// with subgraphs, the last use of a class through a view, inside a subgraph,
// through the output of a node with subgraphs it was handed, by the OUTPUT
// node; and the write-backs (A3) kept apart from the uses.
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/StorageLiveness.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

// %a is viewed by %v, which a later node reads; %c is handed to a cond whose
// output %h is read last by %late; %b_cache is written back with %new; %d is
// read only inside a subgraph.
constexpr const char *kProgram = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[3]>, %p: !ng.tensor<i1[]>, %b_cache: !ng.tensor<f32[3]> {ng.binding = #ng.mutable_buffer<"cache">}) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %a = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %v = ng.call "torch.ops.aten.view.default"(self: %a, size: [3]) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %a
  %first = ng.call "torch.ops.aten.relu.default"(self: %a) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %read = ng.call "torch.ops.aten.sin.default"(self: %v) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %c = ng.call "torch.ops.aten.cos.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %d = ng.call "torch.ops.aten.exp.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "t"(%c_1: !ng.tensor<f32[3]>, %d_1: !ng.tensor<f32[3]>) {
    %inner = ng.call "torch.ops.aten.abs.default"(self: %d_1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
    ng.output(%c_1) : !ng.tensor<f32[3]>
  }, graph "f"(%c_2: !ng.tensor<f32[3]>, %d_2: !ng.tensor<f32[3]>) {
    ng.output(%c_2) : !ng.tensor<f32[3]>
  }, [%c, %d]) {node = "cond"} : (!ng.tensor<i1[]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %late = ng.call "torch.ops.aten.tan.default"(self: %h) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %new = ng.call "torch.ops.aten.add.Tensor"(self: %b_cache, other: %late, alpha: 1) : (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  ng.output(buffer_mutation "cache" %new, %read) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
)mlir";

class StorageLivenessTest : public ::testing::Test {
protected:
  StorageLivenessTest() {
    ctx.loadDialect<NgDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &ctx);
    method = *module->getOps<MethodOp>().begin();
    method.walk([&](CallOp call) {
      if (call.getNumResults() == 1)
        values[getWireName(call.getResult(0))] = call.getResult(0);
    });
  }

  Operation *node(StringRef name) {
    return values.lookup(name).getDefiningOp();
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  MethodOp method;
  llvm::StringMap<Value> values;
};

TEST_F(StorageLivenessTest, LastUses) {
  StorageAnalysis storage(method);
  StorageLiveness liveness(method, storage);
  auto classOf = [&](StringRef name) {
    return storage.getClass(values.lookup(name));
  };

  // Program order; a node with subgraphs after its subgraphs' nodes.
  EXPECT_LT(*liveness.getPosition(node("a")),
            *liveness.getPosition(node("first")));
  EXPECT_LT(*liveness.getPosition(node("inner")),
            *liveness.getPosition(node("h")));
  EXPECT_LT(*liveness.getPosition(node("d")),
            *liveness.getPosition(node("inner")));
  OutputOp output = method.getOutputOp();
  EXPECT_LT(*liveness.getPosition(node("new")), *liveness.getPosition(output));

  // %a: its view is read after %first.
  EXPECT_EQ(liveness.getLastUse(classOf("a")), node("read"));
  EXPECT_TRUE(liveness.isUsedAfter(classOf("a"), node("first")));
  EXPECT_FALSE(liveness.isUsedAfter(classOf("a"), node("read")));
  // %c: the cond may return it, and its output is read by %late.
  EXPECT_EQ(liveness.getLastUse(classOf("c")), node("late"));
  // %d likewise (the cond was given it, whatever its subgraphs do).
  EXPECT_EQ(liveness.getLastUse(classOf("d")), node("late"));
  // %read is returned: the OUTPUT node uses it last.
  EXPECT_EQ(liveness.getLastUse(classOf("read")), output.getOperation());
  EXPECT_EQ(liveness.getLastUse(classOf("new")), output.getOperation());
  // Nothing uses %first.
  EXPECT_EQ(liveness.getLastUse(classOf("first")), nullptr);
  EXPECT_FALSE(liveness.isUsedAfter(classOf("first"), node("a")));

  // The buffer is read by %new and written back with %new: the write-back is
  // not a use of the buffer.
  Value cache = method.getBody().getArgument(2);
  EXPECT_EQ(liveness.getLastUse(storage.getClass(cache)), node("new"));
  ASSERT_EQ(liveness.getWriteBacks(storage.getClass(cache)).size(), 1u);
  EXPECT_EQ(liveness.getWriteBacks(storage.getClass(cache))[0],
            values.lookup("new"));
  EXPECT_TRUE(liveness.getWriteBacks(classOf("new")).empty());
}

} // namespace

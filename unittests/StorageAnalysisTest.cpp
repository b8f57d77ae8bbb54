//===- StorageAnalysisTest.cpp - writes in a range, uses of a class -------===//
//
// ng::StorageAnalysis's questions about when storage is written and how it
// is used (include/ng/Analysis/StorageAnalysis.h): isWrittenBetween follows
// every alias and view to the writers of a class and places them, except
// where ng cannot place a write (a higher-order op's, an opaque class's),
// which counts throughout; getUses finds a class's last user and whether a
// value of it escapes to an OUTPUT node or a call with subgraphs.
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/StorageAnalysis.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

using namespace mlir;
using namespace ng;

namespace {

// %c is written through a view (%w writes %row) and written back; %k is
// written by nobody; %h is a higher-order op's output, %g a tensor handed
// to it.
constexpr const char *kProgram = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[2, 3]>, %p: !ng.tensor<i1[]>,
                   %b: !ng.tensor<f32[2, 3]> {ng.binding = #ng.constant<buffer, "b", mutated>})
    -> (!ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %r0 = ng.call "torch.ops.aten.neg.default"(self: %c) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %row = ng.call "torch.ops.aten.select.int"(self: %c, dim: 0, index: 0) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3]> aliases %c
  %w = ng.call "torch.ops.aten.relu_.default"(self: mut %row) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %row
  %r1 = ng.call "torch.ops.aten.neg.default"(self: %c) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %k = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %kt = ng.call "torch.ops.aten.t.default"(self: %k) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]> aliases %k
  %r2 = ng.call "torch.ops.aten.neg.default"(self: %kt) : (!ng.tensor<f32[3, 2], dim_order = [1, 0]>) -> !ng.tensor<f32[3, 2], dim_order = [1, 0]>
  %g = ng.call "torch.ops.aten.clone.default"(self: %x, memory_format: none) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %h = ng.call "torch.ops.higher_order.cond"(%p, graph "true_graph_0"(%g_1: !ng.tensor<f32[2, 3]>) {
    ng.output(%g_1) : !ng.tensor<f32[2, 3]>
  }, graph "false_graph_0"(%g_1: !ng.tensor<f32[2, 3]>) {
    ng.output(%g_1) : !ng.tensor<f32[2, 3]>
  }, [%g]) : (!ng.tensor<i1[]>, !ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  %hw = ng.call "torch.ops.aten.relu_.default"(self: mut %h) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]> aliases %h
  %r3 = ng.call "torch.ops.aten.neg.default"(self: %b) : (!ng.tensor<f32[2, 3]>) -> !ng.tensor<f32[2, 3]>
  ng.output(%r0, %w, buffer_mutation "b" %r3) : !ng.tensor<f32[2, 3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[2, 3]>
}
)mlir";

class StorageAnalysisTest : public ::testing::Test {
protected:
  StorageAnalysisTest() {
    ctx.loadDialect<NgDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &ctx);
    method = *module->getOps<MethodOp>().begin();
    for (Operation &op : method.getBody().front()) {
      StringRef name = op.getNumResults() ? getWireName(op.getResult(0)) : "";
      ops[name.empty() ? "output" : name.str()] = &op;
    }
    storage.emplace(method);
  }

  Operation *op(StringRef name) { return ops.at(name.str()); }
  const StorageAnalysis::StorageClass &classOf(StringRef name) {
    return *storage->getClass(op(name)->getResult(0));
  }
  bool written(StringRef value, StringRef after, StringRef until) {
    return storage->isWrittenBetween(classOf(value), op(after), op(until));
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  MethodOp method;
  std::map<std::string, Operation *> ops;
  std::optional<StorageAnalysis> storage;
};

TEST_F(StorageAnalysisTest, WrittenBetween) {
  // %w writes %c through %row: seen from %c's class, at %w.
  EXPECT_TRUE(classOf("c").writersExact);
  EXPECT_FALSE(written("c", "c", "r0"));
  EXPECT_TRUE(written("c", "c", "r1"));
  EXPECT_TRUE(written("c", "row", "w")); // `until` counts
  EXPECT_FALSE(written("c", "w", "r1")); // `after` does not
  // Nothing writes %k: never.
  EXPECT_FALSE(written("k", "k", "r3"));
  // The buffer is written back by the OUTPUT node, after every other node.
  const StorageAnalysis::StorageClass &buffer =
      *storage->getClass(method.getBody().getArgument(2));
  EXPECT_TRUE(buffer.writersExact);
  EXPECT_FALSE(storage->isWrittenBetween(buffer, op("c"), op("r3")));
  EXPECT_TRUE(storage->isWrittenBetween(buffer, op("c"), op("output")));
}

TEST_F(StorageAnalysisTest, WritesNgCannotPlace) {
  // %h may be %g, which the cond was given; %hw writes %h after the cond.
  // The cond is %g's writer, but the write happens at %hw: written
  // throughout, for %g and for %h (an opaque output).
  EXPECT_FALSE(classOf("g").writersExact);
  EXPECT_FALSE(classOf("h").writersExact);
  EXPECT_TRUE(written("g", "hw", "r3"));
  EXPECT_TRUE(written("h", "r3", "r3"));
}

TEST_F(StorageAnalysisTest, Uses) {
  // %c's class: %c, %row, %w; %w is returned, %r1 is its last user.
  StorageAnalysis::StorageUses c = storage->getUses(classOf("c"));
  EXPECT_TRUE(c.returned);
  EXPECT_FALSE(c.handedToSubgraphs);
  EXPECT_EQ(c.lastUser, op("output"));
  // %k's class: %k and its view %kt, read last by %r2.
  StorageAnalysis::StorageUses k = storage->getUses(classOf("k"));
  EXPECT_FALSE(k.returned || k.handedToSubgraphs || k.foreignUser);
  EXPECT_EQ(k.lastUser, op("r2"));
  // %g is handed to the cond.
  StorageAnalysis::StorageUses g = storage->getUses(classOf("g"));
  EXPECT_TRUE(g.handedToSubgraphs);
  EXPECT_EQ(g.lastUser, op("h"));
  // %r2 is used by nobody.
  EXPECT_EQ(storage->getUses(classOf("r2")).lastUser, nullptr);
}

} // namespace

//===- StorageQueryCacheTest.cpp - remembered storage questions ----------===//
//
// isStorageWritten with and without a StorageQueryCache: the same answers;
// each root walked once with a cache and at every question without; what a
// cache remembers kept until it is invalidated or closed; a cache opened
// inside another clearing the outer one when it closes.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/StorageQueryCache.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

// %x is read by two calls and written by none; %c (a clone) is written in
// place by %w.
constexpr const char *kProgram = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %y, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %s = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  ng.output(%w, %n) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
)mlir";

class StorageQueryCacheTest : public ::testing::Test {
protected:
  StorageQueryCacheTest() {
    ctx.loadDialect<NgDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &ctx);
    method = *module->getOps<MethodOp>().begin();
    Block &body = method.getBody().front();
    x = body.getArgument(0);
    for (Operation &op : body)
      ops.push_back(&op);
    clone = ops[0]->getResult(0);
    getStorageWork() = StorageWork();
  }

  /// Makes %w write %x in place instead of %c.
  void writeX() { ops[1]->setOperand(0, x); }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  MethodOp method;
  Value x, clone;
  SmallVector<Operation *> ops;
};

TEST_F(StorageQueryCacheTest, SameAnswersWithAndWithoutACache) {
  ASSERT_TRUE(module);
  bool xWritten = isStorageWritten(x), cloneWritten = isStorageWritten(clone);
  EXPECT_FALSE(xWritten);
  EXPECT_TRUE(cloneWritten);
  StorageQueryCache cache;
  EXPECT_EQ(isStorageWritten(x), xWritten);
  EXPECT_EQ(isStorageWritten(clone), cloneWritten);
  // Asked again: remembered.
  EXPECT_EQ(isStorageWritten(x), xWritten);
  EXPECT_EQ(isStorageWritten(clone), cloneWritten);
}

TEST_F(StorageQueryCacheTest, EachRootIsWalkedOnceWithACache) {
  ASSERT_TRUE(module);
  // Without a cache, every question walks the uses of %x again.
  isStorageWritten(x);
  uint64_t once = getStorageWork().steps;
  EXPECT_GT(once, 0u);
  for (int i = 0; i < 9; ++i)
    isStorageWritten(x);
  EXPECT_EQ(getStorageWork().steps, 10 * once);
  EXPECT_EQ(getStorageWork().questions, 10u);

  // With one, the first question walks them (and indexes the method's
  // placeholders) as without, and the others do nothing.
  getStorageWork() = StorageWork();
  StorageQueryCache cache;
  for (int i = 0; i < 10; ++i)
    isStorageWritten(x);
  EXPECT_EQ(getStorageWork().steps, once);
  EXPECT_EQ(getStorageWork().questions, 10u);
}

TEST_F(StorageQueryCacheTest, WithoutACacheAChangeIsSeenAtOnce) {
  ASSERT_TRUE(module);
  EXPECT_FALSE(isStorageWritten(x));
  writeX();
  EXPECT_TRUE(isStorageWritten(x));
}

TEST_F(StorageQueryCacheTest, ACacheKeepsItsAnswersUntilInvalidated) {
  ASSERT_TRUE(module);
  StorageQueryCache cache;
  EXPECT_FALSE(isStorageWritten(x));
  writeX();
  // Remembered: a pass that changes what is written must say so ...
  EXPECT_FALSE(isStorageWritten(x));
  invalidateStorageQueries();
  // ... and then the change is seen.
  EXPECT_TRUE(isStorageWritten(x));
}

TEST_F(StorageQueryCacheTest, ClosingAnInnerCacheClearsTheOuterOne) {
  ASSERT_TRUE(module);
  StorageQueryCache outer;
  EXPECT_EQ(StorageQueryCache::getActive(), &outer);
  EXPECT_FALSE(isStorageWritten(x));
  {
    StorageQueryCache inner;
    EXPECT_EQ(StorageQueryCache::getActive(), &inner);
    // The inner cache starts empty: it sees the IR as it is.
    writeX();
    EXPECT_TRUE(isStorageWritten(x));
  }
  EXPECT_EQ(StorageQueryCache::getActive(), &outer);
  // The work inside the inner cache may have changed the IR: the outer one
  // forgot what it knew.
  EXPECT_TRUE(isStorageWritten(x));
}

TEST_F(StorageQueryCacheTest, NoCacheIsOpenByDefault) {
  EXPECT_EQ(StorageQueryCache::getActive(), nullptr);
  {
    StorageQueryCache cache;
    EXPECT_NE(StorageQueryCache::getActive(), nullptr);
  }
  EXPECT_EQ(StorageQueryCache::getActive(), nullptr);
  invalidateStorageQueries(); // no cache: nothing to do
}

TEST_F(StorageQueryCacheTest, PlaceholderIndexFindsWriteBacks) {
  const char *program = R"mlir(
ng.method @forward(%b: !ng.tensor<f32[1]> {ng.binding = #ng.constant<buffer, "state", mutated>},
                   %k: !ng.tensor<f32[1]> {ng.binding = #ng.mutable_buffer<"cache">},
                   %x: !ng.tensor<f32[1]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[1]>) {
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[1]>) -> !ng.tensor<f32[1]>
  ng.output(buffer_mutation "cache" %n, user_input_mutation %x %n) : !ng.tensor<f32[1]>, !ng.tensor<f32[1]>
}
)mlir";
  OwningOpRef<ModuleOp> other = parseSourceString<ModuleOp>(program, &ctx);
  ASSERT_TRUE(other);
  MethodOp m = *other->getOps<MethodOp>().begin();
  MethodPlaceholderIndex index(m);
  EXPECT_EQ(index.getBoundTo("state"), ArrayRef<unsigned>({0}));
  EXPECT_EQ(index.getBoundTo("cache"), ArrayRef<unsigned>({1}));
  EXPECT_TRUE(index.getBoundTo("").empty());
  EXPECT_TRUE(index.getBoundTo("none").empty());
  EXPECT_FALSE(index.isWrittenBack(0)); // mutated, but not written back
  EXPECT_TRUE(index.isWrittenBack(1));
  EXPECT_TRUE(index.isWrittenBack(2));
  Block &body = m.getBody().front();
  EXPECT_TRUE(isStorageWritten(body.getArgument(0))); // marked mutated
  EXPECT_TRUE(isStorageWritten(body.getArgument(1)));
  EXPECT_TRUE(isStorageWritten(body.getArgument(2)));
}

} // namespace

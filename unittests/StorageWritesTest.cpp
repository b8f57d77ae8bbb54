//===- StorageWritesTest.cpp - the records of written storage ------------===//
//
// Which storages are written is recorded on the values' producers
// (ng/Dialect/Storage.h): the parser reads the records off the graph; the
// answers cost no walk (an edit made behind the records' back is not seen);
// the verifier rejects a write the records miss, naming the value and the
// writer; markStorageWritten and recordStorageWrites mark a whole storage,
// through the rewriter, and a listener sees each op they change; the
// placeholder records follow placeholder edits.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ng;

namespace {

// %x is read by two calls and written by none; %c (a clone) is written in
// place by %w, which aliases it; %v views %c.
constexpr const char *kProgram = R"mlir(
ng.method @forward(%x: !ng.tensor<f32[3]>, %y: !ng.tensor<f32[3]>) -> (!ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>) {
  %c = ng.call "torch.ops.aten.clone.default"(self: %y, memory_format: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %v = ng.call "torch.ops.aten.alias.default"(self: %c) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %w = ng.call "torch.ops.aten.add_.Tensor"(self: mut %c, other: 1, alpha: 1) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %c
  %n = ng.call "torch.ops.aten.neg.default"(self: %x) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]>
  %s = ng.call "torch.ops.aten.sum.default"(self: %x, dtype: none) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[]>
  ng.output(%w, %n, %v) : !ng.tensor<f32[3]>, !ng.tensor<f32[3]>, !ng.tensor<f32[3]>
}
)mlir";

class StorageWritesTest : public ::testing::Test {
protected:
  StorageWritesTest() {
    ctx.loadDialect<NgDialect>();
    module = parseSourceString<ModuleOp>(kProgram, &ctx);
    method = *module->getOps<MethodOp>().begin();
    Block &body = method.getBody().front();
    x = body.getArgument(0);
    y = body.getArgument(1);
    for (Operation &op : body)
      ops.push_back(&op);
    clone = ops[0]->getResult(0);
    view = ops[1]->getResult(0);
    neg = ops[3]->getResult(0);
  }

  /// Makes %w write %x in place instead of %c, behind the records' back.
  void writeXUnrecorded() { ops[2]->setOperand(0, x); }

  /// The verifier's message, or "" when the module verifies.
  std::string verifyMessage() {
    std::string message;
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        message = diag.str();
      return success();
    });
    return failed(verify(*module)) ? message : "";
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  MethodOp method;
  Value x, y, clone, view, neg;
  SmallVector<Operation *> ops;
};

/// Counts the ops a rewriter reports as modified.
struct ModifiedOps : public RewriterBase::Listener {
  void notifyOperationModified(Operation *op) override { modified.insert(op); }
  llvm::SmallPtrSet<Operation *, 8> modified;
};

TEST_F(StorageWritesTest, TheParserRecordsWhatTheGraphWrites) {
  ASSERT_TRUE(module);
  // The clone, every value that aliases it, and nothing else.
  EXPECT_TRUE(isStorageWritten(clone));
  EXPECT_TRUE(isStorageWritten(view));
  EXPECT_TRUE(isStorageWritten(ops[2]->getResult(0)));
  EXPECT_FALSE(isStorageWritten(x));
  EXPECT_FALSE(isStorageWritten(y)); // cloned from, never written
  EXPECT_FALSE(isStorageWritten(neg));
  EXPECT_EQ(verifyMessage(), "");
}

TEST_F(StorageWritesTest, AnswersAreReadNotWalked) {
  // An edit behind the records' back is not seen by the answers (they read
  // the records) ...
  writeXUnrecorded();
  EXPECT_FALSE(isStorageWritten(x));
  // ... and the verifier rejects it, naming the placeholder and the writer.
  std::string message = verifyMessage();
  EXPECT_NE(message.find("the storage of placeholder 'x' is written"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("node 'w' writes it"), std::string::npos) << message;
  // Read afresh from the graph, the records hold again.
  inferStorageWrites(method);
  EXPECT_TRUE(isStorageWritten(x));
  EXPECT_EQ(verifyMessage(), "");
}

TEST_F(StorageWritesTest, MarkingCoversTheStorageThroughTheRewriter) {
  writeXUnrecorded();
  IRRewriter rewriter(&ctx);
  ModifiedOps listener;
  rewriter.setListener(&listener);
  recordStorageWrites(rewriter, ops[2]);
  EXPECT_TRUE(isStorageWritten(x));
  EXPECT_TRUE(listener.modified.contains(method.getOperation()));
  EXPECT_EQ(verifyMessage(), "");
  // Marked already: nothing changes, nothing is reported.
  listener.modified.clear();
  markStorageWritten(rewriter, x);
  EXPECT_TRUE(listener.modified.empty());
}

TEST_F(StorageWritesTest, AReadOnlyStorageIsNeverMarked) {
  const char *program = R"mlir(
ng.method @forward(%w: !ng.tensor<f32[3]> {ng.binding = #ng.constant<parameter, "w">}) -> !ng.tensor<f32[3]> {
  %v = ng.call "torch.ops.aten.alias.default"(self: %w) : (!ng.tensor<f32[3]>) -> !ng.tensor<f32[3]> aliases %w
  ng.output(%v) : !ng.tensor<f32[3]>
}
)mlir";
  OwningOpRef<ModuleOp> other = parseSourceString<ModuleOp>(program, &ctx);
  ASSERT_TRUE(other);
  MethodOp m = *other->getOps<MethodOp>().begin();
  IRRewriter rewriter(&ctx);
  Value w = m.getBody().getArgument(0);
  markStorageWritten(rewriter, w);
  EXPECT_FALSE(isStorageWritten(w)); // V13: a parameter is never written
  EXPECT_FALSE(isStorageWritten(m.getBody().front().front().getResult(0)));
}

TEST_F(StorageWritesTest, WriteBacksAndMutatedBuffersAreWritten) {
  const char *program = R"mlir(
ng.method @forward(%b: !ng.tensor<f32[1]> {ng.binding = #ng.constant<buffer, "state", mutated>},
                   %k: !ng.tensor<f32[1]> {ng.binding = #ng.mutable_buffer<"cache">},
                   %x: !ng.tensor<f32[1]>, %z: !ng.tensor<f32[1]>) -> (!ng.tensor<f32[1]>, !ng.tensor<f32[1]>) {
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
  EXPECT_FALSE(index.isWrittenBack(0)); // mutated, but not written back
  EXPECT_TRUE(index.isWrittenBack(1));
  EXPECT_TRUE(index.isWrittenBack(2));
  Block &body = m.getBody().front();
  EXPECT_TRUE(isStorageWritten(body.getArgument(0))); // marked mutated
  EXPECT_TRUE(isStorageWritten(body.getArgument(1))); // written back
  EXPECT_TRUE(isStorageWritten(body.getArgument(2))); // written back
  EXPECT_FALSE(isStorageWritten(body.getArgument(3)));
  EXPECT_FALSE(isStorageWritten(body.front().getResult(0)));
}

TEST_F(StorageWritesTest, PlaceholderEditsKeepTheRecordsInStep) {
  IRRewriter rewriter(&ctx);
  writeXUnrecorded();
  recordStorageWrites(rewriter, ops[2]); // %x (#0) is written
  Type type = x.getType();
  // A new placeholder before %x, and %y erased once unused.
  ops[0]->setOperand(0, x);
  llvm::BitVector erase(2);
  erase.set(1);
  SmallVector<BlockArgument> added = method.modifyPlaceholders(
      rewriter,
      {PlaceholderInsertion{0, type, "fresh", PlaceholderBinding::input(),
                            UnknownLoc::get(&ctx)}},
      erase);
  ASSERT_EQ(added.size(), 1u);
  EXPECT_EQ(added[0].getArgNumber(), 0u);
  EXPECT_EQ(method.getBody().getNumArguments(), 2u);
  EXPECT_FALSE(isStorageWritten(added[0]));
  EXPECT_TRUE(isStorageWritten(method.getBody().getArgument(1))); // %x
  EXPECT_EQ(method.getFunctionType().getNumInputs(), 2u);
  EXPECT_EQ(verifyMessage(), "");
}

} // namespace

//===- ExportVerified.cpp - the export, with the verifier beside it -------===//
//
// A module is verified before its program is used. With threads, the
// verifier runs on a second core while the program is assembled (in an
// `ng-translate | ng-translate` pipe, or in `ng-opt prog.nptg -o out.nptg`,
// that core would idle): the export needs only each op's own invariants to
// read the IR safely, and those are checked first.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Export.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <vector>

using namespace mlir;

void ng::settleOpOrder(Operation *root) {
  root->walk([](Block *block) {
    if (!block->isOpOrderValid())
      block->recomputeOpOrder();
  });
}

/// Each op's own invariants (ODS constraints, traits, its verify()): what
/// the exporter relies on to read the IR without crashing. The rest of
/// verification (the format's graph rules, dominance) is about what the IR
/// means.
///
/// With threads, the ops without regions (the nodes, ~2.7k instructions
/// each, 6% of a text export at 100k nodes) are checked on every core: the
/// other core is idle at this point of a pipe, whose stage before is done.
/// They are checked after the ops that hold them, in order, since a node's
/// verifier reads its parent (ng.output, the method's result types). Should
/// any fail, the ops are checked again in order, so the error reported is
/// the first one, as without threads.
static LogicalResult verifyOpInvariants(Operation *root) {
  auto verifyOp = [](Operation *op) {
    std::optional<RegisteredOperationName> info = op->getRegisteredInfo();
    return info ? info->verifyInvariants(op) : success();
  };
  auto inOrder = [&] {
    WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      return failed(verifyOp(op)) ? WalkResult::interrupt()
                                  : WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  };
  MLIRContext *context = root->getContext();
  if (!context->isMultithreadingEnabled())
    return inOrder();

  std::vector<Operation *> nodes;
  LogicalResult verified = success();
  {
    // What fails is reported by the ordered check below.
    ScopedDiagnosticHandler quiet(context,
                                  [](Diagnostic &) { return success(); });
    WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getNumRegions() == 0) {
        nodes.push_back(op);
        return WalkResult::advance();
      }
      return failed(verifyOp(op)) ? WalkResult::interrupt()
                                  : WalkResult::advance();
    });
    verified = failure(walk.wasInterrupted());
    // In blocks of nodes: failableParallelForEach pays for an ordered
    // diagnostic slot and an atomic step per element (~200 instructions,
    // 7% of the check, node by node).
    constexpr size_t kNodesPerTask = 256;
    if (succeeded(verified))
      verified = failableParallelForEachN(
          context, 0, llvm::divideCeil(nodes.size(), kNodesPerTask),
          [&](size_t block) {
            size_t begin = block * kNodesPerTask;
            size_t end = std::min(nodes.size(), begin + kNodesPerTask);
            for (size_t i = begin; i < end; ++i)
              if (failed(verifyOp(nodes[i])))
                return failure();
            return success();
          });
  }
  return succeeded(verified) ? success() : inOrder();
}

LogicalResult
ng::exportVerifiedNativeGraph(ModuleOp module,
                              SmallVectorImpl<uint8_t> &program,
                              LogicalResult (*verifier)(ModuleOp)) {
  auto verifyModule = [&] {
    return verifier ? verifier(module) : mlir::verify(module);
  };
  MLIRContext *context = module.getContext();
  if (!context->isMultithreadingEnabled()) {
    if (failed(verifyModule()))
      return failure();
    return exportNativeGraph(module, program);
  }
  // Verification then only reads the IR, while the export reads it too.
  settleOpOrder(module);
  if (failed(verifyOpInvariants(module)))
    return failure();

  SmallVector<Diagnostic> held;
  LogicalResult verified = failure(), exported = failure();
  // While this thread exports, a diagnostic on it is the export's.
  const uint64_t exportThread = llvm::get_threadid();
  std::atomic<bool> exporting{false};
  {
    // Only the export's own diagnostics are held: the verifier may run on
    // this thread too (the pool runs a task that nobody picked up yet on the
    // thread that waits for it).
    ScopedDiagnosticHandler hold(context, [&](Diagnostic &diag) {
      if (!exporting || llvm::get_threadid() != exportThread)
        return failure(); // the verifier's: reported as usual
      held.push_back(std::move(diag));
      return success();
    });
    std::shared_future<void> verifying =
        context->getThreadPool().async([&] { verified = verifyModule(); });
    exporting = true;
    exported = exportNativeGraph(module, program);
    exporting = false;
    verifying.wait();
  }
  if (failed(verified)) {
    program.clear();
    return failure();
  }
  for (Diagnostic &diag : held)
    context->getDiagEngine().emit(std::move(diag));
  return exported;
}

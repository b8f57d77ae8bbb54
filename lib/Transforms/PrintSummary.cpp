//===- PrintSummary.cpp - what a program holds, at a glance ---------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"

#include "llvm/Support/raw_ostream.h"

namespace ng {
#define GEN_PASS_DEF_PRINTSUMMARY
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {
struct PrintSummaryPass : public ng::impl::PrintSummaryBase<PrintSummaryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    raw_ostream &os = llvm::outs();
    auto methods = llvm::to_vector(module.getOps<MethodOp>());
    auto version =
        module->getAttrOfType<StringAttr>(NgDialect::getVersionAttrName());
    os << "program: version " << (version ? version.getValue() : "1.0 (absent)")
       << ", " << methods.size()
       << (methods.size() == 1 ? " method" : " methods") << "\n";
    for (MethodOp method : methods) {
      unsigned inputs = 0, constants = 0, packed = 0, buffers = 0, calls = 0,
               subgraphNodes = 0, withData = 0;
      uint64_t constantBytes = 0;
      for (BlockArgument arg : method.getArguments()) {
        // The stored binding: its attribute form is made on request.
        const PlaceholderBinding &binding =
            method.getPlaceholderBinding(arg.getArgNumber());
        if (binding.isInput()) {
          ++inputs;
        } else if (binding.isConstant()) {
          ++constants;
          if (cast<ng::TensorType>(arg.getType()).getQuant())
            ++packed;
          if (auto data = lookupConstantData(module, binding.key)) {
            ++withData;
            constantBytes += data.getByteCount();
          }
        } else {
          ++buffers;
        }
      }
      for (Operation &op : method.getBody().front())
        if (auto call = dyn_cast<CallOp>(op)) {
          ++calls;
          call->walk([&](CallOp nested) {
            if (nested != call)
              ++subgraphNodes;
          });
        }
      OutputOp output = method.getOutputOp();
      unsigned placeholders = method.getNumArguments();
      os << "method '" << method.getSymName()
         << "': " << placeholders + calls + 1 << " nodes (" << placeholders
         << " placeholders, " << calls << " calls, 1 output)";
      if (subgraphNodes)
        os << " + " << subgraphNodes << " calls in subgraphs";
      os << "\n  user inputs: " << inputs << "\n  constants: " << constants;
      if (packed)
        os << " (" << packed << " packed)";
      if (constants)
        os << ", data loaded for " << withData << " (" << constantBytes
           << " bytes)";
      os << "\n  mutable buffers: " << buffers
         << "\n  outputs: " << output.getTensorOutputs().size() << " tensors, "
         << output.getArgs().size() << " values in all\n";
    }
    markAllAnalysesPreserved();
  }
};
} // namespace

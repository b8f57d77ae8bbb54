//===- PrintSummary.cpp - what a program holds, at a glance ---------------===//

#include "ng/Transforms/Passes.h"

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
       << ", " << methods.size() << (methods.size() == 1 ? " method" : " methods")
       << "\n";
    for (MethodOp method : methods) {
      unsigned inputs = 0, constants = 0, buffers = 0, calls = 0, subgraphNodes = 0;
      uint64_t constantBytes = 0;
      for (BlockArgument arg : method.getArguments()) {
        Attribute binding = method.getArgBinding(arg.getArgNumber());
        if (!binding) {
          ++inputs;
        } else if (isa<ConstantAttr>(binding)) {
          ++constants;
          auto type = cast<ng::TensorType>(arg.getType());
          if (type.hasStaticShape()) {
            uint64_t count = 1;
            for (DimRange d : type.getSizes())
              count *= d.min;
            constantBytes += count * getElementByteWidth(type.getElementType());
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
      os << "method '" << method.getSymName() << "': "
         << placeholders + calls + 1 << " nodes (" << placeholders
         << " placeholders, " << calls << " calls, 1 output)";
      if (subgraphNodes)
        os << " + " << subgraphNodes << " calls in subgraphs";
      os << "\n  user inputs: " << inputs << "\n  constants: " << constants;
      if (constants)
        os << " (" << constantBytes << " bytes of static-shape data)";
      os << "\n  mutable buffers: " << buffers
         << "\n  outputs: " << output.getTensorOutputs().size() << " tensors, "
         << output.getArgs().size() << " values in all\n";
    }
    markAllAnalysesPreserved();
  }
};
} // namespace

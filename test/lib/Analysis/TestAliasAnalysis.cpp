//===- TestAliasAnalysis.cpp - print alias analysis answers ---------------===//
//
// --ng-test-alias-analysis: for each method, the storage classes of each of
// its graphs, then mlir::AliasAnalysis' answer (with ng's implementation
// added) for every pair of tensors and for every node against every tensor,
// in the style of MLIR's own test-alias-analysis:
//
//   Testing : "forward"
//   aten_clone_default <-> aten_transpose_int: PartialAlias
//   aten_mul__tensor -> aten_clone_default: ModRef
//
// Values and nodes are named by their wire names; inside a subgraph the name
// is prefixed with the path of its node and graph label
// (`cond/true_graph_0/x_1`).
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/StorageAnalysis.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

namespace ng::test {
#define GEN_PASS_DECL_TESTALIASANALYSIS
#define GEN_PASS_DEF_TESTALIASANALYSIS
#include "TestPasses.h.inc"
} // namespace ng::test

using namespace mlir;
using namespace ng;

namespace {

/// A node as the printout names it: its wire name, `<unnamed>` without one;
/// another op by its op name.
std::string printedNodeName(Operation *op) {
  if (!isa<CallOp, OutputOp>(op))
    return op->getName().getStringRef().str();
  StringRef name = getNodeName(op);
  return name.empty() ? "<unnamed>" : name.str();
}

/// `node/label/` for each subgraph between the method and `region`.
std::string graphPrefix(Region *region) {
  auto call = dyn_cast_or_null<CallOp>(region->getParentOp());
  if (!call)
    return "";
  return graphPrefix(call->getParentRegion()) + printedNodeName(call) + "/" +
         call.getGraphLabel(region->getRegionNumber()).str() + "/";
}

std::string valueName(Value value) {
  std::string name = graphPrefix(value.getParentRegion());
  StringRef wire = getWireName(value);
  if (!wire.empty())
    return name + wire.str();
  // An unnamed value (the empty wire name is legal): say where it is.
  if (auto arg = dyn_cast<BlockArgument>(value))
    return name + "<input #" + std::to_string(arg.getArgNumber()) + ">";
  auto result = cast<OpResult>(value);
  return name + printedNodeName(result.getOwner()) + "#" +
         std::to_string(result.getResultNumber());
}

std::string nodeName(Operation *op) {
  return graphPrefix(op->getParentRegion()) + printedNodeName(op);
}

struct TestAliasAnalysisPass
    : public ng::test::impl::TestAliasAnalysisBase<TestAliasAnalysisPass> {
  using TestAliasAnalysisBase::TestAliasAnalysisBase;

  void runOnOperation() override {
    auto &aliasAnalysis = getAnalysis<ng::AliasAnalysis>();
    const StorageAnalysis &storage = aliasAnalysis.getStorage();
    llvm::raw_ostream &os = llvm::errs();

    for (auto method : getOperation().getOps<MethodOp>()) {
      os << "Testing : \"" << method.getSymName() << "\"\n";

      // The tensors and nodes of the method, subgraphs where their node
      // stands (inputs and nodes of a subgraph before the node's outputs).
      SmallVector<Value> values;
      SmallVector<Operation *> ops;
      std::function<void(Region &)> collect = [&](Region &region) {
        if (region.empty())
          return;
        for (BlockArgument arg : region.getArguments())
          if (isa<ng::TensorType>(arg.getType()))
            values.push_back(arg);
        for (Operation &op : region.front()) {
          for (Region &subgraph : op.getRegions())
            collect(subgraph);
          ops.push_back(&op);
          for (Value result : op.getResults())
            if (isa<ng::TensorType>(result.getType()))
              values.push_back(result);
        }
      };
      collect(method.getBody());

      if (printClasses)
        printStorageClasses(os, storage, method);

      if (printAlias)
        for (unsigned j = 0; j < values.size(); ++j)
          for (unsigned i = 0; i < j; ++i)
            os << valueName(values[i]) << " <-> " << valueName(values[j])
               << ": " << aliasAnalysis.alias(values[i], values[j]) << "\n";

      if (printModRef)
        for (Operation *op : ops)
          for (Value value : values)
            os << nodeName(op) << " -> " << valueName(value) << ": "
               << aliasAnalysis.getModRef(op, value) << "\n";
    }
    markAllAnalysesPreserved();
  }

  void printStorageClasses(llvm::raw_ostream &os,
                           const StorageAnalysis &storage, MethodOp method) {
    for (Region *graph : storage.getGraphs()) {
      Operation *owner = graph->getParentOp();
      if (owner != method && !method->isProperAncestor(owner))
        continue;
      os << "storage classes of '";
      std::string prefix = graphPrefix(graph);
      if (prefix.empty())
        os << method.getSymName();
      else
        os << StringRef(prefix).drop_back();
      os << "':\n";
      for (const StorageAnalysis::StorageClass *storageClass :
           storage.getClasses(graph)) {
        os << "  " << valueName(storageClass->roots.front()) << " ("
           << stringifyStorageKind(storageClass->kind)
           << (storageClass->written ? ", written" : "") << "): ";
        llvm::interleaveComma(storageClass->members, os,
                              [&](Value v) { os << valueName(v); });
        if (!storageClass->writers.empty()) {
          os << "; written by ";
          llvm::interleaveComma(storageClass->writers, os,
                                [&](Operation *op) { os << nodeName(op); });
        }
        os << "\n";
      }
    }
  }
};

} // namespace

//===- MaterializeData.cpp - store produced data entries ------------------===//
//
// Each `#ng.int4_packing` entry of `ng.data` becomes a resource holding its
// packed bytes (ng/Dialect/ConstantData.h), one update of the dictionary
// for all of them.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/ModuleDiagnostics.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace ng {
#define GEN_PASS_DEF_MATERIALIZEDATA
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

struct MaterializeDataPass
    : public ng::impl::MaterializeDataBase<MaterializeDataPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DictionaryAttr data = getConstantData(module);
    if (!data)
      return;
    // Keys that share one packing share its one materialized resource.
    DenseMap<Attribute, Attribute> stored;
    SmallVector<NamedAttribute> updates;
    for (NamedAttribute entry : data) {
      ConstantEntry constant = ConstantEntry::get(entry.getValue());
      if (!constant.isProduced())
        continue;
      Attribute &resource = stored[constant.getAttr()];
      if (!resource) {
        if (!constant.hasBlob()) {
          emitModuleError(module)
              << "data '" << entry.getName().getValue()
              << "': its int4 packing's source has no bytes (its "
                 "dialect_resources entry is missing)";
          return signalPassFailure();
        }
        AsmResourceBlob blob = HeapAsmResourceBlob::allocate(
            constant.getByteCount(), alignof(uint64_t), /*dataIsMutable=*/true);
        if (!constant.readBytes(0, blob.getMutableData())) {
          emitModuleError(module)
              << "data '" << entry.getName().getValue()
              << "' is an #ng.int4_packing whose source has values outside "
                 "[-8, 7]; they do not pack into 4 bits (F5)";
          return signalPassFailure();
        }
        resource = DenseResourceElementsAttr::get(
            constant.getType(), entry.getName().getValue(), std::move(blob));
      }
      updates.emplace_back(entry.getName(), resource);
    }
    if (updates.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    rewriter.modifyOpInPlace(module, [&] { setConstantData(module, updates); });
  }
};

} // namespace

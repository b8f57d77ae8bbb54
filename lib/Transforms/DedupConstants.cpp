//===- DedupConstants.cpp - store byte-identical data once ----------------===//
//
// Entries of ng.data with one type and the same bytes come to share the
// first one's resource; export writes the others as aliases.json entries
// (FORMAT.md C1). Data any method writes is never shared: it is state.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

#include <cstring>

namespace ng {
#define GEN_PASS_DEF_DEDUPCONSTANTS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

struct DedupConstantsPass
    : public ng::impl::DedupConstantsBase<DedupConstantsPass> {
  using DedupConstantsBase::DedupConstantsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    DictionaryAttr data = getConstantData(module);
    if (!data)
      return;
    llvm::StringSet<> written = getWrittenKeys(module);

    // Candidates by (type, form, hash of the blob); an owner per group of
    // equal blobs. Packings are compared by their sources, which pack
    // equal exactly when they are equal; a packing is never merged with a
    // stored entry (that would pack every other one).
    struct Owner {
      StringAttr key;
      ConstantEntry data;
    };
    llvm::DenseMap<std::tuple<Type, unsigned, uint64_t>, SmallVector<Owner, 1>>
        owners;
    SmallVector<NamedAttribute> updates;
    for (NamedAttribute entry : data) {
      ConstantEntry constant = ConstantEntry::get(entry.getValue());
      if (!constant || !constant.hasBlob() ||
          written.contains(entry.getName().getValue()))
        continue;
      ArrayRef<char> bytes = constant.getBlobBytes();
      uint64_t hash = llvm::xxh3_64bits(ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
      SmallVector<Owner, 1> &group =
          owners[{constant.getType(), unsigned(constant.isProduced()), hash}];
      const Owner *same = nullptr;
      for (const Owner &owner : group) {
        ArrayRef<char> ownerBytes = owner.data.getBlobBytes();
        if (ownerBytes.size() == bytes.size() &&
            (bytes.empty() ||
             std::memcmp(ownerBytes.data(), bytes.data(), bytes.size()) == 0)) {
          same = &owner;
          break;
        }
      }
      if (!same) {
        group.push_back({entry.getName(), constant});
        continue;
      }
      // Already one stored copy (an alias it was imported with).
      if (same->data.getResource().getRawHandle().getResource() ==
          constant.getResource().getRawHandle().getResource())
        continue;
      updates.emplace_back(entry.getName(), same->data.getAttr());
      if (report)
        emitRemark(getModuleDiagnosticLoc(module))
            << "data '" << entry.getName().getValue() << "' ("
            << constant.getByteCount() << " bytes) is the same as '"
            << same->key.getValue() << "'s: stored once, as an alias";
    }
    setConstantData(module, updates);
  }

  /// The keys whose storage some method writes: a constant marked
  /// `mutated`, or one whose storage is written in place or written back.
  static llvm::StringSet<> getWrittenKeys(ModuleOp module) {
    llvm::StringSet<> written;
    for (auto method : module.getOps<MethodOp>())
      for (BlockArgument arg : method.getArguments()) {
        const PlaceholderBinding &binding =
            method.getPlaceholderBinding(arg.getArgNumber());
        if (binding.isConstant() && (binding.mutated || isStorageWritten(arg)))
          written.insert(binding.key);
      }
    return written;
  }
};

} // namespace

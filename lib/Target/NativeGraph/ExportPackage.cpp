//===- ExportPackage.cpp - constants and .ptn packages on export ----------===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Target/NativeGraph/Export.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Target/NativeGraph/Safetensors.h"
#include "ng/Target/NativeGraph/StoredZip.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>

using namespace mlir;
using namespace ng;

/// The byte sources of the packings being written (the tensors point at
/// them), and which one failed to produce its bytes, for the error.
struct ProducedConstants {
  std::deque<ByteSource> sources;
  std::string failedKey;
};

/// The tensors to write and the aliases among them: keys that share one
/// resource as one type are stored once, under the key the resource is named
/// after when there is one (the owner it was imported from), else the first
/// key. Keys that read one resource as different types (the text can say
/// so: `s = dense_resource<w> : tensor<2xf32>` beside `w = dense_resource<w>
/// : tensor<8xi8>`) are separate tensors: an alias is the owner's tensor,
/// dtype and shape included (C1), so importing it would retype the bytes.
/// A packing of a resource is not the resource: it is grouped apart.
/// Stored entries are written from their (mapped) blobs; packings are
/// produced from their sources a chunk at a time as they are written, by
/// sources kept in `produced`, which records the first to meet a value
/// outside [-8, 7].
static LogicalResult
collectConstants(ModuleOp module, std::vector<SafetensorsTensor> &tensors,
                 std::vector<std::pair<std::string, std::string>> &aliases,
                 ProducedConstants &produced) {
  DictionaryAttr data = getConstantData(module);
  if (!data)
    return success();
  llvm::MapVector<std::tuple<void *, Type, unsigned>,
                  SmallVector<NamedAttribute, 1>>
      byResource;
  for (NamedAttribute entry : data) {
    ConstantEntry constant = ConstantEntry::get(entry.getValue());
    byResource[{constant.getResource().getRawHandle().getResource(),
                constant.getType(), unsigned(constant.isProduced())}]
        .push_back(entry);
  }
  for (auto &[resource, entries] : byResource) {
    ConstantEntry first = ConstantEntry::get(entries.front().getValue());
    StringRef blobKey = first.getResource().getRawHandle().getKey();
    const NamedAttribute *owner = &entries.front();
    for (const NamedAttribute &entry : entries)
      if (entry.getName().getValue() == blobKey)
        owner = &entry;
    ConstantEntry constant = ConstantEntry::get(owner->getValue());
    if (!constant.hasBlob())
      return emitModuleError(module)
             << "constant data '" << owner->getName().getValue()
             << "' has no bytes (its dialect_resources "
                "entry is missing)";
    ShapedType type = constant.getType();
    SafetensorsTensor tensor;
    tensor.key = owner->getName().getValue().str();
    tensor.dtype = getSafetensorsDtype(type.getElementType()).str();
    tensor.shape.assign(type.getShape().begin(), type.getShape().end());
    uint64_t size = constant.getByteCount();
    if (constant.isProduced()) {
      tensor.produced = &produced.sources.emplace_back(
          size, [constant, &produced, key = tensor.key](
                    uint64_t offset, MutableArrayRef<char> chunk) {
            if (constant.readBytes(offset, chunk))
              return true;
            produced.failedKey = key;
            return false;
          });
    } else {
      ArrayRef<char> bytes = constant.getBlobBytes();
      tensor.data = StringRef(bytes.data(), bytes.size());
    }
    std::optional<uint64_t> numel = getElementCount(tensor.shape);
    std::optional<uint64_t> expected =
        numel ? getByteCount(*numel, safetensorsDtypeSize(tensor.dtype))
              : std::nullopt;
    if (tensor.dtype.empty() || !expected || *expected != size)
      return emitModuleError(module)
             << "constant data '" << tensor.key << "' holds " << size
             << " bytes, which does not match its type " << type;
    tensors.push_back(std::move(tensor));
    for (const NamedAttribute &entry : entries)
      if (&entry != owner)
        aliases.emplace_back(entry.getName().getValue().str(),
                             owner->getName().getValue().str());
  }
  return success();
}

/// The error for a packing that could not be produced (F5).
static LogicalResult emitProducerFailure(ModuleOp module,
                                         const ProducedConstants &produced) {
  return emitModuleError(module)
         << "constant data '" << produced.failedKey
         << "' is an #ng.int4_packing whose source has values outside "
            "[-8, 7]; they do not pack into 4 bits (F5)";
}

static std::string
aliasesToJson(ArrayRef<std::pair<std::string, std::string>> aliases) {
  if (aliases.empty())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '{';
  llvm::interleave(
      aliases, os,
      [&](const auto &alias) {
        writeJsonString(alias.first, os);
        os << ':';
        writeJsonString(alias.second, os);
      },
      ",");
  os << '}';
  return text;
}

LogicalResult ng::writeConstants(ModuleOp module, raw_ostream &os,
                                 std::string &aliasesJson) {
  std::vector<SafetensorsTensor> tensors;
  std::vector<std::pair<std::string, std::string>> aliases;
  ProducedConstants produced;
  if (failed(collectConstants(module, tensors, aliases, produced)))
    return mlir::failure();
  if (!writeSafetensors(tensors, os))
    return emitProducerFailure(module, produced);
  aliasesJson = aliasesToJson(aliases);
  return success();
}

LogicalResult ng::exportPackage(ModuleOp module, raw_ostream &os) {
  SmallVector<uint8_t> program;
  if (failed(exportNativeGraph(module, program)))
    return mlir::failure();
  return writePackage(module, program, os);
}

LogicalResult ng::writePackage(ModuleOp module, ArrayRef<uint8_t> program,
                               raw_ostream &os) {
  std::vector<ZipMember> members;
  members.push_back({"program.ptg",
                     StringRef(reinterpret_cast<const char *>(program.data()),
                               program.size()),
                     {}});
  // The constants are streamed into the archive straight from their
  // (mapped) resources, packings packed as they go: no copy of the weights
  // is assembled.
  std::vector<SafetensorsTensor> tensors;
  std::vector<std::pair<std::string, std::string>> aliases;
  std::string prefix, aliasesJson;
  ProducedConstants produced;
  if (getConstantData(module)) {
    if (failed(collectConstants(module, tensors, aliases, produced)))
      return mlir::failure();
    members.push_back(
        {"program.safetensors", {}, layoutSafetensors(tensors, prefix)});
    aliasesJson = aliasesToJson(aliases);
    if (!aliasesJson.empty())
      members.push_back({"aliases.json", aliasesJson, {}});
  }
  if (!writeStoredZip(members, os))
    return emitProducerFailure(module, produced);
  return success();
}

//===- ConstantData.cpp - constant bytes carried by an ng program ---------===//

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/ModuleDiagnostics.h"

#include "ng/Dialect/NgOps.h"
#include "ng/Support/FileMappings.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>

using namespace mlir;
using namespace ng;

StringRef ng::getSafetensorsDtype(Type type) {
  if (isa<Float64Type>(type))
    return "F64";
  if (isa<Float32Type>(type))
    return "F32";
  if (isa<Float16Type>(type))
    return "F16";
  if (isa<BFloat16Type>(type))
    return "BF16";
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType)
    return "";
  if (intType.getWidth() == 1)
    return intType.isSignless() ? "BOOL" : "";
  bool isUnsigned = intType.isUnsigned();
  switch (intType.getWidth()) {
  case 8:
    return isUnsigned ? "U8" : "I8";
  case 16:
    return isUnsigned ? "U16" : "I16";
  case 32:
    return isUnsigned ? "U32" : "I32";
  case 64:
    return isUnsigned ? "U64" : "I64";
  default:
    return "";
  }
}

Type ng::getElementTypeForSafetensorsDtype(MLIRContext *ctx, StringRef dtype) {
  auto sl = [&](unsigned w) -> Type { return IntegerType::get(ctx, w); };
  auto ul = [&](unsigned w) -> Type {
    return IntegerType::get(ctx, w, IntegerType::Unsigned);
  };
  return llvm::StringSwitch<Type>(dtype)
      .Case("F64", Float64Type::get(ctx))
      .Case("F32", Float32Type::get(ctx))
      .Case("F16", Float16Type::get(ctx))
      .Case("BF16", BFloat16Type::get(ctx))
      .Case("I64", sl(64))
      .Case("I32", sl(32))
      .Case("I16", sl(16))
      .Case("I8", sl(8))
      .Case("U8", ul(8))
      .Case("BOOL", sl(1))
      .Case("U16", ul(16))
      .Case("U32", ul(32))
      .Case("U64", ul(64))
      .Default(Type());
}

DictionaryAttr ng::getConstantData(ModuleOp module) {
  return module->getAttrOfType<DictionaryAttr>(NgDialect::getDataAttrName());
}

Attribute ConstantEntry::getAttr() const {
  if (packing)
    return packing;
  return resource;
}

bool ConstantEntry::hasBlob() const {
  return resource.getRawHandle().getBlob() != nullptr;
}

ArrayRef<char> ConstantEntry::getBlobBytes() const {
  return getConstantBytes(resource);
}

uint64_t ConstantEntry::getByteCount() const {
  uint64_t size = getBlobBytes().size();
  return packing ? size / 2 : size;
}

bool ConstantEntry::readBytes(uint64_t offset,
                              MutableArrayRef<char> out) const {
  ArrayRef<char> blob = getBlobBytes();
  assert(offset <= getByteCount() && out.size() <= getByteCount() - offset &&
         "reading past the entry's bytes");
  if (!packing) {
    std::memcpy(out.data(), blob.data() + offset, out.size());
    return true;
  }
  ArrayRef<char> source = blob.slice(2 * offset, 2 * out.size());
  bool inRange =
      packSignedInt4(reinterpret_cast<const int8_t *>(source.data()),
                     reinterpret_cast<uint8_t *>(out.data()), source.size());
  releaseMappedPages(source);
  return inRange;
}

std::optional<ArrayRef<char>>
ConstantEntry::getBytes(std::vector<char> &storage) const {
  if (!packing)
    return getBlobBytes();
  storage.resize(getByteCount());
  if (!readBytes(0, storage))
    return std::nullopt;
  return ArrayRef<char>(storage);
}

bool ng::packSignedInt4(const int8_t *input, uint8_t *output, size_t count) {
  // Branch-free so the compiler vectorizes it: the range check is folded
  // into one accumulated flag, tested once at the end.
  uint8_t outOfRange = 0;
  for (size_t k = 0, e = count / 2; k < e; ++k) {
    uint8_t low = static_cast<uint8_t>(input[2 * k] + 8);
    uint8_t high = static_cast<uint8_t>(input[2 * k + 1] + 8);
    outOfRange |= (low | high) & 0xF0;
    output[k] = static_cast<uint8_t>((high << 4) | low);
  }
  return outOfRange == 0;
}

bool ng::isSignedInt4(const int8_t *input, size_t count) {
  uint8_t outOfRange = 0;
  for (size_t k = 0; k < count; ++k)
    outOfRange |= static_cast<uint8_t>(input[k] + 8) & 0xF0;
  return outOfRange == 0;
}

ConstantEntry ng::lookupConstantData(ModuleOp module, StringRef key) {
  DictionaryAttr data = getConstantData(module);
  return data ? ConstantEntry::get(data.get(key)) : ConstantEntry();
}

ArrayRef<char> ng::getConstantBytes(DenseResourceElementsAttr data) {
  if (AsmResourceBlob *blob = data.getRawHandle().getBlob())
    return blob->getData();
  return {};
}

void ng::setConstantData(ModuleOp module, ArrayRef<NamedAttribute> updates) {
  if (updates.empty())
    return;
  NamedAttrList entries;
  if (DictionaryAttr existing = getConstantData(module))
    entries.assign(existing.getValue());
  for (NamedAttribute update : updates)
    entries.set(update.getName(), update.getValue());
  module->setAttr(NgDialect::getDataAttrName(),
                  entries.getDictionary(module.getContext()));
}

StringRef ng::getZeroPointDataKey(AffineGroupAttr group) {
  StringAttr key = group.getZeroPointDataKey();
  return key ? key.getValue() : StringRef();
}

void ng::collectQuantizationKeys(Operation *root, llvm::StringSet<> &keys) {
  auto add = [&](Type type) {
    auto tensor = dyn_cast<ng::TensorType>(type);
    auto group = tensor ? dyn_cast_or_null<AffineGroupAttr>(tensor.getQuant())
                        : AffineGroupAttr();
    if (!group)
      return;
    keys.insert(group.getScaleDataKey());
    if (StringRef zeroPoint = getZeroPointDataKey(group); !zeroPoint.empty())
      keys.insert(zeroPoint);
  };
  root->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      add(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          add(type);
  });
}

std::optional<uint64_t> ng::getByteCount(uint64_t numElements,
                                         uint64_t elementBytes) {
  return llvm::checkedMulUnsigned(numElements, elementBytes);
}

std::optional<uint64_t> ng::getElementCount(ArrayRef<int64_t> shape) {
  if (llvm::any_of(shape, [](int64_t d) { return d < 0; }))
    return std::nullopt;
  if (llvm::is_contained(shape, 0))
    return 0;
  uint64_t count = 1;
  for (int64_t d : shape) {
    std::optional<uint64_t> product =
        llvm::checkedMulUnsigned(count, static_cast<uint64_t>(d));
    if (!product)
      return std::nullopt;
    count = *product;
  }
  return count;
}

std::optional<uint64_t> ng::getAffineGroupByteCount(uint64_t numElements,
                                                    AffineGroupAttr group) {
  int64_t levels = int64_t(group.getQuantMax()) - group.getQuantMin() + 1;
  if (levels < 2 || levels > 256 || !llvm::isPowerOf2_64(levels))
    return std::nullopt;
  unsigned bits = llvm::Log2_64(levels);
  // ceil(numElements * bits / 8), computed so that it cannot wrap (bits <= 8).
  return numElements / 8 * bits + (numElements % 8 * bits + 7) / 8;
}

std::optional<uint64_t> ng::getTensorByteCount(ng::TensorType tensor,
                                               ArrayRef<int64_t> shape) {
  std::optional<uint64_t> numel = getElementCount(shape);
  if (!numel)
    return std::nullopt;
  Attribute quant = tensor.getQuant();
  if (!quant)
    return getByteCount(*numel, getElementByteWidth(tensor.getElementType()));
  if (auto group = dyn_cast<AffineGroupAttr>(quant))
    return getAffineGroupByteCount(*numel, group);
  return std::nullopt;
}

std::optional<uint64_t> ng::getExpectedDataBytes(Type type) {
  auto tensor = dyn_cast<ng::TensorType>(type);
  if (!tensor || !tensor.hasMeta())
    return std::nullopt;
  SmallVector<int64_t, 4> shape;
  for (DimRange d : tensor.getSizes()) {
    if (!d.isStatic() || d.min < 0)
      return std::nullopt;
    shape.push_back(d.min);
  }
  return getTensorByteCount(tensor, shape);
}

Block *ng::getVerifiableBody(MethodOp method) {
  Operation *op = method.getOperation();
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return nullptr;
  return &op->getRegion(0).front();
}

//===----------------------------------------------------------------------===//
// V14
//===----------------------------------------------------------------------===//

namespace {
/// Checks one module's constants against its data.
class DataChecker {
public:
  DataChecker(DictionaryAttr data) : data(data) {}

  /// V14 for the constants `method` binds.
  LogicalResult checkMethod(MethodOp method) {
    Block *body = getVerifiableBody(method);
    if (!body)
      return success();
    for (BlockArgument arg : body->getArguments()) {
      unsigned index = arg.getArgNumber();
      const PlaceholderBinding &binding = method.getPlaceholderBinding(index);
      // A non-tensor placeholder, or one without metadata, is the method
      // verifier's to reject (V4, V7); module attributes are verified
      // before the ops they hold.
      auto type = dyn_cast<ng::TensorType>(arg.getType());
      if (!binding.isConstant() || !type || !type.hasMeta())
        continue;
      if (failed(checkConstant(method, method.getArgName(index), binding.key,
                               type)))
        return failure();
    }
    // The scale and zero-point keys of other values need data too
    // (collect_data_keys): V15 (DataKeyRules.cpp) makes each a constant
    // bound in the method, whose data this checks.
    return success();
  }

private:
  /// The data entry of `key` and the size of its bytes, or an error naming
  /// `subject`.
  FailureOr<std::pair<ConstantEntry, uint64_t>>
  find(Operation *at, const Twine &subject, StringRef key) {
    ConstantEntry entry = ConstantEntry::get(data.get(key));
    if (!entry) {
      at->emitOpError() << subject << " has no data under key '" << key
                        << "' (V14)";
      return failure();
    }
    if (!entry.hasBlob()) {
      at->emitOpError() << subject << ": the data under key '" << key
                        << "' has no bytes (its dialect_resources entry is "
                           "missing) (V14)";
      return failure();
    }
    return std::make_pair(entry, entry.getByteCount());
  }

  LogicalResult checkConstant(MethodOp method, StringRef name, StringRef key,
                              ng::TensorType type) {
    std::string subject =
        ("constant '" + name + "' (data_key '" + key + "')").str();
    auto found = find(method, subject, key);
    if (failed(found))
      return failure();
    auto [entry, byteCount] = *found;
    Type dataType = entry.getType().getElementType();

    SmallVector<int64_t, 4> shape;
    for (DimRange d : type.getSizes()) {
      if (!d.isStatic() || d.min < 0)
        return method.emitOpError()
               << subject << " has a dynamic or negative dim; constant data "
               << "needs a static shape (V14)";
      shape.push_back(d.min);
    }
    std::optional<uint64_t> numel = getElementCount(shape);
    if (!numel)
      return method.emitOpError() << subject << " has too many elements (V14)";

    Attribute quant = type.getQuant();
    auto byteType =
        IntegerType::get(method.getContext(), 8, IntegerType::Unsigned);
    if (!quant) {
      std::optional<uint64_t> expected =
          getByteCount(*numel, getElementByteWidth(type.getElementType()));
      if (!expected)
        return method.emitOpError()
               << subject << ": " << *numel << " elements of "
               << type.getElementType() << " take more than 2^64 bytes (V14)";
      if (dataType != type.getElementType() || byteCount != *expected)
        return method.emitOpError()
               << subject << ": data is " << byteCount << " bytes of "
               << dataType << ", expected " << *expected << " bytes of "
               << type.getElementType() << " (V14)";
      return success();
    }
    if (dataType != byteType)
      return method.emitOpError() << subject << ": packed data must be BYTE "
                                  << "(U8), not " << dataType << " (V14)";
    if (auto packed = dyn_cast<PackedQuantAttr>(quant)) {
      if (packed.getCodec().empty())
        return method.emitOpError() << subject << " has an empty codec (V14)";
      return success();
    }

    auto group = cast<AffineGroupAttr>(quant);
    int64_t levels = int64_t(group.getQuantMax()) - group.getQuantMin() + 1;
    if (levels < 2 || levels > 256 || !llvm::isPowerOf2_64(levels))
      return method.emitOpError()
             << subject << ": quant range [" << group.getQuantMin() << ", "
             << group.getQuantMax() << "] is not a power-of-two number of "
             << "levels up to 256 (V14)";
    unsigned bits = llvm::Log2_64(levels);
    uint64_t expected = *getAffineGroupByteCount(*numel, group);
    if (byteCount != expected)
      return method.emitOpError()
             << subject << ": data is " << byteCount << " bytes, expected "
             << expected << " for " << *numel << " " << bits
             << "-bit values (V14)";
    if (shape.empty())
      return method.emitOpError()
             << subject << ": a grouped tensor needs a last axis (V14)";
    int64_t lastDim = shape.back();
    int64_t groupSize = group.getGroupSize();
    if (groupSize < 0 || (groupSize != 0 && lastDim % groupSize != 0))
      return method.emitOpError()
             << subject << ": group_size " << groupSize
             << " does not divide the last dim " << lastDim << " (V14)";
    int64_t perGroup = groupSize ? groupSize : lastDim;
    uint64_t groups = perGroup ? *numel / perGroup : 0;
    auto checkParams = [&](StringRef what, StringRef paramKey,
                           Type dtype) -> LogicalResult {
      auto param = find(method, subject + " " + what, paramKey);
      if (failed(param))
        return failure();
      auto [paramEntry, paramBytes] = *param;
      std::optional<uint64_t> expectedBytes =
          getByteCount(groups, getElementByteWidth(dtype));
      if (paramEntry.getType().getElementType() != dtype || !expectedBytes ||
          paramBytes != *expectedBytes)
        return method.emitOpError()
               << subject << ": " << what << " '" << paramKey << "' is "
               << paramBytes << " bytes of "
               << paramEntry.getType().getElementType() << ", expected "
               << groups << " values of " << dtype << " (V14)";
      return success();
    };
    if (failed(checkParams("scale", group.getScaleDataKey(),
                           group.getScaleDtype())))
      return failure();
    StringRef zeroPointKey = getZeroPointDataKey(group);
    if (!zeroPointKey.empty())
      return checkParams("zero point", zeroPointKey, group.getZeroPointDtype());
    return success();
  }

  DictionaryAttr data;
};
} // namespace

/// An entry's element type is one safetensors stores (C2).
static LogicalResult checkDataEntryType(ModuleOp module, StringRef key,
                                        ConstantEntry entry) {
  Type elementType = entry.getType().getElementType();
  if (getSafetensorsDtype(elementType).empty())
    return emitModuleOpError(module)
           << "data '" << key << "' has element type " << elementType
           << ", which safetensors cannot store (C2)";
  return success();
}

/// An entry's bytes are its own type's: export writes the entry as a
/// safetensors tensor of that dtype and shape (C2). For a packing, its
/// source's bytes are the source's type's (the packed type halves them).
/// Checked after V14, whose messages name the constant that reads the
/// entry. An entry whose blob is gone is left to V14 (if a constant reads
/// it) and to export.
static LogicalResult checkDataEntrySize(ModuleOp module, StringRef key,
                                        ConstantEntry entry) {
  if (!entry.hasBlob())
    return success();
  ShapedType type = entry.getResource().getType();
  size_t held = entry.getBlobBytes().size();
  std::optional<uint64_t> numel = getElementCount(type.getShape());
  std::optional<uint64_t> needed =
      numel ? getByteCount(*numel, getElementByteWidth(type.getElementType()))
            : std::nullopt;
  StringRef what = entry.isProduced() ? "'s source" : "";
  if (!needed)
    return emitModuleOpError(module)
           << "data '" << key << "'" << what << " holds " << held
           << " bytes, but its type " << type << " needs more than 2^64";
  if (*needed != held)
    return emitModuleOpError(module)
           << "data '" << key << "'" << what << " holds " << held
           << " bytes, but its type " << type << " needs " << *needed;
  return success();
}

LogicalResult ng::verifyConstantData(ModuleOp module) {
  DictionaryAttr data = getConstantData(module);
  if (!data)
    return success();
  for (NamedAttribute entry : data) {
    ConstantEntry constant = ConstantEntry::get(entry.getValue());
    if (!constant)
      return emitModuleOpError(module)
             << "'" << NgDialect::getDataAttrName() << "' entry '"
             << entry.getName().getValue()
             << "' must be a dense_resource or an #ng.int4_packing";
    if (failed(checkDataEntryType(module, entry.getName(), constant)))
      return failure();
  }
  DataChecker checker(data);
  for (auto method : module.getOps<MethodOp>())
    if (failed(checker.checkMethod(method)))
      return failure();
  for (NamedAttribute entry : data)
    if (failed(checkDataEntrySize(module, entry.getName(),
                                  ConstantEntry::get(entry.getValue()))))
      return failure();
  return success();
}

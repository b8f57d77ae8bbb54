//===- ConstantData.cpp - constant bytes carried by an ng program ---------===//

#include "ng/Dialect/ConstantData.h"

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

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

DenseResourceElementsAttr ng::lookupConstantData(ModuleOp module,
                                                 StringRef key) {
  DictionaryAttr data = getConstantData(module);
  return data ? data.getAs<DenseResourceElementsAttr>(key)
              : DenseResourceElementsAttr();
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

//===----------------------------------------------------------------------===//
// V14
//===----------------------------------------------------------------------===//

namespace {
/// Checks one module's constants against its data.
class DataChecker {
public:
  DataChecker(ModuleOp module, DictionaryAttr data)
      : module(module), data(data) {}

  LogicalResult run() {
    for (auto method : module.getOps<MethodOp>()) {
      for (BlockArgument arg : method.getArguments()) {
        auto constant = dyn_cast_or_null<ConstantAttr>(
            method.getArgBinding(arg.getArgNumber()));
        if (constant &&
            failed(checkConstant(method, method.getArgName(arg.getArgNumber()),
                                 constant.getDataKey(),
                                 cast<ng::TensorType>(arg.getType()))))
          return failure();
      }
      // Quantization keys on any value (collect_data_keys) need data too.
      WalkResult walk = method.walk([&](Operation *op) -> WalkResult {
        for (Value result : op->getResults())
          if (failed(checkQuantKeys(op, result.getType())))
            return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (walk.wasInterrupted())
        return failure();
    }
    return success();
  }

private:
  /// The data entry of `key`, or an error naming `subject`.
  FailureOr<std::pair<DenseResourceElementsAttr, ArrayRef<char>>>
  find(Operation *at, const Twine &subject, StringRef key) {
    auto entry = data.getAs<DenseResourceElementsAttr>(key);
    if (!entry) {
      at->emitOpError() << subject << " has no data under key '" << key
                        << "' (V14)";
      return failure();
    }
    if (!entry.getRawHandle().getBlob()) {
      at->emitOpError() << subject << ": the data under key '" << key
                        << "' has no bytes (its dialect_resources entry is "
                           "missing) (V14)";
      return failure();
    }
    return std::make_pair(entry, getConstantBytes(entry));
  }

  /// The element count of a static shape, or failure on overflow.
  static std::optional<uint64_t> elementCount(ArrayRef<int64_t> shape) {
    uint64_t count = 1;
    for (int64_t d : shape) {
      if (d < 0)
        return std::nullopt;
      bool overflow = false;
      count =
          llvm::SaturatingMultiply(count, static_cast<uint64_t>(d), &overflow);
      if (overflow)
        return std::nullopt;
    }
    return count;
  }

  LogicalResult checkQuantKeys(Operation *at, Type type) {
    auto tensor = dyn_cast<ng::TensorType>(type);
    auto group = tensor ? dyn_cast_or_null<AffineGroupAttr>(tensor.getQuant())
                        : AffineGroupAttr();
    if (!group)
      return success();
    if (failed(find(at, "a quantization scale", group.getScaleDataKey())))
      return failure();
    if (StringAttr zp = group.getZeroPointDataKey())
      if (failed(find(at, "a quantization zero point", zp.getValue())))
        return failure();
    return success();
  }

  LogicalResult checkConstant(MethodOp method, StringRef name, StringRef key,
                              ng::TensorType type) {
    std::string subject =
        ("constant '" + name + "' (data_key '" + key + "')").str();
    auto found = find(method, subject, key);
    if (failed(found))
      return failure();
    auto [entry, bytes] = *found;
    Type dataType = entry.getType().getElementType();

    SmallVector<int64_t, 4> shape;
    for (DimRange d : type.getSizes()) {
      if (!d.isStatic() || d.min < 0)
        return method.emitOpError()
               << subject << " has a dynamic or negative dim; constant data "
               << "needs a static shape (V14)";
      shape.push_back(d.min);
    }
    std::optional<uint64_t> numel = elementCount(shape);
    if (!numel)
      return method.emitOpError() << subject << " has too many elements (V14)";

    Attribute quant = type.getQuant();
    auto byteType =
        IntegerType::get(method.getContext(), 8, IntegerType::Unsigned);
    if (!quant) {
      uint64_t expected = *numel * getElementByteWidth(type.getElementType());
      if (dataType != type.getElementType() || bytes.size() != expected)
        return method.emitOpError()
               << subject << ": data is " << bytes.size() << " bytes of "
               << dataType << ", expected " << expected << " bytes of "
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
    uint64_t expected = (*numel * bits + 7) / 8;
    if (bytes.size() != expected)
      return method.emitOpError()
             << subject << ": data is " << bytes.size() << " bytes, expected "
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
      uint64_t expectedBytes = groups * getElementByteWidth(dtype);
      if (paramEntry.getType().getElementType() != dtype ||
          paramBytes.size() != expectedBytes)
        return method.emitOpError()
               << subject << ": " << what << " '" << paramKey << "' is "
               << paramBytes.size() << " bytes of "
               << paramEntry.getType().getElementType() << ", expected "
               << groups << " values of " << dtype << " (V14)";
      return success();
    };
    if (failed(checkParams("scale", group.getScaleDataKey(),
                           group.getScaleDtype())))
      return failure();
    if (StringAttr zp = group.getZeroPointDataKey())
      return checkParams("zero point", zp.getValue(),
                         group.getZeroPointDtype());
    return success();
  }

  ModuleOp module;
  DictionaryAttr data;
};
} // namespace

LogicalResult ng::verifyConstantData(ModuleOp module) {
  DictionaryAttr data = getConstantData(module);
  if (!data)
    return success();
  for (NamedAttribute entry : data) {
    auto resource = dyn_cast<DenseResourceElementsAttr>(entry.getValue());
    if (!resource)
      return module.emitOpError()
             << "'" << NgDialect::getDataAttrName() << "' entry '"
             << entry.getName().getValue() << "' must be a dense_resource";
    if (getSafetensorsDtype(resource.getType().getElementType()).empty())
      return module.emitOpError()
             << "data '" << entry.getName().getValue() << "' has element type "
             << resource.getType().getElementType()
             << ", which safetensors cannot store (C2)";
  }
  return DataChecker(module, data).run();
}

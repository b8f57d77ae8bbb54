//===- NgBytecode.cpp - bytecode encoding of ng attributes and types ------===//
//
// Every ng attribute and type has a compact bytecode encoding: a code, then
// its parameters through the writer (strings into the string section,
// nested attributes and types by number). Without one, MLIR's writer falls
// back to the textual form, which costs a printer (and an AsmState) per
// attribute on writing and the parser per attribute on reading (at 100k
// nodes 155M and 191M instructions, 9% of reading). A resource named
// inside an attribute's text, besides, is parsed back as a new, empty
// handle cut off from the resource section, so an #ng.int4_packing must be
// encoded as its source attribute.
//
// The dialect writes a version. Version 1 encodes the storage-written masks
// of ng.method and ng.call (Ng_WrittenMaskProp) as varints; a file without
// a version (from before it) holds them as array<i32> attributes, which are
// still read. Version 2 encodes each placeholder's binding (Ng_BindingProp)
// as varints and a string; before it, as its attribute (#ng.constant,
// #ng.mutable_buffer or none), which is still read. Attributes written in
// textual form by an older ng read back through the parser as they always did.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgTypes.h"
#include "ng/Dialect/PlaceholderBinding.h"
#include "ng/Dialect/WrittenMask.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ng;

namespace {

/// The attribute kinds, as a bytecode file holds them: never renumbered,
/// never reused.
enum AttributeCode : uint64_t {
  kInt4PackingCode = 0,
  kConstantCode = 1,
  kMutableBufferCode = 2,
  kArgCode = 3,
  kOutputSpecCode = 4,
  kAffineGroupCode = 5,
  kPackedQuantCode = 6,
};

/// The type kinds, likewise.
enum TypeCode : uint64_t {
  kTensorCode = 0,
};

/// What the version records: how the dialect's properties are encoded.
constexpr uint64_t kCurrentEncoding = 2;

struct NgDialectVersion : public DialectVersion {
  explicit NgDialectVersion(uint64_t encoding) : encoding(encoding) {}
  uint64_t encoding;
};

/// Read an enum's wire value, refusing one it does not have.
template <typename Enum>
static FailureOr<Enum> readEnum(DialectBytecodeReader &reader,
                                std::optional<Enum> (*symbolize)(uint32_t),
                                StringRef what) {
  uint64_t value;
  if (failed(reader.readVarInt(value)))
    return failure();
  std::optional<Enum> symbol = value <= UINT32_MAX
                                   ? symbolize(static_cast<uint32_t>(value))
                                   : std::nullopt;
  if (!symbol)
    return reader.emitError() << "unknown " << what << " " << value;
  return *symbol;
}

/// Read a signed varint that must fit in 32 bits.
static LogicalResult readInt32(DialectBytecodeReader &reader, int32_t &result) {
  int64_t value;
  if (failed(reader.readSignedVarInt(value)))
    return failure();
  if (value < INT32_MIN || value > INT32_MAX)
    return reader.emitError() << "32-bit value out of range: " << value;
  result = static_cast<int32_t>(value);
  return success();
}

struct NgBytecodeInterface : public BytecodeDialectInterface {
  explicit NgBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return Attribute();
    MLIRContext *ctx = getContext();
    auto emitError = [&] { return reader.emitError(); };
    function_ref<InFlightDiagnostic()> onError(emitError);
    switch (code) {
    case kInt4PackingCode: {
      DenseResourceElementsAttr source;
      if (failed(reader.readAttribute(source)))
        return Attribute();
      return Int4PackingAttr::getChecked(onError, source);
    }
    case kConstantCode: {
      FailureOr<InputKind> kind =
          readEnum(reader, symbolizeInputKind, "input kind");
      StringRef dataKey;
      bool mutated;
      if (failed(kind) || failed(reader.readString(dataKey)) ||
          failed(reader.readBool(mutated)))
        return Attribute();
      return ConstantAttr::get(ctx, *kind, dataKey, mutated);
    }
    case kMutableBufferCode: {
      StringAttr fqn;
      if (failed(reader.readAttribute(fqn)))
        return Attribute();
      return MutableBufferAttr::get(ctx, fqn);
    }
    case kArgCode: {
      FailureOr<ArgKind> kind =
          readEnum(reader, symbolizeArgKind, "argument kind");
      StringAttr name;
      bool mutated;
      Attribute value;
      DenseBoolArrayAttr mask;
      if (failed(kind) || failed(reader.readOptionalAttribute(name)) ||
          failed(reader.readBool(mutated)) ||
          failed(reader.readOptionalAttribute(value)) ||
          failed(reader.readOptionalAttribute(mask)))
        return Attribute();
      return ArgAttr::getChecked(onError, ctx, *kind, name, mutated, value,
                                 mask);
    }
    case kOutputSpecCode: {
      FailureOr<OutputKind> kind =
          readEnum(reader, symbolizeOutputKind, "output kind");
      StringAttr target;
      int64_t input;
      if (failed(kind) || failed(reader.readOptionalAttribute(target)) ||
          failed(reader.readSignedVarInt(input)))
        return Attribute();
      return OutputSpecAttr::get(ctx, *kind, target, input);
    }
    case kAffineGroupCode: {
      StringRef scaleKey;
      Type scaleType, zeroPointType;
      int32_t quantMin, quantMax, groupSize;
      StringAttr zeroPointKey;
      if (failed(reader.readString(scaleKey)) ||
          failed(reader.readType(scaleType)) ||
          failed(readInt32(reader, quantMin)) ||
          failed(readInt32(reader, quantMax)) ||
          failed(readInt32(reader, groupSize)) ||
          failed(reader.readOptionalAttribute(zeroPointKey)) ||
          failed(reader.readType(zeroPointType)))
        return Attribute();
      return AffineGroupAttr::getChecked(onError, ctx, scaleKey, scaleType,
                                         quantMin, quantMax, groupSize,
                                         zeroPointKey, zeroPointType);
    }
    case kPackedQuantCode: {
      StringRef codec;
      if (failed(reader.readString(codec)))
        return Attribute();
      return PackedQuantAttr::get(ctx, codec);
    }
    default:
      reader.emitError() << "unknown ng attribute code " << code;
      return Attribute();
    }
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    if (auto packing = dyn_cast<Int4PackingAttr>(attr)) {
      writer.writeVarInt(kInt4PackingCode);
      writer.writeAttribute(packing.getSource());
      return success();
    }
    if (auto constant = dyn_cast<ConstantAttr>(attr)) {
      writer.writeVarInt(kConstantCode);
      writer.writeVarInt(static_cast<uint64_t>(constant.getKind()));
      writer.writeOwnedString(constant.getDataKey());
      writer.writeOwnedBool(constant.getMutated());
      return success();
    }
    if (auto buffer = dyn_cast<MutableBufferAttr>(attr)) {
      writer.writeVarInt(kMutableBufferCode);
      writer.writeAttribute(buffer.getFqn());
      return success();
    }
    if (auto arg = dyn_cast<ArgAttr>(attr)) {
      writer.writeVarInt(kArgCode);
      writer.writeVarInt(static_cast<uint64_t>(arg.getKind()));
      writer.writeOptionalAttribute(arg.getName());
      writer.writeOwnedBool(arg.getMutated());
      writer.writeOptionalAttribute(arg.getValue());
      writer.writeOptionalAttribute(arg.getMask());
      return success();
    }
    if (auto spec = dyn_cast<OutputSpecAttr>(attr)) {
      writer.writeVarInt(kOutputSpecCode);
      writer.writeVarInt(static_cast<uint64_t>(spec.getKind()));
      writer.writeOptionalAttribute(spec.getTarget());
      writer.writeSignedVarInt(spec.getInput());
      return success();
    }
    if (auto group = dyn_cast<AffineGroupAttr>(attr)) {
      writer.writeVarInt(kAffineGroupCode);
      writer.writeOwnedString(group.getScaleDataKey());
      writer.writeType(group.getScaleDtype());
      writer.writeSignedVarInt(group.getQuantMin());
      writer.writeSignedVarInt(group.getQuantMax());
      writer.writeSignedVarInt(group.getGroupSize());
      writer.writeOptionalAttribute(group.getZeroPointDataKey());
      writer.writeType(group.getZeroPointDtype());
      return success();
    }
    if (auto packed = dyn_cast<PackedQuantAttr>(attr)) {
      writer.writeVarInt(kPackedQuantCode);
      writer.writeOwnedString(packed.getCodec());
      return success();
    }
    return failure(); // the textual form
  }

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  /// `!ng.tensor`: whether it has metadata; then the element type, the
  /// dims' (min, max) pairs, the dim order and the quantization scheme
  /// (both optional: absent on the wire).
  Type readType(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return Type();
    if (code != kTensorCode) {
      reader.emitError() << "unknown ng type code " << code;
      return Type();
    }
    MLIRContext *ctx = getContext();
    bool hasMeta;
    if (failed(reader.readBool(hasMeta)))
      return Type();
    if (!hasMeta)
      return ng::TensorType::get(ctx);
    Type elementType;
    SmallVector<DimRange, 4> sizes;
    DenseI64ArrayAttr dimOrder;
    Attribute quant;
    auto readDim = [&](DimRange &dim) -> LogicalResult {
      return success(succeeded(reader.readSignedVarInt(dim.min)) &&
                     succeeded(reader.readSignedVarInt(dim.max)));
    };
    if (failed(reader.readType(elementType)) ||
        failed(reader.readList(sizes, readDim)) ||
        failed(reader.readOptionalAttribute(dimOrder)) ||
        failed(reader.readOptionalAttribute(quant)))
      return Type();
    auto emitError = [&] { return reader.emitError(); };
    return ng::TensorType::getChecked(
        function_ref<InFlightDiagnostic()>(emitError), ctx, elementType,
        ArrayRef<DimRange>(sizes), dimOrder, quant);
  }

  LogicalResult writeType(Type type,
                          DialectBytecodeWriter &writer) const override {
    auto tensor = dyn_cast<ng::TensorType>(type);
    if (!tensor)
      return failure();
    writer.writeVarInt(kTensorCode);
    writer.writeOwnedBool(tensor.hasMeta());
    if (!tensor.hasMeta())
      return success();
    writer.writeType(tensor.getElementType());
    writer.writeList(tensor.getSizes(), [&](const DimRange &dim) {
      writer.writeSignedVarInt(dim.min);
      writer.writeSignedVarInt(dim.max);
    });
    writer.writeOptionalAttribute(tensor.getDimOrder());
    writer.writeOptionalAttribute(tensor.getQuant());
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Version
  //===--------------------------------------------------------------------===//

  void writeVersion(DialectBytecodeWriter &writer) const override {
    writer.writeVarInt(kCurrentEncoding);
  }

  std::unique_ptr<DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    uint64_t encoding;
    if (failed(reader.readVarInt(encoding)))
      return nullptr;
    if (encoding > kCurrentEncoding) {
      reader.emitError() << "the ng dialect's bytecode encoding " << encoding
                         << " is newer than this build's (" << kCurrentEncoding
                         << ")";
      return nullptr;
    }
    return std::make_unique<NgDialectVersion>(encoding);
  }
};

/// The encoding of ng's properties in the file being read: 0 before the
/// dialect wrote a version.
static uint64_t propertyEncoding(DialectBytecodeReader &reader) {
  FailureOr<const DialectVersion *> version =
      reader.getDialectVersion<NgDialect>();
  if (failed(version))
    return 0;
  return static_cast<const NgDialectVersion *>(*version)->encoding;
}

/// Property `storage` as an older encoding holds it: the attribute
/// `fromAttr` reads (`optional`: null when absent), `expected` if it is not.
template <typename Property>
static LogicalResult readFromAttribute(DialectBytecodeReader &reader,
                                       bool optional,
                                       bool (*fromAttr)(Attribute, Property &),
                                       Property &storage, StringRef expected) {
  Attribute attr;
  if (failed(optional ? reader.readOptionalAttribute(attr)
                      : reader.readAttribute(attr)))
    return failure();
  if (!fromAttr(attr, storage))
    return reader.emitError() << "expected " << expected << ", got " << attr;
  return success();
}

} // namespace

void NgDialect::addBytecodeInterface() { addInterfaces<NgBytecodeInterface>(); }

//===----------------------------------------------------------------------===//
// Ng_WrittenMaskProp
//===----------------------------------------------------------------------===//

void ng::writeWrittenMask(DialectBytecodeWriter &writer,
                          const WrittenMask &mask) {
  SmallVector<int32_t> positions = mask.getSetPositions();
  writer.writeVarInt(positions.size());
  for (int32_t position : positions)
    writer.writeVarInt(position);
}

LogicalResult ng::readWrittenMask(DialectBytecodeReader &reader,
                                  WrittenMask &mask) {
  if (propertyEncoding(reader) == 0)
    return readFromAttribute(reader, /*optional=*/false, WrittenMask::fromAttr,
                             mask,
                             "the positions of written storages "
                             "(array<i32: ...>)");
  mask.clear();
  uint64_t count;
  if (failed(reader.readVarInt(count)))
    return failure();
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t position;
    if (failed(reader.readVarInt(position)))
      return failure();
    // A position past any op's results, subgraphs or placeholders is a
    // corrupt mask, not a reason to allocate.
    if (position >= WrittenMask::kMaxPosition)
      return reader.emitError()
             << "storage-written position " << position << " out of range";
    mask.set(static_cast<unsigned>(position));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Ng_BindingProp
//===----------------------------------------------------------------------===//

void ng::writePlaceholderBinding(DialectBytecodeWriter &writer,
                                 const PlaceholderBinding &binding) {
  writer.writeVarInt(static_cast<uint64_t>(binding.role));
  if (binding.isInput())
    return;
  if (binding.isConstant()) {
    writer.writeVarInt(static_cast<uint64_t>(binding.kind));
    writer.writeOwnedBool(binding.mutated);
  }
  // The property outlives the writer's use of the string.
  writer.writeOwnedString(binding.key);
}

LogicalResult ng::readPlaceholderBinding(DialectBytecodeReader &reader,
                                         PlaceholderBinding &binding) {
  if (propertyEncoding(reader) < 2)
    return readFromAttribute(
        reader, /*optional=*/true, PlaceholderBinding::fromAttr, binding,
        "#ng.constant, #ng.mutable_buffer or none as a placeholder binding");
  binding = PlaceholderBinding::input();
  uint64_t role;
  if (failed(reader.readVarInt(role)))
    return failure();
  switch (role) {
  case static_cast<uint64_t>(PlaceholderBinding::Role::Input):
    return success();
  case static_cast<uint64_t>(PlaceholderBinding::Role::Constant): {
    FailureOr<InputKind> kind =
        readEnum(reader, symbolizeInputKind, "input kind");
    if (failed(kind) || failed(reader.readBool(binding.mutated)))
      return failure();
    binding.role = PlaceholderBinding::Role::Constant;
    binding.kind = *kind;
    break;
  }
  case static_cast<uint64_t>(PlaceholderBinding::Role::MutableBuffer):
    binding.role = PlaceholderBinding::Role::MutableBuffer;
    break;
  default:
    return reader.emitError() << "unknown placeholder role " << role;
  }
  StringRef key;
  if (failed(reader.readString(key)))
    return failure();
  binding.key = key.str();
  return success();
}

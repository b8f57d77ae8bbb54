//===- NgTypes.cpp - ng types -----------------------------------*- C++ -*-===//

#include "ng/Dialect/NgTypes.h"

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace ng;

//===----------------------------------------------------------------------===//
// ScalarType <-> element type (W3)
//===----------------------------------------------------------------------===//

Type ng::getElementTypeForScalarType(MLIRContext *ctx, int64_t id) {
  auto signless = [&](unsigned w) -> Type { return IntegerType::get(ctx, w); };
  auto unsignedTy = [&](unsigned w) -> Type {
    return IntegerType::get(ctx, w, IntegerType::Unsigned);
  };
  switch (id) {
  case 0:
    return unsignedTy(8); // BYTE
  case 1:
    return signless(8); // CHAR
  case 2:
    return signless(16); // SHORT
  case 3:
    return signless(32); // INT
  case 4:
    return signless(64); // LONG
  case 5:
    return Float16Type::get(ctx); // HALF
  case 6:
    return Float32Type::get(ctx); // FLOAT
  case 7:
    return Float64Type::get(ctx); // DOUBLE
  case 11:
    return signless(1); // BOOL
  case 15:
    return BFloat16Type::get(ctx); // BFLOAT16
  case 16:
    return unsignedTy(16); // UINT16
  case 17:
    return unsignedTy(32); // UINT32
  case 18:
    return unsignedTy(64); // UINT64
  default:
    return Type();
  }
}

std::optional<int8_t> ng::getScalarTypeId(Type type) {
  if (!type)
    return std::nullopt;
  if (isa<Float16Type>(type))
    return 5;
  if (isa<Float32Type>(type))
    return 6;
  if (isa<Float64Type>(type))
    return 7;
  if (isa<BFloat16Type>(type))
    return 15;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType)
    return std::nullopt;
  unsigned width = intType.getWidth();
  if (intType.isUnsigned()) {
    switch (width) {
    case 8:
      return 0;
    case 16:
      return 16;
    case 32:
      return 17;
    case 64:
      return 18;
    default:
      return std::nullopt;
    }
  }
  if (!intType.isSignless())
    return std::nullopt;
  switch (width) {
  case 1:
    return 11;
  case 8:
    return 1;
  case 16:
    return 2;
  case 32:
    return 3;
  case 64:
    return 4;
  default:
    return std::nullopt;
  }
}

unsigned ng::getElementByteWidth(Type type) {
  if (type.isInteger(1))
    return 1;
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

//===----------------------------------------------------------------------===//
// Value kinds (S5, S6)
//===----------------------------------------------------------------------===//

std::optional<ArgKind> ng::getReferenceKind(Type type) {
  if (isa<ng::TensorType>(type))
    return ArgKind::Tensor;
  if (type.isSignlessInteger(64))
    return ArgKind::Int;
  if (type.isF64())
    return ArgKind::Float;
  if (type.isSignlessInteger(1))
    return ArgKind::Bool;
  return std::nullopt;
}

Type ng::getScalarType(MLIRContext *ctx, ArgKind kind) {
  switch (kind) {
  case ArgKind::Int:
    return IntegerType::get(ctx, 64);
  case ArgKind::Float:
    return Float64Type::get(ctx);
  case ArgKind::Bool:
    return IntegerType::get(ctx, 1);
  default:
    return Type();
  }
}

StringRef ng::describeReferenceKind(ArgKind kind) {
  switch (kind) {
  case ArgKind::Tensor:
    return "a tensor";
  case ArgKind::Int:
    return "an INT value";
  case ArgKind::Float:
    return "a FLOAT value";
  case ArgKind::Bool:
    return "a BOOL value";
  default:
    return "a value";
  }
}

//===----------------------------------------------------------------------===//
// TensorType
//===----------------------------------------------------------------------===//

DenseI64ArrayAttr ng::TensorType::identityDimOrder(MLIRContext *ctx,
                                                   int64_t rank) {
  SmallVector<int64_t> order(rank);
  for (int64_t i = 0; i < rank; ++i)
    order[i] = i;
  return DenseI64ArrayAttr::get(ctx, order);
}

bool ng::TensorType::hasStaticShape() const {
  return llvm::all_of(getSizes(), [](DimRange d) { return d.isStatic(); });
}

std::optional<SmallVector<int64_t, 4>> ng::TensorType::getStaticSizes() const {
  if (!hasMeta() || !hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t, 4> sizes;
  for (DimRange d : getSizes())
    sizes.push_back(d.min);
  return sizes;
}

bool ng::TensorType::isContiguous() const {
  DenseI64ArrayAttr order = getDimOrder();
  if (!order || order.empty())
    return true;
  for (auto [i, d] : llvm::enumerate(order.asArrayRef()))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

ng::TensorType ng::TensorType::withDimOrder(DenseI64ArrayAttr order) const {
  return ng::TensorType::get(getContext(), getElementType(), getSizes(), order,
                             getQuant());
}

/// S8 and C4 on a TensorMeta's dims: what the native runtime's loader
/// refuses (a Dim with min > max or a negative extent, a rank, extent or
/// size past its limits), and what two readers could read differently.
static LogicalResult
verifyTensorLimits(function_ref<InFlightDiagnostic()> emitError,
                   Type elementType, ArrayRef<DimRange> sizes) {
  if (sizes.size() > kMaxTensorRank)
    return emitError() << "tensor rank " << sizes.size()
                       << " exceeds the limit of " << kMaxTensorRank << " (C4)";
  uint64_t bytes = getElementByteWidth(elementType);
  bool overflow = false, empty = false;
  for (auto [index, dim] : llvm::enumerate(sizes)) {
    if (dim.min < 0)
      return emitError() << "dim #" << index << " has a negative "
                         << (dim.isStatic() ? "extent " : "min ") << dim.min
                         << "; extents are >= 0 (S8)";
    if (dim.max >= 0 && dim.min > dim.max)
      return emitError() << "dim #" << index << " has min " << dim.min
                         << " > max " << dim.max
                         << "; a dynamic dim has min < max (S8)";
    if (dim.min > kMaxTensorDim || dim.max > kMaxTensorDim)
      return emitError() << "dim #" << index << " extent "
                         << std::max(dim.min, dim.max)
                         << " exceeds the limit of 2^31-1 (C4)";
    uint64_t extent = dim.max >= 0 ? dim.max : dim.min;
    empty |= extent == 0;
    if (std::optional<uint64_t> product =
            llvm::checkedMulUnsigned<uint64_t>(bytes, extent))
      bytes = *product;
    else
      overflow = true;
  }
  // An empty tensor holds nothing, however large its other dims.
  if (!empty && (overflow || bytes > kMaxTensorBytes))
    return emitError() << "tensor of "
                       << (overflow ? std::string("more than 2^64")
                                    : std::to_string(bytes))
                       << " bytes exceeds the limit of 2^40 bytes (C4)";
  return success();
}

LogicalResult
ng::TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<DimRange> sizes,
                       DenseI64ArrayAttr dimOrder, Attribute quant) {
  if (!elementType) {
    if (!sizes.empty() || dimOrder || quant)
      return emitError() << "a tensor without an element type has no metadata";
    return success();
  }
  if (!getScalarTypeId(elementType))
    return emitError() << "element type " << elementType
                       << " is not an NPTG ScalarType";
  if (quant && !isa<AffineGroupAttr, PackedQuantAttr>(quant))
    return emitError() << "quant must be #ng.affine_group or #ng.packed, got "
                       << quant;
  return verifyTensorLimits(emitError, elementType, sizes);
}

void ng::printDimRanges(ArrayRef<DimRange> sizes, raw_ostream &os) {
  os << '[';
  llvm::interleaveComma(sizes, os, [&](DimRange dim) {
    os << dim.min;
    if (dim.isStatic())
      return;
    os << ':';
    if (dim.max == -1)
      os << '?';
    else
      os << dim.max;
  });
  os << ']';
}

void ng::TensorType::print(AsmPrinter &printer) const {
  if (!hasMeta())
    return;
  printer << '<' << getElementType();
  printDimRanges(getSizes(), printer.getStream());
  DenseI64ArrayAttr order = getDimOrder();
  if (!order) {
    printer << ", dim_order = none";
  } else if (order != identityDimOrder(getContext(), getRank())) {
    printer << ", dim_order = [";
    llvm::interleaveComma(order.asArrayRef(), printer);
    printer << ']';
  }
  if (getQuant())
    printer << ", quant = " << getQuant();
  printer << '>';
}

Type ng::TensorType::parse(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  if (failed(parser.parseOptionalLess()))
    return ng::TensorType::get(ctx);

  Type elementType;
  SmallVector<DimRange> sizes;
  auto parseDim = [&]() -> ParseResult {
    DimRange dim;
    if (parser.parseInteger(dim.min))
      return failure();
    dim.max = dim.min;
    if (succeeded(parser.parseOptionalColon())) {
      if (succeeded(parser.parseOptionalQuestion()))
        dim.max = -1;
      else if (parser.parseInteger(dim.max))
        return failure();
    }
    sizes.push_back(dim);
    return success();
  };
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(elementType) ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseDim))
    return {};

  DenseI64ArrayAttr dimOrder = identityDimOrder(ctx, sizes.size());
  Attribute quant;
  bool seenDimOrder = false, seenQuant = false;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    bool &seen = key == "quant" ? seenQuant : seenDimOrder;
    if (seen) {
      parser.emitError(keyLoc)
          << "!ng.tensor field '" << key << "' is given twice";
      return {};
    }
    seen = true;
    if (key == "dim_order") {
      if (succeeded(parser.parseOptionalKeyword("none"))) {
        dimOrder = nullptr;
        continue;
      }
      SmallVector<int64_t> order;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                return parser.parseInteger(order.emplace_back());
              }))
        return {};
      dimOrder = DenseI64ArrayAttr::get(ctx, order);
    } else if (key == "quant") {
      if (parser.parseAttribute(quant))
        return {};
    } else {
      parser.emitError(parser.getCurrentLocation())
          << "unknown !ng.tensor field '" << key
          << "' (expected dim_order or quant)";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ng::TensorType>(
      loc, ctx, elementType, ArrayRef<DimRange>(sizes), dimOrder, quant);
}

//===----------------------------------------------------------------------===//
// Types in words
//===----------------------------------------------------------------------===//

void ng::printTypeSummary(Type type, raw_ostream &os) {
  auto tensor = dyn_cast_if_present<ng::TensorType>(type);
  if (!tensor) {
    // A scalar by its kind's name: int, float, bool.
    std::optional<ArgKind> kind = type ? getReferenceKind(type) : std::nullopt;
    if (!type)
      os << "?";
    else if (kind)
      os << stringifyArgKind(*kind);
    else
      type.print(os);
    return;
  }
  if (!tensor.hasMeta()) {
    os << "?";
    return;
  }
  tensor.getElementType().print(os);
  printDimRanges(tensor.getSizes(), os);
  if (!tensor.isContiguous())
    if (DenseI64ArrayAttr order = tensor.getDimOrder()) {
      os << " dim_order [";
      llvm::interleaveComma(order.asArrayRef(), os);
      os << "]";
    }
  if (Attribute quant = tensor.getQuant()) {
    os << " ";
    printQuantSummary(quant, os);
  }
}

void ng::printQuantSummary(Attribute quant, raw_ostream &os) {
  if (auto group = dyn_cast_if_present<AffineGroupAttr>(quant)) {
    int64_t levels = int64_t(group.getQuantMax()) - group.getQuantMin() + 1;
    os << "affine_group ";
    if (levels > 1 && llvm::isPowerOf2_64(levels))
      os << llvm::Log2_64(levels) << "-bit ";
    os << "[" << group.getQuantMin() << ", " << group.getQuantMax()
       << "] group " << group.getGroupSize();
  } else if (auto packed = dyn_cast_if_present<PackedQuantAttr>(quant)) {
    os << "packed " << packed.getCodec();
  }
}

//===- NgAttrs.cpp - ng attributes ------------------------------*- C++ -*-===//

#include "ArgumentSyntax.h"

#include "ng/Dialect/NgAttrs.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ng;

#include "ng/Dialect/NgEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// ArgAttr
//===----------------------------------------------------------------------===//

bool ArgAttr::isScalarRef() const {
  ArgKind kind = getKind();
  return (kind == ArgKind::Int || kind == ArgKind::Float ||
          kind == ArgKind::Bool) &&
         !getValue();
}

unsigned ArgAttr::getNumOperands() const {
  switch (getKind()) {
  case ArgKind::Tensor:
    return 1;
  case ArgKind::Int:
  case ArgKind::Float:
  case ArgKind::Bool:
    return getValue() ? 0 : 1;
  case ArgKind::IntList:
  case ArgKind::TensorList:
  case ArgKind::OptionalTensorList:
    return getMask() ? llvm::count(getMask().asArrayRef(), true) : 0;
  default:
    return 0;
  }
}

std::optional<ArgKind> ArgAttr::getOperandKind() const {
  switch (getKind()) {
  case ArgKind::Tensor:
  case ArgKind::TensorList:
  case ArgKind::OptionalTensorList:
    return ArgKind::Tensor;
  case ArgKind::Int:
  case ArgKind::IntList:
    return ArgKind::Int;
  case ArgKind::Float:
    return ArgKind::Float;
  case ArgKind::Bool:
    return ArgKind::Bool;
  default:
    return std::nullopt;
  }
}

LogicalResult ArgAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArgKind kind, StringAttr name, bool mutated,
                              Attribute value, DenseBoolArrayAttr mask) {
  auto expectValue = [&](bool ok, StringRef what) -> LogicalResult {
    if (!ok)
      return emitError() << "an argument of kind " << stringifyArgKind(kind)
                         << " needs " << what << ", got " << value;
    return success();
  };
  bool maskAllowed = kind == ArgKind::IntList || kind == ArgKind::TensorList ||
                     kind == ArgKind::OptionalTensorList;
  if (mask && !maskAllowed)
    return emitError() << "an argument of kind " << stringifyArgKind(kind)
                       << " takes no mask";
  switch (kind) {
  case ArgKind::Tensor:
  case ArgKind::None:
  case ArgKind::TensorList:
  case ArgKind::OptionalTensorList:
    if (value)
      return emitError() << "an argument of kind " << stringifyArgKind(kind)
                         << " takes no literal value";
    if (kind == ArgKind::TensorList || kind == ArgKind::OptionalTensorList) {
      if (!mask)
        return emitError() << "an argument of kind " << stringifyArgKind(kind)
                           << " needs a mask";
      if (kind == ArgKind::TensorList &&
          llvm::is_contained(mask.asArrayRef(), false))
        return emitError() << "a tensor_list cannot have holes";
    }
    return success();
  case ArgKind::Int:
  case ArgKind::Float:
  case ArgKind::Bool: {
    // A literal has the type of the values a reference would name.
    auto literal = dyn_cast_or_null<TypedAttr>(value);
    bool ok = !value ||
              (isa<IntegerAttr, FloatAttr>(value) &&
               literal.getType() == getScalarType(value.getContext(), kind));
    return expectValue(
        ok, kind == ArgKind::Int     ? "an i64 literal or a reference"
            : kind == ArgKind::Float ? "an f64 literal or a reference"
                                     : "a bool literal or a reference");
  }
  case ArgKind::String:
  case ArgKind::Graph:
    return expectValue(isa_and_nonnull<StringAttr>(value), "a string");
  case ArgKind::ScalarType: {
    auto typeAttr = dyn_cast_or_null<TypeAttr>(value);
    return expectValue(typeAttr && getScalarTypeId(typeAttr.getValue()),
                       "an NPTG dtype");
  }
  case ArgKind::IntList: {
    auto values = dyn_cast_or_null<DenseI64ArrayAttr>(value);
    if (failed(expectValue(static_cast<bool>(values), "array<i64: ...>")))
      return failure();
    // V5: refs is empty or parallel to values.
    if (mask && mask.size() != values.size())
      return emitError() << "int_list refs has " << mask.size()
                         << " entries for " << values.size() << " values (V5)";
    return success();
  }
  case ArgKind::FloatList:
    return expectValue(isa_and_nonnull<DenseF64ArrayAttr>(value),
                       "array<f64: ...>");
  case ArgKind::BoolList:
    return expectValue(isa_and_nonnull<DenseBoolArrayAttr>(value),
                       "array<i1: ...>");
  }
  return emitError() << "unknown argument kind";
}

//===----------------------------------------------------------------------===//
// ConstantAttr: #ng.constant<parameter, "key"[, mutated]>
//===----------------------------------------------------------------------===//

Attribute ConstantAttr::parse(AsmParser &parser, Type) {
  StringRef kindName;
  std::string dataKey;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&kindName) ||
      parser.parseComma() || parser.parseString(&dataKey))
    return {};
  std::optional<InputKind> kind = symbolizeInputKind(kindName);
  if (!kind) {
    parser.emitError(loc) << "unknown input kind '" << kindName
                          << "' (expected user_input, parameter, buffer or "
                             "constant)";
    return {};
  }
  bool mutated = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("mutated"))
      return {};
    mutated = true;
  }
  if (parser.parseGreater())
    return {};
  return ConstantAttr::get(parser.getContext(), *kind, dataKey, mutated);
}

void ConstantAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyInputKind(getKind()) << ", ";
  printQuoted(printer, getDataKey());
  if (getMutated())
    printer << ", mutated";
  printer << '>';
}

//===----------------------------------------------------------------------===//
// OutputSpecAttr: #ng.output_spec<kind[, "target"][, input = N]>
//===----------------------------------------------------------------------===//

Attribute OutputSpecAttr::parse(AsmParser &parser, Type) {
  StringRef kindName;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&kindName))
    return {};
  std::optional<OutputKind> kind = symbolizeOutputKind(kindName);
  if (!kind) {
    parser.emitError(loc) << "unknown output kind '" << kindName
                          << "' (expected user_output, buffer_mutation or "
                             "user_input_mutation)";
    return {};
  }
  StringAttr target;
  int64_t input = -1;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("input"))) {
      if (parser.parseEqual() || parser.parseInteger(input))
        return {};
      continue;
    }
    std::string text;
    if (parser.parseString(&text))
      return {};
    target = StringAttr::get(parser.getContext(), text);
  }
  if (parser.parseGreater())
    return {};
  return OutputSpecAttr::get(parser.getContext(), *kind, target, input);
}

void OutputSpecAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyOutputKind(getKind());
  if (getTarget()) {
    printer << ", ";
    printer.printAttributeWithoutType(getTarget());
  }
  if (getInput() >= 0)
    printer << ", input = " << getInput();
  printer << '>';
}

//===----------------------------------------------------------------------===//
// AffineGroupAttr
//===----------------------------------------------------------------------===//

LogicalResult
AffineGroupAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        StringRef scaleDataKey, Type scaleDtype,
                        int32_t quantMin, int32_t quantMax, int32_t groupSize,
                        StringAttr zeroPointDataKey, Type zeroPointDtype) {
  if (scaleDataKey.empty())
    return emitError() << "scale_data_key is empty; data keys are fqns (N3)";
  if (!getScalarTypeId(scaleDtype))
    return emitError() << "scale_dtype " << scaleDtype
                       << " is not an NPTG ScalarType";
  if (!getScalarTypeId(zeroPointDtype))
    return emitError() << "zero_point_dtype " << zeroPointDtype
                       << " is not an NPTG ScalarType";
  return success();
}

//===----------------------------------------------------------------------===//
// Int4PackingAttr
//===----------------------------------------------------------------------===//

LogicalResult
Int4PackingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        DenseResourceElementsAttr source,
                        RankedTensorType type) {
  if (!source)
    return emitError() << "needs a source resource";
  ShapedType sourceType = source.getType();
  if (!sourceType.getElementType().isSignlessInteger(8) ||
      sourceType.getRank() != 2 || !sourceType.hasStaticShape() ||
      sourceType.getDimSize(1) % 2 != 0)
    return emitError() << "source must be a 2-D int8 tensor with an even "
                          "inner dim, two values to a byte (F5); it is "
                       << sourceType;
  if (type != getPackedType(source))
    return emitError() << "type " << type << " is not the packing of "
                       << sourceType;
  return success();
}

RankedTensorType
Int4PackingAttr::getPackedType(DenseResourceElementsAttr source) {
  ShapedType sourceType = source.getType();
  auto byte = IntegerType::get(source.getContext(), 8, IntegerType::Unsigned);
  if (sourceType.getRank() != 2 || !sourceType.hasStaticShape())
    return RankedTensorType::get({}, byte);
  return RankedTensorType::get(
      {sourceType.getDimSize(0), sourceType.getDimSize(1) / 2}, byte);
}

Attribute Int4PackingAttr::parse(AsmParser &parser, Type) {
  DenseResourceElementsAttr source;
  if (parser.parseLess() || parser.parseAttribute(source) ||
      parser.parseGreater())
    return {};
  auto emitError = [&] { return parser.emitError(parser.getNameLoc()); };
  return getChecked(function_ref<InFlightDiagnostic()>(emitError), source);
}

void Int4PackingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printAttribute(getSource());
  printer << '>';
}

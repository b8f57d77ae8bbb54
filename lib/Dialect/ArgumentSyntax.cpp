//===- ArgumentSyntax.cpp - NamedArgument lists in custom assembly --------===//

#include "ArgumentSyntax.h"
#include "ParseCache.h"

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/NgTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace ng;

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

bool ng::isPrintedUnescaped(StringRef text) {
  // Eight bytes at a time (this runs for every op printed): a word is plain
  // when no byte has its high bit set, is below 0x20, or is 0x7f, '"' or
  // '\\'. The tests for "any byte below n" and "any byte equal to b" are the
  // classic exact ones (no false negatives).
  constexpr uint64_t ones = 0x0101010101010101ull;
  constexpr uint64_t highs = 0x8080808080808080ull;
  auto anyBelow = [&](uint64_t word, uint8_t n) {
    return ((word - ones * n) & ~word & highs) != 0;
  };
  auto anyEqual = [&](uint64_t word, uint8_t b) {
    return anyBelow(word ^ (ones * b), 1);
  };
  size_t i = 0, size = text.size();
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof(word));
    if ((word & highs) || anyBelow(word, 0x20) || anyEqual(word, 0x7f) ||
        anyEqual(word, '"') || anyEqual(word, '\\'))
      return false;
  }
  for (; i < size; ++i) {
    auto byte = static_cast<uint8_t>(text[i]);
    if (byte < 0x20 || byte >= 0x7f || byte == '"' || byte == '\\')
      return false;
  }
  return true;
}

void ng::printQuoted(AsmPrinter &printer, StringRef text) {
  if (!isPrintedUnescaped(text))
    return printer.printString(text);
  printer.getStream() << '"' << text << '"';
}

void ng::printDoubleLiteral(raw_ostream &os, double value) {
  if (std::isnan(value)) {
    os << "nan";
    return;
  }
  if (std::isinf(value)) {
    os << (value < 0 ? "-inf" : "inf");
    return;
  }
  // The shortest %g form that reads back to the same bits.
  char buffer[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value &&
        std::signbit(std::strtod(buffer, nullptr)) == std::signbit(value))
      break;
  }
  // MLIR's float literal needs a '.' before any exponent.
  StringRef text(buffer);
  if (text.contains('.') || text.contains("inf") || text.contains("nan")) {
    os << text;
    return;
  }
  size_t exponent = text.find('e');
  if (exponent == StringRef::npos)
    os << text << ".0";
  else
    os << text.take_front(exponent) << ".0" << text.drop_front(exponent);
}

/// Parse one scalar element other than a bool or a positive float: %v, none,
/// an integer, a negative float, inf, -inf or nan. Returns std::nullopt when
/// the next token starts none of them.
static OptionalParseResult parseElement(OpAsmParser &parser,
                                        ParsedArguments &parsed,
                                        ParsedElement &element) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult operandResult = parser.parseOptionalOperand(operand);
  if (operandResult.has_value()) {
    if (failed(*operandResult))
      return failure();
    element.kind = ParsedElement::Kind::Operand;
    element.operandIndex = parsed.operands.size();
    parsed.operands.push_back(operand);
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("none"))) {
    element.kind = ParsedElement::Kind::None;
    return success();
  }
  bool negative = succeeded(parser.parseOptionalMinus());
  if (succeeded(parser.parseOptionalKeyword("inf"))) {
    element.kind = ParsedElement::Kind::Float;
    element.floatValue = negative ? -HUGE_VAL : HUGE_VAL;
    return success();
  }
  if (!negative && succeeded(parser.parseOptionalKeyword("nan"))) {
    element.kind = ParsedElement::Kind::Float;
    element.floatValue = std::nan("");
    return success();
  }
  SMLoc loc = parser.getCurrentLocation();
  APInt magnitude;
  OptionalParseResult intResult = parser.parseOptionalInteger(magnitude);
  if (intResult.has_value()) {
    if (failed(*intResult))
      return failure();
    if (magnitude.getActiveBits() > 64)
      return parser.emitError(loc, "integer literal does not fit in 64 bits");
    uint64_t bits = magnitude.getZExtValue();
    if (negative ? bits > (uint64_t(1) << 63) : bits > uint64_t(INT64_MAX))
      return parser.emitError(loc, "integer literal does not fit in int64");
    element.kind = ParsedElement::Kind::Int;
    element.intValue =
        negative ? static_cast<int64_t>(0 - bits) : static_cast<int64_t>(bits);
    return success();
  }
  double value;
  if (negative) {
    if (parser.parseFloat(value))
      return failure();
    element.kind = ParsedElement::Kind::Float;
    element.floatValue = -value;
    return success();
  }
  return std::nullopt;
}

/// Like parseElement, but also distinguishes true from false (the keyword
/// parse above only says "a bool").
static OptionalParseResult parseElementWithBool(OpAsmParser &parser,
                                                ParsedArguments &parsed,
                                                ParsedElement &element) {
  if (succeeded(parser.parseOptionalKeyword("true"))) {
    element.kind = ParsedElement::Kind::Bool;
    element.boolValue = true;
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("false"))) {
    element.kind = ParsedElement::Kind::Bool;
    element.boolValue = false;
    return success();
  }
  OptionalParseResult result = parseElement(parser, parsed, element);
  if (result.has_value())
    return result;
  // A plain float literal (parseElement only takes negative ones).
  double value;
  if (parser.parseFloat(value))
    return failure();
  element.kind = ParsedElement::Kind::Float;
  element.floatValue = value;
  return success();
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

static std::optional<ArgKind> typedListKind(StringRef keyword,
                                            bool &forceRefs) {
  forceRefs = keyword == "symints";
  return llvm::StringSwitch<std::optional<ArgKind>>(keyword)
      .Cases({"ints", "symints"}, ArgKind::IntList)
      .Case("floats", ArgKind::FloatList)
      .Case("bools", ArgKind::BoolList)
      .Case("tensors", ArgKind::TensorList)
      .Case("optional_tensors", ArgKind::OptionalTensorList)
      .Default(std::nullopt);
}

/// The dtype a bare keyword names (`f16`, `i64`, `ui8`, ...), if any. Integer
/// type names reach us as keywords, so they are decoded here.
static Type dtypeKeyword(MLIRContext *ctx, StringRef keyword) {
  Type floatType = llvm::StringSwitch<Type>(keyword)
                       .Case("f16", Float16Type::get(ctx))
                       .Case("f32", Float32Type::get(ctx))
                       .Case("f64", Float64Type::get(ctx))
                       .Case("bf16", BFloat16Type::get(ctx))
                       .Default(Type());
  if (floatType)
    return floatType;
  bool isUnsigned = keyword.consume_front("ui");
  unsigned width;
  if ((isUnsigned || keyword.consume_front("i")) &&
      !keyword.getAsInteger(10, width) && width > 0 && width <= 64)
    return IntegerType::get(
        ctx, width, isUnsigned ? IntegerType::Unsigned : IntegerType::Signless);
  return Type();
}

/// Parse one element (a scalar, `%v` or `none`) into `arg`.
static ParseResult parseElementOf(OpAsmParser &parser, ParsedArguments &parsed,
                                  ParsedArgument &arg) {
  ParsedElement element;
  OptionalParseResult result = parseElementWithBool(parser, parsed, element);
  if (!result.has_value() || failed(*result))
    return failure();
  arg.elements.push_back(element);
  return success();
}

/// Parse a list's elements and its `]`, the `[` read.
static ParseResult parseListRest(OpAsmParser &parser, ParsedArguments &parsed,
                                 ParsedArgument &arg) {
  arg.isList = true;
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  do {
    if (parseElementOf(parser, parsed, arg))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRSquare();
}

static ParseResult parseGraphArgument(OpAsmParser &parser,
                                      const ArgumentSyntax &syntax,
                                      ParsedArguments &parsed,
                                      ParsedArgument &arg) {
  if (!syntax.regionState)
    return parser.emitError(arg.loc,
                            "a graph argument is only allowed on ng.call");
  std::string label;
  SmallVector<OpAsmParser::Argument> blockArgs;
  if (parser.parseString(&label) ||
      parser.parseArgumentList(blockArgs, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true))
    return failure();
  // Each input's SSA name is its wire name, a hint in its location
  // (WireNames.h); `graph_arg_names` on the op may override it.
  MLIRContext *ctx = parser.getContext();
  for (OpAsmParser::Argument &blockArg : blockArgs) {
    Location loc = blockArg.sourceLoc
                       ? *blockArg.sourceLoc
                       : parser.getEncodedSourceLoc(blockArg.ssaName.location);
    if (!isa<NameLoc>(loc))
      loc = NameLoc::get(
          StringAttr::get(ctx, blockArg.ssaName.name.drop_front()), loc);
    blockArg.sourceLoc = loc;
  }
  Region *region = syntax.regionState->addRegion();
  if (parser.parseRegion(*region, blockArgs))
    return failure();
  arg.explicitKind = ArgKind::Graph;
  arg.literal = StringAttr::get(parser.getContext(), label);
  return success();
}

ParseCache &ng::getParseCache(MLIRContext *ctx) {
  return ctx->getLoadedDialect<NgDialect>()->getParseCache();
}

ParseCache &ng::getParseCache(const OperationState &state) {
  // The op's name knows its dialect: no lookup by namespace (three per op
  // otherwise, 1% of parsing a program).
  return static_cast<NgDialect *>(state.name.getDialect())->getParseCache();
}

static ParseResult parseArgument(OpAsmParser &parser,
                                 const ArgumentSyntax &syntax,
                                 ParsedArguments &parsed) {
  MLIRContext *ctx = parser.getContext();
  ParsedArgument arg;
  arg.loc = parser.getCurrentLocation();

  // The next keyword or string, if any: a leading one is either the
  // argument's name (when a ':' follows) or the value itself.
  std::string word;
  bool haveWord = false, wordWasString = false;
  auto readWord = [&]() {
    wordWasString = succeeded(parser.parseOptionalString(&word));
    StringRef keyword;
    haveWord =
        wordWasString || succeeded(parser.parseOptionalKeyword(&keyword));
    if (haveWord && !wordWasString)
      word = keyword.str();
  };
  readWord();
  if (haveWord && succeeded(parser.parseOptionalColon())) {
    arg.name = parsed.cache->string(word);
    // The first word of the value.
    readWord();
  }

  // Output specs (ng.output only) come before `mut`.
  if (haveWord && !wordWasString &&
      (word == "buffer_mutation" || word == "user_input_mutation" ||
       word == "user_output")) {
    if (!syntax.allowSpecs)
      return parser.emitError(arg.loc, "'")
             << word << "' is only allowed on ng.output";
    OutputKind kind = *symbolizeOutputKind(word);
    std::string target;
    StringAttr targetAttr;
    OpAsmParser::UnresolvedOperand input;
    if (kind == OutputKind::UserInputMutation &&
        parser.parseOptionalOperand(input).has_value()) {
      // `user_input_mutation %x`: a placeholder, structurally (resolved by
      // ng.method's parser, which knows its placeholders' SSA names).
      if (input.number != 0)
        return parser.emitError(input.location,
                                "user_input_mutation names a placeholder, "
                                "not a result of a node");
      arg.specInputSSAName = input.name.str();
    } else if (kind != OutputKind::UserOutput ||
               succeeded(parser.parseOptionalString(&target))) {
      if (kind != OutputKind::UserOutput && parser.parseString(&target))
        return failure();
      if (kind == OutputKind::UserInputMutation)
        arg.specInputWireName = target; // by its wire name, as before
      else
        targetAttr = StringAttr::get(ctx, target);
    }
    arg.spec = OutputSpecAttr::get(ctx, kind, targetAttr);
    readWord();
  }
  if (haveWord && !wordWasString && word == "mut") {
    arg.mutated = true;
    readWord();
  }

  if (haveWord && wordWasString) {
    arg.explicitKind = ArgKind::String;
    arg.literal = StringAttr::get(ctx, word);
  } else if (haveWord) {
    bool forceRefs = false;
    if (std::optional<ArgKind> listKind = typedListKind(word, forceRefs)) {
      arg.explicitKind = listKind;
      arg.forceRefs = forceRefs;
      if (parser.parseLSquare() || parseListRest(parser, parsed, arg))
        return failure();
    } else if (word == "graph") {
      if (parseGraphArgument(parser, syntax, parsed, arg))
        return failure();
    } else if (Type dtype = dtypeKeyword(ctx, word)) {
      arg.explicitKind = ArgKind::ScalarType;
      arg.literal = TypeAttr::get(dtype);
    } else if (word == "none" || word == "true" || word == "false" ||
               word == "inf" || word == "nan") {
      ParsedElement element;
      if (word == "none") {
        element.kind = ParsedElement::Kind::None;
      } else if (word == "inf" || word == "nan") {
        element.kind = ParsedElement::Kind::Float;
        element.floatValue = word == "inf" ? HUGE_VAL : std::nan("");
      } else {
        element.kind = ParsedElement::Kind::Bool;
        element.boolValue = word == "true";
      }
      arg.elements.push_back(element);
    } else {
      return parser.emitError(arg.loc, "unexpected '")
             << word << "' in an argument list";
    }
  } else if (succeeded(parser.parseOptionalLSquare())) {
    if (parseListRest(parser, parsed, arg))
      return failure();
  } else {
    Type dtype;
    OptionalParseResult typeResult = parser.parseOptionalType(dtype);
    if (typeResult.has_value()) {
      if (failed(*typeResult))
        return failure();
      arg.explicitKind = ArgKind::ScalarType;
      arg.literal = TypeAttr::get(dtype);
    } else if (parseElementOf(parser, parsed, arg)) {
      return failure();
    }
  }
  parsed.args.push_back(std::move(arg));
  return success();
}

ParseResult ng::parseArgumentList(OpAsmParser &parser,
                                  const ArgumentSyntax &syntax,
                                  ParsedArguments &parsed) {
  if (!parsed.cache)
    parsed.cache = &getParseCache(parser.getContext());
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, [&]() {
    return parseArgument(parser, syntax, parsed);
  });
}

//===----------------------------------------------------------------------===//
// Resolution: syntax + operand types -> #ng.arg
//===----------------------------------------------------------------------===//

ParseResult ng::resolveArguments(OpAsmParser &parser, ParsedArguments &parsed,
                                 ArrayRef<Type> operandTypes, SMLoc typesLoc,
                                 SmallVectorImpl<Value> &operands,
                                 SmallVectorImpl<Attribute> &args) {
  if (operandTypes.size() != parsed.operands.size())
    return parser.emitError(typesLoc)
           << "expected " << parsed.operands.size()
           << " operand types, one per referenced value, got "
           << operandTypes.size();
  if (parser.resolveOperands(parsed.operands, operandTypes, typesLoc, operands))
    return failure();
  MLIRContext *ctx = parser.getContext();
  Builder builder(ctx);
  ParseCache &cache = parsed.cache ? *parsed.cache : getParseCache(ctx);
  for (ParsedArgument &arg : parsed.args) {
    auto fail = [&](const Twine &message) {
      return parser.emitError(arg.loc, message);
    };
    auto typeOf = [&](const ParsedElement &e) {
      return operandTypes[e.operandIndex];
    };
    // getChecked runs ArgAttr's verifier, so the custom form rejects what
    // the generic form rejects (e.g. a dtype that is no ScalarType).
    auto make = [&](ArgKind kind, Attribute value = {},
                    DenseBoolArrayAttr mask = {}) -> LogicalResult {
      auto attr = cache.arg([&] { return parser.emitError(arg.loc); }, kind,
                            arg.name, arg.mutated, value, mask);
      if (!attr)
        return failure();
      args.push_back(attr);
      return success();
    };

    if (!arg.isList) {
      if (arg.explicitKind) {
        if (failed(make(*arg.explicitKind, arg.literal)))
          return failure();
        continue;
      }
      const ParsedElement &e = arg.elements.front();
      switch (e.kind) {
      case ParsedElement::Kind::Operand: {
        std::optional<ArgKind> kind = getReferenceKind(typeOf(e));
        if (!kind)
          return fail("a referenced value must be a tensor, i64, f64 or i1, "
                      "not ")
                 << typeOf(e);
        if (failed(make(*kind)))
          return failure();
        break;
      }
      case ParsedElement::Kind::None:
        if (failed(make(ArgKind::None)))
          return failure();
        break;
      case ParsedElement::Kind::Int:
        if (failed(make(ArgKind::Int, cache.integer(e.intValue))))
          return failure();
        break;
      case ParsedElement::Kind::Float:
        if (failed(make(ArgKind::Float, builder.getF64FloatAttr(e.floatValue))))
          return failure();
        break;
      case ParsedElement::Kind::Bool:
        if (failed(make(ArgKind::Bool, builder.getBoolAttr(e.boolValue))))
          return failure();
        break;
      }
      continue;
    }

    // Lists.
    bool anyNone = false, anyInt = false, anyFloat = false, anyBool = false,
         anyTensorRef = false, anyIntRef = false;
    for (const ParsedElement &e : arg.elements) {
      switch (e.kind) {
      case ParsedElement::Kind::Operand: {
        std::optional<ArgKind> kind = getReferenceKind(typeOf(e));
        if (kind == ArgKind::Tensor)
          anyTensorRef = true;
        else if (kind == ArgKind::Int)
          anyIntRef = true;
        else
          return fail("a list element must reference a tensor or an i64, not ")
                 << typeOf(e);
        break;
      }
      case ParsedElement::Kind::None:
        anyNone = true;
        break;
      case ParsedElement::Kind::Int:
        anyInt = true;
        break;
      case ParsedElement::Kind::Float:
        anyFloat = true;
        break;
      case ParsedElement::Kind::Bool:
        anyBool = true;
        break;
      }
    }
    std::optional<ArgKind> kind = arg.explicitKind;
    if (!kind) {
      if (arg.elements.empty())
        return fail("an empty list needs its kind: ints[], floats[], bools[], "
                    "tensors[] or optional_tensors[]");
      if (anyNone)
        kind = ArgKind::OptionalTensorList;
      else if (anyTensorRef)
        kind = ArgKind::TensorList;
      else if (anyBool)
        kind = ArgKind::BoolList;
      else if (anyFloat)
        kind = ArgKind::FloatList;
      else
        kind = ArgKind::IntList;
    }
    auto onlyHas = [&](bool allowed, StringRef what) -> LogicalResult {
      if (!allowed)
        return fail(Twine("an argument of kind ") + stringifyArgKind(*kind) +
                    " can only hold " + what);
      return success();
    };
    switch (*kind) {
    case ArgKind::IntList: {
      if (failed(onlyHas(!anyNone && !anyFloat && !anyBool && !anyTensorRef,
                         "integers and i64 values")))
        return failure();
      SmallVector<int64_t> values;
      SmallVector<bool> refs;
      for (const ParsedElement &e : arg.elements) {
        bool isRef = e.kind == ParsedElement::Kind::Operand;
        values.push_back(isRef ? 0 : e.intValue);
        refs.push_back(isRef);
      }
      DenseBoolArrayAttr mask;
      if (anyIntRef || arg.forceRefs)
        mask = builder.getDenseBoolArrayAttr(refs);
      if (failed(make(ArgKind::IntList, builder.getDenseI64ArrayAttr(values),
                      mask)))
        return failure();
      break;
    }
    case ArgKind::FloatList: {
      if (failed(onlyHas(!anyNone && !anyBool && !anyTensorRef && !anyIntRef,
                         "float literals")))
        return failure();
      SmallVector<double> values;
      for (const ParsedElement &e : arg.elements)
        values.push_back(e.kind == ParsedElement::Kind::Int
                             ? static_cast<double>(e.intValue)
                             : e.floatValue);
      if (failed(
              make(ArgKind::FloatList, builder.getDenseF64ArrayAttr(values))))
        return failure();
      break;
    }
    case ArgKind::BoolList: {
      if (failed(onlyHas(!anyNone && !anyInt && !anyFloat && !anyTensorRef &&
                             !anyIntRef,
                         "true and false")))
        return failure();
      SmallVector<bool> values;
      for (const ParsedElement &e : arg.elements)
        values.push_back(e.boolValue);
      if (failed(
              make(ArgKind::BoolList, builder.getDenseBoolArrayAttr(values))))
        return failure();
      break;
    }
    case ArgKind::TensorList:
    case ArgKind::OptionalTensorList: {
      bool optional = *kind == ArgKind::OptionalTensorList;
      if (failed(onlyHas(!anyInt && !anyFloat && !anyBool && !anyIntRef &&
                             (optional || !anyNone),
                         optional ? "tensors and none" : "tensors")))
        return failure();
      SmallVector<bool> present;
      for (const ParsedElement &e : arg.elements)
        present.push_back(e.kind == ParsedElement::Kind::Operand);
      if (failed(
              make(*kind, Attribute(), builder.getDenseBoolArrayAttr(present))))
        return failure();
      break;
    }
    default:
      return fail("unexpected list kind");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void ng::printArgumentList(OpAsmPrinter &printer, ArrayRef<ArgAttr> args,
                           OperandRange operands,
                           function_ref<Attribute(unsigned)> specFor,
                           function_ref<void(unsigned, StringAttr)> printGraph,
                           function_ref<Value(OutputSpecAttr)> specInput) {
  raw_ostream &os = printer.getStream();
  unsigned nextOperand = 0, nextRegion = 0;
  auto operand = [&]() { printer.printOperand(operands[nextOperand++]); };
  auto printList = [&](StringRef prefix, auto &&elements, auto &&printOne) {
    os << prefix << '[';
    llvm::interleaveComma(elements, os, printOne);
    os << ']';
  };

  os << '(';
  llvm::interleaveComma(llvm::enumerate(args), os, [&](auto indexed) {
    ArgAttr arg = indexed.value();
    if (StringAttr name = arg.getName()) {
      printer.printKeywordOrString(name.getValue());
      os << ": ";
    }
    if (auto spec =
            dyn_cast_or_null<OutputSpecAttr>(specFor(indexed.index()))) {
      os << stringifyOutputKind(spec.getKind()) << ' ';
      if (spec.getTarget()) {
        printer.printString(spec.getTarget().getValue());
        os << ' ';
      }
      if (Value input =
              spec.getInput() >= 0 && specInput ? specInput(spec) : Value()) {
        printer.printOperand(input);
        os << ' ';
      }
    }
    if (arg.getMutated())
      os << "mut ";
    Attribute value = arg.getValue();
    switch (arg.getKind()) {
    case ArgKind::Tensor:
      operand();
      break;
    case ArgKind::None:
      os << "none";
      break;
    case ArgKind::Int:
      if (value)
        os << cast<IntegerAttr>(value).getInt();
      else
        operand();
      break;
    case ArgKind::Float:
      if (value)
        printDoubleLiteral(os, cast<FloatAttr>(value).getValueAsDouble());
      else
        operand();
      break;
    case ArgKind::Bool:
      if (value)
        os << (cast<BoolAttr>(value).getValue() ? "true" : "false");
      else
        operand();
      break;
    case ArgKind::String:
      printer.printString(cast<StringAttr>(value).getValue());
      break;
    case ArgKind::ScalarType:
      printer.printType(cast<TypeAttr>(value).getValue());
      break;
    case ArgKind::IntList: {
      ArrayRef<int64_t> values = cast<DenseI64ArrayAttr>(value).asArrayRef();
      DenseBoolArrayAttr mask = arg.getMask();
      bool anyRef = mask && llvm::is_contained(mask.asArrayRef(), true);
      StringRef prefix = (mask && !anyRef) ? "symints"
                         : values.empty()  ? "ints"
                                           : "";
      printList(prefix, llvm::seq<size_t>(0, values.size()), [&](size_t i) {
        if (anyRef && mask[i])
          operand();
        else
          os << values[i];
      });
      break;
    }
    case ArgKind::FloatList: {
      ArrayRef<double> values = cast<DenseF64ArrayAttr>(value).asArrayRef();
      printList(values.empty() ? "floats" : "", values,
                [&](double v) { printDoubleLiteral(os, v); });
      break;
    }
    case ArgKind::BoolList: {
      ArrayRef<bool> values = cast<DenseBoolArrayAttr>(value).asArrayRef();
      printList(values.empty() ? "bools" : "", values,
                [&](bool v) { os << (v ? "true" : "false"); });
      break;
    }
    case ArgKind::TensorList:
    case ArgKind::OptionalTensorList: {
      ArrayRef<bool> present = arg.getMask().asArrayRef();
      StringRef prefix;
      if (arg.getKind() == ArgKind::TensorList)
        prefix = present.empty() ? "tensors" : "";
      else
        prefix = llvm::is_contained(present, false) ? "" : "optional_tensors";
      printList(prefix, present, [&](bool has) {
        if (has)
          operand();
        else
          os << "none";
      });
      break;
    }
    case ArgKind::Graph:
      printGraph(nextRegion++, cast<StringAttr>(value));
      break;
    }
  });
  os << ')';
}

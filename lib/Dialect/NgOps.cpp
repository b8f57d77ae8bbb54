//===- NgOps.cpp - ng operations: accessors and custom assembly -----------===//

#include "ng/Dialect/NgOps.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "ArgumentSyntax.h"
#include "GraphVerifier.h"
#include "ParseCache.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringExtras.h"

#include <numeric>

using namespace mlir;
using namespace ng;

/// True when the printer will write `value` exactly as `%<wireName>`, so the
/// wire name need not be stored in the printed attributes (DESIGN.md "Names").
static bool printsAs(OpAsmPrinter &printer, Value value, StringRef wireName) {
  // Asked for every value, twice per print: keep it off the heap.
  SmallString<64> text;
  llvm::raw_svector_ostream os(text);
  printer.printOperand(value, os);
  return text.str().starts_with("%") && text.str().drop_front() == wireName;
}

/// MLIR runs each op's printer twice: first with a printer that only
/// collects the types and attributes that may get aliases (its stream is a
/// raw_null_ostream), then for real. In the first pass the printers below
/// just visit what the real pass prints through the printer, in the same
/// order (so the aliases are the same), and skip the rest of their work:
/// that pass was a quarter of printing a program.
static bool isCollectingAliases(OpAsmPrinter &printer) {
  return dynamic_cast<llvm::raw_null_ostream *>(&printer.getStream());
}

static SmallVector<ArgAttr> toArgList(ArrayAttr array) {
  SmallVector<ArgAttr> list;
  list.reserve(array.size());
  for (Attribute attr : array)
    list.push_back(cast<ArgAttr>(attr));
  return list;
}

/// How `names` is spelled in ng.call's attribute dictionary. (It is a
/// native property: wire names are unique per value, and as attributes each
/// would grow the context's uniquer tables by an entry per node.)
static constexpr llvm::StringLiteral kNamesKeyword("names");

/// Where ng.output's parser leaves the user inputs its user_input_mutation
/// specs name (by SSA name or wire name), for ng.method's parser, which
/// knows its placeholders, to resolve into the specs' `input`.
static constexpr llvm::StringLiteral kUnresolvedInputsAttr =
    NgDialect::getUnresolvedSpecInputsAttrName();

/// How `node` and `graph_arg_names` are spelled in the attribute
/// dictionaries; like `names`, they are location hints, not attributes.
static constexpr llvm::StringLiteral kNodeKeyword("node");
static constexpr llvm::StringLiteral kGraphArgNamesKeyword("graph_arg_names");

/// Takes `node = "..."` out of the parsed attribute dictionary into
/// `nodeName` (left as it is without one): a location hint, no attribute.
static LogicalResult takeNodeName(OpAsmParser &parser, SMLoc loc,
                                  OperationState &result, StringRef &nodeName) {
  Attribute given = result.attributes.erase(kNodeKeyword);
  if (!given)
    return success();
  auto str = dyn_cast<StringAttr>(given);
  if (!str)
    return parser.emitError(loc) << "`node` must be a string, got " << given;
  nodeName = str.getValue();
  return success();
}

/// True for the SSA names MLIR's printer makes up for values without a name
/// (`%0`, `%12`): they name nothing on the wire.
static bool isNumberedName(StringRef name) {
  return !name.empty() && llvm::all_of(name, llvm::isDigit);
}

/// `loc` recording wire name `name` (none when empty), in place of any name
/// it records.
static Location withWireName(Location loc, StringRef name) {
  if (auto named = dyn_cast<NameLoc>(loc)) {
    if (named.getName().getValue() == name)
      return loc;
    loc = named.getChildLoc();
  }
  if (name.empty())
    return loc;
  return NameLoc::get(StringAttr::get(loc.getContext(), name), loc);
}

//===----------------------------------------------------------------------===//
// MethodOp
//===----------------------------------------------------------------------===//

void MethodOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

StringRef MethodOp::getArgName(unsigned index) {
  Region &body = getBody();
  if (body.empty() || index >= body.getNumArguments())
    return {};
  return getWireName(body.getArgument(index));
}

const PlaceholderBinding &MethodOp::getPlaceholderBinding(unsigned index) {
  static const PlaceholderBinding none;
  ArrayRef<PlaceholderBinding> bindings = getArgBindings();
  return index < bindings.size() ? bindings[index] : none;
}

Attribute MethodOp::getArgBinding(unsigned index) {
  return getPlaceholderBinding(index).toAttr(getContext());
}

BlockArgument MethodOp::addPlaceholder(Type type, StringRef name,
                                       PlaceholderBinding binding,
                                       Location loc) {
  getProperties().arg_bindings.push_back(std::move(binding));
  return getBody().front().addArgument(type, withWireName(loc, name));
}

BlockArgument MethodOp::insertPlaceholder(unsigned index, Type type,
                                          StringRef name,
                                          PlaceholderBinding binding,
                                          Location loc) {
  auto &bindings = getProperties().arg_bindings;
  bindings.resize(getBody().getNumArguments());
  bindings.insert(bindings.begin() + index, std::move(binding));
  getProperties().written_placeholders.insert(index);
  if (ArrayAttr attrs = getArgAttrsAttr()) {
    SmallVector<Attribute> list(attrs.begin(), attrs.end());
    list.insert(list.begin() + index, DictionaryAttr::get(getContext()));
    setArgAttrsAttr(ArrayAttr::get(getContext(), list));
  }
  return getBody().insertArgument(index, type, withWireName(loc, name));
}

void MethodOp::erasePlaceholders(const llvm::BitVector &indices) {
  auto &bindings = getProperties().arg_bindings;
  bindings.resize(getBody().getNumArguments());
  getProperties().written_placeholders.erase(indices);
  SmallVector<Attribute> attrs;
  if (ArrayAttr list = getArgAttrsAttr())
    attrs.assign(list.begin(), list.end());
  for (int index = indices.find_last(); index >= 0;
       index = indices.find_prev(index)) {
    bindings.erase(bindings.begin() + index);
    if (static_cast<unsigned>(index) < attrs.size())
      attrs.erase(attrs.begin() + index);
  }
  if (getArgAttrsAttr())
    setArgAttrsAttr(ArrayAttr::get(getContext(), attrs));
  getBody().front().eraseArguments(indices);
}

/// Renumbers the `user_input_mutation` specs of `method`'s output through
/// `rewriter`: each names placeholder `newIndex(old)` instead.
static void renumberInputSpecs(RewriterBase &rewriter, MethodOp method,
                               llvm::function_ref<int64_t(int64_t)> newIndex) {
  OutputOp output = method.getOutputOp();
  if (!output || !output.getSpecs())
    return;
  ArrayAttr specs = *output.getSpecs();
  SmallVector<Attribute> renumbered;
  bool changed = false;
  for (Attribute attr : specs) {
    auto spec = dyn_cast<OutputSpecAttr>(attr);
    if (spec && spec.getKind() == OutputKind::UserInputMutation &&
        spec.getInput() >= 0 && newIndex(spec.getInput()) != spec.getInput()) {
      attr = OutputSpecAttr::get(method.getContext(), spec.getKind(),
                                 spec.getTarget(), newIndex(spec.getInput()));
      changed = true;
    }
    renumbered.push_back(attr);
  }
  if (changed)
    rewriter.modifyOpInPlace(output, [&] {
      output.setSpecsAttr(ArrayAttr::get(method.getContext(), renumbered));
    });
}

SmallVector<BlockArgument>
MethodOp::modifyPlaceholders(RewriterBase &rewriter,
                             ArrayRef<PlaceholderInsertion> insertions,
                             const llvm::BitVector &erasures) {
  unsigned count = getBody().getNumArguments();
  // Where each remaining placeholder goes: down by the erased ones before
  // it, up by the insertions before it.
  SmallVector<unsigned> insertedBefore(count + 1, 0);
  for (const PlaceholderInsertion &insertion : insertions) {
    assert(insertion.index <= count && "inserting past the end");
    ++insertedBefore[insertion.index];
  }
  SmallVector<int64_t> newIndex(count);
  int64_t next = 0;
  for (unsigned i = 0; i < count; ++i) {
    next += insertedBefore[i];
    bool erased = i < erasures.size() && erasures.test(i);
    newIndex[i] = erased ? -1 : next++;
  }
  renumberInputSpecs(rewriter, *this, [&](int64_t input) {
    return input < static_cast<int64_t>(count) ? newIndex[input] : input;
  });

  SmallVector<BlockArgument> inserted(insertions.size());
  rewriter.modifyOpInPlace(*this, [&] {
    if (erasures.any()) {
      llvm::BitVector erased = erasures;
      erased.resize(count);
      erasePlaceholders(erased);
    }
    // Insertions in ascending index, stable: each lands after those before
    // it at the same index.
    SmallVector<unsigned> order(insertions.size());
    std::iota(order.begin(), order.end(), 0);
    llvm::sort(order, [&](unsigned a, unsigned b) {
      return std::make_pair(insertions[a].index, a) <
             std::make_pair(insertions[b].index, b);
    });
    // How many placeholders before each stay.
    SmallVector<unsigned> keptBefore(count + 1, 0);
    for (unsigned i = 0; i < count; ++i)
      keptBefore[i + 1] =
          keptBefore[i] + !(i < erasures.size() && erasures.test(i));
    unsigned placed = 0;
    for (unsigned which : order) {
      const PlaceholderInsertion &insertion = insertions[which];
      // The position of the placeholder it goes before, in the numbering
      // after the erasures and the insertions placed so far.
      unsigned at = placed + keptBefore[insertion.index];
      inserted[which] = insertPlaceholder(at, insertion.type, insertion.name,
                                          insertion.binding, insertion.loc);
      ++placed;
    }
    updateSignature();
  });
  return inserted;
}

void MethodOp::retypePlaceholders(RewriterBase &rewriter,
                                  ArrayRef<std::pair<unsigned, Type>> types) {
  rewriter.modifyOpInPlace(*this, [&] {
    for (auto [index, type] : types)
      getBody().getArgument(index).setType(type);
    updateSignature();
  });
}

void MethodOp::updateSignature() {
  Block &entry = getBody().front();
  SmallVector<Type> results;
  if (!entry.empty())
    if (auto output = dyn_cast<OutputOp>(entry.getTerminator()))
      results.assign(output.getOperandTypes().begin(),
                     output.getOperandTypes().end());
  auto type =
      FunctionType::get(getContext(), entry.getArgumentTypes(), results);
  if (type != getFunctionType())
    setFunctionType(type);
}

//===----------------------------------------------------------------------===//
// PlaceholderBinding
//===----------------------------------------------------------------------===//

StringRef PlaceholderBinding::getRoleName() const {
  switch (role) {
  case Role::Input:
    return "user_input";
  case Role::MutableBuffer:
    return "mutable_buffer";
  case Role::Constant:
    break;
  }
  switch (kind) {
  case InputKind::Parameter:
    return "parameter";
  case InputKind::Buffer:
    return "buffer";
  case InputKind::ConstantTensor:
    return "constant";
  case InputKind::UserInput:
    break;
  }
  return "user_input";
}

Attribute PlaceholderBinding::toAttr(MLIRContext *ctx) const {
  switch (role) {
  case Role::Input:
    return {};
  case Role::Constant:
    return ConstantAttr::get(ctx, kind, key, mutated);
  case Role::MutableBuffer:
    return MutableBufferAttr::get(ctx, StringAttr::get(ctx, key));
  }
  llvm_unreachable("unknown placeholder role");
}

bool PlaceholderBinding::fromAttr(Attribute attr, PlaceholderBinding &binding) {
  if (!attr) {
    binding = input();
    return true;
  }
  if (auto constant = dyn_cast<ConstantAttr>(attr)) {
    binding = PlaceholderBinding::constant(
        constant.getKind(), constant.getDataKey(), constant.getMutated());
    return true;
  }
  if (auto buffer = dyn_cast<MutableBufferAttr>(attr)) {
    binding = mutableBuffer(buffer.getFqn().getValue());
    return true;
  }
  return false;
}

OutputOp MethodOp::getOutputOp() {
  return cast<OutputOp>(getBody().front().getTerminator());
}

void MethodOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  for (BlockArgument arg : region.getArguments()) {
    StringRef name = getArgName(arg.getArgNumber());
    if (!name.empty())
      setNameFn(arg, name);
  }
}

/// The user inputs the OUTPUT node's user_input_mutation specs name, by the
/// SSA name or wire name its parser found, as placeholder positions.
static ParseResult
resolvePlaceholderReferences(OpAsmParser &parser, SMLoc loc, Region &body,
                             ArrayRef<OpAsmParser::Argument> args,
                             ArrayRef<PlaceholderBinding> bindings) {
  if (body.empty() || body.front().empty())
    return success();
  auto output = dyn_cast<OutputOp>(body.front().getTerminator());
  if (!output)
    return success();
  auto refs = output->getAttrOfType<ArrayAttr>(kUnresolvedInputsAttr);
  if (!refs)
    return success();
  output->removeAttr(kUnresolvedInputsAttr);
  std::optional<ArrayAttr> specs = output.getSpecs();
  if (!specs)
    return success();
  MLIRContext *ctx = parser.getContext();
  SmallVector<Attribute> resolved(specs->begin(), specs->end());
  unsigned next = 0;
  for (Attribute &attr : resolved) {
    auto spec = cast<OutputSpecAttr>(attr);
    if (spec.getKind() != OutputKind::UserInputMutation || spec.getTarget() ||
        next >= refs.size())
      continue;
    auto ref = cast<ArrayAttr>(refs[next++]);
    StringRef how = cast<StringAttr>(ref[0]).getValue();
    StringRef name = cast<StringAttr>(ref[1]).getValue();
    int64_t index = -1;
    for (auto [i, arg] : llvm::enumerate(args)) {
      bool matches = how == "ssa" ? arg.ssaName.name == name
                                  : getWireName(body.getArgument(i)) == name;
      // By wire name, a user input first (names are hints: two may agree).
      if (matches && (how == "ssa" || index < 0 ||
                      (i < bindings.size() && bindings[i].isInput()))) {
        index = i;
        if (how == "ssa" || (i < bindings.size() && bindings[i].isInput()))
          break;
      }
    }
    if (index < 0)
      return parser.emitError(loc)
             << "user_input_mutation names "
             << (how == "ssa" ? name.str() : ("'" + name + "'").str())
             << ", which is not a placeholder of this method (V11)";
    attr = OutputSpecAttr::get(ctx, spec.getKind(), StringAttr(), index);
  }
  output.setSpecsAttr(ArrayAttr::get(ctx, resolved));
  return success();
}

/// A placeholder's binding, after its type and `=`: `parameter "key"`,
/// `buffer "key" mutated` (an input kind, a data key and whether the
/// program writes it: #ng.constant), or `mutable_buffer "fqn"`
/// (#ng.mutable_buffer). Parsed straight into the binding, with nothing
/// uniqued: a model has thousands of placeholders, and the attribute
/// dictionary this replaces cost 7.4k instructions each (docs/performance.md).
static ParseResult parsePlaceholderBinding(OpAsmParser &parser,
                                           PlaceholderBinding &binding) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef role;
  std::string key;
  if (parser.parseKeyword(&role) || parser.parseString(&key))
    return failure();
  if (role == "mutable_buffer") {
    binding.role = PlaceholderBinding::Role::MutableBuffer;
  } else if (std::optional<InputKind> kind = symbolizeInputKind(role)) {
    binding.role = PlaceholderBinding::Role::Constant;
    binding.kind = *kind;
    binding.mutated = succeeded(parser.parseOptionalKeyword("mutated"));
  } else {
    return parser.emitError(loc)
           << "unknown placeholder binding '" << role
           << "' (expected user_input, parameter, buffer, constant or "
              "mutable_buffer)";
  }
  binding.key = std::move(key);
  return success();
}

ParseResult MethodOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  StringAttr symName;
  if (parser.parseSymbolName(symName, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();

  // The placeholders, `%name: type [= binding] {attrs} loc(...)`, parsed by
  // hand rather than with
  // function_interface_impl::parseFunctionSignatureWithArguments: the
  // binding (or an `ng.binding` attribute, the older spelling) goes to the
  // method's properties, `ng.name` to the argument's location (the SSA name
  // is the wire name unless an explicit ng.name says otherwise), and only
  // other attributes, which are rare, make an argument dictionary.
  Properties &props = result.getOrAddProperties<Properties>();
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  bool anyArgAttrs = false;
  auto parsePlaceholder = [&]() -> ParseResult {
    OpAsmParser::Argument &arg = args.emplace_back();
    NamedAttrList attrs;
    std::optional<Location> loc;
    std::optional<PlaceholderBinding> spelledBinding;
    SMLoc attrsLoc = parser.getCurrentLocation();
    if (parser.parseArgument(arg, /*allowType=*/true, /*allowAttrs=*/false))
      return failure();
    if (succeeded(parser.parseOptionalEqual()) &&
        parsePlaceholderBinding(parser, spelledBinding.emplace()))
      return failure();
    if (parser.parseOptionalAttrDict(attrs) ||
        parser.parseOptionalLocationSpecifier(loc))
      return failure();
    StringRef name = arg.ssaName.name.drop_front();
    if (Attribute explicitName = attrs.erase(NgDialect::getNameAttrName())) {
      auto str = dyn_cast<StringAttr>(explicitName);
      if (!str)
        return parser.emitError(attrsLoc)
               << "`" << NgDialect::getNameAttrName()
               << "` must be a string, not " << explicitName;
      name = str.getValue();
    }
    PlaceholderBinding binding;
    Attribute attr = attrs.erase(NgDialect::getBindingAttrName());
    if (spelledBinding && attr)
      return parser.emitError(attrsLoc)
             << "placeholder '" << name
             << "' is bound twice: by `= " << spelledBinding->getRoleName()
             << " ...` and by `" << NgDialect::getBindingAttrName() << "`";
    if (spelledBinding)
      binding = std::move(*spelledBinding);
    else if (!PlaceholderBinding::fromAttr(attr, binding))
      return parser.emitError(attrsLoc)
             << "placeholder '" << name << "' has binding " << attr
             << "; expected #ng.constant or #ng.mutable_buffer";
    // The wire name is a hint in the argument's location: the explicit
    // location's, renamed by `ng.name` or the SSA name.
    // (parseArgument takes a location right after the type itself.)
    if (!loc)
      loc = arg.sourceLoc;
    arg.sourceLoc = withWireName(
        loc ? *loc : parser.getEncodedSourceLoc(arg.ssaName.location), name);
    props.arg_bindings.push_back(std::move(binding));
    argTypes.push_back(arg.type);
    if (!attrs.empty()) {
      arg.attrs = attrs.getDictionary(ctx);
      anyArgAttrs = true;
    }
    argAttrs.push_back(arg.attrs); // null when empty: filled in below
    return success();
  };
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parsePlaceholder) ||
      (succeeded(parser.parseOptionalArrow()) &&
       call_interface_impl::parseFunctionResultList(parser, resultTypes,
                                                    resultAttrs)))
    return failure();
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(FunctionType::get(ctx, argTypes, resultTypes)));
  if (anyArgAttrs) {
    for (Attribute &attrs : argAttrs)
      if (!attrs)
        attrs = DictionaryAttr::get(ctx);
    result.addAttribute(getArgAttrsAttrName(result.name),
                        ArrayAttr::get(ctx, argAttrs));
  }
  if (llvm::any_of(resultAttrs,
                   [](DictionaryAttr d) { return d && !d.empty(); })) {
    SmallVector<Attribute> resAttrs(resultAttrs.begin(), resultAttrs.end());
    for (Attribute &a : resAttrs)
      if (!a)
        a = DictionaryAttr::get(ctx);
    result.addAttribute(getResAttrsAttrName(result.name),
                        ArrayAttr::get(ctx, resAttrs));
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  SMLoc bodyLoc = parser.getCurrentLocation();
  if (parser.parseRegion(*body, args))
    return failure();
  if (failed(resolvePlaceholderReferences(parser, bodyLoc, *body, args,
                                          props.arg_bindings)))
    return failure();
  // Which storages are written is read off the graph, as the importer does
  // (Storage.h): the custom form does not spell it.
  inferStorageWrites(*body, props.arg_bindings, props.written_placeholders);
  return success();
}

/// Placeholder `arg` as `%p_w: !i8_16x64 = parameter "w" {attrs}`, its
/// binding printed by hand: a model has thousands of placeholders, and the
/// generic route prints each binding through a temporary string and the
/// dialect's attribute printer (8% of printing an 11k-node decoder).
static void printPlaceholder(OpAsmPrinter &p, BlockArgument arg,
                             const PlaceholderBinding &binding,
                             ArrayRef<NamedAttribute> attrs) {
  p.printOperand(arg);
  p << ": ";
  p.printType(arg.getType());
  if (!binding.isInput()) {
    p << " = " << binding.getRoleName() << ' ';
    printQuoted(p, binding.key);
    if (binding.mutated)
      p << " mutated";
  }
  p.printOptionalAttrDict(attrs);
  p.printOptionalLocationSpecifier(arg.getLoc());
}

/// The attributes printed after placeholder `arg`'s binding: its other
/// argument attributes and, unless its SSA name shows it, its wire name,
/// sorted by name as a dictionary prints them.
static SmallVector<NamedAttribute>
printedPlaceholderAttrs(MethodOp method, BlockArgument arg, bool nameShown) {
  unsigned index = arg.getArgNumber();
  MLIRContext *ctx = method.getContext();
  SmallVector<NamedAttribute> attrs;
  if (DictionaryAttr extra = method.getArgAttrDict(index))
    llvm::append_range(attrs, extra.getValue());
  if (!nameShown)
    attrs.emplace_back(StringAttr::get(ctx, NgDialect::getNameAttrName()),
                       StringAttr::get(ctx, method.getArgName(index)));
  llvm::sort(attrs, [](const NamedAttribute &a, const NamedAttribute &b) {
    return a.getName().strref() < b.getName().strref();
  });
  return attrs;
}

void MethodOp::print(OpAsmPrinter &p) {
  if (isCollectingAliases(p)) {
    // The real pass prints each placeholder's type, location and attributes;
    // visiting the types, locations and other argument attributes is the
    // same, as ng's bindings and names have no aliases.
    for (BlockArgument arg : getBody().getArguments()) {
      DictionaryAttr attrs = getArgAttrDict(arg.getArgNumber());
      p.printRegionArgument(arg, attrs ? attrs.getValue()
                                       : ArrayRef<NamedAttribute>());
    }
    for (Type type : getResultTypes())
      p.printType(type);
    p.printOptionalAttrDictWithKeyword(
        (*this)->getAttrs(), {getSymNameAttrName(), getFunctionTypeAttrName(),
                              getArgAttrsAttrName(), getResAttrsAttrName()});
    p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/true);
    return;
  }
  p << ' ';
  p.printSymbolName(getSymName());
  p << '(';
  Block &entry = getBody().front();
  // Real programs have hundreds of placeholders: one per line reads better.
  bool multiline = entry.getNumArguments() > 2;
  if (multiline)
    p.increaseIndent();
  llvm::interleave(
      entry.getArguments(),
      [&](BlockArgument arg) {
        if (multiline)
          p.printNewline();
        unsigned index = arg.getArgNumber();
        StringRef name = getArgName(index);
        bool nameShown = name.empty() || printsAs(p, arg, name);
        printPlaceholder(p, arg, getPlaceholderBinding(index),
                         printedPlaceholderAttrs(*this, arg, nameShown));
      },
      [&]() { p << (multiline ? "," : ", "); });
  if (multiline) {
    p.decreaseIndent();
    p.printNewline();
  }
  p << ')';
  ArrayRef<Type> results = getResultTypes();
  if (!results.empty()) {
    p << " -> ";
    if (results.size() == 1 && !isa<FunctionType>(results.front()))
      p << results.front();
    else {
      p << '(';
      llvm::interleaveComma(results, p);
      p << ')';
    }
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getSymNameAttrName(), getFunctionTypeAttrName(),
                            getArgAttrsAttrName(), getResAttrsAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

LogicalResult MethodOp::verifyRegions() { return verifyMethodGraph(*this); }

/// The program-wide rules on data keys (S9, V15) compare the methods with
/// one another. Symbol uses are verified once every op of the module is, so
/// they run here, from the module's first method, with or without data.
LogicalResult MethodOp::verifySymbolUses(SymbolTableCollection &) {
  auto module = dyn_cast_or_null<ModuleOp>((*this)->getParentOp());
  if (!module || *module.getOps<MethodOp>().begin() != *this)
    return success();
  return verifyDataKeyRules(module);
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

SmallVector<ArgAttr> CallOp::getArgList() { return toArgList(getArgs()); }

unsigned CallOp::getNumWireOutputs() {
  if (std::optional<ArrayRef<int32_t>> groups = getOutputGroups())
    return groups->size();
  return getNumResults();
}

ResultRange CallOp::getWireOutputResults(unsigned index, bool &isList) {
  // Asked of IR that is not verified yet, too (the method's parser reads
  // which storages are written before the verifier runs): an index or a
  // group past the results gives no results rather than a range past them.
  std::optional<ArrayRef<int32_t>> groups = getOutputGroups();
  unsigned count = getNumResults();
  isList = false;
  if (!groups)
    return getResults().slice(std::min(index, count), index < count ? 1 : 0);
  if (index >= groups->size())
    return getResults().slice(count, 0);
  uint64_t offset = 0;
  for (unsigned i = 0; i < index; ++i)
    offset += (*groups)[i] < 0 ? 1 : (*groups)[i];
  int32_t group = (*groups)[index];
  isList = group >= 0;
  uint64_t size = group < 0 ? 1 : group;
  if (offset + size > count)
    return getResults().slice(count, 0);
  return getResults().slice(offset, size);
}

std::optional<unsigned> CallOp::getAliasedOperand(unsigned wireOutput) {
  std::optional<ArrayRef<int32_t>> aliases = getAliasOf();
  if (!aliases || wireOutput >= aliases->size() || (*aliases)[wireOutput] < 0)
    return std::nullopt;
  return (*aliases)[wireOutput];
}

StringRef CallOp::getGraphArgName(unsigned region, unsigned index) {
  if (region >= getNumRegions())
    return {};
  Region &graph = getGraphs()[region];
  if (graph.empty() || index >= graph.getNumArguments())
    return {};
  return getWireName(graph.getArgument(index));
}

StringRef CallOp::getGraphLabel(unsigned region) {
  // Graph regions are the GraphArgs, in order.
  unsigned seen = 0;
  for (WireArgument arg : getWireArguments())
    if (arg.getKind() == ArgKind::Graph && seen++ == region)
      if (auto label = dyn_cast_or_null<StringAttr>(arg.getAttr().getValue()))
        return label.getValue();
  return {};
}

void CallOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  for (OpResult result : getResults())
    if (StringRef name = getWireName(result); !name.empty())
      setNameFn(result, name);
}

void CallOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  unsigned regionIndex = region.getRegionNumber();
  if (region.empty())
    return;
  for (BlockArgument arg : region.getArguments()) {
    StringRef name = getGraphArgName(regionIndex, arg.getArgNumber());
    if (!name.empty())
      setNameFn(arg, name);
  }
}

/// `-> T`, `-> (T aliases %x, [T, T], i64)`, `-> ()`.
static ParseResult parseCallResults(OpAsmParser &parser,
                                    ParsedArguments &parsed,
                                    SmallVectorImpl<Type> &types,
                                    SmallVectorImpl<int32_t> &groups,
                                    SmallVectorImpl<int32_t> &aliases) {
  auto parseGroup = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalLSquare())) {
      int32_t count = 0;
      if (failed(parser.parseOptionalRSquare())) {
        do {
          if (parser.parseType(types.emplace_back()))
            return failure();
          ++count;
        } while (succeeded(parser.parseOptionalComma()));
        if (parser.parseRSquare())
          return failure();
      }
      groups.push_back(count);
    } else {
      if (parser.parseType(types.emplace_back()))
        return failure();
      groups.push_back(-1);
    }
    if (failed(parser.parseOptionalKeyword("aliases"))) {
      aliases.push_back(-1);
      return success();
    }
    SMLoc loc = parser.getCurrentLocation();
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseOperand(operand))
      return failure();
    for (auto [i, candidate] : llvm::enumerate(parsed.operands)) {
      if (candidate.name == operand.name &&
          candidate.number == operand.number) {
        aliases.push_back(i);
        return success();
      }
    }
    return parser.emitError(loc, "'aliases' must name an operand of this node "
                                 "(Output.alias_of, V6)");
  };
  if (succeeded(parser.parseOptionalLParen())) {
    if (succeeded(parser.parseOptionalRParen()))
      return success();
    if (parser.parseCommaSeparatedList(parseGroup) || parser.parseRParen())
      return failure();
    return success();
  }
  return parseGroup();
}

ParseResult CallOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder builder(ctx);
  std::string target;
  ParsedArguments parsed;
  parsed.cache = &getParseCache(result);
  ArgumentSyntax syntax;
  syntax.regionState = &result;
  if (parser.parseString(&target) ||
      parseArgumentList(parser, syntax, parsed) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();

  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> operandTypes, resultTypes;
  SmallVector<int32_t> groups, aliases;
  if (parser.parseColon() || parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen()))
    if (parser.parseTypeList(operandTypes) || parser.parseRParen())
      return failure();
  if (parser.parseArrow() ||
      parseCallResults(parser, parsed, resultTypes, groups, aliases))
    return failure();

  SmallVector<Attribute> args;
  if (resolveArguments(parser, parsed, operandTypes, typesLoc, result.operands,
                       args))
    return failure();
  result.addTypes(resultTypes);

  // Set inherent attributes as properties directly: going through
  // result.attributes would build and unique a dictionary per op.
  auto &props = result.getOrAddProperties<Properties>();
  props.target = parsed.cache->string(target);
  props.args = builder.getArrayAttr(args);
  if (llvm::any_of(groups, [](int32_t g) { return g >= 0; }))
    props.output_groups = builder.getDenseI32ArrayAttr(groups);
  if (llvm::any_of(aliases, [](int32_t a) { return a >= 0; }))
    props.alias_of = builder.getDenseI32ArrayAttr(aliases);

  // Wire names, hints in the op's location: `names = [...]` and `node =
  // "..."` in the attribute dictionary (they are no attributes: take them
  // out), else the SSA names (none for `%0`) and the first result's name.
  SmallVector<StringRef, 4> resultNames;
  resultNames.reserve(resultTypes.size());
  if (Attribute given = result.attributes.erase(kNamesKeyword)) {
    auto array = dyn_cast<ArrayAttr>(given);
    if (!array || !llvm::all_of(array, llvm::IsaPred<StringAttr>) ||
        array.size() != resultTypes.size())
      return parser.emitError(typesLoc)
             << "`names` must be an array of " << resultTypes.size()
             << " strings, one per result, got " << given;
    for (Attribute name : array)
      resultNames.push_back(cast<StringAttr>(name).getValue());
  } else {
    for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
      auto [name, number] = parser.getResultName(i);
      if (number != 0 || isNumberedName(name))
        name = {};
      resultNames.push_back(name);
    }
  }
  StringRef nodeName = resultNames.empty() ? StringRef() : resultNames.front();
  if (failed(takeNodeName(parser, typesLoc, result, nodeName)))
    return failure();
  result.location = getNodeLoc(ctx, nodeName, resultNames, result.location);

  // Subgraph inputs: their SSA names, unless `graph_arg_names` says more.
  if (Attribute given = result.attributes.erase(kGraphArgNamesKeyword)) {
    auto perRegion = dyn_cast<ArrayAttr>(given);
    bool valid = perRegion && perRegion.size() == result.regions.size();
    for (unsigned i = 0; valid && i < perRegion.size(); ++i) {
      auto names = dyn_cast<ArrayAttr>(perRegion[i]);
      Region &region = *result.regions[i];
      valid = names && !region.empty() &&
              names.size() == region.getNumArguments() &&
              llvm::all_of(names, llvm::IsaPred<StringAttr>);
      if (!valid)
        break;
      for (auto [arg, name] : llvm::zip(region.getArguments(), names))
        setWireName(arg, cast<StringAttr>(name).getValue());
    }
    if (!valid)
      return parser.emitError(typesLoc)
             << "`graph_arg_names` must list the names of each graph's "
                "inputs, got "
             << given;
  }
  return success();
}

/// `{a = ..., names = [...], z = ...}` as printOptionalAttrDict prints it,
/// with the result names (a location hint) in their sorted place. Printed by
/// hand because `names` is no attribute: making one here would unique a
/// list of names per op printed.
static void printAttrDictWithNames(OpAsmPrinter &p,
                                   ArrayRef<NamedAttribute> sortedAttrs,
                                   ArrayRef<StringRef> names, bool withNames) {
  if (sortedAttrs.empty() && !withNames)
    return;
  bool first = true;
  auto separator = [&]() {
    if (!first)
      p << ", ";
    first = false;
  };
  auto printNames = [&]() {
    separator();
    p << kNamesKeyword << " = [";
    llvm::interleave(
        names, [&](StringRef name) { p.printString(name); },
        [&]() { p << ", "; });
    p << ']';
    withNames = false;
  };
  p << " {";
  for (NamedAttribute attr : sortedAttrs) {
    if (withNames && attr.getName().strref() > kNamesKeyword)
      printNames();
    separator();
    p.printKeywordOrString(attr.getName().strref());
    if (isa<UnitAttr>(attr.getValue()))
      continue;
    p << " = ";
    p.printAttribute(attr.getValue());
  }
  if (withNames)
    printNames();
  p << '}';
}

/// CallOp::print's first pass (isCollectingAliases): what the real pass
/// prints through the printer, in its order.
static void collectAliases(CallOp op, OpAsmPrinter &p) {
  unsigned regionIndex = 0;
  for (Attribute attr : op.getArgs()) {
    auto arg = cast<ArgAttr>(attr);
    if (arg.getKind() == ArgKind::ScalarType) {
      p.printType(cast<TypeAttr>(arg.getValue()).getValue());
    } else if (arg.getKind() == ArgKind::Graph &&
               regionIndex < op.getGraphs().size()) {
      Region &region = op.getGraphs()[regionIndex++];
      for (BlockArgument regionArg : region.getArguments())
        p.printRegionArgument(regionArg);
      p.printRegion(region, /*printEntryBlockArgs=*/false,
                    /*printBlockTerminators=*/true);
    }
  }
  // The attribute dictionary, sorted by name as the real pass prints it.
  // (Names are strings, which get no aliases.)
  SmallVector<NamedAttribute, 4> shown(
      op->getDiscardableAttrDictionary().getValue());
  if (ArrayAttr metadata = op.getMetadataAttr())
    shown.emplace_back(op.getMetadataAttrName(), metadata);
  llvm::sort(shown, [](const NamedAttribute &a, const NamedAttribute &b) {
    return a.getName().strref() < b.getName().strref();
  });
  for (NamedAttribute attr : shown)
    if (!isa<UnitAttr>(attr.getValue()))
      p.printAttribute(attr.getValue());
  for (Type type : op.getOperandTypes())
    p.printType(type);
  for (Type type : op.getResultTypes())
    p.printType(type);
}

void CallOp::print(OpAsmPrinter &p) {
  if (isCollectingAliases(p))
    return collectAliases(*this, p);
  p << ' ';
  printQuoted(p, getTarget());
  printArgumentList(
      p, getArgList(), getOperands(), [](unsigned) { return Attribute(); },
      [&](unsigned regionIndex, StringAttr label) {
        Region &region = getGraphs()[regionIndex];
        p << "graph ";
        p.printString(label.getValue());
        p << '(';
        llvm::interleaveComma(region.getArguments(), p, [&](BlockArgument arg) {
          p.printRegionArgument(arg);
        });
        p << ") ";
        p.printRegion(region, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
      });

  // The attribute dictionary lists what the syntax above does not show.
  // (Built by hand: getAttrs() would materialize and unique a dictionary of
  // all properties for every op printed.)
  // Names the SSA names do not show: an unnamed result must print as a
  // number, a named one as its name, and the node is the first result's
  // unless `node` says otherwise.
  SmallVector<StringRef, 4> resultNames;
  bool namesShown = true;
  for (OpResult result : getResults()) {
    StringRef name = resultNames.emplace_back(getWireName(result));
    if (!namesShown)
      continue;
    if (!name.empty()) {
      namesShown = printsAs(p, result, name);
    } else {
      SmallString<16> text;
      llvm::raw_svector_ostream os(text);
      p.printOperand(result, os);
      namesShown = isNumberedName(text.str().drop_front());
    }
  }
  StringRef nodeName = ng::getNodeName(*this);
  StringRef impliedNode =
      resultNames.empty() ? StringRef() : resultNames.front();
  bool graphNamesShown = true;
  for (Region &region : getGraphs())
    for (BlockArgument arg : region.getArguments())
      if (StringRef name = getWireName(arg); !name.empty())
        graphNamesShown &= printsAs(p, arg, name);
  SmallVector<NamedAttribute, 4> shown(
      (*this)->getDiscardableAttrDictionary().getValue());
  MLIRContext *ctx = getContext();
  if (!graphNamesShown) {
    SmallVector<Attribute, 2> perRegion;
    for (Region &region : getGraphs()) {
      SmallVector<Attribute, 4> names;
      for (BlockArgument arg : region.getArguments())
        names.push_back(StringAttr::get(ctx, getWireName(arg)));
      perRegion.push_back(ArrayAttr::get(ctx, names));
    }
    shown.emplace_back(StringAttr::get(ctx, kGraphArgNamesKeyword),
                       ArrayAttr::get(ctx, perRegion));
  }
  if (getMetadataAttr())
    shown.emplace_back(getMetadataAttrName(), getMetadataAttr());
  if (nodeName != impliedNode)
    shown.emplace_back(StringAttr::get(ctx, kNodeKeyword),
                       StringAttr::get(ctx, nodeName));
  llvm::sort(shown, [](const NamedAttribute &a, const NamedAttribute &b) {
    return a.getName().strref() < b.getName().strref();
  });
  printAttrDictWithNames(p, shown,
                         namesShown ? ArrayRef<StringRef>() : resultNames,
                         /*withNames=*/!namesShown);

  p << " : (";
  llvm::interleaveComma(getOperandTypes(), p);
  p << ") -> ";
  unsigned numOutputs = getNumWireOutputs();
  auto printOutput = [&](unsigned index) {
    bool isList;
    ResultRange results = getWireOutputResults(index, isList);
    if (isList) {
      p << '[';
      llvm::interleaveComma(results.getTypes(), p);
      p << ']';
    } else {
      p << results.front().getType();
    }
    if (std::optional<unsigned> aliased = getAliasedOperand(index)) {
      p << " aliases ";
      p.printOperand(getOperand(*aliased));
    }
  };
  bool bare = false;
  if (numOutputs == 1) {
    bool isList;
    getWireOutputResults(0, isList);
    bare = !isList;
  }
  if (bare) {
    printOutput(0);
    return;
  }
  p << '(';
  llvm::interleaveComma(llvm::seq<unsigned>(0, numOutputs), p, printOutput);
  p << ')';
}

//===----------------------------------------------------------------------===//
// OutputOp
//===----------------------------------------------------------------------===//

SmallVector<ArgAttr> OutputOp::getArgList() { return toArgList(getArgs()); }

SmallVector<Value> OutputOp::getTensorOutputs() {
  SmallVector<Value> outputs;
  for (WireArgument arg : getWireArguments())
    if (Value tensor = arg.getTensor())
      outputs.push_back(tensor);
  return outputs;
}

OutputSpecAttr OutputOp::getSpec(unsigned index) {
  // Asked of IR not verified yet too (the storage rules at parse time),
  // where an entry may be any attribute.
  std::optional<ArrayAttr> specs = getSpecs();
  if (specs && index < specs->size())
    if (auto spec = dyn_cast<OutputSpecAttr>((*specs)[index]))
      return spec;
  return OutputSpecAttr::get(getContext(), OutputKind::UserOutput,
                             StringAttr());
}

ParseResult OutputOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  ParsedArguments parsed;
  parsed.cache = &getParseCache(result);
  ArgumentSyntax syntax;
  syntax.allowSpecs = true;
  if (parseArgumentList(parser, syntax, parsed) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> operandTypes;
  if (succeeded(parser.parseOptionalColon()))
    if (parser.parseTypeList(operandTypes))
      return failure();
  SmallVector<Attribute> args;
  if (resolveArguments(parser, parsed, operandTypes, typesLoc, result.operands,
                       args))
    return failure();

  SmallVector<Attribute> specs;
  // The user inputs user_input_mutation specs name, for ng.method's parser
  // to resolve (resolvePlaceholderReferences).
  SmallVector<Attribute> inputRefs;
  bool anySpec = false;
  for (auto [parsedArg, attr] : llvm::zip(parsed.args, args)) {
    if (!parsedArg.specInputSSAName.empty() ||
        !parsedArg.specInputWireName.empty()) {
      bool bySSAName = !parsedArg.specInputSSAName.empty();
      inputRefs.push_back(ArrayAttr::get(
          ctx,
          {StringAttr::get(ctx, bySSAName ? "ssa" : "wire"),
           StringAttr::get(ctx, bySSAName ? parsedArg.specInputSSAName
                                          : parsedArg.specInputWireName)}));
    }
    bool isTensor = cast<ArgAttr>(attr).getKind() == ArgKind::Tensor;
    if (parsedArg.spec && !isTensor)
      return parser.emitError(parsedArg.loc,
                              "an output spec applies to a tensor output only");
    if (!isTensor)
      continue;
    anySpec |= static_cast<bool>(parsedArg.spec);
    specs.push_back(
        parsedArg.spec
            ? parsedArg.spec
            : OutputSpecAttr::get(ctx, OutputKind::UserOutput, StringAttr()));
  }
  auto &props = result.getOrAddProperties<Properties>();
  props.args = ArrayAttr::get(ctx, args);
  if (anySpec)
    props.specs = ArrayAttr::get(ctx, specs);

  if (!inputRefs.empty())
    result.addAttribute(kUnresolvedInputsAttr, ArrayAttr::get(ctx, inputRefs));

  // The node name, a location hint: "output" unless `node` says otherwise.
  StringRef nodeName = "output";
  if (failed(takeNodeName(parser, typesLoc, result, nodeName)))
    return failure();
  result.location = getNodeLoc(ctx, nodeName, {}, result.location);
  return success();
}

void OutputOp::print(OpAsmPrinter &p) {
  SmallVector<ArgAttr> args = getArgList();
  // Map each tensor argument to its output spec.
  SmallVector<Attribute> specByArg(args.size());
  if (std::optional<ArrayAttr> specs = getSpecs()) {
    unsigned tensorIndex = 0;
    for (auto [i, arg] : llvm::enumerate(args)) {
      if (arg.getKind() != ArgKind::Tensor)
        continue;
      if (tensorIndex < specs->size()) {
        auto spec = cast<OutputSpecAttr>((*specs)[tensorIndex]);
        if (spec.getKind() != OutputKind::UserOutput || spec.getTarget())
          specByArg[i] = spec;
      }
      ++tensorIndex;
    }
  }
  auto method = dyn_cast_or_null<MethodOp>((*this)->getParentOp());
  printArgumentList(
      p, args, getOperands(), [&](unsigned i) { return specByArg[i]; },
      [](unsigned, StringAttr) {},
      [&](OutputSpecAttr spec) -> Value {
        if (!method || method.getBody().empty() ||
            spec.getInput() >= method.getBody().getNumArguments())
          return {};
        return method.getBody().getArgument(spec.getInput());
      });
  SmallVector<NamedAttribute, 4> shown;
  for (NamedAttribute attr : (*this)->getAttrs())
    if (attr.getName() != getArgsAttrName() &&
        attr.getName() != getSpecsAttrName())
      shown.push_back(attr);
  if (StringRef nodeName = ng::getNodeName(*this); nodeName != "output")
    shown.emplace_back(StringAttr::get(getContext(), kNodeKeyword),
                       StringAttr::get(getContext(), nodeName));
  p.printOptionalAttrDict(shown);
  if (getNumOperands() != 0) {
    p << " : ";
    llvm::interleaveComma(getOperandTypes(), p);
  }
}

#define GET_OP_CLASSES
#include "ng/Dialect/NgOps.cpp.inc"

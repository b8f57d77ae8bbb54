//===- Export.cpp - ng IR -> NPTG flatbuffer ------------------------------===//
//
// Walks the IR in order and writes each method as the reference serializer
// would (FORMAT.md S1-S7): placeholders first, one node per ng.call, the
// OUTPUT node last; optional vectors are omitted when empty. The same IR
// always yields the same bytes: the walk is in IR order and the flatbuffer
// builder is deterministic.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Export.h"
#include "ng/Dialect/ModuleDiagnostics.h"

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"
#include "ng/Target/NativeGraph/Import.h"
#include "ng/Target/NativeGraph/native_graph_generated.h"

#include "WireEnums.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

using namespace mlir;
using namespace ng;
namespace fb = native_backend;

namespace {

template <typename T> using Offset = flatbuffers::Offset<T>;
using StringOffset = Offset<flatbuffers::String>;

/// The builder's memory is the output vector itself, so the finished
/// program is moved to the vector's front rather than copied out into
/// fresh memory (16 MB at 100k nodes, 4k page faults). The builder holds
/// one buffer at a time, which this allocator keeps in `out`.
class OutputAllocator final : public flatbuffers::Allocator {
public:
  explicit OutputAllocator(SmallVectorImpl<uint8_t> &out) : out(out) {}

  uint8_t *allocate(size_t size) override {
    out.resize_for_overwrite(size);
    return out.data();
  }
  void deallocate(uint8_t *, size_t) override {} // the vector keeps it
  uint8_t *reallocate_downward(uint8_t *oldData, size_t oldSize, size_t newSize,
                               size_t inUseBack, size_t inUseFront) override {
    (void)oldData;
    out.resize_for_overwrite(newSize); // keeps [0, oldSize)
    uint8_t *data = out.data();
    // The front (scratch) stays; the back moves to the new end.
    std::memmove(data + newSize - inUseBack, data + oldSize - inUseBack,
                 inUseBack);
    return data;
  }

private:
  SmallVectorImpl<uint8_t> &out;
};

class Exporter {
public:
  /// The program goes to `out`: the builder writes into it.
  Exporter(size_t initialBufferBytes, SmallVectorImpl<uint8_t> &out)
      : out(out), allocator(out), fbb(initialBufferBytes, &allocator) {}
  LogicalResult exportProgram(ModuleOp module);

private:
  /// Each distinct string is written once: value names recur in every
  /// reference. (flatbuffers' own CreateSharedString keeps a std::set with
  /// string compares, which dominated export time.)
  StringOffset string(StringRef s) {
    // Most strings are attribute storage met again at the same address
    // (targets, argument names): look that up before hashing the bytes.
    auto [byAddress, isNewAddress] =
        stringsByAddress.try_emplace({s.data(), s.size()}, 0);
    if (!isNewAddress)
      return StringOffset(byAddress->second);
    auto [it, inserted] = strings.try_emplace(s, 0);
    if (inserted)
      it->second = fbb.CreateString(s.data(), s.size()).o;
    byAddress->second = it->second;
    return StringOffset(it->second);
  }
  /// A vector of the elements of any contiguous range.
  template <typename Range> auto vector(const Range &items) {
    return fbb.CreateVector(items.data(), items.size());
  }
  /// The wire name of `value`, a value of the graph being written.
  StringOffset nameOf(Value value);
  /// The name GraphNames gave `value` / `op` in the graph being written.
  StringRef nameFor(Value value) { return names->getName(value); }
  StringRef nodeNameFor(Operation *op) { return names->getName(op); }

  FailureOr<Offset<fb::TensorMeta>> meta(ng::TensorType type, Operation *at);
  FailureOr<Offset<fb::Graph>>
  graph(Region &body, MethodOp method,
        SmallVectorImpl<Offset<fb::NamedTensorRef>> *constants,
        SmallVectorImpl<Offset<fb::MutableBufferSpec>> *buffers,
        SmallVectorImpl<Offset<fb::OutputSpec>> *specs);
  FailureOr<Offset<fb::Node>> callNode(CallOp call);
  FailureOr<Offset<fb::Node>> outputNode(OutputOp output);
  FailureOr<SmallVector<Offset<fb::NamedArgument>>> arguments(Operation *op,
                                                              CallOp call);
  Offset<flatbuffers::Vector<Offset<fb::KeyValue>>>
  metadata(std::optional<ArrayAttr> attr);

  SmallVectorImpl<uint8_t> &out;
  OutputAllocator allocator;
  flatbuffers::FlatBufferBuilder fbb;
  /// How many subgraphs enclose the graph being written.
  unsigned subgraphDepth = 0;
  // Keys are StringAttr storage or literals: stable while exporting.
  llvm::DenseMap<StringRef, flatbuffers::uoffset_t> strings;
  llvm::DenseMap<std::pair<const char *, size_t>, flatbuffers::uoffset_t>
      stringsByAddress;
  // Flatbuffers may reference one table from many places, so identical
  // metadata and identical literal arguments (`alpha: 1`, `bias: none`) are
  // written once. The JSON view of the file is the same; it is smaller and
  // faster to write.
  llvm::DenseMap<Type, flatbuffers::uoffset_t> metas;
  llvm::DenseMap<Attribute, flatbuffers::uoffset_t> literalArguments;
  llvm::DenseMap<std::pair<Attribute, Value>, flatbuffers::uoffset_t>
      tensorArguments;
  llvm::DenseMap<Value, flatbuffers::uoffset_t> valueNames;
  /// The unique names of the graph being written (V1, V2: names in the IR
  /// are hints, WireNames.h), and of every graph written so far.
  const GraphNames *names = nullptr;
  std::vector<std::unique_ptr<GraphNames>> graphNamesKept;
};

} // namespace

static fb::ScalarType scalarType(Type type) {
  return static_cast<fb::ScalarType>(*getScalarTypeId(type));
}

StringOffset Exporter::nameOf(Value value) {
  // A value is referenced many times: remember each answer.
  if (auto it = valueNames.find(value); it != valueNames.end())
    return StringOffset(it->second);
  StringOffset offset = string(nameFor(value));
  valueNames[value] = offset.o;
  return offset;
}

FailureOr<Offset<fb::TensorMeta>> Exporter::meta(ng::TensorType type,
                                                 Operation *at) {
  if (!type.hasMeta()) {
    at->emitError() << "internal: metadata requested for !ng.tensor";
    return failure();
  }
  if (auto it = metas.find(type); it != metas.end())
    return Offset<fb::TensorMeta>(it->second);
  SmallVector<Offset<fb::Dim>, 4> dims;
  for (DimRange dim : type.getSizes())
    dims.push_back(fb::CreateDim(fbb, dim.min, dim.max));
  auto sizes = vector(dims);
  Offset<flatbuffers::Vector<int32_t>> dimOrder = 0;
  if (DenseI64ArrayAttr order = type.getDimOrder()) {
    SmallVector<int32_t, 4> narrowed(order.asArrayRef().begin(),
                                     order.asArrayRef().end());
    dimOrder = vector(narrowed);
  }
  Offset<fb::QuantSpec> quant = 0;
  if (Attribute q = type.getQuant()) {
    if (auto group = dyn_cast<AffineGroupAttr>(q)) {
      StringOffset scaleKey = string(group.getScaleDataKey());
      StringOffset zeroKey = 0;
      if (StringAttr key = group.getZeroPointDataKey())
        zeroKey = string(key.getValue());
      auto scheme = fb::CreateAffineGroup(
          fbb, scaleKey, scalarType(group.getScaleDtype()), group.getQuantMin(),
          group.getQuantMax(), group.getGroupSize(), zeroKey,
          scalarType(group.getZeroPointDtype()));
      quant = fb::CreateQuantSpec(fbb, fb::QuantScheme::AffineGroup,
                                  scheme.Union());
    } else {
      auto packed = cast<PackedQuantAttr>(q);
      auto scheme = fb::CreatePackedQuant(fbb, string(packed.getCodec()));
      quant = fb::CreateQuantSpec(fbb, fb::QuantScheme::PackedQuant,
                                  scheme.Union());
    }
  }
  auto offset = fb::CreateTensorMeta(fbb, scalarType(type.getElementType()),
                                     sizes, dimOrder, quant);
  metas[type] = offset.o;
  return offset;
}

Offset<flatbuffers::Vector<Offset<fb::KeyValue>>>
Exporter::metadata(std::optional<ArrayAttr> attr) {
  if (!attr || attr->empty())
    return 0;
  SmallVector<Offset<fb::KeyValue>, 4> pairs;
  for (Attribute entry : *attr) {
    auto pair = cast<ArrayAttr>(entry);
    // One statement per builder write (see exportProgram).
    StringOffset value = string(cast<StringAttr>(pair[1]).getValue());
    StringOffset key = string(cast<StringAttr>(pair[0]).getValue());
    pairs.push_back(fb::CreateKeyValue(fbb, key, value));
  }
  return vector(pairs);
}

FailureOr<SmallVector<Offset<fb::NamedArgument>>>
Exporter::arguments(Operation *op, CallOp call) {
  SmallVector<Offset<fb::NamedArgument>> result;
  unsigned nextRegion = 0;
  for (WireArgument wireArg : getWireArguments(op)) {
    ArgAttr arg = wireArg.getAttr();
    Attribute attr = arg;
    // The argument's operands, in order (WireArguments.h).
    unsigned nextOperand = wireArg.getBeginOperandIndex();
    bool literal = arg.getNumOperands() == 0 && arg.getKind() != ArgKind::Graph;
    if (literal) {
      if (auto it = literalArguments.find(attr); it != literalArguments.end()) {
        result.push_back(Offset<fb::NamedArgument>(it->second));
        continue;
      }
    }
    // A value passed again under the same argument name and flags (an
    // activation read by several nodes as `input`) is the same table.
    std::pair<Attribute, Value> tensorKey;
    if (arg.getKind() == ArgKind::Tensor &&
        nextOperand < op->getNumOperands()) {
      tensorKey = {attr, op->getOperand(nextOperand)};
      if (auto it = tensorArguments.find(tensorKey);
          it != tensorArguments.end()) {
        ++nextOperand;
        result.push_back(Offset<fb::NamedArgument>(it->second));
        continue;
      }
    }
    Attribute value = arg.getValue();
    auto operandName = [&]() { return nameOf(op->getOperand(nextOperand++)); };
    // One name per slot: the next operand's where the mask is set, else ""
    // (IntListArg.refs, TensorListArg/OptionalTensorListArg.names).
    auto maskedNames = [&](ArrayRef<bool> mask) {
      SmallVector<StringOffset, 8> names;
      for (bool isRef : mask)
        names.push_back(isRef ? operandName() : string(""));
      return vector(names);
    };
    fb::ArgumentValue tag = static_cast<fb::ArgumentValue>(arg.getKind());
    Offset<void> payload;
    switch (arg.getKind()) {
    case ArgKind::Tensor: {
      StringOffset name = operandName();
      payload = fb::CreateTensorArg(fbb, name).Union();
      break;
    }
    case ArgKind::None:
      payload = fb::CreateNoneArg(fbb).Union();
      break;
    case ArgKind::Int:
    case ArgKind::Float:
    case ArgKind::Bool: {
      StringOffset ref = value ? StringOffset(0) : operandName();
      if (arg.getKind() == ArgKind::Int)
        payload = fb::CreateIntArg(
                      fbb, value ? cast<IntegerAttr>(value).getInt() : 0, ref)
                      .Union();
      else if (arg.getKind() == ArgKind::Float) {
        double v = value ? cast<FloatAttr>(value).getValueAsDouble() : 0.0;
        // The builder leaves out a field equal to its default, and -0.0 ==
        // 0.0: force it, or the sign is lost.
        bool negativeZero = v == 0.0 && std::signbit(v);
        fbb.ForceDefaults(negativeZero);
        payload = fb::CreateFloatArg(fbb, v, ref).Union();
        fbb.ForceDefaults(false);
      } else
        payload = fb::CreateBoolArg(
                      fbb, value && cast<BoolAttr>(value).getValue(), ref)
                      .Union();
      break;
    }
    case ArgKind::String:
      payload =
          fb::CreateStringArg(fbb, string(cast<StringAttr>(value).getValue()))
              .Union();
      break;
    case ArgKind::ScalarType:
      payload = fb::CreateScalarTypeArg(
                    fbb, scalarType(cast<TypeAttr>(value).getValue()))
                    .Union();
      break;
    case ArgKind::IntList: {
      ArrayRef<int64_t> values = cast<DenseI64ArrayAttr>(value).asArrayRef();
      Offset<flatbuffers::Vector<StringOffset>> refs = 0;
      if (DenseBoolArrayAttr mask = arg.getMask())
        refs = maskedNames(mask.asArrayRef());
      payload = fb::CreateIntListArg(fbb, vector(values), refs).Union();
      break;
    }
    case ArgKind::FloatList:
      payload = fb::CreateFloatListArg(
                    fbb, vector(cast<DenseF64ArrayAttr>(value).asArrayRef()))
                    .Union();
      break;
    case ArgKind::BoolList: {
      ArrayRef<bool> values = cast<DenseBoolArrayAttr>(value).asArrayRef();
      SmallVector<uint8_t, 8> bytes(values.begin(), values.end());
      payload = fb::CreateBoolListArg(fbb, vector(bytes)).Union();
      break;
    }
    case ArgKind::TensorList:
    case ArgKind::OptionalTensorList: {
      ArrayRef<bool> present = arg.getMask().asArrayRef();
      auto namesVec = maskedNames(present);
      if (arg.getKind() == ArgKind::TensorList) {
        payload = fb::CreateTensorListArg(fbb, namesVec).Union();
      } else {
        SmallVector<uint8_t, 8> bytes(present.begin(), present.end());
        auto hasValue = vector(bytes);
        payload =
            fb::CreateOptionalTensorListArg(fbb, namesVec, hasValue).Union();
      }
      break;
    }
    case ArgKind::Graph: {
      if (!call) {
        op->emitError() << "a graph argument is only allowed on ng.call";
        return failure();
      }
      Region &region = call.getGraphs()[nextRegion++];
      if (subgraphDepth == kMaxSubgraphDepth) {
        call.emitError() << "subgraphs are nested more than "
                         << kMaxSubgraphDepth
                         << " levels deep; NPTG readers, ng's among them, "
                            "reject such files (W9)";
        return failure();
      }
      ++subgraphDepth;
      FailureOr<Offset<fb::Graph>> sub =
          graph(region, MethodOp(), nullptr, nullptr, nullptr);
      --subgraphDepth;
      if (failed(sub))
        return failure();
      payload = fb::CreateGraphArg(
                    fbb, string(cast<StringAttr>(value).getValue()), *sub)
                    .Union();
      break;
    }
    }
    auto argument = fb::CreateArgument(fbb, tag, payload);
    StringOffset name = arg.getName() ? string(arg.getName().getValue()) : 0;
    result.push_back(
        fb::CreateNamedArgument(fbb, name, argument, arg.getMutated()));
    if (literal)
      literalArguments[attr] = result.back().o;
    else if (tensorKey.first)
      tensorArguments[tensorKey] = result.back().o;
  }
  return result;
}

FailureOr<Offset<fb::Node>> Exporter::callNode(CallOp call) {
  FailureOr<SmallVector<Offset<fb::NamedArgument>>> args =
      arguments(call, call);
  if (failed(args))
    return failure();
  SmallVector<Offset<fb::Output>, 4> outputs;
  for (unsigned i = 0, e = call.getNumWireOutputs(); i < e; ++i) {
    bool isList;
    ResultRange results = call.getWireOutputResults(i, isList);
    StringOffset aliasOf = 0;
    if (std::optional<unsigned> aliased = call.getAliasedOperand(i))
      aliasOf = nameOf(call.getOperand(*aliased));
    if (isList) {
      SmallVector<StringOffset, 4> names;
      for (Value result : results)
        names.push_back(string(nameFor(result)));
      auto elements = vector(names);
      StringOffset noName = string("");
      outputs.push_back(fb::CreateOutput(
          fbb, noName, aliasOf, fb::OutputValueKind::TENSOR_LIST, elements));
      continue;
    }
    Value result = results.front();
    // A verified result is a node value (Ng_NodeValue).
    fb::OutputValueKind kind =
        getOutputValueKind(*getReferenceKind(result.getType()));
    outputs.push_back(
        fb::CreateOutput(fbb, string(nameFor(result)), aliasOf, kind));
  }
  auto inputsVec = args->empty() ? 0 : vector(*args);
  auto outputsVec = outputs.empty() ? 0 : vector(outputs);
  auto meta = metadata(call.getMetadata());
  StringOffset target = string(call.getTarget());
  StringOffset name = string(nodeNameFor(call));
  return fb::CreateNode(fbb, name, fb::OpKind::CALL_FUNCTION, target, inputsVec,
                        outputsVec, meta);
}

FailureOr<Offset<fb::Node>> Exporter::outputNode(OutputOp output) {
  FailureOr<SmallVector<Offset<fb::NamedArgument>>> args =
      arguments(output, CallOp());
  if (failed(args))
    return failure();
  auto inputsVec = args->empty() ? 0 : vector(*args);
  auto meta = metadata(output.getMetadata());
  return fb::CreateNode(fbb, string(nodeNameFor(output)), fb::OpKind::OUTPUT, 0,
                        inputsVec, 0, meta);
}

/// IR -> NPTG -> IR must print the same text, so an attribute NPTG has no
/// place for is an error, not silently dropped: the discardable attributes
/// of `op` other than `allowed`.
static LogicalResult rejectUnwritableAttrs(Operation *op,
                                           ArrayRef<StringRef> allowed = {}) {
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    if (llvm::is_contained(allowed, attr.getName().getValue()))
      continue;
    auto module = dyn_cast<ModuleOp>(op);
    return (module ? emitModuleError(module) : op->emitError())
           << "cannot be represented in NPTG: attribute '"
           << attr.getName().getValue() << "'";
  }
  return success();
}

/// The same for a method's argument and result attributes: NPTG keeps a
/// placeholder's wire name and binding (properties), nothing else.
static LogicalResult rejectUnwritableArgAttrs(MethodOp method) {
  for (unsigned i = 0, e = method.getNumArguments(); i < e; ++i)
    if (DictionaryAttr attrs = method.getArgAttrDict(i);
        attrs && !attrs.empty())
      return method.emitError()
             << "cannot be represented in NPTG: attribute '"
             << attrs.begin()->getName().getValue() << "' of placeholder '"
             << method.getArgName(i) << "'";
  for (unsigned i = 0, e = method.getNumResults(); i < e; ++i)
    if (DictionaryAttr attrs = method.getResultAttrDict(i);
        attrs && !attrs.empty())
      return method.emitError()
             << "cannot be represented in NPTG: attribute '"
             << attrs.begin()->getName().getValue() << "' of result #" << i;
  return success();
}

FailureOr<Offset<fb::Graph>>
Exporter::graph(Region &body, MethodOp method,
                SmallVectorImpl<Offset<fb::NamedTensorRef>> *constants,
                SmallVectorImpl<Offset<fb::MutableBufferSpec>> *buffers,
                SmallVectorImpl<Offset<fb::OutputSpec>> *specs) {
  Block &block = body.front();
  // Each graph its own name space (N1): names for it, and back to the
  // enclosing graph's when done. They live as long as the export: the
  // strings table keeps their names as keys.
  const GraphNames &graphNames =
      *graphNamesKept.emplace_back(std::make_unique<GraphNames>(body));
  const GraphNames *enclosingNames = names;
  names = &graphNames;
  llvm::scope_exit restoreNames([&] { names = enclosingNames; });
  SmallVector<Offset<fb::Node>, 64> nodes;
  SmallVector<StringOffset, 8> inputs;
  SmallVector<Offset<fb::TensorValue>, 64> tensorValues;
  Operation *owner = body.getParentOp();

  auto recordMeta = [&](Value value, Operation *at) -> LogicalResult {
    auto type = dyn_cast<ng::TensorType>(value.getType());
    if (!type || !type.hasMeta())
      return success();
    FailureOr<Offset<fb::TensorMeta>> m = meta(type, at);
    if (failed(m))
      return failure();
    tensorValues.push_back(
        fb::CreateTensorValue(fbb, string(nameFor(value)), *m));
    return success();
  };

  // Placeholders (S1, S2). A subgraph's are all inputs.
  static const PlaceholderBinding subgraphInput;
  for (BlockArgument arg : block.getArguments()) {
    StringRef name = nameFor(arg);
    StringOffset nameOffset = string(name);
    const PlaceholderBinding &binding =
        method ? method.getPlaceholderBinding(arg.getArgNumber())
               : subgraphInput;
    if (binding.isConstant()) {
      auto type = dyn_cast<ng::TensorType>(arg.getType());
      if (!type)
        return owner->emitError()
                   << "placeholder '" << name << "' is bound to a constant "
                   << "but is not a tensor",
               failure();
      FailureOr<Offset<fb::TensorMeta>> m = meta(type, owner);
      if (failed(m))
        return failure();
      constants->push_back(fb::CreateNamedTensorRef(
          fbb, nameOffset, string(binding.key), *m,
          static_cast<fb::InputKind>(binding.kind), binding.mutated));
    } else {
      if (binding.isMutableBuffer())
        buffers->push_back(
            fb::CreateMutableBufferSpec(fbb, nameOffset, string(binding.key)));
      else
        inputs.push_back(nameOffset);
      if (failed(recordMeta(arg, owner)))
        return failure();
    }
    auto output = fb::CreateOutput(fbb, nameOffset);
    nodes.push_back(fb::CreateNode(fbb, nameOffset, fb::OpKind::PLACEHOLDER, 0,
                                   0, fbb.CreateVector(&output, 1)));
  }

  // Nodes, in order.
  SmallVector<StringOffset, 4> outputs;
  for (Operation &op : block) {
    if (failed(rejectUnwritableAttrs(&op)))
      return failure();
    if (auto call = dyn_cast<CallOp>(op)) {
      FailureOr<Offset<fb::Node>> node = callNode(call);
      if (failed(node))
        return failure();
      nodes.push_back(*node);
      for (Value result : call.getResults())
        if (failed(recordMeta(result, call)))
          return failure();
      continue;
    }
    auto output = dyn_cast<OutputOp>(op);
    if (!output)
      return op.emitError() << "cannot be represented in NPTG: a graph holds "
                               "only ng.call and ng.output",
             failure();
    FailureOr<Offset<fb::Node>> node = outputNode(output);
    if (failed(node))
      return failure();
    nodes.push_back(*node);
    SmallVector<Value> tensors = output.getTensorOutputs();
    for (auto [index, value] : llvm::enumerate(tensors)) {
      StringOffset name = string(nameFor(value));
      outputs.push_back(name);
      if (!specs)
        continue;
      OutputSpecAttr spec = output.getSpec(index);
      // A USER_INPUT_MUTATION names its input by position: the name that
      // input is written with (the verifier made sure there is one).
      StringOffset target = 0;
      if (spec.getKind() == OutputKind::UserInputMutation) {
        if (spec.getInput() < 0 ||
            spec.getInput() >= static_cast<int64_t>(block.getNumArguments()))
          return output.emitError()
                     << "internal: user_input_mutation names no placeholder",
                 failure();
        target = string(nameFor(block.getArgument(spec.getInput())));
      } else if (StringAttr given = spec.getTarget())
        target = string(given.getValue());
      specs->push_back(fb::CreateOutputSpec(
          fbb, name, static_cast<fb::OutputKind>(spec.getKind()), target));
    }
  }
  auto tensorValuesVec = tensorValues.empty() ? 0 : vector(tensorValues);
  auto outputsVec = outputs.empty() ? 0 : vector(outputs);
  auto inputsVec = inputs.empty() ? 0 : vector(inputs);
  auto nodesVec = vector(nodes);
  return fb::CreateGraph(fbb, nodesVec, inputsVec, outputsVec, tensorValuesVec);
}

// Every builder write is a statement of its own, never one of several
// arguments of a call: C++ leaves the order in which arguments are evaluated
// to the compiler (g++ goes right to left, clang left to right), and with it
// the order of the bytes in the file. The writes are in the order g++ made
// them before this rule, so files stay byte-identical to earlier releases.
LogicalResult Exporter::exportProgram(ModuleOp module) {
  // The program's version and its constant data (written beside it) are
  // the module's only attributes NPTG has a place for.
  if (module.getSymName())
    return emitModuleError(module)
           << "cannot be represented in NPTG: the module's name";
  if (failed(rejectUnwritableAttrs(module, {NgDialect::getVersionAttrName(),
                                            NgDialect::getDataAttrName()})))
    return failure();
  SmallVector<Offset<fb::Method>, 4> methods;
  for (Operation &op : *module.getBody()) {
    auto method = dyn_cast<MethodOp>(op);
    if (!method)
      return op.emitError() << "cannot be represented in NPTG: a program holds "
                               "only ng.method";
    if (failed(rejectUnwritableAttrs(method)) ||
        failed(rejectUnwritableArgAttrs(method)))
      return failure();
    SmallVector<Offset<fb::NamedTensorRef>, 16> constants;
    SmallVector<Offset<fb::MutableBufferSpec>, 4> buffers;
    SmallVector<Offset<fb::OutputSpec>, 4> specs;
    FailureOr<Offset<fb::Graph>> graphOffset =
        graph(method.getBody(), method, &constants, &buffers, &specs);
    if (failed(graphOffset))
      return failure();
    auto buffersVec = buffers.empty() ? 0 : vector(buffers);
    auto specsVec = specs.empty() ? 0 : vector(specs);
    auto constantsVec = constants.empty() ? 0 : vector(constants);
    StringOffset name = string(method.getSymName());
    methods.push_back(fb::CreateMethod(fbb, name, *graphOffset, constantsVec,
                                       specsVec, buffersVec));
  }
  // Always written: absent means 1.0 (W7), but the native runtime's loader
  // requires the field.
  StringRef versionText = NgDialect::getDefaultProgramVersion();
  if (auto v =
          module->getAttrOfType<StringAttr>(NgDialect::getVersionAttrName()))
    versionText = v.getValue();
  StringOffset version = string(versionText);
  auto program = fb::CreateProgram(fbb, version, vector(methods));
  fb::FinishProgramBuffer(fbb, program);
  // The builder wrote downward from the end of `out`.
  size_t size = fbb.GetSize();
  std::memmove(out.data(), fbb.GetBufferPointer(), size);
  out.truncate(size);
  return success();
}

/// The builder's first buffer: about what the program will take. The
/// decoders write 160-170 bytes a node; a builder that starts small doubles
/// its buffer nine times on the way to a 16 MB program, each time copying
/// what it has and touching fresh pages (3-4% of `ng-opt prog.nptg -o
/// out.nptg` at 100k nodes). Pages of the estimate that are never written
/// are never touched: the builder writes from the buffer's end. At most
/// 1 GiB: a flatbuffer ends at 2 GiB, and a program that large grows once.
static size_t estimateProgramBytes(ModuleOp module) {
  size_t ops = 0;
  module.walk([&](Operation *) { ++ops; });
  return std::clamp<size_t>(ops * 192, 1 << 16, size_t(1) << 30);
}

LogicalResult ng::exportNativeGraph(ModuleOp module,
                                    SmallVectorImpl<uint8_t> &out) {
  out.clear();
  Exporter exporter(estimateProgramBytes(module), out);
  if (succeeded(exporter.exportProgram(module)))
    return success();
  out.clear(); // what the builder left there is no program
  return failure();
}

LogicalResult ng::exportNativeGraph(ModuleOp module, raw_ostream &os) {
  SmallVector<uint8_t> bytes;
  if (failed(exportNativeGraph(module, bytes)))
    return failure();
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return success();
}

//===- GraphPicture.cpp - what the DOT and Model Explorer writers share ---===//

#include "GraphPicture.h"

#include "ng/Dialect/PlaceholderBinding.h"
#include "ng/Dialect/WireArguments.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace ng;
using namespace ng::visual;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

llvm::Expected<NodeRange> ng::parseNodeRange(StringRef text) {
  auto bad = [&](const Twine &why) {
    return llvm::createStringError("--node-range=" + text + ": " + why);
  };
  auto [firstText, endText] = text.split(':');
  if (!text.contains(':'))
    return bad("expected FIRST:END (node indices, END exclusive; either "
               "may be left out)");
  NodeRange range;
  if (!firstText.empty() && firstText.getAsInteger(10, range.first))
    return bad("'" + firstText + "' is not a node index");
  if (!endText.empty() && endText.getAsInteger(10, range.end))
    return bad("'" + endText + "' is not a node index");
  if (range.end <= range.first)
    return bad("the range is empty (END must be greater than FIRST)");
  return range;
}

std::string ng::getLayerName(StringRef text, StringRef word) {
  if (word.empty())
    return "";
  StringRef digits;
  for (size_t at = text.find(word); at != StringRef::npos;
       at = text.find(word, at + 1)) {
    // `word` on its own: not the tail of a longer name (`xlayers`).
    if (at > 0 && llvm::isAlnum(text[at - 1]))
      continue;
    StringRef rest = text.drop_front(at + word.size());
    if (rest.size() < 2 || (rest[0] != '.' && rest[0] != '_'))
      continue;
    rest = rest.drop_front();
    StringRef number = rest.take_while(llvm::isDigit);
    if (number.empty())
      continue;
    // ... and the number whole (`layers_3`, not `layers_3x`).
    StringRef after = rest.drop_front(number.size());
    if (!after.empty() && llvm::isAlpha(after[0]))
      continue;
    digits = number;
  }
  if (digits.empty())
    return "";
  // Leading zeros name the same layer.
  StringRef trimmed = digits.ltrim('0');
  return (word + "." + (trimmed.empty() ? StringRef("0") : trimmed)).str();
}

//===----------------------------------------------------------------------===//
// GraphPicture
//===----------------------------------------------------------------------===//

GraphPicture::GraphPicture(Region &graph, MethodOp method,
                           const VisualOptions &options)
    : graph(graph), method(method),
      range(method ? options.range : std::nullopt), names(graph) {
  Block &body = graph.front();
  nodes.reserve(body.getNumArguments() + body.getOperations().size());
  for (BlockArgument arg : body.getArguments())
    nodes.push_back(
        {NodeKind::Placeholder, uint32_t(nodes.size()), -1, arg, nullptr});
  for (Operation &op : body) {
    opIndex[&op] = nodes.size();
    nodes.push_back({isa<OutputOp>(op) ? NodeKind::Output : NodeKind::Call,
                     uint32_t(nodes.size()), -1, BlockArgument(), &op});
  }
  if (method && options.layers != LayerStyle::Flat)
    assignLayers(options);
}

uint32_t GraphPicture::producerIndex(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == &graph.front() ? arg.getArgNumber() : kNoProducer;
  auto found = opIndex.find(value.getDefiningOp());
  return found == opIndex.end() ? kNoProducer : found->second;
}

StringRef GraphPicture::getBindingKey(const PictureNode &node) const {
  if (!method || node.kind != NodeKind::Placeholder)
    return "";
  return method.getPlaceholderBinding(node.arg.getArgNumber()).key;
}

std::string GraphPicture::describeRole(const PictureNode &node) const {
  if (!method)
    return "subgraph input";
  const PlaceholderBinding &binding =
      method.getPlaceholderBinding(node.arg.getArgNumber());
  switch (binding.role) {
  case PlaceholderBinding::Role::Input:
    return "user input";
  case PlaceholderBinding::Role::MutableBuffer:
    return "mutable buffer";
  case PlaceholderBinding::Role::Constant:
    break;
  }
  std::string role;
  switch (binding.kind) {
  case InputKind::Parameter:
    role = "parameter";
    break;
  case InputKind::Buffer:
    role = "buffer";
    break;
  case InputKind::ConstantTensor:
    role = "constant";
    break;
  case InputKind::UserInput:
    role = "constant (kind user_input)";
    break;
  }
  if (binding.mutated)
    role += ", mutated";
  return role;
}

/// Which layer each node of a method belongs to. Exported programs name
/// their weights by module (`layers.3.attention.wq.weight`), not their
/// calls (`aten_linear_default_17`), so a call's layer is worked out, in
/// one pass in node order:
///  1. the layer its `nn_module_stack` metadata names, when it has one;
///  2. else the latest layer of the placeholders it reads directly;
///  3. else, when it reads a parameter outside every layer (the embedding,
///     the final norm and head), none;
///  4. else the latest layer of the calls whose results it reads.
void GraphPicture::assignLayers(const VisualOptions &options) {
  llvm::StringMap<int32_t> byName;
  auto groupFor = [&](StringRef text) -> int32_t {
    std::string name = getLayerName(text, options.layerWord);
    if (name.empty())
      return -1;
    auto [it, inserted] = byName.try_emplace(name, groups.size());
    if (inserted) {
      uint64_t number = 0;
      (void)StringRef(name).rsplit('.').second.getAsInteger(10, number);
      groups.push_back({name, number});
    }
    return it->second;
  };
  auto later = [&](int32_t a, int32_t b) {
    if (a < 0)
      return b;
    if (b < 0)
      return a;
    return groups[b].number > groups[a].number ? b : a;
  };

  for (PictureNode &node : nodes) {
    if (node.kind == NodeKind::Placeholder) {
      StringRef key = getBindingKey(node);
      node.group = groupFor(key.empty() ? names.getName(node.arg) : key);
      continue;
    }
    if (node.kind == NodeKind::Output)
      continue;
    int32_t group = -1;
    for (auto [key, value] : getMetadataPairs(node.op))
      if (key == "nn_module_stack")
        group = groupFor(value);
    if (group < 0) {
      int32_t fromPlaceholders = -1, fromCalls = -1;
      bool readsOutsideParameter = false;
      for (Value operand : node.op->getOperands()) {
        uint32_t producer = producerIndex(operand);
        if (producer == kNoProducer)
          continue;
        const PictureNode &source = nodes[producer];
        if (source.kind == NodeKind::Placeholder) {
          fromPlaceholders = later(fromPlaceholders, source.group);
          const PlaceholderBinding &binding =
              method.getPlaceholderBinding(source.arg.getArgNumber());
          readsOutsideParameter |= source.group < 0 && binding.isConstant() &&
                                   binding.kind == InputKind::Parameter;
        } else {
          fromCalls = later(fromCalls, source.group);
        }
      }
      group = fromPlaceholders >= 0   ? fromPlaceholders
              : readsOutsideParameter ? -1
                                      : fromCalls;
    }
    node.group = group;
  }
  for (const PictureNode &node : nodes) {
    if (node.group < 0 || !isShown(node.index))
      continue;
    LayerGroup &group = groups[node.group];
    ++(node.kind == NodeKind::Placeholder ? group.placeholders : group.calls);
  }
}

//===----------------------------------------------------------------------===//
// Words
//===----------------------------------------------------------------------===//

static void printElementType(Type type, raw_ostream &os) {
  if (!type)
    os << "?";
  else
    type.print(os);
}

StringRef TypeLabels::get(Type type) {
  auto [it, inserted] = cache.try_emplace(type);
  if (inserted) {
    llvm::raw_string_ostream os(it->second);
    printTypeSummary(type, os);
  }
  return it->second;
}

std::string ng::visual::describeQuant(Attribute quant) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printQuantSummary(quant, os);
  return text;
}

std::string ng::visual::getSubgraphLabel(CallOp call, unsigned region) {
  if (StringRef label = call.getGraphLabel(region); !label.empty())
    return label.str();
  return "graph " + std::to_string(region);
}

std::string ng::visual::describeLiteral(const WireArgument &arg) {
  Attribute value = arg.getAttr().getValue();
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (arg.getKind()) {
  case ArgKind::None:
    return "none";
  case ArgKind::Graph:
    if (auto label = dyn_cast_if_present<StringAttr>(value))
      return ("graph " + label.getValue()).str();
    return "graph";
  default:
    break;
  }
  if (!value)
    return "";
  if (auto flag = dyn_cast<BoolAttr>(value))
    os << (flag.getValue() ? "true" : "false");
  else if (auto integer = dyn_cast<IntegerAttr>(value))
    os << integer.getValue();
  else if (auto number = dyn_cast<FloatAttr>(value))
    os << llvm::format("%g", number.getValueAsDouble());
  else if (auto string = dyn_cast<StringAttr>(value))
    os << '"' << string.getValue() << '"';
  else if (auto type = dyn_cast<TypeAttr>(value))
    printElementType(type.getValue(), os);
  else if (auto ints = dyn_cast<DenseI64ArrayAttr>(value)) {
    // Slots that reference a value hold 0; show them as references.
    DenseBoolArrayAttr mask = arg.getAttr().getMask();
    os << "[";
    for (auto [i, element] : llvm::enumerate(ints.asArrayRef())) {
      os << (i ? ", " : "");
      if (mask && i < size_t(mask.size()) && mask[i])
        os << "%";
      else
        os << element;
    }
    os << "]";
  } else if (auto floats = dyn_cast<DenseF64ArrayAttr>(value)) {
    os << "[";
    llvm::interleaveComma(floats.asArrayRef(), os,
                          [&](double x) { os << llvm::format("%g", x); });
    os << "]";
  } else if (auto bools = dyn_cast<DenseBoolArrayAttr>(value)) {
    os << "[";
    llvm::interleaveComma(bools.asArrayRef(), os,
                          [&](bool b) { os << (b ? "true" : "false"); });
    os << "]";
  } else {
    value.print(os);
  }
  return text;
}

SmallVector<std::pair<StringRef, StringRef>>
ng::visual::getMetadataPairs(Operation *op) {
  SmallVector<std::pair<StringRef, StringRef>> pairs;
  ArrayAttr metadata;
  if (auto call = dyn_cast<CallOp>(op))
    metadata = call.getMetadataAttr();
  else if (auto output = dyn_cast<OutputOp>(op))
    metadata = output.getMetadataAttr();
  if (!metadata)
    return pairs;
  for (Attribute entry : metadata) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    if (!pair || pair.size() != 2)
      continue;
    auto key = dyn_cast<StringAttr>(pair[0]);
    auto value = dyn_cast<StringAttr>(pair[1]);
    if (key && value)
      pairs.emplace_back(key.getValue(), value.getValue());
  }
  return pairs;
}

//===- ModelExplorer.cpp - an ng program as Model Explorer graph JSON -----===//
//
// Google Model Explorer's graph JSON (docs/Visualize.md): a
// GraphCollection, {"label": <the program's file name>, "graphs": [...]},
// the one form of a file its loader (loadGraphsJson) takes with a label of
// our choosing; in it a graph per method, a node per placeholder, call and
// OUTPUT node, each with its incoming edges (source node, source output, target
// input) and the metadata of its outputs (shape, name). A node's namespace is
// its layer, so Model Explorer shows a decoder as its layers, each folded; the
// subgraphs of a higher-order op are graphs of their own, listed in the
// call's `subgraphIds`. Written as a stream (llvm::json::OStream), graph by
// graph, subgraphs after the graph that holds them.
//
//===----------------------------------------------------------------------===//

#include "GraphPicture.h"

#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/WireArguments.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <deque>

using namespace mlir;
using namespace ng;
using namespace ng::visual;
namespace json = llvm::json;

namespace {
/// A string as JSON holds it: valid UTF-8 (names are bytes on the wire; a
/// byte that is not UTF-8 becomes U+FFFD).
json::Value text(StringRef value) {
  if (LLVM_LIKELY(json::isUTF8(value)))
    return value;
  return json::fixUTF8(value);
}

class ModelExplorerWriter {
public:
  ModelExplorerWriter(raw_ostream &os, const VisualOptions &options)
      : out(os), options(options) {}

  void write(ModuleOp module) {
    auto version =
        module->getAttrOfType<StringAttr>(NgDialect::getVersionAttrName());
    out.object([&] {
      out.attribute("label", text(options.label.empty() ? StringRef("program")
                                                        : options.label));
      out.attributeArray("graphs", [&] {
        for (MethodOp method : module.getOps<MethodOp>()) {
          std::string id = uniqueId(method.getSymName());
          writeGraph(method.getBody(), method, id, version);
          // Then the subgraphs it holds, and theirs.
          while (!pending.empty()) {
            auto [region, subId] = pending.front();
            pending.pop_front();
            writeGraph(*region, MethodOp(), subId, version);
          }
        }
      });
    });
    out.flush();
  }

private:
  std::string uniqueId(StringRef base) {
    std::string id = base.str();
    for (unsigned n = 1; !graphIds.insert(id).second; ++n)
      id = (base + "~" + Twine(n)).str();
    return id;
  }

  void keyValue(StringRef key, json::Value value) {
    out.object([&] {
      out.attribute("key", text(key));
      out.attribute("value", std::move(value));
    });
  }

  void writeGraph(Region &graph, MethodOp method, StringRef id,
                  StringAttr version) {
    GraphPicture picture(graph, method, options);
    out.object([&] {
      out.attribute("id", text(id));
      out.attributeArray("nodes", [&] {
        for (const PictureNode &node : picture.getNodes())
          if (picture.isShown(node.index))
            writeNode(picture, node, id);
      });
      out.attributeObject("groupNodeAttributes", [&] {
        out.attributeObject("", [&] {
          out.attribute("graph", text(id));
          if (method)
            out.attribute("program version",
                          version ? text(version.getValue()) : "1.0 (absent)");
        });
        for (const LayerGroup &group : picture.getGroups()) {
          if (group.placeholders + group.calls == 0)
            continue;
          out.attributeObject(group.name, [&] {
            out.attribute("calls", std::to_string(group.calls));
            out.attribute("placeholders", std::to_string(group.placeholders));
          });
        }
      });
    });
  }

  void writeNode(const GraphPicture &picture, const PictureNode &node,
                 StringRef graphId) {
    const GraphNames &names = picture.getNames();
    out.object([&] {
      out.attribute("id", std::to_string(node.index));
      switch (node.kind) {
      case NodeKind::Placeholder:
        out.attribute("label", picture.getMethod() ? "placeholder" : "input");
        break;
      case NodeKind::Call:
        out.attribute("label", text(getShortTargetName(
                                   cast<CallOp>(node.op).getTarget())));
        break;
      case NodeKind::Output:
        out.attribute("label", "output");
        break;
      }
      out.attribute("namespace",
                    node.group >= 0 && options.layers != LayerStyle::Flat
                        ? text(picture.getGroups()[node.group].name)
                        : json::Value(""));
      if (node.kind == NodeKind::Placeholder)
        return writePlaceholder(picture, node);
      writeOpNode(picture, node, graphId, names);
    });
  }

  void writePlaceholder(const GraphPicture &picture, const PictureNode &node) {
    StringRef name = picture.getNames().getName(node.arg);
    out.attributeArray("subgraphIds", [] {});
    out.attributeArray("attrs", [&] {
      keyValue("name", text(name));
      keyValue("role", picture.describeRole(node));
      if (StringRef key = picture.getBindingKey(node); !key.empty())
        keyValue("key", text(key));
      if (auto type = dyn_cast<ng::TensorType>(node.arg.getType()))
        writeQuant(type);
    });
    out.attributeArray("incomingEdges", [] {});
    out.attributeArray("outputsMetadata",
                       [&] { writeOutputMetadata(0, node.arg, name, ""); });
  }

  void writeQuant(ng::TensorType type) {
    if (!type.hasMeta() || !type.getQuant())
      return;
    keyValue("quant", describeQuant(type.getQuant()));
    if (auto group = dyn_cast<AffineGroupAttr>(type.getQuant())) {
      keyValue("quant scale key", text(group.getScaleDataKey()));
      if (StringAttr zeroPoint = group.getZeroPointDataKey())
        keyValue("quant zero point key", text(zeroPoint.getValue()));
    }
  }

  void writeOutputMetadata(unsigned index, Value value, StringRef name,
                           StringRef aliases) {
    out.object([&] {
      out.attribute("id", std::to_string(index));
      out.attributeArray("attrs", [&] {
        keyValue("tensor_shape", types.get(value.getType()));
        keyValue("__tensor_tag", text(name));
        if (!aliases.empty())
          keyValue("aliases", text(aliases));
      });
    });
  }

  void writeOpNode(const GraphPicture &picture, const PictureNode &node,
                   StringRef graphId, const GraphNames &names) {
    auto call = dyn_cast<CallOp>(node.op);
    auto output = dyn_cast<OutputOp>(node.op);
    StringRef nodeName = names.getName(node.op);
    out.attributeArray("subgraphIds", [&] {
      if (!call)
        return;
      for (auto [r, region] : llvm::enumerate(call->getRegions())) {
        std::string id = uniqueId(
            (graphId + "/" + nodeName + "/" + getSubgraphLabel(call, r)).str());
        pending.emplace_back(&region, id);
        out.value(text(id));
      }
    });
    out.attributeArray("attrs", [&] {
      keyValue("name", text(nodeName));
      if (call)
        keyValue("target", text(call.getTarget()));
      for (WireArgument arg : node.op->hasTrait<OpTrait::IsTerminator>()
                                  ? output.getWireArguments()
                                  : call.getWireArguments()) {
        std::string key = argKey(arg);
        if (arg.isMutated())
          keyValue("writes", text(key));
        if (arg.getNumOperands() == 0 ||
            (arg.getKind() == ArgKind::IntList && arg.getAttr().getValue()))
          if (std::string literal = describeLiteral(arg); !literal.empty())
            keyValue(key, text(literal));
      }
      for (auto [key, value] : getMetadataPairs(node.op))
        keyValue(("metadata " + key).str(), text(value));
    });
    out.attributeArray("incomingEdges", [&] {
      for (OpOperand &operand : node.op->getOpOperands()) {
        uint32_t producer = picture.producerIndex(operand.get());
        if (producer == kNoProducer || !picture.isShown(producer))
          continue;
        out.object([&] {
          out.attribute("sourceNodeId", std::to_string(producer));
          auto result = dyn_cast<OpResult>(operand.get());
          out.attribute("sourceNodeOutputId",
                        std::to_string(result ? result.getResultNumber() : 0));
          out.attribute("targetNodeInputId",
                        std::to_string(operand.getOperandNumber()));
        });
      }
    });
    out.attributeArray("inputsMetadata", [&] {
      unsigned tensorOutput = 0;
      for (WireArgument arg : getWireArguments(node.op))
        for (OpOperand &operand : arg.getOpOperands()) {
          std::string spec;
          if (output && isa<ng::TensorType>(operand.get().getType()))
            spec = describeSpec(picture, output, tensorOutput++);
          out.object([&] {
            out.attribute("id", std::to_string(operand.getOperandNumber()));
            out.attributeArray("attrs", [&] {
              keyValue("__tensor_tag", text(argKey(arg)));
              if (!spec.empty())
                keyValue("output_spec", text(spec));
            });
          });
        }
    });
    out.attributeArray("outputsMetadata", [&] {
      if (!call)
        return;
      // alias_of is per wire Output; a TENSOR_LIST group has none.
      SmallVector<int64_t> aliasOf(call->getNumResults(), -1);
      for (unsigned w = 0, e = call.getNumWireOutputs(); w < e; ++w) {
        bool isList = false;
        ResultRange results = call.getWireOutputResults(w, isList);
        if (std::optional<unsigned> operand = call.getAliasedOperand(w);
            operand && !results.empty())
          aliasOf[results.front().getResultNumber()] = *operand;
      }
      for (OpResult result : call->getResults()) {
        std::string aliases;
        if (int64_t operand = aliasOf[result.getResultNumber()]; operand >= 0)
          aliases = names.getName(call->getOperand(operand)).str();
        writeOutputMetadata(result.getResultNumber(), result,
                            names.getName(result), aliases);
      }
    });
  }

  static std::string argKey(const WireArgument &arg) {
    if (!arg.getName().empty())
      return arg.getName().str();
    return "arg " + std::to_string(arg.getIndex());
  }

  static std::string describeSpec(const GraphPicture &picture, OutputOp output,
                                  unsigned index) {
    MethodOp method = picture.getMethod();
    OutputSpecAttr spec = output.getSpec(index);
    if (!method || !spec)
      return "";
    switch (spec.getKind()) {
    case OutputKind::UserOutput:
      return "user_output";
    case OutputKind::BufferMutation:
      return ("buffer_mutation " +
              (spec.getTarget() ? spec.getTarget().getValue() : ""))
          .str();
    case OutputKind::UserInputMutation:
      if (spec.getInput() >= 0 && spec.getInput() < method.getNumArguments())
        return ("user_input_mutation " +
                picture.getNames().getName(method.getArgument(spec.getInput())))
            .str();
      return "user_input_mutation";
    }
    return "";
  }

  json::OStream out;
  const VisualOptions &options;
  TypeLabels types;
  llvm::StringSet<> graphIds;
  std::deque<std::pair<Region *, std::string>> pending;
};
} // namespace

void ng::writeModelExplorerJson(ModuleOp module, raw_ostream &os,
                                const VisualOptions &options) {
  ModelExplorerWriter(os, options).write(module);
  os << "\n";
}

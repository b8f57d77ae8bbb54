//===- Dot.cpp - an ng program as a Graphviz digraph ----------------------===//
//
// Two passes over each method: the nodes, each inside its cluster (method,
// layer, subgraph), then the edges, at the top level. Graphviz puts a node
// in the cluster where it is first named, so every node is declared before
// any edge names it. Layers are bucketed first (one pass), so a layer's
// nodes are written together however they interleave in the program.
//
//===----------------------------------------------------------------------===//

#include "GraphPicture.h"

#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/WireArguments.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ConvertUTF.h"

using namespace mlir;
using namespace ng;
using namespace ng::visual;

namespace {
/// Text inside a DOT double-quoted string, shown as it is: `"` and `\`
/// escaped, control characters and bytes that are not UTF-8 shown as
/// `\n`, `\xNN` (Graphviz reads `\n` in a label as a line break; a name with
/// a newline stays on its line).
void writeEscaped(raw_ostream &os, StringRef text) {
  const char *at = text.begin(), *end = text.end();
  while (at != end) {
    unsigned char c = *at;
    if (c >= 0x80) {
      unsigned length = llvm::getNumBytesForUTF8(c);
      if (at + length <= end &&
          llvm::isLegalUTF8Sequence(
              reinterpret_cast<const llvm::UTF8 *>(at),
              reinterpret_cast<const llvm::UTF8 *>(at + length))) {
        os << StringRef(at, length);
        at += length;
        continue;
      }
    }
    ++at;
    if (c == '"' || c == '\\') {
      os << '\\' << char(c);
    } else if (c == '\n') {
      os << "\\\\n";
    } else if (c == '\t') {
      os << "\\\\t";
    } else if (c < 0x20 || c == 0x7f || c >= 0x80) {
      os << "\\\\x";
      os << llvm::hexdigit(c >> 4, true) << llvm::hexdigit(c & 15, true);
    } else {
      os << char(c);
    }
  }
}

/// The longest line a label shows, in code points: a longer name is cut
/// (with "...") so its node stays a readable size, and Graphviz lays it out
/// at all (a 10,000-character name makes an edge longer than it can draw).
/// The whole text is the node's tooltip.
constexpr size_t kMaxLabelLine = 60;

/// `text` cut to `kMaxLabelLine` code points (on a code point boundary;
/// bytes that are not UTF-8 count one each); whether it was.
std::pair<StringRef, bool> cutLine(StringRef text) {
  size_t at = 0;
  for (size_t points = 0; at < text.size(); ++points) {
    if (points == kMaxLabelLine)
      return {text.take_front(at), true};
    unsigned length = llvm::getNumBytesForUTF8(text[at]);
    at += at + length <= text.size() ? length : 1;
  }
  return {text, false};
}

/// A label of several lines, each escaped and cut to a readable length,
/// joined by DOT line breaks; and its tooltip, the lines uncut, when one was
/// cut.
class Label {
public:
  Label &line(const Twine &text) {
    SmallString<64> buffer;
    StringRef whole = text.toStringRef(buffer);
    auto [shown, cut] = cutLine(whole);
    if (!first) {
      os << "\\n";
      full << "\\n";
    }
    first = false;
    writeEscaped(os, shown);
    if (cut)
      os << "...";
    writeEscaped(full, whole);
    anyCut |= cut;
    return *this;
  }
  const std::string &str() const { return text; }
  /// `, tooltip="<the whole text>"` when a line was cut, else nothing.
  std::string tooltip() const {
    return anyCut ? ", tooltip=\"" + fullText + "\"" : "";
  }

private:
  std::string text, fullText;
  llvm::raw_string_ostream os{text}, full{fullText};
  bool first = true, anyCut = false;
};

/// A cluster's `label="..."` (and its tooltip when the label is cut).
void writeClusterLabel(raw_ostream &os, StringRef text) {
  Label label;
  label.line(text);
  os << "label=\"" << label.str() << "\"" << label.tooltip();
}

struct Style {
  const char *shape;
  const char *fill;
};

Style placeholderStyle(const PlaceholderBinding *binding) {
  if (!binding)
    return {"ellipse", "#e3f4e3"}; // subgraph input
  switch (binding->role) {
  case PlaceholderBinding::Role::Input:
    return {"ellipse", "#c8ecc8"};
  case PlaceholderBinding::Role::MutableBuffer:
    return {"cylinder", "#ffd9a8"};
  case PlaceholderBinding::Role::Constant:
    break;
  }
  switch (binding->kind) {
  case InputKind::Parameter:
    return {"box", "#d6e6ff"};
  case InputKind::Buffer:
    return {"box", "#fff1c1"};
  default:
    return {"box", "#e8e8e8"};
  }
}

class DotWriter {
public:
  DotWriter(raw_ostream &os, const VisualOptions &options)
      : os(os), options(options) {}

  void write(ModuleOp module) {
    os << "digraph \"ng\" {\n"
          "  graph [compound=true, rankdir=TB, newrank=true, "
          "fontname=\"Helvetica\", fontsize=12];\n"
          "  node [fontname=\"Helvetica\", fontsize=10, shape=box, "
          "style=\"rounded,filled\", fillcolor=\"#ffffff\"];\n"
          "  edge [fontname=\"Helvetica\", fontsize=8, color=\"#606060\"];\n";
    unsigned index = 0;
    for (MethodOp method : module.getOps<MethodOp>()) {
      std::string prefix = "m" + std::to_string(index++);
      GraphPicture picture(method.getBody(), method, options);
      os << "  subgraph \"cluster_" << prefix << "\" {\n    ";
      writeClusterLabel(os, "method " + method.getSymName().str());
      os << ";\n    style=\"rounded\";\n";
      writeNodes(picture, prefix, 2);
      os << "  }\n";
      stubs.clear();
      writeEdges(picture, prefix);
    }
    os << "}\n";
  }

private:
  bool collapsed(const GraphPicture &picture, const PictureNode &node) const {
    return picture.getMethod() && options.layers == LayerStyle::Collapse &&
           node.group >= 0;
  }

  void indent(unsigned depth) { os.indent(depth * 2); }

  /// The nodes of one graph: those outside every layer, then each layer's.
  void writeNodes(const GraphPicture &picture, StringRef prefix,
                  unsigned depth) {
    ArrayRef<PictureNode> nodes = picture.getNodes();
    ArrayRef<LayerGroup> groups = picture.getGroups();
    // Bucket the shown nodes by layer, keeping node order within each.
    std::vector<uint32_t> start(groups.size() + 2, 0), order;
    for (const PictureNode &node : nodes)
      if (picture.isShown(node.index))
        ++start[node.group + 2];
    for (size_t i = 1; i < start.size(); ++i)
      start[i] += start[i - 1];
    order.resize(start.back());
    std::vector<uint32_t> fill(start.begin(), start.end() - 1);
    for (const PictureNode &node : nodes)
      if (picture.isShown(node.index))
        order[fill[node.group + 1]++] = node.index;

    for (uint32_t i = start[0]; i < start[1]; ++i)
      writeNode(picture, nodes[order[i]], prefix, depth);
    for (auto [g, group] : llvm::enumerate(groups)) {
      if (group.placeholders + group.calls == 0)
        continue;
      std::string id = (prefix + ".L" + Twine(g)).str();
      if (options.layers == LayerStyle::Collapse) {
        indent(depth);
        Label label;
        label.line(group.name)
            .line(Twine(group.placeholders + group.calls) +
                  " nodes: " + Twine(group.calls) + " calls, " +
                  Twine(group.placeholders) + " placeholders");
        os << '"' << id << "\" [shape=box3d, fillcolor=\"#e4dcf7\", label=\""
           << label.str() << "\"" << label.tooltip() << "];\n";
        continue;
      }
      indent(depth);
      os << "subgraph \"cluster_" << id << "\" {\n";
      indent(depth + 1);
      writeClusterLabel(os, group.name);
      os << "; style=\"rounded,filled\"; fillcolor=\"#f6f3fc\";\n";
      for (uint32_t i = start[g + 1]; i < start[g + 2]; ++i)
        writeNode(picture, nodes[order[i]], prefix, depth + 1);
      indent(depth);
      os << "}\n";
    }
  }

  void writeNode(const GraphPicture &picture, const PictureNode &node,
                 StringRef prefix, unsigned depth) {
    std::string id = (prefix + ".n" + Twine(node.index)).str();
    Label label;
    indent(depth);
    switch (node.kind) {
    case NodeKind::Placeholder: {
      MethodOp method = picture.getMethod();
      const PlaceholderBinding *binding =
          method ? &method.getPlaceholderBinding(node.arg.getArgNumber())
                 : nullptr;
      auto type = dyn_cast<ng::TensorType>(node.arg.getType());
      label.line(picture.getNames().getName(node.arg))
          .line(picture.describeRole(node));
      if (StringRef key = picture.getBindingKey(node); !key.empty())
        label.line((binding->isMutableBuffer() ? "fqn: " : "key: ") + key);
      label.line(types.get(node.arg.getType()));
      if (type && type.hasMeta())
        if (auto group = dyn_cast_if_present<AffineGroupAttr>(type.getQuant()))
          label.line("scale: " + group.getScaleDataKey());
      Style style = placeholderStyle(binding);
      bool written = binding && binding->mutated;
      os << '"' << id << "\" [shape=" << style.shape << ", fillcolor=\""
         << style.fill << "\""
         << (written || (binding && binding->isMutableBuffer())
                 ? ", color=\"#c0392b\", penwidth=2"
                 : "")
         << ", label=\"" << label.str() << "\"" << label.tooltip() << "];\n";
      return;
    }
    case NodeKind::Output: {
      auto output = cast<OutputOp>(node.op);
      unsigned literals = 0;
      for (WireArgument arg : output.getWireArguments())
        literals += arg.getNumOperands() == 0;
      label.line(picture.getNames().getName(node.op));
      if (literals)
        label.line("+ " + Twine(literals) +
                   (literals == 1 ? " literal value" : " literal values"));
      os << '"' << id << "\" [shape=invhouse, fillcolor=\"#f2d7e6\", label=\""
         << label.str() << "\"" << label.tooltip() << "];\n";
      return;
    }
    case NodeKind::Call:
      break;
    }
    if (collapsed(picture, node))
      return;
    auto call = cast<CallOp>(node.op);
    label.line(getShortTargetName(call.getTarget()))
        .line(picture.getNames().getName(node.op));
    bool writes = llvm::any_of(call.getWireArguments(), [](WireArgument arg) {
      return arg.isMutated();
    });
    os << '"' << id << "\" [label=\"" << label.str() << "\"" << label.tooltip()
       << (writes ? ", color=\"#c0392b\", penwidth=2" : "")
       << (call->getNumRegions() ? ", shape=component" : "") << "];\n";
    // Each subgraph: a cluster of its own, beside its call.
    for (auto [r, region] : llvm::enumerate(call->getRegions())) {
      std::string subPrefix = (id + ".g" + Twine(r)).str();
      GraphPicture sub(region, MethodOp(), options);
      indent(depth);
      os << "subgraph \"cluster_" << subPrefix << "\" {\n";
      indent(depth + 1);
      writeClusterLabel(os, getSubgraphLabel(call, r));
      os << "; style=\"dashed,rounded\";\n";
      writeNodes(sub, subPrefix, depth + 1);
      indent(depth);
      os << "}\n";
    }
  }

  /// Where an edge from or to node `index` ends: the node, its layer's box,
  /// or a stub for a node outside the range.
  std::string endpoint(const GraphPicture &picture, uint32_t index,
                       StringRef prefix) {
    const PictureNode &node = picture.getNodes()[index];
    if (picture.isShown(index))
      return collapsed(picture, node)
                 ? (prefix + ".L" + Twine(node.group)).str()
                 : (prefix + ".n" + Twine(index)).str();
    std::string id = (prefix + ".s" + Twine(index)).str();
    if (stubs.insert(index).second) {
      Label label;
      label
          .line(node.op ? picture.getNames().getName(node.op)
                        : picture.getNames().getName(node.arg))
          .line("node " + Twine(index) + ", outside the range");
      os << "  \"" << id
         << "\" [shape=plaintext, style=\"\", fontcolor=\"#808080\", label=\""
         << label.str() << "\"" << label.tooltip() << "];\n";
    }
    return id;
  }

  void writeEdges(const GraphPicture &picture, StringRef prefix) {
    // Edges to and from layer boxes, one per pair, with the number of
    // values.
    llvm::StringMap<unsigned> bundleIndex;
    std::vector<Bundle> bundled;
    for (const PictureNode &node : picture.getNodes()) {
      if (!node.op || !picture.isShown(node.index))
        continue;
      auto call = dyn_cast<CallOp>(node.op);
      SmallVector<unsigned, 2> aliased;
      if (call)
        for (unsigned w = 0, e = call.getNumWireOutputs(); w < e; ++w)
          if (std::optional<unsigned> operand = call.getAliasedOperand(w))
            aliased.push_back(*operand);
      std::string target = endpoint(picture, node.index, prefix);
      unsigned tensorOutput = 0;
      for (WireArgument arg : getWireArguments(node.op)) {
        for (OpOperand &operand : arg.getOpOperands()) {
          Value value = operand.get();
          bool isTensorOutput = !call && isa<ng::TensorType>(value.getType());
          unsigned spec = isTensorOutput ? tensorOutput++ : 0;
          uint32_t producer = picture.producerIndex(value);
          if (producer == kNoProducer)
            continue;
          std::string source = endpoint(picture, producer, prefix);
          if (source == target)
            continue;
          bool bundle = collapsed(picture, node) ||
                        (picture.isShown(producer) &&
                         collapsed(picture, picture.getNodes()[producer]));
          if (bundle) {
            auto [it, inserted] =
                bundleIndex.try_emplace(source + "\n" + target, bundled.size());
            if (inserted)
              bundled.push_back(
                  {source, target, 0,
                   collapsed(picture, picture.getNodes()[producer])
                       ? picture.getNodes()[producer].group
                       : -1,
                   collapsed(picture, node) ? node.group : -1});
            ++bundled[it->second].values;
            continue;
          }
          os << "  \"" << source << "\" -> \"" << target << "\" [label=\"";
          if (isTensorOutput)
            writeSpec(picture, cast<OutputOp>(node.op), spec);
          writeEscaped(os, types.get(value.getType()));
          os << "\"";
          if (arg.isMutated())
            os << ", color=\"#c0392b\", fontcolor=\"#c0392b\", penwidth=2, "
                  "xlabel=\"writes\"";
          else if (llvm::is_contained(aliased, operand.getOperandNumber()))
            os << ", style=dashed, color=\"#2e6fd0\", fontcolor=\"#2e6fd0\", "
                  "xlabel=\"aliased\"";
          os << "];\n";
        }
      }
      if (call && !collapsed(picture, node))
        for (auto [r, region] : llvm::enumerate(call->getRegions())) {
          std::string subPrefix = (target + ".g" + Twine(r)).str();
          GraphPicture sub(region, MethodOp(), options);
          writeEdges(sub, subPrefix);
          // The subgraph's result flows into its call.
          uint32_t last = sub.getNodes().size() - 1;
          os << "  \"" << subPrefix << ".n" << last << "\" -> \"" << target
             << "\" [style=dotted, ltail=\"cluster_" << subPrefix
             << "\", label=\"";
          writeEscaped(os, getSubgraphLabel(call, r));
          os << "\"];\n";
        }
    }
    writeBundles(picture, bundled);
  }

  /// An edge to or from a layer box.
  struct Bundle {
    std::string source, target;
    unsigned values;
    /// The layers of the ends, -1 for a node outside the layers.
    int32_t sourceGroup, targetGroup;
  };

  /// The edges to and from layer boxes. A node outside the layers that
  /// several layers read (the positions, the mask, the rope tables) gets one
  /// edge, into the first of them, saying how many read it; one that
  /// several layers feed (the OUTPUT node, through each layer's cache
  /// write-back), one edge from the last. Graphviz lays out an edge with a
  /// virtual node for each rank it crosses, so an edge from one node to
  /// every layer made the layout quadratic in the layers (13 s for 32
  /// layers; a million-node decoder's ran out of 23 GB).
  void writeBundles(const GraphPicture &picture, ArrayRef<Bundle> bundled) {
    ArrayRef<LayerGroup> groups = picture.getGroups();
    // Per node outside the layers: how many layers it meets, and the edge
    // that stands for all of them.
    llvm::StringMap<std::pair<unsigned, size_t>> fanOut, fanIn;
    for (auto [i, bundle] : llvm::enumerate(bundled)) {
      if (bundle.sourceGroup < 0 && bundle.targetGroup >= 0) {
        auto &[layers, chosen] = fanOut[bundle.source];
        if (layers++ == 0 || groups[bundle.targetGroup].number <
                                 groups[bundled[chosen].targetGroup].number)
          chosen = i;
      } else if (bundle.sourceGroup >= 0 && bundle.targetGroup < 0) {
        auto &[layers, chosen] = fanIn[bundle.target];
        if (layers++ == 0 || groups[bundle.sourceGroup].number >
                                 groups[bundled[chosen].sourceGroup].number)
          chosen = i;
      }
    }
    for (auto [i, bundle] : llvm::enumerate(bundled)) {
      unsigned layers = 0;
      const char *how = "";
      if (bundle.sourceGroup < 0 && bundle.targetGroup >= 0) {
        std::pair<unsigned, size_t> fan = fanOut.lookup(bundle.source);
        layers = fan.first;
        how = "read by ";
        if (layers > 1 && fan.second != i)
          continue;
      } else if (bundle.sourceGroup >= 0 && bundle.targetGroup < 0) {
        std::pair<unsigned, size_t> fan = fanIn.lookup(bundle.target);
        layers = fan.first;
        how = "from ";
        if (layers > 1 && fan.second != i)
          continue;
      }
      os << "  \"" << bundle.source << "\" -> \"" << bundle.target << "\"";
      if (layers > 1)
        os << " [label=\"" << how << layers << " layers\", style=bold]";
      else if (bundle.values > 1)
        os << " [label=\"" << bundle.values << " values\"]";
      os << ";\n";
    }
  }

  void writeSpec(const GraphPicture &picture, OutputOp output, unsigned index) {
    OutputSpecAttr spec = output.getSpec(index);
    if (!spec || !picture.getMethod())
      return;
    switch (spec.getKind()) {
    case OutputKind::UserOutput:
      os << "user_output: ";
      return;
    case OutputKind::BufferMutation:
      os << "buffer_mutation ";
      if (spec.getTarget())
        writeEscaped(os, spec.getTarget().getValue());
      os << ": ";
      return;
    case OutputKind::UserInputMutation:
      os << "user_input_mutation ";
      if (spec.getInput() >= 0 &&
          spec.getInput() < picture.getMethod().getNumArguments())
        writeEscaped(os, picture.getNames().getName(
                             picture.getMethod().getArgument(spec.getInput())));
      os << ": ";
      return;
    }
  }

  raw_ostream &os;
  const VisualOptions &options;
  TypeLabels types;
  /// The stubs of the current method written so far.
  llvm::DenseSet<uint32_t> stubs;
};
} // namespace

void ng::writeDot(ModuleOp module, raw_ostream &os,
                  const VisualOptions &options) {
  DotWriter(os, options).write(module);
}

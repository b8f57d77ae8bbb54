//===- GraphPicture.h - what the DOT and Model Explorer writers share -----===//
//
// One graph (a method body or a subgraph) as the pictures show it: its
// nodes in wire order (placeholders, calls, the OUTPUT node), which of them
// the node range keeps, the layer each top-level node belongs to, and the
// words for roles, types and quantization. The writers differ only in
// syntax.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_TARGET_VISUAL_GRAPHPICTURE_H
#define NG_LIB_TARGET_VISUAL_GRAPHPICTURE_H

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/WireNames.h"
#include "ng/Target/Visual/Visual.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace ng::visual {

enum class NodeKind : uint8_t { Placeholder, Call, Output };

struct PictureNode {
  NodeKind kind;
  /// Its wire node index in its graph.
  uint32_t index;
  /// Its layer (an index into GraphPicture::getGroups()), -1 for none.
  int32_t group = -1;
  /// A placeholder's block argument, or null.
  mlir::BlockArgument arg;
  /// A call's or the OUTPUT node's op, or null.
  mlir::Operation *op = nullptr;
};

struct LayerGroup {
  std::string name;
  /// The number after the layer word: which of two layers comes later.
  uint64_t number = 0;
  uint32_t placeholders = 0, calls = 0;
};

/// Sentinel of producerIndex: not a value of this graph.
constexpr uint32_t kNoProducer = UINT32_MAX;

class GraphPicture {
public:
  /// `graph` is a method's body (`method` set: placeholders have bindings,
  /// layers and the node range apply) or a subgraph (`method` null).
  GraphPicture(mlir::Region &graph, MethodOp method,
               const VisualOptions &options);

  llvm::ArrayRef<PictureNode> getNodes() const { return nodes; }
  llvm::ArrayRef<LayerGroup> getGroups() const { return groups; }
  MethodOp getMethod() const { return method; }
  const GraphNames &getNames() const { return names; }

  /// Whether node `index` is drawn (the node range).
  bool isShown(uint32_t index) const {
    return !range || range->contains(index);
  }
  /// The node that defines `value` (a placeholder or a call of this graph),
  /// kNoProducer for any other.
  uint32_t producerIndex(mlir::Value value) const;

  /// How a placeholder's role reads: "user input", "parameter", "buffer",
  /// "constant", "mutable buffer", "subgraph input"; `, mutated` for a
  /// buffer the graph writes.
  std::string describeRole(const PictureNode &node) const;
  /// The data key of a constant, the fqn of a mutable buffer, else "".
  llvm::StringRef getBindingKey(const PictureNode &node) const;

private:
  void assignLayers(const VisualOptions &options);

  mlir::Region &graph;
  /// A handle: its accessors are not const.
  mutable MethodOp method;
  std::optional<NodeRange> range;
  GraphNames names;
  std::vector<PictureNode> nodes;
  llvm::DenseMap<mlir::Operation *, uint32_t> opIndex;
  std::vector<LayerGroup> groups;
};

/// Words for types, cached per (uniqued) type: the writers ask for every
/// edge, and a program has a few dozen distinct types.
class TypeLabels {
public:
  /// `f32[1, 1:32, 128]`, with ` dim_order [0, 2, 1, 3]` when not the
  /// identity and the quantization (describeQuant) when quantized; `int`,
  /// `float`, `bool` for scalars; `?` for a tensor without metadata.
  llvm::StringRef get(mlir::Type type);

private:
  llvm::DenseMap<mlir::Type, std::string> cache;
};

/// `affine_group 4-bit [-8, 7] group 32` or `packed gguf:q4_k`; "" for none.
std::string describeQuant(mlir::Attribute quant);

/// A literal argument as text: `1`, `1e-05`, `true`,
/// `"torch.contiguous_format"`, `f16`, `[1, 32]`, `none`; a graph argument's
/// label.
std::string describeLiteral(const WireArgument &arg);

/// The label of `call`'s subgraph number `region` (its GraphArg's name),
/// else `graph <region>`.
std::string getSubgraphLabel(ng::CallOp call, unsigned region);

/// A node's `metadata` pairs (KeyValue), in order; empty when it has none.
llvm::SmallVector<std::pair<llvm::StringRef, llvm::StringRef>>
getMetadataPairs(mlir::Operation *op);

} // namespace ng::visual

#endif // NG_LIB_TARGET_VISUAL_GRAPHPICTURE_H

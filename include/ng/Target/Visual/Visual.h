//===- Visual.h - pictures of an ng program ---------------------*- C++ -*-===//
//
// A program drawn for people rather than for a runtime: Graphviz DOT and
// Google Model Explorer's graph JSON (docs/Visualize.md). Both show a
// method's graph node by node (its placeholders by role, its calls by short
// target and wire name, its OUTPUT node), def-use edges with the tensor's
// dtype and sizes, in-place writes and aliases, and each higher-order op's
// subgraphs. A decoder's layers (nodes that read a `layers.N` weight, and
// what follows them) are grouped: a cluster or a single box in DOT, a
// namespace in Model Explorer, which folds it.
//
// Both writers are one pass over the program (plus one over each method's
// nodes for the layer groups) and deterministic: the same IR gives the same
// bytes.
//
//===----------------------------------------------------------------------===//

#ifndef NG_TARGET_VISUAL_VISUAL_H
#define NG_TARGET_VISUAL_VISUAL_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ng {

/// What to do with a method's layers (VisualOptions::layers).
enum class LayerStyle {
  Cluster,  ///< DOT: a cluster per layer; Model Explorer: a namespace
  Collapse, ///< DOT: one box per layer; Model Explorer: a namespace
  Flat,     ///< no grouping
};

/// A range of a method's wire nodes, [first, end): placeholders are nodes
/// 0..P-1 in order, then the calls, then the OUTPUT node (FORMAT.md S1).
struct NodeRange {
  uint64_t first = 0;
  uint64_t end = UINT64_MAX;
  bool contains(uint64_t index) const { return index >= first && index < end; }
};

struct VisualOptions {
  LayerStyle layers = LayerStyle::Cluster;
  /// The word before a layer's number in data keys, placeholder names and
  /// `nn_module_stack` metadata: `layers` finds `layers.3.attention.wq`,
  /// `p_layers_3_attention_wq_weight`, `model.layers.3`.
  std::string layerWord = "layers";
  /// Only these nodes of each method (subgraphs of a kept call are kept
  /// whole); values from nodes outside are drawn as stubs.
  std::optional<NodeRange> range;
  /// Model Explorer's collection label: ng-translate gives the input's file
  /// name ("program" when empty).
  std::string label;
};

/// Parse a --node-range value, `FIRST:END` (END exclusive; either may be
/// left out: `:100`, `5000:`). Fails with a message saying why.
llvm::Expected<NodeRange> parseNodeRange(llvm::StringRef text);

/// The layer a name or key belongs to, as `<word>.<N>` ("layers.3" for
/// "layers.3.attention.wq.weight", "p_layers_3_ffn_norm_weight" or
/// "model.layers.3"), or "" when it names none. With several, the last
/// (innermost in an `nn_module_stack`).
std::string getLayerName(llvm::StringRef text, llvm::StringRef word);

/// Write `module` as a Graphviz digraph: a cluster per method and per
/// subgraph.
void writeDot(mlir::ModuleOp module, llvm::raw_ostream &os,
              const VisualOptions &options);

/// Write `module` as Model Explorer graph JSON, a GraphCollection
/// `{"label": options.label, "graphs": [...]}`: a graph per method and per
/// subgraph (the calls list theirs in `subgraphIds`).
void writeModelExplorerJson(mlir::ModuleOp module, llvm::raw_ostream &os,
                            const VisualOptions &options);

} // namespace ng

#endif // NG_TARGET_VISUAL_VISUAL_H

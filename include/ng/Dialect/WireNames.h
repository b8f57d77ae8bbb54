//===- WireNames.h - wire names as location hints ---------------*- C++ -*-===//
//
// NPTG refers to values by name (FORMAT.md N1, N2). In ng IR those names are
// hints kept in locations, where MLIR's passes ignore them when they compare
// ops: upstream --cse merges two identical calls whatever their names, an op
// can be cloned, and a pass may make nodes without names. The exporter then
// gives every node and value of a graph a unique name (GraphNames below): the
// recorded one when it is free, else a suffixed one. docs/Dialect.md
// ("Names") shows the locations; docs/Rationale.md says why.
//
// Locations:
//   a placeholder (block argument)    NameLoc("x", <context>)
//   a node whose one output has its   NameLoc("aten_add_tensor", <context>)
//   name, or that has no outputs
//   any other node                    fused<"ng.outputs">[
//                                       <node location>, NameLoc("getitem"),
//                                       NameLoc("getitem_1"), ...]
//     (one entry per result after the node's own; UnknownLoc for a result
//     without a name)
//   <context> of an imported node     fused<@forward>["model.nptg":0:0]: the
//                                     method and the file
//
// Anything else (a FileLineColLoc, a FusedLoc from a pass that merged two
// ops, ...) is an unnamed node whose results have no names; a NameLoc
// inside another location does not name the node.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_WIRENAMES_H
#define NG_DIALECT_WIRENAMES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"

#include "ng/Support/NameMap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

namespace mlir {
class Operation;
class Region;
} // namespace mlir

namespace ng {

//===----------------------------------------------------------------------===//
// Reading and writing the hints
//===----------------------------------------------------------------------===//

/// The wire name recorded for node `op`: the name its location records; for
/// an ng.output that records none, "output" (the OUTPUT node's name, S1);
/// else "" (a node without a name, which the exporter names: GraphNames).
llvm::StringRef getNodeName(mlir::Operation *op);
/// The name `loc` records for the node it locates, or "".
llvm::StringRef getNodeName(mlir::Location loc);

/// The wire name recorded for `value`: a block argument's location name, or
/// the name the defining node's location gives the result. "" for none.
llvm::StringRef getWireName(mlir::Value value);

/// The location of a node named `nodeName` (may be "") whose results are
/// named `resultNames` ("" for an unnamed one), within `context` (the method
/// and file, or the source location of the text).
mlir::Location getNodeLoc(mlir::MLIRContext *ctx, llvm::StringRef nodeName,
                          llvm::ArrayRef<llvm::StringRef> resultNames,
                          mlir::Location context);

/// `loc` without the node names it records: the location for a node a pass
/// makes in place of, or next to, the node at `loc`, when the new node should
/// get a name of its own from the exporter.
mlir::Location getUnnamedLoc(mlir::Location loc);

/// `op`'s location with node name `nodeName` and result names `resultNames`
/// ("" for unnamed), keeping the context.
void setNodeNames(mlir::Operation *op, llvm::StringRef nodeName,
                  llvm::ArrayRef<llvm::StringRef> resultNames);

/// Record `name` as the wire name of block argument `arg`.
void setWireName(mlir::BlockArgument arg, llvm::StringRef name);

/// The context of an imported node: fused<@method>[fileLoc].
mlir::Location getMethodContextLoc(llvm::StringRef method,
                                   mlir::Location fileLoc);
/// The method a location's context names (fused<@method>[...]), or "".
llvm::StringRef getContextMethod(mlir::Location loc);

/// Where `loc` is, in the words of ng's messages: "method 'forward', node
/// 'aten_add_tensor'", "method 'forward'", "node 'x'", or "" when it names
/// neither. The method is left out when `message`, the text that will
/// follow, opens with it ("method 'forward': ..."), the node when `message`
/// names it ("node 'x' ...").
std::string describeNodeLocation(mlir::Location loc,
                                 llvm::StringRef message = "");

/// How messages name `value`: its wire name in quotes (`'x'`), `'<unnamed>'`
/// without one. The noun is the message's: "value 'x'", "output 'x'".
std::string describe(mlir::Value value);
/// How messages name node `op` (an ng.call or ng.output): its name
/// (getNodeName) in quotes, `'<unnamed>'` without one; another op by its
/// op name. The noun is the message's: "node 'aten_add_tensor'".
std::string describe(mlir::Operation *op);
/// describe(value), under the name lib/Interpreter uses.
inline std::string quoteValueName(mlir::Value value) { return describe(value); }

/// The name the exporter gives a node of `target` that has none: the target
/// without `torch.ops.`, lower case, each character a name cannot have
/// replaced by '_' ("torch.ops.aten.add.Tensor" -> "aten_add_tensor"), as
/// torch.fx names nodes.
std::string getNameForTarget(llvm::StringRef target);

//===----------------------------------------------------------------------===//
// Unique names for one graph
//===----------------------------------------------------------------------===//

/// Every node and value of one graph (a method body or a subgraph) with a
/// wire name unique in it (V1 for nodes, V2 for values): the recorded name
/// when no earlier node or value of the graph holds it; otherwise, and for
/// an unnamed node or value, a name with the first free `_<n>` suffix
/// (`x_1`, `aten_add_tensor_2`). A node without a name is named after its
/// target (getNameForTarget); an unnamed result of a node named N after
/// N (one output) or `N_out<i>` (several, as the reference serializer names
/// outputs no getitem extracts); an unnamed placeholder `arg<i>`, as MLIR
/// prints it. Deterministic: the names depend only on the
/// graph's order. Linear in the graph's size.
class GraphNames {
public:
  /// Names the entry block arguments and the ops of `graph` (not nested
  /// graphs: each has its own GraphNames).
  explicit GraphNames(mlir::Region &graph);

  /// The name of a block argument or op result of the graph.
  llvm::StringRef getName(mlir::Value value) const;
  /// The name of a node of the graph (ng.call or ng.output).
  llvm::StringRef getName(mlir::Operation *op) const;

private:
  enum : uint8_t { kNode = 1, kValue = 2 };
  /// Takes `name` as a node and/or value name (`kinds`); false when one of
  /// them is taken.
  bool claim(llvm::StringRef name, uint8_t kinds);
  /// Claims and returns `base`, or `base_<n>` for the first free n, as a
  /// name of `kinds`.
  llvm::StringRef claimFresh(llvm::StringRef base, uint8_t kinds);

  /// Every name taken, with what it names (kNode, kValue). Keys point into
  /// the context's strings or `saver`.
  NameMap<uint8_t> taken;
  /// Per base name, the next suffix to try.
  llvm::StringMap<unsigned> nextSuffix;
  /// The names that differ from the recorded ones.
  llvm::DenseMap<mlir::Value, llvm::StringRef> renamedValues;
  llvm::DenseMap<mlir::Operation *, llvm::StringRef> renamedNodes;
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver{allocator};
};

} // namespace ng

#endif // NG_DIALECT_WIRENAMES_H

//===- WireNames.cpp - wire names as location hints -----------------------===//
//
// See include/ng/Dialect/WireNames.h for the locations this reads and makes.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/WireNames.h"

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace ng;

/// The metadata of a node location that lists its results' names.
static constexpr llvm::StringLiteral kOutputsMarker("ng.outputs");

static bool isOutputsLoc(FusedLoc fused) {
  auto marker = dyn_cast_or_null<StringAttr>(fused.getMetadata());
  return marker && marker.getValue() == kOutputsMarker &&
         !fused.getLocations().empty();
}

StringRef ng::getNodeName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().getValue();
  if (auto fused = dyn_cast<FusedLoc>(loc); fused && isOutputsLoc(fused))
    if (auto name = dyn_cast<NameLoc>(fused.getLocations().front()))
      return name.getName().getValue();
  return {};
}

StringRef ng::getNodeName(Operation *op) {
  StringRef name = getNodeName(op->getLoc());
  return name.empty() && isa<OutputOp>(op) ? StringRef("output") : name;
}

/// The name `loc`, a node's location, gives its result `index` of `count`.
static StringRef getResultName(Location loc, unsigned index, unsigned count) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return index == 0 && count == 1 ? name.getName().getValue() : StringRef();
  if (auto fused = dyn_cast<FusedLoc>(loc); fused && isOutputsLoc(fused)) {
    ArrayRef<Location> locs = fused.getLocations();
    if (index + 1 < locs.size())
      if (auto name = dyn_cast<NameLoc>(locs[index + 1]))
        return name.getName().getValue();
  }
  return {};
}

/// How messages name a node or value that has no name.
static constexpr llvm::StringLiteral kUnnamed("<unnamed>");

static std::string quote(StringRef name) {
  return ("'" + (name.empty() ? StringRef(kUnnamed) : name) + "'").str();
}

std::string ng::describe(Value value) { return quote(getWireName(value)); }

std::string ng::describe(Operation *op) {
  if (!isa<CallOp, OutputOp>(op))
    return quote(op->getName().getStringRef());
  return quote(getNodeName(op));
}

StringRef ng::getWireName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto name = dyn_cast<NameLoc>(arg.getLoc()))
      return name.getName().getValue();
    return {};
  }
  auto result = cast<OpResult>(value);
  Operation *owner = result.getOwner();
  return getResultName(owner->getLoc(), result.getResultNumber(),
                       owner->getNumResults());
}

/// The context of a node location: what it says beyond the names.
static Location getContext(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getChildLoc();
  if (auto fused = dyn_cast<FusedLoc>(loc); fused && isOutputsLoc(fused))
    return getContext(fused.getLocations().front());
  return loc;
}

Location ng::getUnnamedLoc(Location loc) { return getContext(loc); }

Location ng::getNodeLoc(MLIRContext *ctx, StringRef nodeName,
                        ArrayRef<StringRef> resultNames, Location context) {
  Location node =
      nodeName.empty()
          ? context
          : Location(NameLoc::get(StringAttr::get(ctx, nodeName), context));
  if (resultNames.empty() ||
      (resultNames.size() == 1 && resultNames.front() == nodeName &&
       !nodeName.empty()))
    return node;
  if (llvm::all_of(resultNames, [](StringRef name) { return name.empty(); }) &&
      resultNames.size() != 1)
    return node;
  SmallVector<Location, 4> locs;
  locs.reserve(resultNames.size() + 1);
  locs.push_back(node);
  Location unknown = UnknownLoc::get(ctx);
  for (StringRef name : resultNames)
    locs.push_back(name.empty() ? unknown
                                : Location(NameLoc::get(
                                      StringAttr::get(ctx, name), unknown)));
  // The storage getter, not FusedLoc::get: that one drops repeated and
  // unknown locations, and a result's position is its entry's.
  return FusedLoc::get(ctx, locs, StringAttr::get(ctx, kOutputsMarker));
}

void ng::setNodeNames(Operation *op, StringRef nodeName,
                      ArrayRef<StringRef> resultNames) {
  op->setLoc(getNodeLoc(op->getContext(), nodeName, resultNames,
                        getContext(op->getLoc())));
}

void ng::setWireName(BlockArgument arg, StringRef name) {
  Location context = arg.getLoc();
  if (auto named = dyn_cast<NameLoc>(context))
    context = named.getChildLoc();
  arg.setLoc(name.empty()
                 ? context
                 : Location(NameLoc::get(
                       StringAttr::get(arg.getContext(), name), context)));
}

Location ng::getMethodContextLoc(StringRef method, Location fileLoc) {
  MLIRContext *ctx = fileLoc.getContext();
  return FusedLoc::get(ctx, {fileLoc}, FlatSymbolRefAttr::get(ctx, method));
}

StringRef ng::getContextMethod(Location loc) {
  Location context = getContext(loc);
  if (auto fused = dyn_cast<FusedLoc>(context))
    if (auto symbol = dyn_cast_or_null<FlatSymbolRefAttr>(fused.getMetadata()))
      return symbol.getValue();
  return {};
}

std::string ng::describeNodeLocation(Location loc, StringRef message) {
  // A message that opens with its method (a pass's remark: "method
  // 'forward': folded ...") does not get it twice; one that names the
  // method in passing ("not a buffer of method 'forward'") keeps the prefix.
  std::string text;
  if (StringRef method = getContextMethod(loc); !method.empty()) {
    std::string methodText = ("method '" + method + "'").str();
    if (!message.starts_with(methodText))
      text = std::move(methodText);
  }
  StringRef node = getNodeName(loc);
  if (node.empty())
    return text;
  std::string nodeText = "node " + quote(node);
  if (!message.contains(nodeText))
    text += (text.empty() ? "" : ", ") + nodeText;
  return text;
}

std::string ng::getNameForTarget(StringRef target) {
  target.consume_front("torch.ops.");
  std::string name;
  name.reserve(target.size());
  for (char c : target)
    name.push_back(llvm::isAlnum(c) ? llvm::toLower(c) : '_');
  if (name.empty())
    name = "node";
  return name;
}

//===----------------------------------------------------------------------===//
// GraphNames
//===----------------------------------------------------------------------===//

bool GraphNames::claim(StringRef name, uint8_t kinds) {
  uint8_t &held = taken.tryEmplace(name).first->value;
  if (held & kinds)
    return false;
  held |= kinds;
  return true;
}

StringRef GraphNames::claimFresh(StringRef base, uint8_t kinds) {
  if (claim(base, kinds))
    return base;
  unsigned &next = nextSuffix.try_emplace(base, 1).first->second;
  for (;; ++next) {
    std::string candidate = (base + "_" + llvm::Twine(next)).str();
    if (NameMap<uint8_t>::Entry *entry = taken.find(candidate);
        entry && entry->value)
      continue;
    ++next;
    StringRef saved = saver.save(candidate);
    claim(saved, kinds);
    return saved;
  }
}

GraphNames::GraphNames(Region &graph) {
  if (graph.empty())
    return;
  Block &body = graph.front();
  taken.reserve(body.getNumArguments() + 2 * body.getOperations().size());

  // First every recorded name that is free where it stands; then names for
  // the rest, which may not take a recorded name even of a later node.
  SmallVector<BlockArgument> pendingArgs;
  for (BlockArgument arg : body.getArguments()) {
    // A placeholder is a node and a value of one name (S1).
    StringRef name = getWireName(arg);
    if (name.empty() || !claim(name, kNode | kValue))
      pendingArgs.push_back(arg);
  }
  // Per pending node: whether its only result is pending too.
  SmallVector<std::pair<Operation *, bool>> pendingNodes;
  SmallVector<OpResult> pendingResults;
  for (Operation &op : body) {
    StringRef name = ng::getNodeName(&op);
    bool nodePending = name.empty() || !claim(name, kNode);
    bool resultPending = false;
    for (OpResult result : op.getResults()) {
      StringRef valueName = getWireName(result);
      if (valueName.empty() || !claim(valueName, kValue)) {
        pendingResults.push_back(result);
        resultPending = true;
      }
    }
    if (nodePending)
      pendingNodes.emplace_back(&op, resultPending && op.getNumResults() == 1);
  }

  for (BlockArgument arg : pendingArgs) {
    // An unnamed one as MLIR prints it (`%arg0`), so that a program
    // exported directly and one printed and read back get the same names.
    StringRef base = getWireName(arg);
    if (base.empty())
      base = saver.save("arg" + llvm::Twine(arg.getArgNumber()));
    renamedValues[arg] = claimFresh(base, kNode | kValue);
  }
  for (auto [op, onlyResultPending] : pendingNodes) {
    StringRef base = ng::getNodeName(op);
    if (base.empty())
      base = saver.save(getNameForTarget(cast<CallOp>(op).getTarget()));
    // A node and its only result of one name (or none) keep one name, as
    // torch.fx names a node and its value: a copy of node `x` is `x_1`.
    OpResult only;
    if (onlyResultPending) {
      StringRef resultName = getWireName(op->getResult(0));
      if (resultName.empty() || resultName == ng::getNodeName(op))
        only = op->getResult(0);
    }
    StringRef name = claimFresh(base, only ? kNode | kValue : kNode);
    renamedNodes[op] = name;
    if (only)
      renamedValues[only] = name;
  }
  for (OpResult result : pendingResults) {
    if (renamedValues.count(result))
      continue;
    StringRef base = getWireName(result);
    std::string derived;
    if (base.empty()) {
      // After its node's unique name.
      Operation *owner = result.getOwner();
      StringRef node = getName(owner);
      derived =
          owner->getNumResults() == 1
              ? node.str()
              : (node + "_out" + llvm::Twine(result.getResultNumber())).str();
      base = derived;
    }
    renamedValues[result] = claimFresh(saver.save(base), kValue);
  }
}

StringRef GraphNames::getName(Value value) const {
  auto it = renamedValues.find(value);
  return it != renamedValues.end() ? it->second : getWireName(value);
}

StringRef GraphNames::getName(Operation *op) const {
  auto it = renamedNodes.find(op);
  return it != renamedNodes.end() ? it->second : ng::getNodeName(op);
}

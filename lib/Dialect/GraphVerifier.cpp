//===- GraphVerifier.cpp - FORMAT.md V rules on ng IR ---------------------===//
//
// Rule ids refer to FORMAT.md section 4. Rules that SSA form guarantees by
// construction are noted where they would otherwise be checked:
//   V3 (references resolve to earlier values)  -> MLIR dominance
//   V4 (placeholders restate inputs/bindings)  -> placeholders are block args
//   V5 (parallel list lengths)                 -> ArgAttr::verify
//   V6 (alias_of names an operand, acyclic)    -> an operand index + SSA;
//                                                 the index is checked by
//                                                 verifyAliasOf (Storage.h)
//   V9 (subgraphs are self-contained)          -> IsolatedFromAbove
//
//===----------------------------------------------------------------------===//

#include "GraphVerifier.h"

#include "ng/Dialect/MethodGraphVerifier.h"

#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpSchemas.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace ng;

//===----------------------------------------------------------------------===//
// Arguments and operands
//===----------------------------------------------------------------------===//

static bool isTensor(Type type) { return isa<ng::TensorType>(type); }

/// The type of a referenced value in messages: `i64` rather than `'i64'`.
static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

LogicalResult ng::verifyArgumentOperands(Operation *node) {
  auto op = cast<WireArgumentOpInterface>(node);
  // The operand types ODS has checked (Ng_NodeValue); here, that each
  // argument's operands are of its kind. The walk stops at the first
  // argument the operands cannot cover.
  unsigned numArgs = op.getArgs().size(), walked = 0, covered = 0;
  for (WireArgument arg : op.getWireArguments()) {
    ++walked;
    covered = arg.getBeginOperandIndex() + arg.getNumOperands();
    std::optional<ArgKind> expected = arg.getAttr().getOperandKind();
    for (OpOperand &operand : arg.getOpOperands()) {
      Type type = operand.get().getType();
      if (getReferenceKind(type) == expected)
        continue;
      InFlightDiagnostic diag = op->emitOpError()
                                << "argument " << arg.getLabel() << " ("
                                << stringifyArgKind(arg.getKind())
                                << ") must reference "
                                << describeReferenceKind(*expected);
      if (Type scalar = getScalarType(op->getContext(), *expected))
        diag << " (" << typeText(scalar) << ")";
      return diag << ", but " << describe(operand.get()) << " is " << type;
    }
  }
  if (walked != numArgs)
    return op->emitOpError() << "has fewer operands than its arguments "
                                "reference";
  if (covered != op->getNumOperands())
    return op->emitOpError()
           << "has " << op->getNumOperands()
           << " operands but its arguments reference " << covered;
  return success();
}

static LogicalResult verifyMetadata(Operation *op,
                                    std::optional<ArrayAttr> metadata) {
  if (!metadata)
    return success();
  for (Attribute entry : *metadata) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    if (!pair || pair.size() != 2 || !isa<StringAttr>(pair[0]) ||
        !isa<StringAttr>(pair[1]))
      return op->emitOpError()
             << "metadata entries must be [\"key\", \"value\"] pairs";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ng.call / ng.output local checks
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verify() {
  if (failed(verifyArgumentOperands(*this)) ||
      failed(verifyMetadata(*this, getMetadata())))
    return failure();
  // Argument names and kinds against the target's schema (`slef`): what the
  // runtime's kernel registry would refuse (OpSchemas.h).
  if (failed(verifyCallSchema(*this, [&] { return emitOpError(); })))
    return failure();

  unsigned graphArgs = llvm::count_if(getArgList(), [](ArgAttr arg) {
    return arg.getKind() == ArgKind::Graph;
  });
  if (graphArgs != getGraphs().size())
    return emitOpError() << "has " << graphArgs << " graph arguments but "
                         << getGraphs().size() << " regions";

  if (std::optional<ArrayRef<int32_t>> groups = getOutputGroups()) {
    int64_t total = 0;
    for (int32_t g : *groups)
      total += g < 0 ? 1 : g;
    if (total != getNumResults())
      return emitOpError() << "output_groups cover " << total
                           << " results, but the op has " << getNumResults();
  }
  // Each result is a node value (ODS, Ng_NodeValue); a TENSOR_LIST's are
  // tensors.
  unsigned numOutputs = getNumWireOutputs();
  for (unsigned i = 0; i < numOutputs; ++i) {
    bool isList;
    ResultRange results = getWireOutputResults(i, isList);
    if (!isList)
      continue;
    for (Value result : results)
      if (!isTensor(result.getType()))
        return emitOpError() << "result " << describe(result) << " has type "
                             << result.getType() << "; outputs are tensors";
  }
  // V6, with the storage rules' own reading of alias_of (Storage.h).
  if (failed(verifyAliasOf(*this)))
    return failure();
  return success();
}

LogicalResult CallOp::verifyRegions() {
  for (Region &region : getGraphs())
    if (failed(verifySubgraph(*this, region)))
      return failure();
  return success();
}

LogicalResult OutputOp::verify() {
  if (failed(verifyArgumentOperands(*this)) ||
      failed(verifyMetadata(*this, getMetadata())))
    return failure();
  SmallVector<Value> tensors = getTensorOutputs();
  auto method = dyn_cast<MethodOp>((*this)->getParentOp());
  if (std::optional<ArrayAttr> specs = getSpecs()) {
    if (!method)
      return emitOpError() << "output specs belong to a method's output only";
    if ((*this)->hasAttr(NgDialect::getUnresolvedSpecInputsAttrName()))
      return emitOpError() << "user_input_mutation names its input by SSA or "
                              "wire name, which only the custom form of "
                              "ng.method resolves; the generic form gives "
                              "#ng.output_spec<user_input_mutation, input = "
                              "N>";
    // V10: output_specs is parallel to Graph.outputs.
    if (specs->size() != tensors.size())
      return emitOpError() << "has " << specs->size() << " output specs for "
                           << tensors.size() << " tensor outputs (V10)";
  }
  if (method) {
    ArrayRef<Type> resultTypes = method.getResultTypes();
    if (resultTypes != ArrayRef<Type>(llvm::to_vector(getOperandTypes())))
      return emitOpError() << "operand types must match the method's result "
                              "types";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Graph rules
//===----------------------------------------------------------------------===//

namespace {
/// Checks shared by methods and subgraphs (V7 for outputs, V8). V1 and V2
/// are rules of the file, not of the IR: names are hints (WireNames.h).
class GraphChecker {
public:
  GraphChecker(Operation *owner, Region &body) : owner(owner), body(body) {}

  /// V8 (dim orders) over the placeholders and the nodes, then V7 for the
  /// outputs.
  LogicalResult check() {
    if (failed(checkPlaceholders()))
      return failure();
    for (Operation &op : body.front())
      if (failed(checkNode(op)))
        return failure();
    return checkOutputMeta();
  }

  /// V8 for the placeholders.
  LogicalResult checkPlaceholders() {
    for (BlockArgument arg : body.getArguments())
      if (failed(checkDimOrder(owner, arg)))
        return failure();
    return success();
  }

  /// V8 for one node's results.
  LogicalResult checkNode(Operation &op) {
    for (Value result : op.getResults())
      if (failed(checkDimOrder(&op, result)))
        return failure();
    return success();
  }

  /// V7 for Graph.outputs (after the last node).
  LogicalResult checkOutputMeta() {
    auto output = dyn_cast<OutputOp>(body.front().getTerminator());
    if (!output)
      return owner->emitOpError() << "body must end with ng.output";
    for (Value value : output.getTensorOutputs())
      if (!cast<ng::TensorType>(value.getType()).hasMeta())
        return output.emitOpError() << "output " << describe(value)
                                    << " has no tensor metadata (V7)";
    return success();
  }

private:
  static LogicalResult checkDimOrder(Operation *at, Value value) {
    auto type = dyn_cast<ng::TensorType>(value.getType());
    if (!type || !type.getDimOrder() || type.getDimOrder().empty())
      return success();
    ArrayRef<int64_t> order = type.getDimOrder().asArrayRef();
    int64_t rank = type.getRank();
    SmallVector<bool> seen(rank, false);
    bool valid = static_cast<int64_t>(order.size()) == rank;
    for (int64_t d : order) {
      if (!valid)
        break;
      valid = d >= 0 && d < rank && !seen[d];
      if (valid)
        seen[d] = true;
    }
    if (valid)
      return success();
    InFlightDiagnostic diag = at->emitOpError() << "value " << describe(value)
                                                << " has dim_order [";
    llvm::interleaveComma(order, diag);
    if (rank == 0)
      return diag << "], but a rank-0 tensor has no dims to order (V8)";
    return diag << "], which is not a permutation of 0.." << rank - 1
                << " (V8)";
  }

  Operation *owner;
  Region &body;
};
} // namespace

LogicalResult ng::verifySubgraph(CallOp call, Region &region) {
  GraphChecker checker(call, region);
  if (failed(checker.check()))
    return failure();
  for (BlockArgument arg : region.getArguments()) {
    auto type = dyn_cast<ng::TensorType>(arg.getType());
    if (type && type.hasMeta())
      continue;
    return call.emitOpError()
           << "graph '" << call.getGraphLabel(region.getRegionNumber())
           << "': input " << describe(arg) << " has no tensor metadata (V7)";
  }
  return success();
}

struct MethodGraphVerifier::State {
  explicit State(MethodOp method)
      : method(method), checker(method, method.getBody()) {}
  MethodOp method;
  GraphChecker checker;
  /// What V11 needs to know of the placeholders.
  llvm::StringSet<> bufferFqns;
  /// The warnings where wire flags say less than the op facts.
  FlagWarningBudget flagWarnings;
};

MethodGraphVerifier::MethodGraphVerifier(MethodOp method)
    : state(std::make_unique<State>(method)) {}
MethodGraphVerifier::~MethodGraphVerifier() = default;

LogicalResult MethodGraphVerifier::verifyPlaceholders() {
  MethodOp method = state->method;
  if (method.getSymName().empty())
    return method.emitOpError() << "method name must not be empty (V12)";
  Region &body = method.getBody();
  if (body.empty())
    return method.emitOpError() << "must have a body";
  // One binding per placeholder (the generic form can say otherwise).
  size_t numPlaceholders = body.getNumArguments();
  auto checkCount = [&](size_t count, StringRef property,
                        StringRef what) -> LogicalResult {
    if (count < numPlaceholders)
      return method.emitOpError()
             << "placeholder #" << count << " has no recorded " << what << " (`"
             << property << "` has " << count << " entries for "
             << numPlaceholders << " placeholders)";
    if (count > numPlaceholders)
      return method.emitOpError()
             << "`" << property << "` has " << count << " entries for "
             << numPlaceholders << " placeholders";
    return success();
  };
  if (failed(checkCount(method.getArgBindings().size(), "arg_bindings",
                        "binding")))
    return failure();
  // V7 (metadata), V12 (binding rules); collect what V11 needs.
  for (BlockArgument arg : body.getArguments()) {
    unsigned index = arg.getArgNumber();
    StringRef name = method.getArgName(index);
    auto type = dyn_cast<ng::TensorType>(arg.getType());
    // The stored binding, not its attribute: the keys are kept as strings
    // (PlaceholderBinding.h), and the sets below point at them.
    const PlaceholderBinding &binding = method.getPlaceholderBinding(index);
    if (!type)
      return method.emitOpError()
             << "placeholder '" << name << "' must be a tensor, not "
             << arg.getType();
    StringRef role = binding.isInput()      ? "input"
                     : binding.isConstant() ? "constant"
                                            : "mutable buffer";
    if (!type.hasMeta()) {
      InFlightDiagnostic diag = method.emitOpError()
                                << role << " '" << name << "'";
      if (binding.isMutableBuffer())
        diag << " (fqn '" << binding.key << "')";
      return diag << " has no tensor metadata (V7)";
    }
    if (!binding.isInput() && binding.key.empty())
      return method.emitOpError() << role << " '" << name << "' has an empty "
                                  << (binding.isConstant() ? "data key" : "fqn")
                                  << "; data keys are fqns (N3)";
    if (binding.isInput()) {
      // (A USER_INPUT_MUTATION names its input by position: nothing to
      // collect.)
    } else if (binding.isConstant()) {
      if (binding.mutated && binding.kind != InputKind::Buffer)
        return method.emitOpError()
               << "constant '" << name << "' is marked mutated but is a "
               << stringifyInputKind(binding.kind)
               << "; only a buffer can be (V12)";
      if (binding.kind == InputKind::Buffer)
        state->bufferFqns.insert(binding.key);
    } else {
      state->bufferFqns.insert(binding.key);
    }
  }
  // V8 (after the bindings: V13 relies on them).
  return state->checker.checkPlaceholders();
}

LogicalResult MethodGraphVerifier::verifyNode(Operation &op) {
  if (failed(state->checker.checkNode(op)))
    return failure();
  // Warnings (never failures) where the wire flags say less than the op
  // facts know, the node's subgraphs included, in graph order.
  op.walk<WalkOrder::PreOrder>(
      [&](CallOp call) { warnIfFlagsMissFacts(call, state->flagWarnings); });
  // V13: no in-place write to a parameter or a constant tensor, by any node
  // of the method's own graph (the OUTPUT node's arguments included). The
  // write, the root and its kind are the storage rules' (Storage.h).
  MethodOp method = state->method;
  SmallVector<StorageWrite, 2> writes;
  forEachStorageWrite(
      &op,
      [&](const StorageWrite &write) {
        if (write.kind == StorageWrite::Kind::InPlace)
          writes.push_back(write);
      },
      /*writeBacks=*/false);
  for (const StorageWrite &write : writes) {
    Value root = getStorageRoot(write.value, FlagSource::Wire);
    auto arg = dyn_cast<BlockArgument>(root);
    if (!arg || arg.getOwner()->getParentOp() != method ||
        !isReadOnlyStorage(getStorageKind(root)))
      continue;
    const PlaceholderBinding &constant =
        method.getPlaceholderBinding(arg.getArgNumber());
    return op.emitOpError()
           << "node " << describe(&op)
           << " writes a read-only tensor in place: argument "
           << getArgumentLabel(write.arg, write.index) << " is stored in "
           << stringifyInputKind(constant.kind) << " '"
           << method.getArgName(arg.getArgNumber()) << "' (V13)";
  }
  return success();
}

LogicalResult MethodGraphVerifier::verifyOutputs() {
  if (unsigned more = state->flagWarnings.suppressed) {
    state->flagWarnings.suppressed = 0;
    state->method.emitWarning()
        << more << (more == 1 ? " more node" : " more nodes") << " of method '"
        << state->method.getSymName() << "' "
        << (more == 1 ? "says less in its wire flags than ng knows of its "
                        "target"
                      : "say less in their wire flags than ng knows of their "
                        "targets")
        << " (only the first " << FlagWarningBudget::kShown
        << " are shown); --ng-infer-aliases records what they do";
  }
  if (failed(state->checker.checkOutputMeta()))
    return failure();
  // V11: what each output writes back.
  MethodOp method = state->method;
  OutputOp output = method.getOutputOp();
  SmallVector<Value> outputs = output.getTensorOutputs();
  for (auto [index, value] : llvm::enumerate(outputs)) {
    OutputSpecAttr spec = output.getSpec(index);
    StringRef target = spec.getTarget() ? spec.getTarget().getValue() : "";
    switch (spec.getKind()) {
    case OutputKind::UserOutput:
      if (!target.empty())
        return output.emitOpError()
               << "user output " << describe(value) << " has target '" << target
               << "'; a USER_OUTPUT has none (V11)";
      break;
    case OutputKind::BufferMutation:
      if (!state->bufferFqns.contains(target))
        return output.emitOpError()
               << "output " << describe(value) << " mutates buffer '" << target
               << "', which is not a buffer of method '" << method.getSymName()
               << "' (V11)";
      break;
    case OutputKind::UserInputMutation: {
      // The input is a placeholder, by position (OutputSpecAttr).
      int64_t input = spec.getInput();
      Region &body = method.getBody();
      if (spec.getTarget() || input < 0 ||
          input >= static_cast<int64_t>(body.getNumArguments()))
        return output.emitOpError()
               << "output " << describe(value)
               << " mutates an input, but its spec names no placeholder "
                  "of method '"
               << method.getSymName() << "' (V11)";
      if (!method.getPlaceholderBinding(input).isInput())
        return output.emitOpError()
               << "output " << describe(value) << " mutates input "
               << describe(body.getArgument(input))
               << ", which is not a user input (V11)";
      break;
    }
    }
  }
  return success();
}

LogicalResult ng::verifyMethodGraph(MethodOp method) {
  // One walk over the nodes, for the V rules and the records of written
  // storage: on a million nodes every walk is a trip to memory.
  MethodGraphVerifier verifier(method);
  if (failed(verifier.verifyPlaceholders()))
    return failure();
  StorageRecordsVerifier records(method);
  for (Operation &op : method.getBody().front()) {
    if (failed(verifier.verifyNode(op)))
      return failure();
    records.addNode(op);
  }
  if (failed(verifier.verifyOutputs()))
    return failure();
  return records.verify();
}

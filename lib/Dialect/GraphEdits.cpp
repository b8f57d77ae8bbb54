//===- GraphEdits.cpp - edit placeholders, constants and uses -------------===//

#include "ng/Dialect/GraphEdits.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgDialect.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace ng;

//===----------------------------------------------------------------------===//
// Placeholders
//===----------------------------------------------------------------------===//

StringRef ConstantPlaceholder::getName() const {
  return MethodOp(method).getArgName(arg.getArgNumber());
}

/// The method whose placeholder `value` is, or null (a subgraph's, a node's
/// result).
static MethodOp getOwningMethod(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return MethodOp();
  return dyn_cast_or_null<MethodOp>(arg.getOwner()->getParentOp());
}

std::optional<ConstantPlaceholder> ng::getConstantPlaceholder(Value value) {
  MethodOp method = getOwningMethod(value);
  if (!method)
    return std::nullopt;
  auto arg = cast<BlockArgument>(value);
  // From the stored binding: its attribute form is made, uniqued, on
  // request.
  const PlaceholderBinding &binding =
      method.getPlaceholderBinding(arg.getArgNumber());
  if (!binding.isConstant() || binding.kind == InputKind::UserInput)
    return std::nullopt;
  return ConstantPlaceholder{method, arg, binding.key, binding.kind,
                             binding.mutated};
}

BlockArgument ng::addPlaceholder(RewriterBase &rewriter, MethodOp method,
                                 unsigned index, StringRef name, Type type,
                                 const PlaceholderBinding &binding,
                                 Location loc) {
  return method.modifyPlaceholders(
      rewriter, {PlaceholderInsertion{index, type, name.str(), binding, loc}},
      llvm::BitVector())[0];
}

BlockArgument ng::addConstant(RewriterBase &rewriter, MethodOp method,
                              unsigned index, StringRef name, Type type,
                              InputKind kind, StringRef dataKey, Location loc,
                              DenseResourceElementsAttr data) {
  BlockArgument arg = addPlaceholder(
      rewriter, method, index, name, type,
      PlaceholderBinding::constant(kind, dataKey, /*mutated=*/false), loc);
  if (data)
    if (auto module = method->getParentOfType<ModuleOp>())
      rewriter.modifyOpInPlace(module, [&] {
        setConstantData(
            module, {NamedAttribute(
                        StringAttr::get(method.getContext(), dataKey), data)});
      });
  return arg;
}

void ng::retypePlaceholder(RewriterBase &rewriter, BlockArgument arg, Type type,
                           bool updateSignature) {
  MethodOp method = getOwningMethod(arg);
  if (method && updateSignature)
    return method.retypePlaceholders(rewriter, {{arg.getArgNumber(), type}});
  if (method)
    return rewriter.modifyOpInPlace(method, [&] { arg.setType(type); });
  arg.setType(type);
}

unsigned ng::retypeConstant(RewriterBase &rewriter, ModuleOp module,
                            StringRef dataKey, Type type,
                            DenseResourceElementsAttr data) {
  unsigned retyped = 0;
  for (auto method : module.getOps<MethodOp>()) {
    SmallVector<std::pair<unsigned, Type>> types;
    for (BlockArgument arg : method.getArguments()) {
      const PlaceholderBinding &binding =
          method.getPlaceholderBinding(arg.getArgNumber());
      if (binding.isConstant() && binding.key == dataKey)
        types.push_back({arg.getArgNumber(), type});
    }
    method.retypePlaceholders(rewriter, types);
    retyped += types.size();
  }
  if (data)
    rewriter.modifyOpInPlace(module, [&] {
      setConstantData(
          module, {NamedAttribute(StringAttr::get(module.getContext(), dataKey),
                                  data)});
    });
  return retyped;
}

std::string ng::whyPlaceholderIsNeeded(BlockArgument arg) {
  MethodOp method = getOwningMethod(arg);
  if (!method)
    return "it is not a placeholder of a method";
  std::string name =
      ("placeholder '" + method.getArgName(arg.getArgNumber()) + "'").str();
  if (!arg.use_empty()) {
    return name + " is read by node " + describe(*arg.getUsers().begin());
  }
  MethodPlaceholderIndex index(method);
  if (index.isWrittenBack(arg.getArgNumber()))
    return name + " is written back by the method's output (A3)";
  return "";
}

LogicalResult
ng::removePlaceholder(RewriterBase &rewriter, BlockArgument arg,
                      function_ref<InFlightDiagnostic()> emitError) {
  MethodOp method = getOwningMethod(arg);
  if (!method) {
    if (emitError)
      emitError() << "cannot remove a value that is not a method's "
                     "placeholder";
    return failure();
  }
  return removePlaceholders(rewriter, method, {arg}, emitError);
}

LogicalResult
ng::removePlaceholders(RewriterBase &rewriter, MethodOp method,
                       ArrayRef<BlockArgument> args,
                       function_ref<InFlightDiagnostic()> emitError) {
  if (args.empty())
    return success();
  std::optional<MethodPlaceholderIndex> index;
  llvm::BitVector erased(method.getNumArguments());
  for (BlockArgument arg : args) {
    if (getOwningMethod(arg) != method) {
      if (emitError)
        emitError() << "cannot remove a value that is not a placeholder of "
                       "method '"
                    << method.getSymName() << "'";
      return failure();
    }
    std::string why;
    if (!arg.use_empty()) {
      why = whyPlaceholderIsNeeded(arg);
    } else {
      // One index for all: asking whyPlaceholderIsNeeded for each would
      // read the output specs once per placeholder.
      if (!index)
        index.emplace(method);
      if (index->isWrittenBack(arg.getArgNumber()))
        why = whyPlaceholderIsNeeded(arg);
    }
    if (!why.empty()) {
      if (emitError)
        emitError() << "cannot remove " << why;
      return failure();
    }
    erased.set(arg.getArgNumber());
  }
  method.modifyPlaceholders(rewriter, {}, erased);
  return success();
}

//===----------------------------------------------------------------------===//
// Constant data
//===----------------------------------------------------------------------===//

SmallVector<std::string> ng::pruneConstantData(RewriterBase &rewriter,
                                               ModuleOp module) {
  SmallVector<std::string> dropped;
  DictionaryAttr data = getConstantData(module);
  if (!data)
    return dropped;
  llvm::StringSet<> needed;
  for (auto method : module.getOps<MethodOp>()) {
    for (BlockArgument arg : method.getArguments()) {
      const PlaceholderBinding &binding =
          method.getPlaceholderBinding(arg.getArgNumber());
      if (binding.isConstant())
        needed.insert(binding.key);
    }
    // Quantization metadata names its scales and zero points by key (V15).
    collectQuantizationKeys(method, needed);
  }
  NamedAttrList kept;
  for (NamedAttribute entry : data) {
    if (needed.contains(entry.getName().getValue()))
      kept.push_back(entry);
    else
      dropped.push_back(entry.getName().getValue().str());
  }
  if (!dropped.empty())
    rewriter.modifyOpInPlace(module, [&] {
      module->setAttr(NgDialect::getDataAttrName(),
                      kept.getDictionary(module.getContext()));
    });
  return dropped;
}

//===----------------------------------------------------------------------===//
// Uses
//===----------------------------------------------------------------------===//

std::string ng::whyUsesCannotBeReplaced(Value from, Value to) {
  if (from == to)
    return "";
  bool fromTensor = isa<ng::TensorType>(from.getType());
  if (fromTensor != isa<ng::TensorType>(to.getType()) ||
      (!fromTensor && from.getType() != to.getType()))
    return describe(from) + " and " + describe(to) +
           " are not of one kind (a tensor for a tensor, a scalar for a "
           "scalar)";

  Block *toBlock = to.getParentBlock();
  Operation *toOp = to.getDefiningOp();
  // Asked once, and only when a user writes `from`.
  std::optional<bool> sameStorage;
  for (OpOperand &use : from.getUses()) {
    Operation *user = use.getOwner();
    // `to` is made before the user (or before the op holding it).
    Operation *anchor = toBlock->findAncestorOpInBlock(*user);
    if (!anchor || (toOp && (anchor == toOp || !toOp->isBeforeInBlock(anchor))))
      return "node " + describe(user) + " reads " + describe(from) +
             " before " + describe(to) + " is made";

    bool written = false;
    forEachStorageWrite(
        user,
        [&](const StorageWrite &write) { written |= write.operand == &use; },
        /*writeBacks=*/false);
    if (!written)
      continue;
    Value toRoot = getStorageRoot(to);
    if (isReadOnlyStorage(getStorageKind(toRoot)))
      return "node " + describe(user) + " writes " + describe(from) +
             " in place, and " + describe(to) + " is read-only storage (" +
             stringifyStorageKind(getStorageKind(toRoot)).str() + ", V13)";
    if (!sameStorage)
      sameStorage = getStorageRoot(from) == toRoot;
    if (!*sameStorage)
      return "node " + describe(user) + " writes " + describe(from) +
             " in place: the write would move to the storage of " +
             describe(to);
  }
  return "";
}

LogicalResult
ng::replaceAllUsesKeepingAliases(RewriterBase &rewriter, Value from, Value to,
                                 function_ref<InFlightDiagnostic()> emitError) {
  std::string why = whyUsesCannotBeReplaced(from, to);
  if (!why.empty()) {
    if (emitError)
      emitError() << "cannot replace the uses of " << describe(from) << ": "
                  << why;
    return failure();
  }
  if (from == to)
    return success();
  SmallVector<MethodOp, 1> outputsOf;
  for (Operation *user : from.getUsers())
    if (isa<OutputOp>(user))
      if (auto method = dyn_cast<MethodOp>(user->getParentOp()))
        outputsOf.push_back(method);
  bool fromWritten = isStorageWritten(from);
  rewriter.replaceAllUsesWith(from, to);
  // `from`'s readers and writers are `to`'s now: what was written of the
  // one is written of the other.
  if (fromWritten)
    markStorageWritten(rewriter, to);
  for (MethodOp method : outputsOf)
    rewriter.modifyOpInPlace(method, [&] { method.updateSignature(); });
  return success();
}

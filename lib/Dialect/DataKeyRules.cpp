//===- DataKeyRules.cpp - program-wide rules on data keys -----------------===//
//
// Data keys (FORMAT.md N3) name program-wide things: a constant's data, a
// mutable buffer. Two rules tie what the methods say about them together:
//
// S9: every binding of one data key, in any method, declares the same
// tensor metadata (dtype, sizes, dim_order, quant): the key names one
// tensor, whose data the methods share. Likewise every mutable buffer of
// one fqn. (The reference serializer raises on either conflict.)
//
// V15: every AffineGroup scale key, and zero-point key when non-empty, on
// any value of a method (placeholder, subgraph input, node output) names a
// constant bound in that method, not mutated, not itself quantized, whose
// element type is the declared scale / zero-point dtype. That is what the
// newest upstream loader needs to find a quantized tensor's parameters.
//
// Neither needs the data. S9 reads the placeholders; V15 walks each method's
// values once and indexes the method's constants only when it meets a
// quantized value.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ConstantData.h"

#include "ng/Dialect/NgOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace ng;

namespace {

/// A placeholder bound to a data key or fqn.
struct Declaration {
  MethodOp method;
  BlockArgument placeholder;

  StringRef name() { return method.getArgName(placeholder.getArgNumber()); }
  Type type() const { return placeholder.getType(); }
};

/// S9: the first declaration of each key, to hold the others to.
class SharedKeyChecker {
public:
  LogicalResult declare(Declaration declaration,
                        const PlaceholderBinding &binding) {
    bool isConstant = binding.isConstant();
    auto &firsts = isConstant ? constants : buffers;
    auto [it, inserted] = firsts.try_emplace(binding.key, declaration);
    if (inserted || it->second.type() == declaration.type())
      return success();
    Declaration &first = it->second;
    StringRef what = isConstant ? "constant" : "mutable buffer";
    StringRef keyKind = isConstant ? "data_key" : "fqn";
    return declaration.method.emitOpError()
           << what << " '" << declaration.name() << "' (" << keyKind << " '"
           << binding.key << "') of method '" << declaration.method.getSymName()
           << "' is " << declaration.type() << ", but " << what << " '"
           << first.name() << "' of method '" << first.method.getSymName()
           << "' declares '" << binding.key << "' as " << first.type()
           << " (S9: one " << keyKind << ", one tensor)";
  }

private:
  llvm::StringMap<Declaration> constants;
  llvm::StringMap<Declaration> buffers;
};

/// V15 for one method: its constants by data key, and every quantized
/// value's parameters looked up among them.
class QuantParamChecker {
public:
  QuantParamChecker(MethodOp method, Block &body)
      : method(method), body(body) {}

  LogicalResult run() {
    WalkResult walk = method.walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        if (failed(checkValue(arg)))
          return WalkResult::interrupt();
      for (Operation &op : *block)
        for (Value result : op.getResults())
          if (failed(checkValue(result)))
            return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

private:
  /// A data key's constant in this method: the first placeholder bound to
  /// it (S9 makes the others agree on the type), and whether any is
  /// mutated.
  struct Constant {
    unsigned index;
    bool mutated;
  };

  /// The method's constants by data key, made on the first quantized value.
  const llvm::StringMap<Constant> &constantsByKey() {
    if (constants)
      return *constants;
    constants.emplace();
    for (BlockArgument arg : body.getArguments()) {
      const PlaceholderBinding &binding =
          method.getPlaceholderBinding(arg.getArgNumber());
      if (!binding.isConstant())
        continue;
      auto [it, inserted] = constants->try_emplace(
          binding.key, Constant{arg.getArgNumber(), binding.mutated});
      it->second.mutated |= binding.mutated;
    }
    return *constants;
  }

  LogicalResult checkValue(Value value) {
    auto type = dyn_cast<ng::TensorType>(value.getType());
    auto group = type ? dyn_cast_or_null<AffineGroupAttr>(type.getQuant())
                      : AffineGroupAttr();
    if (!group)
      return success();
    if (failed(checkParam(value, group.getScaleDataKey(), "scale",
                          group.getScaleDtype())))
      return failure();
    StringRef zeroPointKey = getZeroPointDataKey(group);
    if (zeroPointKey.empty())
      return success();
    return checkParam(value, zeroPointKey, "zero point",
                      group.getZeroPointDtype());
  }

  /// The op to report a value at: the node that makes it, or the node or
  /// method whose graph it is an input of.
  static Operation *reportAt(Value value) {
    if (Operation *op = value.getDefiningOp())
      return op;
    return cast<BlockArgument>(value).getOwner()->getParentOp();
  }

  LogicalResult checkParam(Value value, StringRef key, StringRef what,
                           Type dtype) {
    StringRef name = getWireName(value);
    auto error = [&]() {
      InFlightDiagnostic diag = reportAt(value)->emitOpError();
      diag << "quantization parameter '" << key << "' for '" << name << "' ";
      return diag;
    };
    const llvm::StringMap<Constant> &constants = constantsByKey();
    auto it = constants.find(key);
    if (it == constants.end())
      return error() << "is not bound in method '" << method.getSymName()
                     << "' (V15: its " << what
                     << " must be a constant of the method)";
    const Constant &constant = it->second;
    StringRef constantName = method.getArgName(constant.index);
    if (constant.mutated)
      return error() << "is constant '" << constantName << "' of method '"
                     << method.getSymName()
                     << "', which is mutated (V15: quantization parameters "
                        "are read-only)";
    auto paramType =
        dyn_cast<ng::TensorType>(body.getArgument(constant.index).getType());
    if (!paramType) // not a tensor: the method verifier reports it (V4)
      return success();
    if (paramType.getQuant())
      return error() << "is constant '" << constantName << "' of method '"
                     << method.getSymName()
                     << "', which is itself quantized (V15)";
    if (paramType.getElementType() != dtype)
      return error() << "is constant '" << constantName << "' of method '"
                     << method.getSymName() << "' of "
                     << paramType.getElementType() << ", but the " << what
                     << " dtype is " << dtype << " (V15)";
    return success();
  }

  MethodOp method;
  Block &body;
  std::optional<llvm::StringMap<Constant>> constants;
};

} // namespace

LogicalResult ng::verifyDataKeyRules(ModuleOp module) {
  SharedKeyChecker shared;
  for (auto method : module.getOps<MethodOp>()) {
    Block *body = getVerifiableBody(method);
    if (!body) // the method verifier reports it
      continue;
    for (BlockArgument arg : body->getArguments()) {
      const PlaceholderBinding &binding =
          method.getPlaceholderBinding(arg.getArgNumber());
      if (!binding.isInput() && failed(shared.declare({method, arg}, binding)))
        return failure();
    }
  }
  for (auto method : module.getOps<MethodOp>()) {
    Block *body = getVerifiableBody(method);
    if (body && failed(QuantParamChecker(method, *body).run()))
      return failure();
  }
  return success();
}

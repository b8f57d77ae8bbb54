//===- CheckRuntime.cpp - what the native runtime would refuse ------------===//
//
// --ng-check-runtime: the native runtime's loader takes less than the format
// allows (docs/Security.md, "The native runtime's loader"). Each finding
// names the method and node or value; errors unless warn=true. The IR is
// left as it is.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpSchemas.h"
#include "ng/Dialect/WireNames.h"
#include "ng/Target/NativeGraph/Export.h"
#include "ng/Target/NativeGraph/Import.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

namespace ng {
#define GEN_PASS_DEF_CHECKRUNTIME
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

/// A type as people read it (printTypeSummary).
static std::string summary(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printTypeSummary(type, os);
  return text;
}

/// flatbuffers::Verifier's defaults, which the runtime's loader keeps.
static constexpr unsigned kRuntimeVerifierDepth = 64;
static constexpr unsigned kRuntimeVerifierTables = 1000000;

namespace {
struct CheckRuntimePass : public ng::impl::CheckRuntimeBase<CheckRuntimePass> {
  using CheckRuntimeBase::CheckRuntimeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (MethodOp method : module.getOps<MethodOp>()) {
      if (staticShapes)
        checkStaticShapes(method);
      checkOutputReferences(method);
      checkKernels(method);
      checkConstantData(module, method);
    }
    checkVerifierLimits(module);
    if (found && !warn)
      signalPassFailure();
  }

private:
  bool found = false;

  /// A finding at `loc`: an error, or with warn=true a warning.
  InFlightDiagnostic report(Location loc) {
    found = true;
    return warn ? emitWarning(loc) : emitError(loc);
  }

  /// "method 'forward', input 'x'" or "method 'forward', node 'n'".
  static std::string where(MethodOp method, Value value) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "method '" << method.getSymName() << "', ";
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner()->getParentOp() == method)
      os << "placeholder " << describe(value);
    else if (Operation *op = value.getDefiningOp(); op && isa<CallOp>(op))
      os << "node " << describe(op) << ", output " << describe(value);
    else
      os << "subgraph input " << describe(value);
    return text;
  }

  void checkStaticShapes(MethodOp method) {
    auto check = [&](Value value) {
      auto type = dyn_cast<ng::TensorType>(value.getType());
      if (!type || !type.hasMeta() || type.hasStaticShape())
        return;
      for (auto [index, dim] : llvm::enumerate(type.getSizes())) {
        if (dim.isStatic())
          continue;
        report(value.getLoc())
            << where(method, value) << ": dim #" << index << " is dynamic ("
            << summary(type)
            << "); a runtime that takes static shapes only refuses it "
               "(static-shapes=true)";
        return;
      }
    };
    method.walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        check(arg);
    });
    method.walk([&](CallOp call) {
      for (Value result : call->getResults())
        check(result);
    });
  }

  /// S7 lists only tensors in Graph.outputs; the loader wants every value
  /// the OUTPUT node references there.
  void checkOutputReferences(MethodOp method) {
    method.walk([&](OutputOp output) {
      for (Value operand : output->getOperands()) {
        if (isa<ng::TensorType>(operand.getType()))
          continue;
        report(output.getLoc())
            << "method '" << method.getSymName() << "', node "
            << describe(output) << ": references " << describe(operand) << " ("
            << summary(operand.getType())
            << "), which Graph.outputs does not list (S7: tensors only); the "
               "runtime's loader requires every value the OUTPUT node "
               "references there";
      }
    });
  }

  /// Targets no schema knows, once per target. `_operator.*` (Python's
  /// scalar operators: getitem, add, ge, ...) are the runtime's own
  /// primitives.
  void checkKernels(MethodOp method) {
    llvm::MapVector<StringRef, std::pair<CallOp, unsigned>> unknown;
    method.walk([&](CallOp call) {
      StringRef target = call.getTarget();
      if (target.starts_with("_operator.") || lookupOpSchema(target))
        return;
      auto &entry = unknown[target];
      if (!entry.first)
        entry.first = call;
      ++entry.second;
    });
    for (auto &[target, entry] : unknown)
      report(entry.first.getLoc())
          << "method '" << method.getSymName() << "', node "
          << describe(entry.first) << ": no operator schema knows target '"
          << target << "' (" << entry.second
          << (entry.second == 1 ? " node" : " nodes")
          << "); a runtime may have no kernel for it";
  }

  void checkConstantData(ModuleOp module, MethodOp method) {
    unsigned constants = 0, missing = 0;
    std::optional<unsigned> first;
    for (unsigned i = 0, e = method.getNumArguments(); i < e; ++i) {
      const PlaceholderBinding &binding = method.getPlaceholderBinding(i);
      if (!binding.isConstant())
        continue;
      ++constants;
      if (lookupConstantData(module, binding.key))
        continue;
      ++missing;
      if (!first)
        first = i;
    }
    if (!missing)
      return;
    report(method.getLoc())
        << "method '" << method.getSymName() << "': " << missing << " of "
        << constants << " constants have no data (the first: '"
        << method.getArgName(*first) << "', data_key '"
        << method.getPlaceholderBinding(*first).key
        << "'); the runtime cannot load them (give --constants=FILE, or "
           "import the package)";
  }

  /// The program as the export writes it, verified as the loader does.
  void checkVerifierLimits(ModuleOp module) {
    SmallVector<uint8_t> bytes;
    if (failed(exportNativeGraph(module, bytes))) {
      found = true; // the export said why
      return;
    }
    auto verifies = [&](unsigned depth, unsigned long tables) {
      return verifiesAsProgram(bytes, depth, tables);
    };
    constexpr unsigned kUnlimited = std::numeric_limits<unsigned>::max();
    if (!verifies(kRuntimeVerifierDepth, kUnlimited))
      report(getModuleDiagnosticLoc(module))
          << "the program as written nests flatbuffer tables deeper than "
          << kRuntimeVerifierDepth
          << " levels, the flatbuffers Verifier's default that the runtime's "
             "loader uses (each nested subgraph adds about 6)";
    if (!verifies(kUnlimited, kRuntimeVerifierTables))
      report(getModuleDiagnosticLoc(module))
          << "the program as written (" << bytes.size()
          << " bytes) has more than " << kRuntimeVerifierTables
          << " flatbuffer tables, the flatbuffers Verifier's default that the "
             "runtime's loader uses (about 140k nodes)";
  }
};
} // namespace

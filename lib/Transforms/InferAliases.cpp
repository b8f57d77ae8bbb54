//===- InferAliases.cpp - fill in alias_of and mutated (FORMAT.md A1, A2) -===//
//
// For every ng.call whose target the alias table knows
// (ng/Analysis/AliasTable.h): marks the arguments the op writes `mut`, and
// records which argument a single tensor output aliases, where the program
// lacks them. Unknown targets are left alone. Where the program says
// something the table contradicts (an alias the table does not have, a
// different aliased argument, a written argument the op does not write) the
// program is kept and a warning names the disagreement.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Analysis/AliasTable.h"
#include "ng/Dialect/NgOps.h"

namespace ng {
#define GEN_PASS_DEF_INFERALIASES
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

std::string argLabel(ArgAttr arg, unsigned index) {
  if (arg.getName())
    return ("'" + arg.getName().getValue() + "'").str();
  return "#" + std::to_string(index);
}

struct InferAliasesPass : public ng::impl::InferAliasesBase<InferAliasesPass> {
  using InferAliasesBase::InferAliasesBase;

  void runOnOperation() override {
    getOperation().walk([&](CallOp call) { infer(call); });
  }

  void infer(CallOp call) {
    std::optional<AliasRule> rule = lookupAliasRule(call.getTarget());
    if (!rule)
      return;
    MLIRContext *ctx = &getContext();
    SmallVector<ArgAttr> args = call.getArgList();
    auto findArg = [&](StringRef name) -> std::optional<unsigned> {
      for (auto [index, arg] : llvm::enumerate(args))
        if (arg.getName() && arg.getName().getValue() == name)
          return index;
      return std::nullopt;
    };
    auto warn = [&]() {
      return call.emitWarning() << "node '" << call.getNodeName() << "' ("
                                << call.getTarget() << "): ";
    };

    // `mut`: the arguments the op writes.
    bool argsChanged = false;
    for (StringRef name : rule->mutatedArgs) {
      std::optional<unsigned> index = findArg(name);
      if (!index)
        continue; // Not the schema the table knows: leave it alone.
      ArgAttr arg = args[*index];
      if (arg.getMutated() || (arg.getKind() != ArgKind::Tensor &&
                               arg.getKind() != ArgKind::TensorList))
        continue;
      args[*index] =
          ArgAttr::get(ctx, arg.getKind(), arg.getName(),
                       /*mutated=*/true, arg.getValue(), arg.getMask());
      argsChanged = true;
    }
    for (auto [index, arg] : llvm::enumerate(args)) {
      if (!arg.getMutated() ||
          (arg.getName() &&
           llvm::is_contained(rule->mutatedArgs, arg.getName().getValue())))
        continue;
      InFlightDiagnostic diag = warn();
      diag << "the program marks argument " << argLabel(arg, index)
           << " mutated, but the op ";
      if (rule->mutatedArgs.empty()) {
        diag << "writes no argument";
      } else {
        diag << "writes only ";
        llvm::interleaveComma(rule->mutatedArgs, diag, [&](StringRef name) {
          diag << "'" << name << "'";
        });
      }
      diag << " (FORMAT.md A1, A2); keeping the program's";
    }
    if (argsChanged)
      call.setArgsAttr(ArrayAttr::get(
          ctx,
          llvm::map_to_vector(args, [](ArgAttr a) -> Attribute { return a; })));

    // alias_of: only single-tensor returns carry it (A1).
    unsigned numOutputs = call.getNumWireOutputs();
    auto aliasedArgOf = [&](unsigned operand) -> std::string {
      unsigned offset = 0;
      for (auto [index, arg] : llvm::enumerate(args)) {
        unsigned count = arg.getNumOperands();
        if (operand < offset + count)
          return argLabel(arg, index);
        offset += count;
      }
      return "#?";
    };
    if (rule->aliasedArg.empty()) {
      for (unsigned output = 0; output < numOutputs; ++output)
        if (std::optional<unsigned> operand = call.getAliasedOperand(output))
          warn() << "the program says output #" << output << " aliases "
                 << aliasedArgOf(*operand)
                 << ", but the op's outputs alias nothing (FORMAT.md A2); "
                    "keeping the program's";
      return;
    }
    bool isList = false;
    if (numOutputs != 1)
      return;
    ResultRange results = call.getWireOutputResults(0, isList);
    if (isList || !isa<ng::TensorType>(results.front().getType()))
      return;
    std::optional<unsigned> index = findArg(rule->aliasedArg);
    if (!index || args[*index].getKind() != ArgKind::Tensor)
      return;
    unsigned expected = call.getArgOperands(*index).getBeginOperandIndex();
    std::optional<unsigned> declared = call.getAliasedOperand(0);
    if (!declared) {
      call.setAliasOfAttr(
          DenseI32ArrayAttr::get(ctx, {static_cast<int32_t>(expected)}));
      return;
    }
    if (*declared != expected)
      warn() << "the program says the output aliases "
             << aliasedArgOf(*declared) << ", but the op's output aliases '"
             << rule->aliasedArg << "' (FORMAT.md A2); keeping the program's";
  }
};

} // namespace

//===- InferAliases.cpp - fill in alias_of and mutated (FORMAT.md A1, A2) -===//
//
// For every ng.call whose aliasing the op facts know (ng/Dialect/OpFacts.h,
// OpFacts.td): marks the arguments the op writes `mut`, and
// records which argument a single tensor output aliases, where the program
// lacks them. Unknown targets are left alone. Where the program says
// something the table contradicts (an alias the table does not have, a
// different aliased argument, a written argument the op does not write) the
// program is kept and a warning names the disagreement.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/CallBuilder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"

namespace ng {
#define GEN_PASS_DEF_INFERALIASES
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

struct InferAliasesPass : public ng::impl::InferAliasesBase<InferAliasesPass> {
  using InferAliasesBase::InferAliasesBase;

  void runOnOperation() override {
    getOperation().walk([&](CallOp call) { infer(call); });
  }

  void infer(CallOp call) {
    std::optional<OpFacts> rule = lookupOpFacts(call.getTarget());
    if (!rule || !rule->knowsAliasing)
      return;
    MLIRContext *ctx = &getContext();
    auto warn = [&]() {
      return call.emitWarning()
             << "node " << describe(call) << " (" << call.getTarget() << "): ";
    };
    // The argument operand `operand` belongs to, as the warnings name it.
    auto aliasedArgOf = [&](unsigned operand) -> std::string {
      if (std::optional<WireArgument> arg =
              call.getWireArguments().findByOperand(operand))
        return arg->getLabel();
      return "#?";
    };

    // `mut`: the arguments the op writes.
    SmallVector<unsigned, 2> newlyMutated;
    for (WireArgument arg : call.getWireArguments()) {
      bool written = rule->mutates(arg.getName());
      if (written && !arg.isMutated() &&
          (arg.getKind() == ArgKind::Tensor ||
           arg.getKind() == ArgKind::TensorList))
        newlyMutated.push_back(arg.getIndex());
      if (!arg.isMutated() || written)
        continue;
      InFlightDiagnostic diag = warn();
      diag << "the program marks argument " << arg.getLabel()
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
    IRRewriter rewriter(call);
    for (unsigned index : newlyMutated)
      setArgumentMutated(rewriter, call, index, /*mutated=*/true);

    // alias_of: only single-tensor returns carry it (A1).
    unsigned numOutputs = call.getNumWireOutputs();
    if (rule->aliasedArg.empty()) {
      for (unsigned output = 0; output < numOutputs; ++output)
        if (std::optional<unsigned> operand = call.getAliasedOperand(output))
          warn() << "the program says output #" << output << " aliases "
                 << aliasedArgOf(*operand)
                 << ", but the op's outputs alias nothing (FORMAT.md A2); "
                    "keeping the program's";
      return;
    }
    if (std::optional<unsigned> expected =
            getImpliedAliasOperand(call, *rule)) {
      rewriter.modifyOpInPlace(call, [&] {
        call.setAliasOfAttr(
            DenseI32ArrayAttr::get(ctx, {static_cast<int32_t>(*expected)}));
      });
      return;
    }
    // The program has an alias_of: say so where it disagrees.
    bool isList = false;
    if (numOutputs != 1)
      return;
    ResultRange results = call.getWireOutputResults(0, isList);
    if (isList || !isa<ng::TensorType>(results.front().getType()))
      return;
    std::optional<WireArgument> source = call.findArgument(rule->aliasedArg);
    if (!source || source->getKind() != ArgKind::Tensor)
      return;
    std::optional<unsigned> declared = call.getAliasedOperand(0);
    if (declared && *declared != source->getBeginOperandIndex())
      warn() << "the program says the output aliases "
             << aliasedArgOf(*declared) << ", but the op's output aliases '"
             << rule->aliasedArg << "' (FORMAT.md A2); keeping the program's";
  }
};

} // namespace

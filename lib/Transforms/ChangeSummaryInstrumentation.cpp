//===- ChangeSummaryInstrumentation.cpp - what each pass changed ----------===//
//
// See include/ng/Transforms/ChangeSummaryInstrumentation.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/ChangeSummaryInstrumentation.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace mlir;
using namespace ng;

namespace {

/// What a pass may change, counted on the op it runs on.
struct Counts {
  std::map<std::string, int64_t> targets;
  int64_t nodes = 0;
  SmallVector<Type> placeholderTypes;
  int64_t dataEntries = 0;

  explicit Counts(Operation *op) {
    op->walk([&](CallOp call) {
      ++nodes;
      StringRef target = call.getTarget();
      target.consume_front("torch.ops.");
      ++targets[target.str()];
    });
    auto addMethod = [&](MethodOp method) {
      llvm::append_range(placeholderTypes, method.getArgumentTypes());
    };
    if (auto method = dyn_cast<MethodOp>(op))
      addMethod(method);
    else
      op->walk([&](MethodOp method) { addMethod(method); });
    auto module = dyn_cast<ModuleOp>(op);
    if (!module)
      module = op->getParentOfType<ModuleOp>();
    if (module)
      if (DictionaryAttr data = getConstantData(module))
        dataEntries = data.size();
  }
};

/// A pass's changes, summed over the ops it ran on.
struct Change {
  std::string name;
  int64_t nodesBefore = 0, nodesAfter = 0;
  std::map<std::string, int64_t> targetDeltas;
  int64_t placeholdersBefore = 0, placeholdersAfter = 0, retyped = 0;
  int64_t dataBefore = 0, dataAfter = 0;
  bool dataSeen = false;

  void add(const Counts &before, const Counts &after) {
    nodesBefore += before.nodes;
    nodesAfter += after.nodes;
    for (const auto &[target, count] : before.targets)
      targetDeltas[target] -= count;
    for (const auto &[target, count] : after.targets)
      targetDeltas[target] += count;
    placeholdersBefore += before.placeholderTypes.size();
    placeholdersAfter += after.placeholderTypes.size();
    if (before.placeholderTypes.size() == after.placeholderTypes.size())
      for (auto [old, now] :
           llvm::zip(before.placeholderTypes, after.placeholderTypes))
        retyped += old != now;
    // Data is the program's: one count per pass, not one per method.
    if (!dataSeen) {
      dataBefore = before.dataEntries;
      dataSeen = true;
    }
    dataAfter = after.dataEntries;
  }

  void print(llvm::raw_ostream &os) const {
    os << name << ": ";
    SmallVector<std::string> parts;
    std::string text;
    llvm::raw_string_ostream line(text);
    bool changedTargets = llvm::any_of(
        targetDeltas, [](const auto &entry) { return entry.second != 0; });
    if (nodesBefore != nodesAfter || changedTargets) {
      line << "calls " << nodesBefore << " -> " << nodesAfter << " (";
      bool first = true;
      // Additions first, then removals, each in target order.
      for (bool added : {true, false})
        for (const auto &[target, delta] : targetDeltas) {
          if (delta == 0 || (delta > 0) != added)
            continue;
          line << (first ? "" : ", ") << (delta > 0 ? "+" : "") << delta << " "
               << target;
          first = false;
        }
      line << ")";
      parts.push_back(text);
      text.clear();
    }
    if (placeholdersBefore != placeholdersAfter || retyped) {
      line << "placeholders " << placeholdersBefore << " -> "
           << placeholdersAfter;
      if (retyped)
        line << " (" << retyped << " retyped)";
      parts.push_back(text);
      text.clear();
    }
    if (dataBefore != dataAfter) {
      line << "data " << dataBefore << " -> " << dataAfter;
      parts.push_back(text);
      text.clear();
    }
    if (parts.empty())
      os << "no change";
    llvm::interleave(parts, os, "; ");
    os << "\n";
  }
};

} // namespace

struct ChangeSummaryInstrumentation::State {
  llvm::raw_ostream &os;
  /// By pass, in the order they first ran: the pipeline's.
  llvm::MapVector<Pass *, Change> changes;
  /// The counts of the passes running, innermost last (--inline runs a
  /// pipeline of its own, whose passes are its part, not steps).
  /// Their counts are taken for the outermost only.
  SmallVector<std::pair<Pass *, std::optional<Counts>>> running;
};

/// An adaptor (the pass manager's own, running a nested pipeline) has no
/// argument: its passes are the steps.
static bool isStep(Pass *pass) { return !pass->getArgument().empty(); }

ChangeSummaryInstrumentation::ChangeSummaryInstrumentation(
    llvm::raw_ostream &os)
    : state(new State{os, {}, {}}) {}

ChangeSummaryInstrumentation::~ChangeSummaryInstrumentation() {
  for (auto &entry : state->changes)
    entry.second.print(state->os);
  state->os.flush();
}

void ChangeSummaryInstrumentation::runBeforePass(Pass *pass, Operation *op) {
  if (!isStep(pass))
    return;
  std::optional<Counts> before;
  if (state->running.empty())
    before.emplace(op);
  state->running.emplace_back(pass, std::move(before));
}

void ChangeSummaryInstrumentation::runAfterPass(Pass *pass, Operation *op) {
  if (!isStep(pass) || state->running.empty())
    return;
  auto [started, before] = state->running.pop_back_val();
  // Only the outermost steps: a nested one is its parent's work.
  if (!before)
    return;
  Change &change = state->changes[started];
  if (change.name.empty())
    change.name = started->getArgument().str();
  change.add(*before, Counts(op));
}

void ChangeSummaryInstrumentation::runAfterPassFailed(Pass *pass,
                                                      Operation *op) {
  runAfterPass(pass, op);
}

//===- RemoveRuntimeAsserts.cpp - drop the assertions the types prove -----===//
//
// --ng-remove-runtime-asserts: torch.export leaves runtime assertions in a
// graph. `aten._assert_tensor_metadata` checks what the tensor's type
// already says, and goes. `aten._assert_scalar` and
// `aten.sym_constrain_range(_for_size)` check symbolic ints, and go only
// when the ranges ng knows of those (ng/Analysis/ScalarRanges.h: the
// DimRanges of the dims they come from, FORMAT.md S8) prove the check
// passes; anything ng cannot evaluate stays. Which targets are assertions
// and what they check are op facts (AssertionKind, OpFacts.td).
//
// A pattern, DropProvenAssertion, run by MLIR's greedy driver on the
// method's assertions: one ScalarRanges walk over the method first, then
// each assertion is decided in O(its arguments). The driver erases a
// dropped one, then the producers of its operands that became dead and have
// no effects (a comparison, a sym_size), and nothing else.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Analysis/ScalarRanges.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace ng {
#define GEN_PASS_DEF_REMOVERUNTIMEASSERTS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// What becomes of one assertion, and why.
struct Decision {
  bool drop;
  std::string why;
};

std::string describe(IntRange range) {
  auto end = [](int64_t value) {
    return value == kMin || value == kMax
               ? std::string(value < 0 ? "-inf" : "inf")
               : std::to_string(value);
  };
  return "[" + end(range.min) + ", " + end(range.max) + "]";
}

/// The bound argument `name` of a range constraint gives: its literal, or
/// `fallback` for `none` or an absent argument; nullopt for anything else
/// (a reference ng cannot pin to one value).
std::optional<int64_t> getBound(CallOp call, StringRef name, int64_t fallback,
                                const ScalarRanges &ranges) {
  std::optional<WireArgument> arg = findSchemaArgument(call, name);
  if (!arg || arg->getKind() == ArgKind::None)
    return fallback;
  std::optional<IntRange> range = ranges.getRange(*arg);
  if (!range || !range->isExact())
    return std::nullopt;
  return range->min;
}

Decision decideRange(CallOp call, bool forSize, const ScalarRanges &ranges) {
  std::optional<WireArgument> size = findSchemaArgument(call, "size");
  std::optional<IntRange> range =
      size ? ranges.getRange(*size) : std::optional<IntRange>();
  if (!range)
    return {false, "ng cannot bound 'size' (not a literal, nor a size ng "
                   "knows the range of)"};
  std::optional<int64_t> min =
      getBound(call, "min", forSize ? 0 : kMin, ranges);
  std::optional<int64_t> max = getBound(call, "max", kMax, ranges);
  if (!min || !max)
    return {false, "its 'min' or 'max' is not a literal"};
  // sym_constrain_range_for_size fails for a max of 2 or less.
  if (forSize && *max <= 2)
    return {false, "its max " + std::to_string(*max) +
                       " is 2 or less, which the check rejects"};
  if (*min > *max)
    return {false, "its min is greater than its max, which the check rejects"};
  IntRange bounds{*min, *max};
  if (!bounds.contains(*range))
    return {false, "'size' is in " + describe(*range) + ", which may leave " +
                       describe(bounds)};
  return {true,
          "'size' is in " + describe(*range) + ", within " + describe(bounds)};
}

Decision decide(CallOp call, AssertionKind kind, const ScalarRanges &ranges) {
  switch (kind) {
  case AssertionKind::None:
  case AssertionKind::Other:
    return {false, "ng cannot evaluate what it checks"};
  case AssertionKind::TensorMetadata:
    return {true, "the tensor's type carries its metadata"};
  case AssertionKind::Scalar: {
    std::optional<WireArgument> self = findSchemaArgument(call, "self");
    std::optional<bool> value =
        self ? ranges.getKnownBool(*self) : std::optional<bool>();
    if (!value)
      return {false, "ng cannot evaluate 'self'"};
    if (!*value)
      return {false, "'self' is false: the check fails when it runs"};
    return {true, "'self' is true"};
  }
  case AssertionKind::ConstrainRange:
    return decideRange(call, /*forSize=*/false, ranges);
  case AssertionKind::ConstrainRangeForSize:
    return decideRange(call, /*forSize=*/true, ranges);
  }
  return {false, "ng cannot evaluate what it checks"};
}

/// Erases an assertion the tensor types or the scalar ranges prove (what
/// `decide` says). Each assertion is decided once, and remarked on then
/// with `report`, however often the driver offers it.
struct DropProvenAssertion : public OpRewritePattern<CallOp> {
  DropProvenAssertion(MLIRContext *ctx, const ScalarRanges &ranges, bool report)
      : OpRewritePattern(ctx), ranges(ranges), report(report) {}

  LogicalResult matchAndRewrite(CallOp call,
                                PatternRewriter &rewriter) const override {
    std::optional<OpFacts> facts = lookupOpFacts(call.getTargetAttr());
    if (!facts || facts->assertion == AssertionKind::None ||
        call->getNumResults() != 0)
      return rewriter.notifyMatchFailure(call, "not an assertion");
    auto [it, first] = decided.try_emplace(call, false);
    if (first) {
      Decision decision = decide(call, facts->assertion, ranges);
      it->second = decision.drop;
      if (report)
        call.emitRemark() << (decision.drop ? "dropped" : "kept")
                          << " assertion " << describe(call) << " ("
                          << getShortTargetName(call.getTarget())
                          << "): " << decision.why;
    }
    if (!it->second)
      return rewriter.notifyMatchFailure(call, "the assertion may fail");
    rewriter.eraseOp(call);
    return success();
  }

  const ScalarRanges &ranges;
  bool report;
  /// Whether each assertion offered so far goes (a pattern is const to the
  /// driver; the decisions are its memo).
  mutable llvm::DenseMap<Operation *, bool> decided;
};

struct RemoveRuntimeAssertsPass
    : public ng::impl::RemoveRuntimeAssertsBase<RemoveRuntimeAssertsPass> {
  using RemoveRuntimeAssertsBase::RemoveRuntimeAssertsBase;

  void runOnOperation() override {
    MethodOp method = getOperation();
    SmallVector<Operation *> assertions;
    method.getBody().walk([&](CallOp call) {
      std::optional<OpFacts> facts = lookupOpFacts(call.getTargetAttr());
      if (facts && facts->assertion != AssertionKind::None &&
          call->getNumResults() == 0)
        assertions.push_back(call);
    });
    if (assertions.empty())
      return markAllAnalysesPreserved();

    ScalarRanges ranges(method);
    RewritePatternSet patterns(&getContext());
    patterns.add<DropProvenAssertion>(&getContext(), ranges, report);
    // Only the assertions, then what their erasure leaves dead: no folding,
    // no region simplification, no other op of the method.
    GreedyRewriteConfig config;
    config.enableFolding(false).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    bool changed = false;
    if (failed(applyOpPatternsGreedily(assertions, std::move(patterns), config,
                                       &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

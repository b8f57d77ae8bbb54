//===- FoldQ4Weights.cpp - fold q4 weight dequantization (F1-F6) ----------===//
//
// Mirrors the reference serializer's _fold_gguf_dequant and
// _mark_torchao_q4_weights (shared/reference/graph_serialize.py) as an IR
// rewrite: the weight's metadata (its block argument's type) becomes the
// packed form, readers of the dequantized value read the weight, the
// dequantize nodes go away, and for torchao the data becomes its int4
// packing, `#ng.int4_packing<...>` (NgAttrs.td): packed where it is read, a
// chunk at a time straight into the exported package, so the fold allocates
// no weight memory at all.
//
//===----------------------------------------------------------------------===//

#include "ng/Transforms/Passes.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/GraphEdits.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/Storage.h"
#include "ng/Support/ByteSource.h"
#include "ng/Transforms/Q4Packing.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace ng {
#define GEN_PASS_DEF_FOLDQ4WEIGHTS
#include "ng/Transforms/Passes.h.inc"
} // namespace ng

using namespace mlir;
using namespace ng;

// Which targets are the dequantize ops (and their argument order), and which
// consumers may read a folded weight through which argument, are op facts
// (ng/Dialect/OpFacts.h, OpFacts.td).

namespace {

/// The position of schema argument `name` in the signature the op facts
/// give for `facts`' target. The folds read arguments by position, as the
/// reference serializer does (F1, F2); the signature says which is which.
unsigned argPosition(const OpFacts &facts, StringRef name) {
  std::optional<unsigned> index = facts.signature.indexOf(name);
  assert(index && "the signature in OpFacts.td lacks the argument");
  return *index;
}

/// The dequantize op of `kind` that `call` is, with its facts.
std::optional<OpFacts> dequantizeFacts(CallOp call, DequantizeKind kind) {
  std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
  if (!facts || facts->dequantize != kind)
    return std::nullopt;
  return facts;
}

/// The torchao parameters that must agree across a weight's dequantizes (F3).
struct AffineFold {
  CallOp dequantize;
  SmallVector<int64_t, 4> sizes;
  ConstantPlaceholder scale, zeroPoint;
  int64_t groupSize;

  bool sameParameters(const AffineFold &other) const {
    return sizes == other.sizes && scale.getName() == other.scale.getName() &&
           scale.arg.getType() == other.scale.arg.getType() &&
           zeroPoint.getName() == other.zeroPoint.getName() &&
           zeroPoint.arg.getType() == other.zeroPoint.arg.getType() &&
           groupSize == other.groupSize;
  }
};

struct FoldQ4WeightsPass
    : public ng::impl::FoldQ4WeightsBase<FoldQ4WeightsPass> {
  using FoldQ4WeightsBase::FoldQ4WeightsBase;

  void runOnOperation() override;

private:
  LogicalResult foldGguf(RewriterBase &rewriter, MethodOp method);
  LogicalResult foldTorchao(RewriterBase &rewriter, MethodOp method);
  std::optional<AffineFold> matchAffine(MethodOp method, CallOp call,
                                        ConstantPlaceholder &weight);
  FailureOr<Int4PackingAttr> repack(MethodOp method,
                                    const ConstantPlaceholder &weight,
                                    ArrayRef<int64_t> sizes);
  void remark(MethodOp method, const Twine &message) {
    if (report)
      emitRemark(method.getLoc())
          << "method '" << method.getSymName() << "': " << message;
  }

  /// Data keys repacked so far (a key is repacked once, F5).
  llvm::StringMap<Int4PackingAttr> repacked;
};

} // namespace

//===----------------------------------------------------------------------===//
// GGUF (F1, F6)
//===----------------------------------------------------------------------===//

LogicalResult FoldQ4WeightsPass::foldGguf(RewriterBase &rewriter,
                                          MethodOp method) {
  SmallVector<CallOp> dequantizes;
  for (auto call : method.getBody().front().getOps<CallOp>())
    if (dequantizeFacts(call, DequantizeKind::Gguf))
      dequantizes.push_back(call);

  for (CallOp call : dequantizes) {
    OpFacts facts = *dequantizeFacts(call, DequantizeKind::Gguf);
    std::optional<ConstantPlaceholder> weight = getConstantPlaceholder(
        getTensorArgument(call, argPosition(facts, "weight")));
    auto ggmlType =
        getLiteralArgument<StringAttr>(call, argPosition(facts, "ggml_type"));
    if (!weight || !ggmlType || call.getNumResults() != 1)
      continue;
    // Never fold storage that something writes (a buffer updated in place
    // or written back, docs/Aliasing.md): the packed bytes would be stale.
    // Nor a dequantized tensor that is written: redirecting its readers
    // would make the writes land in the weight.
    if (isStorageWritten(weight->arg) || isStorageWritten(call.getResult(0)))
      continue;
    auto resultType = dyn_cast<ng::TensorType>(call.getResult(0).getType());
    std::optional<SmallVector<int64_t, 4>> logical =
        resultType ? resultType.getStaticSizes() : std::nullopt;
    if (!logical)
      continue;

    // F6: a known block layout must agree with the raw and logical shapes.
    auto weightType = cast<ng::TensorType>(weight->arg.getType());
    bool alreadyPacked =
        isa_and_nonnull<PackedQuantAttr>(weightType.getQuant());
    if (std::optional<GgmlBlock> block = getGgmlBlock(ggmlType.getValue());
        block && !alreadyPacked) {
      std::optional<SmallVector<int64_t, 4>> raw = weightType.getStaticSizes();
      auto byteType = IntegerType::get(&getContext(), 8, IntegerType::Unsigned);
      if (!raw || raw->size() != 2 || weightType.getElementType() != byteType ||
          (*raw)[1] % block->bytes != 0 || logical->size() != 2 ||
          (*logical)[0] != (*raw)[0] ||
          (*logical)[1] != (*raw)[1] / block->bytes * block->elements) {
        return call.emitOpError()
               << "GGUF weight '" << weight->getName() << "' (data_key '"
               << weight->key << "') of type " << weightType
               << " does not hold " << ggmlType.getValue() << " blocks of "
               << block->elements << " elements in " << block->bytes
               << " bytes for the dequantized shape " << resultType
               << " (F6: raw (N, row_bytes) with row_bytes a "
               << "multiple of " << block->bytes << ")";
      }
    }

    auto packedType = ng::TensorType::get(
        &getContext(),
        IntegerType::get(&getContext(), 8, IntegerType::Unsigned),
        resultType.getSizes(), DenseI64ArrayAttr(),
        PackedQuantAttr::get(&getContext(),
                             ("gguf:" + ggmlType.getValue()).str()));
    if (alreadyPacked && weightType != packedType)
      return call.emitOpError()
             << "GGUF weight '" << weight->getName() << "' is dequantized as "
             << weightType.getQuant() << " and as " << packedType.getQuant()
             << "; a weight has one packing";
    retypePlaceholder(rewriter, weight->arg, packedType,
                      /*updateSignature=*/false);
    // The weight's class takes the dequantized tensor's readers.
    if (failed(replaceAllUsesKeepingAliases(
            rewriter, call.getResult(0), weight->arg,
            [&] { return call.emitOpError() << "cannot fold: "; })))
      return failure();
    rewriter.eraseOp(call);
    remark(method, "folded GGUF weight '" + weight->getName() +
                       "' (gguf:" + ggmlType.getValue() + ")");
  }
  method.retypePlaceholders(rewriter, {});
  return success();
}

//===----------------------------------------------------------------------===//
// torchao q4 (F2-F5)
//===----------------------------------------------------------------------===//

/// True when `user` reads `value` exactly once, as the weight of
/// aten.linear (argument 1) or aten.embedding (argument 0), any overload.
static bool isWeightUse(Value value, Operation *user) {
  auto call = dyn_cast<CallOp>(user);
  if (!call)
    return false;
  // The consumer's facts name its weight argument; any overload, but one
  // (`torch.ops.aten.linear.<overload>`).
  std::optional<OpFacts> facts = lookupOpFacts(call.getTarget());
  if (!facts || facts->quantizedWeightArg.empty())
    return false;
  StringRef overload = getTargetOverload(call.getTarget());
  if (overload.empty() || overload.contains('.'))
    return false;
  unsigned index = argPosition(*facts, facts->quantizedWeightArg);
  // The weight argument, and no other argument or list element, reads it.
  return getTensorArgument(call, index) == value &&
         llvm::count(call->getOperands(), value) == 1;
}

std::optional<AffineFold>
FoldQ4WeightsPass::matchAffine(MethodOp method, CallOp call,
                               ConstantPlaceholder &weight) {
  // F2, in the reference's order: input_dtype int8, quant_min -8,
  // quant_max 7 ...
  std::optional<OpFacts> facts = dequantizeFacts(call, DequantizeKind::Affine);
  // The positional arguments, up to quant_max, are all there.
  if (!facts || call.getArgs().size() < argPosition(*facts, "quant_max") + 1 ||
      call.getNumResults() != 1)
    return std::nullopt;
  auto position = [&](StringRef name) { return argPosition(*facts, name); };
  auto inputDtype = getLiteralArgument<TypeAttr>(call, position("input_dtype"));
  auto quantMin = getLiteralArgument<IntegerAttr>(call, position("quant_min"));
  auto quantMax = getLiteralArgument<IntegerAttr>(call, position("quant_max"));
  if (!inputDtype || !inputDtype.getValue().isSignlessInteger(8) || !quantMin ||
      quantMin.getInt() != -8 || !quantMax || quantMax.getInt() != 7)
    return std::nullopt;
  // ... input, scale and zero point are constant placeholders ...
  std::optional<ConstantPlaceholder> input =
      getConstantPlaceholder(getTensorArgument(call, position("input")));
  std::optional<ConstantPlaceholder> scale =
      getConstantPlaceholder(getTensorArgument(call, position("scale")));
  std::optional<ConstantPlaceholder> zeroPoint =
      getConstantPlaceholder(getTensorArgument(call, position("zero_point")));
  if (!input || !scale || !zeroPoint)
    return std::nullopt;
  // ... none of which anything writes (a buffer updated in place or written
  // back, docs/Aliasing.md): the fold freezes their data ...
  if (isStorageWritten(input->arg) || isStorageWritten(scale->arg) ||
      isStorageWritten(zeroPoint->arg))
    return std::nullopt;
  // ... block_size is [1, g] with g > 0 (literals) ...
  std::optional<WireArgument> blockSizeWire =
      call.getWireArguments().at(position("block_size"));
  if (!blockSizeWire)
    return std::nullopt;
  ArgAttr blockSizeArg = blockSizeWire->getAttr();
  auto blockSize = dyn_cast_or_null<DenseI64ArrayAttr>(blockSizeArg.getValue());
  if (blockSizeArg.getKind() != ArgKind::IntList || !blockSize ||
      (blockSizeArg.getMask() &&
       llvm::is_contained(blockSizeArg.getMask().asArrayRef(), true)) ||
      blockSize.size() != 2 || blockSize[0] != 1 || blockSize[1] <= 0)
    return std::nullopt;
  int64_t groupSize = blockSize[1];
  // ... the result is rank 2 with its last dim divisible by g ...
  auto resultType = dyn_cast<ng::TensorType>(call.getResult(0).getType());
  std::optional<SmallVector<int64_t, 4>> sizes =
      resultType ? resultType.getStaticSizes() : std::nullopt;
  if (!sizes || sizes->size() != 2 || (*sizes)[1] % groupSize != 0)
    return std::nullopt;
  // ... its dtype is the scale's ...
  auto scaleType = cast<ng::TensorType>(scale->arg.getType());
  auto zeroPointType = cast<ng::TensorType>(zeroPoint->arg.getType());
  if (!scaleType.hasMeta() || !zeroPointType.hasMeta() ||
      resultType.getElementType() != scaleType.getElementType())
    return std::nullopt;
  // ... and it is read, only as the weight of linear/embedding, once each.
  Value result = call.getResult(0);
  if (result.use_empty() ||
      !llvm::all_of(result.getUsers(),
                    [&](Operation *user) { return isWeightUse(result, user); }))
    return std::nullopt;
  // ... none of which writes it in place.
  if (isStorageWritten(result))
    return std::nullopt;
  weight = *input;
  return AffineFold{call, *sizes, *scale, *zeroPoint, groupSize};
}

FailureOr<Int4PackingAttr>
FoldQ4WeightsPass::repack(MethodOp method, const ConstantPlaceholder &weight,
                          ArrayRef<int64_t> sizes) {
  StringRef key = weight.key;
  if (auto it = repacked.find(key); it != repacked.end())
    return it->second;
  auto module = getOperation();
  std::string subject = ("q4 weight '" + weight.getName() + "' (data_key '" +
                         key + "') of method '" + method.getSymName() + "'")
                            .str();
  ConstantEntry data = lookupConstantData(module, key);
  if (!data) {
    method.emitOpError()
        << subject << " qualifies for the torchao fold, which repacks its "
        << "data, but the program carries no data for it: import it from a "
        << ".ptn package, or give ng-translate --constants=FILE.safetensors "
        << "(or fold with formats=gguf only)";
    return failure();
  }
  ArrayRef<char> bytes = data.getBlobBytes();
  ShapedType dataType = data.getType();
  if (data.isProduced() || !dataType.getElementType().isSignlessInteger(8) ||
      dataType.getRank() != 2 || dataType.getShape() != sizes ||
      bytes.size() != static_cast<size_t>(sizes[0] * sizes[1])) {
    method.emitOpError() << subject << ": data is " << dataType
                         << ", expected int8 of shape " << sizes[0] << "x"
                         << sizes[1] << " (F5)";
    return failure();
  }
  if (sizes[1] % 2 != 0) {
    method.emitOpError() << subject << ": the inner dimension " << sizes[1]
                         << " is odd; two values pack into a byte (F5)";
    return failure();
  }
  // The packing is produced where it is read (the export writes it straight
  // into the package); the range is checked here, so that the error names
  // the weight. The int8 bytes need not stay resident in between: streamed
  // as the writers stream them, each chunk's pages go once it is checked,
  // so a weight of any size costs a chunk of memory.
  bool inRange = true;
  ByteSource(StringRef(bytes.data(), bytes.size()))
      .forEachChunk([&](StringRef chunk) {
        inRange = inRange &&
                  isSignedInt4(reinterpret_cast<const int8_t *>(chunk.data()),
                               chunk.size());
      });
  if (!inRange) {
    method.emitOpError() << subject << " has values outside [-8, 7] (F5)";
    return failure();
  }
  auto packing = Int4PackingAttr::get(data.getResource());
  repacked[key] = packing;
  return packing;
}

LogicalResult FoldQ4WeightsPass::foldTorchao(RewriterBase &rewriter,
                                             MethodOp method) {
  // Candidates per weight, in program order (F2).
  llvm::MapVector<Value, SmallVector<AffineFold, 2>> folds;
  DenseMap<Value, ConstantPlaceholder> weights;
  for (auto call : method.getBody().front().getOps<CallOp>()) {
    ConstantPlaceholder weight;
    if (std::optional<AffineFold> fold = matchAffine(method, call, weight)) {
      folds[weight.arg].push_back(*fold);
      weights[weight.arg] = weight;
    }
  }

  for (auto &entry : folds) {
    Value weightValue = entry.first;
    SmallVector<AffineFold, 2> &weightFolds = entry.second;
    ConstantPlaceholder weight = weights[weightValue];
    // F3: every reader of the weight is one of these dequantizes, all alike.
    llvm::SmallPtrSet<Operation *, 4> readers(weightValue.getUsers().begin(),
                                              weightValue.getUsers().end());
    if (readers.size() != weightFolds.size() ||
        !llvm::all_of(weightFolds, [&](const AffineFold &f) {
          return f.sameParameters(weightFolds.front());
        }))
      continue;
    const AffineFold &fold = weightFolds.front();
    FailureOr<Int4PackingAttr> packed = repack(method, weight, fold.sizes);
    if (failed(packed))
      return failure();

    auto scaleType = cast<ng::TensorType>(fold.scale.arg.getType());
    auto zeroPointType = cast<ng::TensorType>(fold.zeroPoint.arg.getType());
    auto quant = AffineGroupAttr::get(
        &getContext(), fold.scale.key, scaleType.getElementType(),
        /*quant_min=*/-8, /*quant_max=*/7, fold.groupSize,
        StringAttr::get(&getContext(), fold.zeroPoint.key),
        zeroPointType.getElementType());
    SmallVector<DimRange, 2> sizes;
    for (int64_t d : fold.sizes)
      sizes.push_back(DimRange::fixed(d));
    retypePlaceholder(
        rewriter, weight.arg,
        ng::TensorType::get(
            &getContext(),
            IntegerType::get(&getContext(), 8, IntegerType::Unsigned), sizes,
            DenseI64ArrayAttr(), quant),
        /*updateSignature=*/false);
    for (AffineFold &f : weightFolds) {
      if (failed(replaceAllUsesKeepingAliases(
              rewriter, f.dequantize.getResult(0), weight.arg,
              [&] { return f.dequantize.emitOpError() << "cannot fold: "; })))
        return failure();
      rewriter.eraseOp(f.dequantize);
    }
    remark(method, "folded torchao q4 weight '" + weight.getName() +
                       "' (group size " + Twine(fold.groupSize) + ", " +
                       Twine(weightFolds.size()) + " dequantize node" +
                       (weightFolds.size() == 1 ? "" : "s") + ")");
  }
  method.retypePlaceholders(rewriter, {});
  return success();
}

void FoldQ4WeightsPass::runOnOperation() {
  bool gguf = formats.empty() || llvm::is_contained(formats, Q4Format::Gguf);
  bool torchao =
      formats.empty() || llvm::is_contained(formats, Q4Format::Torchao);
  repacked.clear();
  IRRewriter rewriter(&getContext());
  for (auto method : getOperation().getOps<MethodOp>()) {
    if ((gguf && failed(foldGguf(rewriter, method))) ||
        (torchao && failed(foldTorchao(rewriter, method))))
      return signalPassFailure();
  }
  // The repacked data replaces the int8 data, in one update of ng.data.
  SmallVector<NamedAttribute> updates;
  for (auto &entry : repacked)
    updates.emplace_back(StringAttr::get(&getContext(), entry.getKey()),
                         entry.getValue());
  rewriter.modifyOpInPlace(getOperation(),
                           [&] { setConstantData(getOperation(), updates); });

  // S9: methods share data by key, so a repacked key must be read packed
  // by every method that binds it.
  for (auto method : getOperation().getOps<MethodOp>()) {
    for (BlockArgument arg : method.getArguments()) {
      const PlaceholderBinding &binding =
          method.getPlaceholderBinding(arg.getArgNumber());
      if (!binding.isConstant() || !repacked.count(binding.key))
        continue;
      auto type = cast<ng::TensorType>(arg.getType());
      if (!isa_and_nonnull<AffineGroupAttr>(type.getQuant())) {
        method.emitOpError()
            << "constant '" << method.getArgName(arg.getArgNumber())
            << "' shares data_key '" << binding.key
            << "' with a folded q4 weight but is not folded itself; the "
               "data cannot be both packed and unpacked (S9)";
        return signalPassFailure();
      }
    }
  }
}

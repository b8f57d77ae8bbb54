//===- Method.cpp - a method prepared, bound and run ----------------------===//
//
// prepare() checks the whole method (subgraphs too) before anything runs:
// every node has a kernel, every packed weight a decoder. run() binds the
// placeholders (user inputs copied into their own storage, constants from
// the program's data, one storage per data key or fqn, N3; quantized
// weights dequantized; mutable buffers from their data or zeros), runs the
// body, snapshots the user outputs and then performs the OUTPUT node's
// write-backs (A3).
//
//===----------------------------------------------------------------------===//

#include "ng/Interpreter/Interpreter.h"

#include "Executor.h"

#include "Quantization.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/DimOrder.h"
#include "ng/Dialect/PlaceholderBinding.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"

#include <cstring>

using namespace mlir;
using namespace ng;
using namespace ng::run;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::string methodPrefix(MethodOp method) {
  return ("method '" + method.getSymName() + "'").str();
}

/// A placeholder's name for messages and keys.
static std::string placeholderName(MethodOp method, unsigned index) {
  llvm::StringRef name = method.getArgName(index);
  return name.empty() ? ("#" + llvm::Twine(index)).str() : name.str();
}

/// Every node under `region` that ng-run cannot run, as messages.
static void checkRunnable(Region &region, std::vector<std::string> &problems) {
  for (Operation &op : region.getOps()) {
    if (isa<OutputOp>(op))
      continue;
    auto call = dyn_cast<CallOp>(op);
    if (!call) {
      problems.push_back("ng-run cannot run '" +
                         op.getName().getStringRef().str() + "' ops");
      continue;
    }
    bool inPlace;
    if (!KernelRegistry::get().lookup(call.getTarget(), inPlace))
      problems.push_back(Executor::describeNode(&op) +
                         ": ng-run has no kernel for '" +
                         call.getTarget().str() + "'");
    for (Region &graph : op.getRegions())
      if (!graph.empty())
        checkRunnable(graph, problems);
  }
}

llvm::Expected<PreparedMethod> PreparedMethod::prepare(ModuleOp module,
                                                       llvm::StringRef name) {
  PreparedMethod prepared;
  prepared.module = module;
  llvm::SmallVector<MethodOp> methods(module.getOps<MethodOp>());
  if (methods.empty())
    return makeError("the program has no method");
  for (MethodOp m : methods)
    if (m.getSymName() == (name.empty() ? "forward" : name))
      prepared.method = m;
  if (!prepared.method && name.empty() && methods.size() == 1)
    prepared.method = methods.front();
  if (!prepared.method) {
    std::string names;
    for (MethodOp m : methods)
      names += (names.empty() ? "'" : ", '") + m.getSymName().str() + "'";
    return makeError("the program has no method '" +
                     (name.empty() ? llvm::StringRef("forward") : name) +
                     "' (it has " + names + "; choose one with --method)");
  }
  MethodOp method = prepared.method;
  if (method.getBody().empty())
    return makeError(methodPrefix(method) + " has no body");

  std::vector<std::string> problems;
  checkRunnable(method.getBody(), problems);
  Block &body = method.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    auto type = dyn_cast<ng::TensorType>(arg.getType());
    std::string where = methodPrefix(method) + ", placeholder '" +
                        placeholderName(method, arg.getArgNumber()) + "'";
    if (!type || !type.hasMeta()) {
      problems.push_back(where + " has no tensor metadata");
      continue;
    }
    if (auto packed = dyn_cast_or_null<PackedQuantAttr>(type.getQuant())) {
      llvm::StringRef codec = packed.getCodec();
      if (!codec.consume_front("gguf:") || !canDecodeGgml(codec))
        problems.push_back(where +
                           ": ng-run has no decoder for packed codec '" +
                           packed.getCodec().str() + "'");
    } else if (auto group =
                   dyn_cast_or_null<AffineGroupAttr>(type.getQuant())) {
      if (group.getQuantMax() - group.getQuantMin() + 1 != 16)
        problems.push_back(where + ": ng-run decodes 4-bit AffineGroup data "
                                   "only (quant_min..quant_max has 16 levels)");
    } else if (!getDType(type.getElementType())) {
      problems.push_back(where + " has an element type ng-run does not "
                                 "compute in");
    }
    const PlaceholderBinding &binding =
        method.getPlaceholderBinding(arg.getArgNumber());
    if (!binding.isInput())
      continue;
    InputInfo info;
    info.name = placeholderName(method, arg.getArgNumber());
    info.dtype = getDType(type.getElementType()).value_or(DType::F32);
    for (DimRange dim : type.getSizes())
      info.dims.push_back({dim.min, dim.max});
    // Integer inputs read as indices: the smallest dim they index.
    if (isIntegralDType(info.dtype)) {
      for (OpOperand &use : arg.getUses()) {
        std::optional<WireArgument> wire = getWireArgumentOf(use);
        auto call = dyn_cast<CallOp>(use.getOwner());
        if (!wire || !call)
          continue;
        unsigned slot = use.getOperandNumber() - wire->getBeginOperandIndex();
        if (DenseBoolArrayAttr mask = wire->getAttr().getMask()) {
          unsigned present = 0;
          for (auto [i, has] : llvm::enumerate(mask.asArrayRef()))
            if (has && present++ == slot) {
              slot = i;
              break;
            }
        }
        llvm::StringRef target = call.getTarget(), argName = wire->getName();
        std::optional<int64_t> dim;
        Value indexed;
        auto tensorArg = [&](llvm::StringRef n) -> Value {
          std::optional<WireArgument> a = call.getWireArguments().find(n);
          return a ? a->getTensor() : Value();
        };
        if (target.starts_with("torch.ops.aten.embedding.") &&
            argName == "indices") {
          indexed = tensorArg("weight");
          dim = 0;
        } else if ((target.starts_with("torch.ops.aten.index.") ||
                    target.starts_with("torch.ops.aten.index_put")) &&
                   argName == "indices") {
          indexed = tensorArg("self");
          dim = slot;
        } else if ((target.starts_with("torch.ops.aten.index_select.") ||
                    target.starts_with("torch.ops.aten.index_copy")) &&
                   argName == "index") {
          indexed = tensorArg("self");
          std::optional<WireArgument> d = call.getWireArguments().find("dim");
          auto literal =
              d ? dyn_cast_or_null<IntegerAttr>(d->getAttr().getValue())
                : IntegerAttr();
          if (literal)
            dim = literal.getInt();
        }
        auto indexedType = indexed ? dyn_cast<ng::TensorType>(indexed.getType())
                                   : ng::TensorType();
        if (!dim || !indexedType || !indexedType.hasMeta())
          continue;
        int64_t rank = indexedType.getRank();
        int64_t d = *dim < 0 ? *dim + rank : *dim;
        if (d < 0 || d >= rank)
          continue;
        DimRange range = indexedType.getSizes()[d];
        int64_t bound = range.min; // in bounds at its smallest size too
        info.indexBound =
            info.indexBound ? std::min(*info.indexBound, bound) : bound;
      }
    }
    prepared.inputs.push_back(std::move(info));
  }
  if (!problems.empty()) {
    std::string message = problems.front();
    for (size_t i = 1; i < problems.size() && i < 8; ++i)
      message += "\n" + problems[i];
    if (problems.size() > 8)
      message += "\n(and " + std::to_string(problems.size() - 8) + " more)";
    return makeError(message);
  }
  return prepared;
}

/// The tensor a constant or mutable buffer placeholder starts as.
static llvm::Expected<Tensor>
loadPlaceholder(ModuleOp module, MethodOp method, BlockArgument arg,
                const PlaceholderBinding &binding) {
  auto type = cast<ng::TensorType>(arg.getType());
  std::string where = methodPrefix(method) + ", placeholder '" +
                      placeholderName(method, arg.getArgNumber()) + "'";
  std::optional<llvm::SmallVector<int64_t, 4>> sizes = type.getStaticSizes();
  if (!sizes)
    return makeError(where + " has dynamic sizes, but is bound to data");
  std::optional<uint64_t> count = getElementCount(*sizes);
  if (!count || *count > static_cast<uint64_t>(kMaxElements))
    return makeError(where + " has more than 2^30 elements, which ng-run "
                             "does not make");
  ConstantEntry data = lookupConstantData(module, binding.key);
  DimOrder order = getDimOrder(type);
  if (!isDimOrderPermutation(order, type.getRank()))
    order.clear();
  if (!data) {
    if (binding.isMutableBuffer()) {
      std::optional<DType> dtype = getDType(type.getElementType());
      return Tensor::alloc(*dtype, *sizes, order);
    }
    return makeError(where + ": the program has no data for '" + binding.key +
                     "' (ng-run needs the constants: a .ptn package, or an "
                     ".nptg with --constants)");
  }
  auto group = dyn_cast_or_null<AffineGroupAttr>(type.getQuant());
  // A packing (the torchao fold's) bound to a q4 weight is read from its
  // int8 source as it is; anywhere else it is packed here, as the export
  // packs it.
  bool fromSource = group && data.isProduced();
  std::vector<char> packing;
  std::optional<llvm::ArrayRef<char>> chars =
      fromSource ? data.getBlobBytes() : data.getBytes(packing);
  if (!chars)
    return makeError(where + ": its data '" + binding.key +
                     "' is an #ng.int4_packing whose source has values "
                     "outside [-8, 7] (F5)");
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(chars->data()), chars->size());
  if (auto packed = dyn_cast_or_null<PackedQuantAttr>(type.getQuant())) {
    // F1: ui8 with the logical sizes; the data's own type has the raw ones.
    auto raw = dyn_cast<ShapedType>(data.getType());
    if (!raw || raw.getRank() != 2 || sizes->size() != 2)
      return makeError(where + ": packed data must be 2-D raw GGML blocks");
    llvm::Expected<Tensor> decoded =
        decodeGgml(packed.getCodec().drop_front(5), bytes, raw.getDimSize(0),
                   raw.getDimSize(1));
    if (!decoded)
      return makeError(where + ": " + llvm::toString(decoded.takeError()));
    if (decoded->getSizes() != llvm::ArrayRef<int64_t>(*sizes))
      return makeError(where + ": its blocks decode to " +
                       formatShape(decoded->getSizes()) + ", not " +
                       formatShape(*sizes));
    return *decoded;
  }
  if (group) {
    // F4, F5: packed int4, grouped along the last dim.
    llvm::Expected<Tensor> q =
        fromSource
            ? int4FromSource(llvm::ArrayRef<int8_t>(
                                 reinterpret_cast<const int8_t *>(bytes.data()),
                                 bytes.size()),
                             *sizes, group.getQuantMin())
            : unpackInt4(bytes, *sizes, group.getQuantMin());
    if (!q) {
      if (fromSource)
        return makeError(where + ": its data '" + binding.key +
                         "' is an #ng.int4_packing whose source " +
                         llvm::toString(q.takeError()));
      return makeError(where + ": " + llvm::toString(q.takeError()));
    }
    auto readKey = [&](llvm::StringRef key,
                       mlir::Type dtype) -> llvm::Expected<Tensor> {
      ConstantEntry keyData = lookupConstantData(module, key);
      std::optional<DType> d = getDType(dtype);
      if (!keyData || keyData.isProduced() || !d)
        return makeError(where +
                         ": the program has no data for quantization "
                         "parameter '" +
                         key + "'");
      llvm::ArrayRef<char> c = keyData.getBlobBytes();
      int64_t count = static_cast<int64_t>(c.size() / getDTypeSize(*d));
      Tensor t = Tensor::alloc(*d, {count});
      if (!c.empty())
        std::memcpy(t.getStorage()->bytes.data(), c.data(),
                    count * getDTypeSize(*d));
      return t;
    };
    llvm::Expected<Tensor> scale =
        readKey(group.getScaleDataKey(), group.getScaleDtype());
    if (!scale)
      return scale.takeError();
    std::optional<Tensor> zero;
    llvm::StringRef zeroKey = getZeroPointDataKey(group);
    if (!zeroKey.empty()) {
      llvm::Expected<Tensor> z = readKey(zeroKey, group.getZeroPointDtype());
      if (!z)
        return z.takeError();
      zero = *z;
    }
    std::optional<DType> outDType = getDType(group.getScaleDtype());
    if (!outDType || !isFloatDType(*outDType))
      return makeError(where + ": the scale dtype is not a float type");
    llvm::SmallVector<int64_t, 4> blockSize(sizes->size(), 1);
    if (!blockSize.empty())
      blockSize.back() = group.getGroupSize();
    llvm::Expected<Tensor> values = dequantizeAffine(
        *q, blockSize, *scale, zero ? &*zero : nullptr, *outDType);
    if (!values)
      return makeError(where + ": " + llvm::toString(values.takeError()));
    return *values;
  }
  std::optional<DType> dtype = getDType(type.getElementType());
  Tensor t = Tensor::alloc(*dtype, *sizes, order);
  if (static_cast<uint64_t>(t.getNumElements()) * getDTypeSize(*dtype) !=
      bytes.size())
    return makeError(where + ": its data holds " + llvm::Twine(bytes.size()) +
                     " bytes, not the " +
                     llvm::Twine(t.getNumElements() * getDTypeSize(*dtype)) +
                     " its type needs");
  // The data is in logical order (safetensors): store through the layout.
  Tensor logical = Tensor::alloc(*dtype, *sizes);
  if (!bytes.empty())
    std::memcpy(logical.getStorage()->bytes.data(), bytes.data(), bytes.size());
  t.copyFrom(logical, /*initialising=*/true);
  return t;
}

llvm::Expected<RunResult>
PreparedMethod::run(llvm::ArrayRef<Tensor> userInputs) const {
  MethodOp method = this->method; // op handles are not const-correct
  if (userInputs.size() != inputs.size())
    return makeError(methodPrefix(method) + " takes " +
                     llvm::Twine(inputs.size()) + " user inputs, not " +
                     llvm::Twine(userInputs.size()));
  Executor executor;
  Block &body = method.getBody().front();
  llvm::StringMap<Tensor> byKey; // N3: one storage per data key / fqn
  unsigned nextInput = 0;
  struct Buffer {
    std::string key;
    Tensor tensor;
    /// A mutable buffer or a buffer marked `mutated`: reported even when
    /// this run does not write it.
    bool mutableState;
  };
  std::vector<Buffer> buffers;
  std::vector<RValue> bound; // one per placeholder
  for (BlockArgument arg : body.getArguments()) {
    const PlaceholderBinding &binding =
        method.getPlaceholderBinding(arg.getArgNumber());
    auto type = cast<ng::TensorType>(arg.getType());
    if (binding.isInput()) {
      const InputInfo &info = inputs[nextInput];
      const Tensor &given = userInputs[nextInput++];
      if (!given.defined())
        return makeError(methodPrefix(method) + ": user input '" + info.name +
                         "' is missing");
      bool fits = given.getDType() == info.dtype &&
                  given.getRank() == static_cast<int64_t>(info.dims.size());
      for (size_t d = 0; fits && d < info.dims.size(); ++d)
        fits = given.getSize(d) >= info.dims[d].first &&
               (info.dims[d].second < 0 ||
                given.getSize(d) <= info.dims[d].second);
      if (!fits)
        return makeError(methodPrefix(method) + ": user input '" + info.name +
                         "' is " + getDTypeName(given.getDType()) +
                         formatShape(given.getSizes()) + ", which its type '" +
                         [&] {
                           std::string s;
                           llvm::raw_string_ostream os(s);
                           os << type;
                           return s;
                         }() +
                         "' does not allow");
      DimOrder order = getDimOrder(type);
      if (!isDimOrderPermutation(order, type.getRank()) ||
          isIdentityDimOrder(order))
        order.clear();
      bound.push_back(RValue::ofTensor(given.clone(std::nullopt, order)));
      continue;
    }
    auto it = byKey.find(binding.key);
    Tensor tensor;
    if (it != byKey.end()) {
      tensor = it->second;
    } else {
      llvm::Expected<Tensor> loaded =
          loadPlaceholder(module, method, arg, binding);
      if (!loaded)
        return loaded.takeError();
      tensor = *loaded;
      byKey[binding.key] = tensor;
      if (binding.isMutableBuffer() || binding.kind == InputKind::Buffer)
        buffers.push_back({binding.key, tensor,
                           binding.isMutableBuffer() || binding.mutated});
    }
    bound.push_back(RValue::ofTensor(tensor));
  }

  llvm::Expected<std::vector<RValue>> returned =
      executor.runGraph(method.getBody(), bound);
  if (!returned)
    return returned.takeError();

  RunResult result;
  OutputOp output = method.getOutputOp();
  MethodPlaceholderIndex index(method);
  unsigned tensorIndex = 0;
  struct WriteBack {
    OutputSpecAttr spec;
    Tensor value;
  };
  std::vector<WriteBack> writeBacks;
  for (auto [position, arg] : llvm::enumerate(output.getWireArguments())) {
    Value tensor = arg.getTensor();
    if (!tensor)
      continue;
    const RValue &runtime = (*returned)[position];
    OutputSpecAttr spec = output.getSpec(tensorIndex++);
    if (!runtime.isTensor())
      return makeError(methodPrefix(method) + ": output " +
                       quoteValueName(tensor) + " is not a tensor");
    if (spec.getKind() == OutputKind::UserOutput) {
      std::string name = getWireName(tensor).str();
      if (name.empty())
        name = "output_" + std::to_string(tensorIndex - 1);
      // A snapshot: the write-backs that follow must not change it.
      result.outputs.push_back({name, runtime.tensor.clone()});
    } else {
      writeBacks.push_back({spec, runtime.tensor});
    }
  }
  // A3: the write-backs, after everything else.
  for (const WriteBack &back : writeBacks) {
    llvm::SmallVector<BlockArgument> targets;
    index.getWriteBackTargets(back.spec, targets);
    if (targets.empty())
      return makeError(methodPrefix(method) +
                       ": an output spec writes back to nothing");
    for (BlockArgument target : targets) {
      const RValue *runtime = executor.lookup(target);
      if (!runtime || !runtime->isTensor() ||
          runtime->tensor.getSizes() != back.value.getSizes())
        return makeError(methodPrefix(method) + ": the write-back to '" +
                         placeholderName(method, target.getArgNumber()) +
                         "' does not have its sizes");
      Tensor destination = runtime->tensor;
      destination.copyFrom(back.value);
      if (back.spec.getKind() == OutputKind::UserInputMutation)
        buffers.push_back({placeholderName(method, target.getArgNumber()),
                           destination, true});
    }
  }
  for (const Buffer &buffer : buffers) {
    // Read-only buffers (rope tables, masks) are the program's data, not
    // its results.
    if (!buffer.mutableState && !buffer.tensor.getStorage()->written)
      continue;
    result.buffers.push_back({buffer.key, buffer.tensor.clone()});
    result.bufferWritten.push_back(buffer.tensor.getStorage()->written);
  }
  return result;
}

llvm::Expected<RunResult>
PreparedMethod::runNamed(const std::map<std::string, Tensor> &named) const {
  std::vector<Tensor> ordered;
  llvm::StringSet<> used;
  for (const InputInfo &info : inputs) {
    auto it = named.find(info.name);
    if (it == named.end())
      return makeError(methodPrefix(method) + ": no tensor for user input '" +
                       info.name + "'");
    ordered.push_back(it->second);
    used.insert(info.name);
  }
  for (const auto &[name, tensor] : named)
    if (!used.contains(name))
      return makeError(methodPrefix(method) + " has no user input '" + name +
                       "'");
  return run(ordered);
}

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

namespace {
/// splitmix64: small, fast, and the same on every machine.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};
} // namespace

llvm::Expected<std::vector<Tensor>>
PreparedMethod::makeRandomInputs(uint64_t seed, const DimChoices &dims) const {
  Random random{seed};
  std::vector<Tensor> made;
  for (const InputInfo &info : inputs) {
    Shape sizes;
    for (auto [d, range] : llvm::enumerate(info.dims)) {
      auto [min, max] = range;
      if (min == max) {
        sizes.push_back(min);
        continue;
      }
      std::string rangeName =
          std::to_string(min) + ":" + (max < 0 ? "?" : std::to_string(max));
      std::optional<int64_t> chosen;
      for (const std::string &key :
           {info.name + "." + std::to_string(d), rangeName, std::string("*")})
        if (auto it = dims.find(key); it != dims.end()) {
          chosen = it->second;
          break;
        }
      if (!chosen && max < 0)
        return makeError("user input '" + info.name + "' dim " +
                         llvm::Twine(d) +
                         " has no upper bound: give it a size with --dim " +
                         info.name + "." + llvm::Twine(d) + "=N");
      int64_t size = chosen.value_or(max);
      if (size < min || (max >= 0 && size > max))
        return makeError("--dim: " + llvm::Twine(size) +
                         " is outside the range " + rangeName + " of dim " +
                         llvm::Twine(d) + " of user input '" + info.name + "'");
      sizes.push_back(size);
    }
    int64_t elements = 1;
    for (int64_t size : sizes)
      if (size && elements > kMaxElements / size)
        return makeError("user input '" + info.name + "' of sizes " +
                         formatShape(sizes) +
                         " would have more than 2^30 elements");
      else
        elements *= size;
    Tensor t = Tensor::alloc(info.dtype, sizes);
    int64_t n = t.getNumElements();
    if (isFloatDType(info.dtype)) {
      // Multiples of 2^-23 in [-1, 1): exact in f32, rounded for f16/bf16.
      std::vector<float> values(n);
      for (float &v : values)
        v = static_cast<float>(static_cast<int64_t>(random.next() >> 40)) *
                (1.0f / 8388608.0f) -
            1.0f;
      t.writeFloat(values, true);
    } else if (info.dtype == DType::Bool) {
      std::vector<int64_t> values(n);
      for (int64_t &v : values)
        v = random.next() & 1;
      t.writeInt(values, true);
    } else {
      int64_t bound = std::max<int64_t>(info.indexBound.value_or(8), 1);
      std::vector<int64_t> values(n);
      for (int64_t &v : values)
        v = static_cast<int64_t>(random.next() % static_cast<uint64_t>(bound));
      t.writeInt(values, true);
    }
    made.push_back(t);
  }
  return made;
}

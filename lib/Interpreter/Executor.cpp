//===- Executor.cpp - runs a graph, node by node --------------------------===//

#include "Executor.h"

#include "ng/Dialect/DimOrder.h"
#include "ng/Dialect/NgOps.h"
#include "ng/Dialect/Storage.h"
#include "ng/Dialect/WireArguments.h"
#include "ng/Dialect/WireNames.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ng;
using namespace ng::run;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string Executor::describeNode(Operation *op) {
  std::string text;
  Operation *method = op->getParentOfType<MethodOp>();
  if (auto m = llvm::dyn_cast_or_null<MethodOp>(method))
    text = ("method '" + m.getSymName() + "', ").str();
  text += ("node '" + getNodeName(op) + "'").str();
  if (auto call = dyn_cast<CallOp>(op))
    text += (" (" + call.getTarget() + ")").str();
  return text;
}

/// The run-time value of SSA value `value`.
static llvm::Expected<RValue> valueOf(const Executor &executor, Value value,
                                      Operation *user) {
  if (const RValue *runtime = executor.lookup(value))
    return *runtime;
  return makeError(Executor::describeNode(user) + ": reads " +
                   quoteValueName(value) + ", which has no value yet");
}

llvm::Expected<ArgumentList> run::resolveArguments(Operation *op,
                                                   const Executor &executor) {
  ArgumentList list;
  unsigned region = 0;
  for (WireArgument arg : getWireArguments(op)) {
    RValue v;
    ArgAttr attr = arg.getAttr();
    Attribute literal = attr.getValue();
    auto operandValue = [&](unsigned i) -> llvm::Expected<RValue> {
      return valueOf(executor, arg.getOpOperands()[i].get(), op);
    };
    switch (arg.getKind()) {
    case ArgKind::None:
      break;
    case ArgKind::Tensor:
    case ArgKind::Int:
    case ArgKind::Float:
    case ArgKind::Bool: {
      if (arg.getNumOperands() == 1) {
        llvm::Expected<RValue> ref = operandValue(0);
        if (!ref)
          return ref.takeError();
        v = std::move(*ref);
        break;
      }
      if (auto i = dyn_cast_or_null<IntegerAttr>(literal)) {
        if (arg.getKind() == ArgKind::Bool || i.getType().isInteger(1))
          v = RValue::ofBool(i.getValue().getBoolValue());
        else
          v = RValue::ofInt(i.getValue().getSExtValue());
      } else if (auto b = dyn_cast_or_null<BoolAttr>(literal)) {
        v = RValue::ofBool(b.getValue());
      } else if (auto f = dyn_cast_or_null<FloatAttr>(literal)) {
        v = RValue::ofFloat(f.getValueAsDouble());
      } else {
        return makeError(Executor::describeNode(op) + ": argument " +
                         arg.getLabel() + " has no value");
      }
      break;
    }
    case ArgKind::String:
      v.kind = RValue::Kind::String;
      if (auto s = dyn_cast_or_null<StringAttr>(literal))
        v.s = s.getValue().str();
      break;
    case ArgKind::ScalarType: {
      auto type = dyn_cast_or_null<TypeAttr>(literal);
      std::optional<DType> dtype =
          type ? getDType(type.getValue()) : std::nullopt;
      if (!dtype)
        return makeError(Executor::describeNode(op) + ": argument " +
                         arg.getLabel() +
                         " is a dtype ng-run does not compute in");
      v.kind = RValue::Kind::DType;
      v.dtype = *dtype;
      break;
    }
    case ArgKind::IntList: {
      v.kind = RValue::Kind::IntList;
      auto values = dyn_cast_or_null<DenseI64ArrayAttr>(literal);
      if (values)
        v.ints.assign(values.asArrayRef().begin(), values.asArrayRef().end());
      DenseBoolArrayAttr mask = attr.getMask();
      unsigned next = 0;
      if (mask)
        for (auto [slot, isRef] : llvm::enumerate(mask.asArrayRef())) {
          if (!isRef)
            continue;
          llvm::Expected<RValue> ref = operandValue(next++);
          if (!ref)
            return ref.takeError();
          if (slot >= v.ints.size())
            v.ints.resize(slot + 1);
          v.ints[slot] = scalarAsInt(*ref);
        }
      break;
    }
    case ArgKind::FloatList: {
      v.kind = RValue::Kind::FloatList;
      if (auto values = dyn_cast_or_null<DenseF64ArrayAttr>(literal))
        v.floats.assign(values.asArrayRef().begin(), values.asArrayRef().end());
      break;
    }
    case ArgKind::BoolList: {
      v.kind = RValue::Kind::BoolList;
      if (auto values = dyn_cast_or_null<DenseBoolArrayAttr>(literal))
        for (bool b : values.asArrayRef())
          v.ints.push_back(b);
      break;
    }
    case ArgKind::TensorList:
    case ArgKind::OptionalTensorList: {
      v.kind = RValue::Kind::TensorList;
      DenseBoolArrayAttr mask = attr.getMask();
      unsigned next = 0;
      llvm::ArrayRef<bool> slots =
          mask ? mask.asArrayRef() : llvm::ArrayRef<bool>();
      for (bool present : slots) {
        if (!present) {
          v.tensors.emplace_back();
          continue;
        }
        llvm::Expected<RValue> element = operandValue(next++);
        if (!element)
          return element.takeError();
        if (!element->isTensor())
          return makeError(Executor::describeNode(op) + ": argument " +
                           arg.getLabel() +
                           " holds a value that is not a tensor");
        v.tensors.push_back(element->tensor);
      }
      break;
    }
    case ArgKind::Graph:
      v.kind = RValue::Kind::Graph;
      if (region < op->getNumRegions())
        v.graph = &op->getRegion(region);
      ++region;
      break;
    }
    list.emplace_back(arg.getName().str(), std::move(v));
  }
  return list;
}

/// Whether `runtime` may stand for a value of IR type `type`; a message
/// saying why not otherwise.
static std::optional<std::string> checkAgainstType(const RValue &runtime,
                                                   Type type) {
  if (auto tensorType = dyn_cast<ng::TensorType>(type)) {
    if (!runtime.isTensor())
      return std::string("is not a tensor");
    if (!tensorType.hasMeta() || tensorType.getQuant())
      return std::nullopt;
    const Tensor &t = runtime.tensor;
    std::optional<DType> dtype = getDType(tensorType.getElementType());
    if (dtype && *dtype != t.getDType())
      return llvm::formatv("has dtype {0}, but the program says {1}",
                           getDTypeName(t.getDType()), getDTypeName(*dtype))
          .str();
    llvm::ArrayRef<DimRange> dims = tensorType.getSizes();
    bool fits = static_cast<int64_t>(dims.size()) == t.getRank();
    for (size_t d = 0; fits && d < dims.size(); ++d) {
      int64_t size = t.getSize(d);
      fits = size >= dims[d].min && (dims[d].max < 0 || size <= dims[d].max);
    }
    if (!fits) {
      std::string expected;
      llvm::raw_string_ostream os(expected);
      printDimRanges(dims, os);
      return llvm::formatv("has sizes {0}, but the program says {1}",
                           formatShape(t.getSizes()), expected)
          .str();
    }
    return std::nullopt;
  }
  if (type.isInteger(1))
    return runtime.kind == RValue::Kind::Bool
               ? std::nullopt
               : std::optional<std::string>("is not a bool");
  if (type.isInteger(64))
    return runtime.kind == RValue::Kind::Int
               ? std::nullopt
               : std::optional<std::string>("is not an int");
  if (type.isF64())
    return runtime.kind == RValue::Kind::Float
               ? std::nullopt
               : std::optional<std::string>("is not a float");
  return std::nullopt;
}

/// The dim order fresh storage for a value of `type` gets (D1): its
/// recorded order when that is a valid permutation, else contiguous.
static DimOrder freshDimOrder(Type type, int64_t rank) {
  auto tensorType = dyn_cast<ng::TensorType>(type);
  if (!tensorType || !tensorType.hasMeta() || tensorType.getRank() != rank)
    return {};
  DimOrder order = getDimOrder(tensorType);
  if (!isDimOrderPermutation(order, rank) || isIdentityDimOrder(order))
    return {};
  return order;
}

llvm::Error Executor::runCall(Operation *op) {
  auto call = cast<CallOp>(op);
  bool inPlace = false;
  const Kernel *kernel =
      KernelRegistry::get().lookup(call.getTarget(), inPlace);
  if (!kernel) // prepare() checked every node; a subgraph built since?
    return makeError(describeNode(op) + ": ng-run has no kernel for '" +
                     call.getTarget() + "'");
  llvm::Expected<ArgumentList> args = resolveArguments(op, *this);
  if (!args)
    return args.takeError();
  KernelContext context(op, call.getTarget(), kernel->signature,
                        std::move(*args), op->getNumResults(), *this);
  std::optional<Tensor> self;
  if (inPlace) {
    const Tensor *written = context.tensor("self");
    if (written)
      self = *written;
  }
  if (!context.failed())
    kernel->fn(context);
  if (inPlace && !context.failed()) {
    // The functional kernel's result, cast into `self` (torch's in-place
    // ops compute in the promoted type and cast on the store).
    RValue &result = context.getResults().front();
    if (!result.isTensor() || result.tensor.getSizes() != self->getSizes())
      context.fail("the in-place form's result does not have the sizes of "
                   "'self'");
    else {
      self->copyFrom(result.tensor);
      result.tensor = *self;
    }
  }
  if (context.failed())
    return makeError(describeNode(op) + ": " + context.getError());

  std::vector<RValue> &results = context.getResults();
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    RValue &runtime = results[index];
    if (std::optional<std::string> wrong =
            checkAgainstType(runtime, result.getType()))
      return makeError(describeNode(op) + ": output " + quoteValueName(result) +
                       " " + *wrong);
    if (!runtime.isTensor()) {
      values[result] = std::move(runtime);
      continue;
    }
    // The storage model: what the IR says the output shares, it shares.
    OpOperand *source = getAliasSource(result);
    if (source) {
      const RValue *sourceValue = lookup(source->get());
      if (!sourceValue || !sourceValue->isTensor() ||
          !runtime.tensor.sharesStorage(sourceValue->tensor))
        return makeError(Executor::describeNode(op) + ": output " +
                         quoteValueName(result) + " aliases " +
                         quoteValueName(source->get()) +
                         " in the program, but ng-run's kernel makes new "
                         "storage for it");
    } else {
      bool shared = false;
      for (OpOperand &operand : op->getOpOperands())
        if (const RValue *in = lookup(operand.get()))
          shared = shared ||
                   (in->isTensor() && runtime.tensor.sharesStorage(in->tensor));
      DimOrder order =
          freshDimOrder(result.getType(), runtime.tensor.getRank());
      if (shared || !order.empty())
        runtime.tensor = runtime.tensor.clone(std::nullopt, order);
    }
    values[result] = std::move(runtime);
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<RValue>>
Executor::runGraph(Region &graph, llvm::ArrayRef<RValue> arguments) {
  if (graph.empty())
    return makeError("a graph without a body");
  Block &block = graph.front();
  if (block.getNumArguments() != arguments.size())
    return makeError(llvm::formatv("a graph of {0} inputs is given {1}",
                                   block.getNumArguments(), arguments.size())
                         .str());
  for (auto [arg, runtime] : llvm::zip(block.getArguments(), arguments))
    values[arg] = runtime;
  for (Operation &op : block) {
    if (auto output = dyn_cast<OutputOp>(op)) {
      llvm::Expected<ArgumentList> returned = resolveArguments(&op, *this);
      if (!returned)
        return returned.takeError();
      std::vector<RValue> results;
      for (auto &[name, runtime] : *returned)
        results.push_back(std::move(runtime));
      return results;
    }
    if (!isa<CallOp>(op))
      return makeError("ng-run cannot run '" + op.getName().getStringRef() +
                       "' ops");
    if (llvm::Error error = runCall(&op))
      return std::move(error);
  }
  return makeError("a graph without an ng.output");
}

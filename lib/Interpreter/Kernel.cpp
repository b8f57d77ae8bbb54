//===- Kernel.cpp - the kernel registry and argument readers --------------===//

#include "ng/Interpreter/Kernel.h"

#include "llvm/Support/StringSaver.h"

#include "ng/Dialect/OpFacts.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace ng;
using namespace ng::run;

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

const RValue *KernelContext::find(llvm::StringRef name) const {
  for (const auto &[argName, value] : args)
    if (argName == name)
      return &value;
  // Positional arguments come first, in signature order.
  auto it = llvm::find(signature, name);
  if (it == signature.end())
    return nullptr;
  size_t position = it - signature.begin();
  if (position < args.size() && args[position].first.empty())
    return &args[position].second;
  return nullptr;
}

const Tensor *KernelContext::tensor(llvm::StringRef name) {
  const RValue *v = find(name);
  if (!v || !v->isTensor()) {
    fail("argument '" + name + "' is " + (v ? "not a tensor" : "missing"));
    return nullptr;
  }
  return &v->tensor;
}

std::optional<Tensor> KernelContext::optionalTensor(llvm::StringRef name) {
  const RValue *v = find(name);
  if (!v || v->isNone())
    return std::nullopt;
  if (!v->isTensor()) {
    fail("argument '" + name + "' is not a tensor");
    return std::nullopt;
  }
  return v->tensor;
}

int64_t KernelContext::getInt(llvm::StringRef name,
                              std::optional<int64_t> byDefault) {
  const RValue *v = find(name);
  if ((!v || v->isNone()) && byDefault)
    return *byDefault;
  if (v && (v->kind == RValue::Kind::Int || v->kind == RValue::Kind::Bool))
    return v->kind == RValue::Kind::Int ? v->i : v->b;
  fail("argument '" + name + "' is " + (v ? "not an int" : "missing"));
  return 0;
}

double KernelContext::getDouble(llvm::StringRef name,
                                std::optional<double> byDefault) {
  const RValue *v = find(name);
  if ((!v || v->isNone()) && byDefault)
    return *byDefault;
  if (v && v->isNumber())
    return scalarAsDouble(*v);
  fail("argument '" + name + "' is " + (v ? "not a number" : "missing"));
  return 0;
}

bool KernelContext::getBool(llvm::StringRef name,
                            std::optional<bool> byDefault) {
  const RValue *v = find(name);
  if ((!v || v->isNone()) && byDefault)
    return *byDefault;
  if (v && v->kind == RValue::Kind::Bool)
    return v->b;
  if (v && v->kind == RValue::Kind::Int)
    return v->i != 0;
  fail("argument '" + name + "' is " + (v ? "not a bool" : "missing"));
  return false;
}

std::optional<DType> KernelContext::getOptionalDType(llvm::StringRef name) {
  const RValue *v = find(name);
  if (!v || v->isNone())
    return std::nullopt;
  if (v->kind == RValue::Kind::DType)
    return v->dtype;
  fail("argument '" + name + "' is not a dtype");
  return std::nullopt;
}

std::string KernelContext::getString(llvm::StringRef name,
                                     std::optional<std::string> byDefault) {
  const RValue *v = find(name);
  if ((!v || v->isNone()) && byDefault)
    return *byDefault;
  if (v && v->kind == RValue::Kind::String)
    return v->s;
  fail("argument '" + name + "' is " + (v ? "not a string" : "missing"));
  return "";
}

std::vector<int64_t>
KernelContext::getInts(llvm::StringRef name,
                       std::optional<std::vector<int64_t>> byDefault) {
  const RValue *v = find(name);
  if ((!v || v->isNone()) && byDefault)
    return *byDefault;
  if (v && v->kind == RValue::Kind::IntList)
    return v->ints;
  if (v && v->kind == RValue::Kind::Int) // `int[1] dim` given as an int
    return {v->i};
  fail("argument '" + name + "' is " + (v ? "not an int list" : "missing"));
  return {};
}

std::vector<Tensor> KernelContext::getTensors(llvm::StringRef name,
                                              bool optional) {
  const RValue *v = find(name);
  if (!v || v->kind != RValue::Kind::TensorList) {
    fail("argument '" + name + "' is " + (v ? "not a tensor list" : "missing"));
    return {};
  }
  if (!optional)
    for (const Tensor &t : v->tensors)
      if (!t.defined()) {
        fail("argument '" + name + "' has a `none` element");
        return {};
      }
  return v->tensors;
}

const RValue *KernelContext::scalarOrTensor(llvm::StringRef name) {
  const RValue *v = find(name);
  if (!v || !(v->isNumber() || v->isTensor())) {
    fail("argument '" + name + "' is " +
         (v ? "neither a tensor nor a number" : "missing"));
    return nullptr;
  }
  return v;
}

bool KernelContext::checkSizes(llvm::ArrayRef<int64_t> sizes) {
  int64_t count = 1;
  for (int64_t size : sizes) {
    if (size < 0)
      return fail("negative size in " + formatShape(sizes));
    if (size && count > kMaxElements / size)
      return fail("a tensor of sizes " + formatShape(sizes) +
                  " has more than 2^30 elements, which ng-run does not make");
    count *= size;
  }
  return true;
}

int64_t KernelContext::normalizeDim(int64_t dim, int64_t rank) {
  int64_t bound = std::max<int64_t>(rank, 1);
  if (dim < -bound || dim >= bound) {
    fail("dim " + llvm::Twine(dim) + " is out of range for rank " +
         llvm::Twine(rank));
    return 0;
  }
  return dim < 0 ? dim + bound : dim;
}

void KernelContext::setResult(unsigned index, RValue value) {
  if (index >= results.size()) {
    fail("the kernel makes " + llvm::Twine(index + 1) +
         " outputs, but the node has " + llvm::Twine(results.size()));
    return;
  }
  results[index] = std::move(value);
}

bool KernelContext::fail(const llvm::Twine &message) {
  if (error.empty())
    error = message.str();
  return false;
}

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

const KernelRegistry &KernelRegistry::get() {
  static const KernelRegistry registry = [] {
    KernelRegistry r;
    registerElementwiseKernels(r);
    registerReductionKernels(r);
    registerLinalgKernels(r);
    registerViewKernels(r);
    registerIndexingKernels(r);
    registerQuantKernels(r);
    registerControlKernels(r);
    registerFusedKernels(r);
    return r;
  }();
  return registry;
}

void KernelRegistry::add(llvm::StringRef target, llvm::StringRef signature,
                         KernelFn fn) {
  Kernel kernel;
  llvm::SmallVector<llvm::StringRef, 8> names;
  llvm::StringSaver(*signatures)
      .save(signature)
      .split(names, ',', -1, /*KeepEmpty=*/false);
  kernel.signature.assign(names.begin(), names.end());
  kernel.fn = std::move(fn);
  kernels[target] = std::move(kernel);
}

void KernelRegistry::addOverloads(
    llvm::StringRef packet, std::initializer_list<llvm::StringRef> overloads,
    llvm::StringRef signature, KernelFn fn) {
  for (llvm::StringRef overload : overloads)
    add(("torch.ops." + packet + "." + overload).str(), signature, fn);
}

const Kernel *KernelRegistry::lookup(llvm::StringRef target,
                                     bool &inPlace) const {
  inPlace = false;
  auto it = kernels.find(target);
  if (it != kernels.end())
    return &it->second;
  // `torch.ops.aten.add_.Tensor`: the in-place form of a functional kernel,
  // when the facts say it writes `self` and returns it.
  std::optional<OpFacts> facts = lookupOpFacts(target);
  if (!facts || !facts->mutates("self") || facts->aliasedArg != "self")
    return nullptr;
  llvm::StringRef overload = getTargetOverload(target);
  llvm::StringRef packet = target.drop_back(overload.size() + 1);
  if (!packet.ends_with("_"))
    return nullptr;
  std::string functional = (packet.drop_back() + "." + overload).str();
  it = kernels.find(functional);
  if (it == kernels.end())
    return nullptr;
  inPlace = true;
  return &it->second;
}

std::vector<std::string> KernelRegistry::getTargets() const {
  std::vector<std::string> targets;
  for (const auto &entry : kernels)
    targets.push_back(entry.getKey().str());
  llvm::sort(targets);
  return targets;
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

DType run::getScalarDType(const RValue &value) {
  switch (value.kind) {
  case RValue::Kind::Bool:
    return DType::Bool;
  case RValue::Kind::Int:
    return DType::I64;
  default:
    return DType::F32;
  }
}

namespace {
enum class Category { None, Bool, Integral, Float };
Category categoryOf(DType dtype) {
  if (dtype == DType::Bool)
    return Category::Bool;
  return isFloatDType(dtype) ? Category::Float : Category::Integral;
}
struct Promoted {
  std::optional<DType> dtype;
  void add(DType d) { dtype = dtype ? promoteTypes(*dtype, d) : d; }
  Category category() const {
    return dtype ? categoryOf(*dtype) : Category::None;
  }
};
} // namespace

/// c10's combine_categories: a higher-priority result stands unless a
/// lower-priority one is of a higher category.
static Promoted combine(Promoted higher, Promoted lower) {
  if (!higher.dtype)
    return lower;
  if (!lower.dtype)
    return higher;
  if (higher.category() == Category::Float)
    return higher;
  if (higher.category() == Category::Bool ||
      lower.category() == Category::Float) {
    if (lower.category() > higher.category())
      higher.add(*lower.dtype);
    return higher;
  }
  return higher;
}

DType run::resultType(llvm::ArrayRef<const RValue *> operands) {
  Promoted dimensioned, zeroDim, wrapped;
  for (const RValue *v : operands) {
    if (!v)
      continue;
    if (v->isTensor()) {
      (v->tensor.getRank() > 0 ? dimensioned : zeroDim)
          .add(v->tensor.getDType());
    } else if (v->isNumber()) {
      wrapped.add(getScalarDType(*v));
    }
  }
  Promoted result = combine(dimensioned, combine(zeroDim, wrapped));
  return result.dtype.value_or(DType::F32);
}

double run::scalarAsDouble(const RValue &value) {
  switch (value.kind) {
  case RValue::Kind::Int:
    return static_cast<double>(value.i);
  case RValue::Kind::Float:
    return value.f;
  case RValue::Kind::Bool:
    return value.b;
  case RValue::Kind::Tensor:
    if (value.tensor.getNumElements() == 1)
      return value.tensor.readDouble().front();
    return 0;
  default:
    return 0;
  }
}

int64_t run::scalarAsInt(const RValue &value) {
  switch (value.kind) {
  case RValue::Kind::Int:
    return value.i;
  case RValue::Kind::Float:
    return static_cast<int64_t>(value.f);
  case RValue::Kind::Bool:
    return value.b;
  case RValue::Kind::Tensor:
    if (value.tensor.getNumElements() == 1)
      return value.tensor.readInt().front();
    return 0;
  default:
    return 0;
  }
}

Tensor run::toTensor(const RValue &value, DType dtype) {
  if (value.isTensor())
    return value.tensor;
  Tensor t = Tensor::alloc(dtype, {});
  if (value.kind == RValue::Kind::Float)
    t.writeDouble({value.f}, true);
  else
    t.writeInt({scalarAsInt(value)}, true);
  return t;
}

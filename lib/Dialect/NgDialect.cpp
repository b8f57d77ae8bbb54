//===- NgDialect.cpp - the ng dialect ---------------------------*- C++ -*-===//

#include "ng/Dialect/ModuleDiagnostics.h"
#include "ng/Dialect/NgOps.h"

#include "ParseCache.h"

#include "ng/Dialect/ConstantData.h"
#include "ng/Dialect/OpFacts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Mutex.h"
#include "llvm/Support/RWMutex.h"

using namespace mlir;
using namespace ng;

/// The ops the verifier has warned about (NgDialect::claimWarning), by
/// address and location: an op a pass erases and another that takes its
/// memory at the same location (a clone of it) count as one node.
class ng::WarnedOps {
public:
  bool claim(Operation *op) {
    llvm::sys::SmartScopedLock<true> lock(mutex);
    return ops.insert({op, op->getLoc().getAsOpaquePointer()}).second;
  }

private:
  llvm::sys::SmartMutex<true> mutex;
  llvm::DenseSet<std::pair<Operation *, const void *>> ops;
};

bool NgDialect::claimWarning(Operation *op) const {
  return warnedOps->claim(op);
}

/// Argument lists' operand starts (NgDialect::getArgumentStarts), by list.
/// Entries are never erased or changed, and each is its own allocation, so
/// a reference to one stays valid after the lock is released.
class ng::ArgumentStarts {
public:
  ArrayRef<unsigned> get(ArrayRef<Attribute> args) {
    const void *key = args.data();
    {
      llvm::sys::SmartScopedReader<true> lock(mutex);
      auto it = starts.find(key);
      if (it != starts.end())
        return *it->second;
    }
    auto computed = std::make_unique<SmallVector<unsigned, 0>>();
    unsigned next = 0;
    computed->push_back(0);
    for (Attribute attr : args) {
      auto arg = dyn_cast<ArgAttr>(attr);
      if (!arg)
        break;
      next += arg.getNumOperands();
      computed->push_back(next);
    }
    llvm::sys::SmartScopedWriter<true> lock(mutex);
    auto [it, inserted] = starts.try_emplace(key, std::move(computed));
    return *it->second;
  }

private:
  llvm::sys::SmartRWMutex<true> mutex;
  llvm::DenseMap<const void *, std::unique_ptr<SmallVector<unsigned, 0>>>
      starts;
};

/// The op facts of each call target asked about, by its uniqued attribute.
class ng::TargetFacts {
public:
  std::optional<OpFacts>
  lookup(StringAttr target,
         llvm::function_ref<std::optional<OpFacts>()> compute) {
    {
      llvm::sys::SmartScopedReader<true> lock(mutex);
      auto it = facts.find(target);
      if (it != facts.end())
        return it->second;
    }
    std::optional<OpFacts> computed = compute();
    llvm::sys::SmartScopedWriter<true> lock(mutex);
    return facts.try_emplace(target, computed).first->second;
  }

private:
  llvm::sys::SmartRWMutex<true> mutex;
  llvm::DenseMap<StringAttr, std::optional<OpFacts>> facts;
};

std::optional<OpFacts> NgDialect::lookupTargetFacts(
    StringAttr target,
    llvm::function_ref<std::optional<OpFacts>()> compute) const {
  return targetFacts->lookup(target, compute);
}

ArrayRef<unsigned>
NgDialect::getArgumentStarts(ArrayRef<Attribute> args) const {
  return argumentStarts->get(args);
}

#include "ng/Dialect/NgDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ng/Dialect/NgTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ng/Dialect/NgAttrs.cpp.inc"

namespace {
/// Names repeated tensor types so the printed IR states each one once, at the
/// top (`!f32_1x1to64x256 = !ng.tensor<f32[1, 1:64, 256]>`): big programs
/// repeat a few dozen shapes tens of thousands of times, and parsing a type
/// by alias is a map lookup instead of a nested parse.
/// `--mlir-print-local-scope` prints types inline instead.
struct NgOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Type type, raw_ostream &os) const override {
    auto tensor = dyn_cast<ng::TensorType>(type);
    if (!tensor || !tensor.hasMeta())
      return AliasResult::NoAlias;
    os << tensor.getElementType() << '_';
    if (tensor.getSizes().empty())
      os << "scalar";
    llvm::interleave(
        tensor.getSizes(), os,
        [&](DimRange d) {
          if (d.min < 0)
            os << 'n' << (0 - static_cast<uint64_t>(d.min));
          else
            os << d.min;
          if (d.isStatic())
            return;
          os << "to";
          if (d.max < 0)
            os << "inf";
          else
            os << d.max;
        },
        "x");
    if (!tensor.isContiguous())
      os << "_perm";
    if (tensor.getQuant())
      os << (isa<AffineGroupAttr>(tensor.getQuant()) ? "_affine" : "_packed");
    return AliasResult::FinalAlias;
  }
};
} // namespace

void NgDialect::initialize() {
  parseCache = std::make_unique<ParseCache>(getContext());
  warnedOps = std::make_unique<WarnedOps>();
  argumentStarts = std::make_unique<ArgumentStarts>();
  targetFacts = std::make_unique<TargetFacts>();
  addInterfaces<NgOpAsmInterface>();
  addBytecodeInterface();
  addTypes<
#define GET_TYPEDEF_LIST
#include "ng/Dialect/NgTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ng/Dialect/NgAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ng/Dialect/NgOps.cpp.inc"
      >();
}

/// W7: "1" and "1.0" load; anything else is a version this tool cannot read.
LogicalResult NgDialect::verifyOperationAttribute(Operation *op,
                                                  NamedAttribute attr) {
  // On the module, without echoing its first line (ModuleDiagnostics.h).
  auto emitError = [op] {
    if (auto module = dyn_cast<ModuleOp>(op))
      return emitModuleError(module);
    return op->emitError();
  };
  if (attr.getName() == getVersionAttrName()) {
    auto version = dyn_cast<StringAttr>(attr.getValue());
    if (!version)
      return emitError() << "'" << getVersionAttrName() << "' must be a string";
    if (!isSupportedVersion(version.getValue()))
      return emitError() << describeUnsupportedVersion(version.getValue());
    return success();
  }
  // Left by ng.output's parser for ng.method's (NgOps.cpp); on an ng.output
  // outside a method, OutputOp::verify says what is wrong.
  if (attr.getName() == getUnresolvedSpecInputsAttrName() && isa<OutputOp>(op))
    return success();
  if (attr.getName() == getDataAttrName()) {
    auto module = dyn_cast<ModuleOp>(op);
    if (!module || !isa<DictionaryAttr>(attr.getValue()))
      return emitError() << "'" << getDataAttrName()
                         << "' must be a dictionary on the module";
    return verifyConstantData(module);
  }
  return emitError() << "unknown ng attribute '" << attr.getName().getValue()
                     << "'";
}

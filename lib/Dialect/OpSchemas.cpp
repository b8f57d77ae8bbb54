//===- OpSchemas.cpp - the operator schemas calls are checked against -----===//

#include "ng/Dialect/OpSchemas.h"

#include "ng/Dialect/NgOps.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace ng;

namespace {
#include "OpSchemas.inc"
} // namespace

bool OpSchemaArgument::accepts(ArgKind kind) const {
  if (kind == ArgKind::None)
    return optional || this->kind == SchemaType::Other;
  switch (this->kind) {
  // A number for a Tensor is a wrapped scalar, as PyTorch's argument
  // parser takes it (`aten.add.Tensor(x, 1)`).
  case SchemaType::Tensor:
    return kind == ArgKind::Tensor || kind == ArgKind::Int ||
           kind == ArgKind::Float || kind == ArgKind::Bool;
  case SchemaType::TensorList:
    return kind == ArgKind::TensorList;
  case SchemaType::OptionalTensorList:
    return kind == ArgKind::OptionalTensorList || kind == ArgKind::TensorList;
  case SchemaType::Int:
    return kind == ArgKind::Int;
  // `int[2] stride=1`: one int stands for the list.
  case SchemaType::IntList:
    return kind == ArgKind::IntList || kind == ArgKind::Int;
  case SchemaType::Float:
    return kind == ArgKind::Float || kind == ArgKind::Int;
  case SchemaType::FloatList:
    return kind == ArgKind::FloatList;
  case SchemaType::Bool:
    return kind == ArgKind::Bool;
  case SchemaType::BoolList:
    return kind == ArgKind::BoolList || kind == ArgKind::Bool;
  case SchemaType::Scalar:
    return kind == ArgKind::Int || kind == ArgKind::Float ||
           kind == ArgKind::Bool;
  case SchemaType::String:
    return kind == ArgKind::String;
  case SchemaType::ScalarType:
    return kind == ArgKind::ScalarType;
  case SchemaType::Other:
    return true;
  }
  return true;
}

ArrayRef<OpSchemaArgument> OpSchema::getArguments() const {
  return ArrayRef<OpSchemaArgument>(kSchemaArguments + entry->firstArgument,
                                    entry->numArguments);
}

const OpSchemaArgument *OpSchema::findArgument(StringRef name) const {
  for (const OpSchemaArgument &arg : getArguments())
    if (name == arg.name)
      return &arg;
  return nullptr;
}

std::optional<OpSchema> ng::lookupOpSchema(StringRef target) {
  // Every call's target is looked up at the import and again by each
  // verification of it: by hash. (A binary search of the table compared C
  // strings, a strlen and a memcmp per step: 565 instructions a call.)
  static const llvm::StringMap<const OpSchemaEntry *> byTarget = [] {
    llvm::StringMap<const OpSchemaEntry *> map(std::size(kSchemas));
    for (const OpSchemaEntry &entry : kSchemas)
      map.try_emplace(entry.target, &entry);
    return map;
  }();
  auto it = byTarget.find(target);
  if (it == byTarget.end())
    return std::nullopt;
  return OpSchema(*it->second);
}

bool ng::isSchemaNamespace(StringRef target) {
  if (!target.consume_front("torch.ops."))
    return false;
  StringRef ns = target.split('.').first;
  return llvm::any_of(kSchemaNamespaces,
                      [&](const char *covered) { return ns == covered; });
}

/// The wire kind in words, as the errors name it.
static StringRef kindName(ArgKind kind) {
  switch (kind) {
  case ArgKind::Tensor:
    return "a tensor";
  case ArgKind::None:
    return "none";
  case ArgKind::Int:
    return "an int";
  case ArgKind::Float:
    return "a float";
  case ArgKind::Bool:
    return "a bool";
  case ArgKind::String:
    return "a string";
  case ArgKind::ScalarType:
    return "a dtype";
  case ArgKind::IntList:
    return "an int list";
  case ArgKind::FloatList:
    return "a float list";
  case ArgKind::BoolList:
    return "a bool list";
  case ArgKind::TensorList:
    return "a tensor list";
  case ArgKind::OptionalTensorList:
    return "an optional tensor list";
  case ArgKind::Graph:
    return "a graph";
  }
  return "an argument";
}

LogicalResult
ng::verifyCallSchema(CallOp call,
                     function_ref<InFlightDiagnostic()> emitError) {
  std::optional<OpSchema> schema = lookupOpSchema(call.getTarget());
  if (!schema || schema->isVariadic())
    return success();
  for (Attribute attr : call.getArgs()) {
    auto arg = cast<ArgAttr>(attr);
    if (!arg.getName() || arg.getName().getValue().empty())
      continue;
    StringRef name = arg.getName().getValue();
    const OpSchemaArgument *parameter = schema->findArgument(name);
    if (!parameter) {
      InFlightDiagnostic diag = emitError();
      diag << "argument '" << name << "' is not a parameter of "
           << schema->getName() << " (";
      llvm::interleaveComma(schema->getArguments(), diag,
                            [&](const OpSchemaArgument &a) { diag << a.name; });
      diag << ")";
      return diag;
    }
    if (!parameter->accepts(arg.getKind()))
      return emitError() << "argument '" << name << "' is "
                         << kindName(arg.getKind()) << ", but "
                         << schema->getName() << " declares it '"
                         << parameter->type << "'";
  }
  return success();
}

//===- RecurringAttrs.cpp - attributes built over and over ----------------===//

#include "ng/Dialect/RecurringAttrs.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace ng;

StringAttr RecurringAttrs::string(StringRef text) {
  auto [it, inserted] = strings.try_emplace(text);
  if (inserted)
    it->second = StringAttr::get(ctx, text);
  return it->second;
}

Attribute RecurringAttrs::integer(int64_t value) {
  // DenseMapInfo<int64_t> reserves the two largest values as markers, and
  // INT64_MAX is a common slice end: those bypass the table.
  if (value >= INT64_MAX - 1)
    return Builder(ctx).getI64IntegerAttr(value);
  auto [it, inserted] = integers.try_emplace(value);
  if (inserted)
    it->second = Builder(ctx).getI64IntegerAttr(value);
  return it->second;
}

ArgAttr RecurringAttrs::arg(ArgKind kind, StringAttr name, bool mutated,
                            Attribute value, DenseBoolArrayAttr mask,
                            function_ref<InFlightDiagnostic()> emitError) {
  ArgKey key{static_cast<unsigned>(kind) * 2 + mutated,
             name.getAsOpaquePointer(), value.getAsOpaquePointer(),
             mask.getAsOpaquePointer()};
  if (auto it = args.find(key); it != args.end())
    return it->second;
  ArgAttr attr = emitError
                     ? ArgAttr::getChecked(emitError, ctx, kind, name, mutated,
                                           value, mask)
                     : ArgAttr::get(ctx, kind, name, mutated, value, mask);
  if (attr)
    args.try_emplace(key, attr);
  return attr;
}

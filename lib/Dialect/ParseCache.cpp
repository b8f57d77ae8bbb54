//===- ParseCache.cpp - recurring attributes of the custom parsers --------===//

#include "ParseCache.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace ng;

StringAttr ParseCache::string(MLIRContext *ctx, StringRef text) {
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = strings.try_emplace(text);
  if (inserted)
    it->second = StringAttr::get(ctx, text);
  return it->second;
}

Attribute ParseCache::integer(MLIRContext *ctx, int64_t value) {
  // DenseMapInfo<int64_t> reserves the two largest values as markers.
  if (value >= INT64_MAX - 1)
    return Builder(ctx).getI64IntegerAttr(value);
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = integers.try_emplace(value);
  if (inserted)
    it->second = Builder(ctx).getI64IntegerAttr(value);
  return it->second;
}

ArgAttr ParseCache::arg(function_ref<InFlightDiagnostic()> emitError,
                        MLIRContext *ctx, ArgKind kind, StringAttr name,
                        bool mutated, Attribute value,
                        DenseBoolArrayAttr mask) {
  ArgKey key{static_cast<unsigned>(kind) * 2 + mutated,
             name.getAsOpaquePointer(), value.getAsOpaquePointer(),
             mask.getAsOpaquePointer()};
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = args.find(key); it != args.end())
      return it->second;
  }
  // Verified once: a failure is reported (and not remembered).
  ArgAttr attr =
      ArgAttr::getChecked(emitError, ctx, kind, name, mutated, value, mask);
  if (attr) {
    std::lock_guard<std::mutex> lock(mutex);
    args.try_emplace(key, attr);
  }
  return attr;
}

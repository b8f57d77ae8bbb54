//===- WireEnums.h - ng's enums against the schema's ------------*- C++ -*-===//
//
// OutputValueKind has no dialect enum: a result's kind is its type's
// (getReferenceKind, NgTypes.h), converted here.
//
//===----------------------------------------------------------------------===//

#ifndef NG_LIB_TARGET_NATIVEGRAPH_WIREENUMS_H
#define NG_LIB_TARGET_NATIVEGRAPH_WIREENUMS_H

#include "ng/Dialect/NgAttrs.h"
#include "ng/Target/NativeGraph/native_graph_generated.h"

#include <cstdint>
#include <optional>

namespace ng {

/// The Output kind of a node value whose reference kind is `kind` (Tensor,
/// Int, Float, Bool: getReferenceKind of its type).
inline native_backend::OutputValueKind getOutputValueKind(ArgKind kind) {
  switch (kind) {
  case ArgKind::Int:
    return native_backend::OutputValueKind::INT;
  case ArgKind::Float:
    return native_backend::OutputValueKind::FLOAT;
  case ArgKind::Bool:
    return native_backend::OutputValueKind::BOOL;
  default:
    return native_backend::OutputValueKind::TENSOR;
  }
}

/// The reference kind of the value an Output of kind `kind` makes; nullopt
/// for TENSOR_LIST (a group of tensors) and a kind this schema does not
/// know.
inline std::optional<ArgKind>
getReferenceKind(native_backend::OutputValueKind kind) {
  switch (kind) {
  case native_backend::OutputValueKind::TENSOR:
    return ArgKind::Tensor;
  case native_backend::OutputValueKind::INT:
    return ArgKind::Int;
  case native_backend::OutputValueKind::FLOAT:
    return ArgKind::Float;
  case native_backend::OutputValueKind::BOOL:
    return ArgKind::Bool;
  default:
    return std::nullopt;
  }
}

} // namespace ng

#endif // NG_LIB_TARGET_NATIVEGRAPH_WIREENUMS_H

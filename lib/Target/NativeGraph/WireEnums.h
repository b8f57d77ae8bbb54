//===- WireEnums.h - ng's enums against the schema's ------------*- C++ -*-===//
//
// The enums of NgAttrs.td carry the wire's values (FORMAT.md W3, and the
// ArgumentValue union's tags), so the translation converts between them and
// the schema's with a cast. The asserts below hold them to the schema this
// build compiled (schema/native_graph.fbs, generated into
// native_graph_generated.h): a schema that moves or adds a value stops the
// build here rather than mistranslating. They live in the translation, the
// one library that sees both headers (the dialect does not depend on the
// schema). A value read from a file is taken through symbolize* (an unknown
// one is a newer writer's, W2).
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

/// Whether a dialect enum value and a schema enum value are the same number.
template <typename DialectEnum, typename SchemaEnum>
constexpr bool isSameWireValue(DialectEnum dialect, SchemaEnum schema) {
  return static_cast<int64_t>(dialect) == static_cast<int64_t>(schema);
}

static_assert(isSameWireValue(InputKind::UserInput,
                              native_backend::InputKind::USER_INPUT));
static_assert(isSameWireValue(InputKind::Parameter,
                              native_backend::InputKind::PARAMETER));
static_assert(isSameWireValue(InputKind::Buffer,
                              native_backend::InputKind::BUFFER));
static_assert(isSameWireValue(InputKind::ConstantTensor,
                              native_backend::InputKind::CONSTANT_TENSOR));
static_assert(isSameWireValue(getMaxEnumValForInputKind(),
                              native_backend::InputKind::MAX));

static_assert(isSameWireValue(OutputKind::UserOutput,
                              native_backend::OutputKind::USER_OUTPUT));
static_assert(isSameWireValue(OutputKind::BufferMutation,
                              native_backend::OutputKind::BUFFER_MUTATION));
static_assert(isSameWireValue(OutputKind::UserInputMutation,
                              native_backend::OutputKind::USER_INPUT_MUTATION));
static_assert(isSameWireValue(getMaxEnumValForOutputKind(),
                              native_backend::OutputKind::MAX));

static_assert(isSameWireValue(ArgKind::Tensor,
                              native_backend::ArgumentValue::TensorArg));
static_assert(isSameWireValue(ArgKind::None,
                              native_backend::ArgumentValue::NoneArg));
static_assert(isSameWireValue(ArgKind::Int,
                              native_backend::ArgumentValue::IntArg));
static_assert(isSameWireValue(ArgKind::Float,
                              native_backend::ArgumentValue::FloatArg));
static_assert(isSameWireValue(ArgKind::Bool,
                              native_backend::ArgumentValue::BoolArg));
static_assert(isSameWireValue(ArgKind::String,
                              native_backend::ArgumentValue::StringArg));
static_assert(isSameWireValue(ArgKind::ScalarType,
                              native_backend::ArgumentValue::ScalarTypeArg));
static_assert(isSameWireValue(ArgKind::IntList,
                              native_backend::ArgumentValue::IntListArg));
static_assert(isSameWireValue(ArgKind::FloatList,
                              native_backend::ArgumentValue::FloatListArg));
static_assert(isSameWireValue(ArgKind::BoolList,
                              native_backend::ArgumentValue::BoolListArg));
static_assert(isSameWireValue(ArgKind::TensorList,
                              native_backend::ArgumentValue::TensorListArg));
static_assert(
    isSameWireValue(ArgKind::OptionalTensorList,
                    native_backend::ArgumentValue::OptionalTensorListArg));
static_assert(isSameWireValue(ArgKind::Graph,
                              native_backend::ArgumentValue::GraphArg));
static_assert(isSameWireValue(getMaxEnumValForArgKind(),
                              native_backend::ArgumentValue::MAX));

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

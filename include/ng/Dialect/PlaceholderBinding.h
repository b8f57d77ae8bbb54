//===- PlaceholderBinding.h - a method placeholder's role ------*- C++ -*-===//
//
// What `ng.method` stores for each placeholder (its `arg_bindings`
// property): a user input, a constant (NamedTensorRef: kind, data key,
// mutated) or a mutable buffer (MutableBufferSpec: fqn). The attribute
// forms, `#ng.constant` and `#ng.mutable_buffer`, are what the text, the
// generic form and passes see (MethodOp::getArgBinding); they are made on
// request, not one per placeholder at import: every constant has its own
// data key, and uniquing an attribute per weight made importing a large
// model slower (docs/Rationale.md, "Memory").
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_PLACEHOLDERBINDING_H
#define NG_DIALECT_PLACEHOLDERBINDING_H

#include "ng/Dialect/NgAttrs.h"

#include "mlir/IR/Location.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>

namespace mlir {
class DialectBytecodeReader;
class DialectBytecodeWriter;
class MLIRContext;
} // namespace mlir

namespace ng {

struct PlaceholderBinding {
  enum class Role : uint8_t { Input, Constant, MutableBuffer };

  Role role = Role::Input;
  /// Constant only: NamedTensorRef.kind and .mutated.
  InputKind kind = InputKind::UserInput;
  bool mutated = false;
  /// Constant: the data key; mutable buffer: the fqn.
  std::string key;

  static PlaceholderBinding input() { return {}; }
  static PlaceholderBinding constant(InputKind kind, llvm::StringRef dataKey,
                                     bool mutated) {
    return {Role::Constant, kind, mutated, dataKey.str()};
  }
  static PlaceholderBinding mutableBuffer(llvm::StringRef fqn) {
    return {Role::MutableBuffer, InputKind::UserInput, false, fqn.str()};
  }

  bool isInput() const { return role == Role::Input; }
  bool isConstant() const { return role == Role::Constant; }
  bool isMutableBuffer() const { return role == Role::MutableBuffer; }

  /// How reports, pictures and Python name the role, one spelling each:
  /// `user_input`, `parameter`, `buffer`, `constant`, `mutable_buffer`
  /// (ng::stringifyStorageKind's words; a constant of kind USER_INPUT is a
  /// `user_input`).
  llvm::StringRef getRoleName() const;

  /// The attribute form: null for a user input, else #ng.constant or
  /// #ng.mutable_buffer.
  mlir::Attribute toAttr(mlir::MLIRContext *ctx) const;
  /// From the attribute form (null: a user input); false for any other
  /// attribute.
  static bool fromAttr(mlir::Attribute attr, PlaceholderBinding &binding);

  bool operator==(const PlaceholderBinding &other) const {
    return role == other.role && kind == other.kind &&
           mutated == other.mutated && key == other.key;
  }
  bool operator!=(const PlaceholderBinding &other) const {
    return !(*this == other);
  }
};

/// A placeholder to insert with MethodOp::modifyPlaceholders: before the
/// placeholder `index` names (the count of placeholders: at the end).
struct PlaceholderInsertion {
  unsigned index;
  mlir::Type type;
  /// Its wire name hint (may be "").
  std::string name;
  PlaceholderBinding binding;
  mlir::Location loc;
};

/// The bytecode form (NgBytecode.cpp): the role, then a constant's kind and
/// mutated flag, then the data key or fqn in the string section; no
/// attribute. The reader also reads the attribute a file from before the
/// dialect's bytecode version 2 holds.
void writePlaceholderBinding(mlir::DialectBytecodeWriter &writer,
                             const PlaceholderBinding &binding);
llvm::LogicalResult readPlaceholderBinding(mlir::DialectBytecodeReader &reader,
                                           PlaceholderBinding &binding);

inline llvm::hash_code hash_value(const PlaceholderBinding &binding) {
  return llvm::hash_combine(binding.role, binding.kind, binding.mutated,
                            llvm::StringRef(binding.key));
}

} // namespace ng

#endif // NG_DIALECT_PLACEHOLDERBINDING_H

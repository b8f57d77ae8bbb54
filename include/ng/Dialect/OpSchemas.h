//===- OpSchemas.h - the operator schemas calls are checked against -*- C++
//-*-===//
//
// PyTorch operator schemas (name, overload, argument names, types, defaults)
// of the targets ng knows: lib/Dialect/OpSchemas.txt, one schema a line as
// native_functions.yaml and the custom-op definitions spell them, compiled
// into a table at build time (scripts/op_schemas.py). The ng.call verifier
// rejects a call whose argument names or kinds contradict its target's
// schema (`slef`); the import warns on a target of a namespace the table
// covers that no schema knows (a misspelled `aten.rsqrt.defualt`), and
// --ng-check-runtime and --ng-report name such targets on IR.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_OPSCHEMAS_H
#define NG_DIALECT_OPSCHEMAS_H

#include "ng/Dialect/NgAttrs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class InFlightDiagnostic;
} // namespace mlir

namespace ng {

class CallOp;

/// What an argument's schema type is checked as.
enum class SchemaType : uint8_t {
  Tensor,
  TensorList,
  OptionalTensorList,
  Int,
  IntList,
  Float,
  FloatList,
  Bool,
  BoolList,
  /// An int, float or bool literal (or reference).
  Scalar,
  String,
  ScalarType,
  /// A type ng does not check (Generator, Dimname, ...).
  Other,
};

struct OpSchemaArgument {
  const char *name;
  /// As the schema writes it: `Tensor(a!)`, `SymInt[]?`.
  const char *type;
  SchemaType kind;
  /// `T?`: None is accepted.
  bool optional;
  bool keywordOnly;
  /// The default as the schema writes it, or null.
  const char *defaultValue;

  /// Whether an argument of wire kind `kind` can stand for this parameter
  /// (FORMAT.md S4: an int list may also be written as one int, a Scalar
  /// as an int, float or bool; None only for an optional parameter).
  bool accepts(ArgKind kind) const;
};

/// One schema, as the table stores it.
struct OpSchemaEntry {
  /// The ng.call target: `torch.ops.aten.add.Tensor`,
  /// `torch.ops.aten.abs.default`, `torch.ops.higher_order.cond`.
  const char *target;
  /// `aten::add.Tensor`.
  const char *name;
  /// The whole schema line.
  const char *text;
  /// `(...)`: schema-less, positional arguments, not checked.
  bool variadic;
  unsigned firstArgument, numArguments;
};

class OpSchema {
public:
  explicit OpSchema(const OpSchemaEntry &entry) : entry(&entry) {}
  llvm::StringRef getTarget() const { return entry->target; }
  llvm::StringRef getName() const { return entry->name; }
  llvm::StringRef getText() const { return entry->text; }
  bool isVariadic() const { return entry->variadic; }
  llvm::ArrayRef<OpSchemaArgument> getArguments() const;
  /// The parameter called `name`, or null.
  const OpSchemaArgument *findArgument(llvm::StringRef name) const;

private:
  const OpSchemaEntry *entry;
};

/// The schema of `target` (an ng.call target), if the table has it.
std::optional<OpSchema> lookupOpSchema(llvm::StringRef target);

/// Whether the table covers `target`'s namespace (`torch.ops.aten.*`,
/// `torchao`, `dim_order_ops`, `higher_order`): a target there that no
/// schema knows is most likely misspelled.
bool isSchemaNamespace(llvm::StringRef target);

/// Whether `target` is one no schema knows in a namespace the table covers.
inline bool isUnknownTarget(llvm::StringRef target) {
  return isSchemaNamespace(target) && !lookupOpSchema(target);
}

/// Check `call`'s named arguments against its target's schema, if known:
/// each name is a parameter of the schema and each kind one the
/// parameter's type accepts. On a contradiction, reports it through
/// `emitError` (naming the argument and the schema; the caller's diagnostic
/// names the node) and fails. Unnamed (positional) arguments and unknown
/// targets pass.
mlir::LogicalResult
verifyCallSchema(CallOp call,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

} // namespace ng

#endif // NG_DIALECT_OPSCHEMAS_H

//===- GraphEdits.h - edit placeholders, constants and uses -----*- C++ -*-===//
//
// The edits that touch more than one node, and so have facts to keep in
// step, in one place (CallBuilder.h builds and edits single calls):
//
//  - placeholders: added, retyped and removed with their bindings, and with
//    the output specs that point at them by position
//    (`user_input_mutation`, FORMAT.md A3) renumbered;
//  - constants: a placeholder bound to a data key with its bytes in
//    `ng.data` (ConstantData.h), and the data no method binds any more
//    dropped from the program;
//  - a value's uses replaced, refusing what would move an in-place write
//    to other storage or use a value before it is made, and recording what
//    the new uses write (Storage.h).
//
// Each edit goes through a RewriterBase, so a listener (the greedy driver,
// --ng-print-changes) sees every op it changes, and leaves the method's
// function type in step, so a pass that uses only these needs no
// bookkeeping of its own. The placeholder edits are MethodOp's
// (modifyPlaceholders, retypePlaceholders) with the facts of a constant
// around them.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_GRAPHEDITS_H
#define NG_DIALECT_GRAPHEDITS_H

#include "ng/Dialect/NgOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class RewriterBase;
} // namespace mlir

#include <optional>
#include <string>

namespace ng {

//===----------------------------------------------------------------------===//
// Placeholders
//===----------------------------------------------------------------------===//

/// A placeholder bound to constant data: a lifted parameter, buffer or
/// constant tensor (a NamedTensorRef whose kind is not USER_INPUT).
struct ConstantPlaceholder {
  MethodOp method;
  mlir::BlockArgument arg;
  /// Its data key (N3); a copy, as adding a placeholder moves bindings.
  std::string key;
  InputKind kind = InputKind::Parameter;
  /// NamedTensorRef.mutated: a buffer the method writes.
  bool mutated = false;

  /// Its wire name hint ("" when none).
  llvm::StringRef getName() const;
};

/// The constant placeholder `value` is, if it is one: a placeholder of the
/// method it belongs to (not of a subgraph), bound to constant data.
std::optional<ConstantPlaceholder> getConstantPlaceholder(mlir::Value value);

/// Inserts a placeholder at position `index` of `method` (its entry block
/// argument), with its wire name (may be "") and binding, and renumbers the
/// `user_input_mutation` specs of the placeholders after it.
mlir::BlockArgument addPlaceholder(mlir::RewriterBase &rewriter,
                                   MethodOp method, unsigned index,
                                   llvm::StringRef name, mlir::Type type,
                                   const PlaceholderBinding &binding,
                                   mlir::Location loc);

/// Inserts a constant placeholder bound to `dataKey`, as addPlaceholder
/// does. With `data`, the bytes go into `ng.data` under the key (replacing
/// what is there: every placeholder bound to the key reads them, S9).
mlir::BlockArgument addConstant(
    mlir::RewriterBase &rewriter, MethodOp method, unsigned index,
    llvm::StringRef name, mlir::Type type, InputKind kind,
    llvm::StringRef dataKey, mlir::Location loc,
    mlir::DenseResourceElementsAttr data = mlir::DenseResourceElementsAttr());

/// Gives placeholder `arg` of a method the type `type`, through `rewriter`.
/// The method's signature follows at once, or, with `updateSignature`
/// false, when the caller is done retyping (each update lists every
/// placeholder: a pass retyping each weight as it goes updates once, with
/// MethodOp::retypePlaceholders of nothing). Placeholders of other methods
/// bound to the same key must declare the same metadata (S9):
/// retypeConstant retypes them all.
void retypePlaceholder(mlir::RewriterBase &rewriter, mlir::BlockArgument arg,
                       mlir::Type type, bool updateSignature = true);

/// Gives every placeholder of `module` bound to `dataKey` the type `type`
/// and, with `data`, replaces the key's bytes: the edit that keeps S9 when
/// a constant's metadata changes. Returns how many placeholders it retyped.
unsigned retypeConstant(
    mlir::RewriterBase &rewriter, mlir::ModuleOp module,
    llvm::StringRef dataKey, mlir::Type type,
    mlir::DenseResourceElementsAttr data = mlir::DenseResourceElementsAttr());

/// Why placeholder `arg` cannot be removed: "" when it can. It cannot while
/// a node reads it or the method's output writes it back (A3).
std::string whyPlaceholderIsNeeded(mlir::BlockArgument arg);

/// Removes placeholder `arg` of a method with its binding, renumbering the
/// `user_input_mutation` specs after it. Fails, with the reason through
/// `emitError` when given, while it is needed (whyPlaceholderIsNeeded).
/// Its data stays in `ng.data` until pruneConstantData, since other methods
/// may bind the key.
llvm::LogicalResult removePlaceholder(
    mlir::RewriterBase &rewriter, mlir::BlockArgument arg,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError = {});

/// Removes the placeholders `args` of `method` at once (one renumbering, one
/// signature update: linear in the method's placeholders however many go).
/// Fails, removing none, when one of them is needed.
llvm::LogicalResult removePlaceholders(
    mlir::RewriterBase &rewriter, MethodOp method,
    llvm::ArrayRef<mlir::BlockArgument> args,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError = {});

//===----------------------------------------------------------------------===//
// Constant data
//===----------------------------------------------------------------------===//

/// Drops from `ng.data` the entries whose key no placeholder of any method
/// binds (a constant) and no AffineGroup metadata names (a scale or zero
/// point). Returns the keys it dropped, in the dictionary's order.
llvm::SmallVector<std::string> pruneConstantData(mlir::RewriterBase &rewriter,
                                                 mlir::ModuleOp module);

//===----------------------------------------------------------------------===//
// Uses
//===----------------------------------------------------------------------===//

/// Why every use of `from` cannot be made a use of `to`: "" when it can.
///  - `to` must be made before every user of `from`, in its block;
///  - a user that writes `from` in place (`mut`, or a write the op facts
///    know) would write `to`'s storage instead: refused unless both are the
///    same storage (same storage root), and never onto read-only storage
///    (a parameter or constant tensor, V13);
///  - the kinds must match: a tensor for a tensor (its metadata may
///    differ), a scalar for a scalar of the same type.
std::string whyUsesCannotBeReplaced(mlir::Value from, mlir::Value to);

/// Replaces every use of `from` with `to` when whyUsesCannotBeReplaced says
/// it can (else fails, with the reason through `emitError` when given). The
/// users' alias_of and `mut` name operands by position, so they stay true;
/// what was recorded written of `from` is recorded of `to` (the classes
/// joined), and the signature of a method whose output used `from`
/// follows. Through `rewriter`.
llvm::LogicalResult replaceAllUsesKeepingAliases(
    mlir::RewriterBase &rewriter, mlir::Value from, mlir::Value to,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError = {});

} // namespace ng

#endif // NG_DIALECT_GRAPHEDITS_H

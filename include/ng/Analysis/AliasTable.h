//===- AliasTable.h - aliasing facts of known aten ops ----------*- C++ -*-===//
//
// The one table of what known aten targets do to storage (FORMAT.md A1, A2):
// which argument an op's output views or is, and which arguments it writes.
// --ng-infer-aliases fills in missing alias_of / `mut` from it, and the alias
// analysis reads from it how a view relates to its source.
//
//===----------------------------------------------------------------------===//

#ifndef NG_ANALYSIS_ALIASTABLE_H
#define NG_ANALYSIS_ALIASTABLE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace ng {

/// How an output relates to the argument it aliases.
enum class ViewKind {
  /// The output is the argument itself (`aten.alias`, in-place ops returning
  /// `self`): the same storage at the same view.
  Identity,
  /// A view that reaches every element of the argument (transpose, permute,
  /// view, expand, unsqueeze, squeeze, t): it overlaps anything the
  /// argument overlaps.
  Covering,
  /// A view that may reach only part of the argument (slice, select,
  /// as_strided, narrow, diagonal, unfold), or an aliasing op the table does
  /// not know.
  Partial,
};

/// What the table knows about one target.
struct AliasRule {
  /// The schema arguments the op writes (`Tensor(a!)`).
  llvm::SmallVector<llvm::StringRef, 1> mutatedArgs;
  /// The schema argument a single tensor output aliases; empty when the
  /// output aliases nothing (functional ops, `*_copy` variants).
  llvm::StringRef aliasedArg;
  /// How that output relates to the argument (when aliasedArg is set).
  ViewKind view = ViewKind::Partial;
};

/// The rule for a call target (`torch.ops.aten.<op>.<overload>`), or nullopt
/// for a target the table does not know. Known: the A2 views (and a few more
/// views of the same kind), their functional `*_copy` variants (which alias
/// nothing), and in-place ops (`add_`, `index_put_`, `__iand__`, ...), which
/// write `self` and return it.
std::optional<AliasRule> lookupAliasRule(llvm::StringRef target);

/// The ViewKind of an output of `target` that aliases argument `aliasedArg`
/// (its schema name): Identity when the op writes that argument in place
/// (`mutated`), else the table's when it agrees on the argument, else
/// Partial (nothing known).
ViewKind getViewKind(llvm::StringRef target, llvm::StringRef aliasedArg,
                     bool aliasedArgMutated);

} // namespace ng

#endif // NG_ANALYSIS_ALIASTABLE_H

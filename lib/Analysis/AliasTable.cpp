//===- AliasTable.cpp - aliasing facts of known aten ops ------------------===//
//
// The table lives here and only here; see include/ng/Analysis/AliasTable.h.
//
//===----------------------------------------------------------------------===//

#include "ng/Analysis/AliasTable.h"

#include "llvm/ADT/StringRef.h"

using namespace ng;
using llvm::StringRef;

namespace {
/// An aten view: `<name>.<overload>(Tensor(a) self, ...) -> Tensor(a)`.
struct ViewEntry {
  StringRef name;
  StringRef overload;
  ViewKind kind;
};
} // namespace

/// The views of the ATen schema that ExecuTorch programs carry (FORMAT.md A2,
/// plus the other single-output views of the same shape). Each aliases
/// `self`; its `<name>_copy.<overload>` variant is functional.
static const ViewEntry kViews[] = {
    // A2.
    {"view", "default", ViewKind::Covering},
    {"transpose", "int", ViewKind::Covering},
    {"slice", "Tensor", ViewKind::Partial},
    {"permute", "default", ViewKind::Covering},
    {"select", "int", ViewKind::Partial},
    {"expand", "default", ViewKind::Covering},
    {"unsqueeze", "default", ViewKind::Covering},
    {"squeeze", "dim", ViewKind::Covering},
    {"alias", "default", ViewKind::Identity},
    {"t", "default", ViewKind::Covering},
    {"as_strided", "default", ViewKind::Partial},
    // More views of the same form.
    {"squeeze", "default", ViewKind::Covering},
    {"squeeze", "dims", ViewKind::Covering},
    {"view", "dtype", ViewKind::Covering},
    {"_reshape_alias", "default", ViewKind::Covering},
    {"unflatten", "int", ViewKind::Covering},
    {"detach", "default", ViewKind::Identity},
    {"narrow", "default", ViewKind::Partial},
    {"diagonal", "default", ViewKind::Partial},
    {"unfold", "default", ViewKind::Partial},
    {"view_as_real", "default", ViewKind::Covering},
    {"view_as_complex", "default", ViewKind::Covering},
};

/// Operator methods that work in place (`__iand__`: `Tensor(a!) self`);
/// every other `__op__` is functional.
static bool isInPlaceDunder(StringRef name) {
  return name == "__iand__" || name == "__ior__" || name == "__ixor__" ||
         name == "__ilshift__" || name == "__irshift__";
}

std::optional<AliasRule> ng::lookupAliasRule(StringRef target) {
  if (!target.consume_front("torch.ops.aten."))
    return std::nullopt;
  auto [name, overload] = target.split('.');
  if (name.empty() || overload.empty() || overload.contains('.'))
    return std::nullopt;

  for (const ViewEntry &view : kViews) {
    if (view.overload != overload)
      continue;
    if (view.name == name) {
      AliasRule rule;
      rule.aliasedArg = "self";
      rule.view = view.kind;
      return rule;
    }
    // A2: `*_copy` variants alias nothing.
    if (name.size() == view.name.size() + 5 && name.starts_with(view.name) &&
        name.ends_with("_copy"))
      return AliasRule();
  }

  // Ops that update state passed to them and return new tensors.
  if (name == "_native_batch_norm_legit" && overload == "default") {
    AliasRule rule;
    rule.mutatedArgs = {"running_mean", "running_var"};
    return rule;
  }

  // In-place ops (`add_`, `index_put_`, `_foreach_add_`, `__iand__`) write
  // `self` and return it (when they return a tensor).
  bool dunder = name.starts_with("__") && name.ends_with("__");
  if ((!dunder && name.ends_with("_")) || isInPlaceDunder(name)) {
    AliasRule rule;
    rule.mutatedArgs.push_back("self");
    rule.aliasedArg = "self";
    rule.view = ViewKind::Identity;
    return rule;
  }
  return std::nullopt;
}

ViewKind ng::getViewKind(StringRef target, StringRef aliasedArg,
                         bool aliasedArgMutated) {
  if (aliasedArgMutated)
    return ViewKind::Identity;
  if (std::optional<AliasRule> rule = lookupAliasRule(target);
      rule && !rule->aliasedArg.empty() && rule->aliasedArg == aliasedArg)
    return rule->view;
  return ViewKind::Partial;
}

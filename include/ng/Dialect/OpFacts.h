//===- OpFacts.h - what ng knows about call targets -------------*- C++ -*-===//
//
// The one home of what ng knows about the targets of ng.call nodes: aliasing
// and in-place writes (FORMAT.md A1, A2), random-number generators and
// assertions (effects), contiguous-input needs (D5), the dim-order copy ops
// (D4), the dequantize signatures of the q4 folds (F1, F2), in-place forms
// (--ng-reinplace), what assertions check (--ng-remove-runtime-asserts) and
// the scalar functions the scalar ranges evaluate. The facts are
// written in include/ng/Dialect/OpFacts.td (a TableGen searchable table);
// docs/OpFacts.md says how to add an op.
//
// Every question about a target goes through lookupOpFacts: the memory
// effects (lib/Dialect/NgEffects.cpp), the storage rules
// (include/ng/Dialect/Storage.h), the alias analysis and every pass.
//
//===----------------------------------------------------------------------===//

#ifndef NG_DIALECT_OPFACTS_H
#define NG_DIALECT_OPFACTS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/iterator.h"

#include <cstdint>
#include <iterator>
#include <optional>

namespace mlir {
class StringAttr;
} // namespace mlir

namespace ng {

/// How an output relates to the argument it aliases.
enum class ViewKind : uint8_t {
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

/// How a view's output is laid out in memory, given its input's layout (D1,
/// D3): the rule inferViewDimOrder (ng/Dialect/DimOrder.h) applies, reading
/// the schema arguments OpFacts::layoutArgs names.
enum class ViewLayout : uint8_t {
  /// ng cannot tell (as_strided, diagonal, unfold, view.dtype, a view with
  /// several outputs, any op that is not a view).
  None,
  /// The input's layout (alias, detach).
  Same,
  /// Takes its output sizes (view, unflatten): a contiguous input gives a
  /// contiguous output; otherwise only size-1 dims may come or go.
  Reshape,
  /// Broadcasts to its output sizes (expand): dense only where no dim is
  /// broadcast (a broadcast dim has stride 0).
  Expand,
  /// Inserts or removes size-1 dims (squeeze, unsqueeze).
  UnitDims,
  /// Permutes the dims by the int list layoutArgs names (permute: `dims`).
  Permute,
  /// Swaps the two dims layoutArgs names (transpose: `dim0`, `dim1`), or
  /// dims 0 and 1 when it names none (t).
  Transpose,
  /// Narrows the dim layoutArgs names first, with the step it names second
  /// (slice: `dim`, `step`; narrow: `dim`, step 1).
  Slice,
  /// Removes the dim layoutArgs names, taking one index of it (select).
  Select,
};

/// The copy-op families --legalize-dim-order maps between (D4).
enum class CopyFamily : uint8_t { None, Clone, ToCopy, Empty };

/// The dequantize ops the q4 folds match (F1, F2).
enum class DequantizeKind : uint8_t { None, Gguf, Affine };

/// What an assertion checks (--ng-remove-runtime-asserts).
enum class AssertionKind : uint8_t {
  /// Not an assertion.
  None,
  /// An assertion ng cannot reason about (`_assert_async`: a tensor's data).
  Other,
  /// `_assert_tensor_metadata`: a tensor's dtype, sizes, strides, which its
  /// type already carries.
  TensorMetadata,
  /// `_assert_scalar(self, assert_msg)`: `self` is true.
  Scalar,
  /// `sym_constrain_range(size, *, min, max)`: min <= size <= max.
  ConstrainRange,
  /// `sym_constrain_range_for_size(size, *, min, max)`: the same, with min
  /// defaulting to 0, and failing for a max <= 2.
  ConstrainRangeForSize,
};

/// The scalar functions the scalar ranges bound (ng/Analysis/ScalarRanges.h):
/// a call's SymInt or SymBool result as a function of its arguments.
enum class ScalarFunction : uint8_t {
  None,
  /// `aten.sym_size.int(self, dim)`: dim `dim` of `self`.
  SymSize,
  /// `aten.sym_numel(self)`: the product of `self`'s dims.
  SymNumel,
  /// `_operator.add`, `sub`, `mul` of two ints.
  Add,
  Sub,
  Mul,
  /// `_operator.eq`, `ne`, `lt`, `le`, `gt`, `ge` of two ints: a bool.
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};

/// A list of schema argument names, in schema order. Iterating it, looking a
/// name up or counting allocates nothing (the table stores the list as one
/// comma-separated string).
class ArgNameList {
public:
  ArgNameList() = default;
  explicit ArgNameList(llvm::StringRef joined) : joined(joined) {}

  class iterator
      : public llvm::iterator_facade_base<iterator, std::forward_iterator_tag,
                                          const llvm::StringRef> {
  public:
    iterator() = default;
    explicit iterator(llvm::StringRef rest) { advance(rest); }
    const llvm::StringRef &operator*() const { return current; }
    iterator &operator++() {
      advance(rest);
      return *this;
    }
    bool operator==(const iterator &other) const {
      return current.data() == other.current.data() &&
             current.size() == other.current.size();
    }

  private:
    void advance(llvm::StringRef from) {
      if (from.data() == nullptr) {
        current = rest = llvm::StringRef();
        return;
      }
      auto [head, tail] = from.split(',');
      current = head;
      // The last name: nothing follows.
      rest = head.size() == from.size() ? llvm::StringRef() : tail;
    }
    llvm::StringRef current, rest;
  };

  iterator begin() const {
    return joined.empty() ? iterator() : iterator(joined);
  }
  iterator end() const { return iterator(); }
  bool empty() const { return joined.empty(); }
  unsigned size() const;
  bool contains(llvm::StringRef name) const {
    return indexOf(name).has_value();
  }
  /// The position of `name` in the list.
  std::optional<unsigned> indexOf(llvm::StringRef name) const;
  /// The list as the table stores it: "a,b,c".
  llvm::StringRef str() const { return joined; }

private:
  llvm::StringRef joined;
};

/// What ng knows about one target. Every field's default means "nothing
/// known"; the strings point into the constant table (or into the target the
/// facts were derived for: never into anything that goes away).
struct OpFacts {
  /// Aliasing and mutation (A1, A2): when `knowsAliasing`, `aliasedArg` and
  /// `mutatedArgs` are the whole truth about the op's storage (a `*_copy`
  /// variant knows its output aliases nothing and it writes nothing).
  bool knowsAliasing = false;
  /// The schema argument a single tensor output aliases; empty when the
  /// output aliases nothing.
  llvm::StringRef aliasedArg;
  /// How that output relates to the argument (when aliasedArg is set).
  ViewKind view = ViewKind::Partial;
  /// The schema arguments the op writes in place (`Tensor(a!)`).
  ArgNameList mutatedArgs;
  /// For a `<view>_copy.<overload>` variant (functional: it aliases nothing),
  /// the target of the view it materializes (`torch.ops.aten.view.default`
  /// for `torch.ops.aten.view_copy.default`); empty for any other op.
  llvm::StringRef viewCounterpart;

  /// For a view: how its output is laid out, and the schema arguments that
  /// rule reads (ViewLayout).
  ViewLayout layout = ViewLayout::None;
  ArgNameList layoutArgs;

  /// Draws random numbers: two identical calls give different results.
  bool random = false;
  /// Runs for a side effect (an assertion): never dropped.
  bool sideEffecting = false;

  /// D5: reads its input's memory linearly, so needs it contiguous.
  bool needsContiguousInput = false;

  /// D4: a copy op of this family (CopyFamily::None: not one) ...
  CopyFamily copyFamily = CopyFamily::None;
  /// ... in its dim-order form (else its aten form) ...
  bool isDimOrderForm = false;
  /// ... whose other form is this target ...
  llvm::StringRef copyCounterpart;
  /// ... that copies this argument (`self`), or lays out this size list
  /// (`size`) ...
  llvm::StringRef copyFirstArg;
  /// ... with these keyword arguments between that one and memory_format /
  /// dim_order, in schema order.
  ArgNameList copyMiddleArgs;

  /// F1, F2: a dequantize op the q4 folds know ...
  DequantizeKind dequantize = DequantizeKind::None;
  /// ... (and for those and the consumers below) the schema arguments in
  /// order ...
  ArgNameList signature;
  /// ... and for a consumer a folded weight may feed (linear, embedding),
  /// the argument that reads the weight.
  llvm::StringRef quantizedWeightArg;

  /// The target of the op's in-place form (`torch.ops.aten.relu_.default` of
  /// `relu.default`): the same arguments, `self` written and returned. Only
  /// ops whose output has `self`'s sizes have one (--ng-reinplace).
  llvm::StringRef inPlaceForm;
  /// What the op checks, if it is an assertion (with `signature`, its schema
  /// arguments in order).
  AssertionKind assertion = AssertionKind::None;
  /// The scalar function the op computes (with `signature`, its arguments in
  /// order).
  ScalarFunction scalarFunction = ScalarFunction::None;

  /// Whether the op writes schema argument `name` in place.
  bool mutates(llvm::StringRef name) const {
    return !name.empty() && mutatedArgs.contains(name);
  }
};

/// The facts about call target `target` (`torch.ops.<ns>.<name>.<overload>`,
/// or a target outside torch.ops such as `_operator.ge`, by its whole name):
/// the table's entry for the target, else for every overload of its packet,
/// then what its name implies (in-place `_` ops, `*_copy` variants of views,
/// in-place random-number generators; see deriveFromName in OpFacts.cpp).
/// nullopt when ng knows nothing about the target. Allocates nothing.
std::optional<OpFacts> lookupOpFacts(llvm::StringRef target);

/// The same for a call's target attribute, remembered by the dialect per
/// uniqued target (a graph has a few dozen, asked about at every node):
/// what ng.call's memory effects and the storage rules ask. Thread-safe.
/// nullopt for a null `target` (a generic-form call not verified yet).
std::optional<OpFacts> lookupOpFacts(mlir::StringAttr target);

/// The overload of call target `target`: what follows
/// `torch.ops.<ns>.<name>.` (`Tensor` of `torch.ops.aten.add.Tensor`); empty
/// when there is none or the target is not of that form.
llvm::StringRef getTargetOverload(llvm::StringRef target);

/// How pictures and reports name call target `target` for people:
/// `<ns>.<name>` of `torch.ops.<ns>.<name>[.<overload>]` (`aten.linear` of
/// `torch.ops.aten.linear.default`); any other target as it is.
llvm::StringRef getShortTargetName(llvm::StringRef target);

/// The ViewKind of an output of `target` that aliases argument `aliasedArg`
/// (its schema name): Identity when the op writes that argument in place
/// (`aliasedArgMutated`), else the table's when it agrees on the argument,
/// else Partial (nothing known).
ViewKind getViewKind(llvm::StringRef target, llvm::StringRef aliasedArg,
                     bool aliasedArgMutated);

/// The target of the copy op of `family` in its aten or dim-order form
/// (D4), e.g. `torch.ops.aten.clone.default`.
llvm::StringRef getCopyOpTarget(CopyFamily family, bool dimOrderForm);

/// The targets the table lists explicitly, `packet.overload` (or `packet`
/// for an every-overload entry), in the generated table's order; for tests and
/// documentation.
void forEachListedTarget(
    llvm::function_ref<void(llvm::StringRef packet, llvm::StringRef overload)>
        fn);

} // namespace ng

#endif // NG_DIALECT_OPFACTS_H

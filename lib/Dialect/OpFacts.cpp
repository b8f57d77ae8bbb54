//===- OpFacts.cpp - what ng knows about call targets ---------------------===//
//
// The table is include/ng/Dialect/OpFacts.td, turned into a constant array
// by `llvm-tblgen -gen-searchable-tables`; see include/ng/Dialect/OpFacts.h
// and docs/OpFacts.md.
//
// The table's generated search index is not used: it compares strings
// case-insensitively, and upper-cases the key into two std::strings on
// every lookup. ng looks targets up on every memory-effects query (several
// times per operand), so it indexes the generated array itself once, by
// packet in a hash map, and answers case-sensitively without allocating.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/OpFacts.h"
#include "ng/Dialect/NgDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <cassert>
#include <cstring>

using namespace ng;
using llvm::StringRef;

namespace ng::detail {
namespace {
/// One record of OpFacts.td, in the order of OpFactTable's `Fields`.
struct OpFactRecord {
  const char *Packet;
  const char *Overload;
  const char *Target;
  bool AliasingKnown;
  const char *AliasedArg;
  ViewKind View;
  const char *MutatedArgs;
  ViewLayout Layout;
  const char *LayoutArgs;
  bool Random;
  bool SideEffecting;
  bool NeedsContiguousInput;
  CopyFamily Copy;
  bool DimOrderForm;
  const char *CopyCounterpart;
  const char *CopyFirstArg;
  const char *CopyMiddleArgs;
  DequantizeKind Dequantize;
  const char *SignatureArgs;
  const char *QuantizedWeightArg;
  const char *InPlaceForm;
  AssertionKind Assertion;
  ScalarFunction Scalar;
};

#define GET_OpFactTable_IMPL
#include "ng/Dialect/OpFacts.inc"
} // namespace
} // namespace ng::detail

using ng::detail::OpFactRecord;
using ng::detail::OpFactTable;

//===----------------------------------------------------------------------===//
// ArgNameList
//===----------------------------------------------------------------------===//

unsigned ArgNameList::size() const {
  return static_cast<unsigned>(std::distance(begin(), end()));
}

std::optional<unsigned> ArgNameList::indexOf(StringRef name) const {
  // Most lists are empty or one name long: answer those without splitting.
  if (joined.size() < name.size())
    return std::nullopt;
  if (joined.size() == name.size())
    return joined == name ? std::optional<unsigned>(0) : std::nullopt;
  unsigned index = 0;
  for (StringRef entry : *this) {
    if (entry == name)
      return index;
    ++index;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The search
//===----------------------------------------------------------------------===//

namespace {
constexpr size_t kNumRecords = std::size(OpFactTable);

OpFacts fromRecord(const OpFactRecord &record) {
  OpFacts facts;
  facts.knowsAliasing = record.AliasingKnown;
  facts.aliasedArg = record.AliasedArg;
  facts.view = record.View;
  facts.mutatedArgs = ArgNameList(record.MutatedArgs);
  facts.layout = record.Layout;
  facts.layoutArgs = ArgNameList(record.LayoutArgs);
  facts.random = record.Random;
  facts.sideEffecting = record.SideEffecting;
  facts.needsContiguousInput = record.NeedsContiguousInput;
  facts.copyFamily = record.Copy;
  facts.isDimOrderForm = record.DimOrderForm;
  facts.copyCounterpart = record.CopyCounterpart;
  facts.copyFirstArg = record.CopyFirstArg;
  facts.copyMiddleArgs = ArgNameList(record.CopyMiddleArgs);
  facts.dequantize = record.Dequantize;
  facts.signature = ArgNameList(record.SignatureArgs);
  facts.quantizedWeightArg = record.QuantizedWeightArg;
  facts.inPlaceForm = record.InPlaceForm;
  facts.assertion = record.Assertion;
  facts.scalarFunction = record.Scalar;
  return facts;
}

/// One listed target, its strings measured once.
struct Entry {
  StringRef packet, overload, target;
  OpFacts facts;
};

/// The table, searchable: its entries, and for each packet the entries of
/// its overloads (few: a packet has one to three). Built on first use
/// (thread-safe: a function-local static); every query after that is one
/// hash of the packet and a compare or two, without allocating.
struct Index {
  std::array<Entry, kNumRecords> entries;
  llvm::StringMap<llvm::SmallVector<const Entry *, 2>> byPacket;

  Index() {
    for (size_t i = 0; i < kNumRecords; ++i) {
      const OpFactRecord &record = OpFactTable[i];
      entries[i] = {record.Packet, record.Overload, record.Target,
                    fromRecord(record)};
      auto &overloads = byPacket[entries[i].packet];
      assert(llvm::none_of(overloads,
                           [&](const Entry *other) {
                             return other->overload == entries[i].overload;
                           }) &&
             "OpFacts.td lists a target twice");
      overloads.push_back(&entries[i]);
    }
  }
};

const Index &getIndex() {
  static const Index index;
  return index;
}

/// The entry for exactly (packet, overload), or null.
const Entry *findEntry(StringRef packet, StringRef overload) {
  const Index &index = getIndex();
  auto it = index.byPacket.find(packet);
  if (it == index.byPacket.end())
    return nullptr;
  for (const Entry *entry : it->second)
    if (entry->overload == overload)
      return entry;
  return nullptr;
}

/// The entry for (packet, overload), else for every overload of packet.
const Entry *findEntryOrPacket(StringRef packet, StringRef overload) {
  if (const Entry *entry = findEntry(packet, overload))
    return entry;
  return overload.empty() ? nullptr : findEntry(packet, "");
}

/// A target, `torch.ops.<ns>.<name>[.<overload>]`, cut into its table key.
struct TargetKey {
  /// `torch.ops.<ns>.<name>`.
  StringRef packet;
  StringRef ns, name;
  /// Everything after the name's dot (empty when none; may hold more dots).
  StringRef overload;
};

std::optional<TargetKey> splitTarget(StringRef target) {
  constexpr StringRef kPrefix = "torch.ops.";
  StringRef rest = target;
  if (!rest.consume_front(kPrefix))
    return std::nullopt;
  TargetKey key;
  std::tie(key.ns, rest) = rest.split('.');
  std::tie(key.name, key.overload) = rest.split('.');
  if (key.ns.empty() || key.name.empty())
    return std::nullopt;
  key.packet =
      target.take_front(kPrefix.size() + key.ns.size() + 1 + key.name.size());
  return key;
}

/// Operator methods that work in place (`__iand__`: `Tensor(a!) self`);
/// every other `__op__` is functional.
bool isInPlaceDunder(StringRef name) {
  return name == "__iand__" || name == "__ior__" || name == "__ixor__" ||
         name == "__ilshift__" || name == "__irshift__";
}

/// The facts an aten target's name implies where the table says nothing
/// (the generic rules of FORMAT.md A2 and of ATen's naming):
///
///  - `<view>_copy.<overload>`, the functional variant of a view the table
///    lists with that overload, aliases nothing and writes nothing; its
///    viewCounterpart is that view;
///  - an in-place op (a name ending in `_` that is not a `__dunder__`:
///    `add_`, `index_put_`, `_foreach_add_`; or one of the in-place dunders
///    `__iand__`, `__ior__`, `__ixor__`, `__ilshift__`, `__irshift__`)
///    writes `self` and returns it (Identity);
///  - the in-place form `<op>_` of a random-number generator `<op>`
///    (`bernoulli_`, `uniform_`) draws random numbers too.
///
/// The aliasing rules want a well-formed `<name>.<overload>` (one overload
/// component); the random one, like the list it extends, any overload.
/// Returns whether it derived anything.
bool deriveFromName(const TargetKey &key, OpFacts &facts) {
  if (key.ns != "aten")
    return false;
  bool derived = false;
  StringRef name = key.name;
  bool wellFormed = !key.overload.empty() && !key.overload.contains('.');
  if (!facts.knowsAliasing && wellFormed) {
    const Entry *view = nullptr;
    if (name.ends_with("_copy"))
      view = findEntry(key.packet.drop_back(5), key.overload);
    bool dunder = name.starts_with("__") && name.ends_with("__");
    if (view && view->facts.knowsAliasing && !view->facts.aliasedArg.empty()) {
      facts.knowsAliasing = true;
      facts.viewCounterpart = view->target;
      derived = true;
    } else if ((!dunder && name.ends_with("_")) || isInPlaceDunder(name)) {
      facts.knowsAliasing = true;
      facts.aliasedArg = "self";
      facts.view = ViewKind::Identity;
      facts.mutatedArgs = ArgNameList("self");
      derived = true;
    }
  }
  if (!facts.random && name.size() > 1 && name.ends_with("_")) {
    const Entry *functional =
        findEntryOrPacket(key.packet.drop_back(1), key.overload);
    if (functional && functional->facts.random) {
      facts.random = true;
      derived = true;
    }
  }
  return derived;
}
} // namespace

//===----------------------------------------------------------------------===//
// The API
//===----------------------------------------------------------------------===//

/// The facts about `target`, worked out from the table and the name.
static std::optional<OpFacts> computeOpFacts(StringRef target) {
  std::optional<TargetKey> key = splitTarget(target);
  if (!key) {
    // A target outside torch.ops (`_operator.ge`): listed by its whole name.
    if (const Entry *entry = findEntry(target, ""))
      return entry->facts;
    return std::nullopt;
  }
  const Entry *entry = findEntryOrPacket(key->packet, key->overload);
  OpFacts facts = entry ? entry->facts : OpFacts();
  if (!deriveFromName(*key, facts) && !entry)
    return std::nullopt;
  return facts;
}

std::optional<OpFacts> ng::lookupOpFacts(StringRef target) {
  return computeOpFacts(target);
}

std::optional<OpFacts> ng::lookupOpFacts(mlir::StringAttr target) {
  // A call the verifier has not seen yet may have no target (the method's
  // parser reads the storage rules off its graph before verification).
  if (!target)
    return std::nullopt;
  auto *dialect = target.getContext()->getLoadedDialect<NgDialect>();
  if (!dialect)
    return computeOpFacts(target.getValue());
  return dialect->lookupTargetFacts(
      target, [&] { return computeOpFacts(target.getValue()); });
}

StringRef ng::getTargetOverload(StringRef target) {
  std::optional<TargetKey> key = splitTarget(target);
  return key ? key->overload : StringRef();
}

StringRef ng::getShortTargetName(StringRef target) {
  std::optional<TargetKey> key = splitTarget(target);
  return key ? key->packet.drop_front(StringRef("torch.ops.").size()) : target;
}

ViewKind ng::getViewKind(StringRef target, StringRef aliasedArg,
                         bool aliasedArgMutated) {
  if (aliasedArgMutated)
    return ViewKind::Identity;
  if (std::optional<OpFacts> facts = lookupOpFacts(target);
      facts && !facts->aliasedArg.empty() && facts->aliasedArg == aliasedArg)
    return facts->view;
  return ViewKind::Partial;
}

StringRef ng::getCopyOpTarget(CopyFamily family, bool dimOrderForm) {
  // Each form's entry names the other form's target.
  for (const OpFactRecord &record : OpFactTable)
    if (record.Copy == family && record.DimOrderForm != dimOrderForm)
      return record.CopyCounterpart;
  return {};
}

void ng::forEachListedTarget(
    llvm::function_ref<void(StringRef packet, StringRef overload)> fn) {
  for (const Entry &entry : getIndex().entries)
    fn(entry.packet, entry.overload);
}

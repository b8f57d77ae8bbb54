//===- OpFacts.cpp - what ng knows about call targets ---------------------===//
//
// The table is include/ng/Dialect/OpFacts.td, turned into a constant array
// by `llvm-tblgen -gen-searchable-tables`; see include/ng/Dialect/OpFacts.h
// and docs/OpFacts.md.
//
// The table's generated search index is not used: it compares strings
// case-insensitively, and upper-cases the key into two std::strings on
// every lookup. ng looks targets up on every memory-effects query, so it
// searches the generated array itself, case-sensitively and without
// allocating, through an index sorted once.
//
//===----------------------------------------------------------------------===//

#include "ng/Dialect/OpFacts.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <cassert>

using namespace ng;
using llvm::StringRef;

namespace ng::detail {
namespace {
/// One record of OpFacts.td, in the order of OpFactTable's `Fields`.
struct OpFactRecord {
  const char *Packet;
  const char *Overload;
  bool AliasingKnown;
  const char *AliasedArg;
  ViewKind View;
  const char *MutatedArgs;
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
/// One entry of the search index: the record's key, measured once.
struct IndexEntry {
  StringRef packet, overload;
  const OpFactRecord *record;

  bool operator<(const IndexEntry &other) const {
    if (int cmp = packet.compare(other.packet))
      return cmp < 0;
    return overload.compare(other.overload) < 0;
  }
};

constexpr size_t kNumRecords = std::size(OpFactTable);

/// The records sorted by (packet, overload), case-sensitively. Built on
/// first use (thread-safe: a function-local static).
const std::array<IndexEntry, kNumRecords> &getIndex() {
  static const std::array<IndexEntry, kNumRecords> index = [] {
    std::array<IndexEntry, kNumRecords> entries;
    for (size_t i = 0; i < kNumRecords; ++i)
      entries[i] = {OpFactTable[i].Packet, OpFactTable[i].Overload,
                    &OpFactTable[i]};
    std::sort(entries.begin(), entries.end());
    assert(std::adjacent_find(entries.begin(), entries.end(),
                              [](const IndexEntry &a, const IndexEntry &b) {
                                return !(a < b) && !(b < a);
                              }) == entries.end() &&
           "OpFacts.td lists a target twice");
    return entries;
  }();
  return index;
}

/// The record for exactly (packet, overload), or null.
const OpFactRecord *findRecord(StringRef packet, StringRef overload) {
  const auto &index = getIndex();
  IndexEntry key{packet, overload, nullptr};
  const IndexEntry *it = std::lower_bound(index.begin(), index.end(), key);
  if (it == index.end() || it->packet != packet || it->overload != overload)
    return nullptr;
  return it->record;
}

/// The record for (packet, overload), else for every overload of packet.
const OpFactRecord *findRecordOrPacket(StringRef packet, StringRef overload) {
  if (const OpFactRecord *record = findRecord(packet, overload))
    return record;
  return overload.empty() ? nullptr : findRecord(packet, "");
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

OpFacts fromRecord(const OpFactRecord &record) {
  OpFacts facts;
  facts.knowsAliasing = record.AliasingKnown;
  facts.aliasedArg = record.AliasedArg;
  facts.view = record.View;
  facts.mutatedArgs = ArgNameList(record.MutatedArgs);
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
  return facts;
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
///    lists with that overload, aliases nothing and writes nothing;
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
    const OpFactRecord *view = nullptr;
    if (name.ends_with("_copy"))
      view = findRecord(key.packet.drop_back(5), key.overload);
    bool dunder = name.starts_with("__") && name.ends_with("__");
    if (view && view->AliasingKnown && *view->AliasedArg) {
      facts.knowsAliasing = true;
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
    const OpFactRecord *functional =
        findRecordOrPacket(key.packet.drop_back(1), key.overload);
    if (functional && functional->Random) {
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

std::optional<OpFacts> ng::lookupOpFacts(StringRef target) {
  std::optional<TargetKey> key = splitTarget(target);
  if (!key)
    return std::nullopt;
  OpFacts facts;
  const OpFactRecord *record = findRecordOrPacket(key->packet, key->overload);
  if (record)
    facts = fromRecord(*record);
  if (!deriveFromName(*key, facts) && !record)
    return std::nullopt;
  return facts;
}

StringRef ng::getTargetOverload(StringRef target) {
  std::optional<TargetKey> key = splitTarget(target);
  return key ? key->overload : StringRef();
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
  for (const IndexEntry &entry : getIndex())
    fn(entry.packet, entry.overload);
}

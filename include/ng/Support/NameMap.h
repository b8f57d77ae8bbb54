//===- NameMap.h - compact table for graph names -------------- -*- C++ -*-===//
//
// A graph's names (node names, value names) are looked up once or more per
// node. With a million nodes, llvm::DenseMap<StringRef, T> outgrows the
// last-level cache (24-32 bytes a bucket, at most 3/4 full) and compares
// each probed key's characters, which live wherever the key was defined:
// two cache misses per probe, and import time per node that grows with the
// graph. NameMap keeps the part that is probed small and hash-checked:
//
//   slots    8 bytes each, at most 3/4 full: {32-bit hash, entry index}
//   entries  {name, value} in insertion order (recent ones stay cached)
//
// A probe reads one slot and compares characters only when the whole
// 32-bit hash matches. Keys are not copied: they must outlive the map (here
// they point into the flatbuffer or into op storage). No erase.
//
// A caller that knows the names it will ask for a little ahead (the
// importer: the next nodes' names) can hash them early and prefetch their
// slots, then pass the hash with the request: in a table of a million names
// the slot is otherwise a cache miss the caller waits for.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_NAMEMAP_H
#define NG_SUPPORT_NAMEMAP_H

#include "ng/Support/ZeroedArray.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace ng {

/// The hash NameMap files a name under (the same for every NameMap).
inline uint32_t hashName(llvm::StringRef name) {
  return static_cast<uint32_t>(llvm::xxh3_64bits(name));
}

template <typename T> class NameMap {
public:
  struct Entry {
    llvm::StringRef name;
    T value;
  };

  NameMap() = default;
  explicit NameMap(size_t expected) { reserve(expected); }

  /// Room for `count` names without growing.
  void reserve(size_t count) {
    entries.reserve(count);
    size_t wanted = llvm::PowerOf2Ceil(std::max<size_t>(16, count * 4 / 3 + 1));
    if (wanted > slots.size())
      rehash(wanted);
  }

  /// The entry for `name`, default-constructed when absent, and whether it
  /// was made now. The pointer is valid until the next insertion.
  std::pair<Entry *, bool> tryEmplace(llvm::StringRef name) {
    return tryEmplace(name, hash(name));
  }
  /// tryEmplace() with `name`'s hash(), computed earlier.
  std::pair<Entry *, bool> tryEmplace(llvm::StringRef name, uint32_t hash) {
    if (slots.empty())
      rehash(16);
    size_t slot = probe(name, hash);
    if (slots[slot].indexPlusOne)
      return {&entries[slots[slot].indexPlusOne - 1], false};
    if (4 * (entries.size() + 1) > 3 * slots.size()) {
      rehash(slots.size() * 2);
      slot = probe(name, hash);
    }
    entries.push_back(Entry{name, T()});
    slots[slot] = {hash, static_cast<uint32_t>(entries.size())};
    return {&entries.back(), true};
  }

  /// The entry for `name`, or null.
  Entry *find(llvm::StringRef name) { return find(name, hash(name)); }
  /// find() with `name`'s hash(), computed earlier.
  Entry *find(llvm::StringRef name, uint32_t hash) {
    if (slots.empty())
      return nullptr;
    size_t slot = probe(name, hash);
    uint32_t index = slots[slot].indexPlusOne;
    return index ? &entries[index - 1] : nullptr;
  }
  const Entry *find(llvm::StringRef name) const {
    return const_cast<NameMap *>(this)->find(name);
  }
  bool contains(llvm::StringRef name) const { return find(name) != nullptr; }

  /// The hash the table files `name` under.
  static uint32_t hash(llvm::StringRef name) { return hashName(name); }
  /// Starts loading the slot where a name of hash `hash` would be probed
  /// first; valid until the next insertion (which may rehash).
  void prefetch(uint32_t hash) const {
    if (!slots.empty())
      __builtin_prefetch(&slots[hash & (slots.size() - 1)], /*rw=*/1);
  }

  size_t size() const { return entries.size(); }
  bool empty() const { return entries.empty(); }
  /// Entries in insertion order.
  const std::vector<Entry> &inOrder() const { return entries; }
  /// The `index`th entry inserted, and an entry's index.
  Entry &entryAt(size_t index) { return entries[index]; }
  size_t indexOf(const Entry &entry) const { return &entry - entries.data(); }

private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t indexPlusOne = 0; // 0: empty
  };

  /// The slot holding `name`, or the empty slot where it would go.
  size_t probe(llvm::StringRef name, uint32_t hash) const {
    size_t mask = slots.size() - 1;
    for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      const Slot &s = slots[slot];
      if (!s.indexPlusOne ||
          (s.hash == hash && entries[s.indexPlusOne - 1].name == name))
        return slot;
    }
  }

  /// Re-place every entry by its stored hash (no key is read again).
  void rehash(size_t count) {
    ZeroedArray<Slot> old(count);
    old.swap(slots);
    size_t mask = slots.size() - 1;
    for (const Slot &s : old) {
      if (!s.indexPlusOne)
        continue;
      size_t slot = s.hash & mask;
      while (slots[slot].indexPlusOne)
        slot = (slot + 1) & mask;
      slots[slot] = s;
    }
  }

  ZeroedArray<Slot> slots;
  std::vector<Entry> entries;
};

/// Hashes the names of a sequence a few places ahead of their use and
/// prefetches their slots, so that by the time name `i` is inserted or
/// looked up its slot is in cache. The caller says how many names may be
/// read (`available`: e.g. only verified ones) and where to prefetch (a hash
/// does not depend on the table, so one can serve two).
class NameHashesAhead {
public:
  static constexpr unsigned kAhead = 8;

  /// The hash of name `index`, after hashing names up to `index + kAhead`
  /// that are below `available` and calling `prefetch` with each new hash.
  /// `index` must be below `available`, and indices must not decrease.
  template <typename NameAt, typename Prefetch>
  uint32_t at(size_t index, size_t available, NameAt nameAt,
              Prefetch prefetch) {
    for (size_t end = std::min<size_t>(index + kAhead + 1, available);
         hashed < end; ++hashed) {
      uint32_t hash = hashName(nameAt(hashed));
      ring[hashed % kRing] = hash;
      prefetch(hash);
    }
    return ring[index % kRing];
  }

private:
  static constexpr unsigned kRing = 16;
  static_assert(kAhead < kRing, "a hash is overwritten before it is used");
  uint32_t ring[kRing];
  size_t hashed = 0; // names [0, hashed) are hashed
};

/// A set of names (NameMap without values).
class NameSet {
public:
  NameSet() = default;
  explicit NameSet(size_t expected) : map(expected) {}
  void reserve(size_t count) { map.reserve(count); }
  /// True when `name` was not in the set yet.
  bool insert(llvm::StringRef name) { return map.tryEmplace(name).second; }
  bool contains(llvm::StringRef name) const { return map.contains(name); }
  size_t size() const { return map.size(); }

private:
  struct Empty {};
  NameMap<Empty> map;
};

} // namespace ng

#endif // NG_SUPPORT_NAMEMAP_H

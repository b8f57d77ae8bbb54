//===- NameMapTest.cpp - the graph name table
//------------------------------===//
//
// NameMap replaces llvm::DenseMap<StringRef, T> for graph names; it must
// behave as a map whatever the hashes do: growth from empty, growth past a
// reservation, keys that differ only late, the empty key, and agreement
// with std::map on a large random workload.
//
//===----------------------------------------------------------------------===//

#include "ng/Support/NameMap.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

TEST(NameMap, InsertFindAndOrder) {
  ng::NameMap<int> map;
  EXPECT_EQ(map.find("x"), nullptr);
  auto [a, madeA] = map.tryEmplace("x");
  EXPECT_TRUE(madeA);
  a->value = 1;
  auto [again, madeAgain] = map.tryEmplace("x");
  EXPECT_FALSE(madeAgain);
  EXPECT_EQ(again->value, 1);
  map.tryEmplace("").first->value = 2; // an empty name is a name
  ASSERT_NE(map.find(""), nullptr);
  EXPECT_EQ(map.find("")->value, 2);
  EXPECT_EQ(map.size(), 2u);
  EXPECT_EQ(map.inOrder()[0].name, "x");
  EXPECT_EQ(map.inOrder()[1].name, "");
}

TEST(NameMap, GrowsPastItsReservation) {
  std::vector<std::string> keys;
  for (int i = 0; i < 5000; ++i)
    keys.push_back("aten_view_default_" + std::to_string(i));
  ng::NameMap<int> map(10);
  for (int i = 0; i < 5000; ++i)
    EXPECT_TRUE(map.tryEmplace(keys[i]).second);
  for (int i = 0; i < 5000; ++i) {
    ASSERT_NE(map.find(keys[i]), nullptr) << keys[i];
    EXPECT_EQ(map.find(keys[i])->name, keys[i]);
  }
  EXPECT_EQ(map.find("aten_view_default_5000"), nullptr);
  EXPECT_EQ(map.size(), 5000u);
}

TEST(NameMap, AgreesWithStdMap) {
  std::mt19937 random(7);
  std::vector<std::string> pool;
  for (int i = 0; i < 3000; ++i) // short keys: many share a prefix
    pool.push_back(std::string(random() % 4, 'p') + std::to_string(i % 700));
  ng::NameMap<int> map;
  std::map<std::string, int> reference;
  for (int step = 0; step < 20000; ++step) {
    const std::string &key = pool[random() % pool.size()];
    if (random() % 2) {
      auto [entry, made] = map.tryEmplace(key);
      auto [it, madeRef] = reference.try_emplace(key, step);
      EXPECT_EQ(made, madeRef);
      if (made)
        entry->value = step;
      EXPECT_EQ(entry->value, it->second);
    } else {
      auto *entry = map.find(key);
      auto it = reference.find(key);
      ASSERT_EQ(entry != nullptr, it != reference.end()) << key;
      if (entry) {
        EXPECT_EQ(entry->value, it->second);
      }
    }
  }
  EXPECT_EQ(map.size(), reference.size());
}

// A reservation for a million-node graph puts the slots in a mapped,
// huge-page-advised array (ZeroedArray); the table must behave the same,
// and a hash passed in (computed ahead, after a prefetch) must file names
// where find() looks for them.
TEST(NameMap, LargeTableWithHashesComputedAhead) {
  constexpr int kNames = 700000;
  ng::NameMap<int> map(kNames);
  std::vector<std::string> keys;
  keys.reserve(kNames);
  for (int i = 0; i < kNames; ++i)
    keys.push_back("p_layers_" + std::to_string(i) + "_attn_wq_weight");
  for (int i = 0; i < kNames; ++i) {
    uint32_t hash = ng::NameMap<int>::hash(keys[i]);
    map.prefetch(hash);
    auto [entry, made] = map.tryEmplace(keys[i], hash);
    ASSERT_TRUE(made) << keys[i];
    entry->value = i;
  }
  for (int i = 0; i < kNames; i += 997) {
    ASSERT_NE(map.find(keys[i]), nullptr) << keys[i];
    EXPECT_EQ(map.find(keys[i])->value, i);
    EXPECT_FALSE(map.tryEmplace(keys[i]).second);
  }
  EXPECT_EQ(map.find("p_layers_700000_attn_wq_weight"), nullptr);
  EXPECT_EQ(map.size(), size_t(kNames));
}

// The importer reads names only where they were verified: NameHashesAhead
// must hash each name once, in order, never past `available`, and return
// the hash hashName() gives.
TEST(NameHashesAhead, HashesEachNameOnceWithinWhatIsAvailable) {
  std::vector<std::string> names;
  for (int i = 0; i < 40; ++i)
    names.push_back("node_" + std::to_string(i));
  std::vector<size_t> read;
  std::vector<uint32_t> prefetched;
  ng::NameHashesAhead ahead;
  size_t available = 3;
  for (size_t i = 0; i < names.size(); ++i) {
    available = std::max(available, std::min(names.size(), i + 1 + i % 3));
    uint32_t hash = ahead.at(
        i, available,
        [&](size_t k) {
          EXPECT_LT(k, available);
          read.push_back(k);
          return llvm::StringRef(names[k]);
        },
        [&](uint32_t h) { prefetched.push_back(h); });
    EXPECT_EQ(hash, ng::hashName(names[i]));
    EXPECT_LE(read.size(), i + 1 + ng::NameHashesAhead::kAhead);
  }
  ASSERT_EQ(read.size(), names.size());
  for (size_t k = 0; k < read.size(); ++k) {
    EXPECT_EQ(read[k], k);
    EXPECT_EQ(prefetched[k], ng::hashName(names[k]));
  }
}

TEST(ZeroedArray, ZeroFilledAtEverySize) {
  for (size_t count : {size_t(1), size_t(1000),
                       ng::ZeroedArray<uint64_t>::kHugeThreshold / 8 + 3}) {
    ng::ZeroedArray<uint64_t> array(count);
    ASSERT_EQ(array.size(), count);
    for (uint64_t value : array)
      ASSERT_EQ(value, 0u);
    array[count - 1] = 7;
    ng::ZeroedArray<uint64_t> moved(std::move(array));
    EXPECT_TRUE(array.empty());
    EXPECT_EQ(moved[count - 1], 7u);
  }
}

TEST(NameSet, InsertOnce) {
  ng::NameSet set(4);
  EXPECT_TRUE(set.insert("a"));
  EXPECT_FALSE(set.insert("a"));
  EXPECT_TRUE(set.contains("a"));
  EXPECT_FALSE(set.contains("b"));
}

} // namespace

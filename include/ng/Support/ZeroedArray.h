//===- ZeroedArray.h - zero-filled table storage --------------- -*- C++
//-*-===//
//
// Storage for a hash table's probed array. Probes land anywhere in it, so
// once it is megabytes long nearly every probe also misses the TLB, and
// under a hypervisor each miss is a two-level page walk: on this project's
// VM that, not the cache miss, was most of a probe into a million-name
// table. Arrays of 4 MiB and more are therefore mapped 2 MiB-aligned and
// offered to the kernel for transparent huge pages (madvise; the kernel may
// decline, which costs nothing). Smaller ones come from calloc.
//
//===----------------------------------------------------------------------===//

#ifndef NG_SUPPORT_ZEROEDARRAY_H
#define NG_SUPPORT_ZEROEDARRAY_H

#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ng {

/// A fixed-size array of `T`, every byte zero at the start. `T` must be
/// trivially copyable and valid when all-zero.
template <typename T> class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  ZeroedArray() = default;
  explicit ZeroedArray(size_t count) : count(count) {
    if (count)
      data = allocate(count * sizeof(T));
  }
  ZeroedArray(ZeroedArray &&other) noexcept { swap(other); }
  ZeroedArray &operator=(ZeroedArray &&other) noexcept {
    ZeroedArray(std::move(other)).swap(*this);
    return *this;
  }
  ZeroedArray(const ZeroedArray &) = delete;
  ZeroedArray &operator=(const ZeroedArray &) = delete;
  ~ZeroedArray() { release(); }

  void swap(ZeroedArray &other) noexcept {
    std::swap(data, other.data);
    std::swap(count, other.count);
    std::swap(mapping, other.mapping);
    std::swap(mappedBytes, other.mappedBytes);
  }

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  T &operator[](size_t index) { return data[index]; }
  const T &operator[](size_t index) const { return data[index]; }
  T *begin() { return data; }
  T *end() { return data + count; }
  const T *begin() const { return data; }
  const T *end() const { return data + count; }

  /// Arrays this large are mapped and advised for huge pages.
  static constexpr size_t kHugeThreshold = size_t(4) << 20;

private:
  static constexpr size_t kHugePage = size_t(2) << 20;

  T *allocate(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugeThreshold) {
      // Over-map by a huge page to align the start; fresh anonymous
      // memory reads as zero.
      size_t length = bytes + kHugePage;
      void *base = mmap(nullptr, length, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base != MAP_FAILED) {
        auto aligned = (reinterpret_cast<uintptr_t>(base) + kHugePage - 1) &
                       ~(kHugePage - 1);
        madvise(reinterpret_cast<void *>(aligned), bytes, MADV_HUGEPAGE);
        mapping = base;
        mappedBytes = length;
        return reinterpret_cast<T *>(aligned);
      }
    }
#endif
    void *memory = std::calloc(count, sizeof(T));
    if (!memory)
      llvm::report_bad_alloc_error("ng::ZeroedArray: out of memory");
    return static_cast<T *>(memory);
  }

  void release() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (mapping) {
      munmap(mapping, mappedBytes);
      return;
    }
#endif
    std::free(data);
  }

  T *data = nullptr;
  size_t count = 0;
  void *mapping = nullptr; // the mmap()ed region, when mapped
  size_t mappedBytes = 0;
};

} // namespace ng

#endif // NG_SUPPORT_ZEROEDARRAY_H

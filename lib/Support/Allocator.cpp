//===- Allocator.cpp - jemalloc configuration of ng's tools ---------------===//
//
// jemalloc reads this string when it starts (jemalloc(3), "malloc_conf";
// MALLOC_CONF in the environment still overrides it). Transparent huge
// pages: the IR of a large program is millions of small objects, and with
// 4 KiB pages the kernel's fault handling for the heap cost as much as a
// fifth of an ng-translate run. Built only with NG_USE_JEMALLOC
// (cmake/NgAllocator.cmake).
//
//===----------------------------------------------------------------------===//

extern "C" {
// NOLINTNEXTLINE(readability-identifier-naming): jemalloc's name.
__attribute__((used)) const char *malloc_conf =
    "thp:always,metadata_thp:always";
}

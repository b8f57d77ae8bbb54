//===- JemallocConf.cpp - jemalloc's settings for ng's tools --------------===//
//
// Linked into each executable that links jemalloc (cmake/NgAllocator.cmake).
// jemalloc reads `malloc_conf` when it starts, then the environment's
// MALLOC_CONF, which overrides it.
//
// Transparent huge pages for the heap. MLIR's IR of a large program is
// millions of small allocations over a few hundred megabytes: with 4 KiB
// pages, ng-translate --to-native-graph of a 100k-node decoder takes 40k
// page faults, with 2 MiB pages 3k. Interleaved on this project's VM: the
// text round trip 0.92x the time, the bytecode round trip 0.84x,
// `ng-opt prog.nptg -o out.nptg` 0.89x, the streaming fold of the 2.66 GB
// model no slower (docs/performance.md, "Huge pages"). Where the kernel
// has transparent huge pages off, jemalloc leaves the heap as it is.
//
//===----------------------------------------------------------------------===//

extern "C" {
__attribute__((visibility("default"), used)) const char *malloc_conf =
    "thp:always,metadata_thp:always";
}

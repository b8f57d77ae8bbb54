// Force-included into every ng source file when ng is built with
// AddressSanitizer (cmake/NgBuildOptions.cmake).
//
// Debian's LLVM and MLIR libraries are not built with ASan. Their headers
// decide whether to poison allocator memory (BumpPtrAllocator, Recycler,
// ArrayRecycler) from the compiler's own flags, assuming "LLVM itself is
// built with AddressSanitizer" whenever the includer is. An instrumented ng
// file then instantiates allocator templates that poison fresh slabs, the
// linker keeps one copy of each inline function for the whole program, and
// the libraries' uninstrumented copies never unpoison what they hand out:
// ASan reports use-after-poison inside MLIR (first seen as
// MLIRContext::MLIRContext -> Dialect::addType). Turning the poisoning off
// in ng's files makes every copy agree with the libraries'.
#ifndef NG_ASAN_UNINSTRUMENTED_LLVM_H
#define NG_ASAN_UNINSTRUMENTED_LLVM_H
#ifdef __cplusplus
#include "llvm/Support/Compiler.h"
#undef __asan_poison_memory_region
#undef __asan_unpoison_memory_region
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
#endif
#endif

# The memory allocator of ng's tools.
#
# MLIR builds a program's IR from millions of small allocations. With glibc's
# malloc, the kernel's page-fault handling of the freshly touched heap (one
# fault per 4 KiB page) was about a fifth of a short ng-translate run. With
# NG_USE_JEMALLOC (the default when libjemalloc-dev is installed) the tools
# and benchmarks link jemalloc, configured (lib/Support/Allocator.cpp) to
# back its memory with transparent huge pages: one fault per 2 MiB.
# See docs/Rationale.md ("Build") and docs/performance.md.

option(NG_USE_JEMALLOC
  "Link ng's tools with jemalloc, using transparent huge pages" ON)

set(NG_ALLOCATOR_LIBS "")
if(NG_USE_JEMALLOC)
  find_library(NG_JEMALLOC_LIBRARY NAMES jemalloc)
  if(NG_JEMALLOC_LIBRARY)
    message(STATUS "ng: tools use jemalloc (${NG_JEMALLOC_LIBRARY})")
    add_library(NgAllocator STATIC ${PROJECT_SOURCE_DIR}/lib/Support/Allocator.cpp)
    # Linked whether or not a symbol of it is referenced: it replaces malloc.
    target_link_libraries(NgAllocator PUBLIC
      "-Wl,--no-as-needed" ${NG_JEMALLOC_LIBRARY} "-Wl,--as-needed")
    set(NG_ALLOCATOR_LIBS NgAllocator)
  else()
    message(STATUS "ng: libjemalloc not found; tools use the C library's malloc")
  endif()
endif()

# Link `target` (an executable) with the allocator chosen above.
function(ng_use_allocator target)
  if(NG_ALLOCATOR_LIBS)
    # The configuration symbol must be kept even though nothing calls it.
    target_link_libraries(${target} PRIVATE
      "-Wl,--whole-archive" ${NG_ALLOCATOR_LIBS} "-Wl,--no-whole-archive"
      ${NG_JEMALLOC_LIBRARY})
  endif()
endfunction()

# The memory allocator of ng's tools.
#
# MLIR builds a program's IR from millions of small allocations; jemalloc
# serves them faster than glibc's malloc and touches fewer fresh pages (the
# kernel's page-fault handling of the heap was ~18% of a short ng-translate
# run). With NG_USE_JEMALLOC (the default when libjemalloc-dev is installed)
# the tools and benchmarks link it. Transparent huge pages, which jemalloc can
# use, were left off: they sped the text round trip up by another ~5% but made
# a multi-gigabyte export 35% slower. See docs/Rationale.md ("Memory").

option(NG_USE_JEMALLOC "Link ng's tools with jemalloc" ON)

set(NG_JEMALLOC "")
if(NG_USE_JEMALLOC)
  find_library(NG_JEMALLOC_LIBRARY NAMES jemalloc)
  if(NG_JEMALLOC_LIBRARY)
    message(STATUS "ng: tools use jemalloc (${NG_JEMALLOC_LIBRARY})")
    set(NG_JEMALLOC ${NG_JEMALLOC_LIBRARY})
  else()
    message(STATUS "ng: libjemalloc not found; tools use the C library's malloc")
  endif()
endif()

# Link `target` (an executable) with the allocator chosen above. Linked even
# though no symbol of it is referenced by name: it replaces malloc.
function(ng_use_allocator target)
  if(NG_JEMALLOC)
    target_link_libraries(${target} PRIVATE
      "-Wl,--no-as-needed" ${NG_JEMALLOC} "-Wl,--as-needed")
  endif()
endfunction()

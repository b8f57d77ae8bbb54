# The memory allocator of ng's tools.
#
# MLIR builds a program's IR from millions of small allocations; jemalloc
# serves them faster than glibc's malloc and touches fewer fresh pages (the
# kernel's page-fault handling of the heap was ~18% of a short ng-translate
# run). With NG_USE_JEMALLOC (the default when libjemalloc-dev is installed)
# the tools and benchmarks link it, with transparent huge pages for the heap
# (tools/JemallocConf.cpp: 8-16% off the 100k-node round trips). See
# docs/Rationale.md ("Memory").

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
# though no symbol of it is referenced by name: it replaces malloc. With
# OWN_SETTINGS the target defines jemalloc's `malloc_conf` itself (a
# benchmark); otherwise it gets the tools' (tools/JemallocConf.cpp), in the
# executable, where jemalloc looks for it.
function(ng_use_allocator target)
  cmake_parse_arguments(ARG "OWN_SETTINGS" "" "" ${ARGN})
  if(NG_JEMALLOC)
    target_link_libraries(${target} PRIVATE
      "-Wl,--no-as-needed" ${NG_JEMALLOC} "-Wl,--as-needed")
    if(NOT ARG_OWN_SETTINGS)
      target_sources(${target} PRIVATE
        ${PROJECT_SOURCE_DIR}/tools/JemallocConf.cpp)
    endif()
  endif()
endfunction()

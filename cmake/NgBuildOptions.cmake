# Build configurations beyond the default optimized one (see
# docs/Building.md). All flags are added with directory scope, so an
# embedding project's own targets are untouched.
#
#   NG_ENABLE_SANITIZERS  e.g. "address;undefined": builds ng, its tools,
#                         tests and fuzz targets with those sanitizers
#                         (clang only). Every report is fatal
#                         (-fno-sanitize-recover=all), so a finding fails the
#                         test that triggered it. jemalloc is switched off:
#                         ASan must own malloc.
#   NG_WERROR             warnings are errors (CI builds with it, for g++
#                         and clang alike).

set(NG_ENABLE_SANITIZERS "" CACHE STRING
  "Sanitizers to build ng with, a list such as address;undefined (clang)")
option(NG_WERROR "Treat compiler warnings as errors" OFF)

if(NG_ENABLE_SANITIZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR
      "NG_ENABLE_SANITIZERS needs clang (configure with "
      "-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22); "
      "the compiler is ${CMAKE_CXX_COMPILER_ID}.")
  endif()
  list(JOIN NG_ENABLE_SANITIZERS "," ngSanitizers)
  add_compile_options(
    -fsanitize=${ngSanitizers} -fno-sanitize-recover=all
    -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(-fsanitize=${ngSanitizers})
  if("address" IN_LIST NG_ENABLE_SANITIZERS)
    # LLVM's libraries are not instrumented: keep their headers from
    # poisoning allocator memory in ng's files (see the header).
    add_compile_options(
      "SHELL:-include ${PROJECT_SOURCE_DIR}/cmake/asan-uninstrumented-llvm.h")
  endif()
  # The sanitizers' runtime replaces malloc; a second allocator would hide
  # every heap error (and crash at start-up).
  set(NG_USE_JEMALLOC OFF)
  message(STATUS "ng: building with -fsanitize=${ngSanitizers}")
endif()

if(NG_WERROR)
  add_compile_options(-Werror)
endif()

# ng switches over enums decoded from untrusted bytes (the wire's op kinds,
# argument kinds, dtypes), where a value outside the enumerators is an input
# to reject: the `default:` of a switch that names every enumerator is that
# case, not dead code. LLVM's -Wcovered-switch-default assumes in-range
# values, so it is off for ng (flatc's generated verifier does the same).
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options(-Wno-covered-switch-default)
endif()

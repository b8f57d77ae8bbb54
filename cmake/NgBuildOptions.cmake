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
#   NG_BUILD_FUZZERS      the fuzz targets of fuzz/ (docs/Security.md,
#                         "Fuzzing"). On by default in a clang sanitizer
#                         build: they link libFuzzer, and every ng target is
#                         compiled with -fsanitize=fuzzer-no-link, so the
#                         fuzzers see coverage of ng's own code. With another
#                         compiler they link a main that runs each input
#                         given on the command line once (to reproduce).

set(NG_ENABLE_SANITIZERS "" CACHE STRING
  "Sanitizers to build ng with, a list such as address;undefined (clang)")
option(NG_WERROR "Treat compiler warnings as errors" OFF)
if(NG_ENABLE_SANITIZERS AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(ngFuzzersByDefault ON)
else()
  set(ngFuzzersByDefault OFF)
endif()
option(NG_BUILD_FUZZERS "Build the fuzz targets of fuzz/"
  ${ngFuzzersByDefault})
# libFuzzer comes with clang; elsewhere the fuzz targets only replay inputs.
if(NG_BUILD_FUZZERS AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(NG_FUZZ_WITH_LIBFUZZER ON)
else()
  set(NG_FUZZ_WITH_LIBFUZZER OFF)
endif()

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

if(NG_FUZZ_WITH_LIBFUZZER)
  # Coverage (edge counters, comparison tracing) in every ng library for
  # libFuzzer to follow; only the fuzz targets link libFuzzer itself. The
  # tools get the instrumentation too and run with the sanitizer runtime's
  # no-op hooks. LLVM and MLIR are prebuilt without it, so their code is
  # invisible to the fuzzers.
  add_compile_options(-fsanitize=fuzzer-no-link)
  message(STATUS "ng: fuzz targets with libFuzzer (-fsanitize=fuzzer-no-link)")
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

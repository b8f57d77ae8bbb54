#!/usr/bin/env bash
# Full check, and what CI runs (.ci/run): installs missing dependencies, then
#   1. the formatting gate (scripts/check-format.sh);
#   2. the default configuration (g++, warnings as errors): build, the build
#      graph's check (scripts/check-build-deps.sh), ctest (lit suite, lit
#      suite again with threads, unit tests) and the conformance
#      vectors of ../shared/conformance (skipped when absent); before
#      these, the package: built as the quickstart builds it (ng-package),
#      installed into a temporary prefix, examples/standalone-pass built
#      against it and its tests run (scripts/check-standalone-example.sh);
#   3. the sanitizer configuration (clang-22, ASan+UBSan, warnings as
#      errors): build, the same ctest suites and conformance vectors;
#   4. determinism across compilers: the g++ and the clang build export the
#      same bytes (scripts/check-determinism.sh);
#   5. a fuzz smoke run: each libFuzzer target for 60 s under ASan+UBSan
#      (scripts/fuzz.sh --time 60); any crash, leak, hang or broken
#      round trip fails it.
# Closes with one line "N passed, N failed" over every check of every suite;
# exits non-zero on any failure.
#   scripts/test.sh           everything, as CI
#   scripts/test.sh --quick   steps 1 and 2 only (a developer's loop)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quick=0
case "${1:-}" in
--quick) quick=1 ;;
"") ;;
*) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

bash scripts/install-deps.sh

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
results=()

echo "== format gate (clang-format-22)"
bash scripts/check-format.sh > "$logs/format.log" || status=1
grep -v 'passed, ' "$logs/format.log" || true
results+=("$logs/format.log")

# run_config NAME BUILD-DIR [scripts/build.sh FLAGS...]
run_config() {
  local name=$1 dir=$2
  shift 2
  echo "== $name: build"
  bash scripts/build.sh "$@"
  bash scripts/check-build-deps.sh "$dir" > "$logs/$name-build-deps.log" ||
    status=1
  grep -v 'passed, ' "$logs/$name-build-deps.log" || true
  echo "== $name: tests"
  # Results of an earlier run must not be counted as this run's.
  rm -f "$dir"/test/lit-results*.json "$dir/unittests/unit-results.xml"
  # --no-tests=error: finding no tests is a failure, not a silent pass.
  ctest --test-dir "$dir" --output-on-failure --no-tests=error || status=1
  NG_BIN="$dir/bin" bash scripts/check-conformance.sh |
    tee "$logs/$name-conformance.log" | grep -v '^PASS: ' || status=1
  results+=("$logs/$name-build-deps.log" "$dir/test/lit-results.json"
    "$dir/test/lit-results-threaded.json" "$dir/unittests/unit-results.xml"
    "$logs/$name-conformance.log")
}

# The package first, built as the quickstart builds it (`ninja ng-package`,
# nothing more): on a fresh tree this proves that `cmake --install` right
# after the quickstart has all it copies (check-build-deps.sh proves it on
# any tree).
echo "== package: built as the quickstart builds it, installed, examples/standalone-pass and examples/pdll-fusion built against it and tested"
bash scripts/build.sh --werror ng-package
bash scripts/check-standalone-example.sh build > "$logs/example.log" 2>&1 ||
  status=1
grep -E '^(standalone-example: |installed-python-package: |FAIL: )' \
  "$logs/example.log" | grep -v 'passed, 0 failed' || true
results+=("$logs/example.log")
run_config default build --werror

if [[ $quick -eq 0 ]]; then
  # Every finding is fatal and aborts (a crash, which lit's `not` does not
  # take for an expected failure); leaks are reported too.
  export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1
  export UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer
  run_config sanitize build-sanitize --sanitize --werror
  echo "== determinism: g++ and clang builds export the same bytes"
  bash scripts/check-determinism.sh build/bin build-sanitize/bin \
    > "$logs/determinism.log" || status=1
  grep -v 'passed, ' "$logs/determinism.log" || true
  results+=("$logs/determinism.log")
  echo "== fuzz smoke run: every fuzz target for 60 s (scripts/fuzz.sh)"
  bash scripts/fuzz.sh --time 60 --jobs 2 > "$logs/fuzz.log" 2>&1 || status=1
  grep -E '^(fuzz: |[a-z]+: [0-9?]+ executions|  )' "$logs/fuzz.log" || true
  results+=("$logs/fuzz.log")
fi

python3 scripts/count-results.py "${results[@]}" || status=1
exit $status

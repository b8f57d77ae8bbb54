#!/usr/bin/env bash
# The package as a user gets it: installs a build tree into a temporary
# prefix (cmake --install), builds examples/standalone-pass against that
# prefix with find_package(ng), and runs the example's lit tests, which load
# the plugin into the installed ng-opt (--load-pass-plugin).
#   scripts/check-standalone-example.sh BUILD-DIR [RESULTS.json]
# Writes lit's per-test results to RESULTS.json (default:
# BUILD-DIR/standalone-example-results.json) and prints
# "standalone-example: N passed, N failed".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=$(cd "${1:?usage: scripts/check-standalone-example.sh BUILD-DIR [RESULTS.json]}" && pwd)
results=${2:-$build/standalone-example-results.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -f "$results"

fail() {
  echo "standalone-example: $*"
  echo "standalone-example: 0 passed, 1 failed"
  exit 1
}

cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" ||
  { tail -20 "$work/install.log"; fail "cmake --install failed"; }
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cmake -G Ninja -S examples/standalone-pass -B "$work/build" \
  -Dng_DIR="$work/prefix/lib/cmake/ng" -DCMAKE_CXX_COMPILER="$compiler" \
  "${launcher[@]}" > "$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log"; fail "configuring the example failed"; }
ninja -C "$work/build" > "$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log"; fail "building the example failed"; }
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
status=0
"$lit" -sv -o "$results" "$work/build/test" || status=1
python3 - "$results" <<'PY'
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
passed = sum(t["code"] in ("PASS", "XFAIL") for t in tests)
print(f"standalone-example: {passed} passed, {len(tests) - passed} failed")
PY
exit $status

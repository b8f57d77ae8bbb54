#!/usr/bin/env bash
# The package as a user gets it: installs a build tree into a temporary
# prefix (cmake --install), builds the examples against that prefix with
# find_package(ng) (examples/standalone-pass, C++ passes; and
# examples/pdll-fusion, a fusion in PDLL through Debian's mlir-pdll), and
# runs their lit tests, which load the plugins into the installed ng-opt
# (--load-pass-plugin); and, when the
# build has the Python bindings, imports the installed `ng` package from
# where ngConfig.cmake says it is and runs a pipeline with it
# ("installed-python-package: N passed, N failed").
#   scripts/check-standalone-example.sh BUILD-DIR [RESULTS.json]
# Writes lit's per-test results, both examples', to RESULTS.json (default:
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
# The Python package, when the build has it: installed where ngConfig.cmake
# says (NG_PYTHON_PACKAGES_DIR), and usable from there alone (run from /, the
# build tree nowhere on the path). Its own line in the log.
if grep -q '^NG_BUILD_PYTHON:BOOL=ON$' "$build/CMakeCache.txt"; then
  python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
  site="$work/prefix/lib/python3/dist-packages"
  example="$PWD/examples/decoder.ptn"
  if grep -q 'set(NG_PYTHON_PACKAGES_DIR "${PACKAGE_PREFIX_DIR}/lib/python3/dist-packages")' \
      "$work/prefix/lib/cmake/ng/ngConfig.cmake" &&
    (cd / && PYTHONPATH="$site" "$python" -c '
import sys, ng
assert ng.__file__.startswith(sys.argv[1]), ng.__file__
program = ng.load(sys.argv[2])
program.run_passes("builtin.module(ng-fold-q4-weights)")
assert len(program["forward"].nodes) == 128
' "$site" "$example"); then
    echo "installed-python-package: 1 passed, 0 failed"
  else
    echo "installed-python-package: 0 passed, 1 failed"
    status_python=1
  fi
fi

launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
status=0
for example in standalone-pass pdll-fusion; do
  cmake -G Ninja -S "examples/$example" -B "$work/$example" \
    -Dng_DIR="$work/prefix/lib/cmake/ng" -DCMAKE_CXX_COMPILER="$compiler" \
    "${launcher[@]}" > "$work/configure.log" 2>&1 ||
    { tail -20 "$work/configure.log"; fail "configuring examples/$example failed"; }
  ninja -C "$work/$example" > "$work/build.log" 2>&1 ||
    { tail -30 "$work/build.log"; fail "building examples/$example failed"; }
  "$lit" -sv -o "$work/$example.json" "$work/$example/test" || status=1
done
python3 - "$results" "$work/standalone-pass.json" "$work/pdll-fusion.json" <<'PY'
import json, sys
runs = [json.load(open(path)) for path in sys.argv[2:]]
merged = dict(runs[0], tests=[t for run in runs for t in run["tests"]])
json.dump(merged, open(sys.argv[1], "w"), indent=2)
tests = merged["tests"]
passed = sum(t["code"] in ("PASS", "XFAIL") for t in tests)
print(f"standalone-example: {passed} passed, {len(tests) - passed} failed")
PY
exit $((status | ${status_python:-0}))

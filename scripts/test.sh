#!/usr/bin/env bash
# Full check: install missing dependencies, build, run the test suite (ctest
# drives the lit suite declared in test/CMakeLists.txt). Non-zero on failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
bash scripts/build.sh
# --no-tests=error: finding no tests (e.g. enable_testing() missing from the
# top-level CMakeLists.txt) is a failure, not a silent pass.
ctest --test-dir build --output-on-failure --no-tests=error

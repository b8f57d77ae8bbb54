#!/usr/bin/env bash
# Configure (first time only) and build ng into build/ with Ninja.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Configure when there is no build tree yet (or it was never generated).
if [[ ! -f build/build.ninja ]]; then
  cmake -G Ninja -S . -B build \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++
fi

ninja -C build "$@"

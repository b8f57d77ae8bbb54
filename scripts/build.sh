#!/usr/bin/env bash
# Configure (when needed) and build ng with Ninja.
#   scripts/build.sh [--sanitize] [--werror] [NINJA TARGET...]
# The default configuration is an optimized g++ build in build/.
#   --sanitize  clang-22 with AddressSanitizer and UndefinedBehaviorSanitizer
#               (NG_ENABLE_SANITIZERS=address;undefined) in build-sanitize/
#   --werror    warnings are errors (NG_WERROR=ON), as in CI
# An existing build tree is reused; it is reconfigured only when --werror
# asks for a setting it does not have.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir=build
werror=OFF
config=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++)
while [[ $# -gt 0 ]]; do
  case "$1" in
  --sanitize)
    dir=build-sanitize
    config=(-DCMAKE_BUILD_TYPE=Release
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
      "-DNG_ENABLE_SANITIZERS=address;undefined")
    shift ;;
  --werror) werror=ON; shift ;;
  *) break ;;
  esac
done

if [[ ! -f $dir/build.ninja ]]; then
  cmake -G Ninja -S . -B "$dir" "${config[@]}" -DNG_WERROR=$werror
elif [[ $werror == ON ]] && ! grep -q '^NG_WERROR:BOOL=ON$' "$dir/CMakeCache.txt"; then
  cmake -B "$dir" -DNG_WERROR=ON
fi

ninja -C "$dir" "$@"

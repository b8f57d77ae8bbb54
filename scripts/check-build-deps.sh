#!/usr/bin/env bash
# Checks a built tree's build graph: every object that includes a generated
# header (an ODS .inc, the flatbuffers schema header) must depend on the
# target that generates it, or a clean parallel build can compile it first
# and fail (as CI once did on InitAll.cpp). Ninja's missingdeps tool finds
# exactly these from the depfiles of the last build, so run it after one.
#   scripts/check-build-deps.sh BUILD-DIR
# Prints "build-deps: N passed, N failed" (one check per build tree).
set -euo pipefail
dir=${1:?usage: scripts/check-build-deps.sh BUILD-DIR}
if out=$(ninja -C "$dir" -t missingdeps 2>&1); then
  echo "build-deps: 1 passed, 0 failed"
else
  grep '^Missing dep' <<<"$out" | head -20
  echo "build-deps: add the generating target to the library's DEPENDS"
  echo "build-deps: 0 passed, 1 failed"
  exit 1
fi

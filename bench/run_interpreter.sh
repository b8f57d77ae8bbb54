#!/usr/bin/env bash
# Time ng-run on the bundled decoders (examples/*.ptn): the whole run (load,
# prepare, random inputs with the sequence at its max of 32, one forward
# pass, -o written), best and median of N runs. docs/Interpreter.md quotes
# the figure; it must stay under a second.
#
#   bench/run_interpreter.sh [--runs N] [--bin DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
bin=build/bin
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--bin DIR]" >&2; exit 2 ;;
  esac
done
mkdir -p bench/out
for program in examples/decoder.ptn examples/edge-decoder.ptn; do
  times=()
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s.%N)
    "$bin/ng-run" "$program" --random-inputs=$i -o bench/out/run.safetensors
    end=$(date +%s.%N)
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  best=$(echo "$sorted" | head -1)
  median=$(echo "$sorted" | sed -n "$(((runs + 1) / 2))p")
  printf '%-28s best %.3f s, median %.3f s over %d runs\n' \
    "$program" "$best" "$median" "$runs"
done

#!/usr/bin/env bash
# Time ng-translate's pictures against the import they start with:
#   bench/run_visual.sh [PROGRAM.nptg...]   (default: bench/out/decoder_*.nptg)
# For each program: the import alone (--to-dot --layers=flat
# --node-range=0:1, which imports and verifies the program, lists its nodes
# and draws one of them), --to-dot with
# layers collapsed, with layers as clusters, and --to-model-explorer; wall
# time and peak memory of each (best of --runs, default 3), and the output's
# size. The DOT's own cost is the difference from the import alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=3
if [[ ${1:-} == --runs ]]; then runs=$2; shift 2; fi
tool=${NG_TRANSLATE:-build/bin/ng-translate}
programs=("$@")
[[ ${#programs[@]} -gt 0 ]] || programs=(bench/out/decoder_*.nptg)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

measure() { # label, then the ng-translate arguments
  local label=$1 best="" rss="" size
  shift
  for ((i = 0; i < runs; ++i)); do
    /usr/bin/time -f '%e %M' -o "$out/time" "$tool" "$@" -o "$out/picture"
    read -r wall kb < "$out/time"
    if [[ -z $best ]] || awk "BEGIN{exit !($wall < $best)}"; then
      best=$wall rss=$kb
    fi
  done
  size=$(stat -c %s "$out/picture")
  printf '  %-28s %7.2f s  %6d MiB peak  %10d bytes\n' "$label" "$best" \
    $((rss / 1024)) "$size"
}

for program in "${programs[@]}"; do
  echo "$program ($(stat -c %s "$program") bytes)"
  measure "import only" --to-dot --layers=flat --node-range=0:1 "$program"
  measure "--to-dot --layers=collapse" --to-dot --layers=collapse "$program"
  measure "--to-dot (clusters)" --to-dot "$program"
  measure "--to-model-explorer" --to-model-explorer "$program"
done

#!/usr/bin/env bash
# A fuzzing campaign over ng's fuzz targets (docs/Security.md, "Fuzzing").
#   scripts/fuzz.sh [--time SECONDS] [--jobs N] [TARGET...]
# TARGET is nptg, ptn, safetensors or ir (default: all four).
#   1. builds the sanitizer configuration with the fuzz targets
#      (scripts/build.sh --sanitize, in build-sanitize/);
#   2. makes the seed corpora from the test inputs (fuzz/make-corpus.py) in
#      build-sanitize/fuzz/seeds/TARGET/;
#   3. runs each target under libFuzzer for SECONDS (default 300), N targets
#      at a time (default 1), with its dictionary (fuzz/TARGET.dict); what it
#      learns goes to build-sanitize/fuzz/corpus/TARGET/, kept for the next
#      campaign;
#   4. prints, per target, the executions, the coverage (cov and ft of
#      libFuzzer's final stats) and the corpus size. A crash (sanitizer
#      report or broken round-trip property), leak, timeout or out-of-memory
#      fails the target: its reproducer is left in
#      build-sanitize/fuzz/findings/TARGET/, and the report names it and the
#      command that replays it.
# Closes with "fuzz: N passed, N failed" (one per target); exits non-zero when
# a target failed. `scripts/fuzz.sh --time 60` is the short smoke run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

all_targets=(nptg ptn safetensors ir)
# libFuzzer's -max_len per target: the seeds are at most a few KiB, bar the
# program of examples/decoder.ptn (65 KiB).
declare -A max_len=([nptg]=131072 [ptn]=131072 [safetensors]=65536 [ir]=65536)
# Per input: longer is a hang (the biggest seed takes well under a second
# under ASan); more memory is a leak or an unbounded allocation.
timeout_seconds=10
rss_limit_mb=2048

usage() {
  echo "usage: scripts/fuzz.sh [--time SECONDS] [--jobs N] [TARGET...]" >&2
  echo "  TARGET: ${all_targets[*]} (default: all)" >&2
  exit 2
}

seconds=300
jobs=1
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
  --time) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; seconds=$2; shift 2 ;;
  --jobs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; jobs=$2; shift 2 ;;
  -h | --help) usage ;;
  -*) usage ;;
  *)
    [[ -v max_len[$1] ]] || { echo "fuzz: unknown target '$1'" >&2; usage; }
    targets+=("$1"); shift ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

build=build-sanitize
work=$build/fuzz
bin=$build/bin

echo "== fuzz: build (scripts/build.sh --sanitize)"
if [[ -f $build/CMakeCache.txt ]] &&
  grep -q '^NG_BUILD_FUZZERS:BOOL=OFF$' "$build/CMakeCache.txt"; then
  cmake -B "$build" -DNG_BUILD_FUZZERS=ON
fi
bash scripts/build.sh --sanitize ng-translate "${targets[@]/#/ng-fuzz-}"

echo "== fuzz: seed corpora"
limits=()
for target in "${all_targets[@]}"; do
  limits+=(--max-size "$target=${max_len[$target]}")
done
python3 fuzz/make-corpus.py "$work/seeds" --ng-translate "$bin/ng-translate" \
  "${limits[@]}"

export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
mkdir -p "$work/logs"

# run_target TARGET: one libFuzzer run; its output goes to logs/TARGET.log,
# its exit status to logs/TARGET.status.
run_target() {
  local target=$1
  mkdir -p "$work/corpus/$target" "$work/findings/$target"
  local status=0
  # The outer timeout only guards against libFuzzer itself getting stuck.
  timeout --kill-after=30 $((seconds + 300)) \
    "$bin/ng-fuzz-$target" \
    -max_total_time="$seconds" -max_len="${max_len[$target]}" \
    -timeout="$timeout_seconds" -rss_limit_mb="$rss_limit_mb" \
    -dict="fuzz/$target.dict" -print_final_stats=1 \
    -artifact_prefix="$work/findings/$target/" \
    "$work/corpus/$target" "$work/seeds/$target" \
    > "$work/logs/$target.log" 2>&1 || status=$?
  echo "$status" > "$work/logs/$target.status"
}

# The last value of libFuzzer's NAME: field in LOG, or "?".
stat() {
  local value
  value=$(grep -oE "$1[: ]+[0-9]+" "$2" | tail -n 1 | grep -oE '[0-9]+$') || true
  echo "${value:-?}"
}

# What went wrong, from LOG: the report's first line (a broken property's
# first two), and the top of the stack in ng's own files (lib/, include/,
# tools/, fuzz/), shortened.
describe_failure() {
  local log=$1
  if grep -q 'property violated' "$log"; then
    # The property, and the first line of what differed.
    grep -m 1 -A 1 'property violated' "$log" | cut -c 1-300 | sed 's/^/    /'
  else
    grep -m 1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|out-of-memory|timeout after' "$log" |
      sed 's/^/    /' || true
  fi
  grep -E '^ *#[0-9]+ .*/\.\./(lib|include|tools|fuzz)/' "$log" |
    grep -vE 'ng::fuzz::(fail|expectSame)\(' | head -n 4 |
    sed -E 's/^ *(#[0-9]+) 0x[0-9a-f]+ in /    \1 /; s/\(.*\) (\/[^ ]+)$/ \1/; s#[^ ]*/\.\./##' || true
}

echo "== fuzz: ${targets[*]}, ${seconds}s each, $jobs at a time"
running=0
for target in "${targets[@]}"; do
  if [[ $running -ge $jobs ]]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
wait || true

passed=0
failed=0
for target in "${targets[@]}"; do
  log=$work/logs/$target.log
  status=$(cat "$work/logs/$target.status" 2> /dev/null || echo 1)
  corpus_files=$(find "$work/corpus/$target" -type f | wc -l)
  corpus_size=$(du -sh "$work/corpus/$target" | cut -f1)
  echo "$target: $(stat stat::number_of_executed_units "$log") executions," \
    "cov $(stat cov "$log"), ft $(stat ft "$log")," \
    "corpus $corpus_files files ($corpus_size)"
  if [[ $status -eq 0 ]]; then
    passed=$((passed + 1))
    continue
  fi
  failed=$((failed + 1))
  artifact=$(grep -oE 'Test unit written to [^ ]+' "$log" | tail -n 1 |
    sed 's/Test unit written to //') || true
  if [[ -n $artifact ]]; then
    echo "  FAILED ($(basename "$artifact" | cut -d- -f1)): reproduce with" \
      "$bin/ng-fuzz-$target $artifact"
  else
    echo "  FAILED: ng-fuzz-$target exited with status $status (log: $log)"
  fi
  describe_failure "$log"
done
echo "fuzz: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# Programs straight through ng-opt, beside the tools they are measured
# against, in one run (docs/performance.md, "Programs through ng-opt"):
#
#   bench/run_programs.sh [options]
#
#   fold at scale   the q4 model of gen_decoder.py --layers 10 --hidden 4096
#                   --vocab 32000 (2.66 GB of int8 weights) as a .ptn;
#                   per round, `cp` of the package and
#                   `ng-opt --ng-fold-q4-weights big.ptn -o folded.ptn`,
#                   back to back: wall, user, system, peak RSS, and the
#                   fold's wall over cp's. Once: the folded package against
#                   the three-step path's (import to bytecode, ng-opt on
#                   bytecode, export), byte for byte.
#   packages        a decoder of --nodes nodes (default 100k) as .nptg and
#                   JSON; per round, `flatc -b` of the JSON, then
#                   `ng-opt prog.nptg -o out.nptg` (no text, no bytecode),
#                   the CLI round trip through text
#                   (`ng-translate --from-native-graph | --to-native-graph`)
#                   and through bytecode (`--emit-bytecode`), each over
#                   flatc's wall time of the same round.
#
# Options:
#   --build DIR     build tree with bin/ng-opt, bin/ng-translate (default
#                   <repo>/build)
#   --rounds N      interleaved rounds, medians reported (default 5), after
#                   one untimed warm-up round
#   --nodes N       size of the packages' program (default 100000)
#   --skip-fold / --skip-packages   one of the two runs only
#   --no-three-step skip the (slow) three-step comparison of the fold
# Outputs go to bench/out/programs/ (the 2.66 GB model and its folded forms
# need about 8 GB free). Environment: FLATC, PYTHON override the tools.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$ROOT/build"
OUT="$HERE/out/programs"
ROUNDS=5
NODES=100000
FOLD=1
PACKAGES=1
THREE_STEP=1
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$(cd "$2" && pwd)"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --nodes) NODES="$2"; shift 2 ;;
    --skip-fold) FOLD=0; shift ;;
    --skip-packages) PACKAGES=0; shift ;;
    --no-three-step) THREE_STEP=0; shift ;;
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
PYTHON="${PYTHON:-/usr/bin/python3}"
FLATC="${FLATC:-$(command -v flatc || echo /usr/bin/flatc)}"
SCHEMA="$ROOT/schema/native_graph.fbs"
OPT="$BUILD/bin/ng-opt"
TRANSLATE="$BUILD/bin/ng-translate"
for tool in "$OPT" "$TRANSLATE"; do
  [ -x "$tool" ] || { echo "run_programs: $tool is not built" >&2; exit 2; }
done
mkdir -p "$OUT"
TIMES="$OUT/times.tsv"
: > "$TIMES"

# measure NAME COMMAND: one run under /usr/bin/time, appended to $TIMES as
# NAME wall user sys maxrss_kb; with WARMUP=1, run but not recorded. Every
# command starts from the same state: `sync` first, untimed, so that none
# shares the disk and the cores with writing back the output of the one
# before (a 2.66 GB copy in flight). Rounds then vary far less (the fold
# 2.3-2.9 s with it, 2.4-5.2 s without, in one session).
WARMUP=0
measure() {
  local name=$1
  shift
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time.txt" bash -c "$*" > /dev/null
  [ "$WARMUP" = 1 ] || printf '%s %s\n' "$name" "$(cat "$OUT/time.txt")" >> "$TIMES"
}

echo "## Programs through ng-opt ($(date -u +%Y-%m-%d), $(nproc) cores, $(awk '/model name/ { sub(/.*: /, ""); print; exit }' /proc/cpuinfo), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -r))"
echo

if [ "$FOLD" = 1 ]; then
  big="$OUT/big.ptn"
  if [ ! -f "$big" ]; then
    "$PYTHON" "$HERE/gen_decoder.py" --layers 10 --hidden 4096 --vocab 32000 \
      --out-nptg "$OUT/big.nptg" --safetensors "$OUT/big.safetensors" --quiet > /dev/null
    "$OPT" "$OUT/big.nptg" --constants "$OUT/big.safetensors" -o "$big"
    rm -f "$OUT/big.nptg" "$OUT/big.safetensors"
  fi
  # Round 0 warms up (the input into the page cache, the VM's memory
  # in), untimed.
  for round in $(seq 0 "$ROUNDS"); do
    WARMUP=$([ "$round" = 0 ] && echo 1 || echo 0)
    # Each output is removed first: cp and ng-opt both write a new file.
    rm -f "$OUT/copy.ptn"
    measure cp "cp '$big' '$OUT/copy.ptn'"
    rm -f "$OUT/folded.ptn"
    measure fold "'$OPT' --ng-fold-q4-weights '$big' -o '$OUT/folded.ptn'"
  done
  rm -f "$OUT/copy.ptn"
  identical="not checked (--no-three-step)"
  if [ "$THREE_STEP" = 1 ]; then
    "$TRANSLATE" --from-native-graph "$big" --emit-bytecode -o "$OUT/big.mlirbc"
    "$OPT" --ng-fold-q4-weights "$OUT/big.mlirbc" --emit-bytecode -o "$OUT/folded.mlirbc"
    "$TRANSLATE" --to-native-graph "$OUT/folded.mlirbc" -o "$OUT/three-step.ptn"
    if cmp -s "$OUT/folded.ptn" "$OUT/three-step.ptn"; then
      identical="byte-identical to the three-step path's"
    else
      identical="DIFFERS from the three-step path's"
    fi
    rm -f "$OUT/big.mlirbc" "$OUT/folded.mlirbc" "$OUT/three-step.ptn"
  fi
  echo "### Fold at scale: $(stat -c %s "$big" | awk '{ printf "%.2f GB", $1 / 1e9 }') package, median of $ROUNDS interleaved rounds after one to warm up, each command after \`sync\`"
  echo
  "$PYTHON" - "$TIMES" "$(stat -c %s "$big")" "$identical" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    rows.setdefault(name, []).append([float(v) for v in values])
data = int(sys.argv[2])
med = lambda name, i: statistics.median(r[i] for r in rows[name])
print("| run | wall (s) | user (s) | system (s) | peak RSS (MB) | RSS / data | wall / cp |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, label in (("cp", "`cp big.ptn`"), ("fold", "`ng-opt --ng-fold-q4-weights big.ptn -o folded.ptn`")):
    rss = max(r[3] for r in rows[name]) * 1024
    print("| %s | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f |" % (
        label, med(name, 0), med(name, 1), med(name, 2), rss / 1e6, rss / data,
        med(name, 0) / med("cp", 0)))
ratios = [f[0] / c[0] for f, c in zip(rows["fold"], rows["cp"])]
print()
print("- fold / cp per round: " + ", ".join("%.2f" % r for r in ratios))
print("- the folded package is " + sys.argv[3])
PY
  echo
fi

if [ "$PACKAGES" = 1 ]; then
  : > "$TIMES"
  prog="$OUT/decoder_$NODES.nptg"
  [ -f "$prog" ] || "$PYTHON" "$HERE/gen_decoder.py" --nodes "$NODES" \
    --out-json "${prog%.nptg}.json" --out-nptg "$prog" --quiet > /dev/null
  for round in $(seq 0 "$ROUNDS"); do
    WARMUP=$([ "$round" = 0 ] && echo 1 || echo 0)
    measure flatc "'$FLATC' -b -o '$OUT' '$SCHEMA' '${prog%.nptg}.json'"
    measure direct "'$OPT' '$prog' -o '$OUT/direct.nptg'"
    measure text "'$TRANSLATE' --from-native-graph '$prog' | '$TRANSLATE' --to-native-graph -o '$OUT/text.nptg'"
    measure bytecode "'$TRANSLATE' --from-native-graph '$prog' --emit-bytecode | '$TRANSLATE' --to-native-graph -o '$OUT/bytecode.nptg'"
  done
  cmp -s "$OUT/direct.nptg" "$OUT/text.nptg" && cmp -s "$OUT/direct.nptg" "$OUT/bytecode.nptg" &&
    same="the three give the same bytes" || same="the three DIFFER"
  echo "### Packages through ng-opt: $NODES-node decoder ($(stat -c %s "$prog" | awk '{ printf "%.1f MB", $1 / 1e6 }') .nptg), median of $ROUNDS interleaved rounds after one to warm up, each command after \`sync\`"
  echo
  "$PYTHON" - "$TIMES" "$same" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *values = line.split()
    rows.setdefault(name, []).append([float(v) for v in values])
labels = (("flatc", "`flatc -b` of the JSON", None),
          ("direct", "`ng-opt prog.nptg -o out.nptg`", 0.3),
          ("text", "text round trip (`ng-translate` twice, piped)", 0.6),
          ("bytecode", "bytecode round trip (`--emit-bytecode`, piped)", 0.4))
print("| run | wall (ms) | user (ms) | system (ms) | peak RSS (MB) | / flatc -b (median of rounds) | target |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, label, target in labels:
    r = rows[name]
    ratio = statistics.median(a[0] / f[0] for a, f in zip(r, rows["flatc"]))
    print("| %s | %.0f | %.0f | %.0f | %.0f | %.2f | %s |" % (
        label, 1000 * statistics.median(x[0] for x in r),
        1000 * statistics.median(x[1] for x in r),
        1000 * statistics.median(x[2] for x in r),
        max(x[3] for x in r) / 1024, ratio,
        "<= %.1f" % target if target else ""))
print()
print("- " + sys.argv[2])
PY
  rm -f "$OUT/direct.nptg" "$OUT/text.nptg" "$OUT/bytecode.nptg"
fi

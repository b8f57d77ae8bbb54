#!/usr/bin/env bash
# Fusion linearity guard: the instructions each fusion pass (--ng-fuse-rope,
# --ng-fuse-rms-norm, --ng-fuse-sdpa) executes per node, from the smallest
# to the largest size, and beside the instructions of the parse of the same
# program. Instructions, not time: they do not depend on what else the
# machine runs, and these VMs have no hardware counters (perf stat says
# "<not supported>"), so they are counted with valgrind's callgrind.
#
#   bench/run_fusion_linearity.sh [--build DIR] [--sizes "10000 1000000"]
#
# The program is the decoder with all of HuggingFace's decomposed forms
# (gen_decoder.py --hf-rope --hf-norm --hf-attention), as bytecode. One
# ng-opt run a size runs the three passes in turn (a model has all three
# forms; each pass also walks what the others fuse), with collection on
# only inside each pass's runOnOperation and inside the bytecode reader
# (--toggle-collect): each figure is that function's inclusive count.
#
# Exits 1 if a pass's instructions per node at a larger size exceed 1.3x
# its figure at the smallest, or if a pass executes as many instructions as
# the parse. Prints a markdown section (machine, commit, table).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$ROOT/build"
OUT="$HERE/out"
SIZES="10000 1000000"
MAX_RATIO=1.3

while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$(cd "$2" && pwd)"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

PYTHON="${PYTHON:-$(command -v python3 || echo /usr/bin/python3)}"
NG_OPT="$BUILD/bin/ng-opt"
NG_TRANSLATE="$BUILD/bin/ng-translate"
for tool in "$NG_OPT" "$NG_TRANSLATE" valgrind callgrind_annotate; do
  command -v "$tool" > /dev/null || { echo "missing $tool" >&2; exit 1; }
done
mkdir -p "$OUT"

# pass flag -> the function whose inclusive count is the pass's.
declare -A FUNCTION=(
  [--ng-fuse-rope]='(anonymous namespace)::FuseRopePass::runOnOperation()'
  [--ng-fuse-rms-norm]='(anonymous namespace)::FuseRmsNormPass::runOnOperation()'
  [--ng-fuse-sdpa]='(anonymous namespace)::FuseSdpaPass::runOnOperation()'
)
PASSES="--ng-fuse-rope --ng-fuse-rms-norm --ng-fuse-sdpa"
PARSE='mlir::readBytecodeFile('

declare -A NODES COUNT
for n in $SIZES; do
  base="$OUT/decoder_${n}_hfall"
  if [ ! -s "$base.mlirbc" ]; then
    echo "generating $base.nptg" >&2
    "$PYTHON" "$HERE/gen_decoder.py" --nodes "$n" --hf-rope --hf-norm \
      --hf-attention --out-nptg "$base.nptg" --quiet > /dev/null
    "$NG_TRANSLATE" --from-native-graph "$base.nptg" --emit-bytecode \
      -o "$base.mlirbc"
  fi
  NODES[$n]=$("$NG_OPT" "$base.mlirbc" --ng-print-summary -o /dev/null 2>&1 |
    awk '/^method .*: [0-9]+ nodes/ { for (i = 1; i < NF; i++) if ($(i + 1) ~ /^nodes/) s += $i } END { print s }')
  toggles=(--toggle-collect='mlir::readBytecodeFile*')
  for pass in $PASSES; do
    toggles+=(--toggle-collect="*${FUNCTION[$pass]#(anonymous namespace)::}*")
  done
  echo "counting ${NODES[$n]} nodes under callgrind" >&2
  valgrind --tool=callgrind --callgrind-out-file="$base.callgrind" \
    --collect-atstart=no "${toggles[@]}" \
    "$NG_OPT" "$base.mlirbc" $PASSES --mlir-disable-threading \
    --verify-each=false --emit-bytecode -o /dev/null 2> "$base.valgrind.log" ||
    { tail -20 "$base.valgrind.log"; exit 1; }
  annotated=$(callgrind_annotate --inclusive=yes "$base.callgrind")
  count_of() { # function -> inclusive instructions
    grep -F -- "$1" <<< "$annotated" | head -1 | awk '{ gsub(",", "", $1); print $1 }'
  }
  COUNT[$n,parse]=$(count_of "$PARSE")
  for pass in $PASSES; do
    COUNT[$n,$pass]=$(count_of "${FUNCTION[$pass]}")
    [ -n "${COUNT[$n,$pass]}" ] || { echo "no count for $pass" >&2; exit 1; }
  done
done

smallest=${SIZES%% *}
status=0
echo "## Fusion passes: instructions per node (callgrind)"
echo
echo "Machine: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(nproc) cores;" \
  "commit $(git -C "$ROOT" rev-parse --short HEAD); program: gen_decoder.py" \
  "--hf-rope --hf-norm --hf-attention, bytecode."
echo
header="| pass |"; rule="|---|"
for n in $SIZES; do
  header+=" ${NODES[$n]} nodes: instr/node (vs parse) |"; rule+="---|"
done
echo "$header ratio largest/smallest |"
echo "$rule---|"
for what in parse $PASSES; do
  row="| ${what/parse/parse (bytecode reader)} |"
  for n in $SIZES; do
    per=$((COUNT[$n,$what] / NODES[$n]))
    if [ "$what" = parse ]; then
      row+=" $per |"
    else
      share=$(awk -v a="${COUNT[$n,$what]}" -v b="${COUNT[$n,parse]}" 'BEGIN { printf "%.2f", a / b }')
      row+=" $per (${share}x) |"
      awk -v s="$share" 'BEGIN { exit !(s >= 1) }' && status=1
    fi
  done
  largest=${SIZES##* }
  ratio=$(awk -v a="${COUNT[$largest,$what]}" -v na="${NODES[$largest]}" \
    -v b="${COUNT[$smallest,$what]}" -v nb="${NODES[$smallest]}" \
    'BEGIN { printf "%.3f", (a / na) / (b / nb) }')
  if [ "$what" != parse ]; then
    for n in $SIZES; do
      awk -v a="${COUNT[$n,$what]}" -v na="${NODES[$n]}" -v b="${COUNT[$smallest,$what]}" \
        -v nb="${NODES[$smallest]}" -v m="$MAX_RATIO" \
        'BEGIN { exit !((a / na) / (b / nb) > m) }' && status=1
    done
  fi
  echo "$row $ratio |"
done
echo
if [ $status -eq 0 ]; then
  echo "Every pass within ${MAX_RATIO}x per node of its smallest size, and below a parse."
else
  echo "FAILED: a pass above ${MAX_RATIO}x per node, or at or above a parse."
fi
exit $status

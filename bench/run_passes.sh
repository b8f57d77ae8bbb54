#!/usr/bin/env bash
# Pass benchmark: every registered ng pass and the upstream passes users run
# on ng IR, each alone, on the synthetic decoder at several sizes.
#
#   bench/run_passes.sh [options]
#
# Each run is `ng-opt decoder_<N>.mlirbc --PASS --mlir-disable-threading
# --verify-each=false --mlir-timing --emit-bytecode -o /dev/null`: the pass's
# own time is read from MLIR's timing report (its row, or its pipeline's,
# not the process start, the parse, the verifier after the pass or the
# output), the peak RSS from /usr/bin/time (the whole process). The parse (a run without a pass) is the reference. Rounds
# are interleaved (every size and pass once per round) and each cell is the
# lowest over the rounds. Prints a markdown section (machine, commit, table).
#
# `--ng-fold-q4-weights` (and `--ng-prepare-native`, which runs it) needs
# constant data: it runs on a variant of each decoder with the same nodes
# and small dimensions (--hidden 32 --vocab 64 --intermediate 64) whose
# weights are in the bytecode (imported with --constants), so it really
# folds and repacks every weight; its parse reference is that variant's
# parse. `--ng-check-runtime` runs there too (static-shapes=false,
# warn=true), so that it checks everything and succeeds.
#
# Options:
#   --build DIR      build tree with bin/ng-opt, bin/ng-translate (default:
#                    <repo>/build)
#   --ng-opt PATH    the ng-opt to measure (default: DIR/bin/ng-opt), e.g. an
#                    older build for a before/after table
#   --sizes "A B"    node counts (default "10000 100000 1000000")
#   --rounds N       rounds (default 3)
#   --edge           run on the edge-dialect variant of the decoder
#                    (gen_decoder.py --edge-ops: view_copy, transpose_copy,
#                    slice_copy, functional index_put), what the native
#                    backend's passes (--ng-prepare-native) rewrite
#   --hf-rope        the decoder with HuggingFace's decomposed rotary
#                    embedding (gen_decoder.py --hf-rope), what
#                    --ng-fuse-rope fuses; with --edge, both
#   --hf-norm        the decoder with HuggingFace's decomposed RMSNorm
#                    (gen_decoder.py --hf-norm), what --ng-fuse-rms-norm
#                    fuses
#   --hf-attention   the decoder with HuggingFace's eager attention
#                    (gen_decoder.py --hf-attention), what --ng-fuse-sdpa
#                    fuses; the --hf-* options and --edge combine
#   --verify         count the verifier MLIR runs after a pass that changed
#                    the IR (ng-opt's default) in the pass's time
#   --bindings       also run each pass through the C API
#                    (bin/ng-bench-capi-passes, bench/capi_passes.c) and
#                    Python's Program.run_passes (bench/python_passes.py, on
#                    the same program imported from its .nptg), with no
#                    setup beyond registration, and print a second table:
#                    per node, ng-opt's pass time beside theirs (the pass
#                    manager's run alone, one thread, no verifier); ng-opt's
#                    test passes (test/lib) are ng-opt's alone, not there
#   --passes "A B"   pass flags to run, a `:` in one standing for a space
#                    between its options (default: every ng pass of
#                    `ng-opt --help` but deprecated aliases and test counters,
#                    --ng-test-alias-analysis only building the analysis, and
#                    --canonicalize --cse --symbol-dce --inline)
# Environment: PYTHON, NG_TRANSLATE override the tools.

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BUILD="$ROOT/build"
OUT="$HERE/out"
SIZES="10000 100000 1000000"
ROUNDS=3
PASSES=""
NG_OPT=""
VERIFY=false
EDGE=""
HF=""
HF_NORM=""
HF_ATTENTION=""
BINDINGS=false

while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$(cd "$2" && pwd)"; shift 2 ;;
    --ng-opt) NG_OPT="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --passes) PASSES="$2"; shift 2 ;;
    --verify) VERIFY=true; shift ;;
    --bindings) BINDINGS=true; shift ;;
    --edge) EDGE=_edge; shift ;;
    --hf-rope) HF=_hf; shift ;;
    --hf-norm) HF_NORM=_hfnorm; shift ;;
    --hf-attention) HF_ATTENTION=_hfattn; shift ;;
    -h|--help) sed -n '2,53p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) echo "unexpected argument $1" >&2; exit 2 ;;
  esac
done

# The decoder variant: its files' suffix and gen_decoder.py's options.
VARIANT="${EDGE}${HF}${HF_NORM}${HF_ATTENTION}"
GEN_OPTIONS="${EDGE:+--edge-ops} ${HF:+--hf-rope} ${HF_NORM:+--hf-norm} ${HF_ATTENTION:+--hf-attention}"

PYTHON="${PYTHON:-$(command -v python3 || echo /usr/bin/python3)}"
NG_OPT="${NG_OPT:-$BUILD/bin/ng-opt}"
NG_TRANSLATE="${NG_TRANSLATE:-$BUILD/bin/ng-translate}"
GEN="$HERE/gen_decoder.py"
TIME=/usr/bin/time
NG_CAPI="$BUILD/bin/ng-bench-capi-passes"
for tool in "$NG_OPT" "$NG_TRANSLATE" "$TIME"; do
  [ -x "$tool" ] || { echo "missing $tool" >&2; exit 1; }
done
if [ "$BINDINGS" = true ]; then
  [ -x "$NG_CAPI" ] || { echo "missing $NG_CAPI" >&2; exit 1; }
  # The Python module of the same build tree.
  export PYTHONPATH="$BUILD/python_packages${PYTHONPATH:+:$PYTHONPATH}"
  [ "$VERIFY" = false ] || { echo "--bindings measures without the verifier: drop --verify" >&2; exit 2; }
fi
mkdir -p "$OUT"

if [ -z "$PASSES" ]; then
  # Every ng pass (the "--ng-" options at the help's pass indentation),
  # without the deprecated aliases (which run the same passes) and
  # --ng-test-storage-work (it prints counters, it does no work).
  NG_PASSES=$("$NG_OPT" --help | sed -n 's/^      \(--ng-[a-z0-9-]*\) .*/\1/p' |
    grep -v -e '^--ng-cse$' -e '^--ng-test-storage-work$' | sort -u)
  # The alias analysis' test pass builds the analysis and prints nothing
  # (its pairs are quadratic by design). --ng-check-runtime fails on a
  # program the runtime would refuse, as the decoder without its data is
  # (its dims are dynamic too, and past ~140k nodes it has more flatbuffer
  # tables than the loader verifies): it runs on the data variant
  # (variant_of), dynamic dims allowed, its findings as warnings, so that
  # it does all its checks and succeeds.
  NG_PASSES=$(echo "$NG_PASSES" | sed \
    -e 's/^--ng-test-alias-analysis$/--ng-test-alias-analysis=classes=false:alias=false:mod-ref=false/' \
    -e 's/^--ng-check-runtime$/--ng-check-runtime=static-shapes=false:warn=true/')
  PASSES="--canonicalize --cse --symbol-dce --inline $NG_PASSES"
fi

# The inputs: bytecode of the decoder at each size (and its data variant
# for the fold), made once and kept in bench/out.
input_for() { # size variant(""|data) -> path
  local n=$1 variant=$2
  if [ "$variant" = data ]; then
    echo "$OUT/decoder_${n}_data${VARIANT}.mlirbc"
  else
    echo "$OUT/decoder_${n}${VARIANT}.mlirbc"
  fi
}
prepare() { # size variant
  local n=$1 variant=$2 bc
  bc=$(input_for "$n" "$variant")
  [ -s "$bc" ] && return 0
  if [ "$variant" = data ]; then
    local base="$OUT/decoder_${n}_data${VARIANT}"
    echo "generating $base.nptg + .safetensors" >&2
    "$PYTHON" "$GEN" --nodes "$n" $GEN_OPTIONS --hidden 32 --vocab 64 --intermediate 64 \
      --max-seq 64 --out-nptg "$base.nptg" --safetensors "$base.safetensors" \
      --quiet >/dev/null
    "$NG_TRANSLATE" --from-native-graph "$base.nptg" \
      --constants="$base.safetensors" --emit-bytecode -o "$bc"
  else
    local nptg="$OUT/decoder_${n}${VARIANT}.nptg"
    if [ ! -s "$nptg" ]; then
      echo "generating $nptg" >&2
      "$PYTHON" "$GEN" --nodes "$n" $GEN_OPTIONS --out-nptg "$nptg" \
        --quiet >/dev/null
    fi
    "$NG_TRANSLATE" --from-native-graph "$nptg" --emit-bytecode -o "$bc"
  fi
}

variant_of() { # pass -> variant
  case "$1" in
    --ng-fold-q4-weights*|--fold-q4-weights*|--ng-prepare-native*|--ng-check-runtime*) echo data ;;
    *) echo "" ;;
  esac
}

declare -A NODES
for n in $SIZES; do
  prepare "$n" ""
  NODES[$n]=$("$NG_OPT" "$(input_for "$n" "")" --ng-print-summary -o /dev/null 2>&1 |
    awk '/^method .*: [0-9]+ nodes/ { for (i = 1; i < NF; i++) if ($(i + 1) ~ /^nodes/) s += $i } END { print s }')
done
DATA=0
for pass in $PASSES; do
  if [ "$(variant_of "$pass")" = data ]; then
    DATA=1
    for n in $SIZES; do prepare "$n" data; done
    break
  fi
done

# One run: prints "<seconds of the pass> <seconds of the parse> <peak KB>".
# The pass's seconds are the top-level rows of the timing tree other than
# the parser, the output and the rest (a method pass is its pipeline's row),
# at most the total without the parser and the output.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
measure() { # input pass...
  local input=$1; shift
  if ! "$TIME" -f 'peak_kb %M' -o "$TMP/time" "$NG_OPT" "$input" "$@" \
      --mlir-disable-threading --verify-each="$VERIFY" --mlir-timing \
      --emit-bytecode -o /dev/null \
      >/dev/null 2>"$TMP/err"; then
    echo "ng-opt $input $* failed:" >&2
    cat "$TMP/err" >&2
    exit 1
  fi
  awk -v kb="$(sed -n 's/^peak_kb //p' "$TMP/time")" '
    /^  ----Wall Time----/ { inTable = 1; next }
    inTable && match($0, /^ +[0-9.]+ \( *[0-9.]+%\)  /) {
      t = $1; name = substr($0, RLENGTH + 1)
      if (name ~ /^ /) next                  # nested rows
      if (name == "Parser") parse = t
      else if (name == "Output") output = t
      else if (name == "Total") total = t
      else if (name != "Rest") pass += t
    }
    # A pass that runs a pipeline (--inline) has that pipeline listed at
    # the top level too: then the rows add up to more than the total.
    END {
      if (pass > total - parse - output) pass = total - parse - output
      printf "%.6f %.6f %d\n", pass, parse, kb
    }' "$TMP/err"
}

# The bindings' runs: the pass flag as a pipeline element
# (`--ng-x=a=1:b=2` is `ng-x{a=1 b=2}`), anchored on the module or, for a
# pass on methods, nested in ng.method (what ng-opt's flags do implicitly).
element_of() { # flag -> pipeline element
  local flag=${1#--} name options
  name=${flag%%=*}
  if [ "$name" = "$flag" ]; then echo "$name"; return; fi
  options=${flag#*=}
  echo "$name{${options//:/ }}"
}
# ng-opt's test passes (--ng-test-*, test/lib) are registered by ng-opt
# alone: the C API and Python do not know them.
in_bindings() { [[ $1 != --ng-test-* ]]; }
declare -A PIPELINE
pipeline_of() { # flag -> anchored pipeline (cached)
  local flag=$1 element input
  if [ -z "${PIPELINE[$flag]:-}" ]; then
    element=$(element_of "$flag")
    input=$(input_for "${SIZES%% *}" "$(variant_of "$flag")")
    if "$NG_CAPI" "$input" "builtin.module($element)" >/dev/null 2>&1; then
      PIPELINE[$flag]="builtin.module($element)"
    else
      PIPELINE[$flag]="builtin.module(ng.method($element))"
    fi
  fi
  echo "${PIPELINE[$flag]}"
}
measure_capi() { # input pass -> seconds
  "$NG_CAPI" "$1" "$(pipeline_of "$2")" 2>"$TMP/err" | sed -n 's/^seconds //p' |
    grep . || { echo "ng-bench-capi-passes $1 $2 failed:" >&2; cat "$TMP/err" >&2; exit 1; }
}
measure_python() { # size pass -> seconds
  local n=$1 pass=$2 base program constants=()
  if [ "$(variant_of "$pass")" = data ]; then
    base="$OUT/decoder_${n}_data${VARIANT}"
    program="$base.nptg"
    constants=(--constants "$base.safetensors")
  else
    program="$OUT/decoder_${n}${VARIANT}.nptg"
  fi
  "$PYTHON" "$HERE/python_passes.py" "$program" "${constants[@]}" \
    "$(pipeline_of "$pass")" 2>"$TMP/err" | sed -n 's/^seconds //p' | grep . ||
    { echo "python_passes.py $program $pass failed:" >&2; cat "$TMP/err" >&2; exit 1; }
}

declare -A BEST_T BEST_KB PARSE_T
better() { # key seconds kb
  local key=$1 t=$2 kb=$3
  if [ -z "${BEST_T[$key]:-}" ] ||
      awk -v a="$t" -v b="${BEST_T[$key]}" 'BEGIN { exit !(a < b) }'; then
    BEST_T[$key]=$t
  fi
  if [ -z "${BEST_KB[$key]:-}" ] || [ "$kb" -lt "${BEST_KB[$key]}" ]; then
    BEST_KB[$key]=$kb
  fi
}

for round in $(seq 1 "$ROUNDS"); do
  echo "round $round of $ROUNDS" >&2
  for n in $SIZES; do
    for variant in "" data; do
      [ "$variant" = data ] && [ "$DATA" = 0 ] && continue
      read -r _ parse kb < <(measure "$(input_for "$n" "$variant")")
      better "parse$variant/$n" "$parse" "$kb"
    done
    for pass in $PASSES; do
      read -r t parse kb < <(measure "$(input_for "$n" "$(variant_of "$pass")")" "${pass//:/ }")
      better "$pass/$n" "$t" "$kb"
      if [ "$BINDINGS" = true ] && in_bindings "$pass"; then
        better "capi:$pass/$n" "$(measure_capi "$(input_for "$n" "$(variant_of "$pass")")" "$pass")" 0
        better "python:$pass/$n" "$(measure_python "$n" "$pass")" 0
      fi
    done
  done
done

# The table.
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null | head -1)
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
echo "### Passes: \`bench/run_passes.sh --rounds $ROUNDS --sizes \"$SIZES\"${EDGE:+ --edge}${HF:+ --hf-rope}${HF_NORM:+ --hf-norm}${HF_ATTENTION:+ --hf-attention}\`"
echo
echo "Commit $commit${dirty:+ (with uncommitted changes)}, $(nproc) CPUs ($cpu),"
echo "$(date -u +%Y-%m-%d); \`$NG_OPT\`, one thread, the verifier after a pass"
echo "$([ "$VERIFY" = true ] && echo "counted" || echo "not run") (--verify-each=$VERIFY). Per size: the pass's"
echo "time per node (lowest of $ROUNDS interleaved rounds), that time over the"
echo "parse's (the same input parsed without a pass), and the process's peak RSS."
echo
header="| pass |"
rule="|---|"
for n in $SIZES; do
  header="$header ${NODES[$n]} nodes: ns/node | x parse | RSS MB |"
  rule="$rule---:|---:|---:|"
done
first=${SIZES%% *}
last=${SIZES##* }
header="$header per node, $last / $first |"
rule="$rule---:|"
echo "$header"
echo "$rule"
row() { # label key-prefix parse-prefix
  local label=$1 key=$2 parseKey=$3 line n t ns ratio kb
  line="| $label |"
  for n in $SIZES; do
    t=${BEST_T[$key/$n]}
    ns=$(awk -v t="$t" -v n="${NODES[$n]}" 'BEGIN { printf "%.0f", t * 1e9 / n }')
    ratio=$(awk -v t="$t" -v p="${BEST_T[$parseKey/$n]}" 'BEGIN { printf "%.2f", t / p }')
    kb=${BEST_KB[$key/$n]}
    line="$line $ns | $ratio | $((kb / 1024)) |"
  done
  line="$line $(awk -v a="${BEST_T[$key/$last]}" -v b="${BEST_T[$key/$first]}" \
    -v na="${NODES[$last]}" -v nb="${NODES[$first]}" \
    'BEGIN { if (b > 0) printf "%.2fx", (a / na) / (b / nb); else printf "-" }') |"
  echo "$line"
}
row "parse (reference)" parse parse
[ -n "${BEST_T[parsedata/$first]:-}" ] && row "parse, with constants (reference for the fold)" parsedata parsedata
for pass in $PASSES; do
  if [ "$(variant_of "$pass")" = data ]; then
    row "\`$pass\` (with constants)" "$pass" parsedata
  else
    row "\`${pass//:/ }\`" "$pass" parse
  fi
done

[ "$BINDINGS" = true ] || exit 0
echo
echo "#### Through the bindings: ng-opt, the C API and Python, ns/node"
echo
echo "The same pass on the same program, one thread, no verifier, the pass"
echo "manager's run alone (lowest of $ROUNDS rounds): ng-opt's from its timing"
echo "report, the C API's (\`ng-bench-capi-passes\`) and Python's"
echo "(\`Program.run_passes(..., verify=False)\`) from a clock around the run."
echo
header="| pass |"
rule="|---|"
for n in $SIZES; do
  header="$header ${NODES[$n]}: ng-opt | C API | Python |"
  rule="$rule---:|---:|---:|"
done
echo "$header"
echo "$rule"
for pass in $PASSES; do
  in_bindings "$pass" || continue
  line="| \`${pass//:/ }\` |"
  for n in $SIZES; do
    for key in "$pass" "capi:$pass" "python:$pass"; do
      line="$line $(awk -v t="${BEST_T[$key/$n]}" -v n="${NODES[$n]}" 'BEGIN { printf "%.0f", t * 1e9 / n }') |"
    done
  done
  echo "$line"
done

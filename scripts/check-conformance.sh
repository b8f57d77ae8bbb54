#!/usr/bin/env bash
# Runs the expectations of ../shared/conformance/README.md against the built
# tools (the project's own lit suite never reads that folder):
#   - every non-malformed .nptg imports, verifies, and exports to a file whose
#     flatc JSON (--strict-json --defaults-json) equals the input's;
#   - IR -> nptg -> IR prints identical text, and export is deterministic;
#   - --to-model-explorer's JSON of each passes Model Explorer's loader's shape
#     check and the graph format (test/Target/Visual/Inputs/check-model-explorer.py);
#   - --ng-fold-q4-weights turns each *_unfolded package into *_folded (program
#     and constants);
#   - every file in malformed/ is rejected with a message and exit code 1.
# Prints one line per check and a closing "conformance: N passed, N failed".
# Usage: scripts/check-conformance.sh [CONFORMANCE_DIR]   (default ../shared/conformance)
# NG_BIN names the tools' directory (default build/bin).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-$root/../shared/conformance}"
bin="${NG_BIN:-$root/build/bin}"
schema="$root/schema/native_graph.fbs"

if [[ ! -d "$dir" ]]; then
  echo "conformance: $dir not found; skipping the conformance vectors."
  echo "conformance: 0 passed, 0 failed"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1${2:+ ($2)}"; }

to_json() { # file.nptg outdir -> prints the JSON path
  flatc --json --strict-json --defaults-json -o "$2" "$schema" -- "$1" 2>/dev/null &&
    echo "$2/$(basename "${1%.*}").json"
}

for input in "$dir"/*.nptg; do
  name=$(basename "$input" .nptg)
  w="$work/$name"
  mkdir -p "$w/in" "$w/out"
  if ! "$bin/ng-translate" --from-native-graph "$input" -o "$w/a.mlir" 2>"$w/err"; then
    fail "$name: import" "$(head -1 "$w/err")"
    continue
  fi
  if ! "$bin/ng-translate" --to-native-graph "$w/a.mlir" -o "$w/b.nptg" 2>"$w/err"; then
    fail "$name: export" "$(head -1 "$w/err")"
    continue
  fi
  a=$(to_json "$input" "$w/in") && b=$(to_json "$w/b.nptg" "$w/out") &&
    if cmp -s "$a" "$b"; then pass "$name: nptg -> IR -> nptg (flatc JSON equal)"
    else fail "$name: nptg -> IR -> nptg" "flatc JSON differs: diff $a $b"; fi
  "$bin/ng-translate" --from-native-graph "$w/b.nptg" -o "$w/c.mlir" 2>/dev/null
  if cmp -s "$w/a.mlir" "$w/c.mlir"; then pass "$name: IR -> nptg -> IR (same text)"
  else fail "$name: IR -> nptg -> IR" "text differs"; fi
  "$bin/ng-translate" --to-native-graph "$w/a.mlir" -o "$w/d.nptg" 2>/dev/null
  if cmp -s "$w/b.nptg" "$w/d.nptg"; then pass "$name: export is deterministic"
  else fail "$name: export is deterministic" "bytes differ"; fi
  if "$bin/ng-translate" --to-model-explorer "$input" -o "$w/$name.json" 2>"$w/err" &&
     python3 "$root/test/Target/Visual/Inputs/check-model-explorer.py" "$w/$name.json" \
       >/dev/null 2>>"$w/err"; then
    pass "$name: Model Explorer's loader takes its graph JSON"
  else fail "$name: Model Explorer graph JSON" "$(head -1 "$w/err")"; fi
done

# --ng-fold-q4-weights on each *_unfolded package gives *_folded: the program
# (flatc JSON) and the constants (byte for byte).
for unfolded in "$dir"/*_unfolded.ptn; do
  [[ -f "$unfolded" ]] || continue
  name=$(basename "$unfolded" _unfolded.ptn)
  expected="$dir/${name}_folded"
  w="$work/fold-$name"
  mkdir -p "$w/in" "$w/out"
  if "$bin/ng-translate" --from-native-graph "$unfolded" -o "$w/a.mlir" 2>"$w/err" &&
     "$bin/ng-opt" --ng-fold-q4-weights "$w/a.mlir" -o "$w/b.mlir" 2>>"$w/err" &&
     "$bin/ng-translate" --to-native-graph "$w/b.mlir" -o "$w/folded.nptg" 2>>"$w/err"; then
    a=$(to_json "$expected.nptg" "$w/in") && b=$(to_json "$w/folded.nptg" "$w/out") &&
      if cmp -s "$a" "$b"; then pass "${name}: fold gives ${name}_folded.nptg (flatc JSON equal)"
      else fail "${name}: fold" "flatc JSON differs from ${name}_folded.nptg"; fi
    if cmp -s "$w/folded.safetensors" "$expected.safetensors"; then
      pass "${name}: folded constants equal ${name}_folded.safetensors byte for byte"
    else fail "${name}: folded constants" "differ from ${name}_folded.safetensors"; fi
    "$bin/ng-opt" --ng-fold-q4-weights "$w/b.mlir" -o "$w/c.mlir" 2>/dev/null
    if cmp -s "$w/b.mlir" "$w/c.mlir"; then pass "${name}: folding twice changes nothing"
    else fail "${name}: folding twice" "the second fold changed the IR"; fi
  else
    fail "${name}: fold" "$(head -1 "$w/err")"
  fi
done

for input in "$dir"/malformed/*; do
  [[ -f "$input" ]] || continue
  name="malformed/$(basename "$input")"
  "$bin/ng-translate" --from-native-graph "$input" -o "$work/m.mlir" 2>"$work/err"
  rc=$?
  if [[ $rc -eq 1 && -s "$work/err" && ! -e "$work/m.mlir" ]]; then
    pass "$name: rejected: $(head -1 "$work/err" | sed 's/^[^ ]*: error: //')"
  else
    fail "$name" "exit code $rc, no message or output left behind"
  fi
done

echo "conformance: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

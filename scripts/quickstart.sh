#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a result: installs what is
# missing, builds ng, and runs the main job on the bundled example package
# (a small decoder-LLM-shaped program with torchao q4 weights):
#   import examples/decoder.ptn  (verified against the format's rules)
#   fold its q4 weights           (ng-opt --ng-fold-q4-weights)
#   export the folded package     (ng-translate --to-native-graph)
#   draw it and report on it      (--to-dot, ng-opt --ng-report)
# and prints what the program holds and what the fold changed; then
# prepares the bundled edge-dialect decoder (examples/edge-decoder.ptn)
# for the native runtime with the backend's own passes
# (ng-opt --ng-prepare-native), printing what each step changed, and
# exports, re-imports and verifies the result.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
# ng-package: the tools, the libraries and (when the configuration builds
# it) the Python package (build/python_packages, README "From Python"):
# everything `cmake --install build` installs, so it works right after.
bash scripts/build.sh ng-package

example=examples/decoder.ptn
out=build/example
mkdir -p "$out"
ng_translate=build/bin/ng-translate
ng_opt=build/bin/ng-opt

echo
echo "== import: ng-translate --from-native-graph $example"
"$ng_translate" --from-native-graph "$example" -o "$out/decoder.mlir"
"$ng_opt" --ng-print-summary "$out/decoder.mlir" -o /dev/null

echo
echo "== fold: ng-opt --ng-fold-q4-weights=report=true"
"$ng_opt" --ng-fold-q4-weights=report=true "$out/decoder.mlir" -o "$out/decoder.folded.mlir" 2>&1 |
  grep -o "folded .*" | sed 's/^/  /'
"$ng_opt" --ng-print-summary "$out/decoder.folded.mlir" -o /dev/null

echo
echo "== export: ng-translate --to-native-graph -o $out/decoder.folded.ptn"
"$ng_translate" --to-native-graph "$out/decoder.folded.mlir" -o "$out/decoder.folded.ptn"
echo "  $example: $(wc -c < "$example") bytes -> $out/decoder.folded.ptn: $(wc -c < "$out/decoder.folded.ptn") bytes"
# The same in one process: ng-opt reads and writes packages itself.
"$ng_opt" --ng-fold-q4-weights "$example" -o "$out/decoder.folded.direct.ptn"
cmp "$out/decoder.folded.ptn" "$out/decoder.folded.direct.ptn"
echo "  ng-opt --ng-fold-q4-weights $example -o $out/decoder.folded.direct.ptn: one process, the same bytes"

echo
echo "== see: ng-translate --to-dot --layers=collapse, ng-opt --ng-report (docs/Visualize.md)"
"$ng_translate" --to-dot --layers=collapse "$example" -o "$out/decoder.dot"
if command -v dot >/dev/null 2>&1; then
  dot -Tsvg "$out/decoder.dot" -o "$out/decoder.svg"
  echo "  $out/decoder.svg: the program, its layers collapsed"
fi
"$ng_opt" --ng-report="output=$out/report.txt" "$out/decoder.folded.mlir" -o /dev/null
echo "  $out/report.txt: its signature, the kernels it needs, its weights, state and activation memory:"
grep -E "input '|output '|targets|weights:|mutable state:|at their max" "$out/report.txt" | sed 's/^/  /'

echo
edge=examples/edge-decoder.ptn
echo "== prepare for the native runtime: ng-opt --ng-prepare-native on $edge (docs/NativePasses.md)"
# Package to package, in one process (no text, no bytecode).
"$ng_opt" --ng-prepare-native --ng-print-changes "$edge" -o "$out/edge.prepared.ptn" 2>&1 |
  sed 's/^/  /'
# Importing verifies the program against the format's rules.
"$ng_translate" --from-native-graph "$out/edge.prepared.ptn" -o /dev/null
echo "  $edge: $(wc -c < "$edge") bytes -> $out/edge.prepared.ptn: $(wc -c < "$out/edge.prepared.ptn") bytes (re-imported and verified)"

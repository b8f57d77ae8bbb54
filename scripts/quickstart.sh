#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a result: installs what is
# missing, builds ng, and runs the main job on the bundled example:
# import examples/decoder.nptg (verified against the format's rules),
# print what it holds, and write it back out as NPTG.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
bash scripts/build.sh ng-opt ng-translate

example=examples/decoder.nptg
out=build/example
mkdir -p "$out"
echo
echo "== ng-translate --from-native-graph $example"
build/bin/ng-translate --from-native-graph "$example" -o "$out/decoder.mlir"
echo "   -> $out/decoder.mlir ($(wc -l < "$out/decoder.mlir") lines of ng IR)"
echo
echo "== ng-opt --ng-print-summary"
build/bin/ng-opt --ng-print-summary "$out/decoder.mlir" -o /dev/null
echo
echo "== ng-translate --to-native-graph"
build/bin/ng-translate --to-native-graph "$out/decoder.mlir" -o "$out/decoder.nptg"
echo "   -> $out/decoder.nptg ($(wc -c < "$out/decoder.nptg") bytes)"

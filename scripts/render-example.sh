#!/usr/bin/env bash
# Draw the bundled example with its layers collapsed, as docs/images/
# decoder.svg (docs/Visualize.md shows it):
#   bash scripts/render-example.sh [OUT.svg]
# Needs ng-translate built (scripts/build.sh ng-translate) and Graphviz's dot
# (scripts/install-deps.sh). Prints how long drawing and rendering took.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-docs/images/decoder.svg}
tool=${NG_TRANSLATE:-build/bin/ng-translate}
mkdir -p "$(dirname "$out")"
start=$(date +%s.%N)
"$tool" --to-dot --layers=collapse examples/decoder.ptn | dot -Tsvg -o "$out"
end=$(date +%s.%N)
printf 'render-example: %s (%d bytes) in %.2f s\n' "$out" "$(stat -c %s "$out")" \
  "$(echo "$end - $start" | bc -l 2>/dev/null || python3 -c "print($end - $start)")"

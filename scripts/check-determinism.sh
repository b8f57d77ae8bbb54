#!/usr/bin/env bash
# The same IR gives the same bytes whatever compiler built ng: exports each
# program with the tools of two build trees (CI: g++ in build/, clang in
# build-sanitize/) and compares the files byte for byte. The inputs are the
# bundled example and the conformance vectors (when present).
#   scripts/check-determinism.sh BIN_A BIN_B
# Prints one line per mismatch and closes with
# "determinism: N passed, N failed".
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
a=${1:?usage: check-determinism.sh BIN_A BIN_B}
b=${2:?usage: check-determinism.sh BIN_A BIN_B}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

inputs=("$root/examples/decoder.ptn")
for f in "$root"/../shared/conformance/*.nptg "$root"/../shared/conformance/*.ptn; do
  [[ -f "$f" ]] && inputs+=("$f")
done

passed=0
failed=0
for input in "${inputs[@]}"; do
  ext=${input##*.}
  name=$(basename "$input" ."$ext")
  w="$work/$name.$ext"
  mkdir -p "$w"
  if ! "$a/ng-translate" --from-native-graph "$input" -o "$w/in.mlir" 2>"$w/err"; then
    failed=$((failed + 1))
    echo "determinism: $name.$ext: import failed: $(head -1 "$w/err")"
    continue
  fi
  "$a/ng-translate" --to-native-graph "$w/in.mlir" -o "$w/a.$ext" 2>>"$w/err"
  "$b/ng-translate" --to-native-graph "$w/in.mlir" -o "$w/b.$ext" 2>>"$w/err"
  if [[ -s "$w/a.$ext" ]] && cmp -s "$w/a.$ext" "$w/b.$ext"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "determinism: $name.$ext: the two builds export different bytes"
  fi
done
echo "determinism: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# The formatting gate: fails when clang-format (the project's .clang-format)
# would change a C/C++ file of the tree: tracked, or new and not ignored (a
# file not yet added is checked and fixed too). Uses clang-format-22
# (installed by install-deps.sh) so every machine formats alike;
# CLANG_FORMAT overrides.
# Prints the files that need formatting and how to fix them, and closes with
# "format: N passed, N failed" (N = files checked / files to reformat).
#   scripts/check-format.sh          check every such file
#   scripts/check-format.sh --fix    reformat them in place
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

clang_format=${CLANG_FORMAT:-clang-format-22}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "format: error: $clang_format not found (scripts/install-deps.sh installs it)" >&2
  echo "format: 0 passed, 1 failed"
  exit 1
fi

mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
  '*.c' '*.cpp' '*.h' '*.cc' '*.hpp')
if [[ "${1:-}" == --fix ]]; then
  "$clang_format" --style=file -i "${files[@]}"
  echo "format: reformatted ${#files[@]} files with $clang_format"
  exit 0
fi

passed=0
failed=0
for f in "${files[@]}"; do
  if "$clang_format" --style=file "$f" | cmp -s - "$f"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "format: $f needs formatting"
  fi
done
if [[ $failed -gt 0 ]]; then
  echo "format: run 'bash scripts/check-format.sh --fix' (or $clang_format -i FILE)"
fi
echo "format: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

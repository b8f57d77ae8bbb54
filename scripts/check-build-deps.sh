#!/usr/bin/env bash
# Checks a built tree's build graph, two ways:
#  * every object that includes a generated header (an ODS .inc, the
#    flatbuffers schema header) depends on the target that generates it, or
#    a clean parallel build can compile it first and fail (as CI once did on
#    InitAll.cpp). Ninja's missingdeps tool finds exactly these from the
#    depfiles of the last build, so run it after one;
#  * every file `cmake --install` copies out of the build tree is built by
#    `ninja ng-package`, the quickstart's target (scripts/quickstart.sh), so
#    that an install right after the quickstart succeeds instead of failing
#    half way with a library or tool that joined the install but not the
#    package target.
#   scripts/check-build-deps.sh BUILD-DIR [PACKAGE-TARGET]
# Prints "build-deps: N passed, N failed" (two checks per build tree).
set -euo pipefail
dir=${1:?usage: scripts/check-build-deps.sh BUILD-DIR [PACKAGE-TARGET]}
package=${2:-ng-package}
passed=0 failed=0

if out=$(ninja -C "$dir" -t missingdeps 2>&1); then
  passed=$((passed + 1))
else
  grep '^Missing dep' <<<"$out" | head -20
  echo "build-deps: add the generating target to the library's DEPENDS"
  failed=$((failed + 1))
fi

# The build tree's files the install copies that a build makes (the rest,
# such as ngConfig.cmake, configuring wrote), against what the package
# target brings up to date.
unbuilt=$(python3 - "$dir" "$package" <<'PY'
import os, re, subprocess, sys

build, package = os.path.abspath(sys.argv[1]), sys.argv[2]

def ninja(*tool):
    return subprocess.run(["ninja", "-C", build, "-t", *tool], check=True,
                          capture_output=True, text=True).stdout.splitlines()

outputs = {line.rsplit(": ", 1)[0] for line in ninja("targets", "all")}

# Everything `ninja PACKAGE` brings up to date: the closure of its inputs,
# order-only ones (the generated headers) included, a level at a time.
built, level = set(), [package]
while level:
    found, section = [], None
    for line in ninja("query", *level):
        if not line.startswith(" "):
            continue
        if line.startswith("  ") and not line.startswith("   "):
            section = line.split(":")[0].strip()
        elif section == "input":
            found.append(line.strip().lstrip("|").strip())
    level = sorted({f for f in found if f in outputs} - built)
    built |= set(level)

installed = set()
for top, _, files in os.walk(build):
    if "cmake_install.cmake" not in files:
        continue
    text = open(os.path.join(top, "cmake_install.cmake")).read()
    for call in re.finditer(r"file\(INSTALL (.*?)\)\n", text, re.S):
        args = call.group(1)
        kind = re.search(r"TYPE (\w+)", args).group(1)
        listed = args.split(" FILES", 1)[1].split("FILES_MATCHING")[0]
        for path in re.findall(r'"([^"]+)"', listed):
            if not path.startswith(build + "/"):
                continue
            rel = path[len(build) + 1:]
            if kind == "DIRECTORY":
                installed |= {o for o in outputs if o.startswith(rel + "/")
                              and re.search(r"\.(h|inc)$", o)}
            elif rel in outputs:
                installed.add(rel)
if not installed:
    print("(no build-tree file is installed: no install rules?)")
for path in sorted(installed - built):
    print(path)
PY
)
if [[ -n $unbuilt ]]; then
  sed "s|^|build-deps: cmake --install copies |; s|\$| but \`ninja $package\` does not build it|" <<<"$unbuilt"
  echo "build-deps: add its target to ng-package (CMakeLists.txt)"
  failed=$((failed + 1))
else
  passed=$((passed + 1))
fi

echo "build-deps: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# Install the Debian packages ng needs to build, test and benchmark.
# Idempotent: does nothing (no apt-get update) when every package is already
# installed. Needs Debian 12 (bookworm) with its bookworm-security suite
# enabled: LLVM/MLIR 22 and clang-22 come from there.
#
# Tested by test/Scripts/install-deps*.test, which drives this script with
# stub dpkg-query/apt-cache/apt-get/id/sudo commands on PATH.
set -euo pipefail

PACKAGES=(
  # LLVM/MLIR 22. LLVM's CMake package names ZLIB::ZLIB and zstd in the link
  # interface of LLVMSupport, so find_package(MLIR) fails without their -dev
  # packages, which a fresh Debian does not carry.
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  zlib1g-dev libzstd-dev
  # The wire schema's compiler and runtime headers.
  flatbuffers-compiler libflatbuffers-dev
  # The CRC-32 of packages' members (lib/Support/Crc32.cpp).
  libdeflate-dev
  # The normal build and its tests.
  cmake ninja-build g++ libgtest-dev libjemalloc-dev
  # CI's second configuration (ASan+UBSan with clang), the fuzz targets
  # (libFuzzer is in compiler-rt) and the formatting gate.
  clang-22 libclang-rt-22-dev clang-format-22
  # Test and benchmark scripts, and packing examples.
  python3 zip unzip
  # ng-run's reference tests (test/Interpreter) compute what independent
  # programs should give with numpy, and ng.Program.run returns numpy arrays.
  python3-numpy
  # The Python bindings (python/, docs/Python.md): pybind11, and the headers
  # of Debian's python3 they are built for.
  pybind11-dev python3-dev
  # mypy's stubtest and mypy --strict check the bindings' type stubs
  # (test/Python/test_stubs.py).
  python3-mypy
  # Graphviz's dot: the suite renders --to-dot's pictures with it, and
  # scripts/render-example.sh draws docs/images/decoder.svg.
  graphviz
)

# Collect the packages dpkg does not report as installed.
missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == installed ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed; nothing to do."
  exit 0
fi
echo "install-deps: missing packages: ${missing[*]}"

# Run as root directly, else through sudo when available.
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "install-deps: error: not root and sudo not found; as root, run:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-deps: running apt-get update"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update

# Every missing package needs an install candidate. The policy is captured
# whole and matched in the shell: `apt-cache policy | grep -q` fails under
# pipefail when grep exits at its first match and apt-cache dies of SIGPIPE.
no_candidate=()
for pkg in "${missing[@]}"; do
  policy=$(apt-cache policy "$pkg" 2>/dev/null || true)
  [[ "$policy" =~ Candidate:\ [^\(] ]] || no_candidate+=("$pkg")
done
if [[ ${#no_candidate[@]} -gt 0 ]]; then
  echo "install-deps: error: no install candidate for: ${no_candidate[*]}" >&2
  echo "  ng needs Debian 12 (bookworm) with its bookworm-security suite enabled" >&2
  echo "  (LLVM/MLIR 22 and clang-22 come from there). Enable that suite in apt's" >&2
  echo "  sources (/etc/apt/sources.list.d/*.sources or /etc/apt/sources.list)," >&2
  echo "  then run this script again." >&2
  exit 1
fi

echo "install-deps: installing: ${missing[*]}"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
echo "install-deps: done."

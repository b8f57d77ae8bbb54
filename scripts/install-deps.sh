#!/usr/bin/env bash
# Install the Debian packages ng needs to build and test. Idempotent: does
# nothing (no apt-get update) when every package is already installed.
# LLVM/MLIR 22 come from the bookworm-security suite, which must be enabled
# in the apt sources.
set -euo pipefail

PACKAGES=(
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  flatbuffers-compiler libflatbuffers-dev
  cmake ninja-build g++ libgtest-dev
  libzstd-dev libjemalloc-dev
  python3 zip unzip
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
    echo "install-deps: error: not root and sudo not found; install as root:" >&2
    echo "  apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-deps: running apt-get update"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update

# LLVM 22 has no candidate unless the bookworm-security suite is enabled.
for pkg in "${missing[@]}"; do
  if [[ "$pkg" == *-22* ]] &&
     ! apt-cache policy "$pkg" | grep -q 'Candidate: [^(]'; then
    echo "install-deps: error: no install candidate for '$pkg'." >&2
    echo "  LLVM/MLIR 22 packages come from Debian's bookworm-security suite;" >&2
    echo "  enable it in /etc/apt/sources.list(.d), e.g.:" >&2
    echo "    deb http://security.debian.org/debian-security bookworm-security main" >&2
    echo "  then run this script again." >&2
    exit 1
  fi
done

echo "install-deps: installing: ${missing[*]}"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
echo "install-deps: done."

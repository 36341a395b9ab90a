#!/usr/bin/env bash
# Install the Debian packages hmpi needs, when they are missing and we are root.
# Usage: scripts/install-deps.sh [extra packages...]
set -euo pipefail
packages=(build-essential cmake pkg-config libhwloc-dev hwloc libopenmpi-dev openmpi-bin g++ gfortran
          libmpich-dev mpich libscotch-dev libsimgrid-dev
          python3-mpi4py python3-numpy "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "hmpi: missing Debian packages: ${missing[*]} (run as root, or install them)" >&2
  exit 0
fi
echo "hmpi: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

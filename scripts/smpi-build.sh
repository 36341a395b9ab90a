#!/usr/bin/env bash
# Build an hmpi program for SimGrid SMPI: all of src/ is compiled into the
# program, so SMPI's per-rank privatization covers hmpi's globals too.
#   scripts/smpi-build.sh OUTPUT PROGRAM.c [CFLAGS...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1 program=$2
shift 2
mkdir -p "$(dirname "$out")"
# every module but mpi4 and fortran (libhmpi_mpi4 has no place in SMPI)
sources=()
for f in "$root"/src/*/*.c; do
  [[ $f == */src/mpi4/* || $f == */src/fortran/* ]] || sources+=("$f")
done
smpicc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wno-format-truncation "$@" \
  -I"$root/include" -I"$root/src" -I"$root/bench" -I/usr/include/scotch \
  "${sources[@]}" "$program" -o "$out" -lhwloc -lscotch -lscotcherr -lpthread -lm

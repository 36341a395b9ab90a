#!/usr/bin/env bash
# Build an hmpi program for SimGrid SMPI: all of src/ is compiled into the
# program, so SMPI's per-rank privatization covers hmpi's globals too.
#   scripts/smpi-build.sh OUTPUT PROGRAM.c [CFLAGS...]
# src/'s objects are compiled on all cores into OUTPUT's directory, under a
# key of the sources, headers and flags, and reused by the next program
# built there with the same ones (simulate-smoke builds two).
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
flags=(-O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wno-format-truncation "$@"
  -I"$root/include" -I"$root/src" -I"$root/bench" -I/usr/include/scotch)
key=$( { printf '%s\n' "${flags[@]}"; cat "${sources[@]}" "$root"/src/*/*.h "$root"/include/*.h \
  "$root"/bench/*.h; } | sha1sum | cut -c1-16)
objects="$(dirname "$out")/.smpi-objects/$key"
if [ ! -f "$objects/done" ]; then
  mkdir -p "$objects"
  printf '%s\n' "${sources[@]}" |
    xargs -P "$(nproc)" -I{} sh -c 'f=$1; shift; o=$(echo "$f" | tr / _); smpicc "$@" -c "$f" -o "'"$objects"'/${o%.c}.o"' \
      _ {} "${flags[@]}"
  touch "$objects/done"
fi
smpicc "${flags[@]}" "$objects"/*.o "$program" -o "$out" -lhwloc -lscotch -lscotcherr -lpthread -lm

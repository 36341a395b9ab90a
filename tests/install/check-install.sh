#!/usr/bin/env bash
# Install hmpi from a build tree, then build the example against the
# installation twice: with find_package(hmpi) and with pkg-config.
#   check-install.sh BUILD_DIR MPI_C_COMPILER MPIEXEC
set -euo pipefail
build=$1 mpicc=$2 mpiexec=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/hmpi.h"
test -x "$work/prefix/bin/hmpi-topo"
cmake -S "$here" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DMPI_C_COMPILER="$mpicc" >/dev/null
cmake --build "$work/consumer" >/dev/null
libdir=$(dirname "$(find "$work/prefix" -name 'libhmpi.so' | head -n 1)")
PKG_CONFIG_PATH="$libdir/pkgconfig" "$mpicc" "$here/../../examples/hierarchical_sum.c" \
  $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs hmpi) -o "$work/pc-consumer"
for exe in "$work/consumer/consumer" "$work/pc-consumer"; do
  LD_LIBRARY_PATH="$libdir" "$mpiexec" -n 2 "$exe"
done
# the installed wrappers: one command each, MPI 4 names on any library
"$work/prefix/bin/hmpicc" "$here/../../examples/hierarchical_sum.c" -o "$work/hmpicc-consumer"
"$mpiexec" -n 2 "$work/hmpicc-consumer" >/dev/null
if [ -x "$work/prefix/bin/hmpifort" ]; then
  (cd "$work" && "$work/prefix/bin/hmpifort" "$here/../fortran/hmpi_api.f90" -o "$work/hmpifort-consumer")
  "$mpiexec" -n 2 "$work/hmpifort-consumer"
  mpifort=$("$work/prefix/bin/hmpifort" --showme | cut -d' ' -f1)
  (cd "$work" && "$mpifort" "$here/../fortran/mpi4_f08.f90" -o "$work/pc-fortran-consumer" \
    $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs hmpi-fortran))
  LD_LIBRARY_PATH="$libdir" "$mpiexec" -n 2 "$work/pc-fortran-consumer"
fi
echo "install: find_package(hmpi), pkg-config and wrapper consumers built and ran"

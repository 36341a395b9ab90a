#!/usr/bin/env bash
# No call of libhmpi_mpi4's own library code lands in its MPI_ wrappers:
# the objects built with HMPI_PMPI (core/pmpi.h) must leave none of the
# MPI_ functions the library defines undefined. The same sources built for
# libhmpi (MPI_ calls) are the control: there the check must find them.
#   check-pmpi.sh LIBHMPI_MPI4 PMPI_OBJECTS... -- MPI_OBJECTS...
set -euo pipefail
lib=$1
shift
pmpi=() plain=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do pmpi+=("$1"); shift; done
shift
plain=("$@")
wrappers=$(nm -D --defined-only "$lib" | awk '$3 ~ /^MPI_/ { print $3 }' | sort -u)
[ -n "$wrappers" ] || { echo "check-pmpi: $lib defines no MPI_ function"; exit 1; }
undefined_wrappers() {
  nm -u "$@" | awk '{ print $NF }' | grep -E '^MPI_' | sort -u | comm -12 - <(echo "$wrappers")
}
through=$(undefined_wrappers "${pmpi[@]}")
control=$(undefined_wrappers "${plain[@]}")
echo "check-pmpi: $(echo "$wrappers" | wc -l) MPI_ functions in libhmpi_mpi4;" \
  "$(echo -n "$control" | grep -c .) of them called by libhmpi's objects," \
  "$(echo -n "$through" | grep -c .) by libhmpi_mpi4's"
if [ -z "$control" ]; then
  echo "check-pmpi: the control found no call: the check sees nothing"
  exit 1
fi
if [ -n "$through" ]; then
  echo "check-pmpi: library code calls its own wrappers (use HMPI__MPI(X)):" $through
  exit 1
fi

#!/bin/sh
# The node benchmark on this machine: bench/node at the node's core count,
# ranks bound to cores, under every option the MPI libraries have (MPICH's
# default; Open MPI's tuned, coll/sm and HAN), every algorithm of hmpi forced
# besides auto. Leaves OUT/node.csv, OUT/node.md (the ratio table) and
# OUT/node.png (gnuplot), and prints the table.
#
#   scripts/bench-node.sh [OUT] [RANKS]        (BUILD=build, REPS=300,
#                                               SIZES=8,64,...,1048576, COLLS=all)
set -e
OUT=${1:-${BUILD:-build}/bench-node}
RANKS=${2:-$(nproc)}
BUILD=${BUILD:-build}
REPS=${REPS:-300}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
CSV=$OUT/node.csv
echo "label,ranks,collective,bytes,variant,microseconds" >"$CSV"

args="--reps $REPS --algorithms --csv $CSV"
[ -n "$SIZES" ] && args="$args --sizes $SIZES"
[ -n "$COLLS" ] && args="$args --colls $COLLS"
export HMPI_PROBE_LATENCY=${HMPI_PROBE_LATENCY:-1}

run_openmpi() { # label, then MCA settings
    label=$1
    shift
    env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$@" \
        mpiexec.openmpi -n "$RANKS" --bind-to core --map-by core \
        "$BUILD/openmpi/bench/node" $args --label "$label"
}

if [ -x "$BUILD/mpich/bench/node" ]; then
    mpiexec.mpich -n "$RANKS" -bind-to core "$BUILD/mpich/bench/node" $args --label mpich
fi
if [ -x "$BUILD/openmpi/bench/node" ]; then
    run_openmpi ompi-tuned
    run_openmpi ompi-sm OMPI_MCA_coll_sm_priority=100
    run_openmpi ompi-han OMPI_MCA_coll_han_priority=100
fi
python3 "$HERE/bench-node-report.py" "$CSV" "$OUT"

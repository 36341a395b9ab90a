#!/bin/sh
# The node benchmark on this machine: bench/node at the node's core count,
# ranks bound to cores, under every option the MPI libraries have (MPICH's
# default; Open MPI's tuned, coll/sm and HAN), every algorithm of hmpi forced
# besides auto. Then, unless TUNE=0, hmpi-tune on the same ranks (under
# MPICH and Open MPI's default) and hmpi's auto again with the file it wrote
# (labels mpich+tune, ompi-tuned+tune; the files OUT/tuning-*.txt). Leaves
# OUT/node.csv, OUT/node.md (the ratio table) and OUT/node.png (gnuplot),
# and prints the table. Then, unless BACK_TO_BACK=0, the same options with
# BACK_TO_BACK operations in a row per repetition (auto alone; a loop of
# collectives, as IMB times them): OUT/back-to-back/node.{csv,md,png}.
#
#   scripts/bench-node.sh [OUT] [RANKS]        (BUILD=build, REPS=300, TUNE=1,
#                                               SIZES=8,64,...,1048576, COLLS=all,
#                                               BACK_TO_BACK=16)
set -e
OUT=${1:-${BUILD:-build}/bench-node}
RANKS=${2:-$(nproc)}
BUILD=${BUILD:-build}
REPS=${REPS:-300}
HERE=$(cd "$(dirname "$0")" && pwd)
new_csv() { # its path: the directory made, the header written
    mkdir -p "$(dirname "$1")"
    echo "label,ranks,collective,bytes,variant,microseconds" >"$1"
}
CSV=$OUT/node.csv
new_csv "$CSV"

# what every run times; the main run forces every algorithm too
selection="--reps $REPS"
[ -n "$SIZES" ] && selection="$selection --sizes $SIZES"
[ -n "$COLLS" ] && selection="$selection --colls $COLLS"
args="$selection --algorithms --csv $CSV"
export HMPI_PROBE_LATENCY=${HMPI_PROBE_LATENCY:-1}

run_openmpi() { # label, then MCA settings
    label=$1
    shift
    env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "$@" \
        mpiexec.openmpi -n "$RANKS" --bind-to core --map-by core \
        "$BUILD/openmpi/bench/node" $args --label "$label"
}

run_mpich() { # label, then the bench's arguments
    label=$1
    shift
    mpiexec.mpich -n "$RANKS" -bind-to core "$BUILD/mpich/bench/node" "$@" --label "$label"
}

# hmpi-tune's file, then auto with it (no forced algorithm: those are above)
tuned_args="$selection --csv $CSV"

if [ -x "$BUILD/mpich/bench/node" ]; then
    run_mpich mpich $args
    if [ "${TUNE:-1}" != 0 ]; then
        mpiexec.mpich -n "$RANKS" -bind-to core "$BUILD/mpich/tools/hmpi-tune" \
            -o "$OUT/tuning-mpich.txt" >/dev/null
        export HMPI_TUNING_FILE="$OUT/tuning-mpich.txt"
        run_mpich mpich+tune $tuned_args
        unset HMPI_TUNING_FILE
    fi
fi
if [ -x "$BUILD/openmpi/bench/node" ]; then
    run_openmpi ompi-tuned
    if [ "${TUNE:-1}" != 0 ]; then
        env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
            mpiexec.openmpi -n "$RANKS" --bind-to core --map-by core \
            "$BUILD/openmpi/tools/hmpi-tune" -o "$OUT/tuning-ompi.txt" >/dev/null
        args_all=$args
        args=$tuned_args
        run_openmpi ompi-tuned+tune HMPI_TUNING_FILE="$OUT/tuning-ompi.txt"
        args=$args_all
    fi
    run_openmpi ompi-sm OMPI_MCA_coll_sm_priority=100
    run_openmpi ompi-han OMPI_MCA_coll_han_priority=100
fi
python3 "$HERE/bench-node-report.py" "$CSV" "$OUT"

if [ "${BACK_TO_BACK:-16}" != 0 ]; then
    CSV=$OUT/back-to-back/node.csv
    new_csv "$CSV"
    args="$selection --back-to-back ${BACK_TO_BACK:-16} --csv $CSV"
    if [ -x "$BUILD/mpich/bench/node" ]; then
        run_mpich mpich $args
    fi
    if [ -x "$BUILD/openmpi/bench/node" ]; then
        run_openmpi ompi-tuned
        run_openmpi ompi-sm OMPI_MCA_coll_sm_priority=100
        run_openmpi ompi-han OMPI_MCA_coll_han_priority=100
    fi
    python3 "$HERE/bench-node-report.py" "$CSV" "$OUT/back-to-back"
fi

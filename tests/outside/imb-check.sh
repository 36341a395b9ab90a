#!/bin/sh
# Build IMB-MPI4 (vendored in tests/outside/imb) with result checking, and
# run its persistent collectives; fail unless every benchmark reports zero
# defects.
#   imb-check.sh build SRC DIR CC CXX
#   imb-check.sh run DIR MPIEXEC ARGS...   (ARGS: launcher options, before the program)
set -eu
benchmarks="Allgather_persist Allgatherv_persist Allreduce_persist Alltoall_persist
Alltoallv_persist Barrier_persist Bcast_persist Gather_persist Gatherv_persist
Reduce_persist Reduce_scatter_persist Scatter_persist Scatterv_persist"
case $1 in
build)
    src=$2 dir=$3 cc=$4 cxx=$5
    rm -rf "$dir"
    cp -r "$src" "$dir"
    make -C "$dir" IMB-MPI4 CC="$cc" CXX="$cxx" CPPFLAGS=-DCHECK >"$dir/build.log" 2>&1 ||
        { tail -30 "$dir/build.log"; exit 1; }
    echo "IMB-MPI4 built in $dir with $cc and $cxx"
    ;;
run)
    dir=$2
    shift 2
    out=$dir/run.log
    # shellcheck disable=SC2086
    "$@" "$dir/IMB-MPI4" -msglog 0:${IMB_MSGLOG:-16} -iter ${IMB_ITER:-40} -time 2 -npmin 1000 -mem 1 $benchmarks >"$out" 2>&1 ||
        { tail -30 "$out"; exit 1; }
    # each benchmark's table: columns end with 'defects'; every row's last field is 0.00
    awk -v want="$(echo $benchmarks | wc -w)" '
        /^# Benchmarking / { n++ }
        /defects/ { in_table = 1; next }
        in_table && NF == 0 { in_table = 0 }
        in_table && $1 ~ /^[0-9]+$/ { rows++; if ($NF + 0 != 0) { bad++; print "defects: " $0 } }
        END {
            printf "IMB-MPI4: %d benchmarks, %d rows, %d with defects\n", n, rows, bad
            exit !(n == want && rows > 0 && bad == 0)
        }' "$out"
    ;;
*)
    echo "usage: imb-check.sh build SRC DIR CC CXX | run DIR MPIEXEC..." >&2
    exit 2
    ;;
esac

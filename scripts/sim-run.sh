#!/usr/bin/env bash
# Run an SMPI program on a platform made by scripts/sim-platform.sh, with the
# matching hmpi virtual cluster and the study's settings: the given SMPI
# collective selector, computation not simulated (local copies and reductions
# are free for every library alike), SimGrid's own chatter off; hmpi's cost
# model from PLATFORM_DIR/tuning.txt when scripts/sim-tune.sh wrote one, and
# the platform's own settings from PLATFORM_DIR/sim.cfg (scripts/sim-machine.sh).
#   scripts/sim-run.sh PLATFORM_DIR RANKS SELECTOR PROGRAM [ARGS...]
#
# SELECTOR `lean` is for runs that measure hmpi only, where MPI's own
# collectives just set hmpi up: binomial bcast and reduce, recursive-doubling
# allreduce, Bruck allgather, dissemination barrier. SMPI's selectors run
# SMP-aware algorithms that, on a communicator's first collective (SMPI's
# MPI_Comm_dup and MPI_Comm_split make one), build its node communicators
# with a linear reduce and a ring allgather: O(p^2) simulated messages per
# new communicator, 40 s of wall time at 1024 ranks and about 16x that at
# 4096. Simulated times of hmpi's operations are the same either way.
set -euo pipefail
dir=$1 np=$2 selector=$3
shift 3
[ -f "$dir/tuning.txt" ] && export HMPI_TUNING_FILE="$dir/tuning.txt"
extra=() # PLATFORM_DIR/sim.cfg: the platform's own SimGrid settings, one per line
[ -f "$dir/sim.cfg" ] && mapfile -t extra < "$dir/sim.cfg"
colls=(--cfg=smpi/coll-selector:"$selector")
[ "$selector" = lean ] && colls=(--cfg=smpi/coll-selector:mpich --cfg=smpi/bcast:binomial_tree
  --cfg=smpi/reduce:binomial --cfg=smpi/allreduce:rdb --cfg=smpi/allgather:bruck
  --cfg=smpi/gather:ompi_binomial --cfg=smpi/barrier:ompi_bruck)
HMPI_TOPOLOGY="$dir/cluster.conf" exec smpirun -np "$np" -platform "$dir/platform.xml" \
  -hostfile "$dir/hostfile" "${colls[@]}" ${extra[@]+"${extra[@]}"} \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf \
  --log=root.thres:warning --log=smpi_config.thres:warning --log=xbt_cfg.thres:warning "$@"

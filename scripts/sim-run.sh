#!/usr/bin/env bash
# Run an SMPI program on a platform made by scripts/sim-platform.sh, with the
# matching hmpi virtual cluster and the study's settings: the given SMPI
# collective selector, computation not simulated (local copies and reductions
# are free for every library alike), SimGrid's own chatter off; hmpi's cost
# model from PLATFORM_DIR/tuning.txt when scripts/sim-tune.sh wrote one.
#   scripts/sim-run.sh PLATFORM_DIR RANKS SELECTOR PROGRAM [ARGS...]
set -euo pipefail
dir=$1 np=$2 selector=$3
shift 3
[ -f "$dir/tuning.txt" ] && export HMPI_TUNING_FILE="$dir/tuning.txt"
HMPI_TOPOLOGY="$dir/cluster.conf" exec smpirun -np "$np" -platform "$dir/platform.xml" \
  -hostfile "$dir/hostfile" --cfg=smpi/coll-selector:"$selector" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf \
  --log=root.thres:warning --log=smpi_config.thres:warning --log=xbt_cfg.thres:warning "$@"

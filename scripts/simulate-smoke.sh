#!/usr/bin/env bash
# CI's smoke test of the simulation instrument: build bench/persistent with
# smpicc, make a 4-node x 4-core platform and its virtual cluster, simulate
# 16 ranks, and check that every collective measured.
#   scripts/simulate-smoke.sh WORKDIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
"$root/scripts/smpi-build.sh" "$work/persistent" "$root/bench/persistent.c" -Werror
"$root/scripts/sim-cluster.sh" "$work/cluster" 4 4
HMPI_TOPOLOGY="$work/cluster/cluster.conf" smpirun -np 16 \
  -platform "$work/cluster/platform.xml" -hostfile "$work/cluster/hostfile" \
  --cfg=smpi/host-speed:1Gf --log=root.thres:warning --log=smpi_config.thres:warning \
  --log=xbt_cfg.thres:warning "$work/persistent" --colls bcast,allreduce,alltoall \
  --sizes 4,65536 --reps 3 > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; exit 1; }
cat "$work/out.txt"
for coll in bcast allreduce alltoall; do
  rows=$(grep -cE "^  $coll +[0-9]+ +[0-9.]+ +[0-9.]+" "$work/out.txt" || true)
  [ "$rows" -eq 2 ] || { echo "simulate-smoke: $coll: $rows of 2 sizes measured"; exit 1; }
done
echo "simulate-smoke: 16 simulated ranks, 3 collectives x 2 sizes measured"

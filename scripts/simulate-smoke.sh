#!/usr/bin/env bash
# CI's smoke test of the simulation instrument: build bench/scale with
# smpicc, make a 64-rank fat tree (8 nodes x 8 cores) and its
# virtual cluster from one description, calibrate hmpi's cost model on it
# (hmpi-tune), simulate hmpi (lean setup collectives) and SMPI's mpich
# selector on ordered and shuffled ranks, and check that every row came.
#   scripts/simulate-smoke.sh WORKDIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
"$root/scripts/smpi-build.sh" "$work/scale" "$root/bench/scale.c" -Werror
"$root/scripts/smpi-build.sh" "$work/hmpi-tune" "$root/tools/hmpi-tune.c" -Werror
"$root/scripts/sim-platform.sh" fattree "$work/cluster" 8 8
"$root/scripts/sim-tune.sh" fattree 8 "$work/cluster" "$work"
grep -qE '^network +1048576 +[0-9.]+ +[0-9.]+$' "$work/cluster/tuning.txt" ||
  { echo "simulate-smoke: hmpi-tune wrote no network line"; cat "$work/cluster/tuning.txt"; exit 1; }
: > "$work/out.csv"
for placement in ordered shuffled; do
  for run in mpich:mpi lean:hmpi; do # as scripts/simulate.sh runs them
    "$root/scripts/sim-run.sh" "$work/cluster" 64 "${run%%:*}" \
      "$work/scale" --colls bcast,allreduce,alltoall --variants "${run#*:}" \
      --sizes 4,65536 --reps 2 --node-size 8 --placement $placement --label smoke \
      >> "$work/out.csv" 2> "$work/err.txt" || { cat "$work/err.txt"; exit 1; }
  done
done
cat "$work/out.csv"
rows=$(grep -cE '^smoke,64,(ordered|shuffled),(bcast|allreduce|alltoall),(4|65536),(mpi|hmpi),[0-9.]+$' \
  "$work/out.csv" || true)
[ "$rows" -eq 24 ] || { echo "simulate-smoke: $rows of 24 rows measured"; exit 1; }
echo "simulate-smoke: 64 simulated ranks, 3 collectives x 2 sizes x 2 placements x 2 variants"

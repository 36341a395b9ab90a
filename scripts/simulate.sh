#!/usr/bin/env bash
# The simulation study behind `make simulate`: hmpi's collectives against
# SimGrid SMPI's own selectors (mpich, ompi, mvapich2) on simulated clusters,
# ordered, shuffled and round-robin ranks. Results: OUT/results.csv and one
# gnuplot PNG per platform, scale and collective under OUT/plots/.
#
#   scripts/simulate.sh OUT
#
# Environment (defaults in brackets):
#   SIM_PLATFORMS  platform kinds, see scripts/sim-platform.sh [fattree twosocket dragonfly]
#   SIM_SCALES     ranks, 16 per node [256 1024]
#   SIM_COLLS      collectives [bcast,reduce,allreduce,allgather,alltoall]
#   SIM_SIZES      bytes per process [4,8192,65536,1048576]
#   SIM_SELECTORS  SMPI selectors [mpich ompi mvapich2]
#   SIM_PLACEMENTS placements [ordered shuffled roundrobin]
#   SIM_BIG        ranks of the large run, bcast and allreduce at 64 KiB on
#                  the fat tree only [4096; empty: none]
#   SIM_REPS       repetitions [3]
#   SIM_LATENCY    latency of every link [0.25us]
#   SIM_OVERHEAD   1: every message costs its sender and receiver 0.3 us of
#                  CPU (scripts/sim-overhead.cfg, what an InfiniBand/UCX
#                  stack costs); 0: SimGrid's free messages, a labelled
#                  variant (platform name ending in -zero) [1]
#   SIM_TUNE       1: calibrate hmpi's cost model with hmpi-tune first; 0: the
#                  built-in model, as a user who never calibrates [1]
#   SIM_TIMEOUT    wall seconds one collective's simulation may take; past it
#                  its cells are missing and the study goes on [0: no limit]
# Links: 100 Gbit/s; computation is not simulated (every library's local
# copies and reductions are free alike). Times are simulated microseconds:
# they do not depend on this machine's load. OUT/settings.txt records the
# SimGrid settings of the study.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/simulate.sh OUT}
platforms=${SIM_PLATFORMS:-fattree twosocket dragonfly}
scales=${SIM_SCALES:-256 1024}
colls=${SIM_COLLS:-bcast,reduce,allreduce,allgather,alltoall}
sizes=${SIM_SIZES:-4,8192,65536,1048576}
selectors=${SIM_SELECTORS:-mpich ompi mvapich2}
placements=${SIM_PLACEMENTS:-ordered shuffled roundrobin}
big=${SIM_BIG-4096}
reps=${SIM_REPS:-3}
latency=${SIM_LATENCY:-0.25us}
overhead=${SIM_OVERHEAD:-1}
tune=${SIM_TUNE:-1}
timeout_s=${SIM_TIMEOUT:-0}
cores=16
mkdir -p "$out/csv" "$out/plots"

echo "simulate: building bench/scale with smpicc (hmpi compiled into the program)"
"$root/scripts/smpi-build.sh" "$out/bin/scale" "$root/bench/scale.c"
"$root/scripts/smpi-build.sh" "$out/bin/hmpi-tune" "$root/tools/hmpi-tune.c"

# run LABEL PLATFORM_DIR RANKS SELECTOR PLACEMENT VARIANTS COLL SIZES: one
# collective's simulation, so that a slow one costs only its own cells.
# A simulation that fails (SimGrid aborts on some platforms, e.g. its max-min
# solver's rounding check on the dragonfly) keeps the rows it measured; the
# study goes on and fails at the end.
runs=0 failed=0
run() {
  local label=$1 dir=$2 np=$3 sel=$4 placement=$5 variants=$6 cl=$7 sz=$8
  local csv="$out/csv/$label-$np-$placement-$sel-$cl.csv" t0=$SECONDS ok=1
  runs=$((runs + 1))
  printf 'simulate: [%d] %s, %d ranks, %s, selector %s: %s ... ' "$runs" "$label" "$np" \
    "$placement" "$sel" "$variants"
  timeout "$timeout_s" "$root/scripts/sim-run.sh" "$dir" "$np" "$sel" \
    "$out/bin/scale" --colls "$cl" --sizes "$sz" --reps "$reps" --placement "$placement" \
    --node-size $cores --variants "$variants" --label "$label/$sel" > "$csv.tmp" 2> "$csv.log" ||
    ok=0
  grep '^[^,]*,[0-9]*,' "$csv.tmp" > "$csv" || true # the measured rows
  grep -v '^[^,]*,[0-9]*,' "$csv.tmp" >> "$csv.log" || true
  rm -f "$csv.tmp"
  if [ $ok = 1 ]; then
    echo "$((SECONDS - t0)) s wall"
  else
    failed=$((failed + 1))
    echo "failed after $(wc -l < "$csv") rows, $((SECONDS - t0)) s wall (see $csv.log)"
  fi
}

# One platform at one scale: every selector on ordered ranks, hmpi on every
# placement (hmpi's operations do not use MPI's collectives: it runs with
# the lean setup collectives, see scripts/sim-run.sh).
study() {
  local kind=$1 np=$2 cl=$3 sz=$4 dir="$out/platforms/$1-$2" label=$1
  "$root/scripts/sim-platform.sh" "$kind" "$dir" $((np / cores)) $cores 12.5GBps "$latency"
  if [ "$overhead" = 1 ]; then
    cp "$root/scripts/sim-overhead.cfg" "$dir/sim.cfg"
  else
    label=$kind-zero
  fi
  if [ "$tune" = 1 ]; then
    local t0=$SECONDS
    printf 'simulate: calibrating hmpi'"'"'s cost model on %s, %d nodes (hmpi-tune) ... ' "$kind" $((np / cores))
    "$root/scripts/sim-tune.sh" "$kind" $((np / cores)) "$dir" "$out/bin" 12.5GBps "$latency" "$cores"
    echo "$((SECONDS - t0)) s wall"
  fi
  for coll in ${cl//,/ }; do
    for sel in $selectors; do
      run "$label" "$dir" "$np" "$sel" ordered mpi "$coll" "$sz"
    done
    for placement in $placements; do
      run "$label" "$dir" "$np" lean "$placement" hmpi "$coll" "$sz"
    done
  done
}

{
  echo "links: 12.5GBps, latency $latency; 16 ranks per node; computation not simulated"
  echo "per-message overhead: $([ "$overhead" = 1 ] && tr '\n' ' ' < "$root/scripts/sim-overhead.cfg" || echo none)"
  echo "hmpi cost model: $([ "$tune" = 1 ] && echo "calibrated by hmpi-tune" || echo "built-in (no tuning file)")"
  echo "repetitions: $reps (median of the slowest rank)"
  smpirun --version 2>/dev/null | head -1 || true
} > "$out/settings.txt"
start=$SECONDS
for kind in $platforms; do
  for np in $scales; do study "$kind" "$np" "$colls" "$sizes"; done
done
[ -n "$big" ] && study fattree "$big" bcast,allreduce 65536

{
  echo "platform,selector,ranks,placement,collective,bytes,variant,microseconds"
  cat "$out"/csv/*.csv | sed 's|/|,|'
} > "$out/results.csv"
echo "simulate: $runs simulations in $((SECONDS - start)) s wall; $out/results.csv"
"$root/scripts/simulate-report.sh" "$out"
if [ "$failed" -gt 0 ]; then
  echo "simulate: $failed of $runs simulations failed (their logs are named above)"
  exit 1
fi

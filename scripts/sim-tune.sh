#!/usr/bin/env bash
# Calibrate hmpi's cost model for a platform kind of scripts/sim-platform.sh:
# build tools/hmpi-tune with smpicc (once, into BINDIR), run it on a platform
# of the same KIND, links and cores per node with at most 8 nodes, every
# core a rank (so that the node level's fan-out is measured up to the node's
# ranks: with 2 ranks per node its gap came out 0, and auto with such a file
# was up to 3.5x slower than without one), and write the tuning file
# PLATFORM_DIR/tuning.txt, which scripts/sim-run.sh then hands to every run
# on PLATFORM_DIR (HMPI_TUNING_FILE). 128 ranks simulate in seconds. The
# model only (--colls none): the collectives' own times are a real machine's
# business (the simulated studies compare hmpi's choices with SMPI's selectors).
#   scripts/sim-tune.sh KIND NODES PLATFORM_DIR BINDIR [BANDWIDTH] [LATENCY] [CORES]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=$1 nodes=$2 dir=$3 bin=$4 bw=${5:-12.5GBps} lat=${6:-1us} cores=${7:-16}
((nodes > 8)) && nodes=8
[ -x "$bin/hmpi-tune" ] || "$root/scripts/smpi-build.sh" "$bin/hmpi-tune" "$root/tools/hmpi-tune.c"
cal="$dir/calibration"
"$root/scripts/sim-platform.sh" "$kind" "$cal" "$nodes" "$cores" "$bw" "$lat"
# the platform's own SimGrid settings (e.g. a CPU overhead per message) apply to the calibration too
[ -f "$dir/sim.cfg" ] && cp "$dir/sim.cfg" "$cal/sim.cfg"
"$root/scripts/sim-run.sh" "$cal" $((nodes * cores)) lean "$bin/hmpi-tune" -o "$dir/tuning.txt.tmp" \
  --reps 3 --colls none > "$cal/hmpi-tune.log"
mv "$dir/tuning.txt.tmp" "$dir/tuning.txt"

#!/usr/bin/env bash
# Calibrate hmpi's cost model for a platform kind of scripts/sim-platform.sh:
# build tools/hmpi-tune with smpicc (once, into BINDIR), run it on a platform
# of the same KIND with 2 ranks per node and NODES nodes, at most 64 (the
# same links and levels; the simulation of hmpi-tune grows much faster than
# linearly with the ranks: 48 s at 64 nodes, over 25 min at 256), and write
# the tuning file PLATFORM_DIR/tuning.txt, which scripts/sim-run.sh then
# hands to every run on PLATFORM_DIR (HMPI_TUNING_FILE). BANDWIDTH and
# LATENCY must be the platform's own (sim-platform.sh's defaults otherwise).
#   scripts/sim-tune.sh KIND NODES PLATFORM_DIR BINDIR [BANDWIDTH] [LATENCY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=$1 nodes=$2 dir=$3 bin=$4 bw=${5:-12.5GBps} lat=${6:-1us}
((nodes > 64)) && nodes=64
[ -x "$bin/hmpi-tune" ] || "$root/scripts/smpi-build.sh" "$bin/hmpi-tune" "$root/tools/hmpi-tune.c"
cal="$dir/calibration"
"$root/scripts/sim-platform.sh" "$kind" "$cal" "$nodes" 2 "$bw" "$lat"
# the platform's own SimGrid settings (e.g. a CPU overhead per message) apply to the calibration too
[ -f "$dir/sim.cfg" ] && cp "$dir/sim.cfg" "$cal/sim.cfg"
"$root/scripts/sim-run.sh" "$cal" $((nodes * 2)) lean "$bin/hmpi-tune" -o "$dir/tuning.txt.tmp" \
  --reps 3 > "$cal/hmpi-tune.log"
mv "$dir/tuning.txt.tmp" "$dir/tuning.txt"

#!/usr/bin/env bash
# Calibrate hmpi's cost model for a platform kind of scripts/sim-platform.sh:
# build tools/hmpi-tune with smpicc (once, into BINDIR), run it on a platform
# of the same KIND and NODES with 2 ranks per node (the network is the same,
# the run much shorter than with every core), and write the tuning file
# PLATFORM_DIR/tuning.txt, which scripts/sim-run.sh then hands to every run
# on PLATFORM_DIR (HMPI_TUNING_FILE).
#   scripts/sim-tune.sh KIND NODES PLATFORM_DIR BINDIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=$1 nodes=$2 dir=$3 bin=$4
[ -x "$bin/hmpi-tune" ] || "$root/scripts/smpi-build.sh" "$bin/hmpi-tune" "$root/tools/hmpi-tune.c"
cal="$dir/calibration"
"$root/scripts/sim-platform.sh" "$kind" "$cal" "$nodes" 2
"$root/scripts/sim-run.sh" "$cal" $((nodes * 2)) mpich "$bin/hmpi-tune" -o "$dir/tuning.txt.tmp" \
  --reps 3 > "$cal/hmpi-tune.log"
mv "$dir/tuning.txt.tmp" "$dir/tuning.txt"

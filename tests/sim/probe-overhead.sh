#!/usr/bin/env bash
# What SimGrid SMPI charges a message's receiver, by send mode and size
# (tests/sim/probe-overhead.c): two nodes of the project's fat tree,
# 0.25 us links, 0.3 us per message (scripts/sim-overhead.cfg). Writes the
# CSV that doc/results/simulate/smpi-overhead-probe.csv keeps; with
# EXPECTED.csv (CTest's simulate_probe_overhead), fails unless they agree.
#   tests/sim/probe-overhead.sh WORKDIR [OUT.csv [EXPECTED.csv]]
set -euo pipefail
. "$(dirname "$0")/probe-common.sh"
probe_setup overhead 2 1 "$@"
"$root/scripts/sim-run.sh" "$work/platform" 2 lean "$probe" 8 8192 65536 > "$out"
probe_finish overhead

#!/usr/bin/env bash
# What SimGrid SMPI charges a message's receiver, by send mode and size
# (tests/sim/probe-overhead.c): two nodes of the project's fat tree,
# 0.25 us links, 0.3 us per message (scripts/sim-overhead.cfg). Writes the
# CSV that doc/results/simulate/smpi-overhead-probe.csv keeps; with
# EXPECTED.csv (CTest's simulate_probe_overhead), fails unless they agree.
#   tests/sim/probe-overhead.sh WORKDIR [OUT.csv [EXPECTED.csv]]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$1 out=${2:-$1/smpi-overhead-probe.csv} expected=${3:-}
mkdir -p "$work"
smpicc -O2 -std=c11 -Wall -Wextra -Werror "$root/tests/sim/probe-overhead.c" -o "$work/probe-overhead"
"$root/scripts/sim-platform.sh" fattree "$work/platform" 2 1 12.5GBps 0.25us > /dev/null
cp "$root/scripts/sim-overhead.cfg" "$work/platform/sim.cfg"
"$root/scripts/sim-run.sh" "$work/platform" 2 lean "$work/probe-overhead" 8 8192 65536 > "$out"
cat "$out"
[ -z "$expected" ] || diff "$expected" "$out" ||
  { echo "probe-overhead: SMPI's charges differ from $expected (doc/collectives.md quotes it)"; exit 1; }

#!/usr/bin/env bash
# How SimGrid SMPI shares a node's link between the messages on it
# (tests/sim/probe-links.c): 64 pieces of 8 KiB (the two-tree bcast's half
# of 1 MiB) streamed from one node to another and passed on, on four nodes
# of the project's fat tree, 0.25 us links, 0.3 us per message
# (scripts/sim-overhead.cfg), with SimGrid's reverse traffic of a link's
# messages (network/crosstraffic, its default) and without. Writes the CSV
# that doc/results/simulate/smpi-links-probe.csv keeps; with EXPECTED.csv
# (CTest's simulate_probe_links), fails unless they agree.
#   tests/sim/probe-links.sh WORKDIR [OUT.csv [EXPECTED.csv]]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$1 out=${2:-$1/smpi-links-probe.csv} expected=${3:-}
mkdir -p "$work"
smpicc -O2 -std=c11 -Wall -Wextra -Werror "$root/tests/sim/probe-links.c" -o "$work/probe-links"
"$root/scripts/sim-platform.sh" fattree "$work/platform" 4 2 12.5GBps 0.25us > /dev/null
echo "case,pieces,bytes,mark,crosstraffic,microseconds" > "$out"
for cross in yes no; do
  { cat "$root/scripts/sim-overhead.cfg"; echo "--cfg=network/crosstraffic:$cross"; } > "$work/platform/sim.cfg"
  "$root/scripts/sim-run.sh" "$work/platform" 8 lean "$work/probe-links" 64 8192 |
    awk -F, -v x="$([ $cross = yes ] && echo "reverse traffic (default)" || echo "none")" \
      '{ print $1 "," $2 "," $3 "," $4 "," x "," $5 }' >> "$out"
done
cat "$out"
[ -z "$expected" ] || diff "$expected" "$out" ||
  { echo "probe-links: SMPI's link sharing differs from $expected (doc/collectives.md quotes it)"; exit 1; }

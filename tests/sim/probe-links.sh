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
. "$(dirname "$0")/probe-common.sh"
probe_setup links 4 2 "$@"
echo "case,pieces,bytes,mark,crosstraffic,microseconds" > "$out"
for cross in yes no; do
  { cat "$root/scripts/sim-overhead.cfg"; echo "--cfg=network/crosstraffic:$cross"; } > "$work/platform/sim.cfg"
  label=$([ $cross = yes ] && echo "reverse traffic (default)" || echo "none")
  "$root/scripts/sim-run.sh" "$work/platform" 8 lean "$probe" 64 8192 |
    awk -F, -v x="$label" '{ print $1 "," $2 "," $3 "," $4 "," x "," $5 }' >> "$out"
done
probe_finish links

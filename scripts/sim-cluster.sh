#!/usr/bin/env bash
# One description, two files that agree: a SimGrid platform (+ hostfile) and
# the hmpi virtual cluster file of the same machine.
#   scripts/sim-cluster.sh OUTDIR NODES CORES [BANDWIDTH] [LATENCY]
# Nodes n0..n{NODES-1} of CORES cores each (one package), all under one
# switch; rank r runs on node r / CORES, bound to core r % CORES.
# Writes OUTDIR/platform.xml, OUTDIR/hostfile, OUTDIR/cluster.conf.
set -euo pipefail
out=$1 nodes=$2 cores=$3 bw=${4:-12.5GBps} lat=${5:-1us}
mkdir -p "$out"
last=$((nodes - 1))
cat > "$out/platform.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <!-- $nodes nodes x $cores cores, one switch; made by scripts/sim-cluster.sh -->
  <cluster id="cluster" prefix="n" suffix="" radical="0-$last" speed="1Gf" core="$cores"
           bw="$bw" lat="$lat" loopback_bw="50GBps" loopback_lat="0.1us"/>
</platform>
XML
: > "$out/hostfile"
for ((n = 0; n < nodes; n++)); do
  for ((c = 0; c < cores; c++)); do echo "n$n" >> "$out/hostfile"; done
done
{
  echo "# $nodes nodes x $cores cores under one switch: the hmpi view of platform.xml"
  echo "SwitchName=top Nodes=n[0-$last]"
  echo "NodeName=n[0-$last] Topology=\"pack:1 core:$cores pu:1\""
  for ((n = 0; n < nodes; n++)); do
    echo "Rank=$((n * cores))-$((n * cores + cores - 1)) Node=n$n Bind=core"
  done
} > "$out/cluster.conf"

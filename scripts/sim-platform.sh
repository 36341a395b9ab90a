#!/usr/bin/env bash
# One description, two files that agree: a SimGrid platform (+ hostfile) and
# the hmpi virtual cluster file of the same machine.
#
#   scripts/sim-platform.sh KIND OUTDIR NODES CORES [BANDWIDTH] [LATENCY]
#
# KIND:
#   switch     NODES nodes under one switch
#   fattree    two-level fat tree, full bisection: leaves of L nodes (L the
#              power of two nearest sqrt(NODES) from below), L spines
#   dragonfly  groups of chassis of routers of 2 nodes (SimGrid DRAGONFLY)
#   twosocket  the fat tree's network, each node two SimGrid hosts (one per
#              package, CORES/2 cores each) joined by a 4x faster link, so
#              the network model sees the level below the node
# Rank r runs on node r / CORES, core r % CORES (and package (r % CORES) /
# (CORES / 2) for twosocket). Writes OUTDIR/platform.xml, OUTDIR/hostfile and
# OUTDIR/cluster.conf. Links default to 100 Gbit/s and 1 us; inside a host,
# SMPI's loopback (50 GB/s, 0.1 us).
set -euo pipefail
kind=$1 out=$2 nodes=$3 cores=$4 bw=${5:-12.5GBps} lat=${6:-1us}
mkdir -p "$out"
last=$((nodes - 1))
loop='loopback_bw="50GBps" loopback_lat="0.1us"'

# Leaf size of the fat tree: a power of two, leaf * leaf <= NODES when possible.
leaf=1
while ((leaf * leaf * 4 <= nodes)); do leaf=$((leaf * 2)); done
if [ "$kind" = fattree ] || [ "$kind" = twosocket ]; then
  ((nodes % leaf == 0)) || { echo "sim-platform: $nodes nodes not a multiple of $leaf" >&2; exit 2; }
fi
leaves=$((nodes / leaf))

# Dragonfly shape: 2 nodes per router, routers and chassis of 2-4, the rest groups.
df_nodes=2 df_routers=2 df_chassis=2
((nodes >= 64)) && df_chassis=4
((nodes >= 256)) && df_routers=4
df_groups=$((nodes / (df_nodes * df_routers * df_chassis)))
if [ "$kind" = dragonfly ] && ((df_groups < 1 || df_groups * df_nodes * df_routers * df_chassis != nodes)); then
  echo "sim-platform: dragonfly needs a multiple of $((df_nodes * df_routers * df_chassis)) nodes" >&2
  exit 2
fi

header() {
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo "  <!-- $kind: $nodes nodes x $cores cores; made by scripts/sim-platform.sh -->"
}

# Two-socket nodes: a zone per node (two hosts, one fast link between them,
# one uplink), leaf and spine traffic on one aggregate link per leaf; routes
# between nodes written out (Full routing).
twosocket_platform() {
  local half=$((cores / 2)) fast
  fast=$(awk -v b="${bw%GBps}" 'BEGIN { printf "%gGBps", 4 * b }')
  header
  echo '  <zone id="world" routing="Full">'
  for ((n = 0; n < nodes; n++)); do
    echo "    <zone id=\"z$n\" routing=\"Full\">"
    echo "      <host id=\"n${n}p0\" speed=\"1Gf\" core=\"$half\"/>"
    echo "      <host id=\"n${n}p1\" speed=\"1Gf\" core=\"$half\"/>"
    echo "      <router id=\"r$n\"/>"
    echo "      <link id=\"qpi$n\" bandwidth=\"$fast\" latency=\"0.1us\"/>"
    echo "      <link id=\"nic${n}p0\" bandwidth=\"$bw\" latency=\"0.05us\"/>"
    echo "      <link id=\"nic${n}p1\" bandwidth=\"$bw\" latency=\"0.05us\"/>"
    echo "      <route src=\"n${n}p0\" dst=\"n${n}p1\"><link_ctn id=\"qpi$n\"/></route>"
    echo "      <route src=\"n${n}p0\" dst=\"r$n\"><link_ctn id=\"nic${n}p0\"/></route>"
    echo "      <route src=\"n${n}p1\" dst=\"r$n\"><link_ctn id=\"nic${n}p1\"/></route>"
    echo "    </zone>"
  done
  for ((n = 0; n < nodes; n++)); do
    echo "    <link id=\"up$n\" bandwidth=\"$bw\" latency=\"$lat\"/>"
  done
  for ((l = 0; l < leaves; l++)); do
    echo "    <link id=\"spine$l\" bandwidth=\"$(awk -v b="${bw%GBps}" -v k=$leaf 'BEGIN { printf "%gGBps", k * b }')\" latency=\"$lat\"/>"
  done
  for ((a = 0; a < nodes; a++)); do
    for ((b = a + 1; b < nodes; b++)); do
      local la=$((a / leaf)) lb=$((b / leaf)) spine=""
      ((la != lb)) && spine="<link_ctn id=\"spine$la\"/><link_ctn id=\"spine$lb\"/>"
      echo "    <zoneRoute src=\"z$a\" dst=\"z$b\" gw_src=\"r$a\" gw_dst=\"r$b\"><link_ctn id=\"up$a\"/>$spine<link_ctn id=\"up$b\"/></zoneRoute>"
    done
  done
  echo '  </zone>'
  echo '</platform>'
}

cluster_platform() {
  local topo=""
  case $kind in
  fattree) topo=" topology=\"FAT_TREE\" topo_parameters=\"2;$leaf,$leaves;1,$leaf;1,1\"" ;;
  dragonfly) topo=" topology=\"DRAGONFLY\" topo_parameters=\"$df_groups,1;$df_chassis,1;$df_routers,1;$df_nodes\"" ;;
  esac
  header
  echo "  <cluster id=\"cluster\" prefix=\"n\" suffix=\"\" radical=\"0-$last\" speed=\"1Gf\""
  echo "           core=\"$cores\" bw=\"$bw\" lat=\"$lat\" $loop$topo/>"
  echo '</platform>'
}

if [ "$kind" = twosocket ]; then twosocket_platform; else cluster_platform; fi > "$out/platform.xml"

# The hostfile: one line per rank.
for ((n = 0; n < nodes; n++)); do
  for ((c = 0; c < cores; c++)); do
    if [ "$kind" = twosocket ]; then echo "n${n}p$((c / (cores / 2)))"; else echo "n$n"; fi
  done
done > "$out/hostfile"

# The hmpi view: the same switches, nodes and placement.
{
  echo "# $kind: $nodes nodes x $cores cores, the hmpi view of platform.xml (scripts/sim-platform.sh)"
  case $kind in
  switch) echo "SwitchName=top Nodes=n[0-$last]" ;;
  fattree | twosocket)
    echo "SwitchName=spine Switches=leaf[0-$((leaves - 1))]"
    for ((l = 0; l < leaves; l++)); do
      echo "SwitchName=leaf$l Nodes=n[$((l * leaf))-$((l * leaf + leaf - 1))]"
    done ;;
  dragonfly)
    echo "SwitchName=global Switches=g[0-$((df_groups - 1))]"
    per_group=$((df_chassis * df_routers * df_nodes)) per_chassis=$((df_routers * df_nodes))
    for ((g = 0; g < df_groups; g++)); do
      echo "SwitchName=g$g Switches=c$g-[0-$((df_chassis - 1))]"
      for ((c = 0; c < df_chassis; c++)); do
        echo "SwitchName=c$g-$c Switches=r$g-$c-[0-$((df_routers - 1))]"
        for ((r = 0; r < df_routers; r++)); do
          first=$((g * per_group + c * per_chassis + r * df_nodes))
          echo "SwitchName=r$g-$c-$r Nodes=n[$first-$((first + df_nodes - 1))]"
        done
      done
    done ;;
  esac
  if [ "$kind" = twosocket ]; then
    echo "NodeName=n[0-$last] Topology=\"pack:2 core:$((cores / 2)) pu:1\""
  else
    echo "NodeName=n[0-$last] Topology=\"pack:1 core:$cores pu:1\""
  fi
  for ((n = 0; n < nodes; n++)); do
    echo "Rank=$((n * cores))-$((n * cores + cores - 1)) Node=n$n Bind=core"
  done
} > "$out/cluster.conf"

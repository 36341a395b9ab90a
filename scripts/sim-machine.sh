#!/usr/bin/env bash
# The papers' machines as SimGrid platforms, each with the hmpi virtual
# cluster of the same machine (one description, two files that agree).
#
#   scripts/sim-machine.sh MACHINE OUTDIR
#
# MACHINE, after Goglin et al. (2018) Table 1:
#   ntw10e5  10 nodes on one InfiniBand switch; 2 sockets x 2 NUMA nodes
#            (cluster-on-die, an L3 each) x 6 cores: 240 ranks
#   ntw24e5  24 nodes under 4 switches of 12, 6, 4 and 2 nodes below a top
#            switch; nodes as ntw10e5: 576 ranks
#   smp20e7  one SGI machine: 10 blades of 2 sockets (a NUMA node each) x 8
#            cores, blades joined by NUMAlink 5: 160 ranks
#   smp12e5  the same with 6 blades and NUMAlink 6: 96 ranks
#
# Each NUMA node is one SimGrid host (its cores talk through the loopback:
# 50 GB/s, 0.1 us); hosts hang off a tree of routers, one per socket, node,
# blade or switch, with one link up from every element (Floyd routing finds
# the paths). Link bandwidths and latencies (one direction, per hop):
#   NUMA node - socket   40 GB/s  0.05 us  (on-die ring)
#   socket - node        19.2 GB/s 0.1 us  (QPI)
#   node - switch        6.8 GB/s 0.5 us   (InfiniBand FDR)
#   switch - top switch  27.2 GB/s 0.5 us  (4 FDR links)
#   socket - blade       12.8 GB/s 0.1 us  (QPI)
#   blade - NUMAlink     7.5 GB/s (NL5) / 6.7 GB/s (NL6)  0.4 us
# Ranks fill the cores in order: rank r on NUMA host r / cores-per-NUMA.
# Writes OUTDIR/platform.xml, OUTDIR/hostfile, OUTDIR/cluster.conf and
# OUTDIR/sim.cfg (extra SimGrid settings that scripts/sim-run.sh passes: the
# loopback, and a CPU overhead of 0.3 us per message, without which SMPI
# posts any number of messages for free and a linear algorithm looks as good
# as a tree).
set -euo pipefail
machine=${1:?usage: scripts/sim-machine.sh MACHINE OUTDIR} out=${2:?usage: scripts/sim-machine.sh MACHINE OUTDIR}
mkdir -p "$out"

links="" routes="" hosts="" routers=""
link() { links+="    <link id=\"$1\" bandwidth=\"$2\" latency=\"$3\"/>"$'\n'; }
router() { routers+="    <router id=\"$1\"/>"$'\n'; }
# up CHILD PARENT BW LAT: the link from an element to its parent in the tree
up() {
  link "up-$1" "$3" "$4"
  routes+="    <route src=\"$1\" dst=\"$2\"><link_ctn id=\"up-$1\"/></route>"$'\n'
}
host() { hosts+="    <host id=\"$1\" speed=\"1Gf\" core=\"$2\"/>"$'\n'; }

# A cluster node: two sockets of two NUMA hosts of 6 cores under router NODE.
cluster_node() {
  local node=$1 s m c
  router "$node"
  for s in 0 1; do
    router "$node-s$s"
    up "$node-s$s" "$node" 19.2GBps 0.1us
    for m in 0 1; do
      host "$node-s$s-m$m" 6
      up "$node-s$s-m$m" "$node-s$s" 40GBps 0.05us
      for c in 0 1 2 3 4 5; do echo "$node-s$s-m$m"; done >> "$out/hostfile"
    done
  done
}

# An SGI blade: two sockets (one NUMA host of 8 cores each) under router BLADE.
smp_blade() {
  local blade=$1 s c
  router "$blade"
  for s in 0 1; do
    host "$blade-s$s" 8
    up "$blade-s$s" "$blade" 12.8GBps 0.1us
    for c in 0 1 2 3 4 5 6 7; do echo "$blade-s$s"; done >> "$out/hostfile"
  done
}

: > "$out/hostfile"
case $machine in
ntw10e5)
  router ib
  for n in $(seq 0 9); do
    cluster_node "n$n"
    up "n$n" ib 6.8GBps 0.5us
  done
  conf="SwitchName=ib Nodes=n[0-9]
NodeName=n[0-9] Topology=\"pack:2 l3:2 [numa] core:6 pu:1\""
  for n in $(seq 0 9); do
    conf+=$'\n'"Rank=$((n * 24))-$((n * 24 + 23)) Node=n$n Bind=core"
  done ;;
ntw24e5)
  router top
  sizes=(12 6 4 2) first=0
  conf="SwitchName=top Switches=sw[0-3]"
  for sw in 0 1 2 3; do
    router "sw$sw"
    up "sw$sw" top 27.2GBps 0.5us
    last=$((first + sizes[sw] - 1))
    for n in $(seq $first $last); do
      cluster_node "n$n"
      up "n$n" "sw$sw" 6.8GBps 0.5us
    done
    conf+=$'\n'"SwitchName=sw$sw Nodes=n[$first-$last]"
    first=$((last + 1))
  done
  conf+=$'\n'"NodeName=n[0-23] Topology=\"pack:2 l3:2 [numa] core:6 pu:1\""
  for n in $(seq 0 23); do
    conf+=$'\n'"Rank=$((n * 24))-$((n * 24 + 23)) Node=n$n Bind=core"
  done ;;
smp20e7 | smp12e5)
  blades=10 nl=7.5GBps
  [ "$machine" = smp12e5 ] && blades=6 nl=6.7GBps
  router numalink
  for b in $(seq 0 $((blades - 1))); do
    smp_blade "b$b"
    up "b$b" numalink "$nl" 0.4us
  done
  conf="NodeName=smp Topology=\"group:$blades pack:2 [numa] core:8 pu:1\"
Rank=0-$((blades * 16 - 1)) Node=smp Bind=core" ;;
*)
  echo "sim-machine: unknown machine '$machine' (ntw10e5, ntw24e5, smp20e7, smp12e5)" >&2
  exit 2 ;;
esac

{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo "  <!-- $machine, made by scripts/sim-machine.sh -->"
  echo '  <zone id="machine" routing="Floyd">'
  printf '%s%s%s%s' "$hosts" "$routers" "$links" "$routes"
  echo '  </zone>'
  echo '</platform>'
} > "$out/platform.xml"
{
  echo "# $machine: the hmpi view of platform.xml (scripts/sim-machine.sh)"
  echo "$conf"
} > "$out/cluster.conf"
# Cores of one NUMA host talk through the host's loopback link; every send,
# nonblocking send and receive costs its process 0.3 us of CPU (LogP's o,
# scripts/sim-overhead.cfg, which the reproductions' other platforms share).
{
  printf '%s\n' --cfg=network/loopback-bw:50e9 --cfg=network/loopback-lat:1e-7
  cat "$(dirname "$0")/sim-overhead.cfg"
} > "$out/sim.cfg"
echo "sim-machine: $machine in $out: $(wc -l < "$out/hostfile") ranks"

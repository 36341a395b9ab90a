#!/usr/bin/env bash
# The paper machines of scripts/sim-machine.sh: each platform and its virtual
# cluster agree (ranks, switches), and hmpi reads the cluster with the levels
# the paper names.
#   check-machines.sh OUTDIR HMPI_TOPO MPIEXEC [MPIEXEC ARGS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1 topo=$2
shift 2
fail() { echo "check-machines: $*" >&2; exit 1; }
for m in ntw10e5:240 ntw24e5:576 smp20e7:160 smp12e5:96; do
  name=${m%:*} ranks=${m#*:}
  "$here/../../scripts/sim-machine.sh" "$name" "$out/$name" > /dev/null
  [ "$(wc -l < "$out/$name/hostfile")" -eq "$ranks" ] || fail "$name: hostfile is not $ranks ranks"
  hosts=$(grep -c '<host ' "$out/$name/platform.xml")
  cores=$(grep -o 'core="[0-9]*"' "$out/$name/platform.xml" | tr -dc '0-9\n' | awk '{ s += $1 } END { print s }')
  [ "$cores" -eq "$ranks" ] || fail "$name: $hosts hosts with $cores cores, not $ranks"
done
grep -qx 'SwitchName=sw3 Nodes=n\[22-23\]' "$out/ntw24e5/cluster.conf" || fail "ntw24e5: switch sw3"
[ "$(grep -c '^SwitchName=sw' "$out/ntw24e5/cluster.conf")" -eq 4 ] || fail "ntw24e5: 4 switches"
# 26 ranks: two nodes (NTW) or two blades (SMP) in hmpi's eyes
for m in ntw10e5:Machine:NUMANode ntw24e5:Machine:NUMANode smp20e7:Group:NUMANode smp12e5:Group:NUMANode; do
  IFS=: read -r name top inner <<< "$m"
  levels=$(HMPI_TOPOLOGY="$out/$name/cluster.conf" "$@" -n 26 "$topo" | sed -n '/^Levels/,$p')
  grep -q "level 1: $top  *2 communicators" <<< "$levels" || fail "$name: level 1 is not 2 x $top: $levels"
  grep -q "$inner" <<< "$levels" || fail "$name: no $inner level: $levels"
done
echo "check-machines: 4 machines OK"

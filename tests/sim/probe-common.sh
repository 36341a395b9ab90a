# Sourced by the SMPI probes (tests/sim/probe-*.sh): their arguments, the
# probe's build and its platform, and the check against the kept CSV.
#   probe_setup NAME NODES CORES WORKDIR [OUT.csv [EXPECTED.csv]]
# builds tests/sim/probe-NAME.c into $work/probe-NAME and a fat tree of
# NODES x CORES (0.25 us links) in $work/platform with 0.3 us per message
# (scripts/sim-overhead.cfg); sets root, work, out (default
# $work/smpi-NAME-probe.csv), expected and probe.
#   probe_finish NAME
# prints $out and fails unless it agrees with $expected (when given).
probe_setup() {
  local name=$1 nodes=$2 cores=$3
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  work=$4 out=${5:-$4/smpi-$name-probe.csv} expected=${6:-}
  probe=$work/probe-$name
  mkdir -p "$work"
  smpicc -O2 -std=c11 -Wall -Wextra -Werror "$root/tests/sim/probe-$name.c" -o "$probe"
  "$root/scripts/sim-platform.sh" fattree "$work/platform" "$nodes" "$cores" 12.5GBps 0.25us > /dev/null
  cp "$root/scripts/sim-overhead.cfg" "$work/platform/sim.cfg"
}

probe_finish() {
  cat "$out"
  [ -z "$expected" ] || diff "$expected" "$out" ||
    { echo "probe-$1: SMPI's figures differ from $expected (doc/collectives.md quotes them)"; exit 1; }
}

#!/usr/bin/env bash
# Tables and plots from a simulation study's OUT/results.csv (scripts/simulate.sh).
#   scripts/simulate-report.sh OUT
# Writes OUT/summary.md: per platform, scale, collective and size, the
# selectors' times on ordered ranks, hmpi's on every placement, hmpi against
# the best selector, and hmpi shuffled against hmpi ordered (a selector's
# time below one link latency is left out as invalid); and
# OUT/plots/PLATFORM-RANKS-COLLECTIVE.png (time against message size).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/simulate-report.sh OUT}
csv="$out/results.csv"

awk -F, 'NR > 1 {
  key = $1 "," $3 "," $5 "," $6
  if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
  # A selector faster than one link latency (1 us) moved nothing: the
  # mvapich2 allgather of SMPI 3.32 returns at once (0.010 us) here.
  if ($7 == "mpi" && $8 < 1.0) next
  if ($7 == "mpi" && $4 == "ordered") {
    mpi[key "," $2] = $8
    if (!(key in best) || $8 < best[key]) best[key] = $8
    if (!($2 in sels)) { sels[$2] = 1; sel[++m] = $2 }
  }
  if ($7 == "hmpi") hmpi[key "," $4] = $8
}
END {
  printf "| platform | ranks | collective | bytes |"
  for (j = 1; j <= m; j++) printf " %s |", sel[j]
  printf " hmpi ordered | hmpi shuffled | hmpi round-robin | hmpi / best | shuffled / ordered |\n"
  printf "|---|---|---|---|"
  for (j = 1; j <= m; j++) printf "---|"
  printf "---|---|---|---|---|\n"
  for (i = 1; i <= n; i++) {
    k = keys[i]; split(k, f, ",")
    printf "| %s | %s | %s | %s |", f[1], f[2], f[3], f[4]
    for (j = 1; j <= m; j++) printf " %s |", ((k "," sel[j]) in mpi) ? mpi[k "," sel[j]] : "-"
    o = hmpi[k ",ordered"]; sh = hmpi[k ",shuffled"]; rr = hmpi[k ",roundrobin"]
    printf " %s | %s | %s |", o == "" ? "-" : o, sh == "" ? "-" : sh, rr == "" ? "-" : rr
    printf " %s |", (o != "" && best[k] > 0) ? sprintf("%.2fx", o / best[k]) : "-"
    printf " %s |\n", (o != "" && sh != "") ? sprintf("%.2fx", sh / o) : "-"
  }
}' "$csv" > "$out/summary.md"
echo "simulate: summary in $out/summary.md"

if ! command -v gnuplot > /dev/null; then
  "$root/scripts/install-deps.sh" gnuplot-nox
fi
command -v gnuplot > /dev/null || { echo "simulate: no gnuplot, no plots"; exit 0; }
mkdir -p "$out/plots"
rm -f "$out"/plots/*.dat
# One data file per curve: bytes and microseconds.
tail -n +2 "$csv" | while IFS=, read -r platform selector ranks placement coll bytes variant us; do
  if [ "$variant" = mpi ]; then
    [ "$placement" = ordered ] || continue
    curve="$selector"
  else
    curve="$variant-$placement"
  fi
  echo "$bytes $us" >> "$out/plots/$platform-$ranks-$coll.$curve.dat"
done
for group in $(ls "$out/plots" | grep '\.dat$' | sed 's/\.[^.]*\.dat$//' | sort -u); do
  plot=""
  for dat in "$out/plots/$group".*.dat; do
    sort -n -o "$dat" "$dat"
    name=${dat#"$out/plots/$group."}
    name=${name%.dat}
    plot+="${plot:+, }'$dat' using 1:2 with linespoints title '$name'"
  done
  gnuplot <<GP
set terminal pngcairo size 900,600
set output '$out/plots/$group.png'
set title '$group (simulated, SimGrid SMPI)'
set logscale xy
set xlabel 'bytes per process'
set ylabel 'microseconds (slowest rank, median)'
set key top left
plot $plot
GP
done
echo "simulate: plots in $out/plots/"

#!/usr/bin/env bash
# The papers' evaluations, reproduced in SimGrid SMPI on machines shaped like
# the papers' (doc/results.md shows and discusses what this writes).
#
#   scripts/reproduce.sh OUT [STUDY ...]
#
# STUDY (default: all but traff-4096):
#   goglin-colls    Goglin et al. Figs 5-10: bench/levels, the level loop against
#                   the whole communicator, six Open MPI bcast and reduce
#                   algorithms, on ntw10e5 (240 ranks), smp20e7 (160), smp12e5 (96)
#   goglin-summa    Figs 11-13: examples/summa, simple / xgroups G / topo, on the
#                   same machines, binomial and linear broadcasts
#   goglin-hvector  Fig 14: examples/hvector on ntw24e5 (576 ranks, 5 levels),
#                   H_topo against the paper's four H_conf
#   bouhrour        Bouhrour et al. Fig 6: persistent bcast, reduce, allreduce,
#                   gather of 4 bytes, flat (binomial, recursive doubling, linear)
#                   against topology-aware, 1-10 nodes of 16 cores, ordered,
#                   scattered (round-robin) and shuffled ranks
#   traff           Träff et al. 2015 §7: isomorphic alltoall on a periodic 3-D
#                   grid (Moore, von Neumann), creation and exchange, direct
#                   against combining, 1024 and 2048 ranks (auto's cost model
#                   measured first with hmpi-tune on the same platform)
#   traff-4096      the same at 4096 ranks (about an hour of wall time)
#
# Writes OUT/<study>.csv (one row per measurement), OUT/<study>-*.png
# (gnuplot) and OUT/<study>.txt (the tables doc/results.md quotes), and
# prints each simulation's wall time. With --report, no simulation: the
# tables and plots again from the CSVs already in OUT (scripts/reproduce.sh
# --report doc/results: the committed copies). Times are simulated microseconds:
# they do not depend on this machine's load. Every platform has a CPU
# overhead of 0.3 us per message (scripts/sim-machine.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
report_only=0
[ "${1:-}" = --report ] && report_only=1 && shift
out=${1:?usage: scripts/reproduce.sh [--report] OUT [STUDY ...]}
shift
studies=("$@")
[ ${#studies[@]} -gt 0 ] || studies=(goglin-colls goglin-summa goglin-hvector bouhrour traff)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ "$report_only" = 0 ]; then
  mkdir -p "$out/bin" "$out/machines"
  command -v smpicc > /dev/null || "$root/scripts/install-deps.sh"
fi
command -v gnuplot > /dev/null || "$root/scripts/install-deps.sh" gnuplot-nox

build() { # build NAME SOURCE: again when it or hmpi's sources changed since
  [ -x "$out/bin/$1" ] && [ -z "$(find "$root/$2" "$root/src" "$root/include" -newer "$out/bin/$1" \
    -name '*.[ch]' -print -quit)" ] && return
  echo "reproduce: building $2 for SMPI"
  "$root/scripts/smpi-build.sh" "$out/bin/$1" "$root/$2" > "$out/bin/$1.log" 2>&1 ||
    { cat "$out/bin/$1.log" >&2; exit 1; }
}

machine() { # machine NAME: the paper machine's platform, made once
  [ -f "$out/machines/$1/platform.xml" ] ||
    "$root/scripts/sim-machine.sh" "$1" "$out/machines/$1" > /dev/null || exit 1
  echo "$out/machines/$1"
}

cluster() { # cluster NODES KIND: scripts/sim-platform.sh's, with the same overhead
  local dir="$out/machines/$2-$1"
  if [ ! -f "$dir/platform.xml" ]; then
    "$root/scripts/sim-platform.sh" "$2" "$dir" "$1" 16 > /dev/null || exit 1
    cp "$root/scripts/sim-overhead.cfg" "$dir/sim.cfg"
  fi
  echo "$dir"
}

# sim CSV DIR RANKS SELECTOR PROGRAM ARGS...: append the program's rows, say the wall time
sim() {
  local csv=$1 dir=$2 np=$3 sel=$4 t0=$SECONDS
  shift 4
  printf 'reproduce: %s %s ranks, selector %s: %s ... ' "$(basename "$dir")" "$np" "$sel" "${*:2}"
  if "$root/scripts/sim-run.sh" "$dir" "$np" "$sel" "$@" > "$csv.part" 2> "$csv.err"; then
    grep -v '^label,' "$csv.part" >> "$csv" || true
    echo "$((SECONDS - t0)) s"
  else
    echo "FAILED ($((SECONDS - t0)) s, see $csv.err)"
    grep -v '^label,' "$csv.part" >> "$csv" || true
    failed=$((failed + 1))
  fi
  rm -f "$csv.part"
}
failed=0

# ---------------------------------------------------------------------------
goglin_colls() {
  build levels bench/levels.c
  local csv="$out/goglin-colls.csv"
  echo "label,ranks,collective,algorithm,bytes,variant,microseconds" > "$csv"
  # Open MPI's six algorithms (Goglin et al.'s names) and how SMPI runs each
  local bcast=(linear:flattree chain:own pipeline:ompi_pipeline split_binary:own
    binary:own binomial:binomial_tree)
  local reduce=(linear:ompi_basic_linear chain:ompi_chain pipeline:ompi_pipeline binary:ompi_binary
    binomial:ompi_binomial in_order_binary:ompi_in_order_binary)
  for m in ntw10e5:240 smp20e7:160 smp12e5:96; do
    local name=${m%:*} np=${m#*:} dir
    dir=$(machine "$name")
    for a in "${bcast[@]}"; do
      local alg=${a%:*} smpi=${a#*:} force=()
      [ "$smpi" = own ] || force=(--cfg=smpi/bcast:"$smpi")
      sim "$csv" "$dir" "$np" ompi "$out/bin/levels" --coll bcast --algorithm "$alg" \
        --label "$name" --sizes 4,1024,16384,65536,1048576 --reps 3 ${force[@]+"${force[@]}"}
    done
    for a in "${reduce[@]}"; do
      local alg=${a%:*} smpi=${a#*:}
      sim "$csv" "$dir" "$np" ompi "$out/bin/levels" --coll reduce --algorithm "$alg" \
        --label "$name" --sizes 4,1024,16384,65536,1048576 --reps 3 --cfg=smpi/reduce:"$smpi"
    done
  done
}

goglin_colls_report() {
  local csv="$out/goglin-colls.csv"
  # the enhancement factor native / hierarchical per machine, collective, algorithm and size
  awk -F, 'NR > 1 { t[$1","$3","$4","$5","$6] = $7; key[$1","$3","$4","$5] = 1 }
    END { for (k in key) printf "%s,%.3f,%.3f\n", k, t[k",native"] / t[k",hierarchical"],
                                 t[k",native"] / t[k",hmpi"] }' "$csv" |
    sort -t, -k1,1 -k2,2 -k3,3 -k4,4n > "$out/goglin-colls-factors.csv"
  {
    echo "# native / hierarchical (and native / hmpi's own) per size; max over sizes"
    awk -F, '{ k = $1" "$2" "$3; f[k] = f[k] sprintf(" %6.2f", $5);
               if ($5 > m[k]) m[k] = $5; h[k] = h[k] sprintf(" %6.2f", $6) }
      END { for (k in f) printf "%-40s%s | max %6.2f | hmpi%s\n", k, f[k], m[k], h[k] }' \
      "$out/goglin-colls-factors.csv" | sort
  } > "$out/goglin-colls.txt"
  for coll in bcast reduce; do
    for name in ntw10e5 smp20e7 smp12e5; do
      local png="$out/goglin-colls-$coll-$name.png" data="$out/goglin-colls-$coll-$name.dat"
      awk -F, -v m="$name" -v c="$coll" '$1 == m && $2 == c { print $3, $4, $5 }' \
        "$out/goglin-colls-factors.csv" > "$data"
      gnuplot <<EOF
set terminal pngcairo size 720,420 font ",10" noenhanced
set output "$png"
set title "$coll, $name: native / hierarchical (level loop), per Open MPI algorithm"
set logscale x 4; set logscale y 2; set grid
set xtics ("4" 4, "1K" 1024, "16K" 16384, "64K" 65536, "1M" 1048576)
set xlabel "bytes"; set ylabel "enhancement factor"; set key outside right
algs = system("cut -d' ' -f1 $data | sort -u | tr '\n' ' '")
plot for [a in algs] sprintf("< grep '^%s ' $data", a) using 2:3 with linespoints title a, 1 with lines lc "black" dt 2 notitle
EOF
      rm -f "$data"
    done
  done
}

# ---------------------------------------------------------------------------
goglin_summa() {
  build summa examples/summa.c
  local csv="$out/goglin-summa.csv"
  echo "label,ranks,grid,version,groups,block,total_us,comm_us,check,bcast" > "$csv"
  for m in ntw10e5:240 smp20e7:160 smp12e5:96; do
    local name=${m%:*} np=${m#*:} dir
    dir=$(machine "$name")
    for bc in binomial_tree flattree; do
      for block in 3 32; do
        local before
        before=$(wc -l < "$csv")
        sim "$csv" "$dir" "$np" ompi "$out/bin/summa" --block "$block" --groups 2 --reps 3 \
          --label "$name" --cfg=smpi/bcast:"$bc"
        for g in 4 8 16; do
          sim "$csv" "$dir" "$np" ompi "$out/bin/summa" --run xgroups --block "$block" \
            --groups "$g" --reps 3 --label "$name" --cfg=smpi/bcast:"$bc"
        done
        sed -i "$((before + 1)),\$ s/\$/,$bc/" "$csv"
      done
    done
  done
}

goglin_summa_report() {
  local csv="$out/goglin-summa.csv"
  {
    echo "# communication time (us), the slowest rank's median; speed-up of topo over simple"
    awk -F, 'NR > 1 { k = $1" "$10" b="$6; v = $4 ($5 == "-" ? "" : "(G="$5")");
                      t[k] = t[k] sprintf(" %s %.1f", v, $8); if ($4 == "simple") s[k] = $8;
                      if ($4 == "topo") p[k] = $8; if ($9 != "OK") bad = 1 }
      END { for (k in t) printf "%-28s%s | simple/topo %.2f\n", k, t[k], s[k] / p[k];
            if (bad) print "WRONG RESULTS" }' "$csv" | sort
  } > "$out/goglin-summa.txt"
  for name in ntw10e5 smp20e7 smp12e5; do
    local data="$out/goglin-summa-$name.dat"
    # one row per version in the paper's order: simple, xgroups by G, topo (and hmpi)
    awk -F, -v m="$name" 'NR > 1 && $1 == m {
        v = $4 ($5 == "-" ? "" : "-G" $5); o = $4 == "simple" ? 0 : $4 == "topo" ? 100 : $4 == "hmpi" ? 101 : $5
        print $6, o, v, $10, $8 }' "$csv" | sort -k1,1n -k2,2n -k4,4 > "$data"
    gnuplot <<EOF
set terminal pngcairo size 900,400 font ",10" noenhanced
set output "$out/goglin-summa-$name.png"
set multiplot layout 1,2 title "SUMMA on $name: communication time per multiplication (slowest rank)"
set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8
set ylabel "simulated us"; set grid y; set key top left; set xtics rotate by -30; set yrange [0:*]
do for [b in "3 32"] {
  set title sprintf("blocks of %sx%s doubles", b, b)
  plot sprintf("< grep '^%s [0-9]* [^ ]* binomial_tree ' $data", b) using 5:xtic(3) title "binomial bcast", \\
       sprintf("< grep '^%s [0-9]* [^ ]* flattree ' $data", b) using 5 title "linear bcast"
}
unset multiplot
EOF
    rm -f "$data"
  done
}

# ---------------------------------------------------------------------------
goglin_hvector() {
  build hvector examples/hvector.c
  local csv="$out/goglin-hvector.csv" dir
  dir=$(machine ntw24e5)
  echo "label,ranks,hierarchy,shape,count,us,check" > "$csv"
  sim "$csv" "$dir" 576 lean "$out/bin/hvector" --topo --conf 3,4,2,3,8 --conf 6,2,2,3,8 \
    --conf 3,2,2,8,6 --conf 3,2,4,6,4 --count 1,16,256,4096,65536 --reps 3 --label ntw24e5
}

goglin_hvector_report() {
  local csv="$out/goglin-hvector.csv"
  {
    echo "# count (x 4 B), hierarchy, its sizes top-down, us, time / H_topo's"
    awk -F, 'NR > 1 { t[$3","$5] = $6; n++; c[n] = $5; h[n] = $3; shape[n] = $4; if ($7 != "OK") bad = 1 }
      END { for (i = 1; i <= n; i++) printf "%8s %-8s %-12s %9.1f %6.2f\n", c[i], h[i], shape[i],
              t[h[i]","c[i]], t[h[i]","c[i]] / t["H_topo,"c[i]]
            if (bad) print "WRONG RESULTS" }' "$csv" | sort -k1,1n -k2,2
  } > "$out/goglin-hvector.txt"
  local data="$out/goglin-hvector.dat"
  awk -F, 'NR > 1 { print $3, $5 * 4, $6 }' "$csv" > "$data"
  gnuplot <<EOF
set terminal pngcairo size 720,420 font ",10"
set output "$out/goglin-hvector.png"
set title "Hierarchical vector processing, ntw24e5-like, 576 ranks, 5 levels"
set logscale xy; set grid; set xlabel "bytes per process"; set ylabel "simulated us"
set key top left
plot for [h in "H_topo H_conf1 H_conf2 H_conf3 H_conf4"] sprintf("< grep '^%s ' $data", h) using 2:3 with linespoints title h
EOF
  rm -f "$data"
}

# ---------------------------------------------------------------------------
# each collective's flat algorithm in bouhrour's tables (MPC's default is a
# binomial tree; hmpi has recursive doubling for allreduce and a linear gather)
bouhrour_flat='BEGIN { flat["bcast"] = flat["reduce"] = "hmpi:binomial"
  flat["allreduce"] = "hmpi:recursive_doubling"; flat["gather"] = "hmpi:linear" } '
bouhrour() {
  build scale bench/scale.c
  local csv="$out/bouhrour.csv"
  echo "label,ranks,placement,collective,bytes,variant,microseconds" > "$csv"
  for nodes in 1 2 3 4 5 6 7 8 9 10; do
    local dir
    dir=$(cluster "$nodes" switch)
    for placement in ordered roundrobin shuffled; do
      sim "$csv" "$dir" $((nodes * 16)) ompi "$out/bin/scale" --colls bcast,reduce,allreduce,gather \
        --sizes 4 --reps 3 --placement "$placement" --node-size 16 --label "$nodes" \
        --variants mpi,hmpi:binomial,hmpi:recursive_doubling,hmpi:linear,hmpi:hierarchical,hmpi
    done
  done
}

bouhrour_report() {
  local csv="$out/bouhrour.csv"
  {
    echo "# us at 4 bytes, ordered / round-robin / shuffled ranks: flat (binomial; allreduce: recursive"
    echo "# doubling; gather: linear), topology-aware (hierarchical), hmpi's auto, SMPI's ompi; then the"
    echo "# slowdown of the worse unordered placement over ordered, flat and topology-aware"
    awk -F, "$bouhrour_flat"'NR > 1 { v = $6; if (v == flat[$4]) v = "flat";
                      t[$4" "$1" "$3" "v] = $7; c[$4] = 1; n[$1] = 1 }
      function three(x, k, v) { return sprintf("%6.1f/%6.1f/%6.1f", t[x" "k" ordered "v],
                                               t[x" "k" roundrobin "v], t[x" "k" shuffled "v]) }
      function worst(x, k, v,  a, b) { a = t[x" "k" roundrobin "v]; b = t[x" "k" shuffled "v];
                                       return (a > b ? a : b) / t[x" "k" ordered "v] }
      END { for (x in c) for (k in n) printf "%-9s %2d nodes  flat %s  topo %s  auto %s  mpi %s  flat %.2fx topo %.2fx\n",
              x, k, three(x, k, "flat"), three(x, k, "hmpi:hierarchical"), three(x, k, "hmpi"),
              three(x, k, "mpi"), worst(x, k, "flat"), worst(x, k, "hmpi:hierarchical") }' "$csv" | sort -k1,1 -k2,2n
  } > "$out/bouhrour.txt"
  local data="$out/bouhrour.dat"
  awk -F, "$bouhrour_flat"'NR > 1 { v = $6; if (v == flat[$4]) v = "flat"; print $4, v, $3, $1, $7 }' "$csv" > "$data"
  gnuplot <<EOF
set terminal pngcairo size 900,640 font ",9"
set output "$out/bouhrour.png"
set multiplot layout 2,2 title "Persistent collectives of 4 bytes, nodes of 16 cores (dashed: round-robin ranks, dotted: shuffled)"
set grid; set xlabel "nodes"; set ylabel "simulated us"; set key top left font ",8"
do for [c in "gather reduce bcast allreduce"] {
  set title c
  plot sprintf("< grep '^%s flat ordered' $data", c) using 4:5 with linespoints lc 1 title "flat", \
       sprintf("< grep '^%s flat roundrobin' $data", c) using 4:5 with linespoints lc 1 dt 2 title "flat, round-robin", \
       sprintf("< grep '^%s hmpi:hierarchical ordered' $data", c) using 4:5 with linespoints lc 2 title "topology-aware", \
       sprintf("< grep '^%s hmpi:hierarchical roundrobin' $data", c) using 4:5 with linespoints lc 2 dt 2 title "topology-aware, round-robin", \
       sprintf("< grep '^%s mpi ordered' $data", c) using 4:5 with linespoints lc "gray" title "SMPI ompi", \
       sprintf("< grep '^%s mpi roundrobin' $data", c) using 4:5 with linespoints lc "gray" dt 2 title "SMPI ompi, round-robin", \\
       sprintf("< grep '^%s flat shuffled' $data", c) using 4:5 with linespoints lc 1 dt 3 title "flat, shuffled", \\
       sprintf("< grep '^%s hmpi:hierarchical shuffled' $data", c) using 4:5 with linespoints lc 2 dt 3 title "topology-aware, shuffled"
}
unset multiplot
EOF
  rm -f "$data"
}

# ---------------------------------------------------------------------------
traff() { # traff SCALES...
  build scale bench/scale.c
  local csv="$out/traff.csv"
  [ -f "$csv" ] || echo "label,ranks,placement,collective,bytes,variant,microseconds" > "$csv"
  for np in "$@"; do
    local dir t0=$SECONDS
    dir=$(cluster $((np / 16)) fattree)
    if [ ! -f "$dir/tuning.txt" ]; then # auto's cost model, measured on the same platform
      printf 'reproduce: hmpi-tune on %s ... ' "$(basename "$dir")"
      "$root/scripts/sim-tune.sh" fattree $((np / 16)) "$dir" "$out/bin" > /dev/null 2>&1 ||
        { echo "FAILED"; failed=$((failed + 1)); continue; }
      echo "$((SECONDS - t0)) s"
    fi
    sim "$csv" "$dir" "$np" lean "$out/bin/scale" --colls iso_moore3d,iso_vn3d \
      --sizes 8,64,512,4096,32768 --reps 1 --label fattree \
      --variants hmpi:direct,hmpi:dimensional,hmpi:logarithmic,hmpi
  done
}

traff_report() {
  local csv="$out/traff.csv"
  {
    echo "# us: exchange (and schedule set-up) per algorithm; create = MPI_Cart_create + HMPI_Iso_neighborhood_create"
    awk -F, 'NR > 1 { k = $2" "$4" "$5; t[k] = t[k] sprintf(" %s %.1f", $6, $7) }
      END { for (k in t) print k t[k] }' "$csv" | sort -k1,1n -k2,2 -k3,3n
  } > "$out/traff.txt"
  local data="$out/traff.dat"
  awk -F, 'NR > 1 && $6 !~ /init|create/ { print $4, $2, $6, $5, $7 }' "$csv" > "$data"
  gnuplot <<EOF
set terminal pngcairo size 900,400 font ",9"
set output "$out/traff.png"
set multiplot layout 1,2 title "Isomorphic alltoall on a periodic 3-D grid, fat tree of 16-core nodes"
set logscale xy; set grid; set xlabel "block bytes"; set ylabel "simulated us"; set key top left font ",8"
do for [c in "iso_moore3d iso_vn3d"] {
  set title c
  plot for [n in "1024 2048 4096"] for [v in "hmpi:direct hmpi:dimensional"] \
    sprintf("< grep '^%s %s %s ' $data", c, n, v) using 4:5 with linespoints title sprintf("%s %s", n, v)
}
unset multiplot
EOF
  rm -f "$data"
}

# study FUNCTION [ARGS...]: its simulations (unless --report), then its tables and plots
study() {
  [ "$report_only" = 1 ] || "$@"
  "$1_report"
}

for s in "${studies[@]}"; do
  case $s in
  goglin-colls) study goglin_colls ;;
  goglin-summa) study goglin_summa ;;
  goglin-hvector) study goglin_hvector ;;
  bouhrour) study bouhrour ;;
  traff) study traff 1024 2048 ;;
  traff-4096) study traff 4096 ;;
  *) echo "reproduce: unknown study '$s'" >&2; exit 2 ;;
  esac
  [ -f "$out/$s.txt" ] && cat "$out/$s.txt"
done
[ "$failed" -eq 0 ] || { echo "reproduce: $failed simulations failed" >&2; exit 1; }

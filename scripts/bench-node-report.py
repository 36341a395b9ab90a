#!/usr/bin/env python3
"""The node benchmark's report, from its CSV (scripts/bench-node.sh).

    scripts/bench-node-report.py NODE.csv OUTDIR

writes OUTDIR/node.md, for each library option (label) a table of hmpi's
blocking (auto), persistent (auto) and best forced algorithm against the
library's blocking collective, and OUTDIR/node.png (gnuplot, where it is
installed): the persistent form's ratio by size, a line per collective, a
panel per label. Prints the tables."""
import csv
import os
import shutil
import subprocess
import sys
from collections import OrderedDict

FIXED = ("MPI", "hmpi", "hmpi_init")


def load(path):
    data = OrderedDict()  # label -> (coll, bytes) -> variant -> us
    with open(path) as f:
        for r in csv.DictReader(f):
            cell = data.setdefault(r["label"], OrderedDict()).setdefault(
                (r["collective"], int(r["bytes"])), {})
            cell[r["variant"]] = float(r["microseconds"])
    return data


def size_name(n):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return "%d %s" % (n // scale, unit)
    return "%d B" % n


def table(label, cells, ranks):
    lines = ["%s, %s ranks (us, slowest rank's median; ratio to the library's blocking call)"
             % (label, ranks), "",
             "| collective | bytes | MPI | hmpi | /MPI | hmpi_init | /MPI | best forced | us | /MPI |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for (coll, nbytes), v in cells.items():
        forced = {k: t for k, t in v.items() if k not in FIXED}
        best = min(forced, key=forced.get) if forced else None
        mpi = v["MPI"]
        lines.append("| %s | %s | %.2f | %.2f | %.2fx | %.2f | %.2fx | %s | %s | %s |" % (
            coll, size_name(nbytes) if coll != "barrier" else "-", mpi, v["hmpi"],
            v["hmpi"] / mpi, v["hmpi_init"], v["hmpi_init"] / mpi, best or "-",
            "%.2f" % forced[best] if best else "-",
            "%.2fx" % (forced[best] / mpi) if best else "-"))
    return "\n".join(lines) + "\n"


def plot(data, out):
    if not shutil.which("gnuplot"):
        return
    dat = os.path.join(out, "node-ratios.dat")
    blocks = []
    with open(dat, "w") as f:
        for label, cells in data.items():
            colls = OrderedDict()
            for (coll, nbytes), v in cells.items():
                if coll != "barrier":
                    colls.setdefault(coll, []).append((nbytes, v["hmpi_init"] / v["MPI"]))
            for coll, points in colls.items():
                f.write("# %s %s\n" % (label, coll))
                for nbytes, ratio in points:
                    f.write("%d %.4f\n" % (nbytes, ratio))
                f.write("\n\n")
                blocks.append((label, coll))
    labels = list(data)
    script = ["set terminal pngcairo size %d,420" % (480 * len(labels)),
              "set output '%s'" % os.path.join(out, "node.png"),
              "set multiplot layout 1,%d" % len(labels), "set logscale x 2",
              "set xlabel 'bytes per rank'", "set ylabel 'hmpi persistent / library blocking'",
              "set key top left font ',8'", "set yrange [0:*]"]
    for label in labels:
        plots = ["'%s' index %d with linespoints title '%s'" % (dat, i, coll)
                 for i, (lab, coll) in enumerate(blocks) if lab == label]
        script += ["set title '%s'" % label, "plot 1 with lines lt 0 notitle, " + ", ".join(plots)]
    script.append("unset multiplot")
    subprocess.run(["gnuplot"], input="\n".join(script), text=True, check=False)


def main():
    path, out = sys.argv[1], sys.argv[2]
    data = load(path)
    ranks = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            ranks[r["label"]] = r["ranks"]
    text = "\n".join(table(label, cells, ranks[label]) for label, cells in data.items())
    with open(os.path.join(out, "node.md"), "w") as f:
        f.write(text)
    print(text)
    plot(data, out)


if __name__ == "__main__":
    main()

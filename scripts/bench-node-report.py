#!/usr/bin/env python3
"""The node benchmark's report, from its CSV (scripts/bench-node.sh).

    scripts/bench-node-report.py NODE.csv OUTDIR

writes OUTDIR/node.md, for each library option (label) a table of hmpi's
blocking (auto), persistent (auto) and best forced algorithm against the
library's blocking collective, and OUTDIR/node.png (gnuplot, where it is
installed): the persistent form's ratio by size, a line per collective, a
panel per label. Prints the tables."""
import csv
import importlib.util
import os
import shutil
import subprocess
import sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("results_table",
                                               os.path.join(HERE, "results-table.py"))
results_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(results_table)  # one table for the report and the docs


def load(path):
    data = OrderedDict()  # label -> (coll, bytes) -> variant -> us
    with open(path) as f:
        for r in csv.DictReader(f):
            cell = data.setdefault(r["label"], OrderedDict()).setdefault(
                (r["collective"], int(r["bytes"])), {})
            cell[r["variant"]] = float(r["microseconds"])
    return data


def plot(data, out):
    if not shutil.which("gnuplot"):
        return
    dat = os.path.join(out, "node-ratios.dat")
    blocks = []
    with open(dat, "w") as f:
        for label, cells in data.items():
            colls = OrderedDict()
            for (coll, nbytes), v in cells.items():
                if coll != "barrier" and "hmpi_init" in v and "MPI" in v:
                    colls.setdefault(coll, []).append((nbytes, v["hmpi_init"] / v["MPI"]))
            for coll, points in colls.items():
                f.write("# %s %s\n" % (label, coll))
                for nbytes, ratio in points:
                    f.write("%d %.4f\n" % (nbytes, ratio))
                f.write("\n\n")
                blocks.append((label, coll))
    labels = list(data)
    cols = min(2, len(labels))
    rows = (len(labels) + cols - 1) // cols
    script = ["set terminal pngcairo noenhanced size %d,%d" % (560 * cols, 400 * rows),
              "set output '%s'" % os.path.join(out, "node.png"),
              "set multiplot layout %d,%d" % (rows, cols), "set logscale x 2",
              "set xtics ('8' 8, '64' 64, '1K' 1024, '8K' 8192, '64K' 65536, '256K' 262144, "
              "'1M' 1048576)",
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
    text = "\n".join("%s, %s ranks (us, the slowest rank's median):\n\n%s" % (
        label, ranks[label], results_table.node_table(path, label)) for label in data)
    with open(os.path.join(out, "node.md"), "w") as f:
        f.write(text)
    print(text)
    plot(data, out)


if __name__ == "__main__":
    main()

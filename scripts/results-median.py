#!/usr/bin/env python3
"""The per-cell median of several runs of the node benchmark.

    scripts/results-median.py OUT.csv RUN.csv RUN.csv [RUN.csv ...]

Each RUN.csv is what scripts/bench-node.sh wrote (label,ranks,collective,
bytes,variant,microseconds). OUT.csv gets one row per key (every column but
the time) that every run has, in the first run's order, with the median of
the runs' times: one run's slow patch on a shared machine (a host's
neighbour, a virtual CPU moved) then moves no cell of the result."""
import csv
import statistics
import sys


def rows(path):
    with open(path) as f:
        reader = csv.reader(f)
        header = next(reader)
        return header, [r for r in reader if r]


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    header, first = rows(argv[2])
    times = [{tuple(r[:-1]): float(r[-1]) for r in rows(p)[1]} for p in argv[2:]]
    with open(argv[1], "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(header)
        for r in first:
            key = tuple(r[:-1])
            if all(key in t for t in times):
                out.writerow(list(key) + ["%.3f" % statistics.median(t[key] for t in times)])


if __name__ == "__main__":
    main(sys.argv)

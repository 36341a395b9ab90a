#!/usr/bin/env python3
"""Merge the rows of a rerun into a committed results CSV.

    scripts/results-merge.py RESULTS.csv PLATFORM SELECTOR RUN.csv [RUN.csv ...]

RUN.csv is what `bench/scale --header` printed under scripts/sim-run.sh
(label,ranks,placement,collective,bytes,variant,microseconds). Each of its
rows replaces the row of RESULTS.csv with the same platform, selector,
ranks, placement, collective, bytes and variant, or is added after the last
row of its collective; RESULTS.csv is rewritten in place, its order kept.
Record the rerun in the settings file beside it.
"""
import csv
import sys

KEY = ("platform", "selector", "ranks", "placement", "collective", "bytes", "variant")


def read_run(name, platform, selector):
    with open(name) as f:
        for row in csv.DictReader(f):
            yield dict(row, platform=platform, selector=selector)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    results, platform, selector, runs = argv[0], argv[1], argv[2], argv[3:]
    with open(results) as f:
        reader = csv.DictReader(f)
        fields, rows = reader.fieldnames, list(reader)
    where = {tuple(r[k] for k in KEY): i for i, r in enumerate(rows)}
    replaced = added = 0
    for name in runs:
        for new in read_run(name, platform, selector):
            key = tuple(new[k] for k in KEY)
            row = {k: new[k] for k in fields}
            if key in where:
                rows[where[key]] = row
                replaced += 1
                continue
            last = max((i for i, r in enumerate(rows) if r["collective"] == new["collective"]),
                       default=len(rows) - 1)
            rows.insert(last + 1, row)
            where = {tuple(r[k] for k in KEY): i for i, r in enumerate(rows)}
            added += 1
    with open(results, "w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        out.writeheader()
        out.writerows(rows)
    print("%s: %d rows replaced, %d added" % (results, replaced, added))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Tables of simulated results, generated from committed CSV files.

A Markdown file holds a table between two markers that name its data:

    <!-- table doc/results/simulate/fattree-1024.csv colls=bcast,allreduce -->
    ...
    <!-- end table -->

    scripts/results-table.py [--check] FILE.md...

rewrites every such table from its CSV (the rows of scripts/simulate.sh's
results.csv: platform,selector,ranks,placement,collective,bytes,variant,
microseconds); with --check it changes nothing and fails when a table is not
what its CSV gives (CTest runs it so). For each collective and size: SMPI's
selectors on ordered ranks, hmpi on ordered ranks, hmpi against the best
selector, shuffled against ordered, and from 64 KiB on the link limit, the
bytes that must cross one node's link over its bandwidth, and hmpi against
it. A selector time below one link latency is left out as invalid (SMPI
3.32's mvapich2 allgather returns without communicating).

With against=OTHER.csv the table compares hmpi on ordered ranks in the two
files instead (a run with a tuning file against the built-in model's).

With node=LABEL [colls=...] the CSV is the node benchmark's (scripts/bench-node.sh:
label,ranks,collective,bytes,variant,microseconds): for that label (an MPI
library and its option), hmpi's blocking and persistent collectives (auto)
and its best forced algorithm against the library's blocking collective.

With summary=node the CSV is the node benchmark's, summed up per label
(node_summary).

With rows=FIELD cols=FIELD[+FIELD...] [where=FIELD:VALUE[,FIELD:VALUE...]]
[digits=N] the CSV is any table of trials with a microseconds column: one
row for each value of the rows field, one column for each combination of
the cols fields' values (both in the file's order), of the rows that match
where; N decimals (1 unless given)."""
import csv
import math
import os
import re
import sys

LINK_BYTES_PER_US = 12.5e3  # 100 Gbit/s
RANKS_PER_NODE = 16
INVALID_BELOW_US = 1.0
SELECTORS = ["mpich", "ompi", "mvapich2"]
ORDER = ["bcast", "reduce", "allreduce", "allgather", "alltoall", "gather", "scatter",
         "reduce_scatter_block", "barrier"]
MARKER = re.compile(r"<!-- table (\S+)((?: \w+=\S+)*) -->\n(.*?)<!-- end table -->\n", re.S)


def link_limit(coll, nbytes, ranks):
    """Microseconds one node's link needs for its share of the operation."""
    nodes = max(1, ranks // RANKS_PER_NODE)
    others = (nodes - 1) / nodes
    per_node = {
        "bcast": nbytes,  # every node receives the buffer once
        "reduce": nbytes,  # the root's node receives the combined vector once
        "allreduce": 2 * nbytes * others,  # reduce-scatter + allgather over the nodes
        "allgather": nbytes * others,  # the other nodes' blocks, once per node
        "gather": nbytes * others,  # into the root's node
        "scatter": nbytes * others,  # out of the root's node
        "reduce_scatter_block": nbytes * others,  # each node's vector, less its own part
        "alltoall": RANKS_PER_NODE * nbytes * others,  # every rank's blocks for elsewhere
    }.get(coll)
    return None if per_node is None else per_node / LINK_BYTES_PER_US


def size_name(nbytes):
    for unit, name in ((1 << 20, "MiB"), (1 << 10, "KiB")):
        if nbytes >= unit and nbytes % unit == 0:
            return f"{nbytes // unit} {name}"
    return str(nbytes)


def load(path):
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            key = (r["collective"], int(r["bytes"]))
            us = float(r["microseconds"])
            if r["variant"] == "mpi" and r["placement"] == "ordered":
                if us >= INVALID_BELOW_US:
                    rows.setdefault(key, {})[r["selector"]] = us
            elif r["variant"] == "hmpi":
                rows.setdefault(key, {})["hmpi " + r["placement"]] = us
            ranks = int(r["ranks"])
    return rows, ranks


def fmt(x, digits=1):
    return "—" if x is None else f"{x:.{digits}f}"


def table(path, options):
    rows, ranks = load(path)
    colls = options.get("colls")
    present = {c for c, _ in rows}
    order = colls.split(",") if colls else [c for c in ORDER if c in present] + sorted(
        present - set(ORDER))
    out = ["| collective | bytes | " + " | ".join("SMPI " + s for s in SELECTORS) +
           " | hmpi | hmpi / best | shuffled / ordered | link limit | hmpi / limit |",
           "|---|---|" + "---|" * (len(SELECTORS) + 5)]
    for coll in order:
        for nbytes in sorted(b for c, b in rows if c == coll):
            r = rows[(coll, nbytes)]
            mine, shuffled = r.get("hmpi ordered"), r.get("hmpi shuffled")
            best = min((r[s] for s in SELECTORS if s in r), default=None)
            limit = link_limit(coll, nbytes, ranks) if nbytes >= 65536 else None
            cells = [coll, size_name(nbytes)] + [fmt(r.get(s)) for s in SELECTORS] + [
                fmt(mine),
                f"{mine / best:.2f}×" if mine and best else "—",
                f"{shuffled / mine:.2f}×" if mine and shuffled else "—",
                fmt(limit),
                f"{mine / limit:.2f}×" if mine and limit else "—",
            ]
            out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def comparison(path, other):
    rows, _ = load(path)
    base, _ = load(other)
    out = ["| collective | bytes | hmpi, built-in model | hmpi, tuning file | tuned / built-in |",
           "|---|---|---|---|---|"]
    present = {c for c, _ in rows}
    for coll in [c for c in ORDER if c in present] + sorted(present - set(ORDER)):
        for nbytes in sorted(b for c, b in rows if c == coll):
            mine = rows[(coll, nbytes)].get("hmpi ordered")
            ref = base.get((coll, nbytes), {}).get("hmpi ordered")
            ratio = f"{mine / ref:.2f}×" if mine and ref else "—"
            out.append(f"| {coll} | {size_name(nbytes)} | {fmt(ref)} | {fmt(mine)} | {ratio} |")
    return "\n".join(out) + "\n"


def pivot(path, options):
    where = [w.split(":", 1) for w in options.get("where", "").split(",") if w]
    cols = options["cols"].split("+")
    digits = int(options.get("digits", 1))
    cells, row_keys, col_keys = {}, [], []
    with open(path) as f:
        for r in csv.DictReader(f):
            if any(r[k] != v for k, v in where):
                continue
            row, col = r[options["rows"]], ", ".join(r[c] for c in cols)
            row_keys += [row] if row not in row_keys else []
            col_keys += [col] if col not in col_keys else []
            cells[(row, col)] = float(r["microseconds"])
    out = [f"| {options['rows']} | " + " | ".join(col_keys) + " |",
           "|---|" + "---|" * len(col_keys)]
    for row in row_keys:
        out.append(f"| {row} | " + " | ".join(fmt(cells.get((row, c)), digits) for c in col_keys)
                   + " |")
    return "\n".join(out) + "\n"


NODE_FIXED = ("MPI", "hmpi", "hmpi_init")


def fmt_us(x):
    """Microseconds of a node: two decimals below 10."""
    return f"{x:.2f}" if x < 10 else f"{x:.1f}"


def node_table(path, label, colls=None):
    """The node benchmark's ratio table of one label (of some collectives)."""
    cells = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["label"] == label and (not colls or r["collective"] in colls):
                cells.setdefault((r["collective"], int(r["bytes"])), {})[r["variant"]] = \
                    float(r["microseconds"])
    floor = cells.pop(("flag", 0), {}).get("floor")
    out = ["| collective | bytes | MPI | hmpi | /MPI | hmpi persistent | /MPI | best forced "
           "| µs | /MPI |", "|---|---|---|---|---|---|---|---|---|---|"]
    for (coll, nbytes), v in cells.items():
        if any(k not in v for k in NODE_FIXED):
            continue  # a run cut short
        forced = {k: t for k, t in v.items() if k not in NODE_FIXED}
        best = min(forced, key=forced.get) if forced else None
        mpi = v["MPI"]
        out.append(f"| {coll} | {size_name(nbytes) if coll != 'barrier' else '—'} | {fmt_us(mpi)} "
                   f"| {fmt_us(v['hmpi'])} | {v['hmpi'] / mpi:.2f}× | {fmt_us(v['hmpi_init'])} "
                   f"| {v['hmpi_init'] / mpi:.2f}× | {best or '—'} "
                   f"| {fmt_us(forced[best]) if best else '—'} "
                   f"| {f'{forced[best] / mpi:.2f}×' if best else '—'} |")
    if floor is not None:  # bench/node's first row: no collective can take less
        out.append(f"\nThe node's floor, timed alike: {fmt_us(floor)} µs (one cache line from "
                   "rank 0 to every other rank).")
    return "\n".join(out) + "\n"


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def span(xs):
    return f"{min(xs):.2f}-{max(xs):.2f}×" if xs else "—"


def above(xs):
    """Cells above 1.0× and above 1.1×."""
    return f"{sum(x > 1.0 for x in xs)} / {sum(x > 1.1 for x in xs)}"


SMALL_COLLS = ("barrier", "bcast", "reduce", "allreduce")  # the small-size targets


def node_summary(path):
    """Per label of the node benchmark: over its cells, hmpi's persistent and
    blocking auto against the library's blocking collective (geometric
    mean, cells above 1.0× and 1.1×), auto against the best forced algorithm, and
    the persistent barrier, bcast, reduce and allreduce at 8 B-1 KiB and
    at 8 KiB."""
    labels = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            labels.setdefault(r["label"], {}).setdefault(
                (r["collective"], int(r["bytes"])), {})[r["variant"]] = float(r["microseconds"])
    out = ["| label | cells | persistent /MPI | above 1.0× / 1.1× | blocking /MPI "
           "| above 1.0× / 1.1× "
           "| persistent / best forced | within 10 % | small persistent, 8 B-1 KiB | at 8 KiB |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for label, cells in labels.items():
        full = {k: v for k, v in cells.items() if all(x in v for x in NODE_FIXED)}
        init = [v["hmpi_init"] / v["MPI"] for v in full.values()]
        blocking = [v["hmpi"] / v["MPI"] for v in full.values()]
        forced = [v["hmpi_init"] / min(t for k, t in v.items() if k not in NODE_FIXED)
                  for v in full.values() if any(k not in NODE_FIXED for k in v)]
        small = [v["hmpi_init"] / v["MPI"] for (c, b), v in full.items()
                 if c in SMALL_COLLS and b <= 1024]
        at_8k = [v["hmpi_init"] / v["MPI"] for (c, b), v in full.items()
                 if c in SMALL_COLLS and b == 8192]
        out.append(f"| {label} | {len(full)} | {geomean(init):.2f}× | {above(init)} "
                   f"| {geomean(blocking):.2f}× | {above(blocking)} "
                   f"| {f'{geomean(forced):.2f}×' if forced else '—'} "
                   f"| {sum(x <= 1.1 for x in forced) if forced else '—'} "
                   f"| {span(small)} | {span(at_8k)} |")
    return "\n".join(out) + "\n"


def render(text, root):
    def one(m):
        options = dict(o.split("=", 1) for o in m.group(2).split())
        if options.get("summary") == "node":
            body = node_summary(os.path.join(root, m.group(1)))
        elif "node" in options:
            colls = options["colls"].split(",") if "colls" in options else None
            body = node_table(os.path.join(root, m.group(1)), options["node"], colls)
        elif "rows" in options:
            body = pivot(os.path.join(root, m.group(1)), options)
        elif "against" in options:
            body = comparison(os.path.join(root, m.group(1)),
                              os.path.join(root, options["against"]))
        else:
            body = table(os.path.join(root, m.group(1)), options)
        return f"<!-- table {m.group(1)}{m.group(2)} -->\n{body}<!-- end table -->\n"
    return MARKER.sub(one, text)


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stale = []
    for name in files:
        with open(name) as f:
            text = f.read()
        new = render(text, root)
        if new != text:
            stale.append(name)
            if not check:
                with open(name, "w") as f:
                    f.write(new)
    if check and stale:
        print("results-table: not what its CSV gives (run scripts/results-table.py):", *stale)
        return 1
    tables = sum(len(MARKER.findall(open(n).read())) for n in files)
    print(f"results-table: {tables} tables in {len(files)} files"
          + (", all from their CSV" if check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

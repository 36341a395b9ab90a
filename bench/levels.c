/* bench/levels: the MPI library's bcast or reduce called once on the whole
 * communicator ("native") against the same call made level by level through
 * hmpi's hierarchy ("hierarchical": Goglin et al. 2018 §7.2, the loop over
 * the roots communicators), and hmpi's own persistent collective ("hmpi").
 * Made for SimGrid SMPI, whose collective selector forces one algorithm for
 * the whole run; two of Open MPI's bcast algorithms that SMPI lacks are
 * written here with point-to-point messages and used by both sides alike.
 *
 *   bench/levels --coll bcast|reduce [--sizes 4,65536] [--reps N]
 *                [--algorithm NAME] [--label TEXT] [--header]
 *
 * --algorithm names the row (the SMPI selector setting that made it), except
 * three bcasts that this program runs itself: `chain` (four chains from the
 * root, 8 KiB segments, as Open MPI's chain), `binary` (a binary tree, 8 KiB
 * segments, as Open MPI's bintree) and `split_binary` (each half down its own
 * binary tree, then partners swap; SMPI 3.32's ompi_split_bintree fails with
 * MPI_ERR_TRUNCATE on small communicators).
 *
 * Each row: label,ranks,collective,algorithm,bytes,variant,microseconds — the
 * median over repetitions of the slowest rank's time. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SEGMENT = 8192, CHAINS = 4 };

/* ------------------------------------------------------------------------ */
/* Open MPI's chain, binary and split-binary bcasts, root 0, segmented and pipelined.     */

/* A tree given by parent and children: each segment is received from the
 * parent, then sent on to the children while the next one arrives. */
static void tree_bcast(char *buf, int bytes, MPI_Comm comm, int parent, const int *children,
                       int nchildren)
{
    int segments = bytes > 0 ? (bytes + SEGMENT - 1) / SEGMENT : 1;
    /* statuses: MPICH's MPI_STATUSES_IGNORE upsets gcc's -Wstringop-overflow */
    MPI_Request sends[2 * CHAINS + 2];
    MPI_Status statuses[2 * CHAINS + 2];
    int pending = 0;
    for (int s = 0; s < segments; s++) {
        int off = s * SEGMENT, len = bytes - off < SEGMENT ? bytes - off : SEGMENT;
        if (parent >= 0)
            MPI_Recv(buf + off, len, MPI_BYTE, parent, 7, comm, MPI_STATUS_IGNORE);
        MPI_Waitall(pending, sends, statuses); /* one segment in flight per child */
        pending = 0;
        for (int c = 0; c < nchildren; c++)
            MPI_Isend(buf + off, len, MPI_BYTE, children[c], 7, comm, &sends[pending++]);
    }
    MPI_Waitall(pending, sends, statuses);
}

/* Chains: rank 0 heads CHAINS chains of consecutive ranks. */
static void chain_bcast(char *buf, int bytes, MPI_Comm comm)
{
    int rank, size, children[CHAINS], n = 0, parent = -1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int members = size - 1, chains = members < CHAINS ? members : CHAINS;
    if (rank == 0) {
        for (int c = 0, first = 1; c < chains; c++) {
            children[n++] = first;
            first += members / chains + (c < members % chains);
        }
    } else {
        /* find my chain: chain c covers [first, first + length) */
        for (int c = 0, first = 1; c < chains; c++) {
            int length = members / chains + (c < members % chains);
            if (rank < first + length) {
                parent = rank == first ? 0 : rank - 1;
                if (rank + 1 < first + length)
                    children[n++] = rank + 1;
                break;
            }
            first += length;
        }
    }
    tree_bcast(buf, bytes, comm, parent, children, n);
}

static void binary_bcast(char *buf, int bytes, MPI_Comm comm)
{
    int rank, size, children[2], n = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    for (int c = 2 * rank + 1; c <= 2 * rank + 2 && c < size; c++)
        children[n++] = c;
    tree_bcast(buf, bytes, comm, rank ? (rank - 1) / 2 : -1, children, n);
}

/* Split binary: the two halves of the message go down two binary trees (the
 * ranks of the lower and upper half), then partners swap halves; a lower
 * member without a partner gets the upper half from the root. */
static void split_binary_bcast(char *buf, int bytes, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size == 1)
        return;
    int members = size - 1, lower = (members + 1) / 2, upper = members - lower;
    int half = bytes / 2, len[2] = {half, bytes - half}, off[2] = {0, half};
    if (upper == 0 || bytes < 2) { /* too small to split */
        binary_bcast(buf, bytes, comm);
        return;
    }
    if (rank == 0) {
        MPI_Request r[3];
        MPI_Status statuses[3];
        MPI_Isend(buf, len[0], MPI_BYTE, 1, 7, comm, &r[0]);
        MPI_Isend(buf + off[1], len[1], MPI_BYTE, 1 + lower, 7, comm, &r[1]);
        int extra = lower > upper; /* the last lower member has no partner */
        if (extra)
            MPI_Isend(buf + off[1], len[1], MPI_BYTE, lower, 8, comm, &r[2]);
        MPI_Waitall(2 + extra, r, statuses);
        return;
    }
    int side = rank > lower, first = side ? 1 + lower : 1, i = rank - first;
    int count = side ? upper : lower, children[2], n = 0;
    for (int c = 2 * i + 1; c <= 2 * i + 2 && c < count; c++)
        children[n++] = first + c;
    tree_bcast(buf + off[side], len[side], comm, i ? first + (i - 1) / 2 : 0, children, n);
    if (i < upper) /* swap halves with the partner */
        MPI_Sendrecv(buf + off[side], len[side], MPI_BYTE, side ? 1 + i : 1 + lower + i, 9,
                     buf + off[!side], len[!side], MPI_BYTE, side ? 1 + i : 1 + lower + i, 9, comm,
                     MPI_STATUS_IGNORE);
    else
        MPI_Recv(buf + off[1], len[1], MPI_BYTE, 0, 8, comm, MPI_STATUS_IGNORE);
}

/* ------------------------------------------------------------------------ */

typedef struct bench {
    int reduce; /* else bcast */
    const char *algorithm;
    int own; /* 1 chain, 2 binary: this program's bcast */
    HMPI_Hierarchy hier;
    int depth;
    char *buf, *tmp;
} bench;

static void bcast(const bench *b, char *buf, int bytes, MPI_Comm comm)
{
    if (b->own == 1)
        chain_bcast(buf, bytes, comm);
    else if (b->own == 2)
        binary_bcast(buf, bytes, comm);
    else if (b->own == 3)
        split_binary_bcast(buf, bytes, comm);
    else
        MPI_Bcast(buf, bytes, MPI_BYTE, 0, comm);
}

/* The level loop: the conduits from the top, then the deepest units. */
static void hierarchical_bcast(const bench *b, int bytes)
{
    for (int l = 0; l < b->depth; l++) {
        MPI_Comm conduit;
        HMPI_Hierarchy_conduit_comm(b->hier, l, &conduit);
        if (conduit != MPI_COMM_NULL)
            bcast(b, b->buf, bytes, conduit);
    }
    MPI_Comm deepest;
    int alone;
    HMPI_Hierarchy_level_comm(b->hier, b->depth, &deepest);
    MPI_Comm_size(deepest, &alone);
    if (alone > 1)
        bcast(b, b->buf, bytes, deepest);
}

/* Up: the deepest units reduce to their roots, then each conduit from the
 * bottom; each level's result is the next level's input. */
static void hierarchical_reduce(const bench *b, int ints)
{
    char *in = b->buf, *out = b->tmp;
    MPI_Comm deepest;
    int alone;
    HMPI_Hierarchy_level_comm(b->hier, b->depth, &deepest);
    MPI_Comm_size(deepest, &alone);
    if (alone == 1) /* a unit of one process (bound to a core): nothing to combine */
        memcpy(out, in, (size_t)ints * sizeof(int));
    else
        MPI_Reduce(in, out, ints, MPI_INT, MPI_SUM, 0, deepest);
    for (int l = b->depth - 1; l >= 0; l--) {
        MPI_Comm conduit;
        HMPI_Hierarchy_conduit_comm(b->hier, l, &conduit);
        if (conduit == MPI_COMM_NULL)
            continue;
        char *swap = in;
        in = out, out = swap; /* last level's result is this level's input */
        MPI_Reduce(in, out, ints, MPI_INT, MPI_SUM, 0, conduit);
    }
}

/* This program's own bcasts deliver the root's bytes (checked once, before
 * timing them): returns the number of processes that got something else. */
static int check_own_bcast(const bench *b)
{
    static const int sizes[] = {1, 7, 9000, 20001};
    int rank, wrong = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int s = 0; s < 4; s++) {
        char *buf = malloc((size_t)sizes[s]);
        for (int i = 0; i < sizes[s]; i++)
            buf[i] = rank == 0 ? (char)(i * 7 + s) : 0;
        bcast(b, buf, sizes[s], MPI_COMM_WORLD);
        for (int i = 0; i < sizes[s]; i++)
            if (buf[i] != (char)(i * 7 + s)) {
                wrong = 1;
                break;
            }
        free(buf);
    }
    MPI_Allreduce(MPI_IN_PLACE, &wrong, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return wrong;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static int reps = 5;

/* variant: 0 native, 1 hierarchical, 2 hmpi (req) */
static double measure(const bench *b, int variant, int bytes, HMPI_Request *req)
{
    double t[64];
    int n = reps < 64 ? reps : 64, ints = bytes / 4 > 0 ? bytes / 4 : 1;
    for (int r = -1; r < n; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        if (variant == 2) {
            HMPI_Start(req);
            HMPI_Wait(req, MPI_STATUS_IGNORE);
        } else if (b->reduce) {
            if (variant == 0)
                MPI_Reduce(b->buf, b->tmp, ints, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
            else
                hierarchical_reduce(b, ints);
        } else if (variant == 0)
            bcast(b, b->buf, bytes, MPI_COMM_WORLD);
        else
            hierarchical_bcast(b, bytes);
        if (r >= 0)
            t[r] = MPI_Wtime() - t0;
    }
    MPI_Allreduce(MPI_IN_PLACE, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

int main(int argc, char **argv)
{
    int sizes[32] = {4, 1024, 65536, 1048576}, nsizes = 4, header = 0;
    const char *label = "levels", *coll = "bcast";
    bench b = {.algorithm = "default"};
    MPI_Init(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--coll"))
            coll = value, i++;
        else if (!strcmp(argv[i], "--algorithm"))
            b.algorithm = value, i++;
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(value), i++;
        else if (!strcmp(argv[i], "--label"))
            label = value, i++;
        else if (!strcmp(argv[i], "--header"))
            header = 1;
        else if (!strcmp(argv[i], "--sizes")) {
            nsizes = 0;
            for (const char *p = value; *p && nsizes < 32;) {
                sizes[nsizes++] = atoi(p);
                p = strchr(p, ',') ? strchr(p, ',') + 1 : "";
            }
            i++;
        }
    }
    reps = reps < 1 ? 1 : reps;
    b.reduce = !strcmp(coll, "reduce");
    b.own = b.reduce                         ? 0
            : !strcmp(b.algorithm, "chain")  ? 1
            : !strcmp(b.algorithm, "binary") ? 2
                                             : 0;
    int rank, size, largest = 4;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int s = 0; s < nsizes; s++)
        largest = sizes[s] > largest ? sizes[s] : largest;
    b.buf = calloc((size_t)largest, 1);
    b.tmp = calloc((size_t)largest, 1);
    if (b.own && check_own_bcast(&b)) {
        if (rank == 0)
            fprintf(stderr, "levels: the %s bcast delivered wrong bytes\n", b.algorithm);
        MPI_Finalize();
        return 1;
    }
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &b.hier);
    HMPI_Hierarchy_depth(b.hier, &b.depth);
    if (header && rank == 0)
        printf("label,ranks,collective,algorithm,bytes,variant,microseconds\n");
    static const char *const variants[] = {"native", "hierarchical", "hmpi"};
    for (int s = 0; s < nsizes; s++) {
        int bytes = sizes[s], ints = bytes / 4 > 0 ? bytes / 4 : 1;
        HMPI_Request req;
        if (b.reduce)
            HMPI_Reduce_init(b.buf, b.tmp, ints, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, MPI_INFO_NULL,
                             &req);
        else
            HMPI_Bcast_init(b.buf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        for (int v = 0; v < 3; v++) {
            double t = measure(&b, v, bytes, &req);
            if (rank == 0)
                printf("%s,%d,%s,%s,%d,%s,%.3f\n", label, size, coll, b.algorithm,
                       b.reduce ? ints * 4 : bytes, variants[v], t * 1e6);
        }
        HMPI_Request_free(&req);
    }
    HMPI_Hierarchy_free(&b.hier);
    free(b.buf), free(b.tmp);
    MPI_Finalize();
    return 0;
}

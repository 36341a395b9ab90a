/* The collectives' calls the benchmarks share: the same arguments to hmpi's
 * persistent and blocking forms and to the MPI library's (bench/persistent,
 * bench/node) and to hmpi-tune's timings (tools/). Not installed. */
#ifndef HMPI_BENCH_COLLCALLS_H
#define HMPI_BENCH_COLLCALLS_H

#include <hmpi.h>

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define PCOLL(name) MPIX_##name##_init
#define HAVE_PCOLL 1
#elif MPI_VERSION >= 4
#define PCOLL(name) MPI_##name##_init
#define HAVE_PCOLL 1
#else
#define HAVE_PCOLL 0
#endif

enum { BCAST, ALLREDUCE, REDUCE, ALLGATHER, ALLTOALL, GATHER, SCATTER, BARRIER, RSB, NCOLL };
static const char *const names[NCOLL] = {"bcast",     "allreduce", "reduce",
                                         "allgather", "alltoall",  "gather",
                                         "scatter",   "barrier",   "reduce_scatter_block"};

struct bench {
    int coll, bytes, count; /* count: elements (bytes for data, ints for reductions) */
    MPI_Comm comm;
    char *sbuf, *rbuf;
    HMPI_Request hreq;
    MPI_Request mreq;
};

static inline int is_reduction(int coll)
{
    return coll == ALLREDUCE || coll == REDUCE || coll == RSB;
}

static inline MPI_Datatype type_of(int coll)
{
    return is_reduction(coll) ? MPI_INT : MPI_BYTE;
}

static inline int hmpi_init(struct bench *b, MPI_Info info)
{
    MPI_Datatype t = type_of(b->coll);
    int c = b->count;
    switch (b->coll) {
    case BCAST:
        return HMPI_Bcast_init(b->rbuf, c, t, 0, b->comm, info, &b->hreq);
    case ALLREDUCE:
        return HMPI_Allreduce_init(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, info, &b->hreq);
    case REDUCE:
        return HMPI_Reduce_init(b->sbuf, b->rbuf, c, t, MPI_SUM, 0, b->comm, info, &b->hreq);
    case ALLGATHER:
        return HMPI_Allgather_init(b->sbuf, c, t, b->rbuf, c, t, b->comm, info, &b->hreq);
    case ALLTOALL:
        return HMPI_Alltoall_init(b->sbuf, c, t, b->rbuf, c, t, b->comm, info, &b->hreq);
    case GATHER:
        return HMPI_Gather_init(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, info, &b->hreq);
    case SCATTER:
        return HMPI_Scatter_init(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, info, &b->hreq);
    case BARRIER:
        return HMPI_Barrier_init(b->comm, info, &b->hreq);
    default:
        return HMPI_Reduce_scatter_block_init(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, info,
                                              &b->hreq);
    }
}

/* One blocking call of the library P (MPI or HMPI): the same arguments;
 * its code into rc. */
#define BLOCKING_CALL(P, b, rc)                                                                    \
    do {                                                                                           \
        MPI_Datatype t_ = type_of((b)->coll);                                                      \
        int c_ = (b)->count;                                                                       \
        switch ((b)->coll) {                                                                       \
        case BCAST:                                                                                \
            rc = P##_Bcast((b)->rbuf, c_, t_, 0, (b)->comm);                                       \
            break;                                                                                 \
        case ALLREDUCE:                                                                            \
            rc = P##_Allreduce((b)->sbuf, (b)->rbuf, c_, t_, MPI_SUM, (b)->comm);                  \
            break;                                                                                 \
        case REDUCE:                                                                               \
            rc = P##_Reduce((b)->sbuf, (b)->rbuf, c_, t_, MPI_SUM, 0, (b)->comm);                  \
            break;                                                                                 \
        case ALLGATHER:                                                                            \
            rc = P##_Allgather((b)->sbuf, c_, t_, (b)->rbuf, c_, t_, (b)->comm);                   \
            break;                                                                                 \
        case ALLTOALL:                                                                             \
            rc = P##_Alltoall((b)->sbuf, c_, t_, (b)->rbuf, c_, t_, (b)->comm);                    \
            break;                                                                                 \
        case GATHER:                                                                               \
            rc = P##_Gather((b)->sbuf, c_, t_, (b)->rbuf, c_, t_, 0, (b)->comm);                   \
            break;                                                                                 \
        case SCATTER:                                                                              \
            rc = P##_Scatter((b)->sbuf, c_, t_, (b)->rbuf, c_, t_, 0, (b)->comm);                  \
            break;                                                                                 \
        case BARRIER:                                                                              \
            rc = P##_Barrier((b)->comm);                                                           \
            break;                                                                                 \
        default:                                                                                   \
            rc = P##_Reduce_scatter_block((b)->sbuf, (b)->rbuf, c_, t_, MPI_SUM, (b)->comm);       \
        }                                                                                          \
    } while (0)

static inline int mpi_blocking(struct bench *b)
{
    int rc;
    BLOCKING_CALL(MPI, b, rc);
    return rc;
}

static inline int hmpi_blocking(struct bench *b)
{
    int rc;
    BLOCKING_CALL(HMPI, b, rc);
    return rc;
}

static inline int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static inline void setup(struct bench *b, int coll, int bytes, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    b->coll = coll;
    b->bytes = bytes;
    b->count = is_reduction(coll) ? (bytes + 3) / 4 : bytes;
    b->comm = comm;
    size_t total = (size_t)(bytes + 4) * (size_t)size + 64;
    b->sbuf = calloc(total, 1);
    b->rbuf = calloc(total, 1);
    if (coll == RSB) /* count is per process: keep the whole vector the given size */
        b->count = (b->count + size - 1) / size;
    b->hreq = HMPI_REQUEST_NULL;
}

static inline void teardown(struct bench *b)
{
    free(b->sbuf);
    free(b->rbuf);
}

/* ---- buffer sets and their timing (bench/node, hmpi-tune) ---------------- */

#define BENCH_SETS 4               /* buffer sets rotated between repetitions */
#define BENCH_SET_LIMIT (64 << 20) /* bytes of buffers past which one set serves */
#define BENCH_WINDOW_US 30         /* a repetition's start: this long after rank 0 set it */

/* How the ranks start a repetition together. After a barrier they leave it
 * apart by its own exit skew (a few hundred ns in MPI libraries, more than
 * a small collective takes inside a node), which every time would include.
 * On one machine, whose monotonic clock every process reads alike, rank 0
 * instead sets a start time a little ahead and every rank waits for it
 * (window-based synchronisation, as in SKaMPI and ReproMPI); across
 * machines, or with --sync barrier, the barrier alone. */
enum { BENCH_SYNC_AUTO, BENCH_SYNC_BARRIER };
static int bench_sync = BENCH_SYNC_AUTO;
/* Operations a repetition times one after the other, on the same buffers
 * and request (--back-to-back N: a loop of collectives, as IMB times
 * them, where a writer that need not wait for its readers runs ahead). */
static int bench_calls = 1;

/* The sets an operation rotates over, so that it does not find its data in
 * cache because the previous one left it there; and whether its
 * repetitions start at a common time. */
typedef struct bench_sets {
    struct bench b[BENCH_SETS];
    int n, window;
} bench_sets;

/* Do all ranks of comm run on one machine (one monotonic clock)? Never
 * under SimGrid SMPI, whose clock is simulated. Collective. */
static inline int bench_one_machine(MPI_Comm comm)
{
#ifdef SMPI_H
    (void)comm;
    return 0;
#else
    MPI_Comm machine;
    int size, msize, all;
    MPI_Comm_size(comm, &size);
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine);
    MPI_Comm_size(machine, &msize);
    MPI_Comm_free(&machine);
    all = msize == size;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, comm);
    return all;
#endif
}

/* Sets of coll at `bytes` on comm, their pages touched; 0 on every rank when
 * any lacks the memory. */
static inline int bench_sets_make(bench_sets *s, int coll, int bytes, MPI_Comm comm)
{
    int size, ok = 1;
    MPI_Comm_size(comm, &size);
    s->n = (double)bytes * size * 2 * BENCH_SETS > BENCH_SET_LIMIT ? 1 : BENCH_SETS;
    s->window = bench_sync == BENCH_SYNC_AUTO && bench_one_machine(comm);
    for (int i = 0; i < s->n; i++) {
        setup(&s->b[i], coll, bytes, comm);
        ok &= s->b[i].sbuf && s->b[i].rbuf;
        for (size_t j = 0; ok && j < (size_t)(bytes + 4) * (size_t)size; j++) /* no page faults */
            s->b[i].sbuf[j] = s->b[i].rbuf[j] = (char)(i + j);
    }
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm);
    for (int i = 0; i < s->n && !ok; i++)
        teardown(&s->b[i]);
    return ok;
}

/* Every set's persistent request freed. */
static inline void bench_sets_release(bench_sets *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->b[i].hreq != HMPI_REQUEST_NULL)
            HMPI_Request_free(&s->b[i].hreq);
}

static inline void bench_sets_free(bench_sets *s)
{
    bench_sets_release(s);
    for (int i = 0; i < s->n; i++)
        teardown(&s->b[i]);
}

/* Persistent requests on every set, algorithm alg forced (NULL: auto); 0 on
 * every rank where hmpi refuses (not an algorithm of the collective, not
 * here). */
static inline int bench_sets_init(bench_sets *s, const char *alg)
{
    MPI_Info info = MPI_INFO_NULL;
    char key[64];
    int ok = 1;
    bench_sets_release(s);
    if (alg) {
        snprintf(key, sizeof key, "hmpi_%s_algorithm", names[s->b[0].coll]);
        MPI_Info_create(&info);
        MPI_Info_set(info, key, alg);
    }
    for (int i = 0; i < s->n; i++)
        ok &= hmpi_init(&s->b[i], info) == MPI_SUCCESS;
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, s->b[0].comm);
    if (!ok)
        bench_sets_release(s);
    return ok;
}

enum { BENCH_MPI, BENCH_HMPI, BENCH_PERSISTENT }; /* what bench_time runs */

/* The machine's monotonic clock (s): the same in every process. */
static inline double bench_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A repetition's start, the same on every rank (s; bench_sync). */
static inline double bench_start(const bench_sets *s, MPI_Comm comm)
{
    double start = 0;
    int rank;
    MPI_Barrier(comm);
    if (!s->window)
        return MPI_Wtime();
    MPI_Comm_rank(comm, &rank);
    if (rank == 0)
        start = bench_clock() + BENCH_WINDOW_US * 1e-6;
    MPI_Bcast(&start, 1, MPI_DOUBLE, 0, comm);
    while (bench_clock() < start) /* a rank late for it counts from it all the same */
        ;
    return start;
}

/* The time since a repetition's start (us). */
static inline double bench_since(const bench_sets *s, double start)
{
    return ((s->window ? bench_clock() : MPI_Wtime()) - start) * 1e6;
}

/* The median over reps of the slowest rank's time (us) of one operation
 * (of bench_calls in a row, their mean), the sets taken in turn after one
 * round of each to warm up: the library's blocking call, hmpi's, or Start
 * + Wait of the sets' requests. -1 on every rank when a call failed on any. */
static inline double bench_time(bench_sets *s, int what, int reps)
{
    MPI_Comm comm = s->b[0].comm;
    double *t = malloc(sizeof(double) * (size_t)(reps + 1)), median = -1;
    int ok = 1;
    if (!t)
        MPI_Abort(comm, 1);                    /* a benchmark's few kilobytes */
    for (int r = -BENCH_SETS; r < reps; r++) { /* every rank takes every barrier */
        struct bench *b = &s->b[(r + BENCH_SETS) % s->n];
        double t0 = bench_start(s, comm);
        for (int k = 0; ok && k < bench_calls; k++)
            ok = what == BENCH_MPI    ? mpi_blocking(b) == MPI_SUCCESS
                 : what == BENCH_HMPI ? hmpi_blocking(b) == MPI_SUCCESS
                                      : HMPI_Start(&b->hreq) == MPI_SUCCESS &&
                                            HMPI_Wait(&b->hreq, MPI_STATUS_IGNORE) == MPI_SUCCESS;
        if (r >= 0)
            t[r] = bench_since(s, t0) / bench_calls;
    }
    t[reps] = ok ? -1 : 0; /* in the same reduction: a failure anywhere makes it 0 */
    MPI_Allreduce(MPI_IN_PLACE, t, reps + 1, MPI_DOUBLE, MPI_MAX, comm);
    if (t[reps] < 0) {
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        median = t[reps / 2];
    }
    free(t);
    return median;
}

/* A comma-separated list of numbers, or (names_list) of collectives' names
 * as their indices; how many were read (at most max). */
static inline int parse_list(const char *s, int *out, int max, int names_list)
{
    int n = 0;
    char copy[512], *save = NULL;
    snprintf(copy, sizeof copy, "%s", s);
    for (char *tok = strtok_r(copy, ",", &save); tok && n < max; tok = strtok_r(NULL, ",", &save)) {
        if (!names_list) {
            out[n++] = atoi(tok);
            continue;
        }
        for (int c = 0; c < NCOLL; c++)
            if (strcmp(tok, names[c]) == 0)
                out[n++] = c;
    }
    return n;
}

/* The benchmarks' command line: --colls a,b --sizes n,m --reps N
 * --algorithms --label NAME --csv FILE; what is not given stays as set. */
typedef struct bench_options {
    int colls[NCOLL], ncolls;
    int sizes[32], nsizes;
    int reps, algorithms;
    const char *label, *csv;
} bench_options;

/* The options into o; the index of the first argument not taken (--help,
 * an unknown option, an option without its value), or 0. */
static inline int parse_options(int argc, char **argv, bench_options *o)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--colls") == 0 && i + 1 < argc)
            o->ncolls = parse_list(argv[++i], o->colls, NCOLL, 1);
        else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc)
            o->nsizes = parse_list(argv[++i], o->sizes, 32, 0);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            o->reps = atoi(argv[++i]) > 2 ? atoi(argv[i]) : o->reps;
        else if (strcmp(argv[i], "--algorithms") == 0)
            o->algorithms = 1;
        else if (strcmp(argv[i], "--label") == 0 && i + 1 < argc)
            o->label = argv[++i];
        else if (strcmp(argv[i], "--csv") == 0 && i + 1 < argc)
            o->csv = argv[++i];
        else if (strcmp(argv[i], "--back-to-back") == 0 && i + 1 < argc)
            bench_calls = atoi(argv[++i]) > 1 ? atoi(argv[i]) : 1;
        else if (strcmp(argv[i], "--sync") == 0 && i + 1 < argc)
            bench_sync = strcmp(argv[++i], "barrier") == 0 ? BENCH_SYNC_BARRIER : BENCH_SYNC_AUTO;
        else
            return i;
    }
    return 0;
}

/* parse_options, and the usage where it stopped: -1 to go on; else rank 0
 * printed the usage (and what was not taken), MPI is finalized, and the
 * program returns the code: 0 for --help, 2 for anything else. */
static inline int bench_parse(int argc, char **argv, bench_options *o, const char *synopsis)
{
    int rank, bad = parse_options(argc, argv, o);
    if (!bad)
        return -1;
    int help = strcmp(argv[bad], "--help") == 0 || strcmp(argv[bad], "-h") == 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        if (!help)
            fprintf(stderr, "%s: unknown option or missing value: %s\n", argv[0], argv[bad]);
        fprintf(help ? stdout : stderr, "usage: mpiexec -n RANKS %s %s\n", argv[0], synopsis);
    }
    MPI_Finalize();
    return help ? 0 : 2;
}

#endif

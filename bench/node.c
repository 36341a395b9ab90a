/* bench/node: hmpi's collectives inside one node against the MPI library's,
 * as a user measures them on their own nodes (scripts/bench-node.sh runs it
 * at the node's core count under every option the library has).
 *
 *   mpiexec -n CORES --bind-to core bench/node [--colls bcast,allreduce]
 *       [--sizes 8,8192] [--reps 300] [--algorithms] [--label NAME] [--csv FILE]
 *
 * For each collective and size (bytes of one rank's block; reductions sum
 * ints), in one run:
 *   MPI        the library's blocking collective
 *   hmpi       hmpi's blocking one (auto; its schedule cached)
 *   hmpi_init  hmpi's persistent one (auto): HMPI_Start + HMPI_Wait
 *   <alg>      with --algorithms, each of hmpi's algorithms forced (persistent)
 * Each repetition: a barrier, one operation timed on every rank, the slowest
 * rank's time; reported: the median over repetitions. Buffers rotate among
 * a few sets between repetitions, so that an operation does not find its
 * data in cache because the previous one left it there. CSV rows:
 * label,ranks,collective,bytes,variant,microseconds. Ratios < 1: hmpi is faster. */
#include "collcalls.h"

#define NSETS 4
#define SET_LIMIT (64 << 20) /* bytes of buffers past which one set serves */

static const char *const algorithms[] = {"shm",          "binomial",      "linear",
                                         "hierarchical", "multilane",     "twotree",
                                         "logp",         "multiport",     "recursive_doubling",
                                         "ring",         "dissemination", "pairwise",
                                         "bruck",        "leaders",       "halving",
                                         "native"};
#define NALGS ((int)(sizeof algorithms / sizeof algorithms[0]))

enum { V_MPI, V_HMPI, V_HMPI_INIT, V_ALG };

typedef struct sets {
    struct bench b[NSETS];
    int n;
} sets;

static int reps = 300;

static void sets_make(sets *s, int coll, int bytes, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    s->n = (double)bytes * size * 2 * NSETS > SET_LIMIT ? 1 : NSETS;
    for (int i = 0; i < s->n; i++) {
        setup(&s->b[i], coll, bytes, comm);
        for (int j = 0; j < (bytes + 4) * size; j++) /* touched: no page faults in the timing */
            s->b[i].sbuf[j] = s->b[i].rbuf[j] = (char)(i + j);
    }
}

static void sets_free(sets *s)
{
    for (int i = 0; i < s->n; i++) {
        if (s->b[i].hreq != HMPI_REQUEST_NULL)
            HMPI_Request_free(&s->b[i].hreq);
        teardown(&s->b[i]);
    }
}

/* Persistent requests on every set (alg NULL: auto); 0 when hmpi refuses. */
static int sets_init(sets *s, const char *alg)
{
    MPI_Info info = MPI_INFO_NULL;
    int ok = 1;
    if (alg) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_algorithm", alg);
    }
    for (int i = 0; i < s->n; i++) {
        if (s->b[i].hreq != HMPI_REQUEST_NULL)
            HMPI_Request_free(&s->b[i].hreq);
        ok &= hmpi_init(&s->b[i], info) == MPI_SUCCESS;
    }
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    return ok;
}

static void run_once(struct bench *b, int variant)
{
    if (variant == V_MPI)
        mpi_blocking(b);
    else if (variant == V_HMPI)
        hmpi_blocking(b);
    else {
        HMPI_Start(&b->hreq);
        HMPI_Wait(&b->hreq, MPI_STATUS_IGNORE);
    }
}

/* Median over repetitions of the slowest rank's time (us). */
static double measure(sets *s, int variant, MPI_Comm comm)
{
    double *t = malloc(sizeof(double) * (size_t)reps);
    for (int r = -NSETS; r < reps; r++) { /* one warm-up round of the sets */
        struct bench *b = &s->b[(r + NSETS) % s->n];
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        run_once(b, variant);
        if (r >= 0)
            t[r] = (MPI_Wtime() - t0) * 1e6;
    }
    MPI_Allreduce(MPI_IN_PLACE, t, reps, MPI_DOUBLE, MPI_MAX, comm);
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    double median = t[reps / 2];
    free(t);
    return median;
}

static FILE *csv;
static const char *label = "MPI";

static void row(int rank, int size, int coll, int bytes, const char *variant, double us)
{
    if (rank == 0 && csv)
        fprintf(csv, "%s,%d,%s,%d,%s,%.3f\n", label, size, names[coll], bytes, variant, us);
}

/* One collective and size: every variant, a line of the table. */
static void compare(int coll, int bytes, MPI_Comm comm, int with_algorithms)
{
    int rank, size, best = -1;
    double mpi, hmpi, init, t, best_t = 0;
    sets s;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    sets_make(&s, coll, bytes, comm);
    mpi = measure(&s, V_MPI, comm);
    hmpi = measure(&s, V_HMPI, comm);
    sets_init(&s, NULL);
    init = measure(&s, V_HMPI_INIT, comm);
    row(rank, size, coll, bytes, "MPI", mpi);
    row(rank, size, coll, bytes, "hmpi", hmpi);
    row(rank, size, coll, bytes, "hmpi_init", init);
    for (int a = 0; with_algorithms && a < NALGS; a++) {
        if (!sets_init(&s, algorithms[a]))
            continue; /* not an algorithm of this collective, or not here */
        t = measure(&s, V_ALG, comm);
        row(rank, size, coll, bytes, algorithms[a], t);
        if (best < 0 || t < best_t)
            best = a, best_t = t;
    }
    sets_free(&s);
    if (rank != 0)
        return;
    printf("  %-20s %8d %10.2f %10.2f %10.2f %7.2f %7.2f", names[coll], bytes, mpi, hmpi, init,
           hmpi / mpi, init / mpi);
    if (best >= 0)
        printf("   %-18s %10.2f %7.2f", algorithms[best], best_t, best_t / mpi);
    printf("\n");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    static const int order[] = {BARRIER, BCAST,     REDUCE,   ALLREDUCE, GATHER,
                                SCATTER, ALLGATHER, ALLTOALL, RSB};
    static const int defaults[] = {8, 64, 1024, 8192, 65536, 262144, 1048576};
    bench_options o = {.reps = 300, .label = "MPI"};
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    parse_options(argc, argv, &o);
    if (!o.ncolls)
        for (o.ncolls = 0; o.ncolls < NCOLL; o.ncolls++)
            o.colls[o.ncolls] = order[o.ncolls];
    if (!o.nsizes)
        for (o.nsizes = 0; o.nsizes < 7; o.nsizes++)
            o.sizes[o.nsizes] = defaults[o.nsizes];
    reps = o.reps;
    label = o.label;
    if (rank == 0 && o.csv && !(csv = fopen(o.csv, "a")))
        fprintf(stderr, "bench/node: cannot write %s\n", o.csv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* forced algorithms may refuse */
    if (rank == 0) {
        printf("node collectives: %d ranks, %s; median of %d, slowest rank, us\n", size, label,
               reps);
        printf("  %-20s %8s %10s %10s %10s %7s %7s%s\n", "collective", "bytes", "MPI", "hmpi",
               "hmpi_init", "/MPI", "init/MPI",
               o.algorithms ? "   best forced            us    /MPI" : "");
    }
    for (int c = 0; c < o.ncolls; c++)
        for (int s = 0; s < o.nsizes; s++)
            if (o.colls[c] != BARRIER || s == 0)
                compare(o.colls[c], o.colls[c] == BARRIER ? 0 : o.sizes[s], MPI_COMM_WORLD,
                        o.algorithms);
    if (csv)
        fclose(csv);
    MPI_Finalize();
    return 0;
}

/* bench/persistent: the per-operation cost of hmpi's persistent collectives.
 *
 *   mpiexec -n 4 bench/persistent [--colls bcast,allreduce] [--sizes 4,1024] [--reps N]
 *
 * For each collective and message size, in one run (median over repetitions
 * of the slowest rank; each repetition times a batch of operations):
 *   hmpi      HMPI_<coll>_init once, then HMPI_Start + HMPI_Wait
 *   MPI_I     MPI_I<coll> + MPI_Wait
 *   MPI_init  the library's own persistent collective (MPI_<coll>_init in
 *             MPICH 4, MPIX_<coll>_init in Open MPI 4.1) + MPI_Start + MPI_Wait
 *   MPI       the blocking MPI_<coll>
 *   hmpi_blk  the blocking HMPI_<coll> (its schedule cached after the first call),
 *             with its ratio to the blocking MPI_<coll>
 * and, with --algorithms, hmpi's topology-aware algorithm against its flat
 * one on ordered and on shuffled ranks. Ratios < 1 mean hmpi is faster. */
#include "collcalls.h"

enum { V_HMPI, V_MPI_I, V_MPI_INIT, V_MPI, V_HMPI_BLOCKING, NVARIANTS };

static int reps = 15;

static int mpi_nonblocking(struct bench *b)
{
    MPI_Datatype t = type_of(b->coll);
    int c = b->count;
    switch (b->coll) {
    case BCAST:
        return MPI_Ibcast(b->rbuf, c, t, 0, b->comm, &b->mreq);
    case ALLREDUCE:
        return MPI_Iallreduce(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, &b->mreq);
    case REDUCE:
        return MPI_Ireduce(b->sbuf, b->rbuf, c, t, MPI_SUM, 0, b->comm, &b->mreq);
    case ALLGATHER:
        return MPI_Iallgather(b->sbuf, c, t, b->rbuf, c, t, b->comm, &b->mreq);
    case ALLTOALL:
        return MPI_Ialltoall(b->sbuf, c, t, b->rbuf, c, t, b->comm, &b->mreq);
    case GATHER:
        return MPI_Igather(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, &b->mreq);
    case SCATTER:
        return MPI_Iscatter(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, &b->mreq);
    case BARRIER:
        return MPI_Ibarrier(b->comm, &b->mreq);
    default:
        return MPI_Ireduce_scatter_block(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, &b->mreq);
    }
}

static int mpi_persistent_init(struct bench *b)
{
#if HAVE_PCOLL
    MPI_Datatype t = type_of(b->coll);
    int c = b->count;
    MPI_Info i = MPI_INFO_NULL;
    switch (b->coll) {
    case BCAST:
        return PCOLL(Bcast)(b->rbuf, c, t, 0, b->comm, i, &b->mreq);
    case ALLREDUCE:
        return PCOLL(Allreduce)(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, i, &b->mreq);
    case REDUCE:
        return PCOLL(Reduce)(b->sbuf, b->rbuf, c, t, MPI_SUM, 0, b->comm, i, &b->mreq);
    case ALLGATHER:
        return PCOLL(Allgather)(b->sbuf, c, t, b->rbuf, c, t, b->comm, i, &b->mreq);
    case ALLTOALL:
        return PCOLL(Alltoall)(b->sbuf, c, t, b->rbuf, c, t, b->comm, i, &b->mreq);
    case GATHER:
        return PCOLL(Gather)(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, i, &b->mreq);
    case SCATTER:
        return PCOLL(Scatter)(b->sbuf, c, t, b->rbuf, c, t, 0, b->comm, i, &b->mreq);
    case BARRIER:
        return PCOLL(Barrier)(b->comm, i, &b->mreq);
    default:
        return PCOLL(Reduce_scatter_block)(b->sbuf, b->rbuf, c, t, MPI_SUM, b->comm, i, &b->mreq);
    }
#else
    (void)b;
    return MPI_ERR_OTHER;
#endif
}

static void run_once(struct bench *b, int variant)
{
    switch (variant) {
    case V_HMPI:
        HMPI_Start(&b->hreq);
        HMPI_Wait(&b->hreq, MPI_STATUS_IGNORE);
        break;
    case V_MPI_I:
        mpi_nonblocking(b);
        MPI_Wait(&b->mreq, MPI_STATUS_IGNORE);
        break;
    case V_MPI_INIT:
        MPI_Start(&b->mreq);
        MPI_Wait(&b->mreq, MPI_STATUS_IGNORE);
        break;
    case V_HMPI_BLOCKING:
        hmpi_blocking(b);
        break;
    default:
        mpi_blocking(b);
    }
}

/* Batch size so that a batch lasts about a millisecond: every rank runs the
 * same warm-up, then agrees on the slowest rank's pace. */
static int batch_size(struct bench *b, int variant)
{
    const int warmup = 8;
    double t0 = MPI_Wtime();
    for (int i = 0; i < warmup; i++)
        run_once(b, variant);
    double per_op = (MPI_Wtime() - t0) / warmup;
    MPI_Allreduce(MPI_IN_PLACE, &per_op, 1, MPI_DOUBLE, MPI_MAX, b->comm);
    int n = per_op > 0 ? (int)(1e-3 / per_op) : 1000;
    return n < 1 ? 1 : n > 1000 ? 1000 : n;
}

/* Median over repetitions of the slowest rank's time per operation. */
static double measure(struct bench *b, int variant)
{
    double *t = malloc(sizeof(double) * (size_t)reps);
    int batch = batch_size(b, variant);
    for (int r = 0; r < reps; r++) {
        MPI_Barrier(b->comm);
        double t0 = MPI_Wtime();
        for (int i = 0; i < batch; i++)
            run_once(b, variant);
        t[r] = (MPI_Wtime() - t0) / batch;
    }
    MPI_Allreduce(MPI_IN_PLACE, t, reps, MPI_DOUBLE, MPI_MAX, b->comm);
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    double median = t[reps / 2];
    free(t);
    return median;
}

static void compare_with_mpi(int coll, int bytes, MPI_Comm comm, int rank)
{
    struct bench b;
    double t[NVARIANTS] = {0};
    setup(&b, coll, bytes, comm);
    hmpi_init(&b, MPI_INFO_NULL);
    t[V_HMPI] = measure(&b, V_HMPI);
    t[V_MPI_I] = measure(&b, V_MPI_I);
    if (HAVE_PCOLL && mpi_persistent_init(&b) == MPI_SUCCESS) {
        t[V_MPI_INIT] = measure(&b, V_MPI_INIT);
        MPI_Request_free(&b.mreq);
    }
    t[V_MPI] = measure(&b, V_MPI);
    t[V_HMPI_BLOCKING] = measure(&b, V_HMPI_BLOCKING);
    HMPI_Request_free(&b.hreq);
    teardown(&b);
    if (rank == 0) {
        printf("  %-20s %8d", names[coll], bytes);
        for (int v = 0; v < NVARIANTS; v++)
            if (t[v] > 0)
                printf(" %10.2f", t[v] * 1e6);
            else
                printf(" %10s", "-"); /* not offered by this MPI library */
        for (int v = 1; v < V_HMPI_BLOCKING; v++)
            if (t[v] > 0)
                printf(" %9.2f", t[V_HMPI] / t[v]);
            else
                printf(" %9s", "-");
        printf(" %9.2f\n", t[V_HMPI_BLOCKING] / t[V_MPI]);
    }
}

static double time_algorithm(int coll, int bytes, MPI_Comm comm, const char *alg)
{
    struct bench b;
    MPI_Info info;
    setup(&b, coll, bytes, comm);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", alg);
    hmpi_init(&b, info);
    MPI_Info_free(&info);
    double t = measure(&b, V_HMPI);
    HMPI_Request_free(&b.hreq);
    teardown(&b);
    return t;
}

static void compare_algorithms(int coll, int bytes, MPI_Comm ordered, MPI_Comm shuffled, int rank)
{
    static const char *const flat[NCOLL] = {
        "binomial", "recursive_doubling", "binomial", "ring", "linear", "linear",
        "linear",   "dissemination",      "binomial"};
    double t[4];
    t[0] = time_algorithm(coll, bytes, ordered, "hierarchical");
    t[1] = time_algorithm(coll, bytes, ordered, flat[coll]);
    t[2] = time_algorithm(coll, bytes, shuffled, "hierarchical");
    t[3] = time_algorithm(coll, bytes, shuffled, flat[coll]);
    if (rank == 0)
        printf("  %-20s %8d %10.2f %10.2f %7.2f %10.2f %10.2f %7.2f\n", names[coll], bytes,
               t[0] * 1e6, t[1] * 1e6, t[0] / t[1], t[2] * 1e6, t[3] * 1e6, t[2] / t[3]);
}

int main(int argc, char **argv)
{
    static const int defaults[] = {4, 64, 1024, 16384, 1048576};
    bench_options o = {.reps = reps};
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int code = bench_parse(argc, argv, &o,
                           "[--colls bcast,allreduce] [--sizes 4,1024] [--reps N] "
                           "[--algorithms]");
    if (code >= 0)
        return code;
    if (!o.ncolls)
        for (o.ncolls = 0; o.ncolls < NCOLL; o.ncolls++)
            o.colls[o.ncolls] = o.ncolls;
    if (!o.nsizes)
        for (o.nsizes = 0; o.nsizes < 5; o.nsizes++)
            o.sizes[o.nsizes] = defaults[o.nsizes];
    reps = o.reps;
    if (rank == 0) {
        const char *topo = getenv("HMPI_TOPOLOGY");
        printf("persistent collectives: %d ranks, %s%s; median of %d, slowest rank, us/op\n", size,
               topo && *topo ? "virtual cluster " : "this machine", topo ? topo : "", reps);
        printf("  %-20s %8s %10s %10s %10s %10s %10s %9s %9s %9s %9s\n", "collective", "bytes",
               "hmpi", "MPI_I", "MPI_init", "MPI", "hmpi_blk", "/MPI_I", "/MPI_init", "/MPI",
               "blk/MPI");
    }
    for (int c = 0; c < o.ncolls; c++)
        for (int s = 0; s < o.nsizes; s++)
            if (o.colls[c] != BARRIER || s == 0)
                compare_with_mpi(o.colls[c], o.sizes[s], MPI_COMM_WORLD, rank);
    if (o.algorithms) {
        MPI_Comm shuffled;
        MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
        if (rank == 0)
            printf("\ntopology-aware vs flat (us/op): ordered ranks | shuffled ranks\n"
                   "  %-20s %8s %10s %10s %7s %10s %10s %7s\n",
                   "collective", "bytes", "hier", "flat", "ratio", "hier", "flat", "ratio");
        for (int c = 0; c < o.ncolls; c++) {
            for (int s = 0; s < o.nsizes; s++)
                if (o.colls[c] != BARRIER || s == 0)
                    compare_algorithms(o.colls[c], o.sizes[s], MPI_COMM_WORLD, shuffled, rank);
        }
        MPI_Comm_free(&shuffled);
    }
    MPI_Finalize();
    return 0;
}

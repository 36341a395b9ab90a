/* bench/node: hmpi's collectives inside one node against the MPI library's,
 * as a user measures them on their own nodes (scripts/bench-node.sh runs it
 * at the node's core count under every option the library has).
 *
 *   mpiexec -n CORES --bind-to core bench/node [--colls bcast,allreduce]
 *       [--sizes 8,8192] [--reps 300] [--algorithms] [--label NAME] [--csv FILE]
 *       [--sync barrier] [--back-to-back N]
 *
 * For each collective and size (bytes of one rank's block; reductions sum
 * ints), in one run:
 *   MPI        the library's blocking collective
 *   hmpi       hmpi's blocking one (auto; its schedule cached)
 *   hmpi_init  hmpi's persistent one (auto): HMPI_Start + HMPI_Wait
 *   <alg>      with --algorithms, each of hmpi's algorithms forced (persistent)
 * Each repetition: a barrier, then (ranks of one machine) every rank waits
 * for a start time rank 0 set a little ahead, so that the barrier's own exit
 * skew is not timed (--sync barrier: from the barrier's exit, as across
 * machines); one operation timed on every rank from that start, the slowest
 * rank's time; reported: the median over repetitions (--back-to-back N:
 * N operations in a row timed, their mean; a loop of collectives, as IMB
 * times them, where a writer need not wait for its readers before the
 * next). Buffers rotate among
 * a few sets between repetitions, so that an operation does not find its
 * data in cache because the previous one left it there. First, the node's
 * floor, timed alike: one cache line from rank 0 to every other rank (a
 * flag in shared memory), the least a collective of one node can take. CSV
 * rows: label,ranks,collective,bytes,variant,microseconds (the floor:
 * collective "flag", variant "floor"). Ratios < 1: hmpi is faster. */
#include "collcalls.h"

#include <stdatomic.h>
#include <stdint.h>

#include "coll/algorithms.h"

/* hmpi's algorithm names (auto first, measured apart), from its own list. */
static const char *const algorithms[] = {
#define NAME_OF(NAME, name) #name,
    HMPI__COLL_ALGORITHM_NAMES(NAME_OF)
#undef NAME_OF
};
#define NALGS ((int)(sizeof algorithms / sizeof algorithms[0]))

static int reps = 300;

static FILE *csv;
static const char *label = "MPI";

static void row(int rank, int size, int coll, int bytes, const char *variant, double us)
{
    if (rank == 0 && csv)
        fprintf(csv, "%s,%d,%s,%d,%s,%.3f\n", label, size, names[coll], bytes, variant, us);
}

/* The median over reps of the slowest rank's time (us) for every rank to
 * see a flag that rank 0 raises in shared memory, each repetition started
 * as the collectives' are; -1 when the ranks are not all of one machine. */
static double floor_time(MPI_Comm comm)
{
    bench_sets s = {.n = 0, .window = bench_one_machine(comm)};
    double *t = malloc(sizeof(double) * (size_t)reps), median = -1;
    _Atomic uint64_t *flag;
    MPI_Comm node;
    MPI_Win win;
    MPI_Aint bytes;
    int rank, unit;
    if (!s.window || !t) {
        free(t);
        return -1;
    }
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &rank);
    MPI_Win_allocate_shared(rank == 0 ? 64 : 0, 1, MPI_INFO_NULL, node, &flag, &win);
    MPI_Win_shared_query(win, 0, &bytes, &unit, &flag);
    if (rank == 0)
        atomic_store(flag, 0);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    s.b[0].comm = comm;
    for (int r = -BENCH_SETS; r < reps; r++) {
        uint64_t round = (uint64_t)(r + BENCH_SETS + 1);
        double t0 = bench_start(&s, comm);
        if (rank == 0)
            atomic_store_explicit(flag, round, memory_order_release);
        while (atomic_load_explicit(flag, memory_order_acquire) < round)
            ;
        if (r >= 0)
            t[r] = bench_since(&s, t0);
    }
    MPI_Win_unlock_all(win);
    MPI_Allreduce(MPI_IN_PLACE, t, reps, MPI_DOUBLE, MPI_MAX, comm);
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    median = t[reps / 2];
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
    free(t);
    return median;
}

/* One collective and size: every variant, a line of the table. */
static void compare(int coll, int bytes, MPI_Comm comm, int with_algorithms)
{
    int rank, size, best = -1;
    double mpi, hmpi, init, t, best_t = 0;
    bench_sets s;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (!bench_sets_make(&s, coll, bytes, comm))
        return;
    mpi = bench_time(&s, BENCH_MPI, reps);
    hmpi = bench_time(&s, BENCH_HMPI, reps);
    init = bench_sets_init(&s, NULL) ? bench_time(&s, BENCH_PERSISTENT, reps) : -1;
    row(rank, size, coll, bytes, "MPI", mpi);
    row(rank, size, coll, bytes, "hmpi", hmpi);
    row(rank, size, coll, bytes, "hmpi_init", init);
    for (int a = 1; with_algorithms && a < NALGS; a++) { /* (auto: above) */
        if (!bench_sets_init(&s, algorithms[a]) || (t = bench_time(&s, BENCH_PERSISTENT, reps)) < 0)
            continue; /* not an algorithm of this collective, or not here */
        row(rank, size, coll, bytes, algorithms[a], t);
        if (best < 0 || t < best_t)
            best = a, best_t = t;
    }
    bench_sets_free(&s);
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
    int code = bench_parse(argc, argv, &o,
                           "[--colls bcast,allreduce] [--sizes 8,8192] [--reps 300] "
                           "[--algorithms] [--label NAME] [--csv FILE] [--sync barrier] "
                           "[--back-to-back N]");
    if (code >= 0)
        return code;
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
        printf("node collectives: %d ranks, %s; median of %d, slowest rank, us", size, label, reps);
        printf(bench_calls > 1 ? " (of %d in a row, per operation)\n" : "\n", bench_calls);
        printf("  %-20s %8s %10s %10s %10s %7s %7s%s\n", "collective", "bytes", "MPI", "hmpi",
               "hmpi_init", "/MPI", "init/MPI",
               o.algorithms ? "   best forced            us    /MPI" : "");
    }
    double floor_us = floor_time(MPI_COMM_WORLD);
    if (rank == 0 && floor_us >= 0) {
        printf("  %-20s %8d %10.2f   (a flag from rank 0 to the others in shared memory: the "
               "floor)\n",
               "floor", 0, floor_us);
        if (csv)
            fprintf(csv, "%s,%d,flag,0,floor,%.3f\n", label, size, floor_us);
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

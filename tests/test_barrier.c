/* Barrier semantics: no process leaves before the last one has entered.
 * Every algorithm, form (persistent started three times, nonblocking,
 * blocking) and communicator (world, shuffled, a subset); a different
 * process arrives late each time. Entry and exit are read from the
 * machine's monotonic clock, which all processes of a job on one machine
 * share. The per-level dissemination's rounds are checked against the
 * hierarchy. */
#include "testutil.h"

#include <time.h>

static int rank, size;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* One barrier in the given form; the late process enters 20 ms after the
 * others; every process's exit follows the late entry. */
static void one_barrier(MPI_Comm comm, MPI_Info info, int form, int late)
{
    int me;
    double t[2], *all;
    HMPI_Request req = HMPI_REQUEST_NULL;
    MPI_Comm_rank(comm, &me);
    if (form == 0)
        CHECK_MPI(HMPI_Barrier_init(comm, info, &req));
    for (int run = 0; run < (form == 0 ? 3 : 1); run++) {
        int n;
        MPI_Comm_size(comm, &n);
        MPI_Barrier(comm);
        if (me == (late + run) % n)
            sleep_ms(20);
        t[0] = now();
        if (form == 0) {
            CHECK_MPI(HMPI_Start(&req));
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        } else if (form == 1) {
            CHECK_MPI(HMPI_Ibarrier(comm, &req));
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        } else {
            CHECK_MPI(HMPI_Barrier(comm));
        }
        t[1] = now();
        all = malloc(2 * sizeof(double) * (size_t)n);
        MPI_Allgather(t, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, comm);
        double last_in = all[0], first_out = all[1];
        for (int i = 1; i < n; i++) {
            last_in = all[2 * i] > last_in ? all[2 * i] : last_in;
            first_out = all[2 * i + 1] < first_out ? all[2 * i + 1] : first_out;
        }
        CHECK(first_out >= last_in);
        free(all);
    }
    if (form == 0)
        CHECK_MPI(HMPI_Request_free(&req));
}

static void semantics(MPI_Comm comm, int *late)
{
    static const char *const algs[] = {"auto", "dissemination", "hierarchical"};
    for (int a = 0; a < 3; a++) {
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_algorithm", algs[a]);
        setenv("HMPI_COLL_ALGORITHM", algs[a], 1);
        for (int form = 0; form < 3; form++)
            one_barrier(comm, info, form, (*late)++);
        unsetenv("HMPI_COLL_ALGORITHM");
        MPI_Info_free(&info);
    }
}

/* Rounds of the persistent barrier of an algorithm (the most over processes). */
static int rounds_of(const char *alg)
{
    MPI_Info info;
    HMPI_Request req;
    int rounds, messages, most;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", alg);
    CHECK_MPI(HMPI_Barrier_init(MPI_COMM_WORLD, info, &req));
    CHECK_MPI(HMPI_Request_get_schedule_info(req, &rounds, &messages));
    CHECK_MPI(HMPI_Start(&req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK_MPI(HMPI_Request_free(&req));
    MPI_Info_free(&info);
    MPI_Allreduce(&rounds, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

/* On goglin-4nodes (4 nodes of 2 packages, each with 2 L2 caches of 2
 * cores; 32 ranks): the dissemination per level takes ⌈log₂ 2⌉ = 1 round
 * among cores, L2 caches and packages, ⌈log₂ 4⌉ = 2 among nodes; rank 0,
 * which leads a group at every level, then releases in one round: 6. The
 * flat dissemination over 32 ranks takes 5, all of them between nodes. */
static void rounds(void)
{
    const char *topo = getenv("HMPI_TOPOLOGY");
    if (size != 32 || !topo || !strstr(topo, "goglin-4nodes"))
        return;
    CHECK_INT(rounds_of("hierarchical"), 6);
    CHECK_INT(rounds_of("dissemination"), 5);
}

int main(int argc, char **argv)
{
    MPI_Comm shuffled, subset;
    int late = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 1 ? MPI_UNDEFINED : 0, size - rank, &subset);
    semantics(MPI_COMM_WORLD, &late);
    semantics(shuffled, &late);
    if (subset != MPI_COMM_NULL)
        semantics(subset, &late);
    rounds();
    if (subset != MPI_COMM_NULL)
        MPI_Comm_free(&subset);
    MPI_Comm_free(&shuffled);
    if (rank == 0)
        printf("test_barrier: %d ranks, %d checks passed\n", size, test_checks);
    MPI_Finalize();
    return 0;
}

/* MPI_THREAD_MULTIPLE: several threads call hmpi at once, each on its own
 * communicator (as MPI requires for collectives). Their first calls race on
 * every lazily created piece of library state (keyvals, locality, private
 * duplicates, error codes); then each runs collectives, persistent requests,
 * splits, hierarchies and neighbourhoods, compared with MPI's own results.
 *
 *   test_threads [threads] [iterations] */
#include "testutil.h"

#include <pthread.h>

static int rank, size, iterations = 20;
static pthread_barrier_t start;

typedef struct job {
    int id;
    MPI_Comm comm;
} job;

static void collectives(MPI_Comm comm, int id, int it)
{
    int n = size, mine = 1000 * id + 10 * rank + it, sum = 0, want = 0;
    CHECK_MPI(HMPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, comm));
    CHECK_MPI(MPI_Allreduce(&mine, &want, 1, MPI_INT, MPI_SUM, comm));
    CHECK_INT(sum, want);
    int value = rank == it % n ? mine : -1;
    CHECK_MPI(HMPI_Bcast(&value, 1, MPI_INT, it % n, comm));
    CHECK_INT(value, 1000 * id + 10 * (it % n) + it);
    int *send = malloc(sizeof(int) * n), *got = malloc(sizeof(int) * n),
        *ref = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++)
        send[i] = mine * 100 + i;
    CHECK_MPI(HMPI_Alltoall(send, 1, MPI_INT, got, 1, MPI_INT, comm));
    CHECK_MPI(MPI_Alltoall(send, 1, MPI_INT, ref, 1, MPI_INT, comm));
    CHECK(memcmp(got, ref, sizeof(int) * n) == 0);
    free(send), free(got), free(ref);
}

static void persistent(MPI_Comm comm, int id)
{
    HMPI_Request req;
    int in = 0, out = 0;
    CHECK_MPI(HMPI_Allreduce_init(&in, &out, 1, MPI_INT, MPI_MAX, comm, MPI_INFO_NULL, &req));
    for (int it = 0; it < iterations; it++) {
        in = rank * it + id;
        CHECK_MPI(HMPI_Start(&req));
        CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        CHECK_INT(out, (size - 1) * it + id);
    }
    CHECK_MPI(HMPI_Request_free(&req));
}

static void splits(MPI_Comm comm)
{
    MPI_Comm level;
    HMPI_Hierarchy h;
    int depth, num, index, len;
    char type[HMPI_MAX_LEVEL_NAME];
    CHECK_MPI(HMPI_Comm_split_type(comm, HMPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, &level));
    if (level != MPI_COMM_NULL) {
        CHECK_MPI(HMPI_Comm_get_hlevel_info(level, &num, &index, type, &len));
        CHECK(index >= 0 && index < num);
        MPI_Comm_free(&level);
    }
    CHECK_MPI(HMPI_Hierarchy_create(comm, MPI_INFO_NULL, &h));
    CHECK_MPI(HMPI_Hierarchy_depth(h, &depth));
    CHECK(depth >= 0);
    CHECK_MPI(HMPI_Hierarchy_free(&h));
    CHECK(h == HMPI_HIERARCHY_NULL);
}

static void neighbourhood(MPI_Comm comm)
{
    int dims[1] = {size}, periods[1] = {1}, offs[2] = {1, -1}, send[2], recv[2];
    MPI_Comm cart, iso;
    CHECK_MPI(MPI_Cart_create(comm, 1, dims, periods, 0, &cart));
    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, 2, offs, &iso));
    for (int it = 0; it < iterations; it++) {
        send[0] = send[1] = rank + it;
        CHECK_MPI(HMPI_Iso_neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, iso));
        CHECK_INT(recv[0], (rank - 1 + size) % size + it);
        CHECK_INT(recv[1], (rank + 1) % size + it);
    }
    MPI_Comm_free(&cart);
}

/* Error codes are created and cached concurrently. */
static void errors(MPI_Comm comm, int id)
{
    int x = 0;
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    expect_error(HMPI_Bcast(&x, 1, MPI_INT, -1 - id, comm), MPI_ERR_ROOT, "HMPI_Bcast",
                 "is not a rank");
}

static void *run(void *arg)
{
    const job *j = arg;
    pthread_barrier_wait(&start); /* first hmpi calls at the same time */
    collectives(j->comm, j->id, 0);
    for (int it = 1; it < iterations; it++)
        collectives(j->comm, j->id, it);
    persistent(j->comm, j->id);
    splits(j->comm);
    neighbourhood(j->comm);
    errors(j->comm, j->id);
    return NULL;
}

/* Open MPI 4.1 opens its topo framework lazily, without a lock, at the first
 * MPI_Cart_create: two threads making their first Cartesian communicators at
 * once crash inside libopen-pal (mca_topo_base_lazy_init). That is MPI's own
 * state, not hmpi's, so one Cartesian communicator made before the threads
 * start opens it; every hmpi state still races in the threads. */
static void warm_up_topology_framework(void)
{
    int dims[1] = {size}, periods[1] = {0};
    MPI_Comm cart;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart));
    CHECK_MPI(MPI_Comm_free(&cart));
}

int main(int argc, char **argv)
{
    int provided, supported, nthreads = argc > 1 ? atoi(argv[1]) : 4;
    if (argc > 2)
        iterations = atoi(argv[2]);
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_MPI(HMPI_Query_thread(&supported));
    CHECK_INT(supported, MPI_THREAD_MULTIPLE);
    CHECK_INT(provided, MPI_THREAD_MULTIPLE); /* both MPI libraries here provide it */
    warm_up_topology_framework();
    pthread_t *threads = malloc(sizeof *threads * nthreads);
    job *jobs = malloc(sizeof *jobs * nthreads);
    pthread_barrier_init(&start, NULL, (unsigned)nthreads);
    for (int t = 0; t < nthreads; t++) { /* made in the same order everywhere */
        jobs[t].id = t;
        MPI_Comm_dup(MPI_COMM_WORLD, &jobs[t].comm);
    }
    for (int t = 0; t < nthreads; t++)
        pthread_create(&threads[t], NULL, run, &jobs[t]);
    for (int t = 0; t < nthreads; t++)
        pthread_join(threads[t], NULL);
    for (int t = 0; t < nthreads; t++)
        MPI_Comm_free(&jobs[t].comm);
    pthread_barrier_destroy(&start);
    if (rank == 0)
        printf("test_threads: %d threads x %d iterations on %d ranks passed\n", nthreads,
               iterations, size);
    free(threads), free(jobs);
    MPI_Finalize();
    return 0;
}

/* A node calibration that fails on one rank alone (HMPI_PROBE_LATENCY=1,
 * 2 ranks bound, one node): rank 1's message probe cannot build its
 * schedule, or rank 1's timing of the library's local sums fails. Neither
 * rank waits for the other, the node keeps the built-in figures, and the
 * segment still serves: allreduces through it are exact, restarted. Built
 * with hmpi's objects: -Wl,--wrap=hmpi__sched_create fails one schedule;
 * MPI_Reduce_local is interposed as a profiling tool would. Where the
 * machine skips the calibration (more ranks than cores), so does the test. */
#include "shm/shm_internal.h"
#include "testutil.h"

hmpi__sched *__real_hmpi__sched_create(MPI_Comm comm);
hmpi__sched *__wrap_hmpi__sched_create(MPI_Comm comm);

enum { FAIL_NONE, FAIL_SCHEDULE, FAIL_LOCAL_SUMS };
static int failing; /* on rank 1: what fails next, once */
static int failed;  /* how many failures were made */

hmpi__sched *__wrap_hmpi__sched_create(MPI_Comm comm)
{
    if (failing == FAIL_SCHEDULE) {
        failing = FAIL_NONE, failed++;
        return NULL;
    }
    return __real_hmpi__sched_create(comm);
}

int MPI_Reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    if (failing == FAIL_LOCAL_SUMS) {
        failing = FAIL_NONE, failed++;
        return MPI_ERR_OP;
    }
    return PMPI_Reduce_local(in, inout, count, type, op);
}

/* A persistent allreduce through comm's segment, started 3 times: exact. */
static void allreduce_through_segment(MPI_Comm comm)
{
    enum { COUNT = 20000 }; /* several pieces */
    int rank, size, *in = malloc(sizeof(int) * COUNT), *out = malloc(sizeof(int) * COUNT);
    HMPI_Request req;
    MPI_Info info;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_allreduce_algorithm", "shm");
    CHECK_MPI(HMPI_Allreduce_init(in, out, COUNT, MPI_INT, MPI_SUM, comm, info, &req));
    MPI_Info_free(&info);
    for (int run = 0; run < 3; run++) {
        for (int i = 0; i < COUNT; i++)
            in[i] = rank * 1000 + i + run;
        CHECK_MPI(HMPI_Start(&req));
        CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        for (int i = 0; i < COUNT; i++)
            CHECK_INT(out[i], size * (i + run) + 1000 * size * (size - 1) / 2);
    }
    CHECK_MPI(HMPI_Request_free(&req));
    free(in);
    free(out);
}

/* comm's node segment, made (and calibrated) by its first collective. */
static hmpi__shm *segment_of(MPI_Comm comm)
{
    hmpi__shm *shm = NULL;
    CHECK_MPI(hmpi__shm_get(comm, 0, "test", &shm));
    CHECK(shm != NULL);
    return shm;
}

/* A fresh communicator whose calibration fails on rank 1 as `how` says. */
static void calibration_fails(int how)
{
    MPI_Comm comm;
    int rank;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_rank(comm, &rank);
    failed = 0;
    failing = rank == 1 ? how : FAIL_NONE;
    allreduce_through_segment(comm); /* calibrates, then runs */
    CHECK_INT(failed, rank == 1);
    CHECK_INT(segment_of(comm)->costs.measured, 0); /* the built-in figures */
    allreduce_through_segment(comm);
    MPI_Comm_free(&comm);
}

int main(int argc, char **argv)
{
    MPI_Comm comm;
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_INT(size, 2);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    allreduce_through_segment(comm);
    int calibrates = segment_of(comm)->costs.measured;
    MPI_Comm_free(&comm);
    if (calibrates) {
        calibration_fails(FAIL_SCHEDULE);
        calibration_fails(FAIL_LOCAL_SUMS);
    }
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        printf("test_calibrate_fails: %d checks passed%s\n", test_checks,
               calibrates ? "" : " (the node is not calibrated here: failures not tried)");
    MPI_Finalize();
    return 0;
}

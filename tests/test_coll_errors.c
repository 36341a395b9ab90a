/* Errors of collectives and requests: MPI error classes, strings naming the
 * function and argument, outputs untouched.
 *   test_coll_errors          errors every process makes alike
 *   test_coll_errors check    with HMPI_CHECK=1: mismatches across processes
 *                             (roots, counts, ops, one bad process) are errors
 *                             everywhere instead of hangs */
#include "testutil.h"

static int rank, size;

/* a non-commutative op: keeps the left operand (never called here) */
static void keep_left(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    memcpy(inout, in, sizeof(int) * (size_t)*len);
}

static void argument_errors(void)
{
    HMPI_Request req = HMPI_REQUEST_NULL;
    int buf[4] = {0};
    MPI_Info info;
    expect_error(HMPI_Bcast_init(buf, 1, MPI_INT, size, MPI_COMM_WORLD, MPI_INFO_NULL, &req),
                 MPI_ERR_ROOT, "HMPI_Bcast_init", "'root'");
    expect_error(HMPI_Bcast(buf, -3, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_COUNT, "HMPI_Bcast",
                 "'count' (-3)");
    expect_error(HMPI_Ibcast(buf, 1, MPI_INT, 0, MPI_COMM_NULL, &req), MPI_ERR_COMM, "HMPI_Ibcast",
                 "'comm'");
    expect_error(
        HMPI_Allreduce_init(buf, buf + 1, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, NULL),
        MPI_ERR_ARG, "HMPI_Allreduce_init", "'request'");
    expect_error(HMPI_Allreduce(buf, buf + 1, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Allreduce", "'op'");
    expect_error(HMPI_Allgather(buf, 1, MPI_DATATYPE_NULL, buf, 1, MPI_INT, MPI_COMM_WORLD),
                 MPI_ERR_TYPE, "HMPI_Allgather", "'sendtype'");
    expect_error(HMPI_Alltoall(buf, 1, MPI_INT, buf, -1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_COUNT,
                 "HMPI_Alltoall", "'recvcount' (-1)");
    expect_error(HMPI_Allreduce(buf, MPI_IN_PLACE, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
                 MPI_ERR_BUFFER, "HMPI_Allreduce", "'recvbuf' is MPI_IN_PLACE");
    expect_error(HMPI_Scan(buf, MPI_IN_PLACE, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                 "HMPI_Scan", "'recvbuf' is MPI_IN_PLACE");
    expect_error(HMPI_Iexscan(buf, buf + 1, -2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req),
                 MPI_ERR_COUNT, "HMPI_Iexscan", "'count' (-2)");
    expect_error(HMPI_Exscan_init(buf, buf + 1, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD,
                                  MPI_INFO_NULL, &req),
                 MPI_ERR_OP, "HMPI_Exscan_init", "'op'");
    int counts[64] = {0}, displs[64] = {0};
    counts[size - 1] = -1;
    expect_error(HMPI_Allgatherv(buf, 0, MPI_INT, buf + 1, counts, displs, MPI_INT, MPI_COMM_WORLD),
                 MPI_ERR_COUNT, "HMPI_Allgatherv", "'recvcounts' has a negative entry (-1 at");
    expect_error(HMPI_Ialltoallv(buf, counts, NULL, MPI_INT, buf + 1, counts, displs, MPI_INT,
                                 MPI_COMM_WORLD, &req),
                 MPI_ERR_ARG, "HMPI_Ialltoallv", "'sdispls' is NULL");
    CHECK(req == HMPI_REQUEST_NULL); /* outputs untouched */

    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "ring");
    expect_error(HMPI_Bcast_init(buf, 1, MPI_INT, 0, MPI_COMM_WORLD, info, &req),
                 MPI_ERR_INFO_VALUE, "HMPI_Bcast_init", "'ring' does not implement bcast");
    /* the v and w collectives are named too (they were "(null)") */
    int zeros[64] = {0};
    MPI_Datatype types[64];
    for (int i = 0; i < 64; i++)
        types[i] = MPI_INT;
    expect_error(HMPI_Alltoallw_init(buf, zeros, zeros, types, buf + 1, zeros, zeros, types,
                                     MPI_COMM_WORLD, info, &req),
                 MPI_ERR_INFO_VALUE, "HMPI_Alltoallw_init",
                 "'ring' does not implement alltoallw (it has: native, linear, pairwise)");
    MPI_Info_set(info, "hmpi_algorithm", "quantum");
    expect_error(HMPI_Barrier_init(MPI_COMM_WORLD, info, &req), MPI_ERR_INFO_VALUE,
                 "HMPI_Barrier_init", "'quantum'");
    MPI_Op noncommutative;
    MPI_Op_create(keep_left, 0, &noncommutative);
    MPI_Info_set(info, "hmpi_algorithm", "hierarchical");
    expect_error(
        HMPI_Reduce_init(buf, buf + 1, 1, MPI_INT, noncommutative, 0, MPI_COMM_WORLD, info, &req),
        MPI_ERR_OP, "HMPI_Reduce_init", "needs a commutative 'op'");
    MPI_Op_free(&noncommutative);
    MPI_Info_free(&info);
}

/* A predefined op on a datatype it is not defined on is MPI_ERR_OP on every
 * process, before any message moves (it used to fail on the reducing ranks
 * only); the pairs that are defined still reduce. */
static void op_type_errors(void)
{
    float f[2] = {1, 0}, g[2] = {-1, -1};
    int ints[4] = {1, 2, 3, 4}, out[4] = {0};
    HMPI_Request req = HMPI_REQUEST_NULL;
    expect_error(HMPI_Reduce(f, g, 2, MPI_FLOAT, MPI_LXOR, 0, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Reduce", "'op' (MPI_LXOR) is not defined on datatype MPI_FLOAT");
    CHECK(g[0] == -1 && g[1] == -1); /* untouched */
    expect_error(HMPI_Allreduce(ints, out, 1, MPI_2INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Allreduce", "'op' (MPI_SUM) is not defined on datatype MPI_2INT");
    expect_error(HMPI_Iallreduce(f, g, 1, MPI_FLOAT, MPI_MAXLOC, MPI_COMM_WORLD, &req), MPI_ERR_OP,
                 "HMPI_Iallreduce", "'op' (MPI_MAXLOC)");
    expect_error(HMPI_Reduce_scatter_block_init(f, g, 1, MPI_DOUBLE, MPI_BAND, MPI_COMM_WORLD,
                                                MPI_INFO_NULL, &req),
                 MPI_ERR_OP, "HMPI_Reduce_scatter_block_init", "'op' (MPI_BAND)");
    expect_error(HMPI_Scan(ints, out, 1, MPI_INT, MPI_REPLACE, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Scan", "'op' (MPI_REPLACE)");
    CHECK(req == HMPI_REQUEST_NULL);
    MPI_Datatype four;
    MPI_Type_contiguous(4, MPI_INT, &four);
    MPI_Type_commit(&four);
    expect_error(HMPI_Allreduce(ints, out, 1, four, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Allreduce", "'datatype' (unnamed) is derived");
    MPI_Type_free(&four);
    MPI_Datatype int_dup; /* both MPI libraries refuse duplicates too */
    MPI_Type_dup(MPI_INT, &int_dup);
    expect_error(HMPI_Allreduce(ints, out, 2, int_dup, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_OP,
                 "HMPI_Allreduce", "is derived");
    MPI_Type_free(&int_dup);
    /* defined: MPI_SUM on MPI_INT, MPI_CHAR as an integer, MPI_BXOR on MPI_BYTE */
    CHECK_MPI(HMPI_Allreduce(ints, out, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    CHECK_INT(out[0], size);
    CHECK_INT(out[1], 2 * size);
    char c = 1, csum = 0;
    CHECK_MPI(HMPI_Allreduce(&c, &csum, 1, MPI_CHAR, MPI_SUM, MPI_COMM_WORLD));
    CHECK_INT(csum, size);
    unsigned char b = (unsigned char)(1u << (rank % 8)), bx = 0, want = 0;
    for (int r = 0; r < size; r++)
        want ^= (unsigned char)(1u << (r % 8));
    CHECK_MPI(HMPI_Allreduce(&b, &bx, 1, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD));
    CHECK_INT(bx, want);
}

static void request_errors(void)
{
    HMPI_Request req = HMPI_REQUEST_NULL, null = HMPI_REQUEST_NULL;
    int buf = rank, flag;
    MPI_Status status;
    expect_error(HMPI_Start(NULL), MPI_ERR_ARG, "HMPI_Start", "'request'");
    expect_error(HMPI_Start(&null), MPI_ERR_REQUEST, "HMPI_Start", "HMPI_REQUEST_NULL");
    expect_error(HMPI_Request_free(&null), MPI_ERR_REQUEST, "HMPI_Request_free", "'request'");
    expect_error(HMPI_Startall(-1, &req), MPI_ERR_COUNT, "HMPI_Startall", "'count' (-1)");
    CHECK_MPI(HMPI_Wait(&null, &status)); /* a null request completes at once */
    CHECK_INT(status.MPI_SOURCE, MPI_ANY_SOURCE);
    CHECK_MPI(HMPI_Test(&null, &flag, MPI_STATUS_IGNORE));
    CHECK(flag);

    CHECK_MPI(HMPI_Bcast_init(&buf, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE)); /* inactive: returns at once */
    CHECK_MPI(HMPI_Start(&req));
    expect_error(HMPI_Start(&req), MPI_ERR_REQUEST, "HMPI_Start", "already active");
    expect_error(HMPI_Request_free(&req), MPI_ERR_REQUEST, "HMPI_Request_free", "is active");
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK_INT(buf, 0);
    CHECK(req != HMPI_REQUEST_NULL); /* persistent: inactive, still there */
    CHECK_MPI(HMPI_Request_free(&req));
    CHECK(req == HMPI_REQUEST_NULL);
}

/* The schedule of a dissemination barrier: ceil(log2 p) rounds of one send
 * and one receive each. */
static void schedule_info(void)
{
    HMPI_Request req;
    MPI_Info info;
    int rounds = -1, messages = -1, expected = 0;
    while ((1 << expected) < size)
        expected++;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "dissemination");
    CHECK_MPI(HMPI_Barrier_init(MPI_COMM_WORLD, info, &req));
    MPI_Info_free(&info);
    CHECK_MPI(HMPI_Request_get_schedule_info(req, &rounds, &messages));
    CHECK_INT(messages, 2 * expected);
    CHECK_INT(rounds, expected > 0 ? expected : 1); /* an empty schedule has one empty round */
    expect_error(HMPI_Request_get_schedule_info(req, NULL, &messages), MPI_ERR_ARG,
                 "HMPI_Request_get_schedule_info", "'rounds'");
    CHECK_MPI(HMPI_Start(&req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK_MPI(HMPI_Request_free(&req));
}

/* Without HMPI_CHECK, processes that disagree meet the MPI library's error
 * on hmpi's private communicator (named after the user's): it is reported
 * on the user's communicator, naming it, with HMPI_CHECK suggested. */
static void mismatch_unchecked(void)
{
    enum { N = 1000 };
    int *buf = calloc(N, sizeof(int));
    setenv("HMPI_BCAST_ALGORITHM", "linear", 1); /* every message from the root */
    int rc = HMPI_Bcast(buf, rank == 0 ? N : 10, MPI_INT, 0, MPI_COMM_WORLD);
    unsetenv("HMPI_BCAST_ALGORITHM");
    if (rank == 0)
        CHECK_MPI(rc);
    else {
        expect_error(rc, MPI_ERR_TRUNCATE, "HMPI_Bcast", "on communicator MPI_COMM_WORLD failed");
        expect_error(rc, MPI_ERR_TRUNCATE, "HMPI_Bcast", "HMPI_CHECK=1");
    }
    free(buf);
    MPI_Barrier(MPI_COMM_WORLD);
}

/* HMPI_CHECK=1: inconsistent calls fail on every process, and the
 * communicator stays usable afterwards. */
static void mismatch_errors(void)
{
    HMPI_Request req = HMPI_REQUEST_NULL;
    int in[2] = {rank, rank}, out[2] = {0, 0};
    expect_error(HMPI_Bcast_init(in, 1, MPI_INT, rank % 2, MPI_COMM_WORLD, MPI_INFO_NULL, &req),
                 MPI_ERR_ROOT, "HMPI_Bcast_init", "root differs");
    expect_error(HMPI_Allreduce(in, out, rank == 0 ? 2 : 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
                 MPI_ERR_ARG, "HMPI_Allreduce", "bytes per block differs");
    expect_error(HMPI_Reduce(in, out, 1, MPI_INT, rank % 2 ? MPI_MAX : MPI_SUM, 0, MPI_COMM_WORLD),
                 MPI_ERR_ARG, "HMPI_Reduce", "op differs");
    /* one process alone is wrong: it gets its own error, the others are told */
    int rc = HMPI_Reduce(rank == 1 ? MPI_IN_PLACE : (void *)in, out, 1, MPI_INT, MPI_SUM, 0,
                         MPI_COMM_WORLD);
    if (rank == 1)
        expect_error(rc, MPI_ERR_BUFFER, "HMPI_Reduce", "'sendbuf' is MPI_IN_PLACE");
    else
        expect_error(rc, MPI_ERR_ARG, "HMPI_Reduce", "another process passed invalid");
    rc = HMPI_Gather(in, rank == size - 1 ? -1 : 1, MPI_INT, out, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(rc != MPI_SUCCESS);
    CHECK(req == HMPI_REQUEST_NULL);
    /* different collectives: named, with a process of each */
    rc = rank == 0 ? HMPI_Bcast(in, 1, MPI_INT, 0, MPI_COMM_WORLD)
                   : HMPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    expect_error(rc, MPI_ERR_ARG, rank == 0 ? "HMPI_Bcast" : "HMPI_Allreduce",
                 "the collective differs across the communicator's");
    expect_error(rc, MPI_ERR_ARG, rank == 0 ? "HMPI_Bcast" : "HMPI_Allreduce",
                 ": bcast at rank 0, allreduce at rank 1");
    /* still usable */
    CHECK_MPI(HMPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    CHECK_INT(out[0], size * (size - 1) / 2);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (argc > 1 && strcmp(argv[1], "check") == 0) {
        CHECK(size >= 2);
        mismatch_errors();
    } else {
        argument_errors();
        op_type_errors();
        request_errors();
        schedule_info();
        if (size >= 2)
            mismatch_unchecked();
    }
    test_done("collective errors");
    MPI_Finalize();
    return 0;
}

/* Collectives against the MPI library's own, byte for byte (holes of derived
 * datatypes included): every collective x algorithm x count (0, 1, odd,
 * large) x datatype (int, vector with holes, contiguous of 4) x root x op
 * (sum, max, a non-commutative user op) x communicator (world, shuffled,
 * subset). Persistent requests are started three times with new contents;
 * the nonblocking and blocking forms run too; persistent native requests
 * started in different orders by different ranks.
 *   test_coll [world|shuffled] [collective ...]
 * (default: all three communicators, all collectives) */
#include "collcase.h"

static int cases;

/* The cases test_coll keeps of the matrix, for algorithm alg. */
static int wanted(int coll, const char *alg, const struct casepos *p)
{
    int multilane = strncmp(alg, "multilane", 9) == 0;
    int pipelined = strncmp(alg, "twotree", 7) == 0;
    if (strcmp(alg, "native") == 0 && !(p->ri < 2 && (p->ti == 0 ? p->ci == 3 : p->ci == 1)))
        return 0; /* the library's own: hmpi passes the arguments on (every type, op, in
                   * place and form; one count each, two roots: MPICH spins in its own) */
    if (p->ti == 3 && p->ci >= 3)
        return 0; /* swapped: data movement, small counts */
    if (p->ci >= 3 && p->ti != 0 && coll == ALLTOALL)
        return 0; /* keep the big cases small */
    if (strchr(alg, '*') && (p->ci < 2 || (p->ci > 3 && !pipelined) || p->ti != 0))
        return 0; /* forced lane or tree counts: how parts split, ints (the trees' pieces
                   * at the largest too) */
    if (p->ci == 4 && !(coll == ALLREDUCE && strcmp(alg, "auto") == 0) &&
        !(multilane && p->ti == 0 && p->oi == 0 && p->ip == 0 && p->ri < 2) &&
        !(pipelined && p->ti < 2))
        return 0; /* the largest count: allreduce's auto choice, multilane's large-message
                   * paths and the pipelines' pieces (holes too) only */
    return !(commutative_only(alg, coll) && p->oi == 2); /* these need commutative ops */
}

static void run_coll(int coll, MPI_Comm comm)
{
    for (int ai = 0; ai < NALG && algs[coll][ai]; ai++)
        cases += collcase_run_matrix(coll, comm, algs[coll][ai], wanted);
}

/* Is every node's set of ranks of comm one interval of ranks? A node of the
 * collectives: a board (the Group below a Machine split into Groups), else
 * the machine. */
static int nodes_in_rank_order(MPI_Comm comm)
{
    MPI_Comm node, board;
    MPI_Info group;
    int rank, size, leader, changes = 0, nnodes = 0, *leaders;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Info_create(&group);
    MPI_Info_set(group, "mpi_hw_resource_type", "Group");
    CHECK_MPI(HMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node));
    CHECK_MPI(HMPI_Comm_split_type(comm, HMPI_COMM_TYPE_HW_GUIDED, rank, group, &board));
    MPI_Info_free(&group);
    if (board != MPI_COMM_NULL) {
        MPI_Comm_free(&node);
        node = board;
    }
    leader = rank;
    MPI_Bcast(&leader, 1, MPI_INT, 0, node); /* the node's lowest rank */
    MPI_Comm_free(&node);
    leaders = malloc(sizeof(int) * (size_t)size);
    MPI_Allgather(&leader, 1, MPI_INT, leaders, 1, MPI_INT, comm);
    for (int r = 0; r < size; r++) {
        nnodes += leaders[r] == r;
        changes += r > 0 && leaders[r] != leaders[r - 1];
    }
    free(leaders);
    return changes == nnodes - 1;
}

/* Multi-lane reduce and allreduce with a non-commutative op combine in rank
 * order when the nodes' ranks are consecutive, and refuse it otherwise. */
static void ordered_multilane(MPI_Comm comm)
{
    static const char *const lanes[] = {"multilane", "multilane*1", "multilane*2", "multilane*3"};
    int size, in_order = nodes_in_rank_order(comm);
    MPI_Comm_size(comm, &size);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    for (int li = 0; li < 4; li++)
        for (int coll = REDUCE; coll <= ALLREDUCE; coll++)
            for (int ci = 1; ci < 4; ci++) {
                static const int counts[] = {1, 6, 301};
                int roots[] = {0, size - 1, size / 2};
                struct caseinfo k = {coll,      counts[ci - 1], roots[ci - 1], 0,      quad_type,
                                     matmul_op, lanes[li],      comm,          ci == 2};
                if (in_order) {
                    run_case(&k);
                    cases++;
                    continue;
                }
                HMPI_Request req = HMPI_REQUEST_NULL;
                MPI_Info info;
                int x[4] = {1, 0, 0, 1}, y[4];
                MPI_Info_create(&info);
                MPI_Info_set(info, "hmpi_algorithm", "multilane");
                expect_error(HMPI_Allreduce_init(x, y, 1, quad_type, matmul_op, comm, info, &req),
                             MPI_ERR_OP, "HMPI_Allreduce_init", "numbered consecutively");
                MPI_Info_free(&info);
            }
}

/* Index in main's comms[] of the communicator an argument names, or -1. */
static int comm_named(const char *arg)
{
    return strcmp(arg, "world") == 0 ? 0 : strcmp(arg, "shuffled") == 0 ? 1 : -1;
}

/* MPI 4 matches persistent collectives at _init: processes may start
 * them in different orders. Two persistent native requests (the library's
 * own, posted at each Start), started in opposite orders by the even and
 * the odd ranks, complete with MPI's results. */
static void native_start_order(MPI_Comm comm, int strict)
{
    int rank, size, sum = 0, x = 0;
    HMPI_Request reqs[2];
    MPI_Info info;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "native");
    static const char strict_key[] = "mpi_assert_strict_persistent_collective_ordering";
    if (strict && sizeof strict_key > MPI_MAX_INFO_KEY) { /* Open MPI 4.1 cannot hold it */
        MPI_Info_free(&info);
        return;
    }
    if (strict) { /* MPI 4.1: one order everywhere, which the requests then share */
        MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
        MPI_Info_set(info, strict_key, "perhaps");
        expect_error(HMPI_Bcast_init(&x, 1, MPI_INT, 0, comm, info, &reqs[1]), MPI_ERR_INFO_VALUE,
                     "HMPI_Bcast_init", "mpi_assert_strict_persistent_collective_ordering");
        MPI_Info_set(info, strict_key, "true");
    }
    int in = rank + 1;
    CHECK_MPI(HMPI_Allreduce_init(&in, &sum, 1, MPI_INT, MPI_SUM, comm, info, &reqs[0]));
    CHECK_MPI(HMPI_Bcast_init(&x, 1, MPI_INT, 0, comm, info, &reqs[1]));
    MPI_Info_free(&info);
    for (int run = 0; run < 3; run++) {
        sum = -1, x = rank == 0 ? 7 + run : -1;
        for (int i = 0; i < 2; i++)
            CHECK_MPI(HMPI_Start(&reqs[rank % 2 && !strict ? 1 - i : i]));
        for (int i = 0; i < 2; i++) /* (MPICH's MPI_STATUSES_IGNORE trips gcc's bounds check) */
            CHECK_MPI(HMPI_Wait(&reqs[i], MPI_STATUS_IGNORE));
        CHECK_INT(sum, size * (size + 1) / 2);
        CHECK_INT(x, 7 + run);
    }
    for (int i = 0; i < 2; i++)
        CHECK_MPI(HMPI_Request_free(&reqs[i]));
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    collcase_init();

    MPI_Comm shuffled, subset;
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 1 ? MPI_UNDEFINED : 0, size - rank, &subset);
    MPI_Comm comms[] = {MPI_COMM_WORLD, shuffled, subset};
    /* "world" or "shuffled" first: that communicator alone, else all three */
    int first = 0, end = 3, only = argc > 1 ? comm_named(argv[1]) : -1;
    if (only >= 0)
        first = only, end = only + 1;
    int all = argc == 1 + (only >= 0);
    for (int coll = 0; coll < NCOLL; coll++) {
        int wanted = all;
        for (int i = 1 + (only >= 0); i < argc; i++)
            wanted |= strcmp(argv[i], coll_name[coll]) == 0;
        if (!wanted)
            continue;
        for (int ci = first; ci < end; ci++)
            if (comms[ci] != MPI_COMM_NULL)
                run_coll(coll, comms[ci]);
    }
    for (int ci = first; ci < end && all; ci++)
        if (comms[ci] != MPI_COMM_NULL) {
            ordered_multilane(comms[ci]);
            native_start_order(comms[ci], 0);
            native_start_order(comms[ci], 1);
        }
    if (subset != MPI_COMM_NULL)
        MPI_Comm_free(&subset);
    MPI_Comm_free(&shuffled);
    collcase_finalize();
    if (rank == 0)
        printf("collectives: %d cases on rank 0\n", cases);
    test_done("collectives");
    MPI_Finalize();
    return 0;
}

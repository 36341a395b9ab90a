/* The collectives through the node's shared memory against the MPI
 * library's own, byte for byte: every collective that has the shm
 * algorithm x count (0, 1, odd, large: pieces through the buffers) x
 * datatype (int, vector with holes, contiguous of 4, swapped) x root x op
 * (sum, max, a non-commutative user op) x in place, on every communicator
 * within one node (the world on a real machine, its shuffled copy, a
 * subset, each virtual node of a cluster), persistent requests forced to
 * shm and started three times, the blocking calls by auto. Then: many
 * persistent collectives active at once on one communicator (each its own
 * segment, then message passing past HMPI_SHM_CHANNELS), a duplicate's own
 * segment, and shm refused where it cannot be. Over nodes: the shm rows
 * (the leaders' messages between nodes), the hierarchical tree whose
 * node levels are the segment's (its messages the nodes' alone), the
 * combining alltoall whose node steps are the segment's (its messages the
 * leaders' between nodes alone), a bcast whose root and others lay one
 * type signature out differently, and that a persistent collective whose
 * rows use no segment over nodes (gatherv, alltoallv) makes no window for
 * one there. With `barrier`: the barrier alone, and that nobody leaves it
 * before everybody came.
 *   test_shm [quick | barrier] */
#include "collcase.h"

#include <stdatomic.h>
#include <time.h>

static int cases, quick, several_nodes; /* several: the matrix on communicators over nodes */

static const int shm_colls[] = {BARRIER, BCAST,     REDUCE,   ALLREDUCE, GATHER,
                                SCATTER, ALLGATHER, ALLTOALL, RSB};

/* The cases test_shm keeps of the matrix. */
static int wanted(int coll, const char *alg, const struct casepos *p)
{
    if (several_nodes && is_reduction(coll) && p->oi == 2)
        return 0; /* over nodes the leaders combine in any order: commutative ops only */
    if (quick && several_nodes && strcmp(alg, "hierarchical") == 0 && (p->ti > 1 || p->ri == 1))
        return 0; /* the tree's node steps move bytes: ints and vectors, two roots */
    if (p->ci == 4 && (p->ti == 3 || (coll == ALLTOALL && p->ti != 0)))
        return 0; /* the largest: pieces, not every layout again */
    return !(quick && (p->ri == 2 || p->ci == 2 || (p->ci == 4 && p->ti != 0)));
}

/* Nobody leaves the shm barrier before everybody came: each process
 * stamps the round it comes to in a shared window (one of them late by
 * turns), and after the barrier finds every stamp at that round. Blocking
 * and persistent, on comm (within one node). */
static void barrier_holds(MPI_Comm comm)
{
    enum { ROUNDS = 16 };
    MPI_Info info;
    MPI_Win win;
    MPI_Aint bytes;
    HMPI_Request req;
    _Atomic int *stamp;
    void *mine;
    int size, rank, unit;
    const char *saved = getenv("HMPI_BARRIER_ALGORITHM");
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_barrier_algorithm", "shm");
    CHECK_MPI(HMPI_Barrier_init(comm, info, &req));
    MPI_Info_free(&info);
    MPI_Win_allocate_shared(rank == 0 ? (MPI_Aint)sizeof(int) * size : 0, sizeof(int),
                            MPI_INFO_NULL, comm, &mine, &win);
    MPI_Win_shared_query(win, 0, &bytes, &unit, &stamp);
    if (rank == 0)
        for (int q = 0; q < size; q++)
            atomic_store(&stamp[q], 0);
    MPI_Barrier(comm);
    setenv("HMPI_BARRIER_ALGORITHM", "shm", 1); /* the blocking ones too */
    for (int round = 1; round <= ROUNDS; round++) {
        if (rank == round % size) { /* late */
            struct timespec late = {0, 2000000};
            nanosleep(&late, NULL);
        }
        atomic_store(&stamp[rank], round);
        if (round % 2) {
            CHECK_MPI(HMPI_Start(&req));
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        } else {
            CHECK_MPI(HMPI_Barrier(comm));
        }
        for (int q = 0; q < size; q++)
            CHECK(atomic_load(&stamp[q]) >= round);
    }
    if (saved)
        setenv("HMPI_BARRIER_ALGORITHM", saved, 1);
    else
        unsetenv("HMPI_BARRIER_ALGORITHM");
    CHECK_MPI(HMPI_Request_free(&req));
    MPI_Win_free(&win);
    cases += ROUNDS;
}

/* Many persistent allreduces active at once on one communicator, waited
 * for in reverse order: each has a segment of its own while there are,
 * then messages (HMPI_SHM_CHANNELS); all exact. */
static void many_at_once(MPI_Comm comm)
{
    enum { N = 12, COUNT = 5000 };
    HMPI_Request req[N];
    int *in[N], *out[N], size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    for (int i = 0; i < N; i++) {
        in[i] = malloc(sizeof(int) * COUNT);
        out[i] = malloc(sizeof(int) * COUNT);
        CHECK_MPI(HMPI_Allreduce_init(in[i], out[i], COUNT, MPI_INT, MPI_SUM, comm, MPI_INFO_NULL,
                                      &req[i]));
    }
    for (int run = 0; run < 3; run++) {
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < COUNT; j++)
                in[i][j] = rank * 3 + i * 7 + j + run;
            CHECK_MPI(HMPI_Start(&req[i]));
        }
        for (int i = N - 1; i >= 0; i--)
            CHECK_MPI(HMPI_Wait(&req[i], MPI_STATUS_IGNORE));
        for (int i = 0; i < N; i++)
            for (int j = 0; j < COUNT; j += 997)
                CHECK_INT(out[i][j], 3 * size * (size - 1) / 2 + size * (i * 7 + j + run));
    }
    /* freed in another order than made: their segments come back for others */
    for (int i = 0; i < N; i += 2)
        CHECK_MPI(HMPI_Request_free(&req[i]));
    for (int i = 1; i < N; i += 2)
        CHECK_MPI(HMPI_Request_free(&req[i]));
    for (int i = 0; i < N; i++) {
        free(in[i]);
        free(out[i]);
    }
}

/* Writers that wait for no one's flag run ahead of readers that come
 * late, as far as their slots have buffers, then wait: the readers sleep
 * first, and a bcast's root starts ROUNDS operations of changing data in a
 * row, or a reduce's others do; each reader then gets every one in turn.
 * Persistent (a channel of its own) and blocking (channel 0), forced to
 * shm. */
static void writers_run_ahead(MPI_Comm comm)
{
    enum { ROUNDS = 40, COUNT = 3 };
    const struct timespec late = {0, 2000000};
    HMPI_Request bcast, reduce;
    MPI_Info info;
    int rank, size, x[COUNT], sum[COUNT];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "shm");
    CHECK_MPI(HMPI_Bcast_init(x, COUNT, MPI_INT, 0, comm, info, &bcast));
    CHECK_MPI(HMPI_Reduce_init(x, sum, COUNT, MPI_INT, MPI_SUM, 0, comm, info, &reduce));
    MPI_Info_free(&info);
    setenv("HMPI_COLL_ALGORITHM", "shm", 1);
    for (int blocking = 0; blocking < 2; blocking++) {
        if (rank != 0) /* the bcast's root ahead */
            nanosleep(&late, NULL);
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j < COUNT; j++)
                x[j] = rank == 0 ? r * 10 + j + blocking : -1;
            if (blocking)
                CHECK_MPI(HMPI_Bcast(x, COUNT, MPI_INT, 0, comm));
            else {
                CHECK_MPI(HMPI_Start(&bcast));
                CHECK_MPI(HMPI_Wait(&bcast, MPI_STATUS_IGNORE));
            }
            for (int j = 0; j < COUNT; j++)
                CHECK_INT(x[j], r * 10 + j + blocking);
        }
        if (rank == 0) /* the reduce's others ahead */
            nanosleep(&late, NULL);
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j < COUNT; j++)
                x[j] = rank * 100 + r * 10 + j + blocking;
            if (blocking)
                CHECK_MPI(HMPI_Reduce(x, sum, COUNT, MPI_INT, MPI_SUM, 0, comm));
            else {
                CHECK_MPI(HMPI_Start(&reduce));
                CHECK_MPI(HMPI_Wait(&reduce, MPI_STATUS_IGNORE));
            }
            for (int j = 0; j < COUNT && rank == 0; j++)
                CHECK_INT(sum[j], 100 * size * (size - 1) / 2 + size * (r * 10 + j + blocking));
        }
    }
    unsetenv("HMPI_COLL_ALGORITHM");
    CHECK_MPI(HMPI_Request_free(&bcast));
    CHECK_MPI(HMPI_Request_free(&reduce));
}

/* Ranks whose settings differ cut their slots alike (the least of every
 * rank's): on a new copy of comm, half the ranks ask for 2 buffers in a
 * slot of 4 KiB and one channel, the others for 64 buffers in 64 KiB and
 * eight channels. */
static void settings_differ(MPI_Comm comm)
{
    static const int colls[] = {BCAST, ALLREDUCE, ALLTOALL};
    MPI_Comm dup;
    int rank;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_dup(comm, &dup);
    setenv("HMPI_SHM_BUFFERS", rank % 2 ? "64" : "2", 1);
    setenv("HMPI_SHM_SLOT_BYTES", rank % 2 ? "65536" : "4096", 1);
    setenv("HMPI_SHM_CHANNELS", rank % 2 ? "8" : "1", 1);
    for (int i = 0; i < 3; i++)
        cases += collcase_run_matrix(colls[i], dup, "shm", wanted);
    unsetenv("HMPI_SHM_BUFFERS");
    unsetenv("HMPI_SHM_SLOT_BYTES");
    unsetenv("HMPI_SHM_CHANNELS");
    MPI_Comm_free(&dup);
}

/* Forced shm where it cannot be: nonblocking calls; over several nodes,
 * the collectives without a leaders' form and non-commutative ops. */
static void refused(MPI_Comm comm, int one_node)
{
    MPI_Info info;
    HMPI_Request req = HMPI_REQUEST_NULL;
    int x[4] = {1, 2, 3, 4}, y[4 * 64];
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "shm");
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    if (!one_node) {
        expect_error(HMPI_Allgather_init(x, 1, MPI_INT, y, 1, MPI_INT, comm, info, &req),
                     MPI_ERR_ARG, "HMPI_Allgather_init", "over several nodes");
        expect_error(HMPI_Allreduce_init(x, y, 1, quad_type, matmul_op, comm, info, &req),
                     MPI_ERR_ARG, "HMPI_Allreduce_init", "over several nodes");
    }
    MPI_Info_free(&info);
    setenv("HMPI_ALLREDUCE_ALGORITHM", "shm", 1);
    expect_error(HMPI_Iallreduce(x, y, 1, MPI_INT, MPI_SUM, comm, &req), MPI_ERR_ARG,
                 "HMPI_Iallreduce", "blocking or persistent call");
    unsetenv("HMPI_ALLREDUCE_ALGORITHM");
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
}

/* On one node, the built-in model takes shm for small vectors, blocking
 * and persistent: it is the node's algorithm, and the rows that also serve
 * several nodes price as messages beside it (a first version of the
 * multi-lane node steps through the segment made auto take multilane for
 * the persistent calls, and the library's own for the blocking ones). */
static void auto_takes_shm(MPI_Comm comm)
{
    static char text[1 << 14];
    int rank, x[2] = {1, 2}, y[2];
    test_capture capture;
    HMPI_Request req;
    MPI_Comm_rank(comm, &rank);
    setenv("HMPI_VERBOSE", "1", 1);
    test_capture_begin(&capture);
    CHECK_MPI(HMPI_Bcast(x, 2, MPI_INT, 0, comm));
    CHECK_MPI(HMPI_Reduce(x, y, 2, MPI_INT, MPI_SUM, 0, comm));
    CHECK_MPI(HMPI_Allreduce(x, y, 2, MPI_INT, MPI_SUM, comm));
    CHECK_MPI(HMPI_Bcast_init(x, 2, MPI_INT, 0, comm, MPI_INFO_NULL, &req));
    CHECK_MPI(HMPI_Request_free(&req));
    CHECK_MPI(HMPI_Reduce_init(x, y, 2, MPI_INT, MPI_SUM, 0, comm, MPI_INFO_NULL, &req));
    CHECK_MPI(HMPI_Request_free(&req));
    CHECK_MPI(HMPI_Allreduce_init(x, y, 2, MPI_INT, MPI_SUM, comm, MPI_INFO_NULL, &req));
    CHECK_MPI(HMPI_Request_free(&req));
    test_capture_end(&capture, text, sizeof text);
    unsetenv("HMPI_VERBOSE");
    if (rank == 0) { /* (rank 0 says what auto took) */
        CHECK_INT(test_occurrences(text, "auto took shm"), 6);
        CHECK_INT(test_occurrences(text, "auto took"), 6);
    }
}

/* The nodes comm spans (the virtual cluster's). */
static int nodes_of(MPI_Comm comm)
{
    MPI_Comm node;
    int local_rank, nodes;
    CHECK_MPI(HMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    MPI_Comm_rank(node, &local_rank);
    MPI_Allreduce(&(int){local_rank == 0}, &nodes, 1, MPI_INT, MPI_SUM, comm);
    MPI_Comm_free(&node);
    return nodes;
}

/* Start a persistent request once, wait for it and free it: the messages
 * (sends and receives) its schedule has on this process. */
static int messages_of_run(HMPI_Request *req)
{
    int rounds, messages;
    CHECK_MPI(HMPI_Request_get_schedule_info(*req, &rounds, &messages));
    CHECK_MPI(HMPI_Start(req));
    CHECK_MPI(HMPI_Wait(req, MPI_STATUS_IGNORE));
    CHECK_MPI(HMPI_Request_free(req));
    return messages;
}

/* The hierarchical tree over nodes with a channel: its node levels are
 * each node's segment, and its messages are the representatives' between
 * nodes alone (a send and a receive a node but the root's, twice for the
 * allreduce and the allgather, which go up, then down). A rooted call's
 * unused side is MPI_DATATYPE_NULL, as MPI lets it be. */
static void hierarchical_across_nodes(MPI_Comm comm)
{
    static const char *const keys[] = {"hmpi_bcast_algorithm",     "hmpi_reduce_algorithm",
                                       "hmpi_allreduce_algorithm", "hmpi_gather_algorithm",
                                       "hmpi_allgather_algorithm", "hmpi_scatter_algorithm"};
    static const int ways[] = {1, 1, 2, 1, 2, 1};
    int size, rank, nodes = nodes_of(comm), messages, total, senders;
    int x[2] = {1, 2}, *y = malloc(sizeof(int) * 2 * 64);
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    CHECK(size <= 64);
    for (int k = 0; k < 6; k++) {
        MPI_Info info;
        HMPI_Request req;
        MPI_Info_create(&info);
        MPI_Info_set(info, keys[k], "hierarchical");
        if (k == 0)
            CHECK_MPI(HMPI_Bcast_init(x, 2, MPI_INT, 0, comm, info, &req));
        else if (k == 1)
            CHECK_MPI(HMPI_Reduce_init(x, y, 2, MPI_INT, MPI_SUM, 0, comm, info, &req));
        else if (k == 2)
            CHECK_MPI(HMPI_Allreduce_init(x, y, 2, MPI_INT, MPI_SUM, comm, info, &req));
        else if (k == 3) /* (the others' receive side unused: MPI_DATATYPE_NULL) */
            CHECK_MPI(HMPI_Gather_init(x, 2, MPI_INT, rank ? NULL : y, rank ? 0 : 2,
                                       rank ? MPI_DATATYPE_NULL : MPI_INT, 0, comm, info, &req));
        else if (k == 4)
            CHECK_MPI(HMPI_Allgather_init(x, 2, MPI_INT, y, 2, MPI_INT, comm, info, &req));
        else
            CHECK_MPI(HMPI_Scatter_init(rank ? NULL : y, rank ? 0 : 2,
                                        rank ? MPI_DATATYPE_NULL : MPI_INT, x, 2, MPI_INT, 0, comm,
                                        info, &req));
        MPI_Info_free(&info);
        messages = messages_of_run(&req);
        MPI_Allreduce(&messages, &total, 1, MPI_INT, MPI_SUM, comm);
        MPI_Allreduce(&(int){messages > 0}, &senders, 1, MPI_INT, MPI_SUM, comm);
        CHECK_INT(total, 2 * ways[k] * (nodes - 1));
        CHECK(senders <= nodes);
        if (k == 2 || k == 4) /* (the others' results: the matrix) */
            for (int i = 0; i < 2 * (k == 2 ? 1 : size); i++)
                CHECK_INT(y[i], k == 2 ? (i + 1) * size : i % 2 + 1);
    }
    /* auto prices the hierarchical rows too: the same unused sides */
    CHECK_MPI(HMPI_Gather(x, 2, MPI_INT, rank ? NULL : y, rank ? 0 : 2,
                          rank ? MPI_DATATYPE_NULL : MPI_INT, 0, comm));
    for (int i = 0; rank == 0 && i < 2 * size; i++)
        CHECK_INT(y[i], i % 2 + 1);
    free(y);
}

/* The two trees over nodes with a channel (two, forced, of a buffer that
 * pipelines): each node passes the groups on through its segment, so that
 * only its lane leaders send or receive (on the root's node, the root and
 * its relayed lane): at most min(2, node's ranks) a node. Roots on several
 * nodes, each run three times. */
static void twotree_across_nodes(MPI_Comm comm)
{
    enum { N = 1 << 15 };
    int size, rank, local_size, local_rank, senders, leaders, *buf = malloc(sizeof(int) * N);
    MPI_Comm node;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    CHECK_MPI(HMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    MPI_Comm_size(node, &local_size);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_free(&node);
    int mine = local_rank == 0 ? (local_size < 2 ? local_size : 2) : 0;
    MPI_Allreduce(&mine, &leaders, 1, MPI_INT, MPI_SUM, comm);
    for (int root = 0; root < size; root += size / 3 + 1) {
        MPI_Info info;
        HMPI_Request req;
        int rounds, messages;
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_bcast_algorithm", "twotree");
        MPI_Info_set(info, "hmpi_bcast_trees", "2");
        CHECK_MPI(HMPI_Bcast_init(buf, N, MPI_INT, root, comm, info, &req));
        MPI_Info_free(&info);
        for (int run = 0; run < 3; run++) {
            for (int i = 0; i < N; i++)
                buf[i] = rank == root ? i * 3 + run + root : -1;
            CHECK_MPI(HMPI_Start(&req));
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            for (int i = 0; i < N; i++)
                CHECK_INT(buf[i], i * 3 + run + root);
        }
        CHECK_MPI(HMPI_Request_get_schedule_info(req, &rounds, &messages));
        MPI_Allreduce(&(int){messages > 0}, &senders, 1, MPI_INT, MPI_SUM, comm);
        CHECK(senders <= leaders);
        CHECK_MPI(HMPI_Request_free(&req));
    }
    free(buf);
}

/* The combining alltoall over nodes with a channel: its node steps are
 * each node's segment, and its messages the leaders' between nodes alone
 * (one each way between every two nodes: 2 G (G - 1) sends and receives
 * in all), with one leader a node and with two (at most the smallest
 * node's size); exact. Then blocks of 4800 bytes: the node steps in
 * pieces over several generations where the model takes the segment for
 * them (8 ranks of small-cluster.conf), else messages; exact. */
static void alltoall_across_nodes(MPI_Comm comm)
{
    static const int counts[] = {2, 2, 1200}, lanes[] = {1, 2, 1};
    int size, rank, nodes = nodes_of(comm), messages, total;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    int *x = malloc(sizeof(int) * 1200 * size), *y = malloc(sizeof(int) * 1200 * size);
    for (int k = 0; k < 3; k++) {
        MPI_Info info;
        HMPI_Request req;
        int n = counts[k];
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_alltoall_algorithm", "hierarchical");
        MPI_Info_set(info, "hmpi_lanes", lanes[k] == 1 ? "1" : "2");
        for (int i = 0; i < n * size; i++)
            x[i] = rank * 10000 + i, y[i] = -1;
        CHECK_MPI(HMPI_Alltoall_init(x, n, MPI_INT, y, n, MPI_INT, comm, info, &req));
        MPI_Info_free(&info);
        messages = messages_of_run(&req);
        MPI_Allreduce(&messages, &total, 1, MPI_INT, MPI_SUM, comm);
        if (n == 2)
            CHECK_INT(total, 2 * nodes * (nodes - 1));
        for (int i = 0; i < n * size; i++)
            CHECK_INT(y[i], (i / n) * 10000 + n * rank + i % n);
    }
    free(x);
    free(y);
}

/* One type signature, two layouts: the root broadcasts N contiguous ints,
 * the others receive them into every other int (a vector of N). The
 * algorithms that cut the buffer cut its bytes (the multi-lane bcast and
 * the two trees once cut elements of each process's own type, parts that
 * did not match: a hang), and whether node steps go through the segment
 * does not depend on a process's layout. Persistent, forced, and auto. */
static void mixed_layouts(MPI_Comm comm)
{
    static const char *const cutting_algs[] = {"multilane", "twotree", "hierarchical", "shm",
                                               "auto"};
    enum { N = 3000 };
    MPI_Datatype every_other;
    int rank, *buf = malloc(sizeof(int) * 2 * N);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_vector(N, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    for (int k = 0; k < 5; k++) {
        MPI_Info info;
        HMPI_Request req;
        for (int i = 0; i < 2 * N; i++)
            buf[i] = rank == 0 && i < N ? 3 * i + 1 : -1;
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_bcast_algorithm", cutting_algs[k]);
        if (rank == 0)
            CHECK_MPI(HMPI_Bcast_init(buf, N, MPI_INT, 0, comm, info, &req));
        else
            CHECK_MPI(HMPI_Bcast_init(buf, 1, every_other, 0, comm, info, &req));
        MPI_Info_free(&info);
        CHECK_MPI(HMPI_Start(&req));
        CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        CHECK_MPI(HMPI_Request_free(&req));
        for (int i = 0; rank != 0 && i < 2 * N; i++)
            CHECK_INT(buf[i], i % 2 ? -1 : 3 * (i / 2) + 1);
    }
    MPI_Type_free(&every_other);
    free(buf);
}

/* Shared windows made so far by this process, hmpi's among them (this
 * program's definition stands before the library's for hmpi's calls). */
static int windows_made;

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                            void *baseptr, MPI_Win *win)
{
    windows_made++;
    return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
}

/* Over nodes, the persistent calls whose rows go through no segment there
 * (the v forms' shm rows serve one node) make no channel; an alltoall,
 * whose combining row's node steps take one, does. On a copy of comm, whose
 * segment a blocking call made, with no channel of its own to lease yet. */
static void channels_only_where_used(MPI_Comm comm)
{
    enum { MOST = 64 };
    HMPI_Request req[3];
    MPI_Comm dup;
    int size, rank, x[MOST], y[MOST], counts[MOST], displs[MOST], made;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    CHECK(size <= MOST);
    for (int i = 0; i < size; i++)
        x[i] = i, counts[i] = 1, displs[i] = i;
    MPI_Comm_dup(comm, &dup);
    CHECK_MPI(HMPI_Bcast(x, 1, MPI_INT, 0, dup)); /* its segment: the blocking channel */
    made = windows_made;
    CHECK_MPI(HMPI_Gatherv_init(x, 1, MPI_INT, y, counts, displs, MPI_INT, 0, dup, MPI_INFO_NULL,
                                &req[0]));
    CHECK_MPI(HMPI_Alltoallv_init(x, counts, displs, MPI_INT, y, counts, displs, MPI_INT, dup,
                                  MPI_INFO_NULL, &req[1]));
    CHECK_INT(windows_made - made, 0);
    CHECK_MPI(HMPI_Alltoall_init(x, 1, MPI_INT, y, 1, MPI_INT, dup, MPI_INFO_NULL, &req[2]));
    CHECK_INT(windows_made - made, 1);
    for (int i = 0; i < 3; i++) {
        CHECK_MPI(HMPI_Start(&req[i]));
        CHECK_MPI(HMPI_Wait(&req[i], MPI_STATUS_IGNORE));
        CHECK_MPI(HMPI_Request_free(&req[i]));
    }
    CHECK_INT(y[0], rank); /* rank 0's block of the alltoall, the gatherv's overwritten */
    MPI_Comm_free(&dup);
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    quick = argc > 1 && strcmp(argv[1], "quick") == 0;
    int barrier_only = argc > 1 && strcmp(argv[1], "barrier") == 0;
    collcase_init();

    MPI_Comm node, shuffled, subset, dup;
    /* the node as hmpi sees it: the machine, or a virtual cluster's node */
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    int nsize, nrank;
    MPI_Comm_size(node, &nsize);
    MPI_Comm_rank(node, &nrank);
    MPI_Comm_split(node, 0, (nrank * 7 + 3) % nsize, &shuffled);
    MPI_Comm_split(node, nrank % 3 == 1 ? MPI_UNDEFINED : 0, nsize - nrank, &subset);
    MPI_Comm_dup(node, &dup);
    MPI_Comm comms[] = {node, shuffled, subset, dup};
    for (int ci = 0; ci < 4; ci++) {
        int csize = 0;
        if (comms[ci] == MPI_COMM_NULL)
            continue;
        MPI_Comm_size(comms[ci], &csize);
        if (csize < 2 || ((quick || barrier_only) && ci == 3))
            continue;
        if (ci < 3)
            barrier_holds(comms[ci]);
        for (size_t i = 0; i < sizeof shm_colls / sizeof shm_colls[0] && !barrier_only; i++)
            cases += collcase_run_matrix(shm_colls[i], comms[ci], ci == 3 ? "auto" : "shm", wanted);
    }
    if (nsize >= 2 && !barrier_only) {
        many_at_once(node);
        writers_run_ahead(node);
        settings_differ(node);
        refused(node, 1);
        auto_takes_shm(node);
    }
    if (!barrier_only && !test_one_node(MPI_COMM_WORLD)) { /* over nodes: the leaders' messages */
        static const int over_nodes[] = {BARRIER, BCAST, REDUCE, ALLREDUCE};
        MPI_Comm world_shuffled;
        MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &world_shuffled);
        several_nodes = 1;
        static const int hierarchical[] = {BCAST,     REDUCE,  ALLREDUCE, GATHER,
                                           ALLGATHER, SCATTER, RSB,       ALLTOALL};
        for (int i = 0; i < 4; i++) {
            cases += collcase_run_matrix(over_nodes[i], MPI_COMM_WORLD, "shm", wanted);
            cases += collcase_run_matrix(over_nodes[i], world_shuffled, "shm", wanted);
        }
        /* the hierarchical tree's node levels and the combining alltoall's
         * node steps through the segment */
        for (int i = 0; i < 8; i++)
            cases += collcase_run_matrix(hierarchical[i], world_shuffled, "hierarchical", wanted);
        hierarchical_across_nodes(MPI_COMM_WORLD);
        hierarchical_across_nodes(world_shuffled);
        twotree_across_nodes(MPI_COMM_WORLD);
        twotree_across_nodes(world_shuffled);
        cases += collcase_run_matrix(BCAST, world_shuffled, "twotree", wanted);
        alltoall_across_nodes(MPI_COMM_WORLD);
        alltoall_across_nodes(world_shuffled);
        mixed_layouts(MPI_COMM_WORLD);
        channels_only_where_used(MPI_COMM_WORLD);
        several_nodes = 0;
        MPI_Comm_free(&world_shuffled);
        refused(MPI_COMM_WORLD, 0);
    }
    if (subset != MPI_COMM_NULL)
        MPI_Comm_free(&subset);
    MPI_Comm_free(&shuffled);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&node);
    collcase_finalize();
    if (rank == 0)
        printf("shm collectives: %d cases on rank 0\n", cases);
    test_done("shm");
    MPI_Finalize();
    return 0;
}

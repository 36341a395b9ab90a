/* An MPI 4.0 program, standard names only: every persistent collective
 * (MPI_<coll>_init, MPI_Neighbor_<coll>_init) against the MPI library's
 * blocking one (called as PMPI_<coll>, so that the reference never runs in
 * the layer under test), restarted with new contents; requests mixed with
 * point-to-point ones in Startall, Waitall, Waitany, Waitsome, Testall,
 * Testany, Testsome; inactive requests and MPI_REQUEST_NULL.
 *
 * Built with hmpicc (Open MPI 4.1 has no MPI_Bcast_init: hmpi provides it),
 * and run again under LD_PRELOAD; with HMPI_MPI4_COLLECTIVES=all the
 * blocking and nonblocking collectives run in hmpi too. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi4_check.h"

enum coll {
    BARRIER,
    BCAST,
    REDUCE,
    ALLREDUCE,
    SCAN,
    EXSCAN,
    GATHER,
    SCATTER,
    ALLGATHER,
    ALLTOALL,
    REDUCE_SCATTER_BLOCK,
    GATHERV,
    SCATTERV,
    ALLGATHERV,
    ALLTOALLV,
    ALLTOALLW,
    REDUCE_SCATTER,
    NCOLLS
};
static const char *names[NCOLLS] = {"barrier",
                                    "bcast",
                                    "reduce",
                                    "allreduce",
                                    "scan",
                                    "exscan",
                                    "gather",
                                    "scatter",
                                    "allgather",
                                    "alltoall",
                                    "reduce_scatter_block",
                                    "gatherv",
                                    "scatterv",
                                    "allgatherv",
                                    "alltoallv",
                                    "alltoallw",
                                    "reduce_scatter"};

#define B 3 /* elements per block */
#define ROOT 1 % p

typedef struct bufs {
    int *send, *recv, counts[64], displs[64], bcounts[64], bdispls[64];
    MPI_Datatype types[64];
    int len;
} bufs;

static void fill(bufs *b, int iter)
{
    for (int i = 0; i < b->len; i++) {
        b->send[i] = iter * 100000 + me * 1000 + i;
        b->recv[i] = -1;
    }
}

/* v layouts: block i of count i % 3 + 1, in reverse order with gaps */
static void layout(bufs *b)
{
    int at = 1;
    for (int i = p - 1; i >= 0; i--) {
        b->counts[i] = i % 3 + 1;
        b->displs[i] = at;
        b->bcounts[i] = b->counts[i];
        b->bdispls[i] = at * (int)sizeof(int);
        b->types[i] = MPI_INT;
        at += b->counts[i] + 2;
    }
}

/* my count in the v collectives' "one count" argument: my own block's */
static int mine(const bufs *b)
{
    return b->counts[me];
}

/* persistent = 1: MPI_<coll>_init into *req; 0: the library's blocking one */
static int run(int c, int persistent, bufs *b, MPI_Request *req)
{
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info i = MPI_INFO_NULL;
    int *s = b->send, *r = b->recv;
#define CALL(NAME, ...)                                                                            \
    (persistent ? MPI_##NAME##_init(__VA_ARGS__, i, req) : PMPI_##NAME(__VA_ARGS__))
    switch (c) {
    case BARRIER:
        return persistent ? MPI_Barrier_init(w, i, req) : PMPI_Barrier(w);
    case BCAST:
        return CALL(Bcast, me == ROOT ? s : r, 2 * B, MPI_INT, ROOT, w);
    case REDUCE:
        return CALL(Reduce, s, r, 2 * B, MPI_INT, MPI_SUM, ROOT, w);
    case ALLREDUCE:
        return CALL(Allreduce, s, r, 2 * B, MPI_INT, MPI_MAX, w);
    case SCAN:
        return CALL(Scan, s, r, 2 * B, MPI_INT, MPI_SUM, w);
    case EXSCAN:
        return CALL(Exscan, s, r, 2 * B, MPI_INT, MPI_SUM, w);
    case GATHER:
        return CALL(Gather, s, B, MPI_INT, r, B, MPI_INT, ROOT, w);
    case SCATTER:
        return CALL(Scatter, s, B, MPI_INT, r, B, MPI_INT, ROOT, w);
    case ALLGATHER:
        return CALL(Allgather, s, B, MPI_INT, r, B, MPI_INT, w);
    case ALLTOALL:
        return CALL(Alltoall, s, B, MPI_INT, r, B, MPI_INT, w);
    case REDUCE_SCATTER_BLOCK:
        return CALL(Reduce_scatter_block, s, r, B, MPI_INT, MPI_SUM, w);
    case GATHERV:
        return CALL(Gatherv, s, mine(b), MPI_INT, r, b->counts, b->displs, MPI_INT, ROOT, w);
    case SCATTERV:
        return CALL(Scatterv, s, b->counts, b->displs, MPI_INT, r, mine(b), MPI_INT, ROOT, w);
    case ALLGATHERV:
        return CALL(Allgatherv, s, mine(b), MPI_INT, r, b->counts, b->displs, MPI_INT, w);
    case ALLTOALLV: /* every block of count B: the layout's places */
        return CALL(Alltoallv, s, b->bcounts, b->displs, MPI_INT, r, b->bcounts, b->displs, MPI_INT,
                    w);
    case ALLTOALLW:
        return CALL(Alltoallw, s, b->bcounts, b->bdispls, b->types, r, b->bcounts, b->bdispls,
                    b->types, w);
    default:
        return CALL(Reduce_scatter, s, r, b->counts, MPI_INT, MPI_SUM, w);
    }
#undef CALL
}

static void test_persistent(int c)
{
    bufs b = {0}, ref = {0};
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Status st;
    b.len = ref.len = 8 * p * B + 64;
    b.send = malloc(sizeof(int) * b.len);
    b.recv = malloc(sizeof(int) * b.len);
    ref.send = malloc(sizeof(int) * ref.len);
    ref.recv = malloc(sizeof(int) * ref.len);
    layout(&b);
    layout(&ref);
    for (int i = 0; i < p; i++) /* alltoallv/w: blocks of B */
        b.bcounts[i] = ref.bcounts[i] = B;
    fill(&b, 0);
    CHECK(run(c, 1, &b, &req) == MPI_SUCCESS);
    CHECK(req != MPI_REQUEST_NULL);
    /* inactive: completes at once, empty status */
    st.MPI_SOURCE = st.MPI_TAG = 12345;
    CHECK(MPI_Wait(&req, &st) == MPI_SUCCESS);
    CHECK(st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG);
    CHECK(req != MPI_REQUEST_NULL);
    for (int iter = 1; iter <= 3; iter++) {
        fill(&b, iter);
        fill(&ref, iter);
        memset(b.counts, 0x7f, sizeof b.counts); /* the arrays were read at _init */
        CHECK(MPI_Start(&req) == MPI_SUCCESS);
        CHECK(MPI_Wait(&req, &st) == MPI_SUCCESS);
        int count = -1;
        MPI_Get_count(&st, MPI_INT, &count);
        CHECK(count == 0);
        layout(&b);
        for (int i = 0; i < p; i++)
            b.bcounts[i] = B;
        CHECK(run(c, 0, &ref, NULL) == MPI_SUCCESS);
        if (memcmp(b.recv, ref.recv, sizeof(int) * b.len) != 0) {
            fprintf(stderr, "[rank %d] MPI_%s_init differs from the MPI library's\n", me, names[c]);
            CHECK(0);
        }
        checks++;
    }
    int flag = 0;
    CHECK(MPI_Test(&req, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && flag);
    CHECK(MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && flag);
    CHECK(MPI_Request_free(&req) == MPI_SUCCESS);
    CHECK(req == MPI_REQUEST_NULL);
    free(b.send);
    free(b.recv);
    free(ref.send);
    free(ref.recv);
}

/* A persistent allreduce, a persistent ring exchange (Send_init/Recv_init),
 * a nonblocking ring exchange and MPI_REQUEST_NULL, completed together by
 * each completion function. */
enum waiter { WAITALL, WAITANY, WAITSOME, TESTALL, TESTANY, TESTSOME, NWAITERS };

static void complete(int how, int n, MPI_Request *reqs)
{
    int done = 0, flag, index, out, indices[8];
    MPI_Status statuses[8];
    switch (how) {
    case WAITALL:
        CHECK(MPI_Waitall(n, reqs, statuses) == MPI_SUCCESS);
        return;
    case TESTALL:
        do
            CHECK(MPI_Testall(n, reqs, &flag, MPI_STATUSES_IGNORE) == MPI_SUCCESS);
        while (!flag);
        return;
    case WAITANY:
    case TESTANY:
        for (;;) {
            if (how == WAITANY)
                CHECK(MPI_Waitany(n, reqs, &index, statuses) == MPI_SUCCESS);
            else {
                CHECK(MPI_Testany(n, reqs, &index, &flag, statuses) == MPI_SUCCESS);
                if (!flag)
                    continue;
            }
            if (index == MPI_UNDEFINED)
                break;
            done++;
        }
        CHECK(done == n - 1); /* all but MPI_REQUEST_NULL */
        return;
    default:
        for (;;) {
            if (how == WAITSOME)
                CHECK(MPI_Waitsome(n, reqs, &out, indices, statuses) == MPI_SUCCESS);
            else
                CHECK(MPI_Testsome(n, reqs, &out, indices, statuses) == MPI_SUCCESS);
            if (out == MPI_UNDEFINED)
                break;
            done += out;
        }
        CHECK(done == n - 1);
    }
}

static void test_mixed(void)
{
    int right = (me + 1) % p, left = (me + p - 1) % p;
    int in = 0, out = 0, pin = 0, pout = 0, nin = 0, nout = 0, sum = 0, iallin = 0, iallout = 0;
    MPI_Request coll, psend, precv, reqs[8];
    CHECK(MPI_Allreduce_init(&in, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                             &coll) == MPI_SUCCESS);
    MPI_Send_init(&pout, 1, MPI_INT, right, 7, MPI_COMM_WORLD, &psend);
    MPI_Recv_init(&pin, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &precv);
    for (int how = 0; how < NWAITERS; how++) {
        in = me + how;
        pout = 100 * how + me;
        nout = 1000 * how + me;
        iallin = how;
        MPI_Request start[3] = {psend, coll, precv};
        CHECK(MPI_Startall(3, start) == MPI_SUCCESS);
        reqs[0] = start[0];
        reqs[1] = MPI_REQUEST_NULL;
        reqs[2] = start[1];
        MPI_Irecv(&nin, 1, MPI_INT, left, 8, MPI_COMM_WORLD, &reqs[3]);
        reqs[4] = start[2];
        MPI_Isend(&nout, 1, MPI_INT, right, 8, MPI_COMM_WORLD, &reqs[5]);
        CHECK(MPI_Iallreduce(&iallin, &iallout, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[6]) ==
              MPI_SUCCESS);
        complete(how, 7, reqs);
        CHECK(sum == p * (p - 1) / 2 + p * how);
        CHECK(pin == 100 * how + left);
        CHECK(nin == 1000 * how + left);
        CHECK(iallout == p * how);
        CHECK(reqs[3] == MPI_REQUEST_NULL && reqs[5] == MPI_REQUEST_NULL &&
              reqs[6] == MPI_REQUEST_NULL);
        CHECK(reqs[2] == coll && reqs[0] == psend && reqs[4] == precv); /* inactive, kept */
        out++;
    }
    CHECK(out == NWAITERS);
    /* everything inactive: the "any" and "some" forms say so */
    MPI_Request idle[3] = {coll, MPI_REQUEST_NULL, psend};
    int index, flag, count, indices[3];
    CHECK(MPI_Waitany(3, idle, &index, MPI_STATUS_IGNORE) == MPI_SUCCESS);
    CHECK(index == MPI_UNDEFINED);
    CHECK(MPI_Testany(3, idle, &index, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS);
    CHECK(flag && index == MPI_UNDEFINED);
    CHECK(MPI_Waitsome(3, idle, &count, indices, MPI_STATUSES_IGNORE) == MPI_SUCCESS);
    CHECK(count == MPI_UNDEFINED);
    CHECK(MPI_Testall(3, idle, &flag, MPI_STATUSES_IGNORE) == MPI_SUCCESS && flag);
    CHECK(MPI_Request_free(&coll) == MPI_SUCCESS && coll == MPI_REQUEST_NULL);
    MPI_Request_free(&psend);
    MPI_Request_free(&precv);
}

/* Neighbourhood collectives on a ring (Cartesian and distributed graph)
 * against the library's blocking ones. */
static void test_neighbors(void)
{
    int dims[1] = {p}, periods[1] = {1}, send[2 * B], recv[2 * B], ref[2 * B];
    int srcs[2] = {(me + p - 1) % p, (me + 1) % p}, ones[2] = {1, 1};
    MPI_Comm comms[2];
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &comms[0]);
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, srcs, ones, 2, srcs, ones, MPI_INFO_NULL, 0,
                                   &comms[1]);
    for (int k = 0; k < 2; k++) {
        MPI_Request req;
        CHECK(MPI_Neighbor_alltoall_init(send, B, MPI_INT, recv, B, MPI_INT, comms[k],
                                         MPI_INFO_NULL, &req) == MPI_SUCCESS);
        for (int iter = 0; iter < 3; iter++) {
            for (int i = 0; i < 2 * B; i++)
                send[i] = iter * 1000 + me * 10 + i;
            CHECK(MPI_Start(&req) == MPI_SUCCESS);
            CHECK(MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
            if (p >= 3) { /* both neighbours distinct: the library's answer is certain */
                PMPI_Neighbor_alltoall(send, B, MPI_INT, ref, B, MPI_INT, comms[k]);
                CHECK(memcmp(recv, ref, sizeof recv) == 0);
            }
            /* block 0 comes from the left neighbour's block 1, and the reverse */
            CHECK(recv[0] == iter * 1000 + srcs[0] * 10 + B);
            CHECK(recv[B] == iter * 1000 + srcs[1] * 10 + 0);
        }
        CHECK(MPI_Request_free(&req) == MPI_SUCCESS);
        int counts[2] = {B, B}, displs[2] = {B, 0};
        CHECK(MPI_Neighbor_allgatherv_init(send, B, MPI_INT, recv, counts, displs, MPI_INT,
                                           comms[k], MPI_INFO_NULL, &req) == MPI_SUCCESS);
        CHECK(MPI_Start(&req) == MPI_SUCCESS);
        CHECK(MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS);
        CHECK(recv[B] == send[0] - me * 10 + srcs[0] * 10 &&
              recv[0] == send[0] - me * 10 + srcs[1] * 10);
        MPI_Request_free(&req);
        MPI_Comm_free(&comms[k]);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (int c = 0; c < NCOLLS; c++)
        test_persistent(c);
    test_mixed();
    test_neighbors();
    checks_done("mpi4_collectives");
    MPI_Finalize();
    return 0;
}

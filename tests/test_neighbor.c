/* Neighbourhood collectives on MPI topologies (HMPI_Neighbor_*, three forms)
 * against results computed from the topology alone, and against the MPI
 * library's own where its answer is not in doubt.
 *
 * Cartesian grids include periodic dimensions of size 1 and 2, where both
 * neighbours of a dimension are one process: MPI 4.0 wants the block sent
 * towards -e_d received as the one from +e_d (Open MPI 4.1 and MPICH 4.0 get
 * some forms wrong; the MPI library is compared only when every periodic
 * dimension has at least 3 processes). Graphs include repeated and self
 * edges, matched in list order: the k-th edge from s to r is the k-th edge r
 * lists from s.
 *
 * Each send block holds values that name the sender, the block and the
 * iteration; counts of the v and w variants vary by edge (zeros included);
 * blocks lie in reverse order with gaps, w blocks alternate contiguous and
 * strided types on both sides; persistent requests run three times with new
 * contents, their count and displacement arrays wrecked after _init. */
#include "testutil.h"

#define MAXDEG 64
#define SLOT 8  /* ints per block slot (a strided block of 3 takes 6) */
#define COUNT 3 /* elements per block of the regular variants */
#define UNTOUCHED (-7)

enum kind { AG, AGV, A2A, A2AV, A2AW, NKINDS };
static const char *kind_name[NKINDS] = {"allgather", "allgatherv", "alltoall", "alltoallv",
                                        "alltoallw"};
enum family { CART, G_REPEAT, G_RING, G_GRAPH, G_STAR };
enum form { BLOCKING, NONBLOCKING, PERSISTENT };

typedef struct nbh {
    const char *name;
    int family, p, me;
    int ndims, dims[3], periods[3]; /* CART */
    MPI_Comm comm;
    int indeg, outdeg, in[MAXDEG], out[MAXDEG];
    int mpi_ok; /* the MPI library's answer is not in doubt */
} nbh;

static MPI_Datatype strided; /* one int, extent two */

static int mod(int a, int p)
{
    return ((a % p) + p) % p;
}

/* ---- the neighbourhoods, from formulas ------------------------------- */

/* Rank of the process at coords + delta along d (-1: none). */
static int cart_step(const nbh *t, int r, int d, int delta)
{
    int coords[3], stride = 1;
    for (int k = t->ndims - 1; k >= 0; k--) {
        coords[k] = r % t->dims[k];
        r /= t->dims[k];
    }
    int c = coords[d] + delta;
    if (c < 0 || c >= t->dims[d]) {
        if (!t->periods[d])
            return MPI_PROC_NULL;
        c = mod(c, t->dims[d]);
    }
    coords[d] = c;
    int rank = 0;
    for (int k = t->ndims - 1; k >= 0; k--) {
        rank += coords[k] * stride;
        stride *= t->dims[k];
    }
    return rank;
}

/* Out-edges (dir 1) or in-edges (dir 0) of process r, in MPI's order. */
static int edges_of(const nbh *t, int r, int dir, int *list)
{
    int p = t->p, n = 0;
    switch (t->family) {
    case CART:
        for (int d = 0; d < t->ndims; d++) {
            list[n++] = cart_step(t, r, d, -1);
            list[n++] = cart_step(t, r, d, +1);
        }
        return n;
    case G_REPEAT: /* r -> r+1 twice, r -> r, r -> r+3 */
        if (dir) {
            int l[] = {mod(r + 1, p), r, mod(r + 1, p), mod(r + 3, p)};
            memcpy(list, l, sizeof l);
        } else {
            int l[] = {r, mod(r - 1, p), mod(r - 3, p), mod(r - 1, p)};
            memcpy(list, l, sizeof l);
        }
        return 4;
    case G_RING: /* r -> r+1, r+2; the in-list in the other order */
        list[0] = dir ? mod(r + 1, p) : mod(r - 2, p);
        list[1] = dir ? mod(r + 2, p) : mod(r - 1, p);
        return 2;
    case G_GRAPH: /* symmetric: r - 1, r + 1 */
        list[0] = mod(r + 1, p);
        list[1] = mod(r - 1, p);
        return 2;
    default: /* G_STAR: everyone else sends to 0 */
        if (dir)
            return r == 0 ? 0 : (list[0] = 0, 1);
        for (int s = 1; s < p; s++)
            list[n++] = s;
        return r == 0 ? n : 0;
    }
}

/* The sender of receive block j of process r, and its send block. */
static void pair_of(const nbh *t, int r, int j, int *s, int *i)
{
    int in[MAXDEG], out[MAXDEG];
    edges_of(t, r, 0, in);
    *s = in[j];
    if (t->family == CART) { /* block 2d comes from the -e_d neighbour, sent towards +e_d */
        *i = j ^ 1;
        return;
    }
    int k = 0, n = edges_of(t, *s, 1, out);
    for (int x = 0; x < j; x++)
        k += in[x] == *s;
    for (*i = 0; *i < n; (*i)++)
        if (out[*i] == r && k-- == 0)
            return;
    CHECK(0); /* the lists disagree: a bug of the test */
}

static int distinct_edges(const int *list, int n, int me)
{
    for (int a = 0; a < n; a++) {
        if (list[a] == me)
            return 0;
        for (int b = 0; b < a; b++)
            if (list[a] == list[b] && list[a] != MPI_PROC_NULL)
                return 0;
    }
    return 1;
}

static void make_cart(nbh *t, const char *name, int ndims, const int *dims, const int *periods)
{
    t->name = name;
    t->family = CART;
    t->ndims = ndims;
    memcpy(t->dims, dims, sizeof(int) * (size_t)ndims);
    memcpy(t->periods, periods, sizeof(int) * (size_t)ndims);
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, ndims, t->dims, t->periods, 0, &t->comm));
    t->mpi_ok = 1;
    for (int d = 0; d < ndims; d++)
        if (periods[d] && dims[d] < 3)
            t->mpi_ok = 0;
}

static void make_graph(nbh *t, const char *name, int family)
{
    int in[MAXDEG], out[MAXDEG];
    t->name = name;
    t->family = family;
    if (family == G_GRAPH) {
        int *index = malloc(sizeof(int) * (size_t)t->p), *edges = malloc(sizeof(int) * 2 * t->p);
        for (int r = 0; r < t->p; r++) {
            index[r] = 2 * (r + 1);
            edges_of(t, r, 1, edges + 2 * r);
        }
        CHECK_MPI(MPI_Graph_create(MPI_COMM_WORLD, t->p, index, edges, 0, &t->comm));
        free(index);
        free(edges);
    } else {
        int nin = edges_of(t, t->me, 0, in), nout = edges_of(t, t->me, 1, out);
        int ones[MAXDEG]; /* weights: MPI_UNWEIGHTED is no array to gcc */
        for (int k = 0; k < MAXDEG; k++)
            ones[k] = 1;
        CHECK_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, nin, in, ones, nout, out, ones,
                                                 MPI_INFO_NULL, 0, &t->comm));
    }
    int nin = edges_of(t, t->me, 0, in), nout = edges_of(t, t->me, 1, out);
    t->mpi_ok = distinct_edges(in, nin, t->me) && distinct_edges(out, nout, t->me);
}

/* The neighbourhood as MPI reports it must be the formula's. */
static void load_edges(nbh *t)
{
    t->indeg = edges_of(t, t->me, 0, t->in);
    t->outdeg = edges_of(t, t->me, 1, t->out);
    CHECK(t->indeg <= MAXDEG && t->outdeg <= MAXDEG);
    if (t->family == CART) {
        for (int d = 0; d < t->ndims; d++) {
            int src, dst;
            CHECK_MPI(MPI_Cart_shift(t->comm, d, 1, &src, &dst));
            CHECK_INT(src, t->in[2 * d]);
            CHECK_INT(dst, t->in[2 * d + 1]);
        }
    }
}

/* ---- buffers ----------------------------------------------------------- */

static int value(int s, int i, int e, int iter)
{
    return iter * 1000000 + s * 10000 + i * 100 + e;
}

/* Elements of send block i of process s. */
static int count_of(int kind, int s, int i)
{
    switch (kind) {
    case AG:
    case A2A:
        return COUNT;
    case AGV:
        return s % 3; /* one block, sent to everyone */
    default:
        return (s * 7 + i * 3) % 4;
    }
}

static int is_strided(int kind, int i, int recv)
{
    return kind == A2AW && i % 2 != recv; /* sends: odd blocks; receives: even */
}

static int slot_of(int i, int n) /* blocks in reverse order, one slot apart */
{
    return (n - 1 - i) * SLOT + 1;
}

typedef struct call {
    int scounts[MAXDEG], sdispls[MAXDEG], rcounts[MAXDEG], rdispls[MAXDEG];
    MPI_Aint sbytes[MAXDEG], rbytes[MAXDEG];
    MPI_Datatype stypes[MAXDEG], rtypes[MAXDEG];
    int *send, *recv, *expect, *mpi;
    int sendlen, recvlen;
} call;

static void fill_send(const nbh *t, int kind, int iter, call *c)
{
    int blocks = kind == AG || kind == AGV ? 1 : t->outdeg;
    for (int x = 0; x < c->sendlen; x++)
        c->send[x] = -1000 - x; /* holes */
    for (int i = 0; i < blocks; i++) {
        int n = count_of(kind, t->me, i), stride = is_strided(kind, i, 0) ? 2 : 1;
        int base = kind == A2A || kind == AG ? i * COUNT : slot_of(i, blocks);
        for (int e = 0; e < n; e++)
            c->send[base + e * stride] = value(t->me, i, e, iter);
    }
}

static void fill_expect(const nbh *t, int kind, int iter, call *c)
{
    for (int x = 0; x < c->recvlen; x++)
        c->expect[x] = c->recv[x] = c->mpi[x] = UNTOUCHED;
    for (int j = 0; j < t->indeg; j++) {
        int s, i;
        if (t->in[j] == MPI_PROC_NULL)
            continue;
        pair_of(t, t->me, j, &s, &i);
        if (kind == AG || kind == AGV)
            i = 0;
        int n = count_of(kind, s, i), stride = is_strided(kind, j, 1) ? 2 : 1;
        int base = kind == A2A || kind == AG ? j * COUNT : slot_of(j, t->indeg);
        for (int e = 0; e < n; e++)
            c->expect[base + e * stride] = value(s, i, e, iter);
    }
}

/* Counts, displacements and types: the receive counts from the senders'. */
static void describe(const nbh *t, int kind, call *c)
{
    for (int i = 0; i < t->outdeg; i++) {
        c->scounts[i] = count_of(kind, t->me, i);
        c->sdispls[i] = slot_of(i, t->outdeg);
        c->sbytes[i] = (MPI_Aint)c->sdispls[i] * (MPI_Aint)sizeof(int);
        c->stypes[i] = is_strided(kind, i, 0) ? strided : MPI_INT;
    }
    for (int j = 0; j < t->indeg; j++) {
        int s = j, i = 0;
        if (t->in[j] != MPI_PROC_NULL)
            pair_of(t, t->me, j, &s, &i);
        c->rcounts[j] = t->in[j] == MPI_PROC_NULL ? 0 : count_of(kind, s, i);
        c->rdispls[j] = slot_of(j, t->indeg);
        c->rbytes[j] = (MPI_Aint)c->rdispls[j] * (MPI_Aint)sizeof(int);
        c->rtypes[j] = is_strided(kind, j, 1) ? strided : MPI_INT;
    }
    c->sendlen = (t->outdeg + 1) * SLOT + COUNT;
    c->recvlen = (t->indeg + 1) * SLOT + COUNT;
}

/* ---- the calls --------------------------------------------------------- */

static int run_hmpi(const nbh *t, int kind, int form, MPI_Info info, call *c, int *out,
                    HMPI_Request *req)
{
    int sc = kind == AG ? COUNT : count_of(AGV, t->me, 0);
    switch (form * NKINDS + kind) {
    case BLOCKING *NKINDS + AG:
        return HMPI_Neighbor_allgather(c->send, sc, MPI_INT, out, COUNT, MPI_INT, t->comm);
    case BLOCKING *NKINDS + AGV:
        return HMPI_Neighbor_allgatherv(c->send + slot_of(0, 1), sc, MPI_INT, out, c->rcounts,
                                        c->rdispls, MPI_INT, t->comm);
    case BLOCKING *NKINDS + A2A:
        return HMPI_Neighbor_alltoall(c->send, COUNT, MPI_INT, out, COUNT, MPI_INT, t->comm);
    case BLOCKING *NKINDS + A2AV:
        return HMPI_Neighbor_alltoallv(c->send, c->scounts, c->sdispls, MPI_INT, out, c->rcounts,
                                       c->rdispls, MPI_INT, t->comm);
    case BLOCKING *NKINDS + A2AW:
        return HMPI_Neighbor_alltoallw(c->send, c->scounts, c->sbytes, c->stypes, out, c->rcounts,
                                       c->rbytes, c->rtypes, t->comm);
    case NONBLOCKING *NKINDS + AG:
        return HMPI_Ineighbor_allgather(c->send, sc, MPI_INT, out, COUNT, MPI_INT, t->comm, req);
    case NONBLOCKING *NKINDS + AGV:
        return HMPI_Ineighbor_allgatherv(c->send + slot_of(0, 1), sc, MPI_INT, out, c->rcounts,
                                         c->rdispls, MPI_INT, t->comm, req);
    case NONBLOCKING *NKINDS + A2A:
        return HMPI_Ineighbor_alltoall(c->send, COUNT, MPI_INT, out, COUNT, MPI_INT, t->comm, req);
    case NONBLOCKING *NKINDS + A2AV:
        return HMPI_Ineighbor_alltoallv(c->send, c->scounts, c->sdispls, MPI_INT, out, c->rcounts,
                                        c->rdispls, MPI_INT, t->comm, req);
    case NONBLOCKING *NKINDS + A2AW:
        return HMPI_Ineighbor_alltoallw(c->send, c->scounts, c->sbytes, c->stypes, out, c->rcounts,
                                        c->rbytes, c->rtypes, t->comm, req);
    case PERSISTENT *NKINDS + AG:
        return HMPI_Neighbor_allgather_init(c->send, sc, MPI_INT, out, COUNT, MPI_INT, t->comm,
                                            info, req);
    case PERSISTENT *NKINDS + AGV:
        return HMPI_Neighbor_allgatherv_init(c->send + slot_of(0, 1), sc, MPI_INT, out, c->rcounts,
                                             c->rdispls, MPI_INT, t->comm, info, req);
    case PERSISTENT *NKINDS + A2A:
        return HMPI_Neighbor_alltoall_init(c->send, COUNT, MPI_INT, out, COUNT, MPI_INT, t->comm,
                                           info, req);
    case PERSISTENT *NKINDS + A2AV:
        return HMPI_Neighbor_alltoallv_init(c->send, c->scounts, c->sdispls, MPI_INT, out,
                                            c->rcounts, c->rdispls, MPI_INT, t->comm, info, req);
    default:
        return HMPI_Neighbor_alltoallw_init(c->send, c->scounts, c->sbytes, c->stypes, out,
                                            c->rcounts, c->rbytes, c->rtypes, t->comm, info, req);
    }
}

static void run_mpi(const nbh *t, int kind, call *c, int *out)
{
    int sc = kind == AG ? COUNT : count_of(AGV, t->me, 0);
    switch (kind) {
    case AG:
        CHECK_MPI(MPI_Neighbor_allgather(c->send, sc, MPI_INT, out, COUNT, MPI_INT, t->comm));
        break;
    case AGV:
        CHECK_MPI(MPI_Neighbor_allgatherv(c->send + slot_of(0, 1), sc, MPI_INT, out, c->rcounts,
                                          c->rdispls, MPI_INT, t->comm));
        break;
    case A2A:
        CHECK_MPI(MPI_Neighbor_alltoall(c->send, COUNT, MPI_INT, out, COUNT, MPI_INT, t->comm));
        break;
    case A2AV:
        CHECK_MPI(MPI_Neighbor_alltoallv(c->send, c->scounts, c->sdispls, MPI_INT, out, c->rcounts,
                                         c->rdispls, MPI_INT, t->comm));
        break;
    default:
        CHECK_MPI(MPI_Neighbor_alltoallw(c->send, c->scounts, c->sbytes, c->stypes, out, c->rcounts,
                                         c->rbytes, c->rtypes, t->comm));
    }
}

/* MPICH 4.0's MPI_Neighbor_alltoallw loses blocks where a process's in- and
 * out-degrees differ (seen on a distributed-graph star: rank 0's first
 * indegree - outdegree blocks stay empty; alltoallv is right). */
static int library_trusted(const nbh *t, int kind)
{
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40100000
    if (kind == A2AW && t->family != CART)
        return 0;
#endif
    (void)kind;
    return t->mpi_ok;
}

static void verify(const nbh *t, int kind, const char *how, const call *c, const int *got)
{
    for (int x = 0; x < c->recvlen; x++)
        if (got[x] != c->expect[x]) {
            fprintf(stderr, "[rank %d] %s %s (%s): recvbuf[%d] = %d, expected %d\n", t->me, t->name,
                    kind_name[kind], how, x, got[x], c->expect[x]);
            CHECK(0);
        }
    test_checks++;
}

static void wreck(call *c)
{
    for (int i = 0; i < MAXDEG; i++)
        c->scounts[i] = c->rcounts[i] = c->sdispls[i] = c->rdispls[i] = -99;
}

static const char *algs[] = {NULL, "direct", "dimensional", "logarithmic", "auto"};

static void test_kind(const nbh *t, int kind)
{
    call c = {0};
    HMPI_Request req;
    describe(t, kind, &c);
    c.send = calloc((size_t)c.sendlen, sizeof(int));
    c.recv = calloc((size_t)c.recvlen, sizeof(int));
    c.expect = calloc((size_t)c.recvlen, sizeof(int));
    c.mpi = calloc((size_t)c.recvlen, sizeof(int));
    /* the AGV send block lives in slot 0 of a one-block layout */
    fill_send(t, kind, 0, &c);
    fill_expect(t, kind, 0, &c);
    CHECK_MPI(run_hmpi(t, kind, BLOCKING, MPI_INFO_NULL, &c, c.recv, NULL));
    verify(t, kind, "blocking", &c, c.recv);
    if (library_trusted(t, kind)) {
        run_mpi(t, kind, &c, c.mpi);
        verify(t, kind, "the MPI library's", &c, c.mpi);
    }
    fill_send(t, kind, 1, &c);
    fill_expect(t, kind, 1, &c);
    CHECK_MPI(run_hmpi(t, kind, NONBLOCKING, MPI_INFO_NULL, &c, c.recv, &req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK(req == HMPI_REQUEST_NULL);
    verify(t, kind, "nonblocking", &c, c.recv);
    int nalgs = t->family == CART ? 5 : 1;
    for (int a = 0; a < nalgs; a++) {
        /* combining needs block i of one size everywhere: not the v and w cases here */
        int combining =
            algs[a] && (!strcmp(algs[a], "dimensional") || !strcmp(algs[a], "logarithmic"));
        if (combining && kind != AG && kind != A2A)
            continue;
        MPI_Info info = MPI_INFO_NULL;
        call keep = c;
        if (algs[a]) {
            MPI_Info_create(&info);
            MPI_Info_set(info, "hmpi_iso_algorithm", algs[a]);
        }
        CHECK_MPI(run_hmpi(t, kind, PERSISTENT, info, &c, c.recv, &req));
        wreck(&c);
        for (int iter = 2; iter < 5; iter++) {
            fill_send(t, kind, iter, &c);
            fill_expect(t, kind, iter, &c);
            CHECK_MPI(HMPI_Start(&req));
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            verify(t, kind, algs[a] ? algs[a] : "persistent", &c, c.recv);
        }
        CHECK_MPI(HMPI_Request_free(&req));
        if (info != MPI_INFO_NULL)
            MPI_Info_free(&info);
        memcpy(c.scounts, keep.scounts, sizeof c.scounts);
        memcpy(c.rcounts, keep.rcounts, sizeof c.rcounts);
        memcpy(c.sdispls, keep.sdispls, sizeof c.sdispls);
        memcpy(c.rdispls, keep.rdispls, sizeof c.rdispls);
    }
    free(c.send);
    free(c.recv);
    free(c.expect);
    free(c.mpi);
}

static void test_neighbourhood(nbh *t)
{
    load_edges(t);
    for (int kind = 0; kind < NKINDS; kind++)
        test_kind(t, kind);
    MPI_Comm_free(&t->comm);
}

/* MPI_BOTTOM buffers with absolute byte displacements (MPI_Get_address), as
 * mpi4py passes them: on a ring, each process sends its left neighbour one
 * value and its right neighbour two, in all three forms. */
static void test_bottom(int p, int me)
{
    MPI_Comm ring;
    int dims[1] = {p}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int send[3], recv[3], counts_s[2] = {1, 2}, counts_r[2] = {2, 1};
    MPI_Aint sd[2], rd[2];
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Get_address(&send[0], &sd[0]);
    MPI_Get_address(&send[1], &sd[1]);
    MPI_Get_address(&recv[0], &rd[0]);
    MPI_Get_address(&recv[2], &rd[1]);
    int left = (me + p - 1) % p, right = (me + 1) % p;
    for (int form = BLOCKING; form <= PERSISTENT; form++) {
        HMPI_Request req;
        send[0] = 10 * me + form, send[1] = send[2] = 100 * me + form;
        recv[0] = recv[1] = recv[2] = UNTOUCHED;
        if (form == BLOCKING)
            CHECK_MPI(HMPI_Neighbor_alltoallw(MPI_BOTTOM, counts_s, sd, types, MPI_BOTTOM, counts_r,
                                              rd, types, ring));
        else {
            if (form == NONBLOCKING)
                CHECK_MPI(HMPI_Ineighbor_alltoallw(MPI_BOTTOM, counts_s, sd, types, MPI_BOTTOM,
                                                   counts_r, rd, types, ring, &req));
            else {
                CHECK_MPI(HMPI_Neighbor_alltoallw_init(MPI_BOTTOM, counts_s, sd, types, MPI_BOTTOM,
                                                       counts_r, rd, types, ring, MPI_INFO_NULL,
                                                       &req));
                CHECK_MPI(HMPI_Start(&req));
            }
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            if (form == PERSISTENT)
                HMPI_Request_free(&req);
        }
        /* block 0 comes from the left (its block 1: two values), block 1 from the right */
        CHECK_INT(recv[0], 100 * left + form);
        CHECK_INT(recv[1], 100 * left + form);
        CHECK_INT(recv[2], 10 * right + form);
    }
    MPI_Comm_free(&ring);
}

/* Errors name the function and the argument. */
static void test_errors(int p)
{
    int buf[4] = {0};
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    expect_error(HMPI_Neighbor_alltoall(buf, 1, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD),
                 MPI_ERR_TOPOLOGY, "HMPI_Neighbor_alltoall", "no process topology");
    MPI_Comm ring;
    int dims[1] = {p}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_set_errhandler(ring, MPI_ERRORS_RETURN);
    expect_error(HMPI_Neighbor_alltoall(buf, -1, MPI_INT, buf + 2, 1, MPI_INT, ring), MPI_ERR_COUNT,
                 "HMPI_Neighbor_alltoall", "'sendcount' (-1)");
    expect_error(HMPI_Neighbor_allgather(MPI_IN_PLACE, 1, MPI_INT, buf, 1, MPI_INT, ring),
                 MPI_ERR_BUFFER, "HMPI_Neighbor_allgather", "'sendbuf' cannot be MPI_IN_PLACE");
    int counts[2] = {1, 1};
    expect_error(
        HMPI_Neighbor_alltoallv(buf, counts, NULL, MPI_INT, buf + 2, counts, counts, MPI_INT, ring),
        MPI_ERR_ARG, "HMPI_Neighbor_alltoallv", "'sdispls' is NULL");
    MPI_Comm_free(&ring);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    int p, me;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &strided);
    MPI_Type_commit(&strided);

    nbh t = {.p = p, .me = me};
    int two[2] = {0, 0}, per[3] = {1, 0, 1};
    make_cart(&t, "ring", 1, &p, per);
    test_neighbourhood(&t);
    make_cart(&t, "line", 1, &p, per + 1);
    test_neighbourhood(&t);
    MPI_Dims_create(p, 2, two);
    make_cart(&t, "2-D torus x line", 2, two, per);
    test_neighbourhood(&t);
    int flat[3] = {1, p, 1};
    make_cart(&t, "1 x p x 1, periodic 1s", 3, flat, per);
    test_neighbourhood(&t);
    if (p % 2 == 0) {
        int halves[2] = {2, p / 2}, both[2] = {1, 1};
        make_cart(&t, "2 x p/2 torus", 2, halves, both);
        test_neighbourhood(&t);
    }
    make_graph(&t, "dist graph, repeated and self edges", G_REPEAT);
    test_neighbourhood(&t);
    make_graph(&t, "dist graph ring", G_RING);
    test_neighbourhood(&t);
    make_graph(&t, "graph", G_GRAPH);
    test_neighbourhood(&t);
    make_graph(&t, "dist graph star", G_STAR);
    test_neighbourhood(&t);
    test_bottom(p, me);
    test_errors(p);

    MPI_Type_free(&strided);
    test_done("test_neighbor");
    MPI_Finalize();
    return 0;
}

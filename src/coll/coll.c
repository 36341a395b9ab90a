/* Collective entry points: validation, algorithm choice, private traffic
 * context, and the persistent / nonblocking / blocking forms of each. */
#include "coll/coll.h"
#include "core/config.h"

#include <stdlib.h>
#include <string.h>

static const char *const coll_names[HMPI__NCOLLS] = {
    "barrier",   "bcast",    "reduce",
    "allreduce", "gather",   "scatter",
    "allgather", "alltoall", "reduce_scatter_block",
    "scan",      "exscan"};

/* Algorithm numbers are the registry's value numbers of hmpi_algorithm. */
static const char *algorithm_name(int alg)
{
    return hmpi__config_name(HMPI__CFG_COLL_ALGORITHM, alg);
}

/* commutative_only: 1, a commutative op only; ORDERED_NODES, also a
 * non-commutative one when every node's ranks are consecutive. */
#define ORDERED_NODES 2

/* Every algorithm, the first of each collective being its flat default. */
static const struct {
    int coll, alg;
    hmpi__coll_builder build;
    int commutative_only;
} algorithms[] = {
    {HMPI__BARRIER, HMPI__ALG_DISSEMINATION, hmpi__barrier_dissemination, 0},
    {HMPI__BARRIER, HMPI__ALG_HIERARCHICAL, hmpi__barrier_hierarchical, 0},
    {HMPI__BCAST, HMPI__ALG_BINOMIAL, hmpi__bcast_binomial, 0},
    {HMPI__BCAST, HMPI__ALG_LINEAR, hmpi__bcast_linear, 0},
    {HMPI__BCAST, HMPI__ALG_HIERARCHICAL, hmpi__bcast_hierarchical, 0},
    {HMPI__BCAST, HMPI__ALG_MULTILANE, hmpi__bcast_multilane, 0},
    {HMPI__REDUCE, HMPI__ALG_BINOMIAL, hmpi__reduce_binomial, 0},
    {HMPI__REDUCE, HMPI__ALG_HIERARCHICAL, hmpi__reduce_hierarchical, 1},
    {HMPI__REDUCE, HMPI__ALG_MULTILANE, hmpi__reduce_multilane, ORDERED_NODES},
    {HMPI__ALLREDUCE, HMPI__ALG_RECURSIVE_DOUBLING, hmpi__allreduce_recursive_doubling, 0},
    {HMPI__ALLREDUCE, HMPI__ALG_HIERARCHICAL, hmpi__allreduce_hierarchical, 1},
    {HMPI__ALLREDUCE, HMPI__ALG_RING, hmpi__allreduce_ring, 1},
    {HMPI__ALLREDUCE, HMPI__ALG_MULTILANE, hmpi__allreduce_multilane, ORDERED_NODES},
    {HMPI__GATHER, HMPI__ALG_LINEAR, hmpi__gather_linear, 0},
    {HMPI__GATHER, HMPI__ALG_HIERARCHICAL, hmpi__gather_hierarchical, 0},
    {HMPI__SCATTER, HMPI__ALG_LINEAR, hmpi__scatter_linear, 0},
    {HMPI__SCATTER, HMPI__ALG_HIERARCHICAL, hmpi__scatter_hierarchical, 0},
    {HMPI__ALLGATHER, HMPI__ALG_RING, hmpi__allgather_ring, 0},
    {HMPI__ALLGATHER, HMPI__ALG_LINEAR, hmpi__allgather_linear, 0},
    {HMPI__ALLGATHER, HMPI__ALG_HIERARCHICAL, hmpi__allgather_hierarchical, 0},
    {HMPI__ALLGATHER, HMPI__ALG_LEADERS, hmpi__allgather_leaders, 0},
    {HMPI__ALLTOALL, HMPI__ALG_PAIRWISE, hmpi__alltoall_pairwise, 0},
    {HMPI__ALLTOALL, HMPI__ALG_LINEAR, hmpi__alltoall_linear, 0},
    {HMPI__ALLTOALL, HMPI__ALG_HIERARCHICAL, hmpi__alltoall_hierarchical, 0},
    {HMPI__REDUCE_SCATTER_BLOCK, HMPI__ALG_BINOMIAL, hmpi__reduce_scatter_block_reduce_scatter, 0},
    {HMPI__REDUCE_SCATTER_BLOCK, HMPI__ALG_HIERARCHICAL, hmpi__reduce_scatter_block_hierarchical,
     1},
    {HMPI__SCAN, HMPI__ALG_RECURSIVE_DOUBLING, hmpi__scan_recursive_doubling, 0},
    {HMPI__SCAN, HMPI__ALG_LINEAR, hmpi__scan_linear, 0},
    {HMPI__EXSCAN, HMPI__ALG_RECURSIVE_DOUBLING, hmpi__exscan_recursive_doubling, 0},
    {HMPI__EXSCAN, HMPI__ALG_LINEAR, hmpi__exscan_linear, 0},
    {HMPI__GATHERV, HMPI__ALG_LINEAR, hmpi__gather_linear, 0},
    {HMPI__SCATTERV, HMPI__ALG_LINEAR, hmpi__scatter_linear, 0},
    {HMPI__ALLGATHERV, HMPI__ALG_RING, hmpi__allgather_ring, 0},
    {HMPI__ALLGATHERV, HMPI__ALG_LINEAR, hmpi__allgather_linear, 0},
    {HMPI__ALLTOALLV, HMPI__ALG_LINEAR, hmpi__alltoall_linear, 0},
    {HMPI__ALLTOALLV, HMPI__ALG_PAIRWISE, hmpi__alltoall_pairwise, 0},
    {HMPI__ALLTOALLW, HMPI__ALG_LINEAR, hmpi__alltoall_linear, 0},
    {HMPI__ALLTOALLW, HMPI__ALG_PAIRWISE, hmpi__alltoall_pairwise, 0},
    {HMPI__REDUCE_SCATTER, HMPI__ALG_BINOMIAL, hmpi__reduce_scatter_block_reduce_scatter, 0},
};
#define NALGORITHMS ((int)(sizeof algorithms / sizeof algorithms[0]))

/* ---- validation ------------------------------------------------------- */

/* The collective with one count per side that a v or w collective varies. */
static int base_of(int coll)
{
    switch (coll) {
    case HMPI__GATHERV:
        return HMPI__GATHER;
    case HMPI__SCATTERV:
        return HMPI__SCATTER;
    case HMPI__ALLGATHERV:
        return HMPI__ALLGATHER;
    case HMPI__ALLTOALLV:
    case HMPI__ALLTOALLW:
        return HMPI__ALLTOALL;
    case HMPI__REDUCE_SCATTER:
        return HMPI__REDUCE_SCATTER_BLOCK;
    default:
        return coll;
    }
}

static int is_vector(int coll)
{
    return base_of(coll) != coll;
}

static int is_rooted(int coll)
{
    coll = base_of(coll);
    return coll == HMPI__BCAST || coll == HMPI__REDUCE || coll == HMPI__GATHER ||
           coll == HMPI__SCATTER;
}

static int is_reduction(int coll)
{
    coll = base_of(coll);
    return coll == HMPI__REDUCE || coll == HMPI__ALLREDUCE || coll == HMPI__REDUCE_SCATTER_BLOCK ||
           coll == HMPI__SCAN || coll == HMPI__EXSCAN;
}

/* Names of the count and type arguments in the user's call. */
static const char *count_name(int coll, int send)
{
    if (coll == HMPI__BCAST || coll == HMPI__REDUCE || coll == HMPI__ALLREDUCE ||
        coll == HMPI__SCAN || coll == HMPI__EXSCAN)
        return "count";
    if (coll == HMPI__REDUCE_SCATTER_BLOCK)
        return "recvcount";
    return send ? "sendcount" : "recvcount";
}

static const char *type_name(int coll, int send)
{
    if (coll == HMPI__BCAST || is_reduction(coll))
        return "datatype";
    return send ? "sendtype" : "recvtype";
}

/* Which of the send / receive sides this process uses. */
static void significant(const hmpi__coll_args *a, int rank, int *uses_send, int *uses_recv)
{
    int root = rank == a->root;
    switch (base_of(a->coll)) {
    case HMPI__BARRIER:
        *uses_send = *uses_recv = 0;
        break;
    case HMPI__GATHER:
        *uses_send = !(root && a->sendbuf == MPI_IN_PLACE);
        *uses_recv = root;
        break;
    case HMPI__SCATTER:
        *uses_send = root;
        *uses_recv = !(root && a->recvbuf == MPI_IN_PLACE);
        break;
    case HMPI__ALLGATHER:
    case HMPI__ALLTOALL:
        *uses_send = a->sendbuf != MPI_IN_PLACE;
        *uses_recv = 1;
        break;
    default: /* bcast and reductions: one count and type, kept in the recv side */
        *uses_send = 0;
        *uses_recv = 1;
    }
}

static int check_side(const char *fn, int coll, int send, int count, MPI_Datatype type)
{
    int rc = MPI_SUCCESS;
    HMPI__ERRTEST_COUNT(count, count_name(coll, send), rc, fn);
    HMPI__ERRTEST_DATATYPE(type, type_name(coll, send), rc, fn);
fn_fail:
    return rc;
}

static int check_in_place(const char *fn, const hmpi__coll_args *a, int rank)
{
    int root = rank == a->root, rc = MPI_SUCCESS, coll = base_of(a->coll);
    if (coll == HMPI__SCATTER) {
        HMPI__ERRTEST(a->recvbuf == MPI_IN_PLACE && !root, rc, MPI_ERR_BUFFER, fn,
                      "argument 'recvbuf' is MPI_IN_PLACE on a process that is not the root");
        return MPI_SUCCESS;
    }
    HMPI__ERRTEST(coll != HMPI__BARRIER && coll != HMPI__BCAST && a->recvbuf == MPI_IN_PLACE &&
                      (coll != HMPI__REDUCE || root),
                  rc, MPI_ERR_BUFFER, fn, "argument 'recvbuf' is MPI_IN_PLACE");
    HMPI__ERRTEST(
        (coll == HMPI__REDUCE || coll == HMPI__GATHER) && a->sendbuf == MPI_IN_PLACE && !root, rc,
        MPI_ERR_BUFFER, fn, "argument 'sendbuf' is MPI_IN_PLACE on a process that is not the root");
fn_fail:
    return rc;
}

/* A side given per process: counts (and displacements) non-NULL, every
 * count non-negative, every type (alltoallw) or the type not null. */
static int check_vector_side(const char *fn, int send, const int *counts, const int *displs,
                             MPI_Datatype type, const MPI_Datatype *types, int coll, int size)
{
    const char *cname = send ? "sendcounts" : "recvcounts";
    const char *dname = coll == HMPI__ALLTOALLV || coll == HMPI__ALLTOALLW
                            ? (send ? "sdispls" : "rdispls")
                            : "displs";
    int rc = MPI_SUCCESS;
    HMPI__ERRTEST_ARGNULL(counts, cname, rc, fn);
    if (coll != HMPI__REDUCE_SCATTER)
        HMPI__ERRTEST_ARGNULL(displs, dname, rc, fn);
    if (coll == HMPI__ALLTOALLW)
        HMPI__ERRTEST_ARGNULL(types, send ? "sendtypes" : "recvtypes", rc, fn);
    else
        HMPI__ERRTEST_DATATYPE(
            type, coll == HMPI__REDUCE_SCATTER ? "datatype" : type_name(coll, send), rc, fn);
    for (int i = 0; i < size; i++) {
        HMPI__ERRTEST(counts[i] < 0, rc, MPI_ERR_COUNT, fn,
                      "argument '%s' has a negative entry (%d at %d)", cname, counts[i], i);
        HMPI__ERRTEST(types && types[i] == MPI_DATATYPE_NULL, rc, MPI_ERR_TYPE, fn,
                      "argument '%s' has MPI_DATATYPE_NULL at %d", send ? "sendtypes" : "recvtypes",
                      i);
    }
fn_fail:
    return rc;
}

/* Which sides of a v or w collective are per process (the others have one
 * count and type, checked as usual). */
static int send_is_vector(int coll)
{
    return coll == HMPI__SCATTERV || coll == HMPI__ALLTOALLV || coll == HMPI__ALLTOALLW;
}

static int recv_is_vector(int coll)
{
    return is_vector(coll) && coll != HMPI__SCATTERV;
}

static int check_sides(const char *fn, const hmpi__coll_args *a, int rank, int size)
{
    int uses_send, uses_recv, rc = MPI_SUCCESS;
    significant(a, rank, &uses_send, &uses_recv);
    if (uses_send)
        rc = send_is_vector(a->coll) ? check_vector_side(fn, 1, a->scounts, a->sdispls, a->stype,
                                                         a->stypes, a->coll, size)
                                     : check_side(fn, a->coll, 1, a->scount, a->stype);
    if (rc == MPI_SUCCESS && uses_recv)
        rc = recv_is_vector(a->coll) ? check_vector_side(fn, 0, a->rcounts, a->rdispls, a->rtype,
                                                         a->rtypes, a->coll, size)
                                     : check_side(fn, a->coll, 0, a->rcount, a->rtype);
    return rc;
}

/* The entry pipeline's local checks: what this process can check alone. */
static int check_args(const hmpi__entry *e)
{
    const hmpi__coll_args *a = e->args;
    int size, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(e->comm, &size);
    MPI_Comm_rank(e->comm, &rank);
    if (is_rooted(a->coll))
        HMPI__ERRTEST_ROOT(a->root, size, rc, e->fn);
    if (is_reduction(a->coll))
        HMPI__ERRTEST_OP(a->op, rc, e->fn);
    if ((rc = check_sides(e->fn, a, rank, size)) != MPI_SUCCESS)
        return rc;
    return check_in_place(e->fn, a, rank);
fn_fail:
    return rc;
}

/* ---- HMPI_CHECK=1: agreement across processes ------------------------- */

int hmpi__coll_op_id(MPI_Op op)
{
    const MPI_Op predefined[] = {MPI_SUM,    MPI_MAX,    MPI_MIN,    MPI_PROD, MPI_LAND,
                                 MPI_BAND,   MPI_LOR,    MPI_BOR,    MPI_LXOR, MPI_BXOR,
                                 MPI_MINLOC, MPI_MAXLOC, MPI_REPLACE};
    for (int i = 0; i < (int)(sizeof predefined / sizeof predefined[0]); i++)
        if (op == predefined[i])
            return i;
    return -1;
}

/* Bytes of one block as this process sees it (-1: none). */
static long block_bytes(const hmpi__coll_args *a, int rank)
{
    int uses_send, uses_recv, tsize;
    if (is_vector(a->coll))
        return -1; /* sizes vary by process */
    significant(a, rank, &uses_send, &uses_recv);
    if (uses_recv && a->rcount >= 0 && a->rtype != MPI_DATATYPE_NULL) {
        MPI_Type_size(a->rtype, &tsize);
        return (long)a->rcount * tsize;
    }
    if (uses_send && a->scount >= 0 && a->stype != MPI_DATATYPE_NULL) {
        MPI_Type_size(a->stype, &tsize);
        return (long)a->scount * tsize;
    }
    return -1;
}

/* The collective, the root, the block size and the op must agree. */
static int agreement(const hmpi__entry *e, hmpi__agree_item items[HMPI__AGREE_MAX])
{
    const hmpi__coll_args *a = e->args;
    int rank;
    long bytes;
    MPI_Comm_rank(e->comm, &rank);
    bytes = block_bytes(a, rank);
    items[0] = (hmpi__agree_item){a->coll, "collective", MPI_ERR_ARG};
    items[1] = (hmpi__agree_item){is_rooted(a->coll) ? a->root : 0, "root", MPI_ERR_ROOT};
    items[2] =
        (hmpi__agree_item){bytes >= 0 ? bytes : HMPI__NO_VALUE, "bytes per block", MPI_ERR_ARG};
    items[3] =
        (hmpi__agree_item){is_reduction(a->coll) ? hmpi__coll_op_id(a->op) : 0, "op", MPI_ERR_ARG};
    return 4;
}

/* ---- algorithm choice ------------------------------------------------- */

/* Does the communicator span more than one level of the hierarchy? */
static int several_levels(hmpi__loctable *t)
{
    const uint32_t *node = hmpi__loctable_nodes(t);
    for (int r = 0; node && r < t->n; r++)
        if (__builtin_popcount(node[r] & ((1u << t->len[r]) - 1u)) > 1)
            return 1;
    return 0;
}

/* Combining alltoall blocks at group leaders pays up to this block size:
 * bench/persistent, 16 and 32 ranks on a 4-node virtual cluster: 0.8x linear
 * at 4 bytes, 1.2-1.4x at 64 bytes (no real network there, where the
 * break-even is higher; hmpi_algorithm=hierarchical forces it). */
#define ALLTOALL_COMBINE_MAX 16

/* Does auto prefer the topology-aware variant for these arguments? */
static int hierarchical_suits(const hmpi__coll_args *a, int rank, hmpi__loctable *t)
{
    if (a->coll == HMPI__ALLTOALL && block_bytes(a, rank) > ALLTOALL_COMBINE_MAX)
        return 0;
    return several_levels(t);
}

/* Alltoall on several nodes, by the cost model: every exchange at once
 * (the node's link carries P (p - P) messages), one partner per round
 * (p - 1 rounds of P messages), or the blocks combined at L leaders per node
 * (a gather, one exchange between leaders, a scatter). */
static int alltoall_by_cost(const hmpi__coll_args *a, hmpi__coll_ctx *c)
{
    int N, P, p = c->size, L;
    double B = (double)block_bytes(a, c->rank);
    hmpi__node_shape(c->table, &N, &P);
    const hmpi__cost_model *m = &c->cost;
    double linear = hmpi__cost_round(m, HMPI__LEVEL_NETWORK, P * (p - P), B);
    double pairwise = (p - 1) * hmpi__cost_round(m, HMPI__LEVEL_NETWORK, P, B);
    double leaders = hmpi__alltoall_leaders_cost(m, N, P, B, &L);
    if (leaders <= linear && leaders <= pairwise)
        return HMPI__ALG_HIERARCHICAL;
    return linear <= pairwise ? HMPI__ALG_LINEAR : HMPI__ALG_PAIRWISE;
}

/* On several nodes, the node-aware algorithm auto takes (-1: none): bcast
 * and the commutative reductions go per node and per lane, allgather
 * through node leaders. Simulated 1024 ranks, 64 x 16 fat tree, against the
 * hierarchical tree: doc/collectives.md. */
static int node_aware(const hmpi__coll_args *a, hmpi__coll_ctx *c)
{
    if (!hmpi__spans_nodes(c->table))
        return -1;
    if (a->coll == HMPI__ALLGATHER)
        return HMPI__ALG_LEADERS;
    if (a->coll == HMPI__ALLTOALL)
        return alltoall_by_cost(a, c);
    if (a->coll != HMPI__BCAST && a->coll != HMPI__REDUCE && a->coll != HMPI__ALLREDUCE)
        return -1;
    /* non-commutative: in rank order when the nodes allow it, else flat */
    return c->commutative || hmpi__nodes_in_rank_order(c->table) ? HMPI__ALG_MULTILANE : -1;
}

/* At least 64 KiB per process: worth a bandwidth-optimal algorithm. */
static int large_message(const hmpi__coll_args *a)
{
    int tsize;
    MPI_Type_size(a->rtype, &tsize);
    return (long)a->rcount * tsize >= 65536;
}

static int select_builder(const char *fn, const hmpi__coll_args *a, int alg, hmpi__coll_ctx *c,
                          hmpi__coll_builder *out)
{
    int first = -1, wanted = -1, nodes = alg == HMPI__ALG_AUTO ? node_aware(a, c) : -1;
    for (int i = 0; i < NALGORITHMS; i++) {
        if (algorithms[i].coll != a->coll)
            continue;
        if (first < 0)
            first = i;
        int only = algorithms[i].commutative_only;
        int fits = !only || c->commutative ||
                   (only == ORDERED_NODES && hmpi__nodes_in_rank_order(c->table));
        if (alg == HMPI__ALG_AUTO && algorithms[i].alg == HMPI__ALG_HIERARCHICAL && fits &&
            hierarchical_suits(a, c->rank, c->table) && nodes < 0)
            wanted = i;
        if (nodes >= 0 && algorithms[i].alg == nodes)
            wanted = i;
        if (alg == algorithms[i].alg) {
            if (!fits)
                return hmpi__error_code(MPI_ERR_OP, fn, "algorithm '%s' needs a commutative 'op'%s",
                                        algorithm_name(alg),
                                        only == ORDERED_NODES
                                            ? " or the ranks of every node numbered consecutively"
                                            : "");
            wanted = i;
        }
    }
    if (wanted < 0 && alg == HMPI__ALG_AUTO && a->coll == HMPI__ALLREDUCE && c->commutative &&
        c->size > 2 && large_message(a))
        for (int i = 0; i < NALGORITHMS; i++) /* bandwidth matters more than latency */
            if (algorithms[i].coll == HMPI__ALLREDUCE && algorithms[i].alg == HMPI__ALG_RING)
                wanted = i;
    if (wanted < 0 && alg == HMPI__ALG_AUTO && a->coll == HMPI__ALLTOALL && c->size <= 64)
        for (int i = 0; i < NALGORITHMS; i++) /* all at once: no round waits for the slowest */
            if (algorithms[i].coll == HMPI__ALLTOALL && algorithms[i].alg == HMPI__ALG_LINEAR)
                wanted = i;
    if (wanted < 0 && alg != HMPI__ALG_AUTO)
        return hmpi__error_code(MPI_ERR_INFO_VALUE, fn, "algorithm '%s' does not implement %s",
                                algorithm_name(alg), coll_names[a->coll]);
    *out = algorithms[wanted >= 0 ? wanted : first].build;
    return MPI_SUCCESS;
}

/* Does this call move no data at all (so every process builds nothing)? */
static int moves_nothing(const hmpi__coll_args *a, int rank)
{
    int uses_send, uses_recv;
    if (a->coll == HMPI__BARRIER || is_vector(a->coll))
        return 0;
    significant(a, rank, &uses_send, &uses_recv);
    return (uses_recv ? a->rcount : a->scount) == 0;
}

/* ---- building and running --------------------------------------------- */

/* The settings a schedule is built with: algorithm, levels and lanes from
 * the registry, the cost model, how rounds post. */
static int settings(const hmpi__entry *e, hmpi__coll_key *k)
{
    hmpi__cfg_value alg, levels, lanes;
    int rc;
    if ((rc = hmpi__config_get(HMPI__CFG_COLL_ALGORITHM, e->info, e->fn, &alg)) ||
        (rc = hmpi__config_get(HMPI__CFG_LEVELS, e->info, e->fn, &levels)) ||
        (rc = hmpi__config_get(HMPI__CFG_LANES, e->info, e->fn, &lanes)) ||
        (rc = hmpi__cost_model_load(e->fn, &k->cost)))
        return rc;
    k->args = *(const hmpi__coll_args *)e->args;
    k->algorithm = alg.number;
    k->levels = levels.mask;
    k->lanes = lanes.number > 0 ? lanes.number : 0;
    k->p2p = hmpi__config_number(HMPI__CFG_P2P);
    return MPI_SUCCESS;
}

/* Build the schedule of k's call into a request (persistent: kept). */
static int build_request(const hmpi__entry *e, const hmpi__coll_key *k, int persistent,
                         HMPI_Request *out)
{
    const hmpi__coll_args *a = &k->args;
    hmpi__coll_ctx c;
    hmpi__coll_builder builder = NULL;
    hmpi__commloc *cl;
    int rc, commutative = 1;
    if (is_reduction(a->coll))
        MPI_Op_commutative(a->op, &commutative);
    if ((rc = hmpi__commloc_ensure(e->comm, 1, e->fn, &cl)) != MPI_SUCCESS)
        return rc;
    memset(&c, 0, sizeof c);
    MPI_Comm_rank(e->comm, &c.rank);
    MPI_Comm_size(e->comm, &c.size);
    c.commutative = commutative;
    c.table = cl->table;
    c.levels = k->levels;
    c.lanes = k->lanes;
    c.cost = k->cost;
    if ((rc = select_builder(e->fn, a, k->algorithm, &c, &builder)) != MPI_SUCCESS)
        return rc;
    rc = e->form == HMPI__FORM_BLOCKING ? hmpi__comm_private_blocking(e->comm, &c.comm, &c.tag)
                                        : hmpi__comm_private_tag(e->comm, &c.comm, &c.tag);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!(c.s = hmpi__sched_create()))
        return hmpi__error_code(MPI_ERR_NO_MEM, e->fn, "out of memory");
    if (!moves_nothing(a, c.rank) && (rc = builder(&c, a)) != MPI_SUCCESS)
        goto fn_fail;
    if ((rc = hmpi__request_create(c.s, persistent, e->comm, e->fn, out)) != MPI_SUCCESS) {
        rc = hmpi__error_code(MPI_ERR_NO_MEM, e->fn, "out of memory");
        goto fn_fail;
    }
    return MPI_SUCCESS;
fn_fail:
    hmpi__sched_free(c.s);
    return rc;
}

/* The build step: a blocking call with predefined types and op takes its
 * schedule from the communicator's cache, or builds it and keeps it there;
 * anything else builds a fresh one. Codes are not raised (the pipeline
 * does). */
static int build(const hmpi__entry *e, void **op)
{
    hmpi__coll_key k;
    HMPI_Request r;
    uint64_t stamp = e->stamp;
    int rc, cached = e->form == HMPI__FORM_BLOCKING && hmpi__coll_cacheable(e->args, stamp);
    if (cached) {
        if ((r = hmpi__coll_cache_lookup(e->comm, e->args, stamp)) != HMPI_REQUEST_NULL) {
            *op = r;
            return MPI_SUCCESS;
        }
    }
    if ((rc = settings(e, &k)) != MPI_SUCCESS)
        return rc;
    if (cached && (r = hmpi__coll_cache_find(e->comm, &k, stamp)) != HMPI_REQUEST_NULL) {
        *op = r;
        return MPI_SUCCESS;
    }
    if ((rc = build_request(e, &k, e->form == HMPI__FORM_PERSISTENT || cached, &r)) != MPI_SUCCESS)
        return rc;
    if (cached && hmpi__coll_cache_put(e->comm, &k, stamp, r) != MPI_SUCCESS)
        r->persistent = 0; /* no room: run it once, as uncached */
    *op = r;
    return MPI_SUCCESS;
}

/* Blocking calls run a cached request and leave it to the cache (a failed
 * run drops it); everything else as every module launches. */
static int launch(void *op, int form, void *request)
{
    HMPI_Request r = op;
    if (form != HMPI__FORM_BLOCKING || !r->persistent)
        return hmpi__request_launch(r, form, request);
    MPI_Comm comm = r->comm;
    int rc = hmpi__request_start(r, r->name);
    if (rc == MPI_SUCCESS)
        rc = hmpi__request_wait(&r, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        hmpi__coll_cache_drop(comm, op);
    return rc;
}

static const hmpi__entry_ops entry_ops = {"comm", check_args, agreement, build, launch};

static int entry(MPI_Comm comm, const char *fn, const hmpi__coll_args *a, MPI_Info info, int form,
                 HMPI_Request *request)
{
    hmpi__entry e = {&entry_ops, fn, comm, form, request, info, a, 0};
    return hmpi__entry_run(&e);
}

/* ---- the public functions --------------------------------------------- */

#define ARGS(coll, sb, rb, sc, st, rc, rt, root, op)                                               \
    VARGS(coll, sb, rb, sc, st, rc, rt, root, op, NULL, NULL, NULL, NULL, NULL, NULL)
#define VARGS(coll, sb, rb, sc, st, rc, rt, root, op, scs, sds, rcs, rds, sts, rts)                \
    hmpi__coll_args a = {coll, sb, rb, sc, rc, st, rt, root, op, scs, sds, rcs, rds, sts, rts}

/* A collective's internal entry (hmpi__mpi_<name>, see core/signatures.h)
 * and its three public forms: persistent (Name_init), nonblocking (Iname)
 * and blocking (Name). SIGNATURE is MPI's argument list (it names comm),
 * PASS passes it on, DECLARE_ARGS declares `a` from it. */
#define THREE_FORMS(Name, name, SIGNATURE, PASS, DECLARE_ARGS)                                     \
    int hmpi__mpi_##name(const char *fn, int form, SIGNATURE, MPI_Info info,                       \
                         HMPI_Request *request)                                                    \
    {                                                                                              \
        DECLARE_ARGS;                                                                              \
        return entry(comm, fn, &a, info, form, request);                                           \
    }                                                                                              \
    int HMPI_##Name##_init(SIGNATURE, MPI_Info info, HMPI_Request *request)                        \
    {                                                                                              \
        return hmpi__mpi_##name("HMPI_" #Name "_init", HMPI__FORM_PERSISTENT, PASS, info,          \
                                request);                                                          \
    }                                                                                              \
    int HMPI_I##name(SIGNATURE, HMPI_Request *request)                                             \
    {                                                                                              \
        return hmpi__mpi_##name("HMPI_I" #name, HMPI__FORM_NONBLOCKING, PASS, MPI_INFO_NULL,       \
                                request);                                                          \
    }                                                                                              \
    int HMPI_##Name(SIGNATURE)                                                                     \
    {                                                                                              \
        return hmpi__mpi_##name("HMPI_" #Name, HMPI__FORM_BLOCKING, PASS, MPI_INFO_NULL, NULL);    \
    }

#define BARRIER_ARGS ARGS(HMPI__BARRIER, NULL, NULL, 0, MPI_BYTE, 0, MPI_BYTE, 0, MPI_OP_NULL)
THREE_FORMS(Barrier, barrier, HMPI__SIG_BARRIER(comm), HMPI__PASS_BARRIER, BARRIER_ARGS)

#define BCAST_ARGS                                                                                 \
    ARGS(HMPI__BCAST, buffer, buffer, count, datatype, count, datatype, root, MPI_OP_NULL)
THREE_FORMS(Bcast, bcast, HMPI__SIG_BCAST(comm), HMPI__PASS_BCAST, BCAST_ARGS)

#define REDUCE_ARGS ARGS(HMPI__REDUCE, sendbuf, recvbuf, count, datatype, count, datatype, root, op)
THREE_FORMS(Reduce, reduce, HMPI__SIG_REDUCE(comm), HMPI__PASS_REDUCE, REDUCE_ARGS)

/* allreduce, scan, exscan */
#define OP_ARGS(coll) ARGS(coll, sendbuf, recvbuf, count, datatype, count, datatype, 0, op)
THREE_FORMS(Allreduce, allreduce, HMPI__SIG_OP(comm), HMPI__PASS_OP, OP_ARGS(HMPI__ALLREDUCE))
THREE_FORMS(Scan, scan, HMPI__SIG_OP(comm), HMPI__PASS_OP, OP_ARGS(HMPI__SCAN))
THREE_FORMS(Exscan, exscan, HMPI__SIG_OP(comm), HMPI__PASS_OP, OP_ARGS(HMPI__EXSCAN))

#define ROOTED_ARGS(coll)                                                                          \
    ARGS(coll, sendbuf, recvbuf, sendcount, sendtype, recvcount, recvtype, root, MPI_OP_NULL)
THREE_FORMS(Gather, gather, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED, ROOTED_ARGS(HMPI__GATHER))
THREE_FORMS(Scatter, scatter, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED, ROOTED_ARGS(HMPI__SCATTER))

#define ALL_ARGS(coll)                                                                             \
    ARGS(coll, sendbuf, recvbuf, sendcount, sendtype, recvcount, recvtype, 0, MPI_OP_NULL)
THREE_FORMS(Allgather, allgather, HMPI__SIG_ALL(comm), HMPI__PASS_ALL, ALL_ARGS(HMPI__ALLGATHER))
THREE_FORMS(Alltoall, alltoall, HMPI__SIG_ALL(comm), HMPI__PASS_ALL, ALL_ARGS(HMPI__ALLTOALL))

#define RSB_ARGS                                                                                   \
    ARGS(HMPI__REDUCE_SCATTER_BLOCK, sendbuf, recvbuf, recvcount, datatype, recvcount, datatype,   \
         0, op)
THREE_FORMS(Reduce_scatter_block, reduce_scatter_block, HMPI__SIG_RSB(comm), HMPI__PASS_RSB,
            RSB_ARGS)

/* ---- the v and w collectives ------------------------------------------ */

#define GATHERV_ARGS                                                                               \
    VARGS(HMPI__GATHERV, sendbuf, recvbuf, sendcount, sendtype, 0, recvtype, root, MPI_OP_NULL,    \
          NULL, NULL, recvcounts, displs, NULL, NULL)
THREE_FORMS(Gatherv, gatherv, HMPI__SIG_GATHERV(comm), HMPI__PASS_GATHERV, GATHERV_ARGS)

#define SCATTERV_ARGS                                                                              \
    VARGS(HMPI__SCATTERV, sendbuf, recvbuf, 0, sendtype, recvcount, recvtype, root, MPI_OP_NULL,   \
          sendcounts, displs, NULL, NULL, NULL, NULL)
THREE_FORMS(Scatterv, scatterv, HMPI__SIG_SCATTERV(comm), HMPI__PASS_SCATTERV, SCATTERV_ARGS)

#define ALLGATHERV_ARGS                                                                            \
    VARGS(HMPI__ALLGATHERV, sendbuf, recvbuf, sendcount, sendtype, 0, recvtype, 0, MPI_OP_NULL,    \
          NULL, NULL, recvcounts, displs, NULL, NULL)
THREE_FORMS(Allgatherv, allgatherv, HMPI__SIG_ALLGATHERV(comm), HMPI__PASS_ALLGATHERV,
            ALLGATHERV_ARGS)

#define ALLTOALLV_ARGS                                                                             \
    VARGS(HMPI__ALLTOALLV, sendbuf, recvbuf, 0, sendtype, 0, recvtype, 0, MPI_OP_NULL, sendcounts, \
          sdispls, recvcounts, rdispls, NULL, NULL)
THREE_FORMS(Alltoallv, alltoallv, HMPI__SIG_ALLTOALLV(comm), HMPI__PASS_ALLTOALLV, ALLTOALLV_ARGS)

#define ALLTOALLW_ARGS                                                                             \
    VARGS(HMPI__ALLTOALLW, sendbuf, recvbuf, 0, MPI_BYTE, 0, MPI_BYTE, 0, MPI_OP_NULL, sendcounts, \
          sdispls, recvcounts, rdispls, sendtypes, recvtypes)
THREE_FORMS(Alltoallw, alltoallw, HMPI__SIG_ALLTOALLW(comm), HMPI__PASS_ALLTOALLW, ALLTOALLW_ARGS)

#define REDUCE_SCATTER_ARGS                                                                        \
    VARGS(HMPI__REDUCE_SCATTER, sendbuf, recvbuf, 0, datatype, 0, datatype, 0, op, NULL, NULL,     \
          recvcounts, NULL, NULL, NULL)
THREE_FORMS(Reduce_scatter, reduce_scatter, HMPI__SIG_REDUCE_SCATTER(comm),
            HMPI__PASS_REDUCE_SCATTER, REDUCE_SCATTER_ARGS)

/* Collective entry points: validation, algorithm choice, private traffic
 * context, and the persistent / nonblocking / blocking forms of each. */
#include "coll/coll.h"

#include "coll/cache.h"
#include "coll/select.h"
#include "core/config.h"
#include "core/op.h"
#include "core/pmpi.h"
#include <limits.h>

#include <stdlib.h>
#include <string.h>

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

void hmpi__coll_sides(const hmpi__coll_args *a, int rank, int *uses_send, int *uses_recv)
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
    hmpi__coll_sides(a, rank, &uses_send, &uses_recv);
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
    if (is_reduction(a->coll)) {
        HMPI__ERRTEST_OP(a->op, rc, e->fn);
        if ((rc = hmpi__op_check(e->fn, a->op, a->stype)) != MPI_SUCCESS)
            return rc;
    }
    if ((rc = check_sides(e->fn, a, rank, size)) != MPI_SUCCESS)
        return rc;
    return check_in_place(e->fn, a, rank);
fn_fail:
    return rc;
}

/* ---- HMPI_CHECK=1: agreement across processes ------------------------- */

/* Bytes of one block as this process sees it (-1: none). */
static long block_bytes(const hmpi__coll_args *a, int rank)
{
    int uses_send, uses_recv;
    MPI_Count tsize; /* elements past 2 GiB: MPI 4's large counts */
    if (is_vector(a->coll))
        return -1; /* sizes vary by process */
    hmpi__coll_sides(a, rank, &uses_send, &uses_recv);
    if (uses_recv && a->rcount >= 0 && a->rtype != MPI_DATATYPE_NULL) {
        MPI_Type_size_x(a->rtype, &tsize);
        return (long)a->rcount * tsize;
    }
    if (uses_send && a->scount >= 0 && a->stype != MPI_DATATYPE_NULL) {
        MPI_Type_size_x(a->stype, &tsize);
        return (long)a->scount * tsize;
    }
    return -1;
}

/* The mean of counts[0..n-1] elements of type, in bytes. */
static double mean_bytes(const int *counts, int n, MPI_Datatype type)
{
    double total = 0;
    int tsize;
    MPI_Type_size(type, &tsize);
    for (int i = 0; counts && i < n; i++)
        total += counts[i];
    return n > 0 ? total * tsize / n : 0;
}

double hmpi__coll_block_bytes(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    long bytes;
    if (a->coll == HMPI__ALLGATHERV || a->coll == HMPI__REDUCE_SCATTER)
        return mean_bytes(a->rcounts, c->size, a->rtype); /* the same counts everywhere */
    bytes = block_bytes(a, c->rank);
    return bytes > 0 ? (double)bytes : 0;
}

/* Does the call's largest buffer on any process span more than INT_MAX
 * bytes? The same answer everywhere: from the agreed block size or the
 * counts every process has (HMPI__ANY_SIZE); the other vector forms' rows
 * all take any size. */
static int spans_past_int(const hmpi__coll_args *a, int rank, int size)
{
    double blocks = 1, bytes;
    switch (a->coll) {
    case HMPI__ALLGATHERV:
    case HMPI__REDUCE_SCATTER:
        return mean_bytes(a->rcounts, size, a->rtype) * size > INT_MAX;
    case HMPI__ALLTOALL:
    case HMPI__ALLGATHER:
    case HMPI__GATHER:
    case HMPI__SCATTER:
    case HMPI__REDUCE_SCATTER_BLOCK:
        blocks = size;
        break;
    default:
        break;
    }
    bytes = (double)block_bytes(a, rank);
    return bytes * blocks > INT_MAX;
}

static const char *coll_value_name(long value)
{
    return value >= 0 && value < HMPI__NCOLLS ? hmpi__coll_name((int)value) : NULL;
}

/* The collective, the root, the block size and the op must agree. */
static int agreement(const hmpi__entry *e, hmpi__agree_item items[HMPI__AGREE_MAX])
{
    const hmpi__coll_args *a = e->args;
    int rank;
    long bytes;
    MPI_Comm_rank(e->comm, &rank);
    bytes = block_bytes(a, rank);
    items[0] = (hmpi__agree_item){a->coll, "collective", MPI_ERR_ARG, coll_value_name};
    items[1] = (hmpi__agree_item){is_rooted(a->coll) ? a->root : 0, "root", MPI_ERR_ROOT, NULL};
    items[2] = (hmpi__agree_item){bytes >= 0 ? bytes : HMPI__NO_VALUE, "bytes per block",
                                  MPI_ERR_ARG, NULL};
    items[3] =
        (hmpi__agree_item){is_reduction(a->coll) ? hmpi__op_id(a->op) : 0, "op", MPI_ERR_ARG, NULL};
    return 4;
}

/* Does this call move no data at all (so every process builds nothing)? */
static int moves_nothing(const hmpi__coll_args *a, int rank)
{
    int uses_send, uses_recv;
    if (a->coll == HMPI__BARRIER || is_vector(a->coll))
        return 0;
    hmpi__coll_sides(a, rank, &uses_send, &uses_recv);
    return (uses_recv ? a->rcount : a->scount) == 0;
}

/* ---- building and running --------------------------------------------- */

/* The settings a schedule is built with: algorithm, levels and lanes from
 * the registry (the collective's own algorithm setting first), the cost
 * model, how rounds post. */
static int settings(const hmpi__entry *e, hmpi__coll_key *k)
{
    const hmpi__coll_args *a = e->args;
    hmpi__cfg_value levels, lanes, radix, multiplying, lane_trees, trees;
    int rc;
    if ((rc = hmpi__coll_algorithm_setting(e->fn, a->coll, e->info, &k->algorithm)) ||
        (rc = hmpi__config_get(HMPI__CFG_LEVELS, e->info, e->fn, &levels)) ||
        (rc = hmpi__config_get(HMPI__CFG_LANES, e->info, e->fn, &lanes)) ||
        (rc = hmpi__config_get(HMPI__CFG_LANE_RADIX, e->info, e->fn, &radix)) ||
        (rc = hmpi__config_get(HMPI__CFG_LANE_MULTIPLYING, e->info, e->fn, &multiplying)) ||
        (rc = hmpi__config_get(HMPI__CFG_LANE_TREES, e->info, e->fn, &lane_trees)) ||
        (rc = hmpi__config_get(HMPI__CFG_BCAST_TREES, e->info, e->fn, &trees)) ||
        (rc = hmpi__commloc_cost_model(e->comm, e->fn, &k->cost)))
        return rc;
    k->args = *a;
    k->levels = levels.mask;
    k->lanes = lanes.number > 0 ? lanes.number : 0;
    k->lane_radix = radix.number > 1 ? radix.number : 0;
    k->lane_multiplying = multiplying.number;
    k->lane_trees = lane_trees.number > 0 ? lane_trees.number : 0;
    k->bcast_trees = trees.number > 1 ? trees.number : 0;
    k->p2p = hmpi__config_number(HMPI__CFG_P2P);
    return MPI_SUCCESS;
}

/* The node's shared memory for the call's schedule, each node's part of
 * the communicator its own: the communicator's channel for blocking calls,
 * one of its own for persistent ones (agreed over the communicator:
 * collective, in _init). Nonblocking calls pass messages: agreeing on a
 * channel would synchronise them. */
static int node_channel(const hmpi__entry *e, const hmpi__coll_key *k, hmpi__coll_ctx *c)
{
    hmpi__shm *shm;
    int nodes;
    const int *machine = c->nodes > 1 ? hmpi__loctable_machines(c->table, &nodes) : NULL;
    if (c->size < 2 || e->form == HMPI__FORM_NONBLOCKING || (c->nodes > 1 && !machine))
        return MPI_SUCCESS;
    /* collective on the first call */
    TRY(hmpi__shm_get(e->comm, machine ? machine[c->rank] : 0, e->fn, &shm));
    if (shm && c->cost.builtin)
        hmpi__shm_model(shm, &c->cost); /* the node as measured */
    if (!shm || !hmpi__coll_seeks_segment(k->args.coll, k->algorithm, c->nodes))
        return MPI_SUCCESS;
    TRY(hmpi__shm_acquire(shm, e->form == HMPI__FORM_PERSISTENT, e->fn, &c->shm));
    c->shm_usable = hmpi__coll_shm_usable(c, &k->args);
    return MPI_SUCCESS;
}

/* Choose the algorithm and build its schedule into a request. */
/* A builder's bare MPI error class, with a text naming the function. */
static int described(int rc, const char *fn)
{
    char what[MPI_MAX_ERROR_STRING];
    int klass, len;
    if (MPI_Error_class(rc, &klass) != MPI_SUCCESS || klass != rc ||
        MPI_Error_string(rc, what, &len) != MPI_SUCCESS)
        return rc; /* a code of hmpi's, with its text already */
    return hmpi__error_code(rc, fn, "its algorithm could not build the schedule: %s", what);
}

static int build_schedule(const hmpi__entry *e, const hmpi__coll_key *k, int persistent,
                          hmpi__coll_ctx *c, HMPI_Request *out)
{
    const hmpi__coll_args *a = &k->args;
    hmpi__coll_builder builder = NULL;
    int rc;
    if ((rc = hmpi__coll_select(e->fn, a, k->algorithm, c, &builder)) != MPI_SUCCESS)
        return rc;
    rc = e->form == HMPI__FORM_BLOCKING ? hmpi__comm_private_blocking(e->comm, &c->comm, &c->tag)
                                        : hmpi__comm_private_tag(e->comm, &c->comm, &c->tag);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!(c->s = hmpi__sched_create(c->comm)))
        return hmpi__error_code(MPI_ERR_NO_MEM, e->fn, "out of memory");
    if (!moves_nothing(a, c->rank) && (rc = builder(c, a)) != MPI_SUCCESS) {
        hmpi__sched_free(c->s);
        return described(rc, e->fn);
    }
    return hmpi__request_create(c->s, persistent, e->comm, e->fn, out);
}

/* MPI 4.1's mpi_assert_strict_persistent_collective_ordering: in the
 * call's info, else in the communicator's (MPI_Comm_set_info). */
static int strict_order(const hmpi__entry *e, int *strict)
{
    hmpi__cfg_value v;
    MPI_Info comm_info;
    int rc = hmpi__config_get(HMPI__CFG_STRICT_ORDER, e->info, e->fn, &v);
    if (rc == MPI_SUCCESS && v.source != HMPI__FROM_INFO &&
        HMPI__MPI(Comm_get_info)(e->comm, &comm_info) == MPI_SUCCESS) {
        rc = hmpi__config_get(HMPI__CFG_STRICT_ORDER, comm_info, e->fn, &v);
        MPI_Info_free(&comm_info);
    }
    *strict = rc == MPI_SUCCESS && v.number;
    return rc;
}

/* Build the schedule of k's call into a request (persistent: kept). */
static int build_request(const hmpi__entry *e, const hmpi__coll_key *k, int persistent,
                         HMPI_Request *out)
{
    const hmpi__coll_args *a = &k->args;
    hmpi__coll_ctx c;
    hmpi__commloc *cl;
    hmpi__shape shape;
    int rc, commutative = 1;
    if (is_reduction(a->coll))
        MPI_Op_commutative(a->op, &commutative);
    if ((rc = hmpi__commloc_ensure(e->comm, 1, e->fn, &cl)) != MPI_SUCCESS)
        return rc;
    memset(&c, 0, sizeof c);
    MPI_Comm_rank(e->comm, &c.rank);
    MPI_Comm_size(e->comm, &c.size);
    c.commutative = commutative;
    c.past_int = spans_past_int(a, c.rank, c.size);
    c.table = cl->table;
    hmpi__node_shape(c.table, &shape);
    c.nodes = shape.nodes, c.largest = shape.largest, c.smallest = shape.smallest;
    if (c.nodes < 1) /* the table cannot tell: one node of everybody */
        c.nodes = 1, c.largest = c.smallest = c.size;
    c.ordered_nodes = shape.ordered_nodes;
    c.packages = shape.packages;
    c.levels = k->levels;
    c.lanes = k->lanes;
    c.lane_radix = k->lane_radix;
    c.lane_multiplying = k->lane_multiplying;
    c.lane_trees = k->lane_trees;
    c.bcast_trees = k->bcast_trees;
    c.cost = k->cost;
    c.blocking = e->form == HMPI__FORM_BLOCKING;
    c.persistent = e->form == HMPI__FORM_PERSISTENT;
    if (c.persistent && (rc = strict_order(e, &c.strict_order)) != MPI_SUCCESS)
        return rc;
    if ((rc = node_channel(e, k, &c)) != MPI_SUCCESS)
        return rc;
    rc = build_schedule(e, k, persistent, &c, out);
    if (c.shm && !c.shm_taken) /* the schedule does not use it */
        hmpi__shm_release(c.shm);
    return rc;
}

/* The fast path: a blocking call identical to a cached one (predefined
 * types and op, the same buffers and arguments: it passed every check)
 * runs that one's schedule. Only cacheable calls are kept, in the
 * environment of their stamp, and no other type or op has a predefined
 * one's handle: a hit is cacheable. */
static int reuse(const hmpi__entry *e, void **op)
{
    HMPI_Request r;
    if (e->form != HMPI__FORM_BLOCKING ||
        (r = hmpi__coll_cache_lookup(e->comm, e->args, e->stamp)) == HMPI_REQUEST_NULL)
        return 0;
    *op = r;
    return 1;
}

/* The build step: a blocking call with predefined types and op (that
 * reuse did not find) takes its schedule from the communicator's cache
 * when one was built with the same settings, or builds it and keeps it
 * there; anything else builds a fresh one. Codes are not raised (the
 * pipeline does). */
static int build(const hmpi__entry *e, void **op)
{
    hmpi__coll_key k;
    HMPI_Request r;
    uint64_t stamp = e->stamp;
    int rc, cached = e->form == HMPI__FORM_BLOCKING && hmpi__coll_cacheable(e->args, stamp);
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

static const hmpi__entry_ops entry_ops = {"comm", reuse, check_args, agreement, build, launch};

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

/* `a` of each collective (NAME_ARGS), from MPI's names of its arguments. */
#define BARRIER_ARGS ARGS(HMPI__BARRIER, NULL, NULL, 0, MPI_BYTE, 0, MPI_BYTE, 0, MPI_OP_NULL)
#define BCAST_ARGS                                                                                 \
    ARGS(HMPI__BCAST, buffer, buffer, count, datatype, count, datatype, root, MPI_OP_NULL)
#define REDUCE_ARGS ARGS(HMPI__REDUCE, sendbuf, recvbuf, count, datatype, count, datatype, root, op)
#define OP_ARGS(coll) ARGS(coll, sendbuf, recvbuf, count, datatype, count, datatype, 0, op)
#define ALLREDUCE_ARGS OP_ARGS(HMPI__ALLREDUCE)
#define SCAN_ARGS OP_ARGS(HMPI__SCAN)
#define EXSCAN_ARGS OP_ARGS(HMPI__EXSCAN)
#define ROOTED_ARGS(coll)                                                                          \
    ARGS(coll, sendbuf, recvbuf, sendcount, sendtype, recvcount, recvtype, root, MPI_OP_NULL)
#define GATHER_ARGS ROOTED_ARGS(HMPI__GATHER)
#define SCATTER_ARGS ROOTED_ARGS(HMPI__SCATTER)
#define ALL_ARGS(coll)                                                                             \
    ARGS(coll, sendbuf, recvbuf, sendcount, sendtype, recvcount, recvtype, 0, MPI_OP_NULL)
#define ALLGATHER_ARGS ALL_ARGS(HMPI__ALLGATHER)
#define ALLTOALL_ARGS ALL_ARGS(HMPI__ALLTOALL)
#define REDUCE_SCATTER_BLOCK_ARGS                                                                  \
    ARGS(HMPI__REDUCE_SCATTER_BLOCK, sendbuf, recvbuf, recvcount, datatype, recvcount, datatype,   \
         0, op)
#define GATHERV_ARGS                                                                               \
    VARGS(HMPI__GATHERV, sendbuf, recvbuf, sendcount, sendtype, 0, recvtype, root, MPI_OP_NULL,    \
          NULL, NULL, recvcounts, displs, NULL, NULL)
#define SCATTERV_ARGS                                                                              \
    VARGS(HMPI__SCATTERV, sendbuf, recvbuf, 0, sendtype, recvcount, recvtype, root, MPI_OP_NULL,   \
          sendcounts, displs, NULL, NULL, NULL, NULL)
#define ALLGATHERV_ARGS                                                                            \
    VARGS(HMPI__ALLGATHERV, sendbuf, recvbuf, sendcount, sendtype, 0, recvtype, 0, MPI_OP_NULL,    \
          NULL, NULL, recvcounts, displs, NULL, NULL)
#define ALLTOALLV_ARGS                                                                             \
    VARGS(HMPI__ALLTOALLV, sendbuf, recvbuf, 0, sendtype, 0, recvtype, 0, MPI_OP_NULL, sendcounts, \
          sdispls, recvcounts, rdispls, NULL, NULL)
#define ALLTOALLW_ARGS                                                                             \
    VARGS(HMPI__ALLTOALLW, sendbuf, recvbuf, 0, MPI_BYTE, 0, MPI_BYTE, 0, MPI_OP_NULL, sendcounts, \
          sdispls, recvcounts, rdispls, sendtypes, recvtypes)
#define REDUCE_SCATTER_ARGS                                                                        \
    VARGS(HMPI__REDUCE_SCATTER, sendbuf, recvbuf, 0, datatype, 0, datatype, 0, op, NULL, NULL,     \
          recvcounts, NULL, NULL, NULL)

/* Each collective's internal entry (hmpi__mpi_<name>, core/signatures.h)
 * and its three public forms: Name_init, Iname, Name. */
HMPI__COLLECTIVES(HMPI__MPI_OPERATION)

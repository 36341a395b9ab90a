/* native: the MPI library's own collective, as one step of a schedule.
 *
 * Where the library is faster than every algorithm of hmpi (its own
 * shared-memory collectives, a single-copy transport hmpi's two copies
 * through the segment cannot match), auto takes it: by a tuning file's
 * measured times (hmpi-tune times the library's collectives besides hmpi's
 * algorithms), or, with the built-in model, in a blocking call on one node
 * wherever no shared-memory algorithm is modelled faster than hmpi's best
 * message-passing one: inside a node, hmpi's message-passing algorithms
 * have no topology to exploit that the library does not see, and the
 * library moves their messages itself. Over several nodes the built-in
 * model never takes it.
 *
 * A blocking call runs the library's blocking collective; a persistent or
 * nonblocking one posts its nonblocking form (MPI-3) when the schedule
 * starts, and the step completes with that request. The call's arguments
 * are the user's (its per-process arrays copied at _init, as every
 * algorithm reads them), on the communicator's private duplicate, but for
 * a persistent request, on a duplicate of its own made at _init: MPI 4
 * matches persistent collectives at _init, so processes may start them in
 * different orders, which one communicator's library collectives could
 * not tell apart; unless the request's info asserts MPI 4.1's
 * mpi_assert_strict_persistent_collective_ordering (the same order on
 * every process), which saves that communicator. */
#include "coll/coll.h"
#include "core/pmpi.h"
#include "core/world.h"

#include <string.h>

typedef struct native_call {
    hmpi__coll_args a;
    MPI_Comm comm;
    int blocking;
    int own_comm;    /* comm is the request's own duplicate, freed with it */
    MPI_Request req; /* the posted nonblocking collective; MPI_REQUEST_NULL otherwise */
} native_call;

/* The library's collective for n's arguments: blocking when req is NULL. */
static int call(const native_call *n, MPI_Request *req)
{
    const hmpi__coll_args *a = &n->a;
    void *sb = (void *)a->sendbuf, *rb = a->recvbuf;
    MPI_Comm comm = n->comm;
#define FORMS(Name, IName, ...)                                                                    \
    (req ? HMPI__MPI(IName)(__VA_ARGS__, req) : HMPI__MPI(Name)(__VA_ARGS__))
    switch (a->coll) {
    case HMPI__BARRIER:
        return req ? HMPI__MPI(Ibarrier)(comm, req) : HMPI__MPI(Barrier)(comm);
    case HMPI__BCAST:
        return FORMS(Bcast, Ibcast, rb, a->rcount, a->rtype, a->root, comm);
    case HMPI__REDUCE:
        return FORMS(Reduce, Ireduce, sb, rb, a->rcount, a->rtype, a->op, a->root, comm);
    case HMPI__ALLREDUCE:
        return FORMS(Allreduce, Iallreduce, sb, rb, a->rcount, a->rtype, a->op, comm);
    case HMPI__SCAN:
        return FORMS(Scan, Iscan, sb, rb, a->rcount, a->rtype, a->op, comm);
    case HMPI__EXSCAN:
        return FORMS(Exscan, Iexscan, sb, rb, a->rcount, a->rtype, a->op, comm);
    case HMPI__GATHER:
        return FORMS(Gather, Igather, sb, a->scount, a->stype, rb, a->rcount, a->rtype, a->root,
                     comm);
    case HMPI__SCATTER:
        return FORMS(Scatter, Iscatter, sb, a->scount, a->stype, rb, a->rcount, a->rtype, a->root,
                     comm);
    case HMPI__ALLGATHER:
        return FORMS(Allgather, Iallgather, sb, a->scount, a->stype, rb, a->rcount, a->rtype, comm);
    case HMPI__ALLTOALL:
        return FORMS(Alltoall, Ialltoall, sb, a->scount, a->stype, rb, a->rcount, a->rtype, comm);
    case HMPI__REDUCE_SCATTER_BLOCK:
        return FORMS(Reduce_scatter_block, Ireduce_scatter_block, sb, rb, a->rcount, a->rtype,
                     a->op, comm);
    case HMPI__GATHERV:
        return FORMS(Gatherv, Igatherv, sb, a->scount, a->stype, rb, a->rcounts, a->rdispls,
                     a->rtype, a->root, comm);
    case HMPI__SCATTERV:
        return FORMS(Scatterv, Iscatterv, sb, a->scounts, a->sdispls, a->stype, rb, a->rcount,
                     a->rtype, a->root, comm);
    case HMPI__ALLGATHERV:
        return FORMS(Allgatherv, Iallgatherv, sb, a->scount, a->stype, rb, a->rcounts, a->rdispls,
                     a->rtype, comm);
    case HMPI__ALLTOALLV:
        return FORMS(Alltoallv, Ialltoallv, sb, a->scounts, a->sdispls, a->stype, rb, a->rcounts,
                     a->rdispls, a->rtype, comm);
    case HMPI__ALLTOALLW:
        return FORMS(Alltoallw, Ialltoallw, sb, a->scounts, a->sdispls, a->stypes, rb, a->rcounts,
                     a->rdispls, a->rtypes, comm);
    case HMPI__REDUCE_SCATTER:
        return FORMS(Reduce_scatter, Ireduce_scatter, sb, rb, a->rcounts, a->rtype, a->op, comm);
    default:
        return MPI_ERR_INTERN;
    }
#undef FORMS
}

/* The schedule's step: the blocking collective at once, or the nonblocking
 * one posted on the first call and tested on the next ones. */
static int native_step(void *arg, int *done)
{
    native_call *n = arg;
    if (n->blocking) {
        *done = 1;
        return call(n, NULL);
    }
    if (n->req == MPI_REQUEST_NULL)
        TRY(call(n, &n->req));
    return HMPI__MPI(Test)(&n->req, done, MPI_STATUS_IGNORE);
}

/* When the schedule is freed: a collective still running (a request freed
 * while active) completes first, the library still using the buffers; the
 * request's own communicator goes. Nothing once MPI is finalized (SimGrid
 * frees after MPI_Finalize) or the last session ended. */
static void native_finish(void *arg)
{
    native_call *n = arg;
    if (!hmpi__mpi_usable())
        return;
    if (n->req != MPI_REQUEST_NULL)
        HMPI__MPI(Wait)(&n->req, MPI_STATUS_IGNORE);
    if (n->own_comm)
        MPI_Comm_free(&n->comm);
}

/* A copy of a per-process array owned by the schedule, where this process
 * uses it (MPI ignores the others, which may be anything: NULL here); hmpi
 * reads a call's arrays once, at _init. */
static int keep_array(hmpi__coll_ctx *c, const void **array, size_t elem, int used)
{
    void *copy;
    if (!*array || !used) {
        *array = NULL;
        return MPI_SUCCESS;
    }
    if (!(copy = hmpi__sched_alloc(c->s, elem * (size_t)c->size)))
        return MPI_ERR_NO_MEM;
    memcpy(copy, *array, elem * (size_t)c->size);
    *array = copy;
    return MPI_SUCCESS;
}

/* The per-process arrays of the sides this process uses, copied. */
static int keep_arrays(hmpi__coll_ctx *c, hmpi__coll_args *k)
{
    int send, recv;
    hmpi__coll_sides(k, c->rank, &send, &recv);
    TRY(keep_array(c, (const void **)&k->scounts, sizeof(int), send));
    TRY(keep_array(c, (const void **)&k->sdispls, sizeof(int), send));
    TRY(keep_array(c, (const void **)&k->stypes, sizeof(MPI_Datatype), send));
    TRY(keep_array(c, (const void **)&k->rcounts, sizeof(int), recv));
    TRY(keep_array(c, (const void **)&k->rdispls, sizeof(int), recv));
    return keep_array(c, (const void **)&k->rtypes, sizeof(MPI_Datatype), recv);
}

#ifdef MPICH_VERSION
/* The bytes [*lo, *hi) of buf that n blocks of counts[i] elements of
 * types[i] (or type) at displs[i] (bytes, or units of the type's extent) take. */
static void span_of(int n, const int *counts, const int *displs, const MPI_Datatype *types,
                    MPI_Datatype type, MPI_Aint *lo, MPI_Aint *hi)
{
    *lo = *hi = 0;
    for (int i = 0, first = 1; i < n; i++) {
        MPI_Datatype t = types ? types[i] : type;
        MPI_Aint lb, extent, tlb, textent;
        if (counts[i] <= 0)
            continue;
        MPI_Type_get_extent(t, &lb, &extent);
        MPI_Type_get_true_extent(t, &tlb, &textent);
        MPI_Aint at = types ? displs[i] : displs[i] * extent;
        MPI_Aint from = at + tlb, to = at + (counts[i] - 1) * extent + tlb + textent;
        *lo = first || from < *lo ? from : *lo;
        *hi = first || to > *hi ? to : *hi;
        first = 0;
    }
}

/* MPICH 4.0's bugs with MPI_IN_PLACE, which the call avoids by sending from
 * a copy of its receive buffer (what MPI defines in place): a reduce at a
 * root other than 0 crashes from about 1000 ints on; a nonblocking
 * alltoallv or alltoallw with derived datatypes leaves some blocks wrong. */
static int avoid_mpich_in_place(hmpi__coll_ctx *c, hmpi__coll_args *k)
{
    if (k->sendbuf != MPI_IN_PLACE)
        return MPI_SUCCESS;
    if (k->coll == HMPI__REDUCE && c->rank == k->root && k->root != 0 && k->rcount > 0) {
        void *copy = hmpi__sched_scratch(c->s, k->rcount, k->rtype);
        if (!copy)
            return MPI_ERR_NO_MEM;
        TRY(hmpi__sched_copy(c->s, k->recvbuf, k->rcount, k->rtype, copy, k->rcount, k->rtype));
        k->sendbuf = copy;
    } else if ((k->coll == HMPI__ALLTOALLV || k->coll == HMPI__ALLTOALLW) && !c->blocking) {
        MPI_Aint lo, hi;
        span_of(c->size, k->rcounts, k->rdispls, k->rtypes, k->rtype, &lo, &hi);
        char *copy = hmpi__sched_alloc(c->s, (size_t)(hi - lo) + 1);
        if (!copy)
            return MPI_ERR_NO_MEM;
        if (hi > lo)
            TRY(hmpi__sched_copy_bytes(c->s, (char *)k->recvbuf + lo, copy, (size_t)(hi - lo)));
        k->sendbuf = copy - lo; /* the receive buffer's layout over the copy */
        k->scounts = k->rcounts, k->sdispls = k->rdispls;
        k->stype = k->rtype, k->stypes = k->rtypes;
    }
    return MPI_SUCCESS;
}
#endif

int hmpi__coll_native(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    native_call *n = hmpi__sched_alloc(c->s, sizeof *n);
    if (!n)
        return MPI_ERR_NO_MEM;
    *n = (native_call){*a, c->comm, c->blocking, 0, MPI_REQUEST_NULL};
    TRY(keep_arrays(c, &n->a));
#ifdef MPICH_VERSION
    TRY(avoid_mpich_in_place(c, &n->a));
#endif
    if (c->persistent && !c->strict_order) { /* collective: every process builds native alike */
        TRY(MPI_Comm_dup(c->comm, &n->comm));
        n->own_comm = 1;
    }
    TRY(hmpi__sched_on_free(c->s, native_finish, n));
    return hmpi__sched_call(c->s, native_step, n);
}

/* The built-in model's price: on one node, in a blocking call, hmpi's best
 * message-passing row's (ties go to native, the first row), plus what the
 * library's own local reductions cost beyond hmpi's (hmpi__cost_native_sums). Its
 * nonblocking collectives, which the other forms post, it cannot price:
 * often a generic schedule engine (Open MPI 4.1's libnbc: a 1 MiB reduce on
 * 2 ranks 437 us against its blocking 129); a tuning file's times can. */
double hmpi__cost_native(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    (void)a;
    if (c->nodes > 1 || !c->blocking || !c->cost.builtin)
        return HMPI__COST_NEVER; /* a tuning file's measured time, where it has one */
    return HMPI__COST_AS_MESSAGES;
}

/* The bytes that any algorithm's busiest process combines at least: a
 * reduction's (p - 1)/p of the vector (its part of a reduce-scatter
 * phase), a reduce-scatter's p - 1 blocks, a scan's vector once. */
static double combined_bytes(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double m = hmpi__coll_block_bytes(c, a), p = c->size;
    switch (a->coll) {
    case HMPI__REDUCE:
    case HMPI__ALLREDUCE:
        return m * (p - 1) / p;
    case HMPI__REDUCE_SCATTER_BLOCK:
    case HMPI__REDUCE_SCATTER:
        return m * (p - 1);
    case HMPI__SCAN:
    case HMPI__EXSCAN:
        return m;
    default:
        return 0;
    }
}

double hmpi__cost_native_sums(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = combined_bytes(c, a), rate = c->cost.library_combine_bytes_per_us;
    if (bytes <= 0 || rate <= 0)
        return 0; /* no reduction, or the library's rate not measured */
    double extra = bytes / rate - hmpi__cost_combine(&c->cost, bytes);
    return extra > 0 ? extra : 0;
}

/* Prefix reductions (MPI_Scan, MPI_Exscan), built as schedules. Rank r's
 * result combines the inputs of ranks 0..r (scan) or 0..r-1 (exscan) in
 * rank order, lower ranks on the left, so non-commutative ops are correct.
 *
 * recursive doubling: log2 p rounds; each process keeps the combination of
 *   its current block of ranks ("partial") and folds in what the partner
 *   block sends, into its result only when the partner's ranks are lower.
 * linear: a chain, rank r - 1 to rank r; one message each, p - 1 steps
 *   (fewest messages; for small communicators). */
#include "coll/coll.h"

static int scratch(hmpi__coll_ctx *c, int count, MPI_Datatype type, void **out)
{
    *out = hmpi__sched_scratch(c->s, count, type);
    return *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

/* The process's input: sendbuf, or recvbuf in place. */
static const void *input(const hmpi__coll_args *a)
{
    return a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
}

/* partial = theirs op partial when theirs are lower ranks (or the op
 * commutes), else partial op theirs; theirs is scratch and may change. */
static int fold_partial(hmpi__coll_ctx *c, const hmpi__coll_args *a, void *theirs, void *partial,
                        int lower)
{
    int n = a->rcount;
    if (lower || c->commutative)
        return hmpi__sched_reduce(c->s, theirs, partial, n, a->rtype, a->op);
    TRY(hmpi__sched_reduce(c->s, partial, theirs, n, a->rtype, a->op));
    return hmpi__sched_copy(c->s, theirs, n, a->rtype, partial, n, a->rtype);
}

/* Recursive doubling; exclusive: rank r's result leaves out its own input
 * (rank 0's recvbuf is not touched). */
static int recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a, int exclusive)
{
    int n = a->rcount, has_result = !exclusive;
    MPI_Datatype t = a->rtype;
    void *partial, *theirs;
    TRY(scratch(c, n, t, &partial));
    TRY(scratch(c, n, t, &theirs));
    TRY(hmpi__sched_copy(c->s, input(a), n, t, partial, n, t));
    if (!exclusive && a->sendbuf != MPI_IN_PLACE)
        TRY(hmpi__sched_copy(c->s, a->sendbuf, n, t, a->recvbuf, n, t));
    for (int mask = 1; mask < c->size; mask <<= 1) {
        int peer = c->rank ^ mask, lower = peer < c->rank;
        if (peer >= c->size)
            continue;
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, partial, n, t, peer));
        TRY(coll_recv(c, theirs, n, t, peer));
        TRY(hmpi__sched_round(c->s));
        if (lower && has_result)
            TRY(hmpi__sched_reduce(c->s, theirs, a->recvbuf, n, t, a->op));
        else if (lower)
            TRY(hmpi__sched_copy(c->s, theirs, n, t, a->recvbuf, n, t));
        has_result |= lower;
        TRY(fold_partial(c, a, theirs, partial, lower));
    }
    return MPI_SUCCESS;
}

int hmpi__scan_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return recursive_doubling(c, a, 0);
}

int hmpi__exscan_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return recursive_doubling(c, a, 1);
}

/* Chain: rank r receives the prefix of ranks 0..r-1, passes on 0..r. */
int hmpi__scan_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int n = a->rcount, r = c->rank;
    MPI_Datatype t = a->rtype;
    void *prefix;
    if (a->sendbuf != MPI_IN_PLACE)
        TRY(hmpi__sched_copy(c->s, a->sendbuf, n, t, a->recvbuf, n, t));
    if (r > 0) {
        TRY(scratch(c, n, t, &prefix));
        TRY(coll_recv(c, prefix, n, t, r - 1));
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__sched_reduce(c->s, prefix, a->recvbuf, n, t, a->op));
    }
    return r + 1 < c->size ? coll_send(c, a->recvbuf, n, t, r + 1) : MPI_SUCCESS;
}

int hmpi__exscan_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int n = a->rcount, r = c->rank, last = r + 1 == c->size;
    MPI_Datatype t = a->rtype;
    void *next;
    if (r == 0) /* its input is the prefix of rank 1 */
        return last ? MPI_SUCCESS : coll_send(c, input(a), n, t, 1);
    if (last)
        return coll_recv(c, a->recvbuf, n, t, r - 1);
    TRY(scratch(c, n, t, &next));
    TRY(hmpi__sched_copy(c->s, input(a), n, t, next, n, t)); /* before recvbuf is overwritten */
    TRY(coll_recv(c, a->recvbuf, n, t, r - 1));
    TRY(hmpi__sched_round(c->s));
    TRY(hmpi__sched_reduce(c->s, a->recvbuf, next, n, t, a->op)); /* prefix op mine */
    return coll_send(c, next, n, t, r + 1);
}

/* p - 1 rounds along the chain (one message and its combination at a
 * time). */
double hmpi__cost_chain(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    return (c->size - 1.0) * (hmpi__cost_round(&c->cost, hmpi__coll_outer_level(c), 1, bytes) +
                              hmpi__cost_combine(&c->cost, bytes));
}

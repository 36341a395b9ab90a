/* Recursive halving reduce-scatter (Thakur, Rabenseifner and Gropp,
 * "Optimization of collective communication operations in MPICH", 2005),
 * for commutative ops on a power of two processes: log2 p rounds; in each,
 * a process and its partner (rank ^ half) split their current range of
 * blocks in two, each sends the half the other keeps and combines the half
 * it receives into its own, so the bytes sent halve every round (p - 1
 * blocks in all) and each process ends with its own block. On other
 * counts it runs the reduce and scatter. */
#include "coll/coll.h"

int hmpi__reduce_scatter_block_halving(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int p = c->size, me = c->rank, n = a->rcount, lo = 0, keep = -1;
    if (p & (p - 1))
        return hmpi__reduce_scatter_block_reduce_scatter(c, a);
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    void *work = hmpi__sched_scratch(c->s, p * n, a->rtype);
    void *incoming = hmpi__sched_scratch(c->s, p / 2 * n + 1, a->rtype);
    if (!work || !incoming)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_copy(c->s, input, p * n, a->rtype, work, p * n, a->rtype));
    for (int half = p / 2; half >= 1; half /= 2) {
        TRY(hmpi__sched_round(c->s));
        if (keep >= 0) /* the previous round's half, combined before this one's sends */
            TRY(hmpi__sched_reduce(c->s, incoming, hmpi__block(work, keep, n, a->rtype),
                                   2 * half * n, a->rtype, a->op));
        int upper = (me & half) != 0, give = upper ? lo : lo + half;
        keep = upper ? lo + half : lo;
        TRY(coll_send(c, hmpi__block(work, give, n, a->rtype), half * n, a->rtype, me ^ half));
        TRY(coll_recv(c, incoming, half * n, a->rtype, me ^ half));
        lo = keep;
    }
    TRY(hmpi__sched_round(c->s));
    if (keep >= 0)
        TRY(hmpi__sched_reduce(c->s, incoming, hmpi__block(work, keep, n, a->rtype), n, a->rtype,
                               a->op));
    return hmpi__sched_copy(c->s, hmpi__block(work, me, n, a->rtype), n, a->rtype, a->recvbuf, n,
                            a->rtype);
}

/* log2 p exchanges, of p/2, p/4, ..., 1 blocks with the rank that far. */
double hmpi__cost_halving(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double block = hmpi__coll_block_bytes(c, a), t = 0;
    if (c->size & (c->size - 1))
        return HMPI__COST_NEVER; /* it would run the reduce and scatter */
    for (int half = c->size / 2; half >= 1; half /= 2)
        t += hmpi__cost_exchange_at(c, half, half * block);
    return t;
}

/* Recursive halving reduce-scatter (Thakur, Rabenseifner and Gropp,
 * "Optimization of collective communication operations in MPICH", 2005),
 * for commutative ops on a power of two processes: log2 p rounds; in each,
 * a process and its partner split their current range of blocks in two,
 * each sends the half the other keeps and combines the half it receives
 * into its own, so the bytes sent halve every round (p - 1 blocks in all).
 *
 * The rounds run near first (a butterfly): partners differ in bit 0 of
 * their position in path order, then bit 1, and so on, so that the large
 * early halves travel inside a node and only the small late ones cross its
 * link (MPICH's far-first order sends half the vector over it, from every
 * rank of the node at once). A process ends with the block at the bit
 * reversal of its position; the first copy lays the blocks out in that
 * order, so that it is its own. On other counts it runs the reduce and
 * scatter. */
#include "coll/coll.h"
#include "coll/nodes.h"

static int bit_reverse(int x, int bits)
{
    int r = 0;
    for (int b = 0; b < bits; b++)
        r |= ((x >> b) & 1) << (bits - 1 - b);
    return r;
}

/* The rounds, given the ranks in path order and this process's position. */
static int butterfly(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *rank_at, int me)
{
    int p = c->size, n = a->rcount, bits = hmpi__ceil_log2(p), lo = 0, keep = -1;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    void *work = hmpi__sched_scratch(c->s, p * n, a->rtype);
    void *incoming = hmpi__sched_scratch(c->s, p / 2 * n + 1, a->rtype);
    if (!work || !incoming)
        return MPI_ERR_NO_MEM;
    for (int q = 0; q < p; q++) /* position q: the block of the process at bitrev(q) */
        TRY(hmpi__sched_copy(c->s, hmpi__block(input, rank_at[bit_reverse(q, bits)], n, a->rtype),
                             n, a->rtype, hmpi__block(work, q, n, a->rtype), n, a->rtype));
    for (int b = 0, half = p / 2; half >= 1; b++, half /= 2) {
        TRY(hmpi__sched_round(c->s));
        if (keep >= 0) /* the previous round's half, combined before this one's sends */
            TRY(hmpi__sched_reduce(c->s, incoming, hmpi__block(work, keep, n, a->rtype),
                                   2 * half * n, a->rtype, a->op));
        int upper = (me >> b) & 1, give = upper ? lo : lo + half, partner = rank_at[me ^ (1 << b)];
        keep = upper ? lo + half : lo;
        TRY(coll_send(c, hmpi__block(work, give, n, a->rtype), half * n, a->rtype, partner));
        TRY(coll_recv(c, incoming, half * n, a->rtype, partner));
        lo = keep;
    }
    TRY(hmpi__sched_round(c->s));
    if (keep >= 0)
        TRY(hmpi__sched_reduce(c->s, incoming, hmpi__block(work, keep, n, a->rtype), n, a->rtype,
                               a->op));
    return hmpi__sched_copy(c->s, hmpi__block(work, lo, n, a->rtype), n, a->rtype, a->recvbuf, n,
                            a->rtype);
}

int hmpi__reduce_scatter_block_halving(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    if (c->size & (c->size - 1))
        return hmpi__reduce_scatter_block_reduce_scatter(c, a);
    return hmpi__nodes_build_at_positions(c, a, 1, butterfly);
}

/* The vector's copy in butterfly order; log2 p exchanges and combinations,
 * of p/2, p/4, ..., 1 blocks with the position 1, 2, 4, ... away in path
 * order: the first log2(ranks per node) stay in the node, the others put
 * `distance` of a node's ranks (all from its size on) on its link; the
 * block's copy out. */
double hmpi__cost_halving(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double block = hmpi__coll_block_bytes(c, a);
    double t = hmpi__cost_combine(&c->cost, block * (c->size + 1));
    if (c->size & (c->size - 1))
        return HMPI__COST_NEVER; /* it would run the reduce and scatter */
    for (int distance = 1, half = c->size / 2; half >= 1; distance *= 2, half /= 2) {
        if (c->nodes <= 1 || (distance < c->largest && c->largest == c->smallest))
            t += hmpi__cost_exchange(c, HMPI__LEVEL_NODE, 1, half * block);
        else
            t += hmpi__cost_exchange(c, HMPI__LEVEL_NETWORK,
                                     distance < c->largest ? distance : c->largest, half * block);
        t += hmpi__cost_combine(&c->cost, half * block); /* the half kept */
    }
    return t;
}

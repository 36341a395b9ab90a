/* The flat data-movement collectives, with one count per side (Gather,
 * Scatter, Allgather, Alltoall, Reduce_scatter_block) or their v and w
 * variants (per-process counts and displacements; types for Alltoallw):
 * one builder serves both, a side without arrays being blocks of one count
 * laid end to end. Counts and displacements are read once, while building:
 * the schedule holds addresses, counts and types, so the user's arrays may
 * change after the call returns. */
#include "coll/coll.h"

/* One process's part of a side: where, how many, of what. */
typedef struct part {
    char *buf;
    int count;
    MPI_Datatype type;
} part;

static MPI_Aint extent_of(MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return extent;
}

/* Part i of a side: block i of `count` elements when the side has no
 * arrays, else as per-process counts and displacements say (in extents, or
 * bytes when types is given: alltoallw). */
static part part_of(const void *buf, int count, const int *counts, const int *displs,
                    MPI_Datatype type, const MPI_Datatype *types, int i)
{
    if (!counts)
        return (part){(char *)buf + (MPI_Aint)i * count * extent_of(type), count, type};
    part p = {(char *)buf, counts[i], types ? types[i] : type};
    p.buf += types ? (MPI_Aint)displs[i] : (MPI_Aint)displs[i] * extent_of(type);
    return p;
}

static part send_part(const hmpi__coll_args *a, int i)
{
    return part_of(a->sendbuf, a->scount, a->scounts, a->sdispls, a->stype, a->stypes, i);
}

static part recv_part(const hmpi__coll_args *a, int i)
{
    return part_of(a->recvbuf, a->rcount, a->rcounts, a->rdispls, a->rtype, a->rtypes, i);
}

static int send_to(hmpi__coll_ctx *c, part p, int peer)
{
    return coll_send(c, p.buf, p.count, p.type, peer);
}

static int recv_from(hmpi__coll_ctx *c, part p, int peer)
{
    return coll_recv(c, p.buf, p.count, p.type, peer);
}

static int copy(hmpi__coll_ctx *c, part from, part to)
{
    return hmpi__sched_copy(c->s, from.buf, from.count, from.type, to.buf, to.count, to.type);
}

/* The single block of a side that is not per process. */
static part send_block(const hmpi__coll_args *a)
{
    return (part){(char *)a->sendbuf, a->scount, a->stype};
}

static part recv_block(const hmpi__coll_args *a)
{
    return (part){a->recvbuf, a->rcount, a->rtype};
}

/* The root moves every other process's block (gather: receives them,
 * scatter: sends them) and copies its own unless in place; the others move
 * their single block. */
static int rooted_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a, int gather)
{
    int (*move)(hmpi__coll_ctx *, part, int) = gather ? recv_from : send_to;
    if (c->rank != a->root)
        return gather ? send_to(c, send_block(a), a->root) : recv_from(c, recv_block(a), a->root);
    /* its own block first: a copy after the messages would open a round */
    if ((gather ? a->sendbuf : a->recvbuf) != MPI_IN_PLACE)
        TRY(gather ? copy(c, send_block(a), recv_part(a, c->rank))
                   : copy(c, send_part(a, c->rank), recv_block(a)));
    for (int r = 0; r < c->size; r++)
        if (r != c->rank)
            TRY(move(c, gather ? recv_part(a, r) : send_part(a, r), r));
    return MPI_SUCCESS;
}

int hmpi__gather_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return rooted_linear(c, a, 1);
}

int hmpi__scatter_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return rooted_linear(c, a, 0);
}

/* Allgatherv: the own block into place first. */
static int own_part(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return a->sendbuf == MPI_IN_PLACE ? MPI_SUCCESS : copy(c, send_block(a), recv_part(a, c->rank));
}

/* This process's block as it sends it: from the user's send buffer unless
 * in place, so that its messages need not wait for the copy into place,
 * nor a receiver's single-copy read (CMA) pull the lines the copy just
 * dirtied from this core's cache (Open MPI 4.1, 2 ranks, linear allgather
 * of 64 KiB: 44 us sending the copy, MPI_Allgather 10). */
static part own_source(const hmpi__coll_args *a, int rank)
{
    return a->sendbuf == MPI_IN_PLACE ? recv_part(a, rank) : send_block(a);
}

/* Ring: in step k, pass on to rank+1 the block of rank-k, received from
 * rank-1 in the step before. p-1 rounds, each block crosses every link once. */
int hmpi__allgather_ring(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int p = c->size, right = (c->rank + 1) % p, left = (c->rank - 1 + p) % p;
    TRY(own_part(c, a));
    for (int k = 0; k < p - 1; k++) {
        if (k > 0 || a->sendbuf == MPI_IN_PLACE)
            TRY(hmpi__sched_round(c->s));
        TRY(send_to(c, k == 0 ? own_source(a, c->rank) : recv_part(a, (c->rank - k + p) % p),
                    right));
        TRY(recv_from(c, recv_part(a, (c->rank - k - 1 + p) % p), left));
    }
    return MPI_SUCCESS;
}

int hmpi__allgather_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    TRY(own_part(c, a));
    if (a->sendbuf == MPI_IN_PLACE) /* its block is sent from where it lies */
        TRY(hmpi__sched_round(c->s));
    for (int k = 1; k < c->size; k++) {
        TRY(send_to(c, own_source(a, c->rank), (c->rank + k) % c->size));
        TRY(recv_from(c, recv_part(a, (c->rank - k + c->size) % c->size),
                      (c->rank - k + c->size) % c->size));
    }
    return MPI_SUCCESS;
}

/* In place, the parts to send are those of the receive side: copy the span
 * the other processes' parts cover to scratch first, and send from there
 * (the process's own part stays where it is: at 2 processes, half of the
 * buffer is copied). */
static int in_place_source(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__coll_args *src)
{
    MPI_Aint lo = 0, hi = 0;
    int any = 0;
    *src = *a;
    src->scount = a->rcount, src->scounts = a->rcounts, src->sdispls = a->rdispls;
    src->stype = a->rtype, src->stypes = a->rtypes;
    for (int r = 0; r < c->size; r++) {
        part q = recv_part(a, r);
        MPI_Aint tlb, textent, begin, end;
        if (q.count == 0 || r == c->rank)
            continue;
        MPI_Type_get_true_extent(q.type, &tlb, &textent);
        begin = (q.buf - (char *)a->recvbuf) + tlb;
        end = begin + (MPI_Aint)(q.count - 1) * extent_of(q.type) + textent;
        lo = !any || begin < lo ? begin : lo;
        hi = !any || end > hi ? end : hi;
        any = 1;
    }
    if (!any)
        return MPI_SUCCESS;
    char *copy_of = hmpi__sched_alloc(c->s, (size_t)(hi - lo));
    if (!copy_of)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_copy_bytes(c->s, (char *)a->recvbuf + lo, copy_of, (size_t)(hi - lo)));
    src->sendbuf = copy_of - lo; /* the same displacements address the copy */
    return MPI_SUCCESS;
}

/* Exchange with rank+k / rank-k for k = 1..p-1: all at once (linear) or one
 * partner per round (pairwise). */
static int alltoall_exchange(hmpi__coll_ctx *c, const hmpi__coll_args *a, int round_per_peer)
{
    hmpi__coll_args src = *a;
    int p = c->size;
    if (a->sendbuf == MPI_IN_PLACE)
        TRY(in_place_source(c, a, &src));
    else
        TRY(copy(c, send_part(&src, c->rank), recv_part(a, c->rank)));
    TRY(hmpi__sched_round(c->s));
    for (int k = 1; k < p; k++) {
        int dst = (c->rank + k) % p, from = (c->rank - k + p) % p;
        if (round_per_peer && k > 1)
            TRY(hmpi__sched_round(c->s));
        TRY(send_to(c, send_part(&src, dst), dst));
        TRY(recv_from(c, recv_part(a, from), from));
    }
    return MPI_SUCCESS;
}

int hmpi__alltoall_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return alltoall_exchange(c, a, 0);
}

int hmpi__alltoall_pairwise(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return alltoall_exchange(c, a, 1);
}

/* Reduce_scatter(_block): the whole vector reduced to rank 0 in rank order,
 * then each rank's part sent to it. */
static int part_count(const hmpi__coll_args *a, int r)
{
    return a->rcounts ? a->rcounts[r] : a->rcount;
}

int hmpi__reduce_scatter_block_reduce_scatter(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    long total = 0;
    int mine = part_count(a, c->rank);
    for (int r = 0; r < c->size; r++)
        total += part_count(a, r);
    if (total == 0) /* (at most INT_MAX: the row takes no larger span, HMPI__ANY_SIZE) */
        return MPI_SUCCESS;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf, *result;
    TRY(hmpi__reduce_binomial_tree(c, input, (int)total, a->rtype, a->op, 0, NULL, &result));
    TRY(hmpi__sched_round(c->s));
    if (c->rank != 0)
        return mine ? coll_recv(c, a->recvbuf, mine, a->rtype, 0) : MPI_SUCCESS;
    TRY(hmpi__sched_copy(c->s, result, mine, a->rtype, a->recvbuf, mine, a->rtype));
    for (int r = 1, offset = part_count(a, 0); r < c->size; offset += part_count(a, r++))
        if (part_count(a, r))
            TRY(coll_send(c, hmpi__block(result, offset, 1, a->rtype), part_count(a, r), a->rtype,
                          r));
    return MPI_SUCCESS;
}

/* ---- costs ---------------------------------------------------------------- */

/* p - 1 rounds of one block, each sent and received; in rank order one
 * message per node crosses its link in each. */
double hmpi__cost_allgather_ring(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int crossing = c->nodes > 1 && !c->ordered_nodes ? c->largest : 1;
    return (c->size - 1.0) * (hmpi__cost_node_round(&c->cost, hmpi__coll_outer_level(c), crossing,
                                                    1, hmpi__coll_block_bytes(c, a)) +
                              hmpi__cost_overhead(&c->cost));
}

/* Everything at once: a node's link carries its P ranks' blocks to every
 * rank elsewhere. */
double hmpi__cost_exchange_linear(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    if (c->nodes > 1)
        return hmpi__cost_node_round(&c->cost, HMPI__LEVEL_NETWORK, c->largest,
                                     c->size - c->largest, bytes);
    return hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, c->size - 1, bytes);
}

/* p - 1 rounds of one partner each: a node's P ranks share its link. */
double hmpi__cost_pairwise(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return (c->size - 1.0) * hmpi__cost_node_round(&c->cost, hmpi__coll_outer_level(c),
                                                   c->nodes > 1 ? c->largest : 1, 1,
                                                   hmpi__coll_block_bytes(c, a));
}

/* A binomial reduction of the whole vector, then the root's scatter. */
double hmpi__cost_reduce_scatter(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    return hmpi__cost_binomial_rounds(c, bytes * c->size) +
           hmpi__cost_round(&c->cost, hmpi__coll_outer_level(c), c->size - 1, bytes);
}

/* Allgather through every rank of a node at once ("multiport"): where the
 * leaders' allgather (lanes.c) has one rank a node send and receive every
 * other node's blocks, here local rank j of each node exchanges its node's
 * blocks with the nodes at offsets [lo_j, hi_j) of 1 .. n - 1, one share of
 * them each (Träff's multiport model, as the multi-port allreduce, ports.c):
 *
 *   1. the node's blocks to every local rank (a gather to the node's first,
 *      then a broadcast, or each through its owner's slot of the node's
 *      segment where the schedule has one and the model prefers it);
 *   2. local rank j sends them to node me - i and receives node me + i's,
 *      for each offset i of its share, all in one round;
 *   3. the shares to every local rank: through the node's first (a
 *      k-nomial gather, then a broadcast of the whole), each straight from
 *      its owner in one round, by recursive doubling over the node's
 *      ranks, or each through its owner's slot of the segment, as the
 *      model prefers; every rank unpacks.
 *
 * The packed buffer holds the blocks in path order rotated to start at
 * this node's first rank, so that node me + i's blocks follow node
 * me + i - 1's and each local rank's share is one range: a subtree of the
 * gather sends one message. The shares are cut over the smallest node's
 * ranks, so that every node has a rank for each. Over 16 nodes of 16 ranks,
 * 4 B each, every rank sends one message over the network where a leader
 * sent 15 (or 4 rounds of recursive doubling). */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdlib.h>

/* Offsets [lo, hi) of 1 .. n - 1 that local rank j of `ports` exchanges. */
static void share_of(int n, int ports, int j, int *lo, int *hi)
{
    *lo = 1 + (int)((long)j * (n - 1) / ports);
    *hi = 1 + (int)((long)(j + 1) * (n - 1) / ports);
}

static int ports_of(const hmpi__nodes *nd)
{
    return nd->smallest < nd->n - 1 ? nd->smallest : nd->n - 1;
}

/* Where node me + i's blocks start in the rotated buffer (i = n: its end). */
static size_t node_offset(const hmpi__nodes *nd, int p, int i, int B)
{
    int me = nd->my_node, q = (me + i) % nd->n;
    if (i >= nd->n)
        return (size_t)p * B;
    return (size_t)((nd->first[q] - nd->first[me] + p) % p) * B;
}

/* Step 1 over a node of P ranks: a gather to the node's first and a
 * broadcast, or (*by_segment) every block through the node's segment,
 * whichever the model prices cheaper; its modelled time. */
static double node_allgather_cost(const hmpi__coll_ctx *c, int P, double B, int *by_segment)
{
    double trees = hmpi__node_gather_cost(c, P, B) + hmpi__node_bcast_cost(c, P, P * B);
    double segment = hmpi__node_allgather_segment_cost(c, B, (P - 1) * B);
    *by_segment = segment < trees;
    return *by_segment ? segment : trees;
}

/* Step 1: local rank j's block at j * B, then the node's blocks to all. */
static int node_allgather(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int B, size_t *off)
{
    int P = nd->local, by_segment;
    for (int j = 0; j <= P; j++)
        off[j] = (size_t)j * B;
    node_allgather_cost(c, P, B, &by_segment);
    if (by_segment) {
        int *lo = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)(P + 1));
        if (!lo)
            return MPI_ERR_NO_MEM;
        for (int j = 0; j <= P; j++)
            lo[j] = j * B;
        return hmpi__node_allgather_segment(c, nd, rot, lo, NULL, P);
    }
    TRY(hmpi__node_gather_ranges(c, nd, rot, off, B));
    return hmpi__node_bcast(c, nd, rot, P * B);
}

/* Step 2: this rank's share of the nodes, in one round. */
static int exchange(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B)
{
    int n = nd->n, me = nd->my_node, j = nd->my_local, lo, hi;
    int mine = (int)node_offset(nd, p, 1, B);
    TRY(hmpi__sched_round(c->s));
    if (j >= ports_of(nd))
        return MPI_SUCCESS;
    share_of(n, ports_of(nd), j, &lo, &hi);
    for (int i = lo; i < hi; i++) {
        size_t at = node_offset(nd, p, i, B), end = node_offset(nd, p, i + 1, B);
        TRY(coll_send(c, rot, mine, MPI_PACKED, hmpi__nodes_rank(nd, (me - i + n) % n, j)));
        TRY(coll_recv(c, rot + at, (int)(end - at), MPI_PACKED,
                      hmpi__nodes_rank(nd, (me + i) % n, j)));
    }
    return MPI_SUCCESS;
}

/* Where local rank j's share starts in the rotated buffer (the first's:
 * with its own node's blocks; j = local: the end). */
static void share_offsets(const hmpi__nodes *nd, int p, int B, size_t *off)
{
    int ports = ports_of(nd), lo, hi;
    off[0] = 0;
    for (int j = 1; j <= nd->local; j++) {
        if (j < ports)
            share_of(nd->n, ports, j, &lo, &hi);
        off[j] = j < ports ? node_offset(nd, p, lo, B) : (size_t)p * B;
    }
}

/* Step 3 through the node's first: the shares gathered there (a k-nomial
 * tree), the whole back to the node. */
static int shares_through_first(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B,
                                const size_t *off)
{
    TRY(hmpi__node_gather_ranges(c, nd, rot, off, (double)p * B / nd->local));
    return hmpi__node_bcast(c, nd, rot, p * B);
}

/* Where local rank j's share starts: the first's after its node's blocks,
 * which every local rank has since step 1. */
static size_t share_start(const hmpi__nodes *nd, int p, int B, const size_t *off, int j)
{
    return j == 0 ? node_offset(nd, p, 1, B) : off[j];
}

/* Step 3 directly: every share from its owner to each other local rank, in
 * one round. */
static int shares_direct(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B,
                         const size_t *off)
{
    int me = nd->my_local, ports = ports_of(nd);
    TRY(hmpi__sched_round(c->s));
    for (int j = 0; j < ports; j++) {
        size_t lo = share_start(nd, p, B, off, j), hi = off[j + 1];
        for (int q = 0; j == me && q < nd->local; q++)
            if (q != me)
                TRY(coll_send(c, rot + lo, (int)(hi - lo), MPI_PACKED,
                              hmpi__nodes_rank(nd, nd->my_node, q)));
        if (j != me)
            TRY(coll_recv(c, rot + lo, (int)(hi - lo), MPI_PACKED,
                          hmpi__nodes_rank(nd, nd->my_node, j)));
    }
    return MPI_SUCCESS;
}

/* Step 3 by recursive doubling over the node's ranks (a power of two of
 * them): in round k local rank j exchanges the shares of its group of 2^k
 * ranks, one range, with those of the group of j ^ 2^k. */
static int shares_doubling(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B,
                           const size_t *off)
{
    int me = nd->my_local;
    for (int mask = 1; mask < nd->local; mask <<= 1) {
        int mine = me & ~(mask - 1), theirs = (me ^ mask) & ~(mask - 1);
        size_t lo = share_start(nd, p, B, off, mine), hi = off[mine + mask];
        size_t from = share_start(nd, p, B, off, theirs), to = off[theirs + mask];
        TRY(hmpi__sched_round(c->s));
        if (hi > lo)
            TRY(coll_send(c, rot + lo, (int)(hi - lo), MPI_PACKED,
                          hmpi__nodes_rank(nd, nd->my_node, me ^ mask)));
        if (to > from)
            TRY(coll_recv(c, rot + from, (int)(to - from), MPI_PACKED,
                          hmpi__nodes_rank(nd, nd->my_node, me ^ mask)));
    }
    return MPI_SUCCESS;
}

/* Step 3 through the node's segment: each share from its owner's slot. */
static int shares_by_segment(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B,
                             const size_t *off)
{
    int ports = ports_of(nd);
    int *lo = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)ports);
    int *hi = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)ports);
    if (!lo || !hi)
        return MPI_ERR_NO_MEM;
    for (int j = 0; j < ports; j++)
        lo[j] = (int)share_start(nd, p, B, off, j), hi[j] = (int)off[j + 1];
    return hmpi__node_allgather_segment(c, nd, rot, lo, hi, ports);
}

/* How step 3 spreads the shares. */
enum { THROUGH_FIRST, STRAIGHT, DOUBLING, SEGMENT, NWAYS };
static const char *const way_name[] = {"through the node's first", "straight to the node's ranks",
                                       "by recursive doubling", "through the node's segment"};

/* Step 3's cheapest way over a node of P ranks, `ports` of them with a share
 * of about `share` bytes, `whole` bytes in all, and its modelled time. */
static int shares_way(const hmpi__coll_ctx *c, int P, int ports, double share, double whole,
                      double *cost)
{
    double receive = hmpi__cost_overhead(&c->cost), doubling = 0;
    double gather = hmpi__node_gather_cost(c, P, whole / P),
           spread = hmpi__node_bcast_cost(c, P, whole);
    double t[NWAYS] = {
        gather + spread,
        hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, P - 1, share) + (ports - 1) * receive,
        HMPI__COST_NEVER, hmpi__node_allgather_segment_cost(c, share, whole - share)};
    if ((P & (P - 1)) == 0) {
        for (int group = 1; group < P; group *= 2)
            doubling += hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, 1, group * share) + receive;
        t[DOUBLING] = doubling;
    }
    int way = THROUGH_FIRST;
    for (int w = STRAIGHT; w < NWAYS; w++)
        if (t[w] < t[way])
            way = w;
    *cost = t[way];
    return way;
}

static int node_shares(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *rot, int p, int B,
                       size_t *off)
{
    int ports = ports_of(nd);
    double t;
    share_offsets(nd, p, B, off);
    int way =
        shares_way(c, nd->local, ports, (double)(p - nd->local) * B / ports, (double)p * B, &t);
    if (nd->my_local == 0 && nd->my_node == 0)
        hmpi__verbose("multiport: %d ports a node, the shares %s (modelled %.1f us)", ports,
                      way_name[way], t);
    return way == STRAIGHT   ? shares_direct(c, nd, rot, p, B, off)
           : way == DOUBLING ? shares_doubling(c, nd, rot, p, B, off)
           : way == SEGMENT  ? shares_by_segment(c, nd, rot, p, B, off)
                             : shares_through_first(c, nd, rot, p, B, off);
}

int hmpi__allgather_multiport(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    int tsize, p = c->size;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    TRY(hmpi__nodes_make(c, -1, 0, &nd));
    int first = nd.first[nd.my_node], rc = MPI_SUCCESS;
    char *rot = hmpi__sched_scratch(c->s, p * B, MPI_BYTE);
    size_t *off = HMPI__ALLOC(size_t, (size_t)nd.local + 1);
    if (!rot || !off)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = hmpi__allgather_pack_own(c, a, rot + (size_t)nd.my_local * B, B);
    if (rc == MPI_SUCCESS && nd.local > 1)
        rc = node_allgather(c, &nd, rot, B, off);
    if (rc == MPI_SUCCESS && nd.n > 1)
        rc = exchange(c, &nd, rot, p, B);
    if (rc == MPI_SUCCESS && nd.local > 1 && nd.n > 1)
        rc = node_shares(c, &nd, rot, p, B, off);
    if (rc == MPI_SUCCESS)
        rc = hmpi__allgather_unpack_all(c, a, &nd, rot, first, B);
    free(off);
    hmpi__nodes_free(&nd);
    return rc;
}

/* The node's allgather, one round of the shares (each rank sends and
 * receives about (n - 1) / ports messages of a node's blocks, all of a
 * node's ports sharing its link), the shares' gather and the whole back. */
double hmpi__cost_allgather_multiport(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double B = hmpi__coll_block_bytes(c, a);
    int P = c->largest, ports = c->smallest < c->nodes - 1 ? c->smallest : c->nodes - 1;
    if (c->nodes < 2)
        return HMPI__COST_NEVER; /* one node: the node's own algorithms */
    int messages = (c->nodes - 1 + ports - 1) / ports;
    int by_segment;
    double node = node_allgather_cost(c, P, B, &by_segment);
    double round = hmpi__cost_node_round(&c->cost, HMPI__LEVEL_NETWORK, ports, messages, P * B) +
                   messages * hmpi__cost_overhead(&c->cost);
    double shares;
    shares_way(c, P, ports, messages * P * B, c->size * B, &shares);
    return P > 1 ? node + round + shares : round;
}

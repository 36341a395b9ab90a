/* Multi-lane collectives (Träff & Hunold, "Decomposing MPI collectives for
 * exploiting multi-lane communication", 2020). The communicator's ranks are
 * grouped by node (from the locality table: any rank order, unbalanced
 * nodes included); the vector is cut into L parts, L the number of lanes
 * (at most the ranks of the smallest node). Local rank j < L of every node
 * owns part j: a local reduce-scatter (or scatter) gives it the node's part
 * j, lane j — the j-th rank of every node — runs the inter-node algorithm on
 * that part, all lanes at once so that every rank's link to the network is
 * busy, and a local allgather (or gather) spreads the parts. With L = 1 it
 * is the classic leader scheme: node reduce, leaders' allreduce, node bcast.
 *
 * Inter-node steps work on a list of ranks (one per node): binomial trees,
 * and recursive doubling or Rabenseifner's reduce-scatter + allgather for
 * allreduce, with the usual folding of a non-power-of-two count. Every
 * message is prepared at init, as everywhere in hmpi. */
#include "coll/coll.h"

#include <stdlib.h>
#include <string.h>

typedef struct nodes {
    int n;         /* nodes */
    int *first;    /* [n + 1]: node k's ranks are member[first[k] .. first[k + 1]) */
    int *member;   /* comm ranks grouped by node, each node in path order */
    int *lane;     /* [n]: the ranks of one lane, the root's node first */
    int root_node; /* node of the root (rank 0 without one) */
    int my_node;   /* node of this process */
    int my_local;  /* its index in its node */
    int my_index;  /* its node's index in a lane: (my_node - root_node) mod n */
    int local;     /* ranks on its node */
    int smallest;  /* ranks on the smallest node */
} nodes;

/* Depth of the Machine object in rank r's path, or -1. */
static int machine_depth(const hmpi__loctable *t, int r)
{
    for (int k = 0; k < t->len[r]; k++)
        if (t->kind[(size_t)r * t->depth + k] == HMPI__KIND_MACHINE)
            return k;
    return -1;
}

/* Does order[k] (ranks sorted by path) begin another node than order[k - 1]? */
static int starts_node(const hmpi__loctable *t, const int *order, int k)
{
    return k == 0 || hmpi__loctable_lcp(t, order[k - 1], order[k]) <= machine_depth(t, order[k]);
}

int hmpi__spans_nodes(hmpi__loctable *t)
{
    const int *order = hmpi__loctable_order(t);
    for (int k = 1; order && k < t->n; k++)
        if (starts_node(t, order, k))
            return 1;
    return 0;
}

static void free_nodes(nodes *nd)
{
    free(nd->first);
    free(nd->member);
    free(nd->lane);
}

/* Nodes in path order; on the root's node the root comes first. */
static int make_nodes(hmpi__coll_ctx *c, int root, nodes *nd)
{
    const int *order = hmpi__loctable_order(c->table);
    int p = c->size, root_at = 0;
    memset(nd, 0, sizeof *nd);
    nd->first = HMPI__ALLOC(int, (size_t)p + 1);
    nd->member = HMPI__ALLOC(int, (size_t)p);
    nd->lane = HMPI__ALLOC(int, (size_t)p);
    if (!order || !nd->first || !nd->member || !nd->lane) {
        free_nodes(nd);
        return MPI_ERR_NO_MEM;
    }
    for (int k = 0; k < p; k++) {
        if (starts_node(c->table, order, k))
            nd->first[nd->n++] = k;
        if ((nd->member[k] = order[k]) == root)
            nd->root_node = nd->n - 1, root_at = k;
    }
    nd->first[nd->n] = p;
    nd->member[root_at] = nd->member[nd->first[nd->root_node]]; /* the root leads its node */
    nd->member[nd->first[nd->root_node]] = root;
    nd->smallest = p;
    for (int k = 0; k < nd->n; k++) {
        int size = nd->first[k + 1] - nd->first[k];
        nd->smallest = size < nd->smallest ? size : nd->smallest;
        for (int i = nd->first[k]; i < nd->first[k + 1]; i++)
            if (nd->member[i] == c->rank)
                nd->my_node = k, nd->my_local = i - nd->first[k], nd->local = size;
    }
    nd->my_index = (nd->my_node - nd->root_node + nd->n) % nd->n;
    return MPI_SUCCESS;
}

/* Rank of local index j on node k. */
static int local_rank(const nodes *nd, int k, int j)
{
    return nd->member[nd->first[k] + j];
}

/* Lane j: local rank j of every node, from the root's node on. */
static void fill_lane(nodes *nd, int j)
{
    for (int k = 0; k < nd->n; k++)
        nd->lane[k] = local_rank(nd, (k + nd->root_node) % nd->n, j);
}

/* ---- parts of a vector ---------------------------------------------------- */

typedef struct parts {
    int count, lanes;
    MPI_Datatype type;
} parts;

static int part_lo(const parts *v, int j)
{
    return (int)((long)v->count * j / v->lanes);
}

static int part_len(const parts *v, int j)
{
    return part_lo(v, j + 1) - part_lo(v, j);
}

static void *part_at(const parts *v, const void *buf, int j)
{
    return hmpi__block(buf, part_lo(v, j), 1, v->type);
}

/* ---- inter-node steps on a list of ranks ------------------------------- */

/* The binomial tree over g[0..n) rooted at g[0], seen from index i: its
 * parent rank (-1 at the root) and its children, biggest subtree first. */
static int binomial_links(const int *g, int n, int i, int *parent, int children[32])
{
    int mask = 1, nchildren = 0;
    while (mask < n && !(i & mask))
        mask <<= 1;
    *parent = i > 0 ? g[i - mask] : -1;
    for (int m = mask >> 1; m > 0; m >>= 1)
        if (i + m < n)
            children[nchildren++] = g[i + m];
    return nchildren;
}

/* Binomial broadcast over g[0..n) from g[0]; i is this process's index.
 * Large messages go to one child per round, biggest subtree first, so that
 * a child forwards while its parent still sends (the tree's pipelining). */
static int list_bcast(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf, int count,
                      MPI_Datatype type, int one_per_round)
{
    int parent, children[32], nchildren = binomial_links(g, n, i, &parent, children);
    return hmpi__tree_down(c, parent, children, nchildren, buf, count, type, one_per_round);
}

/* Send (or receive) blocks [first, first + nblocks) of n blocks of buf. */
static int move_blocks(hmpi__coll_ctx *c, int send, void *buf, int count, MPI_Datatype type, int n,
                       int first, int nblocks, int peer)
{
    int lo = (int)((long)count * first / n), hi = (int)((long)count * (first + nblocks) / n);
    void *at = hmpi__block(buf, lo, 1, type);
    if (hi == lo)
        return MPI_SUCCESS;
    return send ? coll_send(c, at, hi - lo, type, peer) : coll_recv(c, at, hi - lo, type, peer);
}

/* Broadcast over g[0..n), n a power of two, from g[0] (van de Geijn):
 * binomial scatter of n blocks, then recursive-doubling allgather; each
 * process sends and receives about twice the vector, in 2 log n rounds. */
static int list_bcast_scatter_allgather(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf,
                                        int count, MPI_Datatype type)
{
    for (int mask = n >> 1; mask > 0; mask >>= 1) { /* scatter: halves of halves */
        TRY(hmpi__sched_round(c->s));
        if (i % (2 * mask) == 0)
            TRY(move_blocks(c, 1, buf, count, type, n, i + mask, mask, g[i + mask]));
        else if (i % (2 * mask) == mask)
            TRY(move_blocks(c, 0, buf, count, type, n, i, mask, g[i - mask]));
    }
    for (int mask = 1; mask < n; mask <<= 1) { /* allgather: doubling ranges */
        int peer = i ^ mask;
        TRY(hmpi__sched_round(c->s));
        TRY(move_blocks(c, 1, buf, count, type, n, i & ~(mask - 1), mask, g[peer]));
        TRY(move_blocks(c, 0, buf, count, type, n, peer & ~(mask - 1), mask, g[peer]));
    }
    return MPI_SUCCESS;
}

/* Binomial reduction (commutative op) over g[0..n) into acc at g[0]; acc
 * holds this process's contribution and, at g[0], ends with the result. */
static int list_reduce(hmpi__coll_ctx *c, const int *g, int n, int i, void *acc, int count,
                       MPI_Datatype type, MPI_Op op)
{
    const void *result;
    int parent, children[32], nchildren = binomial_links(g, n, i, &parent, children);
    TRY(hmpi__tree_up(c, parent, children, nchildren, acc, count, type, op, &result));
    if (i > 0 || result == acc)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    return hmpi__sched_copy(c->s, result, count, type, acc, count, type);
}

/* Index in g of the process of new rank nr after folding rem pairs. */
static int unfolded(int nr, int rem)
{
    return nr < rem ? 2 * nr + 1 : nr + rem;
}

/* Exchange with a partner: send (sbuf, scount), receive rcount into tmp,
 * then buf[range] = tmp op buf[range]. */
static int exchange_reduce(hmpi__coll_ctx *c, int peer, const void *sbuf, int scount, void *tmp,
                           void *rbuf, int rcount, MPI_Datatype type, MPI_Op op)
{
    TRY(hmpi__sched_round(c->s));
    if (scount > 0)
        TRY(coll_send(c, sbuf, scount, type, peer));
    if (rcount > 0)
        TRY(coll_recv(c, tmp, rcount, type, peer));
    TRY(hmpi__sched_round(c->s));
    return rcount > 0 ? hmpi__sched_reduce(c->s, tmp, rbuf, rcount, type, op) : MPI_SUCCESS;
}

/* The ranges a recursive halving went through, to walk back. */
typedef struct halves {
    int lo[32], hi[32], steps;
    int l, h; /* the range this process ends with */
} halves;

/* Reduce-scatter by recursive halving among the pof2 new ranks (folded
 * list): each step keeps one half of the range and reduces the partner's
 * copy of it into buf. */
static int reduce_scatter_halving(hmpi__coll_ctx *c, const int *g, int nr, int pof2, int rem,
                                  void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                                  halves *hv)
{
    hv->steps = 0, hv->l = 0, hv->h = count;
    for (int mask = pof2 >> 1; mask > 0; mask >>= 1, hv->steps++) {
        int l = hv->l, h = hv->h, peer = g[unfolded(nr ^ mask, rem)], mid = l + (h - l) / 2;
        int keep_lo = (nr & mask) ? mid : l, keep_hi = (nr & mask) ? h : mid;
        int give_lo = (nr & mask) ? l : mid, give_hi = (nr & mask) ? mid : h;
        hv->lo[hv->steps] = l, hv->hi[hv->steps] = h;
        TRY(exchange_reduce(c, peer, hmpi__block(buf, give_lo, 1, type), give_hi - give_lo, tmp,
                            hmpi__block(buf, keep_lo, 1, type), keep_hi - keep_lo, type, op));
        hv->l = keep_lo, hv->h = keep_hi;
    }
    return MPI_SUCCESS;
}

/* One step back: the other half of step s's range, next to [l, h). */
static void other_half(const halves *hv, int s, int *lo, int *hi)
{
    int first = hv->l == hv->lo[s];
    *lo = first ? hv->h : hv->lo[s];
    *hi = first ? hv->hi[s] : hv->l;
}

/* Rabenseifner on the power-of-two core: reduce-scatter by recursive
 * halving, allgather by recursive doubling, in place on buf. */
static int core_rabenseifner(hmpi__coll_ctx *c, const int *g, int nr, int pof2, int rem, void *buf,
                             void *tmp, int count, MPI_Datatype type, MPI_Op op)
{
    halves hv;
    TRY(reduce_scatter_halving(c, g, nr, pof2, rem, buf, tmp, count, type, op, &hv));
    for (int mask = 1; mask < pof2; mask <<= 1) { /* the halving steps in reverse */
        int s = --hv.steps, peer = g[unfolded(nr ^ mask, rem)], olo, ohi;
        other_half(&hv, s, &olo, &ohi);
        TRY(hmpi__sched_round(c->s));
        if (hv.h > hv.l)
            TRY(coll_send(c, hmpi__block(buf, hv.l, 1, type), hv.h - hv.l, type, peer));
        if (ohi > olo)
            TRY(coll_recv(c, hmpi__block(buf, olo, 1, type), ohi - olo, type, peer));
        hv.l = hv.lo[s], hv.h = hv.hi[s];
    }
    return MPI_SUCCESS;
}

/* Reduction (commutative op) over g[0..n), n a power of two, to g[0], in
 * place on buf: reduce-scatter by recursive halving, then a binomial gather
 * of the pieces; each process sends about twice the vector at most. */
static int list_reduce_halving(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf, int count,
                               MPI_Datatype type, MPI_Op op)
{
    halves hv;
    void *tmp = hmpi__sched_scratch(c->s, count, type);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    TRY(reduce_scatter_halving(c, g, i, n, 0, buf, tmp, count, type, op, &hv));
    for (int mask = 1; mask < n; mask <<= 1) {
        int s = --hv.steps, peer = g[i ^ mask], olo, ohi;
        TRY(hmpi__sched_round(c->s));
        if (i & mask) /* my pieces go to the partner, and I am done */
            return hv.h > hv.l
                       ? coll_send(c, hmpi__block(buf, hv.l, 1, type), hv.h - hv.l, type, peer)
                       : MPI_SUCCESS;
        other_half(&hv, s, &olo, &ohi);
        if (ohi > olo)
            TRY(coll_recv(c, hmpi__block(buf, olo, 1, type), ohi - olo, type, peer));
        hv.l = hv.lo[s], hv.h = hv.hi[s];
    }
    return MPI_SUCCESS;
}

/* Allreduce (commutative op) over g[0..n), in place on buf: ranks beyond
 * the largest power of two fold into a partner first and get the result
 * back last; the core runs recursive doubling or, with halving, Rabenseifner. */
static int list_allreduce(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf, int count,
                          MPI_Datatype type, MPI_Op op, int halving)
{
    int pof2 = 1, nr;
    while (pof2 * 2 <= n)
        pof2 *= 2;
    int rem = n - pof2;
    if (i < 2 * rem && i % 2 == 0) { /* folded: contribute, then wait for the result */
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, buf, count, type, g[i + 1]));
        TRY(hmpi__sched_round(c->s));
        return coll_recv(c, buf, count, type, g[i + 1]);
    }
    void *tmp = hmpi__sched_scratch(c->s, count, type);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    if (i < 2 * rem)
        TRY(exchange_reduce(c, g[i - 1], NULL, 0, tmp, buf, count, type, op));
    nr = i < 2 * rem ? i / 2 : i - rem;
    if (halving && count >= pof2)
        TRY(core_rabenseifner(c, g, nr, pof2, rem, buf, tmp, count, type, op));
    else
        for (int mask = 1; mask < pof2; mask <<= 1)
            TRY(exchange_reduce(c, g[unfolded(nr ^ mask, rem)], buf, count, tmp, buf, count, type,
                                op));
    if (i < 2 * rem) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, buf, count, type, g[i - 1]));
    }
    return MPI_SUCCESS;
}

/* ---- node-local steps ----------------------------------------------------- */

/* Every local rank sends part j of buf to local rank j < L; local rank j
 * receives the others' part j and reduces it into its own. */
static int local_reduce_scatter(hmpi__coll_ctx *c, const nodes *nd, const parts *v, void *buf,
                                MPI_Op op)
{
    int me = nd->my_local, k = nd->my_node, len = me < v->lanes ? part_len(v, me) : 0;
    char *slots = NULL;
    if (len > 0 && nd->local > 1 &&
        !(slots = hmpi__sched_scratch(c->s, (nd->local - 1) * len, v->type)))
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_round(c->s));
    for (int j = 0; j < v->lanes; j++)
        if (j != me && part_len(v, j) > 0)
            TRY(coll_send(c, part_at(v, buf, j), part_len(v, j), v->type, local_rank(nd, k, j)));
    for (int j = 0, s = 0; len > 0 && j < nd->local; j++)
        if (j != me)
            TRY(coll_recv(c, hmpi__block(slots, s++, len, v->type), len, v->type,
                          local_rank(nd, k, j)));
    if (len > 0 && nd->local > 1) {
        TRY(hmpi__sched_round(c->s));
        for (int s = 0; s < nd->local - 1; s++)
            TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, s, len, v->type), part_at(v, buf, me),
                                   len, v->type, op));
    }
    return MPI_SUCCESS;
}

/* Local rank j < L sends its part j of buf to the local ranks in
 * [from, local) other than itself; they receive it in place. */
static int local_allgather(hmpi__coll_ctx *c, const nodes *nd, const parts *v, void *buf, int from)
{
    int me = nd->my_local, k = nd->my_node;
    TRY(hmpi__sched_round(c->s));
    if (me < v->lanes && part_len(v, me) > 0)
        for (int j = from; j < nd->local; j++)
            if (j != me)
                TRY(coll_send(c, part_at(v, buf, me), part_len(v, me), v->type,
                              local_rank(nd, k, j)));
    if (me >= from)
        for (int j = 0; j < v->lanes; j++)
            if (j != me && part_len(v, j) > 0)
                TRY(coll_recv(c, part_at(v, buf, j), part_len(v, j), v->type,
                              local_rank(nd, k, j)));
    return MPI_SUCCESS;
}

/* ---- lanes -------------------------------------------------------------- */

/* Lanes for a vector of count elements of type_size bytes each: the ones
 * asked for, else one per min_part bytes; at most the smallest node's ranks. */
static int lanes_for(const nodes *nd, int count, int type_size, int asked, long min_part)
{
    long bytes = (long)count * type_size, l = asked > 0 ? asked : bytes / min_part;
    if (l > nd->smallest)
        l = nd->smallest;
    if (l > count)
        l = count;
    return l < 1 ? 1 : (int)l;
}

/* Parts smaller than this do not pay for a lane of their own. */
#define LANE_MIN_BYTES 4096
/* Vectors from this size reduce by halving (Rabenseifner) between nodes. */
#define HALVING_MIN_BYTES 8192

static int setup(hmpi__coll_ctx *c, int root, int count, MPI_Datatype type, nodes *nd, parts *v,
                 int *halving)
{
    int tsize;
    MPI_Type_size(type, &tsize);
    TRY(make_nodes(c, root, nd));
    *v = (parts){count, lanes_for(nd, count, tsize, c->lanes, LANE_MIN_BYTES), type};
    *halving = (long)count * tsize / v->lanes >= HALVING_MIN_BYTES;
    fill_lane(nd, nd->my_local < v->lanes ? nd->my_local : 0);
    return MPI_SUCCESS;
}

int hmpi__allreduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    nodes nd;
    parts v;
    int halving, rc = MPI_SUCCESS;
    TRY(setup(c, 0, a->rcount, a->rtype, &nd, &v, &halving));
    int me = nd.my_local;
    if (a->sendbuf != MPI_IN_PLACE && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, a->sendbuf, a->rcount, a->rtype, a->recvbuf, a->rcount,
                              a->rtype);
    if (rc == MPI_SUCCESS)
        rc = local_reduce_scatter(c, &nd, &v, a->recvbuf, a->op);
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = list_allreduce(c, nd.lane, nd.n, nd.my_index, part_at(&v, a->recvbuf, me),
                            part_len(&v, me), a->rtype, a->op, halving);
    if (rc == MPI_SUCCESS)
        rc = local_allgather(c, &nd, &v, a->recvbuf, 0);
    free_nodes(&nd);
    return rc;
}

/* One lane's reduction between nodes to the root's node: by halving for
 * large parts on a power-of-two count of nodes, else a binomial tree. */
static int lane_reduce(hmpi__coll_ctx *c, const nodes *nd, void *buf, int count, MPI_Datatype type,
                       MPI_Op op, int halving)
{
    if (halving && count >= nd->n && (nd->n & (nd->n - 1)) == 0)
        return list_reduce_halving(c, nd->lane, nd->n, nd->my_index, buf, count, type, op);
    return list_reduce(c, nd->lane, nd->n, nd->my_index, buf, count, type, op);
}

int hmpi__reduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    nodes nd;
    parts v;
    int halving, rc = MPI_SUCCESS, root = c->rank == a->root;
    TRY(setup(c, a->root, a->rcount, a->rtype, &nd, &v, &halving));
    int me = nd.my_local, root_node = nd.root_node;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    void *work = root ? a->recvbuf : hmpi__sched_scratch(c->s, a->rcount, a->rtype);
    if (!work)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && input != work && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, input, a->rcount, a->rtype, work, a->rcount, a->rtype);
    if (rc == MPI_SUCCESS)
        rc = local_reduce_scatter(c, &nd, &v, work, a->op);
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = lane_reduce(c, &nd, part_at(&v, work, me), part_len(&v, me), a->rtype, a->op, halving);
    /* The root's node gathers the parts at the root (its local rank 0). */
    if (rc == MPI_SUCCESS && nd.my_node == root_node &&
        (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS) {
        for (int j = 1; root && j < v.lanes && rc == MPI_SUCCESS; j++)
            if (part_len(&v, j) > 0)
                rc = coll_recv(c, part_at(&v, work, j), part_len(&v, j), a->rtype,
                               local_rank(&nd, root_node, j));
        if (!root && me < v.lanes && part_len(&v, me) > 0)
            rc = coll_send(c, part_at(&v, work, me), part_len(&v, me), a->rtype, a->root);
    }
    free_nodes(&nd);
    return rc;
}

/* Parts from this size travel by scatter + allgather between nodes. */
#define SCATTER_ALLGATHER_MIN_BYTES 16384
/* Tree messages from this size go to one child per round. */
#define ONE_CHILD_PER_ROUND_BYTES 8192

/* One lane's broadcast between nodes, by size and node count. */
static int lane_bcast(hmpi__coll_ctx *c, const nodes *nd, void *buf, int count, MPI_Datatype type)
{
    int tsize;
    MPI_Type_size(type, &tsize);
    long bytes = (long)count * tsize;
    if (bytes >= SCATTER_ALLGATHER_MIN_BYTES && count >= nd->n && (nd->n & (nd->n - 1)) == 0)
        return list_bcast_scatter_allgather(c, nd->lane, nd->n, nd->my_index, buf, count, type);
    return list_bcast(c, nd->lane, nd->n, nd->my_index, buf, count, type,
                      bytes >= ONE_CHILD_PER_ROUND_BYTES);
}

int hmpi__bcast_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    nodes nd;
    parts v;
    int halving, rc = MPI_SUCCESS;
    TRY(setup(c, a->root, a->rcount, a->rtype, &nd, &v, &halving));
    int me = nd.my_local, root_node = nd.root_node;
    /* The root (local rank 0 of its node) scatters the parts to its lanes. */
    if (nd.my_node == root_node && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS) {
        for (int j = 1; c->rank == a->root && j < v.lanes && rc == MPI_SUCCESS; j++)
            if (part_len(&v, j) > 0)
                rc = coll_send(c, part_at(&v, a->recvbuf, j), part_len(&v, j), a->rtype,
                               local_rank(&nd, root_node, j));
        if (c->rank != a->root && me < v.lanes && part_len(&v, me) > 0)
            rc = coll_recv(c, part_at(&v, a->recvbuf, me), part_len(&v, me), a->rtype, a->root);
    }
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = lane_bcast(c, &nd, part_at(&v, a->recvbuf, me), part_len(&v, me), a->rtype);
    if (rc == MPI_SUCCESS) /* on the root's node, the root has everything */
        rc = local_allgather(c, &nd, &v, a->recvbuf, nd.my_node == root_node ? 1 : 0);
    free_nodes(&nd);
    return rc;
}

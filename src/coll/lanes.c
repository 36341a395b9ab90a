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
 * Inter-node steps work on a list of ranks (one per node): k-nomial trees
 * of any radix, halving and doubling (van de Geijn's scatter + allgather,
 * Rabenseifner's reduce-scatter + allgather), recursive doubling, with the
 * usual folding of a non-power-of-two count; the lane count, the step and
 * its radix are the cheapest in the machine's cost model (core/model.h).
 * The allgather through node leaders lives here too, on the same node
 * grouping. Every message is prepared at init, as everywhere in hmpi. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdlib.h>
#include <string.h>

/* ---- parts of a vector ---------------------------------------------------- */

typedef struct parts {
    int count, lanes;
    MPI_Datatype type;
    int tree_radix; /* > 0: the node steps are lane trees of this radix (lane_trees_reduce) */
    int segment;    /* the node steps go through the node's segment (segment_steps) */
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

/* k-nomial broadcast over g[0..n) from g[0], one digit per round: in the
 * round of digit d, every process holding the data sends it to the k - 1
 * indices that differ from its own in digit d only. k = 2 is the binomial
 * tree sending one child per round (large messages pipeline down it), k = n
 * one round from g[0] to everybody. */
static int list_bcast_knomial(hmpi__coll_ctx *c, const int *g, int n, int i, int k, void *buf,
                              int count, MPI_Datatype type)
{
    long top;
    int parent = hmpi__knomial_links(i, n, k, &top);
    if (parent >= 0) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_recv(c, buf, count, type, g[parent]));
    }
    for (long w = top; w >= 1; w /= k) {
        TRY(hmpi__sched_round(c->s));
        for (int j = 1; j < k && i + j * w < n; j++)
            TRY(coll_send(c, buf, count, type, g[i + j * w]));
    }
    return MPI_SUCCESS;
}

/* The reverse: a k-nomial reduction into acc at g[0], one digit per round
 * from the lowest; acc holds this process's contribution. Each process
 * holds the combination of the index range [i, i + pos), so with `ordered`
 * the result is g[0]'s op g[1]'s op ... (any associative op). */
static int list_reduce_knomial(hmpi__coll_ctx *c, const int *g, int n, int i, int k, void *acc,
                               int count, MPI_Datatype type, MPI_Op op, int ordered)
{
    void *slots = NULL;
    for (long pos = 1; pos < n; pos *= k) {
        int digit = (int)(i / pos % k);
        if (digit != 0) {
            TRY(hmpi__sched_round(c->s));
            return coll_send(c, acc, count, type, g[i - digit * pos]);
        }
        int from = 0;
        while (from + 1 < k && i + (from + 1) * pos < n)
            from++;
        if (from == 0)
            continue;
        if (!slots && !(slots = hmpi__sched_scratch(c->s, (k - 1) * count, type)))
            return MPI_ERR_NO_MEM;
        TRY(hmpi__sched_round(c->s));
        for (int j = 1; j <= from; j++)
            TRY(coll_recv(c, hmpi__block(slots, j - 1, count, type), count, type, g[i + j * pos]));
        TRY(hmpi__sched_round(c->s));
        if (ordered) /* the children hold the next index ranges, in order */
            TRY(hmpi__reduce_slots_in_order(c, acc, slots, from + 1, 0, count, type, op));
        else
            for (int j = 1; j <= from; j++)
                TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, j - 1, count, type), acc, count,
                                       type, op));
    }
    return MPI_SUCCESS;
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

/* The largest power of two at most n. */
static int pof2_below(int n)
{
    int p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

/* Index in g of the process of new rank nr after folding rem pairs. */
static int unfolded(int nr, int rem)
{
    return nr < rem ? 2 * nr + 1 : nr + rem;
}

/* Segments of a message of `bytes`: at most HMPI__EAGER_BYTES each. */
int hmpi__segments(double bytes)
{
    return bytes > HMPI__EAGER_BYTES ? (int)((bytes + HMPI__EAGER_BYTES - 1) / HMPI__EAGER_BYTES)
                                     : 1;
}

/* The segments go to one partner, whose copies of them follow one another:
 * each further segment adds its whole transfer (a message's time beyond an
 * empty one's) where the level's gap charges a share of it (inside a node,
 * where a round's messages usually go to different receivers). */
double hmpi__cost_segmented_exchange(const hmpi__coll_ctx *c, int level, double bytes)
{
    const hmpi__cost_model *m = &c->cost;
    int k = hmpi__segments(bytes);
    double piece = bytes / k, empty = hmpi__cost_gap(m, level, 0);
    double serial = empty + hmpi__cost_round(m, level, 1, piece) - hmpi__cost_round(m, level, 1, 0);
    double further =
        serial > hmpi__cost_gap(m, level, piece) ? serial : hmpi__cost_gap(m, level, piece);
    return hmpi__cost_round(m, level, 1, piece) + (k - 1) * further + k * empty;
}

/* A message to or from a partner in segments, all posted at once: below
 * the eager limit of common transports, a large exchange pays no
 * rendezvous round trip and its segments' latencies overlap (simulated
 * 1024 ranks: a 1 MiB allreduce 274 -> 218 us at 8 lanes). */
int hmpi__list_move_segmented(hmpi__coll_ctx *c, int send, const void *buf, int count,
                              MPI_Datatype type, int peer)
{
    int size, per;
    MPI_Type_size(type, &size);
    per = size > 0 ? HMPI__EAGER_BYTES / size : count;
    if (per < 1)
        per = 1;
    for (int lo = 0; lo < count; lo += per) {
        int n = count - lo < per ? count - lo : per;
        void *at = hmpi__block(buf, lo, 1, type);
        TRY(send ? coll_send(c, at, n, type, peer) : coll_recv(c, at, n, type, peer));
    }
    return MPI_SUCCESS;
}

/* Exchange with a partner: send (sbuf, scount), receive rcount into tmp,
 * then buf[range] = tmp op buf[range]. */
static int exchange_reduce(hmpi__coll_ctx *c, int peer, const void *sbuf, int scount, void *tmp,
                           void *rbuf, int rcount, MPI_Datatype type, MPI_Op op)
{
    TRY(hmpi__sched_round(c->s));
    if (scount > 0)
        TRY(hmpi__list_move_segmented(c, 1, sbuf, scount, type, peer));
    if (rcount > 0)
        TRY(hmpi__list_move_segmented(c, 0, tmp, rcount, type, peer));
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
            TRY(hmpi__list_move_segmented(c, 1, hmpi__block(buf, hv.l, 1, type), hv.h - hv.l, type,
                                          peer));
        if (ohi > olo)
            TRY(hmpi__list_move_segmented(c, 0, hmpi__block(buf, olo, 1, type), ohi - olo, type,
                                          peer));
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
int hmpi__list_allreduce(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf, int count,
                         MPI_Datatype type, MPI_Op op, int halving)
{
    int pof2 = pof2_below(n), rem = n - pof2, nr;
    if (i < 2 * rem && i % 2 == 0) { /* folded: contribute, then wait for the result */
        TRY(hmpi__sched_round(c->s));
        /* to the partner's exchange_reduce receive */
        TRY(hmpi__list_move_segmented(c, 1, buf, count, type, g[i + 1]));
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

/* The k-nomial radix of the cheapest broadcast of `bytes` over a node of n
 * ranks (n: flat), and its modelled time. */
int hmpi__node_bcast_radix(const hmpi__coll_ctx *c, int n, double bytes, double *cost)
{
    int best = n;
    *cost = hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, n - 1, bytes);
    for (int k = 2; k < n; k++) {
        double t =
            hmpi__knomial_levels(n, k) * hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, k - 1, bytes);
        if (t < *cost)
            *cost = t, best = k;
    }
    return best;
}

/* With one lane, the node steps are k-nomial trees rooted at the node's
 * first rank, of the modelled radix (a reduction before, a broadcast
 * after), not P - 1 messages into one rank and as many out of it
 * (simulated 1024 ranks, 8 KiB: doc/collectives.md). */
static int one_lane_trees(const hmpi__nodes *nd, int lanes)
{
    return lanes == 1 && nd->local > 2;
}

static int node_tree_radix(const hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v)
{
    int tsize;
    double cost;
    MPI_Type_size(v->type, &tsize);
    return hmpi__node_bcast_radix(c, nd->local, (double)v->count * tsize, &cost);
}

static const int *node_members(const hmpi__nodes *nd)
{
    return nd->member + nd->first[nd->my_node];
}

/* ---- the node's segment ------------------------------------------------- */

/* A node's gather of blocks of `block` bytes to its first, and its bcast of
 * `bytes` from it, through the segment (the first copies the others' out;
 * the whole in, which the others copy out): modelled times where the
 * schedule has a channel, else HMPI__COST_NEVER. */
static double segment_gather_cost(const hmpi__coll_ctx *c, int n, double block)
{
    return hmpi__nodes_segment_usable(c) && n > 1 ? hmpi__cost_shm_spread(c, block, (n - 1) * block)
                                                  : HMPI__COST_NEVER;
}

static double segment_bcast_cost(const hmpi__coll_ctx *c, int n, double bytes)
{
    return hmpi__nodes_segment_usable(c) && n > 1 ? hmpi__cost_shm_spread(c, bytes, bytes)
                                                  : HMPI__COST_NEVER;
}

/* ---- lane trees: a k-nomial tree per part inside the node ----------------- */

/* auto takes lane trees for parts of at most this many bytes: a tree
 * passes each part on through log_k P processes, where the flat steps move
 * it once; past this, the copies cost more than the messages the trees
 * spread (simulated 1024 ranks, 0.3 us a message: 64 KiB, 2 lanes of 32
 * KiB, 39.4 -> 34.9 us; 1 MiB, 8 lanes of 128 KiB, flat 197.3, trees of
 * radix 4 203.1, 16 lanes of 64 KiB 234.3). */
#define LANE_TREES_MAX_PART 32768

/* With L > 1 lanes, the allreduce's node steps can be L k-nomial trees,
 * tree j over the node's ranks from local rank j on (the owner of part j),
 * carrying part j, all of them one digit per round: a process sends about L
 * parts and takes k - 1 in for the trees it is inner in, instead of every
 * owner taking P - 1 parts in one round (local_reduce_scatter's flat steps). */
static int tree_position(int local, int j, int n)
{
    return (local - j + n) % n;
}

static int tree_rank(const hmpi__nodes *nd, int q, int j)
{
    return node_members(nd)[(q + j) % nd->local];
}

static int longest_part(const parts *v)
{
    int most = 0;
    for (int j = 0; j < v->lanes; j++)
        most = part_len(v, j) > most ? part_len(v, j) : most;
    return most;
}

/* How many children position q of a k-nomial tree over n takes in at the
 * digit of weight pos (0: it sends there, or did at a lower digit). */
static int children_at(int q, long pos, int n, int k)
{
    int d = 0;
    if (q % pos != 0 || q / pos % k != 0)
        return 0;
    while (d + 1 < k && q + (d + 1) * pos < n)
        d++;
    return d;
}

/* Reduce into part j what tree j's children sent at the digit of weight pos. */
static int reduce_children(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                           char *slots, int most, long pos, MPI_Op op)
{
    int k = v->tree_radix;
    for (int j = 0; j < v->lanes; j++) {
        int from = children_at(tree_position(nd->my_local, j, nd->local), pos, nd->local, k);
        for (int d = 0; d < from && part_len(v, j) > 0; d++)
            TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, j * (k - 1) + d, most, v->type),
                                   part_at(v, buf, j), part_len(v, j), v->type, op));
    }
    return MPI_SUCCESS;
}

/* The lane trees' reduction (commutative op): part j of every rank's buf
 * into local rank j's. */
static int lane_trees_reduce(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                             MPI_Op op)
{
    int n = nd->local, k = v->tree_radix, most = longest_part(v);
    char *slots = hmpi__sched_scratch(c->s, v->lanes * (k - 1) * most, v->type);
    long pos = 1;
    if (!slots)
        return MPI_ERR_NO_MEM;
    for (; pos < n; pos *= k) {
        TRY(hmpi__sched_round(c->s));
        if (pos > 1)
            TRY(reduce_children(c, nd, v, buf, slots, most, pos / k, op));
        for (int j = 0; j < v->lanes; j++) {
            int q = tree_position(nd->my_local, j, n), digit = (int)(q / pos % k);
            if (q % pos != 0 || part_len(v, j) == 0) /* sent at a lower digit */
                continue;
            if (digit != 0)
                TRY(coll_send(c, part_at(v, buf, j), part_len(v, j), v->type,
                              tree_rank(nd, q - digit * (int)pos, j)));
            for (int d = 1; digit == 0 && d < k && q + d * pos < n; d++)
                TRY(coll_recv(c, hmpi__block(slots, j * (k - 1) + d - 1, most, v->type),
                              part_len(v, j), v->type, tree_rank(nd, q + d * (int)pos, j)));
        }
    }
    TRY(hmpi__sched_round(c->s));
    return reduce_children(c, nd, v, buf, slots, most, pos / k, op);
}

/* The reverse: part j from local rank j to every rank of the node. */
static int lane_trees_bcast(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf)
{
    int n = nd->local, k = v->tree_radix;
    long top = 1;
    while (top * k < n)
        top *= k;
    for (long w = top; w >= 1; w /= k) {
        TRY(hmpi__sched_round(c->s));
        for (int j = 0; j < v->lanes; j++) {
            int q = tree_position(nd->my_local, j, n);
            if (part_len(v, j) == 0 || q % w != 0)
                continue;
            if (q % (w * k) != 0) { /* the lowest non-zero digit: from the parent now */
                TRY(coll_recv(c, part_at(v, buf, j), part_len(v, j), v->type,
                              tree_rank(nd, q - (int)(q / w % k * w), j)));
                continue;
            }
            for (int d = 1; d < k && q + d * w < n; d++)
                TRY(coll_send(c, part_at(v, buf, j), part_len(v, j), v->type,
                              tree_rank(nd, q + d * (int)w, j)));
        }
    }
    return MPI_SUCCESS;
}

/* Every local rank sends part j of buf to local rank j < L; local rank j
 * receives the others' part j and reduces it into its own. */
static int local_reduce_scatter(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                                MPI_Op op)
{
    int me = nd->my_local, k = nd->my_node, len = me < v->lanes ? part_len(v, me) : 0;
    char *slots = NULL;
    if (v->tree_radix > 0)
        return lane_trees_reduce(c, nd, v, buf, op);
    if (one_lane_trees(nd, v->lanes))
        return list_reduce_knomial(c, node_members(nd), nd->local, me, node_tree_radix(c, nd, v),
                                   buf, v->count, v->type, op, nd->ordered);
    if (len > 0 && nd->local > 1 &&
        !(slots = hmpi__sched_scratch(c->s, (nd->local - 1) * len, v->type)))
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_round(c->s));
    for (int j = 0; j < v->lanes; j++)
        if (j != me && part_len(v, j) > 0)
            TRY(coll_send(c, part_at(v, buf, j), part_len(v, j), v->type,
                          hmpi__nodes_rank(nd, k, j)));
    for (int j = 0, s = 0; len > 0 && j < nd->local; j++)
        if (j != me)
            TRY(coll_recv(c, hmpi__block(slots, s++, len, v->type), len, v->type,
                          hmpi__nodes_rank(nd, k, j)));
    if (len > 0 && nd->local > 1) {
        TRY(hmpi__sched_round(c->s));
        if (nd->ordered)
            return hmpi__reduce_slots_in_order(c, part_at(v, buf, me), slots, nd->local, me, len,
                                               v->type, op); /* in local rank order */
        for (int s = 0; s < nd->local - 1; s++)
            TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, s, len, v->type), part_at(v, buf, me),
                                   len, v->type, op));
    }
    return MPI_SUCCESS;
}

/* Local rank j < L sends its part j of buf to the local ranks in
 * [from, local) other than itself; they receive it in place. */
static int local_allgather(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                           int from)
{
    int me = nd->my_local, k = nd->my_node;
    if (v->tree_radix > 0)
        return lane_trees_bcast(c, nd, v, buf);
    if (one_lane_trees(nd, v->lanes)) /* local rank 0 holds it all, whatever from */
        return list_bcast_knomial(c, node_members(nd), nd->local, me, node_tree_radix(c, nd, v),
                                  buf, v->count, v->type);
    TRY(hmpi__sched_round(c->s));
    if (me < v->lanes && part_len(v, me) > 0)
        for (int j = from; j < nd->local; j++)
            if (j != me)
                TRY(coll_send(c, part_at(v, buf, me), part_len(v, me), v->type,
                              hmpi__nodes_rank(nd, k, j)));
    if (me >= from)
        for (int j = 0; j < v->lanes; j++)
            if (j != me && part_len(v, j) > 0)
                TRY(coll_recv(c, part_at(v, buf, j), part_len(v, j), v->type,
                              hmpi__nodes_rank(nd, k, j)));
    return MPI_SUCCESS;
}

/* ---- the choice of the inter-node step, by the cost model --------------- */

/* How one lane crosses the network: a k-nomial tree (bcast, reduce, and both
 * for allreduce), halving and doubling (scatter + allgather for bcast,
 * reduce-scatter + gather for reduce, Rabenseifner for allreduce), or
 * recursive doubling (allreduce). */
enum { STEP_KNOMIAL, STEP_HALVING, STEP_DOUBLING, STEP_KARY, STEP_MULTIPLYING };
typedef struct step {
    int kind, radix;
    int cuts; /* STEP_KARY: reduce-scatter steps before multiplying */
} step;

/* A round of one lane on the network: the node's L lanes send at once. */
static double lane_round(const hmpi__coll_ctx *c, int lanes, int messages, double bytes)
{
    return hmpi__cost_node_round(&c->cost, HMPI__LEVEL_NETWORK, lanes, messages, bytes);
}

static double knomial_cost(const hmpi__coll_ctx *c, int n, int k, int lanes, double bytes)
{
    return hmpi__knomial_levels(n, k) * lane_round(c, lanes, k - 1, bytes);
}

/* Halving then doubling over a power of two n: each step moves half of the
 * previous one's bytes, twice over, in segments; `receives`: paying for as
 * many receives, as the allreduce's other steps are priced (unpriced, it
 * looked cheaper than radix-4 steps over 256 nodes: simulated, 232.2
 * against 213.2 us at 1 MiB). The trees' costs leave receives out, and so
 * does halving beside them. */
static double halving_cost(const hmpi__coll_ctx *c, int n, int lanes, double bytes, int receives)
{
    double t = 0, receive = receives ? hmpi__cost_overhead(&c->cost) : 0;
    for (int m = 2; m <= n; m *= 2) {
        int messages = hmpi__segments(bytes / m);
        t += 2 * (lane_round(c, lanes, messages, bytes / m / messages) + messages * receive);
    }
    return t;
}

/* Radix-r steps (kary.c) with radixes of at most k: `cuts` steps of
 * reduce-scatter then allgather (each sends r - 1 parts of the current
 * range), the others recursive multiplying (the part whole to the r - 1
 * others of its group); in segments, paying for as many receives. NEVER
 * where the vector has fewer elements than the cuts' parts. */
static double radix_cost(const hmpi__coll_ctx *c, int n, int k, int lanes, int count, double bytes,
                         int cuts)
{
    int radix[HMPI__KARY_MAX_STEPS], m = hmpi__kary_radixes(n, k, radix);
    double t = 0, receive = hmpi__cost_overhead(&c->cost);
    if (m == 0 || cuts > m)
        return HMPI__COST_NEVER;
    for (int s = 0; s < m; s++) {
        int cut = s < cuts;
        if (cut && (count /= radix[s]) == 0)
            return HMPI__COST_NEVER;
        if (cut)
            bytes /= radix[s];
        int messages = (radix[s] - 1) * hmpi__segments(bytes);
        t += (cut ? 2 : 1) *
             (lane_round(c, lanes, messages, bytes / hmpi__segments(bytes)) + messages * receive);
    }
    return t;
}

/* The fold of a non-power-of-two count: one message there, one back. */
static int fold_rounds(int n)
{
    return (n & (n - 1)) ? 2 : 0;
}

/* Radixes tried: 2 .. MAX_RADIX, and n (everybody in one round); radix-r
 * reduce-scatters up to MAX_KARY_RADIX. */
#define MAX_RADIX 64
#define MAX_KARY_RADIX 16

/* The cheapest radix of a k-nomial tree over n (times `trees` trees). */
static step best_knomial(const hmpi__coll_ctx *c, int n, int lanes, double bytes, int trees,
                         double *cost)
{
    step best = {STEP_KNOMIAL, 2, 0};
    *cost = trees * knomial_cost(c, n, 2, lanes, bytes);
    for (int k = 3; k <= n; k = k < MAX_RADIX || k == n ? k + 1 : n) {
        double t = trees * knomial_cost(c, n, k, lanes, bytes);
        if (t < *cost)
            *cost = t, best.radix = k;
    }
    return best;
}

/* bcast (reduce: the same costs, reversed) of count elements, bytes in all. */
static step choose_tree_step(const hmpi__coll_ctx *c, int n, int lanes, int count, double bytes,
                             double *cost)
{
    step best = best_knomial(c, n, lanes, bytes, 1, cost);
    double halving = halving_cost(c, n, lanes, bytes, 0);
    if ((n & (n - 1)) == 0 && count >= n && halving < *cost)
        best = (step){STEP_HALVING, 0, 0}, *cost = halving;
    return best;
}

/* Latency-bound steps of a radix choice: a reduce-scatter step and its
 * allgather step for each cut, one step for each other digit. */
static int radix_steps(int n, step st)
{
    int radix[HMPI__KARY_MAX_STEPS], m = hmpi__kary_radixes(n, st.radix, radix);
    int cuts = st.kind == STEP_KARY ? st.cuts : 0;
    return 2 * cuts + (m - cuts);
}

/* Radix-r steps where they beat *best (cost *cost): radix-r reduce-scatter
 * for the first digits and recursive multiplying for the others. The
 * latency is what the model knows least (the same fat tree with links of
 * 0.25 or 1 us makes a hop 1.1 or 4.4 us), and a choice of fewer steps
 * loses less when it is higher: of the radix choices, the one whose cost is
 * nearest the cheapest's both as modelled and with every step's latency
 * doubled (the smaller of the two ratios' maximum; simulated 1024 ranks,
 * 64 KiB: radix 8 cut once, modelled 38.5 us, 44.5 doubled, against radix 4
 * cut twice, 37.9 and 47.9, measured 39.4 against 39.0 on 0.25 us links
 * but 52.5 against 62.5 on 1 us). */
static void radix_choice(const hmpi__coll_ctx *c, int n, int lanes, int count, double bytes,
                         step *best, double *cost)
{
    enum { MOST = MAX_KARY_RADIX * (HMPI__KARY_MAX_STEPS + 1) };
    step cand[MOST];
    double price[MOST], doubled[MOST], cheapest = HMPI__COST_NEVER, cheapest_doubled = 0;
    double latency = hmpi__cost_round(&c->cost, HMPI__LEVEL_NETWORK, 1, 0), regret = 0;
    int ncand = 0, pick = -1;
    for (int k = 3; k <= MAX_KARY_RADIX; k++)
        for (int cuts = 0; cuts <= HMPI__KARY_MAX_STEPS; cuts++) {
            double t = radix_cost(c, n, k, lanes, count, bytes, cuts);
            if (t >= HMPI__COST_NEVER)
                break;
            cand[ncand] = (step){cuts ? STEP_KARY : STEP_MULTIPLYING, k, cuts};
            price[ncand] = t;
            doubled[ncand] = t + radix_steps(n, cand[ncand]) * latency;
            if (t < cheapest)
                cheapest = t;
            if (ncand == 0 || doubled[ncand] < cheapest_doubled)
                cheapest_doubled = doubled[ncand];
            ncand++;
        }
    for (int i = 0; i < ncand; i++) {
        double a = price[i] / cheapest, b = doubled[i] / cheapest_doubled, r = a > b ? a : b;
        if (pick < 0 || r < regret || (r == regret && price[i] < price[pick]))
            pick = i, regret = r;
    }
    if (pick >= 0 && cheapest < *cost)
        *best = cand[pick], *cost = price[pick];
}

static step choose_allreduce_step(const hmpi__coll_ctx *c, int n, int lanes, int count,
                                  double bytes, double *cost)
{
    int pof2 = pof2_below(n), rounds = 0;
    double trees, fold = fold_rounds(n) * lane_round(c, lanes, 1, bytes);
    step best = best_knomial(c, n, lanes, bytes, 2, &trees);
    for (int m = 1; m < pof2; m *= 2)
        rounds++;
    double receive = hmpi__cost_overhead(&c->cost); /* one a round, as the others pay */
    double doubling = fold + rounds * (lane_round(c, lanes, 1, bytes) + receive);
    double halving = count >= pof2 ? fold + halving_cost(c, pof2, lanes, bytes, 1) : doubling + 1;
    *cost = trees;
    if (doubling < trees && doubling <= halving)
        best = (step){STEP_DOUBLING, 0, 0}, *cost = doubling;
    else if (halving < trees && halving < doubling)
        best = (step){STEP_HALVING, 0, 0}, *cost = halving;
    radix_choice(c, n, lanes, count, bytes, &best, cost);
    if (c->lane_radix > 0) { /* hmpi_lane_radix, where n factors so */
        int radix[HMPI__KARY_MAX_STEPS], m = hmpi__kary_radixes(n, c->lane_radix, radix);
        int cuts = m > c->lane_multiplying ? m - c->lane_multiplying : 0;
        while (cuts > 0 &&
               radix_cost(c, n, c->lane_radix, lanes, count, bytes, cuts) >= HMPI__COST_NEVER)
            cuts--; /* fewer reduce-scatter steps where the vector cannot be cut so often */
        double forced = radix_cost(c, n, c->lane_radix, lanes, count, bytes, cuts);
        if (forced < HMPI__COST_NEVER)
            best = (step){cuts ? STEP_KARY : STEP_MULTIPLYING, c->lane_radix, cuts}, *cost = forced;
    }
    return best;
}

/* ---- lanes -------------------------------------------------------------- */

/* What the bytes that all of a node's processes move in one node step add
 * when the node has several packages: the share that crosses between them
 * shares the link, half each way when the step exchanges (a reduce-scatter
 * of 1 MiB over a node of two sockets moves 1 MiB per process, half of it
 * across), all one way when it flows down or up a tree. */
static double node_crossing(const hmpi__coll_ctx *c, double node_bytes, int both_ways)
{
    if (c->packages < 2)
        return 0;
    double across = node_bytes * (c->packages - 1) / c->packages;
    return hmpi__cost_crossing(&c->cost, both_ways ? across / 2 : across);
}

/* The radix of the cheapest lane trees (lane_trees_reduce) for L parts of
 * `part` bytes over nodes of P ranks, and their modelled time one way: a
 * process is inner in about L / k of the trees, taking k - 1 parts in, and
 * sends its part of the others at each digit. */
static int lane_trees_radix(const hmpi__coll_ctx *c, int P, int L, double part, double *cost)
{
    int best = 0, forced = c->lane_trees > P ? P : c->lane_trees; /* radix P: one round */
    *cost = HMPI__COST_NEVER;
    for (int k = forced > 1 ? forced : 2; k <= (forced > 1 ? forced : P); k++) {
        int inner = (L + k - 1) / k, messages = inner * (k - 1) + L - inner;
        /* the way up also combines the parts taken in: half of it each way */
        double t = hmpi__knomial_levels(P, k) *
                   (hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, messages, part) +
                    inner * (k - 1) * hmpi__cost_combine(&c->cost, part) / 2);
        if (t < *cost)
            *cost = t, best = k;
    }
    return best;
}

/* May L lanes' node steps be lane trees: the allreduce, a commutative op
 * (the trees combine in any order), forced (hmpi_lane_trees k), or parts
 * of at most LANE_TREES_MAX_PART over nodes of more than two ranks. */
static int lane_trees_may(const hmpi__coll_ctx *c, int coll, int L, int P, double part)
{
    if (coll != HMPI__ALLREDUCE || L < 2 || !c->commutative || c->lane_trees == 1)
        return 0;
    return c->lane_trees > 1 || (P > 2 && part <= LANE_TREES_MAX_PART);
}

/* The node steps around the lanes' inter-node step, flat (tree_radix 0)
 * or lane trees of radix tree_radix, with a modelled time: theirs, or the
 * whole operation's where lanes_cost returns them. */
typedef struct node_steps {
    double cost;
    int tree_radix, segment;
} node_steps;

/* Flat node steps for L lanes of parts of `part` bytes, nodes of P ranks.
 * Before the lanes: reduce-scatter (every owner takes P - 1 parts) or the
 * root's scatter to the L - 1 other owners. */
static double flat_before_cost(const hmpi__coll_ctx *c, int coll, int L, int P, double part,
                               double bytes)
{
    return coll == HMPI__BCAST ? hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, L - 1, part) +
                                     node_crossing(c, (L - 1) * part, 0)
                               : hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, P - 1, part) +
                                     (P - 1) * hmpi__cost_combine(&c->cost, part) +
                                     node_crossing(c, (P - 1) * bytes, 1);
}

/* After: the gather at the root, or the allgather, whose L (P - 1)
 * messages the node handles in one round (simulated 1024 ranks: the lane
 * counts this prices are the measured best, doc/collectives.md). */
static double flat_after_cost(const hmpi__coll_ctx *c, int coll, int L, int P, double part,
                              double bytes)
{
    return coll == HMPI__REDUCE ? hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, L - 1, part) +
                                      node_crossing(c, (L - 1) * part, 0)
                                : hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, L * (P - 1), part) +
                                      node_crossing(c, (P - 1) * bytes, 1);
}

static double flat_steps_cost(const hmpi__coll_ctx *c, int coll, int L, int P, double part,
                              double bytes)
{
    return flat_before_cost(c, coll, L, P, part, bytes) +
           flat_after_cost(c, coll, L, P, part, bytes);
}

/* The node steps through the segment (segment_may): its reduce-scatter and
 * allgather; a bcast's scatter and a reduce's gather stay messages, the
 * root's alone. HMPI__COST_NEVER where the parts do not fit it. */
static node_steps segment_steps(const hmpi__coll_ctx *c, int coll, int L, double part, double bytes,
                                int type_size)
{
    node_steps s = {HMPI__COST_NEVER, 0, 1};
    int P = c->largest;
    if (!hmpi__shm_lanes_fit(c, L, type_size))
        return s;
    /* the same bytes cross between a node's packages as in the flat steps */
    s.cost = (coll == HMPI__BCAST ? flat_before_cost(c, coll, L, P, part, bytes)
                                  : hmpi__cost_shm_lanes_reduce_scatter(c, L, P, part, bytes) +
                                        node_crossing(c, (P - 1) * bytes, 1)) +
             (coll == HMPI__REDUCE ? flat_after_cost(c, coll, L, P, part, bytes)
                                   : hmpi__cost_shm_spread(c, part, bytes - part) +
                                         node_crossing(c, (P - 1) * bytes, 1));
    return s;
}

/* The lane trees' node steps (up and down), or a cost of HMPI__COST_NEVER
 * where they may not serve. */
static node_steps lane_trees_steps(const hmpi__coll_ctx *c, int coll, int L, int P, double part,
                                   double bytes)
{
    node_steps s = {HMPI__COST_NEVER, 0, 0};
    double one_way;
    if (!lane_trees_may(c, coll, L, P, part))
        return s;
    s.tree_radix = lane_trees_radix(c, P, L, part, &one_way);
    /* each process sends about the vector once each way (up and down), as
     * with one lane */
    if (s.tree_radix)
        s.cost = 2 * (one_way + node_crossing(c, bytes * c->packages, 0));
    return s;
}

/* Modelled time of the whole operation with L lanes, vector of `bytes`:
 * the lanes' inter-node step and the cheaper node steps around it (lane
 * trees where forced and allowed); the cost is the sum. */
static node_steps lanes_cost(const hmpi__coll_ctx *c, const hmpi__nodes *nd, int coll, int count,
                             double bytes, int L, int segment)
{
    double part = bytes / L, t;
    int P = nd->smallest, trees = coll == HMPI__ALLREDUCE ? 2 : 1;
    node_steps shm = segment && count > 0
                         ? segment_steps(c, coll, L, part, bytes, (int)(bytes / count))
                         : (node_steps){HMPI__COST_NEVER, 0, 0};
    if (nd->ordered)
        best_knomial(c, nd->n, L, part, trees, &t);
    else if (coll == HMPI__ALLREDUCE)
        choose_allreduce_step(c, nd->n, L, count / L, part, &t);
    else
        choose_tree_step(c, nd->n, L, count / L, part, &t);
    if (L == 1 && c->largest > 2) { /* the trees of one_lane_trees() */
        double tree;
        int k = hmpi__node_bcast_radix(c, c->largest, bytes, &tree);
        /* the reduction's root combines k - 1 children a level */
        double combines = coll == HMPI__BCAST ? 0
                                              : hmpi__knomial_levels(c->largest, k) * (k - 1) *
                                                    hmpi__cost_combine(&c->cost, bytes);
        /* a tree in path order crosses between packages once per package */
        node_steps tree_steps = {
            combines + trees * (tree + node_crossing(c, bytes * c->packages, 0)), 0, 0};
        node_steps s = shm.cost < tree_steps.cost ? shm : tree_steps;
        s.cost += t;
        return s;
    }
    node_steps flat = {flat_steps_cost(c, coll, L, P, part, bytes), 0, 0};
    node_steps lane_trees = lane_trees_steps(c, coll, L, P, part, bytes);
    node_steps s = lane_trees.tree_radix && (lane_trees.cost < flat.cost || c->lane_trees > 1)
                       ? lane_trees
                       : flat;
    if (shm.cost < s.cost)
        s = shm;
    s.cost += t;
    return s;
}

/* Lanes: the ones asked for (hmpi_lanes), else the modelled cheapest; at
 * most the smallest node's ranks and one element each. *steps: the node
 * steps with them and the operation's modelled time. */
static int lanes_for(const hmpi__coll_ctx *c, const hmpi__nodes *nd, int coll, int count,
                     int type_size, int segment, node_steps *steps)
{
    int most = nd->smallest < count ? nd->smallest : count, best = 1;
    double bytes = (double)count * type_size;
    if (most < 1)
        most = 1;
    if (c->lanes > 0) {
        best = c->lanes < most ? c->lanes : most;
        *steps = lanes_cost(c, nd, coll, count, bytes, best, segment);
        return best;
    }
    *steps = lanes_cost(c, nd, coll, count, bytes, 1, segment);
    for (int L = 2; L <= most; L++) {
        node_steps s = lanes_cost(c, nd, coll, count, bytes, L, segment);
        if (s.cost < steps->cost)
            *steps = s, best = L;
    }
    return best;
}

/* May the node steps go through the node's segment (hmpi__nodes_segment_usable), with
 * a contiguous type (the same on every process: a reduction's, as MPI has
 * it; a bcast's bytes, hmpi__bcast_in_bytes) and no lane trees asked for
 * (hmpi_lane_trees)? */
static int segment_may(const hmpi__coll_ctx *c, int count, MPI_Datatype type)
{
    size_t bytes;
    return hmpi__nodes_segment_usable(c) && c->lane_trees == 0 &&
           hmpi__type_is_contiguous(type, count, &bytes);
}

static int setup(hmpi__coll_ctx *c, int coll, int root, int count, MPI_Datatype type,
                 hmpi__nodes *nd, parts *v)
{
    int tsize, lanes;
    node_steps steps;
    MPI_Type_size(type, &tsize);
    TRY(hmpi__nodes_make(c, root, !c->commutative, nd));
    lanes = lanes_for(c, nd, coll, count, tsize, segment_may(c, count, type), &steps);
    *v = (parts){count, lanes, type, steps.tree_radix, steps.segment};
    hmpi__nodes_fill_lane(nd, nd->my_local < v->lanes ? nd->my_local : 0);
    return MPI_SUCCESS;
}

/* Bytes of this process's part. */
static double my_part_bytes(const hmpi__nodes *nd, const parts *v)
{
    int tsize;
    MPI_Type_size(v->type, &tsize);
    return (double)part_len(v, nd->my_local) * tsize;
}

/* One lane's allreduce between nodes, in place on its part. */
static int lane_allreduce(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                          MPI_Op op)
{
    int count = part_len(v, nd->my_local);
    double cost;
    step st = nd->ordered /* k-nomial trees keep the order */
                  ? best_knomial(c, nd->n, v->lanes, my_part_bytes(nd, v), 2, &cost)
                  : choose_allreduce_step(c, nd->n, v->lanes, count, my_part_bytes(nd, v), &cost);
    static const char *const kinds[] = {"k-nomial trees", "halving", "doubling", "radix-k",
                                        "multiplying"};
    if (c->rank == 0 && hmpi__verbose_enabled()) {
        int tree = one_lane_trees(nd, v->lanes);
        hmpi__verbose("multilane: %d lanes, %s (radix %d, %d reduce-scatter steps) between %d "
                      "nodes (modelled %.1f us), in nodes %s of radix %d",
                      v->lanes, kinds[st.kind], st.radix, st.kind == STEP_KARY ? st.cuts : 0, nd->n,
                      cost,
                      v->segment      ? "the segment"
                      : v->tree_radix ? "lane trees"
                      : tree          ? "a tree"
                                      : "flat steps",
                      v->segment      ? nd->local /* every rank's input at once */
                      : v->tree_radix ? v->tree_radix
                      : tree          ? node_tree_radix(c, nd, v)
                                      : nd->local);
    }
    if (st.kind == STEP_KARY || st.kind == STEP_MULTIPLYING) /* multiplying: no cut */
        return hmpi__list_allreduce_kary(c, nd->lane, nd->n, nd->my_index, st.radix, st.cuts, buf,
                                         count, v->type, op);
    if (st.kind != STEP_KNOMIAL)
        return hmpi__list_allreduce(c, nd->lane, nd->n, nd->my_index, buf, count, v->type, op,
                                    st.kind == STEP_HALVING);
    TRY(list_reduce_knomial(c, nd->lane, nd->n, nd->my_index, st.radix, buf, count, v->type, op,
                            nd->ordered));
    return list_bcast_knomial(c, nd->lane, nd->n, nd->my_index, st.radix, buf, count, v->type);
}

/* The node steps through the segment (v->segment): the parts' bounds and
 * the segment's ranks of their owners, local ranks j < L of this node. */
static int segment_lanes(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v,
                         hmpi__shm_lanes *l)
{
    int *lo = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)(v->lanes + 1)), *owner;
    if (!lo)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__nodes_segment_ranks(c, nd, &owner)); /* part j's: local rank j's */
    for (int j = 0; j <= v->lanes; j++)
        lo[j] = part_lo(v, j);
    *l = (hmpi__shm_lanes){v->lanes, lo, owner, NULL, v->type};
    return MPI_SUCCESS;
}

/* The node's reduce-scatter and allgather around the lanes' allreduce:
 * messages, or the segment's steps. */
static int node_reduce_scatter(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v,
                               hmpi__shm_lanes *l, void *buf, MPI_Op op)
{
    if (!v->segment)
        return local_reduce_scatter(c, nd, v, buf, op);
    TRY(segment_lanes(c, nd, v, l));
    TRY(hmpi__shm_lanes_reduce_scatter(c, l, buf, op));
    return hmpi__sched_round(c->s); /* the lanes' messages after it */
}

/* (from: as local_allgather's, the first local rank that takes the parts;
 * the root's node's first has them all) */
static int node_allgather(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v,
                          hmpi__shm_lanes *l, void *buf, int from)
{
    if (!v->segment)
        return local_allgather(c, nd, v, buf, from);
    if (!l->lo)
        TRY(segment_lanes(c, nd, v, l));
    TRY(hmpi__sched_round(c->s)); /* after the lanes' messages */
    return hmpi__shm_lanes_allgather(c, l, buf, nd->my_local >= from);
}

int hmpi__allreduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    hmpi__shm_lanes l = {0};
    parts v;
    int rc = MPI_SUCCESS;
    TRY(setup(c, HMPI__ALLREDUCE, -1, a->rcount, a->rtype, &nd, &v));
    int me = nd.my_local;
    if (a->sendbuf != MPI_IN_PLACE && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, a->sendbuf, a->rcount, a->rtype, a->recvbuf, a->rcount,
                              a->rtype);
    if (rc == MPI_SUCCESS)
        rc = node_reduce_scatter(c, &nd, &v, &l, a->recvbuf, a->op);
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = lane_allreduce(c, &nd, &v, part_at(&v, a->recvbuf, me), a->op);
    if (rc == MPI_SUCCESS)
        rc = node_allgather(c, &nd, &v, &l, a->recvbuf, 0);
    hmpi__nodes_free(&nd);
    return rc;
}

/* One lane's reduction between nodes to the root's node. */
static int lane_reduce(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf,
                       MPI_Op op)
{
    int count = part_len(v, nd->my_local);
    double cost;
    step st = nd->ordered
                  ? best_knomial(c, nd->n, v->lanes, my_part_bytes(nd, v), 1, &cost)
                  : choose_tree_step(c, nd->n, v->lanes, count, my_part_bytes(nd, v), &cost);
    if (c->rank == 0)
        hmpi__verbose("multilane: %d lanes, %s of radix %d between %d nodes (modelled %.1f us)",
                      v->lanes, st.kind == STEP_HALVING ? "halving" : "k-nomial trees", st.radix,
                      nd->n, cost);
    if (st.kind == STEP_HALVING)
        return list_reduce_halving(c, nd->lane, nd->n, nd->my_index, buf, count, v->type, op);
    return list_reduce_knomial(c, nd->lane, nd->n, nd->my_index, st.radix, buf, count, v->type, op,
                               nd->ordered);
}

int hmpi__reduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    hmpi__shm_lanes l = {0};
    parts v;
    int rc = MPI_SUCCESS, root = c->rank == a->root;
    TRY(setup(c, HMPI__REDUCE, a->root, a->rcount, a->rtype, &nd, &v));
    int me = nd.my_local, result_node = nd.ordered ? 0 : nd.root_node;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    void *work = root ? a->recvbuf : hmpi__sched_scratch(c->s, a->rcount, a->rtype);
    if (!work)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && input != work && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, input, a->rcount, a->rtype, work, a->rcount, a->rtype);
    if (rc == MPI_SUCCESS)
        rc = node_reduce_scatter(c, &nd, &v, &l, work, a->op);
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = lane_reduce(c, &nd, &v, part_at(&v, work, me), a->op);
    /* The parts end on the lanes' first node (the root's, where the root is
     * local rank 0; node 0 in rank order): its owners send them to the root. */
    if (rc == MPI_SUCCESS && (nd.my_node == result_node || root) &&
        (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS) {
        for (int j = 0; root && j < v.lanes && rc == MPI_SUCCESS; j++)
            if (part_len(&v, j) > 0 && hmpi__nodes_rank(&nd, result_node, j) != c->rank)
                rc = coll_recv(c, part_at(&v, work, j), part_len(&v, j), a->rtype,
                               hmpi__nodes_rank(&nd, result_node, j));
        if (!root && nd.my_node == result_node && me < v.lanes && part_len(&v, me) > 0)
            rc = coll_send(c, part_at(&v, work, me), part_len(&v, me), a->rtype, a->root);
    }
    hmpi__nodes_free(&nd);
    return rc;
}

/* One lane's broadcast between nodes. */
static int lane_bcast(hmpi__coll_ctx *c, const hmpi__nodes *nd, const parts *v, void *buf)
{
    int count = part_len(v, nd->my_local);
    double cost;
    step st = choose_tree_step(c, nd->n, v->lanes, count, my_part_bytes(nd, v), &cost);
    if (st.kind == STEP_HALVING)
        return list_bcast_scatter_allgather(c, nd->lane, nd->n, nd->my_index, buf, count, v->type);
    return list_bcast_knomial(c, nd->lane, nd->n, nd->my_index, st.radix, buf, count, v->type);
}

static int bcast_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    hmpi__shm_lanes l = {0};
    parts v;
    int rc = MPI_SUCCESS;
    TRY(setup(c, HMPI__BCAST, a->root, a->rcount, a->rtype, &nd, &v));
    int me = nd.my_local, root_node = nd.root_node;
    /* The root (local rank 0 of its node) scatters the parts to its lanes. */
    if (nd.my_node == root_node && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS) {
        for (int j = 1; c->rank == a->root && j < v.lanes && rc == MPI_SUCCESS; j++)
            if (part_len(&v, j) > 0)
                rc = coll_send(c, part_at(&v, a->recvbuf, j), part_len(&v, j), a->rtype,
                               hmpi__nodes_rank(&nd, root_node, j));
        if (c->rank != a->root && me < v.lanes && part_len(&v, me) > 0)
            rc = coll_recv(c, part_at(&v, a->recvbuf, me), part_len(&v, me), a->rtype, a->root);
    }
    if (rc == MPI_SUCCESS && me < v.lanes && part_len(&v, me) > 0 && nd.n > 1)
        rc = lane_bcast(c, &nd, &v, part_at(&v, a->recvbuf, me));
    if (rc == MPI_SUCCESS) /* on the root's node, the root has everything */
        rc = node_allgather(c, &nd, &v, &l, a->recvbuf, nd.my_node == root_node ? 1 : 0);
    hmpi__nodes_free(&nd);
    return rc;
}

/* Its parts are cut in bytes: the processes' types may differ. */
int hmpi__bcast_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return hmpi__bcast_in_bytes(c, a, bcast_multilane);
}

/* ---- allgather through node leaders ---------------------------------------- */

/* The leaders' exchange of n segments of seg bytes: its modelled time, and
 * whether recursive doubling (a power of two n only) beats one round. */
static double leaders_exchange_cost(const hmpi__coll_ctx *c, int n, double seg, int *doubles)
{
    /* a leader also pays for each message it receives */
    double receive = hmpi__cost_overhead(&c->cost);
    double linear = lane_round(c, 1, n - 1, seg) + (n - 1) * receive, doubling = 0;
    for (int m = 1; m < n; m *= 2)
        doubling += lane_round(c, 1, 1, seg * m) + receive;
    *doubles = (n & (n - 1)) == 0 && doubling < linear;
    return *doubles ? doubling : linear;
}

/* Exchange of the node segments of a packed buffer among the leaders (lane
 * 0): everyone to everyone in one round, or recursive doubling over a
 * power-of-two count of nodes (contiguous runs of nodes), as modelled. */
static int leaders_exchange(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *all, int B)
{
    int n = nd->n, me = nd->my_node, doubles;
    leaders_exchange_cost(c, n, (double)nd->smallest * B, &doubles);
    if (doubles) {
        for (int mask = 1; mask < n; mask <<= 1) {
            int peer = me ^ mask, mine = me & ~(mask - 1), theirs = peer & ~(mask - 1);
            int mine_lo = nd->first[mine], mine_hi = nd->first[mine + mask];
            int theirs_lo = nd->first[theirs], theirs_hi = nd->first[theirs + mask];
            TRY(hmpi__sched_round(c->s));
            TRY(coll_send(c, all + (size_t)mine_lo * B, (mine_hi - mine_lo) * B, MPI_PACKED,
                          hmpi__nodes_rank(nd, peer, 0)));
            TRY(coll_recv(c, all + (size_t)theirs_lo * B, (theirs_hi - theirs_lo) * B, MPI_PACKED,
                          hmpi__nodes_rank(nd, peer, 0)));
        }
        return MPI_SUCCESS;
    }
    /* to node me + i and from node me - i in turn: at any moment each
     * leader's link receives from a different sender (the same order
     * everywhere had every leader send to node 0 first, then to node 1,
     * ...: simulated 1024 ranks, 1 MiB, one leader's exchange 150.8 ->
     * 142.3 us, the allgather 195.1 -> 173.2) */
    TRY(hmpi__sched_round(c->s));
    for (int i = 1; i < n; i++) {
        int to = (me + i) % n, from = (me - i + n) % n;
        int lo = nd->first[me], hi = nd->first[me + 1];
        TRY(coll_send(c, all + (size_t)lo * B, (hi - lo) * B, MPI_PACKED,
                      hmpi__nodes_rank(nd, to, 0)));
        lo = nd->first[from], hi = nd->first[from + 1];
        TRY(coll_recv(c, all + (size_t)lo * B, (hi - lo) * B, MPI_PACKED,
                      hmpi__nodes_rank(nd, from, 0)));
    }
    return MPI_SUCCESS;
}

/* The k-nomial radix of the cheapest gather of blocks of `block` bytes from
 * a node of n ranks to its first (n: flat), and its modelled time: at the
 * level of distance pos, each receiver takes k - 1 subtrees of pos blocks,
 * paying for every receive. */
int hmpi__node_gather_radix(const hmpi__coll_ctx *c, int n, double block, double *cost)
{
    double receive = hmpi__cost_overhead(&c->cost);
    int best = n;
    *cost = HMPI__COST_NEVER;
    for (int k = 2; k <= n; k = k < n ? k + 1 : n + 1) {
        double t = 0;
        for (long pos = 1; pos < n; pos *= k) {
            int from = (int)((n - 1) / pos < k - 1 ? (n - 1) / pos : k - 1);
            t += hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, from, (double)pos * block) +
                 from * receive;
        }
        if (t < *cost)
            *cost = t, best = k;
    }
    return best;
}

double hmpi__node_gather_cost(const hmpi__coll_ctx *c, int n, double block)
{
    double messages, segment = segment_gather_cost(c, n, block);
    hmpi__node_gather_radix(c, n, block, &messages);
    return segment < messages ? segment : messages;
}

double hmpi__node_bcast_cost(const hmpi__coll_ctx *c, int n, double bytes)
{
    double messages, segment = segment_bcast_cost(c, n, bytes);
    hmpi__node_bcast_radix(c, n, bytes, &messages);
    return segment < messages ? segment : messages;
}

/* The gather of ranges through the segment: every rank's range is its part,
 * the first takes them all. */
static int segment_gather_ranges(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf,
                                 const size_t *off)
{
    int *lo = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)(nd->local + 1)), *ranks;
    if (!lo)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__nodes_segment_ranks(c, nd, &ranks));
    for (int j = 0; j <= nd->local; j++)
        lo[j] = (int)off[j]; /* (the allgathers' rows take at most INT_MAX bytes) */
    hmpi__shm_lanes l = {nd->local, lo, ranks, NULL, MPI_BYTE};
    TRY(hmpi__sched_round(c->s));
    return hmpi__shm_lanes_allgather(c, &l, buf, nd->my_local == 0);
}

int hmpi__node_gather_ranges(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, const size_t *off,
                             double block)
{
    double cost;
    int n = nd->local, j = nd->my_local, k = hmpi__node_gather_radix(c, n, block, &cost);
    if (segment_gather_cost(c, n, block) < cost)
        return segment_gather_ranges(c, nd, buf, off);
    for (long pos = 1; pos < n; pos *= k) {
        int digit = (int)(j / pos % k);
        TRY(hmpi__sched_round(c->s));
        if (digit != 0) { /* the subtree [j, j + pos) to its parent */
            size_t end = off[j + pos < n ? j + pos : n];
            return end > off[j] ? coll_send(c, buf + off[j], (int)(end - off[j]), MPI_PACKED,
                                            hmpi__nodes_rank(nd, nd->my_node, j - digit * (int)pos))
                                : MPI_SUCCESS;
        }
        for (int d = 1; d < k && j + d * pos < n; d++) {
            long child = j + d * pos;
            size_t end = off[child + pos < n ? child + pos : n];
            if (end > off[child])
                TRY(coll_recv(c, buf + off[child], (int)(end - off[child]), MPI_PACKED,
                              hmpi__nodes_rank(nd, nd->my_node, (int)child)));
        }
    }
    return MPI_SUCCESS;
}

/* The node's blocks of B bytes to its leader, every rank's at its position
 * in path order in the packed buffer all. */
static int node_gather(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *all, int B)
{
    size_t *off = HMPI__ALLOC(size_t, (size_t)nd->local + 1);
    if (!off)
        return MPI_ERR_NO_MEM;
    for (int j = 0; j <= nd->local; j++)
        off[j] = (size_t)(nd->first[nd->my_node] + j) * B;
    int rc = hmpi__node_gather_ranges(c, nd, all, off, B);
    free(off);
    return rc;
}

double hmpi__node_allgather_segment_cost(const hmpi__coll_ctx *c, double in, double out)
{
    return hmpi__nodes_segment_usable(c) ? hmpi__cost_shm_spread(c, in, out) : HMPI__COST_NEVER;
}

int hmpi__node_allgather_segment(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, const int *lo,
                                 const int *hi, int owners)
{
    int *ranks;
    TRY(hmpi__nodes_segment_ranks(c, nd, &ranks)); /* part j's: local rank j's */
    hmpi__shm_lanes l = {owners, lo, ranks, hi, MPI_BYTE};
    TRY(hmpi__sched_round(c->s));
    return hmpi__shm_lanes_allgather(c, &l, buf, 1);
}

int hmpi__node_bcast(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, int bytes)
{
    double cost;
    int radix = hmpi__node_bcast_radix(c, nd->local, bytes, &cost), *ranks;
    if (segment_bcast_cost(c, nd->local, bytes) < cost) { /* one part, the first's */
        TRY(hmpi__nodes_segment_ranks(c, nd, &ranks));
        hmpi__shm_lanes l = {1, (int[]){0, bytes}, ranks, NULL, MPI_BYTE};
        TRY(hmpi__sched_round(c->s));
        return hmpi__shm_lanes_allgather(c, &l, buf, nd->my_local != 0);
    }
    return list_bcast_knomial(c, node_members(nd), nd->local, nd->my_local, radix, buf, bytes,
                              MPI_PACKED);
}

int hmpi__allgather_pack_own(hmpi__coll_ctx *c, const hmpi__coll_args *a, char *at, int B)
{
    if (a->sendbuf == MPI_IN_PLACE)
        return hmpi__sched_pack(c->s, hmpi__block(a->recvbuf, c->rank, a->rcount, a->rtype),
                                a->rcount, a->rtype, at, B);
    return hmpi__sched_pack(c->s, a->sendbuf, a->scount, a->stype, at, B);
}

int hmpi__allgather_unpack_all(hmpi__coll_ctx *c, const hmpi__coll_args *a, const hmpi__nodes *nd,
                               const char *packed, int first, int B)
{
    int p = c->size, in_place = a->sendbuf == MPI_IN_PLACE;
    TRY(hmpi__sched_round(c->s));
    for (int s = 0; s < p; s++) {
        int rank = nd->member[(first + s) % p];
        if (rank != c->rank || !in_place)
            TRY(hmpi__sched_unpack(c->s, packed + (size_t)s * B, B,
                                   hmpi__block(a->recvbuf, rank, a->rcount, a->rtype), a->rcount,
                                   a->rtype));
    }
    return MPI_SUCCESS;
}

/* HMPI_VERBOSE: the leaders' allgather as modelled. */
static void verbose_leaders(const hmpi__coll_ctx *c, const hmpi__nodes *nd, int B)
{
    double gather, exchange, spread, messages;
    int doubles, k = hmpi__node_gather_radix(c, nd->local, B, &messages);
    int radix = hmpi__node_bcast_radix(c, nd->local, (double)c->size * B, &spread);
    k = segment_gather_cost(c, nd->local, B) < messages ? 0 : k;
    radix = segment_bcast_cost(c, nd->local, (double)c->size * B) < spread ? 0 : radix;
    gather = hmpi__node_gather_cost(c, nd->local, B);
    spread = hmpi__node_bcast_cost(c, nd->local, (double)c->size * B);
    exchange = leaders_exchange_cost(c, nd->n, (double)nd->smallest * B, &doubles);
    hmpi__verbose("leaders: node gather radix %d (0: the segment; modelled %.1f us), %s between "
                  "%d leaders (%.1f us), node bcast radix %d (%.1f us)",
                  k, gather, doubles ? "recursive doubling" : "one round", nd->n, exchange, radix,
                  spread);
}

/* Allgather: the node's blocks to its leader, the leaders exchange their
 * nodes' blocks, every leader broadcasts the whole to its node, and every
 * process unpacks. Blocks travel packed in node order (nodes by path, ranks
 * by path in a node), so any placement works; one message per rank and per
 * leader pair crosses the network. */
int hmpi__allgather_leaders(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    int tsize, p = c->size;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    TRY(hmpi__nodes_make(c, -1, 0, &nd));
    int at = nd.first[nd.my_node] + nd.my_local, leader = hmpi__nodes_rank(&nd, nd.my_node, 0);
    int rc = MPI_SUCCESS;
    char *all = hmpi__sched_scratch(c->s, p * B, MPI_BYTE);
    if (!all)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = hmpi__allgather_pack_own(c, a, all + (size_t)at * B, B);
    if (c->rank == 0 && hmpi__verbose_enabled())
        verbose_leaders(c, &nd, B);
    if (rc == MPI_SUCCESS && nd.local > 1)
        rc = node_gather(c, &nd, all, B);
    if (rc == MPI_SUCCESS && c->rank == leader && nd.n > 1)
        rc = leaders_exchange(c, &nd, all, B);
    if (rc == MPI_SUCCESS && nd.local > 1)
        rc = hmpi__node_bcast(c, &nd, all, p * B);
    if (rc == MPI_SUCCESS)
        rc = hmpi__allgather_unpack_all(c, a, &nd, all, 0, B);
    hmpi__nodes_free(&nd);
    return rc;
}

/* ---- costs ---------------------------------------------------------------- */

/* bcast, reduce, allreduce at their best lane count and inter-node step;
 * a reduction first copies the input where it combines (but an allreduce in
 * place: priced alike, as a cost must be the same on every process, and a
 * reduce's root alone may be in place). */
double hmpi__cost_multilane(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes shape = {.n = c->nodes, .smallest = c->smallest, .ordered = !c->commutative};
    /* a bcast's parts are cut in bytes (hmpi__bcast_in_bytes): priced so, the
     * same on every process whatever the layout of its type */
    hmpi__coll_args b = a->coll == HMPI__BCAST ? hmpi__bcast_bytes(a) : *a;
    int tsize;
    node_steps steps;
    MPI_Type_size(b.rtype, &tsize);
    lanes_for(c, &shape, b.coll, b.rcount, tsize, segment_may(c, b.rcount, b.rtype), &steps);
    int copies = b.coll != HMPI__BCAST;
    return steps.cost + copies * hmpi__cost_combine(&c->cost, (double)b.rcount * tsize);
}

/* The node's blocks to its leader by a k-nomial tree, the leaders'
 * exchange as leaders_exchange runs it, everything back. */
double hmpi__cost_allgather_leaders(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    int doubles;
    double exchange =
        c->nodes > 1 ? leaders_exchange_cost(c, c->nodes, c->smallest * bytes, &doubles) : 0;
    double spread = 0, gather = 0;
    if (c->largest > 1) {
        spread = hmpi__node_bcast_cost(c, c->largest, bytes * c->size);
        gather = hmpi__node_gather_cost(c, c->largest, bytes);
    }
    return gather + exchange + spread;
}

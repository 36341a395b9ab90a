/* Binomial gather and scatter over the ranks in path order, rotated so
 * that the root's node comes first and the root leads it: position v's
 * subtree is the positions [v, v + lowbit(v)), so the near levels of the
 * tree stay inside a node and each node's blocks cross its link once.
 * log2 p steps instead of p - 1 messages at the root; the
 * root's link still carries every block once. Large subtrees travel in
 * eager segments of whole blocks.
 *
 * The gather's inner processes collect their subtree's blocks in scratch,
 * in position order, and send them on at once; the root receives each
 * child's subtree straight into place with an indexed datatype. The
 * scatter mirrors it, far subtrees first and pipelined (below). */
#include "coll/coll.h"

#include <stdlib.h>

typedef struct tree {
    int *rank_at; /* [p]: the rank at each position; the root at 0 */
    int me;       /* this process's position */
    int span;     /* lowbit(me): its subtree is [me, me + span) ∩ [0, p) */
} tree;

/* Path order moved so that the root's node comes first (by XOR on a power
 * of two ranks on equal nodes, else by rotation), the root swapped to its
 * front. */
static int make_tree(const hmpi__coll_ctx *c, int root, tree *t)
{
    int p = c->size, nmachines = 0, at = 0, first = 0;
    const int *order = c->nodes > 1 ? hmpi__loctable_order(c->table) : NULL;
    const int *machine = order ? hmpi__loctable_machines(c->table, &nmachines) : NULL;
    if (c->nodes > 1 && (!order || !machine))
        return MPI_ERR_NO_MEM;
    if (!(t->rank_at = HMPI__ALLOC(int, (size_t)p)))
        return MPI_ERR_NO_MEM;
    while ((order ? order[at] : at) != root)
        at++;
    first = at;
    while (order && first > 0 && machine[order[first - 1]] == machine[root])
        first--;
    /* XOR keeps groups of aligned nodes (under one switch) together */
    int xor = order && !(p & (p - 1)) && c->largest == c->smallest &&
              !(c->largest & (c->largest - 1)) && !(first & (c->largest - 1));
    for (int v = 0; v < p; v++)
        t->rank_at[v] = !order ? (root + v) % p : xor? order[v ^ first] : order[(first + v) % p];
    t->rank_at[xor? at ^ first : at - first] = t->rank_at[0];
    t->rank_at[0] = root;
    for (t->me = 0; t->rank_at[t->me] != c->rank; t->me++)
        ;
    t->span = 1;
    while (t->span < p && !(t->me & t->span))
        t->span *= 2;
    return MPI_SUCCESS;
}

/* Positions in the subtree of the child at v + d (d < span). */
static int subtree_size(int p, int child, int d)
{
    return child + d < p ? d : p - child;
}

/* Blocks a gather's message carries: as many as fit in HMPI__EAGER_BYTES,
 * at least one, so that a large subtree goes in eager segments, all posted
 * at once (no rendezvous round trip, their latencies overlap; simulated
 * 1024 ranks, 1 MiB: 139 -> 103 us). Both sides agree: the sizes of their
 * type signatures match. */
static int segment_blocks(double block)
{
    return block > 0 && block < HMPI__EAGER_BYTES ? (int)(HMPI__EAGER_BYTES / block) : 1;
}

/* Send or receive the blocks of positions [from, from + n) to or from peer:
 * at the root straight from or into their ranks' places in buf (indexed
 * types), elsewhere contiguous in buf from block `at`. */
static int move_blocks(hmpi__coll_ctx *c, const tree *t, int send, int at_root, void *buf, int at,
                       int from, int n, int count, MPI_Datatype type, int peer)
{
    int size;
    MPI_Type_size(type, &size);
    int per = segment_blocks((double)size * count);
    for (int s = 0; s < n; s += per) {
        int k = n - s < per ? n - s : per;
        MPI_Datatype blocks = type;
        void *start = buf;
        if (at_root)
            TRY(hmpi__coll_ranks_type(c, t->rank_at + from + s, k, count, type, &blocks));
        else
            start = hmpi__block(buf, at + s, count, type);
        int elements = at_root ? 1 : k * count;
        TRY(send ? coll_send(c, start, elements, blocks, peer)
                 : coll_recv(c, start, elements, blocks, peer));
    }
    return MPI_SUCCESS;
}

static int gather_root(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t)
{
    int p = c->size;
    if (a->sendbuf != MPI_IN_PLACE)
        TRY(hmpi__sched_copy(c->s, a->sendbuf, a->scount, a->stype,
                             hmpi__block(a->recvbuf, a->root, a->rcount, a->rtype), a->rcount,
                             a->rtype));
    TRY(hmpi__sched_round(c->s));
    for (int d = 1; d < p; d *= 2)
        TRY(move_blocks(c, t, 0, 1, a->recvbuf, 0, d, subtree_size(p, d, d), a->rcount, a->rtype,
                        t->rank_at[d]));
    return MPI_SUCCESS;
}

int hmpi__gather_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree t;
    int p = c->size, rc = MPI_SUCCESS;
    TRY(make_tree(c, a->root, &t));
    int n = subtree_size(p, t.me, t.span), parent = t.rank_at[t.me - (t.me & -t.me)];
    void *work = n > 1 && t.me ? hmpi__sched_scratch(c->s, n * a->scount, a->stype) : NULL;
    if (!t.me)
        rc = gather_root(c, a, &t);
    else if (n == 1) /* a leaf sends its own block */
        rc = coll_send(c, a->sendbuf, a->scount, a->stype, parent);
    else if (!work)
        rc = MPI_ERR_NO_MEM;
    else {
        rc = hmpi__sched_copy(c->s, a->sendbuf, a->scount, a->stype, work, a->scount, a->stype);
        for (int d = 1; rc == MPI_SUCCESS && d < t.span && t.me + d < p; d *= 2)
            rc = move_blocks(c, &t, 0, 0, work, d, 0, subtree_size(p, t.me + d, d), a->scount,
                             a->stype, t.rank_at[t.me + d]);
        if (rc == MPI_SUCCESS && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
            rc = move_blocks(c, &t, 1, 0, work, 0, 0, n, a->scount, a->stype, parent);
    }
    free(t.rank_at);
    return rc;
}

/* ---- the scatter, pipelined ------------------------------------------------
 *
 * Every process receives its subtree [v, v + n) in descending positions, in
 * segments of `per` positions (a power of two) aligned on multiples of per,
 * the lowest segment [v, v + per) holding its own block and its small
 * children (subtrees below per). Far children have the high positions, so
 * a process gets its far child's range first, already in the order and the
 * segments that child expects: each segment is sent on the moment it
 * arrives, while the root is still sending, instead of after the whole
 * subtree (a 1 MiB scatter at 1024 ranks waited for four rendezvous of
 * 512 to 64 KiB on its deepest path). */

/* Segments of one stream in flight from the root, so that the stream keeps
 * the link on its first segment instead of sharing it among all of them.
 * Elsewhere a segment goes on as it arrives, which paces it already. */
#define WINDOW 16

typedef struct stream {
    int *sent; /* [segments]: index of each segment's send */
    int nsent; /* segments sent so far */
    int total; /* segments in all */
} stream;

/* Positions per segment: the most whole blocks in HMPI__EAGER_BYTES, a
 * power of two, at least one. */
static int scatter_per(double block)
{
    int per = 1;
    while (block > 0 && 2 * per * block <= HMPI__EAGER_BYTES)
        per *= 2;
    return per;
}

/* The first segment below hi in the subtree starting at v: [lo, hi). */
static int segment_below(int v, int hi, int per)
{
    int lo = (hi - 1) / per * per;
    return lo < v ? v : lo;
}

/* The blocks of positions [lo, hi) as one message: at the root from their
 * ranks' places in sendbuf (an indexed type), elsewhere side by side in
 * work (which starts at this process's position). */
typedef struct range_msg {
    const void *buf;
    int count;
    MPI_Datatype type;
} range_msg;

static int range_of(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, const void *work,
                    int lo, int hi, range_msg *m)
{
    if (t->me != 0) {
        *m = (range_msg){hmpi__block(work, lo - t->me, a->rcount, a->rtype), (hi - lo) * a->rcount,
                         a->rtype};
        return MPI_SUCCESS;
    }
    *m = (range_msg){a->sendbuf, 1, MPI_DATATYPE_NULL};
    return hmpi__coll_ranks_type(c, t->rank_at + lo, hi - lo, a->scount, a->stype, &m->type);
}

/* Send positions [lo, hi) to peer as one segment of the stream: once the
 * receive `arrived` (-1: nothing, the root) is complete, and at the root
 * once the segment WINDOW before it has been received. */
static int stream_send(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, stream *st,
                       const void *work, int lo, int hi, int arrived, int peer)
{
    int after[2], n = 0;
    range_msg m;
    if (arrived >= 0)
        after[n++] = arrived;
    if (t->me == 0 && st->nsent >= WINDOW)
        after[n++] = st->sent[st->nsent - WINDOW];
    if (n > 0)
        TRY(hmpi__sched_round_after(c->s, after, n));
    TRY(range_of(c, a, t, work, lo, hi, &m));
    int paced_on = t->me == 0 && st->nsent + WINDOW < st->total; /* by segment nsent + WINDOW */
    st->sent[st->nsent++] = hmpi__sched_next_request(c->s);
    return coll_piece_send(c, m.buf, m.count, m.type, peer, paced_on);
}

/* Positions [lo, hi) of a small subtree (one segment) to peer in one
 * message, in a round of its own. */
static int send_whole(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, const void *work,
                      int lo, int hi, int peer)
{
    range_msg m;
    TRY(hmpi__sched_round(c->s));
    TRY(range_of(c, a, t, work, lo, hi, &m));
    return coll_send(c, m.buf, m.count, m.type, peer);
}

/* Segments scatter_children streams from position v to [v + per, top). */
static int stream_length(int v, int top, int per)
{
    int k = 0;
    for (int hi = top; hi > v + per; k++)
        hi = segment_below(v + per, hi, per);
    return k;
}

/* The children of the process at position v with subtrees of per
 * positions or more, far first: their segments, each sent when its receive
 * (recv_at[segment index from the top], NULL at the root) is complete.
 * Then the small ones, whole, once the lowest segment is here. */
static int scatter_children(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, void *work,
                            int n, int per, const int *recv_at)
{
    int p = c->size, v = t->me, top = v + n, k = 0;
    stream st = {HMPI__ALLOC(int, (size_t)(n / per + 1)), 0, stream_length(v, top, per)};
    int rc = st.sent ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (int hi = top; rc == MPI_SUCCESS && hi > v + per; k++) {
        int lo = segment_below(v + per, hi, per), d = 1;
        while (2 * d <= lo - v)
            d *= 2;
        rc = stream_send(c, a, t, &st, work, lo, hi, recv_at ? recv_at[k] : -1, t->rank_at[v + d]);
        hi = lo;
    }
    if (rc == MPI_SUCCESS && recv_at && n > 1) /* the lowest segment */
        rc = hmpi__sched_round_after(c->s, &recv_at[k], 1);
    if (rc == MPI_SUCCESS && v != 0)
        rc = hmpi__sched_copy(c->s, work, a->rcount, a->rtype, a->recvbuf, a->rcount, a->rtype);
    for (int d = per / 2; rc == MPI_SUCCESS && d >= 1; d /= 2)
        if (v + d < p && d < t->span)
            rc = send_whole(c, a, t, work, v + d, v + d + subtree_size(p, v + d, d),
                            t->rank_at[v + d]);
    free(st.sent);
    return rc;
}

static int scatter_root(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, int per)
{
    if (a->recvbuf != MPI_IN_PLACE)
        TRY(hmpi__sched_copy(c->s, hmpi__block(a->sendbuf, a->root, a->scount, a->stype), a->scount,
                             a->stype, a->recvbuf, a->rcount, a->rtype));
    return scatter_children(c, a, t, NULL, c->size, per, NULL);
}

/* An inner process: every segment of its subtree received at once, from
 * the top; each sent on as it arrives. */
static int scatter_inner(hmpi__coll_ctx *c, const hmpi__coll_args *a, const tree *t, int n, int per,
                         int parent)
{
    void *work = hmpi__sched_scratch(c->s, n * a->rcount, a->rtype);
    int *recv_at = HMPI__ALLOC(int, (size_t)(n / per + 1)), k = 0, rc = MPI_SUCCESS;
    if (!work || !recv_at) {
        free(recv_at);
        return MPI_ERR_NO_MEM;
    }
    for (int hi = t->me + n; rc == MPI_SUCCESS && hi > t->me; k++) {
        int lo = segment_below(t->me, hi, per);
        recv_at[k] = hmpi__sched_next_request(c->s);
        rc = coll_recv(c, hmpi__block(work, lo - t->me, a->rcount, a->rtype), (hi - lo) * a->rcount,
                       a->rtype, parent);
        hi = lo;
    }
    if (rc == MPI_SUCCESS)
        rc = scatter_children(c, a, t, work, n, per, recv_at);
    free(recv_at);
    return rc;
}

int hmpi__scatter_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree t;
    int p = c->size, rc;
    TRY(make_tree(c, a->root, &t));
    int n = subtree_size(p, t.me, t.span), parent = t.rank_at[t.me - (t.me & -t.me)];
    int per = scatter_per(hmpi__coll_block_bytes(c, a));
    if (!t.me)
        rc = scatter_root(c, a, &t, per);
    else if (n == 1)
        rc = coll_recv(c, a->recvbuf, a->rcount, a->rtype, parent);
    else
        rc = scatter_inner(c, a, &t, n, per, parent);
    free(t.rank_at);
    return rc;
}

/* One subtree per level of the tree, of 2^j blocks at level j (in eager
 * segments): inside a node while 2^j stays below the ranks of (equal,
 * power-of-two) nodes, across the network above; one rank per node
 * crosses at a time. The scatter's forwarding overlaps the root's sends,
 * which set its pace. */
double hmpi__cost_rooted_binomial(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double block = hmpi__coll_block_bytes(c, a), t = 0;
    int aligned = c->largest == c->smallest && !(c->largest & (c->largest - 1));
    int per = a->coll == HMPI__SCATTER ? scatter_per(block) : segment_blocks(block);
    for (int d = 1; d < c->size; d *= 2) {
        int inside = c->nodes <= 1 || (aligned && d < c->largest);
        int segments = d / per + (d % per != 0);
        t += hmpi__cost_round(&c->cost, inside ? HMPI__LEVEL_NODE : HMPI__LEVEL_NETWORK, segments,
                              d * block / segments);
    }
    return t;
}

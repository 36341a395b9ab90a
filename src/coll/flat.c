/* Flat collective algorithms, built as schedules. Ranks are those of the
 * private duplicate (the user's order). Reductions combine in rank order
 * (lower ranks on the left), so non-commutative ops are correct; the
 * allreduce's recursive doubling pairs commutative ops in path order. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdlib.h>

void *hmpi__block(const void *buf, int i, int count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return (char *)buf + (MPI_Aint)i * count * extent;
}

int hmpi__coll_ranks_type(hmpi__coll_ctx *c, const int *ranks, int n, int count, MPI_Datatype type,
                          MPI_Datatype *out)
{
    MPI_Aint lb, extent, *displs = HMPI__ALLOC(MPI_Aint, n > 0 ? (size_t)n : 1);
    int rc;
    if (!displs)
        return MPI_ERR_NO_MEM;
    MPI_Type_get_extent(type, &lb, &extent);
    for (int i = 0; i < n; i++)
        displs[i] = (MPI_Aint)ranks[i] * count * extent;
    rc = MPI_Type_create_hindexed_block(n, count, displs, type, out);
    free(displs);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(out)) != MPI_SUCCESS)
        MPI_Type_free(out);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *out) : rc;
}

hmpi__coll_args hmpi__bcast_bytes(const hmpi__coll_args *a)
{
    int size;
    hmpi__coll_args b = *a;
    MPI_Type_size(a->rtype, &size);
    b.scount = b.rcount = a->rcount * size; /* (the rows that cut take at most INT_MAX bytes) */
    b.stype = b.rtype = MPI_BYTE;
    return b;
}

int hmpi__bcast_in_bytes(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__coll_builder build)
{
    size_t bytes;
    int packsize;
    hmpi__coll_args b = hmpi__bcast_bytes(a);
    if (hmpi__type_is_contiguous(a->rtype, a->rcount, &bytes))
        return build(c, &b);
    MPI_Pack_size(a->rcount, a->rtype, c->comm, &packsize);
    if (!(b.recvbuf = hmpi__sched_alloc(c->s, (size_t)packsize)))
        return MPI_ERR_NO_MEM;
    b.sendbuf = b.recvbuf;
    if (c->rank == a->root)
        TRY(hmpi__sched_pack(c->s, a->recvbuf, a->rcount, a->rtype, b.recvbuf, packsize));
    TRY(build(c, &b));
    if (c->rank == a->root)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s)); /* once every byte is in */
    return hmpi__sched_unpack(c->s, b.recvbuf, b.rcount, a->recvbuf, a->rcount, a->rtype);
}

static int scratch(hmpi__coll_ctx *c, int count, MPI_Datatype type, void **out)
{
    *out = hmpi__sched_scratch(c->s, count, type);
    return *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static int rel(int rank, int root, int size)
{
    return (rank - root + size) % size;
}

static int abs_rank(int vrank, int root, int size)
{
    return (vrank + root) % size;
}

int hmpi__barrier_dissemination(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    (void)a;
    for (int dist = 1; dist < c->size; dist <<= 1) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, NULL, 0, MPI_BYTE, (c->rank + dist) % c->size));
        TRY(coll_recv(c, NULL, 0, MPI_BYTE, (c->rank - dist + c->size) % c->size));
    }
    return MPI_SUCCESS;
}

int hmpi__bcast_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int vr = rel(c->rank, a->root, c->size), mask = 1;
    for (; mask < c->size; mask <<= 1)
        if (vr & mask) {
            TRY(coll_recv(c, a->recvbuf, a->rcount, a->rtype,
                          abs_rank(vr - mask, a->root, c->size)));
            break;
        }
    TRY(hmpi__sched_round(c->s));
    for (mask >>= 1; mask > 0; mask >>= 1) /* farthest child first */
        if (vr + mask < c->size)
            TRY(coll_send(c, a->recvbuf, a->rcount, a->rtype,
                          abs_rank(vr + mask, a->root, c->size)));
    return MPI_SUCCESS;
}

int hmpi__bcast_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    if (c->rank != a->root)
        return coll_recv(c, a->recvbuf, a->rcount, a->rtype, a->root);
    for (int r = 0; r < c->size; r++)
        if (r != a->root)
            TRY(coll_send(c, a->recvbuf, a->rcount, a->rtype, r));
    return MPI_SUCCESS;
}

/* Binomial reduce to tree_root over relative ranks; returns in *result the
 * buffer holding the tree root's result. Each node combines its own block
 * (lower ranks) on the left of its children's (higher ranks). */
int hmpi__reduce_binomial_tree(hmpi__coll_ctx *c, const void *input, int count, MPI_Datatype type,
                               MPI_Op op, int tree_root, void *out, const void **result)
{
    int vr = rel(c->rank, tree_root, c->size);
    const void *acc = input;
    void *tmp[2] = {NULL, NULL};
    int which = 0;
    for (int mask = 1; mask < c->size; mask <<= 1) {
        if (vr & mask) {
            TRY(hmpi__sched_round(c->s));
            TRY(coll_send(c, acc, count, type, abs_rank(vr - mask, tree_root, c->size)));
            break;
        }
        if (vr + mask >= c->size)
            continue;
        /* the root's last child lands in out, and the whole is made there */
        int to_out = out && out != acc && mask >= (c->size + 1) / 2;
        if (!to_out && !tmp[which])
            TRY(scratch(c, count, type, &tmp[which]));
        void *into = to_out ? out : tmp[which];
        TRY(hmpi__sched_round(c->s));
        TRY(coll_recv(c, into, count, type, abs_rank(vr + mask, tree_root, c->size)));
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__sched_reduce(c->s, acc, into, count, type, op)); /* into = acc op into */
        acc = into;
        which ^= !to_out;
    }
    *result = acc;
    return MPI_SUCCESS;
}

int hmpi__reduce_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int count = a->rcount;
    /* Commutative: the tree is rooted at root. Otherwise at 0, in rank order. */
    int tree_root = c->commutative ? a->root : 0;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    const void *result = NULL;
    int at_root = c->rank == tree_root && tree_root == a->root;
    TRY(hmpi__reduce_binomial_tree(c, input, count, a->rtype, a->op, tree_root,
                                   at_root ? a->recvbuf : NULL, &result));
    if (at_root && result != a->recvbuf) {
        TRY(hmpi__sched_round(c->s));
        return hmpi__sched_copy(c->s, result, count, a->rtype, a->recvbuf, count, a->rtype);
    }
    if (at_root)
        return MPI_SUCCESS;
    if (tree_root != a->root) { /* non-commutative, root != 0: one more hop */
        TRY(hmpi__sched_round(c->s));
        if (c->rank == tree_root)
            TRY(coll_send(c, result, count, a->rtype, a->root));
        if (c->rank == a->root)
            TRY(coll_recv(c, a->recvbuf, count, a->rtype, tree_root));
    }
    return MPI_SUCCESS;
}

/* Recursive doubling, with the usual fold for non-powers of two; partners
 * combine lower ranks on the left, so any op is applied in rank order. */
/* Recursive doubling over positions: the ranks in path order for a
 * commutative op, so that the near rounds stay inside a node on any
 * placement; rank order otherwise, lower ranks on the left. */
static int recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *rank_at,
                              int me)
{
    int count = a->rcount, size = c->size;
    MPI_Datatype type = a->rtype;
    void *buf = a->recvbuf, *tmp;
    TRY(scratch(c, count, type, &tmp));
    int pof2 = 1;
    while (pof2 * 2 <= size)
        pof2 *= 2;
    int rem = size - pof2, newme;
    if (me < 2 * rem) { /* fold: even positions hand their data to the next odd one */
        TRY(hmpi__sched_round(c->s));
        if (me % 2 == 0) {
            TRY(coll_send(c, buf, count, type, rank_at[me + 1]));
            newme = -1;
        } else {
            TRY(coll_recv(c, tmp, count, type, rank_at[me - 1]));
            TRY(hmpi__sched_round(c->s));
            TRY(hmpi__sched_reduce(c->s, tmp, buf, count, type, a->op)); /* left op mine */
            newme = me / 2;
        }
    } else {
        newme = me - rem;
    }
    for (int mask = 1; newme >= 0 && mask < pof2; mask <<= 1) {
        int newdst = newme ^ mask;
        int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, buf, count, type, rank_at[dst]));
        TRY(coll_recv(c, tmp, count, type, rank_at[dst]));
        TRY(hmpi__sched_round(c->s));
        if (dst < me || c->commutative) {
            TRY(hmpi__sched_reduce(c->s, tmp, buf, count, type, a->op)); /* theirs op mine */
        } else {
            TRY(hmpi__sched_reduce(c->s, buf, tmp, count, type, a->op)); /* mine op theirs */
            TRY(hmpi__sched_copy(c->s, tmp, count, type, buf, count, type));
        }
    }
    if (me < 2 * rem) { /* unfold */
        TRY(hmpi__sched_round(c->s));
        if (me % 2 == 0)
            TRY(coll_recv(c, buf, count, type, rank_at[me + 1]));
        else
            TRY(coll_send(c, buf, count, type, rank_at[me - 1]));
    }
    return MPI_SUCCESS;
}

int hmpi__allreduce_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    if (a->sendbuf != MPI_IN_PLACE)
        TRY(hmpi__sched_copy(c->s, a->sendbuf, a->rcount, a->rtype, a->recvbuf, a->rcount,
                             a->rtype));
    if (c->size == 1)
        return MPI_SUCCESS;
    return hmpi__nodes_build_at_positions(c, a, c->commutative, recursive_doubling);
}

/* Chunk i of count elements split in n nearly equal parts. */
static void chunk(int count, int n, int i, int *offset, int *length)
{
    int base = count / n, extra = count % n;
    *offset = i * base + (i < extra ? i : extra);
    *length = base + (i < extra);
}

/* Ring: reduce-scatter then allgather of size chunks, 2(size-1) rounds, each
 * process sending about 2 x count elements in all (commutative ops). Out of
 * place, a chunk arrives straight in recvbuf and is combined with the same
 * chunk of sendbuf: no copy, no scratch. In place, chunks arrive in scratch. */
int hmpi__allreduce_ring(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int size = c->size, rank = c->rank, count = a->rcount, off, len, maxlen;
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    int in_place = a->sendbuf == MPI_IN_PLACE;
    MPI_Datatype type = a->rtype;
    void *tmp = NULL;
    if (size == 1)
        return in_place ? MPI_SUCCESS
                        : hmpi__sched_copy(c->s, a->sendbuf, count, type, a->recvbuf, count, type);
    chunk(count, size, 0, &off, &maxlen);
    if (in_place)
        TRY(scratch(c, maxlen, type, &tmp));
    for (int k = 0; k < size - 1; k++) { /* reduce-scatter */
        int out = (rank - k + size) % size, in = (rank - k - 1 + size) % size;
        const void *from = k == 0 && !in_place ? a->sendbuf : a->recvbuf;
        TRY(hmpi__sched_round(c->s));
        chunk(count, size, out, &off, &len);
        TRY(coll_send(c, hmpi__block(from, off, 1, type), len, type, right));
        chunk(count, size, in, &off, &len);
        void *mine = hmpi__block(a->recvbuf, off, 1, type);
        TRY(coll_recv(c, in_place ? tmp : mine, len, type, left));
        TRY(hmpi__sched_round(c->s));
        if (in_place)
            TRY(hmpi__sched_reduce(c->s, tmp, mine, len, type, a->op));
        else
            TRY(hmpi__sched_reduce(c->s, hmpi__block(a->sendbuf, off, 1, type), mine, len, type,
                                   a->op));
    }
    for (int k = 0; k < size - 1; k++) { /* allgather of the reduced chunks */
        int out = (rank - k + 1 + size) % size, in = (rank - k + size) % size;
        TRY(hmpi__sched_round(c->s));
        chunk(count, size, out, &off, &len);
        TRY(coll_send(c, hmpi__block(a->recvbuf, off, 1, type), len, type, right));
        chunk(count, size, in, &off, &len);
        TRY(coll_recv(c, hmpi__block(a->recvbuf, off, 1, type), len, type, left));
    }
    return MPI_SUCCESS;
}

/* ---- costs ---------------------------------------------------------------- */

/* ceil(log2 p) rounds; in round k every rank signals rank + 2^k. */
double hmpi__cost_dissemination(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double t = 0;
    (void)a;
    for (int distance = 1; distance < c->size; distance *= 2)
        t += hmpi__cost_exchange_at(c, distance, 0);
    return t;
}

/* The binomial tree: bcast posts a sender's children at once, reduce takes
 * one child per round. */
double hmpi__cost_binomial(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    return a->coll == HMPI__REDUCE ? hmpi__cost_binomial_rounds(c, bytes)
                                   : hmpi__cost_binomial_tree(c, bytes);
}

/* The root sends (or receives) p - 1 blocks in one round. */
double hmpi__cost_linear(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return hmpi__cost_round(&c->cost, hmpi__coll_outer_level(c), c->size - 1,
                            hmpi__coll_block_bytes(c, a));
}

/* One exchange of the whole vector per round, and its combination, plus the
 * fold of a count that is not a power of two; the vector's copy first (out
 * of place; priced in place too, as a scan's processes may differ there). */
double hmpi__cost_recursive_doubling(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int fold = (c->size & (c->size - 1)) != 0, rounds = hmpi__ceil_log2(c->size) + 2 * fold;
    double bytes = hmpi__coll_block_bytes(c, a);
    int passes = rounds - fold + 1;
    return hmpi__cost_exchange_rounds(c, rounds, bytes) +
           passes * hmpi__cost_combine(&c->cost, bytes);
}

/* The same over path order when the op commutes: its nodes are consecutive. */
double hmpi__cost_allreduce_recursive_doubling(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__coll_ctx in_path_order = *c;
    in_path_order.ordered_nodes = c->ordered_nodes || c->commutative;
    return hmpi__cost_recursive_doubling(&in_path_order, a);
}

/* 2 (p - 1) rounds of a p-th of the vector, the first p - 1 combining it;
 * in rank order one message per node crosses its link in each. */
double hmpi__cost_allreduce_ring(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int crossing = c->nodes > 1 && !c->ordered_nodes ? c->largest : 1;
    double chunk = hmpi__coll_block_bytes(c, a) / c->size;
    return (c->size - 1.0) *
           (2 * hmpi__cost_node_round(&c->cost, hmpi__coll_outer_level(c), crossing, 1, chunk) +
            hmpi__cost_combine(&c->cost, chunk));
}

/* Topology-aware alltoall. The processes of each group (a node; or, on a
 * single node, the first level below it that splits the communicator) hand
 * their whole send buffer to the group's leader; the leaders exchange one
 * message per pair of groups; each leader hands its members everything they
 * receive. G^2 messages cross group boundaries instead of p^2, which pays
 * for small blocks.
 *
 * Blocks travel packed, in the order of the locality table (ranks sorted by
 * path, so every group is a contiguous slice), and derived datatypes pick
 * the slices: a member packs once and unpacks once, and a leader copies
 * nothing beyond its own group's share. Everything is computed at init from
 * the table; nothing but data travels at run time. */
#include "coll/coll.h"

#include <limits.h>
#include <stdlib.h>

typedef struct groups {
    int n;      /* number of groups; 0: no level splits the communicator usefully */
    int *first; /* [n + 1]: position in order[] of each group's first rank */
    int mine;   /* group of the calling process */
} groups;

/* Depth of the deepest element of r's path whose kind is at or above kind. */
static int depth_of_kind(const hmpi__loctable *t, int r, int kind)
{
    int d = 0;
    for (int k = 0; k < t->len[r]; k++)
        if (t->kind[(size_t)r * t->depth + k] <= kind)
            d = k;
    return d;
}

static int same_group(const hmpi__loctable *t, int a, int b, int kind)
{
    int d = depth_of_kind(t, a, kind);
    return d == depth_of_kind(t, b, kind) && hmpi__loctable_lcp(t, a, b) > d;
}

static int count_groups(const hmpi__loctable *t, const int *order, int kind)
{
    int n = t->n > 0;
    for (int k = 1; k < t->n; k++)
        n += !same_group(t, order[k - 1], order[k], kind);
    return n;
}

/* Group by the highest level (Machine first) that splits the communicator
 * into more than one and fewer than p groups, among the allowed levels. */
static int find_groups(const hmpi__coll_ctx *c, const int *order, groups *g)
{
    const hmpi__loctable *t = c->table;
    *g = (groups){0, NULL, -1};
    for (int kind = HMPI__KIND_MACHINE; kind < HMPI__KIND_PU; kind++) {
        if (c->levels && !(c->levels & (1u << kind)))
            continue;
        int n = count_groups(t, order, kind);
        if (n <= 1 || n >= t->n)
            continue;
        if (!(g->first = HMPI__ALLOC(int, n + 1)))
            return MPI_ERR_NO_MEM;
        g->n = 0;
        for (int k = 0; k < t->n; k++) {
            if (k == 0 || !same_group(t, order[k - 1], order[k], kind))
                g->first[g->n++] = k;
            if (order[k] == c->rank)
                g->mine = g->n - 1;
        }
        g->first[n] = t->n;
        return MPI_SUCCESS;
    }
    return MPI_SUCCESS;
}

static int group_size(const groups *g, int i)
{
    return g->first[i + 1] - g->first[i];
}

/* count elements of type per block, block k of the result being block
 * order[k] of the buffer. */
static int permuted_type(hmpi__coll_ctx *c, const int *order, int count, MPI_Datatype type,
                         MPI_Datatype *out)
{
    MPI_Aint lb, extent;
    MPI_Datatype block;
    MPI_Aint *displs = HMPI__ALLOC(MPI_Aint, c->size);
    if (!displs)
        return MPI_ERR_NO_MEM;
    MPI_Type_get_extent(type, &lb, &extent);
    for (int k = 0; k < c->size; k++)
        displs[k] = (MPI_Aint)order[k] * count * extent;
    int rc = MPI_Type_contiguous(count, type, &block);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Type_create_hindexed_block(c->size, 1, displs, block, out);
        MPI_Type_free(&block);
    }
    free(displs);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(out)) != MPI_SUCCESS)
        MPI_Type_free(out);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *out) : rc;
}

/* count blocks of len bytes, stride bytes apart. */
static int byte_vector(hmpi__coll_ctx *c, int count, int len, int stride, MPI_Datatype *out)
{
    int rc = MPI_Type_vector(count, len, stride, MPI_BYTE, out);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(out)) != MPI_SUCCESS)
        MPI_Type_free(out);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *out) : rc;
}

/* A member: its send buffer to the leader, its receive buffer from it. */
static int member(hmpi__coll_ctx *c, const hmpi__coll_args *a, const void *src,
                  MPI_Datatype send_perm, MPI_Datatype recv_perm, int bytes, int leader)
{
    char *out = hmpi__sched_scratch(c->s, 2 * bytes, MPI_BYTE), *in = out + bytes;
    if (!out)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_pack(c->s, src, 1, send_perm, out, bytes));
    TRY(coll_send(c, out, bytes, MPI_BYTE, leader));
    TRY(coll_recv(c, in, bytes, MPI_BYTE, leader));
    TRY(hmpi__sched_round(c->s));
    return hmpi__sched_unpack(c->s, in, bytes, a->recvbuf, 1, recv_perm);
}

/* A leader of n members, B bytes a block: collect (layout [member][dest]),
 * exchange with the other leaders (layout [source][member]), distribute. */
static int leader(hmpi__coll_ctx *c, const hmpi__coll_args *a, const void *src,
                  MPI_Datatype send_perm, MPI_Datatype recv_perm, const int *order, const groups *g,
                  int B)
{
    int p = c->size, n = group_size(g, g->mine), mine = g->first[g->mine];
    char *in = hmpi__sched_scratch(c->s, 2 * n * p * B, MPI_BYTE), *out = in + (size_t)n * p * B;
    MPI_Datatype slice, column;
    if (!in)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_pack(c->s, src, 1, send_perm, in, p * B));
    for (int j = 1; j < n; j++)
        TRY(coll_recv(c, in + (size_t)j * p * B, p * B, MPI_BYTE, order[mine + j]));
    TRY(hmpi__sched_round(c->s));
    TRY(byte_vector(c, n, n * B, p * B, &slice)); /* our members' blocks for our group */
    TRY(hmpi__sched_copy(c->s, in + (size_t)mine * B, 1, slice, out + (size_t)mine * n * B,
                         n * n * B, MPI_BYTE));
    for (int h = 0; h < g->n; h++) {
        int nh = group_size(g, h), first = g->first[h];
        if (h == g->mine)
            continue;
        TRY(byte_vector(c, n, nh * B, p * B, &slice)); /* ... for group h */
        TRY(coll_send(c, in + (size_t)first * B, 1, slice, order[first]));
        TRY(coll_recv(c, out + (size_t)first * n * B, nh * n * B, MPI_BYTE, order[first]));
    }
    TRY(hmpi__sched_round(c->s));
    TRY(byte_vector(c, p, B, n * B, &column)); /* what member j receives, at out + j * B */
    for (int j = 1; j < n; j++)
        TRY(coll_send(c, out + (size_t)j * B, 1, column, order[mine + j]));
    TRY(hmpi__sched_round(c->s));
    return hmpi__sched_copy(c->s, out, 1, column, a->recvbuf, 1, recv_perm);
}

static int exchange(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *order, const groups *g)
{
    int in_place = a->sendbuf == MPI_IN_PLACE, tsize, largest = 0;
    const void *src = in_place ? a->recvbuf : a->sendbuf;
    MPI_Datatype send_perm, recv_perm;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    for (int h = 0; h < g->n; h++)
        largest = group_size(g, h) > largest ? group_size(g, h) : largest;
    if ((double)2 * largest * c->size * B > INT_MAX)
        return MPI_ERR_COUNT; /* a leader's buffers must stay addressable by int counts */
    TRY(permuted_type(c, order, in_place ? a->rcount : a->scount, in_place ? a->rtype : a->stype,
                      &send_perm));
    TRY(permuted_type(c, order, a->rcount, a->rtype, &recv_perm));
    TRY(hmpi__sched_round(c->s));
    int lead = order[g->first[g->mine]];
    if (lead != c->rank)
        return member(c, a, src, send_perm, recv_perm, c->size * B, lead);
    return leader(c, a, src, send_perm, recv_perm, order, g, B);
}

int hmpi__alltoall_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    const int *order = hmpi__loctable_order(c->table);
    groups g;
    if (!order)
        return MPI_ERR_NO_MEM;
    TRY(find_groups(c, order, &g));
    if (g.n == 0) /* one group, or every process alone: nothing to combine */
        return hmpi__alltoall_pairwise(c, a);
    int rc = exchange(c, a, order, &g);
    free(g.first);
    return rc;
}

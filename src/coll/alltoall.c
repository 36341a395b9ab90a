/* Topology-aware alltoall with L leaders per group (a node; or, on a single
 * node, the first level below it that splits the communicator). Leader j of
 * a group (its j-th process in table order) serves the destination groups
 * h = j (mod L): every member sends it the blocks for those groups, it sends
 * one message to each of them, and on the receiving side, the messages of
 * group A are taken by leader A mod L, which hands every member its column.
 * G^2 messages cross group boundaries instead of p^2, which pays for small
 * blocks; with L leaders a group's traffic is spread over L processes, each
 * holding 1/L of it, which pays for larger ones (and each leader sends G/L
 * messages instead of G).
 *
 * Positions are those of the locality table's order (ranks sorted by path,
 * every group a contiguous slice). Members send from and receive into the
 * user's buffers through indexed datatypes built at init (no copy on their
 * side); leaders pick their slices with vector datatypes. Nothing but data
 * travels at run time. */
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

/* The positions (in table order) of the ranks of groups h = j (mod L),
 * as count elements of type per block at the rank's place in a buffer. */
static int served_type(hmpi__coll_ctx *c, const int *order, const groups *g, int L, int j,
                       int count, MPI_Datatype type, MPI_Datatype *out)
{
    int n = 0, rc, *ranks = HMPI__ALLOC(int, c->size);
    if (!ranks)
        return MPI_ERR_NO_MEM;
    for (int h = j; h < g->n; h += L)
        for (int k = g->first[h]; k < g->first[h + 1]; k++)
            ranks[n++] = order[k];
    rc = hmpi__coll_ranks_type(c, ranks, n, count, type, out);
    free(ranks);
    return rc;
}

/* count blocks of len bytes, stride bytes apart. */
static int byte_vector(hmpi__coll_ctx *c, int count, int len, int stride, MPI_Datatype *out)
{
    int rc = MPI_Type_vector(count, len, stride, MPI_BYTE, out);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(out)) != MPI_SUCCESS)
        MPI_Type_free(out);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *out) : rc;
}

/* Ranks in the groups h = j (mod L) below `below`, which leader j serves
 * (below = g->n: all of them). */
static int served_ranks(const groups *g, int L, int j, int below)
{
    int n = 0;
    for (int h = j; h < below; h += L)
        n += group_size(g, h);
    return n;
}

/* At least the most bytes a leader holds (2 n D blocks of B bytes): the
 * largest group's size times the most ranks a leader serves. The same on
 * every process; O(groups). */
static double most_held(const groups *g, int L, double B)
{
    int n = 0, D = 0;
    for (int i = 0; i < g->n; i++)
        n = group_size(g, i) > n ? group_size(g, i) : n;
    for (int j = 0; j < L; j++)
        D = served_ranks(g, L, j, g->n) > D ? served_ranks(g, L, j, g->n) : D;
    return 2.0 * n * D * B;
}

/* The plan of one exchange, as this process sees it. */
typedef struct plan {
    const int *order;
    const groups *g;
    int L;      /* leaders per group */
    int B;      /* bytes per block */
    int n;      /* size of my group */
    int first;  /* position of my group's first rank */
    int lead;   /* my index among my group's leaders, or -1 */
    int D;      /* leader: ranks of the groups it serves (and takes from) */
    char *held; /* leader: [member][ranks served] blocks collected */
    char *got;  /* leader: [source rank of the groups it takes][member] blocks */
} plan;

/* A round's local copies come before its messages: a step added after
 * them would start a new round, and hold back the messages that follow
 * until the earlier ones complete (simulated 1024 ranks, 8 KiB in all per
 * rank, 16 leaders per node: 79.7 -> 39.6 us). */

/* Step 1, leader: its own blocks for the groups served, packed. */
static int collect_own(hmpi__coll_ctx *c, const plan *q, const void *src, MPI_Datatype mine)
{
    return hmpi__sched_pack(c->s, src, 1, mine, q->held + (size_t)q->lead * q->D * q->B,
                            q->D * q->B);
}

/* Step 1, leader: collect from every other member the blocks for the
 * groups served. */
static int collect(hmpi__coll_ctx *c, const plan *q)
{
    int D = q->D;
    for (int a = 0; a < q->n; a++)
        if (a != q->lead)
            TRY(coll_recv(c, q->held + (size_t)a * D * q->B, D * q->B, MPI_BYTE,
                          q->order[q->first + a]));
    return MPI_SUCCESS;
}

/* Step 2, leader: one message to each group h served (to its leader
 * mine mod L), one from each group A whose messages this leader takes
 * (A = lead mod L; from its leader mine mod L, who serves us). */
static int exchange(hmpi__coll_ctx *c, const plan *q)
{
    const groups *g = q->g;
    int me = g->mine, L = q->L, B = q->B, D = q->D;
    if (me % L == q->lead) { /* our own group's share, which this leader takes: a copy */
        MPI_Datatype slice;
        int off = served_ranks(g, L, q->lead, me);
        TRY(byte_vector(c, q->n, q->n * B, D * B, &slice));
        TRY(hmpi__sched_copy(c->s, q->held + (size_t)off * B, 1, slice,
                             q->got + (size_t)off * q->n * B, q->n * q->n * B, MPI_BYTE));
    }
    /* group me + i's share sent and group me - i's taken in turn, among
     * the groups this leader serves: at any moment each leader receives
     * from a different sender (the same order everywhere had every leader
     * send to the first group first, then the second, ...: simulated 1024
     * ranks, 4 B 24.4 -> 22.3 us, 8 KiB 37.9 -> 36.0) */
    int T = (g->n - q->lead + L - 1) / L, next = me < q->lead ? 0 : (me - q->lead) / L + 1;
    if (T <= 0) /* more leaders than groups: this one serves none */
        return MPI_SUCCESS;
    int self = me >= q->lead && (me - q->lead) % L == 0; /* our own group is served */
    int t_to = next % T, t_from = ((next - 1 - self) % T + T) % T;
    int off_to = served_ranks(g, L, q->lead, q->lead + t_to * L);
    int off_from = served_ranks(g, L, q->lead, q->lead + t_from * L);
    for (int u = 0; u < T; u++) {
        int h = q->lead + t_to * L, A = q->lead + t_from * L, nA = group_size(g, A);
        if (h != me) {
            MPI_Datatype slice; /* our members' blocks for group h, off_to ranks in */
            TRY(byte_vector(c, q->n, group_size(g, h) * B, D * B, &slice));
            TRY(coll_send(c, q->held + (size_t)off_to * B, 1, slice,
                          q->order[g->first[h] + me % L]));
        }
        if (A != me)
            TRY(coll_recv(c, q->got + (size_t)off_from * q->n * B, nA * q->n * B, MPI_BYTE,
                          q->order[g->first[A] + me % L]));
        off_to += group_size(g, h); /* on to the next group served, round to the first */
        if (++t_to == T)
            t_to = 0, off_to = 0;
        t_from = t_from > 0 ? t_from - 1 : T - 1; /* back to the one before, round to the last */
        off_from = t_from == T - 1 ? D - group_size(g, q->lead + t_from * L)
                                   : off_from - group_size(g, q->lead + t_from * L);
    }
    return MPI_SUCCESS;
}

/* Step 3, leader: every member its column of what the leader took (its own
 * straight into its receive buffer). */
static int distribute(hmpi__coll_ctx *c, const plan *q, void *recvbuf, MPI_Datatype mine)
{
    MPI_Datatype column;
    TRY(byte_vector(c, q->D, q->B, q->n * q->B, &column));
    TRY(hmpi__sched_copy(c->s, q->got + (size_t)q->lead * q->B, 1, column, recvbuf, 1, mine));
    for (int m = 0; m < q->n; m++)
        if (m != q->lead)
            TRY(coll_send(c, q->got + (size_t)m * q->B, 1, column, q->order[q->first + m]));
    return MPI_SUCCESS;
}

static int run(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *order, const groups *g,
               int L)
{
    int in_place = a->sendbuf == MPI_IN_PLACE, tsize;
    const void *src = in_place ? a->recvbuf : a->sendbuf;
    MPI_Type_size(a->rtype, &tsize);
    plan q = {order, g,    L,   a->rcount * tsize, group_size(g, g->mine), g->first[g->mine], -1,
              0,     NULL, NULL};
    for (int j = 0; j < L; j++)
        if (order[q.first + j] == c->rank)
            q.lead = j;
    if (q.lead >= 0) {
        size_t D = (size_t)(q.D = served_ranks(g, L, q.lead, g->n)); /* (int: most_held) */
        if (!(q.held = hmpi__sched_scratch(c->s, (int)(2 * q.n * D * q.B), MPI_BYTE)))
            return MPI_ERR_NO_MEM;
        q.got = q.held + q.n * D * q.B;
    }
    MPI_Datatype *out = HMPI__ALLOC(MPI_Datatype, 2 * L), *in = out + L;
    if (!out)
        return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        if ((rc = served_type(c, order, g, L, j, in_place ? a->rcount : a->scount,
                              in_place ? a->rtype : a->stype, &out[j])) == MPI_SUCCESS)
            rc = served_type(c, order, g, L, j, a->rcount, a->rtype, &in[j]);
    if (rc == MPI_SUCCESS && q.lead >= 0) /* step 1 */
        rc = collect_own(c, &q, src, out[q.lead]);
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        if (j != q.lead)
            rc = coll_send(c, src, 1, out[j], order[q.first + j]);
    if (rc == MPI_SUCCESS && q.lead >= 0)
        rc = collect(c, &q);
    if (rc == MPI_SUCCESS && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS && q.lead >= 0 &&
        (rc = exchange(c, &q)) == MPI_SUCCESS) /* step 2 */
        rc = hmpi__sched_round(c->s);
    if (rc == MPI_SUCCESS && q.lead >= 0) /* step 3 */
        rc = distribute(c, &q, a->recvbuf, in[q.lead]);
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        if (j != q.lead)
            rc = coll_recv(c, a->recvbuf, 1, in[j], order[q.first + j]);
    free(out);
    return rc;
}

double hmpi__alltoall_leaders_cost(const hmpi__cost_model *m, int ngroups, int per_group,
                                   double block, int *leaders)
{
    double p = (double)ngroups * per_group, best = 0, overhead = hmpi__cost_overhead(m);
    for (int L = 1; L <= per_group; L++) {
        /* a leader takes P messages of pB/L bytes and gives as many, and as
         * a member sends and receives L - 1; the node's link carries one
         * message of P^2 B per other group, its L leaders sending and
         * receiving 1/L of them each (simulated 1024 ranks, 0.3 us per
         * message, 8 KiB in all per rank: 1, 4, 8, 16 leaders measured
         * 66.9, 39.6, 37.6, 39.6 us, priced 70.2, 36.1, 32.3, 34.1) */
        int exchanged = (ngroups - 1 + L - 1) / L;
        double t = 2 * (hmpi__cost_round(m, HMPI__LEVEL_NODE, per_group, p * block / L) +
                        (L - 1) * overhead) +
                   hmpi__cost_node_round(m, HMPI__LEVEL_NETWORK, L, exchanged,
                                         (double)per_group * per_group * block) +
                   exchanged * overhead;
        if (L == 1 || t < best) {
            best = t;
            *leaders = L;
        }
    }
    return best;
}

/* Leaders per group: hmpi_lanes if set, else the model's; at most the
 * smallest group's size. */
static int leaders_per_group(const hmpi__coll_ctx *c, const hmpi__coll_args *a, const groups *g)
{
    int smallest = c->size, largest = 0, L = c->lanes, tsize;
    for (int h = 0; h < g->n; h++) {
        smallest = group_size(g, h) < smallest ? group_size(g, h) : smallest;
        largest = group_size(g, h) > largest ? group_size(g, h) : largest;
    }
    MPI_Type_size(a->rtype, &tsize);
    if (L <= 0)
        hmpi__alltoall_leaders_cost(&c->cost, g->n, largest, (double)a->rcount * tsize, &L);
    return L < smallest ? L : smallest;
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
    int L = leaders_per_group(c, a, &g), tsize, rc;
    MPI_Type_size(a->rtype, &tsize);
    /* a leader's buffers are addressed by int byte counts: past that, the
     * pairwise exchange (any size), alike on every process */
    rc = most_held(&g, L, (double)a->rcount * tsize) > INT_MAX ? hmpi__alltoall_pairwise(c, a)
                                                               : run(c, a, order, &g, L);
    free(g.first);
    return rc;
}

/* Combining pays only between nodes. */
double hmpi__cost_alltoall_leaders(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int leaders;
    if (c->nodes <= 1)
        return HMPI__COST_NEVER;
    return hmpi__alltoall_leaders_cost(&c->cost, c->nodes, c->largest, hmpi__coll_block_bytes(c, a),
                                       &leaders);
}

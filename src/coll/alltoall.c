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
 * travels at run time. Where the groups are the nodes of a communicator
 * over several and the schedule has a channel, steps 1 and 3 go through the
 * node's segment instead where the model prices it cheaper: members pack
 * their parts and copy them into their slots, leaders copy them out, and
 * back (doc/collectives.md, "The topology-aware alltoall"). */
#include "coll/coll.h"

#include <limits.h>
#include <stdlib.h>

typedef struct groups {
    int n;      /* number of groups; 0: no level splits the communicator usefully */
    int *first; /* [n + 1]: position in order[] of each group's first rank */
    int mine;   /* group of the calling process */
    int kind;   /* the level that splits: HMPI__KIND_MACHINE, the groups are nodes */
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
    *g = (groups){0, NULL, -1, -1};
    for (int kind = HMPI__KIND_MACHINE; kind < HMPI__KIND_PU; kind++) {
        if (c->levels && !(c->levels & (1u << kind)))
            continue;
        int n = count_groups(t, order, kind);
        if (n <= 1 || n >= t->n)
            continue;
        if (!(g->first = HMPI__ALLOC(int, n + 1)))
            return MPI_ERR_NO_MEM;
        g->n = 0;
        g->kind = kind;
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

static int largest_group(const groups *g)
{
    int largest = 0;
    for (int h = 0; h < g->n; h++)
        largest = group_size(g, h) > largest ? group_size(g, h) : largest;
    return largest;
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
    int n = largest_group(g), D = 0;
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
    int pos;    /* my position in my group */
    int lead;   /* my index among my group's leaders (its first L), or -1 */
    int D;      /* leader: ranks of the groups it serves (and takes from) */
    char *held; /* leader: [member][ranks served] blocks collected */
    char *got;  /* leader: [source rank of the groups it takes][member] blocks;
                 * through the segment [member][source rank]: a column each */
    int seg;    /* steps 1 and 3 through the node's segment */
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

/* `rows` source ranks' blocks for each of n members, stored transposed:
 * row s's block for member m at (m * D + s) * B. */
static int transposed(hmpi__coll_ctx *c, int rows, int n, int D, int B, MPI_Datatype *out)
{
    MPI_Datatype column, block;
    int rc = MPI_Type_vector(n, B, D * B, MPI_BYTE, &column);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Type_create_resized(column, 0, B, &block);
        MPI_Type_free(&column);
    }
    if (rc == MPI_SUCCESS) {
        rc = MPI_Type_contiguous(rows, block, out);
        MPI_Type_free(&block);
    }
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(out)) != MPI_SUCCESS)
        MPI_Type_free(out);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *out) : rc;
}

/* Where the share of `rows` source ranks from `off` on lands in got: in
 * the order it comes ([source][member]), or through the segment each
 * member's blocks in its column, which step 3 then copies in one piece. */
static int taken_at(hmpi__coll_ctx *c, const plan *q, int off, int rows, char **at, int *count,
                    MPI_Datatype *type)
{
    if (!q->seg) {
        *at = q->got + (size_t)off * q->n * q->B;
        *count = rows * q->n * q->B;
        *type = MPI_BYTE;
        return MPI_SUCCESS;
    }
    *at = q->got + (size_t)off * q->B;
    *count = 1;
    return transposed(c, rows, q->n, q->D, q->B, type);
}

/* Step 2, leader: one message to each group h served (to its leader
 * mine mod L), one from each group A whose messages this leader takes
 * (A = lead mod L; from its leader mine mod L, who serves us). */
static int exchange(hmpi__coll_ctx *c, const plan *q)
{
    const groups *g = q->g;
    int me = g->mine, L = q->L, B = q->B, D = q->D;
    if (me % L == q->lead) { /* our own group's share, which this leader takes: a copy */
        MPI_Datatype slice, type;
        int off = served_ranks(g, L, q->lead, me), count;
        char *at;
        TRY(byte_vector(c, q->n, q->n * B, D * B, &slice));
        TRY(taken_at(c, q, off, q->n, &at, &count, &type));
        TRY(hmpi__sched_copy(c->s, q->held + (size_t)off * B, 1, slice, at, count, type));
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
        if (A != me) {
            MPI_Datatype type;
            int count;
            char *at;
            TRY(taken_at(c, q, off_from, nA, &at, &count, &type));
            TRY(coll_recv(c, at, count, type, q->order[g->first[A] + me % L]));
        }
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

/* Steps 1 to 3 by messages: members send from and receive into the user's
 * buffers through out[j] and in[j]. */
static int by_messages(hmpi__coll_ctx *c, const plan *q, const void *src, void *recvbuf,
                       const MPI_Datatype *out, const MPI_Datatype *in)
{
    if (q->lead >= 0) /* step 1 */
        TRY(collect_own(c, q, src, out[q->lead]));
    for (int j = 0; j < q->L; j++)
        if (j != q->lead)
            TRY(coll_send(c, src, 1, out[j], q->order[q->first + j]));
    if (q->lead >= 0)
        TRY(collect(c, q));
    TRY(hmpi__sched_round(c->s));
    if (q->lead >= 0) {
        TRY(exchange(c, q)); /* step 2 */
        TRY(hmpi__sched_round(c->s));
        TRY(distribute(c, q, recvbuf, in[q->lead])); /* step 3 */
    }
    for (int j = 0; j < q->L; j++)
        if (j != q->lead)
            TRY(coll_recv(c, recvbuf, 1, in[j], q->order[q->first + j]));
    return MPI_SUCCESS;
}

/* ---- steps 1 and 3 through the node's segment ---------------------------- */

/* A member's side of the node steps: part j is its blocks for the groups
 * leader j serves (step 1), then its blocks from them (step 3), packed. */
typedef struct node_side {
    int *seg;       /* [n]: each member's rank in the segment */
    size_t *off;    /* [L + 1]: where part j starts in packed */
    size_t longest; /* bytes of the longest part, the same on the whole node */
    char *packed;   /* scratch of the schedule */
} node_side;

static size_t part_bytes(const node_side *nd, int j)
{
    return nd->off[j + 1] - nd->off[j];
}

/* The segment's rank of each member (position in table order): the
 * node's ranks in comm's order. */
static int segment_ranks(const hmpi__coll_ctx *c, const plan *q, int *seg)
{
    int *pos = HMPI__ALLOC(int, c->size);
    if (!pos)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++)
        pos[r] = -1;
    for (int a = 0; a < q->n; a++)
        pos[q->order[q->first + a]] = a;
    for (int r = 0, k = 0; r < c->size; r++)
        if (pos[r] >= 0)
            seg[pos[r]] = k++;
    free(pos);
    return MPI_SUCCESS;
}

static int node_side_of(hmpi__coll_ctx *c, const plan *q, node_side *nd)
{
    *nd = (node_side){HMPI__ALLOC(int, q->n), HMPI__ALLOC(size_t, q->L + 1), 0, NULL};
    if (!nd->seg || !nd->off)
        return MPI_ERR_NO_MEM;
    if (hmpi__shm_size(c->shm) != q->n)
        return MPI_ERR_INTERN; /* the segment is not the group's */
    for (int j = 0; j < q->L; j++) {
        nd->off[j + 1] = nd->off[j] + (size_t)served_ranks(q->g, q->L, j, q->g->n) * q->B;
        nd->longest = part_bytes(nd, j) > nd->longest ? part_bytes(nd, j) : nd->longest;
    }
    if (!(nd->packed = hmpi__sched_scratch(c->s, (int)nd->off[q->L], MPI_BYTE)))
        return MPI_ERR_NO_MEM;
    return segment_ranks(c, q, nd->seg);
}

/* The parts through the segment (hmpi__shm_exchange), into `areas` areas
 * of each slot; then their list freed (`get` lies in the same allocation). */
static int exchange_and_free(hmpi__coll_ctx *c, int areas, size_t longest, hmpi__shm_part *put,
                             int sent, const hmpi__shm_part *get, int taken)
{
    hmpi__shm_parts x = {.areas = areas,
                         .nsent = sent,
                         .ntaken = taken,
                         .longest = longest,
                         .sent = put,
                         .taken = get};
    int rc = hmpi__shm_exchange(c, &x);
    free(put);
    return rc;
}

/* Step 1: every member packs its part for each other leader j and copies
 * it into area j of its slot; leader j copies area j of every other
 * member's slot into that member's row of held (its own: collect_own). */
static int collect_in_segment(hmpi__coll_ctx *c, const plan *q, const node_side *nd,
                              const void *src, const MPI_Datatype *out)
{
    int L = q->L, sent = 0, taken = 0;
    if (q->lead >= 0)
        TRY(collect_own(c, q, src, out[q->lead]));
    for (int j = 0; j < L; j++)
        if (j != q->lead)
            TRY(hmpi__sched_pack(c->s, src, 1, out[j], nd->packed + nd->off[j],
                                 (int)part_bytes(nd, j)));
    hmpi__shm_part *put = HMPI__ALLOC(hmpi__shm_part, L + q->n), *get = put + L;
    if (!put)
        return MPI_ERR_NO_MEM;
    for (int j = 0; j < L; j++)
        if (j != q->lead)
            put[sent++] = (hmpi__shm_part){0, j, nd->packed + nd->off[j], part_bytes(nd, j)};
    for (int a = 0; q->lead >= 0 && a < q->n; a++)
        if (a != q->lead)
            get[taken++] = (hmpi__shm_part){nd->seg[a], q->lead, q->held + (size_t)a * q->D * q->B,
                                            (size_t)q->D * q->B};
    return exchange_and_free(c, L, nd->longest, put, sent, get, taken);
}

/* Step 3: leader j copies each other member's column into that member's
 * area of its slot (its own straight into its receive buffer); every
 * member copies its column out of every other leader's slot and unpacks
 * it into its receive buffer. */
static int distribute_in_segment(hmpi__coll_ctx *c, const plan *q, const node_side *nd,
                                 void *recvbuf, const MPI_Datatype *in)
{
    int L = q->L, sent = 0, taken = 0, rc;
    size_t column = (size_t)q->D * q->B;
    if (q->lead >= 0)
        TRY(hmpi__sched_copy(c->s, q->got + (size_t)q->lead * column, (int)column, MPI_BYTE,
                             recvbuf, 1, in[q->lead]));
    hmpi__shm_part *put = HMPI__ALLOC(hmpi__shm_part, L + q->n), *get = put + q->n;
    if (!put)
        return MPI_ERR_NO_MEM;
    for (int m = 0; q->lead >= 0 && m < q->n; m++)
        if (m != q->lead)
            put[sent++] = (hmpi__shm_part){0, m, q->got + (size_t)m * column, column};
    for (int j = 0; j < L; j++)
        if (j != q->lead)
            get[taken++] =
                (hmpi__shm_part){nd->seg[j], q->pos, nd->packed + nd->off[j], part_bytes(nd, j)};
    rc = exchange_and_free(c, q->n, nd->longest, put, sent, get, taken);
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        if (j != q->lead)
            rc = hmpi__sched_unpack(c->s, nd->packed + nd->off[j], (int)part_bytes(nd, j), recvbuf,
                                    1, in[j]);
    return rc;
}

/* Steps 1 and 3 through the segment, step 2 by messages between them. */
static int through_segment(hmpi__coll_ctx *c, const plan *q, const void *src, void *recvbuf,
                           const MPI_Datatype *out, const MPI_Datatype *in)
{
    node_side nd;
    int rc = node_side_of(c, q, &nd);
    if (rc == MPI_SUCCESS)
        rc = collect_in_segment(c, q, &nd, src, out);
    if (rc == MPI_SUCCESS && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS && q->lead >= 0 &&
        (rc = exchange(c, q)) == MPI_SUCCESS)
        rc = hmpi__sched_round(c->s);
    if (rc == MPI_SUCCESS)
        rc = distribute_in_segment(c, q, &nd, recvbuf, in);
    free(nd.seg);
    free(nd.off);
    return rc;
}

static int run(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *order, const groups *g,
               int L, int seg)
{
    int in_place = a->sendbuf == MPI_IN_PLACE, tsize;
    const void *src = in_place ? a->recvbuf : a->sendbuf;
    MPI_Type_size(a->rtype, &tsize);
    plan q = {.order = order,
              .g = g,
              .L = L,
              .B = a->rcount * tsize,
              .n = group_size(g, g->mine),
              .first = g->first[g->mine],
              .lead = -1,
              .seg = seg};
    for (int k = 0; k < q.n; k++)
        if (order[q.first + k] == c->rank)
            q.pos = k, q.lead = k < L ? k : -1;
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
    if (rc == MPI_SUCCESS)
        rc = seg ? through_segment(c, &q, src, a->recvbuf, out, in)
                 : by_messages(c, &q, src, a->recvbuf, out, in);
    free(out);
    return rc;
}

/* Steps 1 and 3 of a leader, the critical path: by messages, it takes
 * P - 1 parts of pB/L and gives as many, and as a member sends and
 * receives L - 1; through the segment, every part packed and copied in,
 * then the members' parts for it out, and in step 3 its columns in, every
 * leader's column out and unpacked. */
static double node_steps_cost(const hmpi__coll_ctx *c, int per_group, double p, double block, int L,
                              int seg)
{
    double all = p * block, served = all / L, others = (per_group - 1) * served;
    if (!seg)
        return 2 * (hmpi__cost_round(&c->cost, HMPI__LEVEL_NODE, per_group, served) +
                    (L - 1) * hmpi__cost_overhead(&c->cost));
    return 2 * hmpi__cost_combine(&c->cost, all) + hmpi__cost_shm_spread(c, all, others) +
           hmpi__cost_shm_spread(c, others, all);
}

/* The modelled time with L leaders a group: the node's link carries one
 * message of P^2 B per other group, its L leaders sending and receiving
 * 1/L of them each (simulated 1024 ranks, 0.3 us per message, 8 KiB in
 * all per rank: 1, 4, 8, 16 leaders measured 66.9, 39.6, 37.6, 39.6 us,
 * priced 70.2, 36.1, 32.3, 34.1). */
static double leaders_time(const hmpi__coll_ctx *c, int ngroups, int per_group, double block, int L,
                           int seg)
{
    double p = (double)ngroups * per_group, overhead = hmpi__cost_overhead(&c->cost);
    int exchanged = (ngroups - 1 + L - 1) / L;
    return node_steps_cost(c, per_group, p, block, L, seg) +
           hmpi__cost_node_round(&c->cost, HMPI__LEVEL_NETWORK, L, exchanged,
                                 (double)per_group * per_group * block) +
           exchanged * overhead;
}

double hmpi__alltoall_leaders_cost(const hmpi__coll_ctx *c, int ngroups, int per_group,
                                   double block, int may_segment, int *leaders,
                                   int *through_segment)
{
    double best = 0;
    for (int seg = 0; seg <= may_segment; seg++)
        for (int L = 1; L <= per_group; L++) {
            double t = leaders_time(c, ngroups, per_group, block, L, seg);
            if ((seg == 0 && L == 1) || t < best) {
                best = t;
                *leaders = L;
                *through_segment = seg;
            }
        }
    return best;
}

/* Do steps 1 and 3 go through the node's segment: a channel, groups that
 * are the nodes of a communicator over several (hmpi_levels lets the
 * Machine level split it, and no machine is cut into boards, each a node
 * with a segment of its own), and an area of a buffer for each of a
 * node's ranks (step 3)? The same on every process. */
static int uses_segment(const hmpi__coll_ctx *c, int largest)
{
    const int *order;
    if (!c->shm || c->nodes <= 1 || hmpi__shm_buffer_bytes(c->shm) < (size_t)largest ||
        (c->levels && !(c->levels & (1u << HMPI__KIND_MACHINE))) ||
        !(order = hmpi__loctable_order(c->table)))
        return 0;
    return count_groups(c->table, order, HMPI__KIND_MACHINE) == c->nodes;
}

/* Leaders per group: hmpi_lanes if set, else the model's; at most the
 * smallest group's size. With them, steps 1 and 3 through the segment
 * (*seg) where it may and the model prices it cheaper than messages. */
static int leaders_per_group(const hmpi__coll_ctx *c, const hmpi__coll_args *a, const groups *g,
                             int may_segment, int *seg)
{
    int smallest = c->size, largest = largest_group(g), L = c->lanes, tsize;
    for (int h = 0; h < g->n; h++)
        smallest = group_size(g, h) < smallest ? group_size(g, h) : smallest;
    MPI_Type_size(a->rtype, &tsize);
    double block = (double)a->rcount * tsize;
    if (L <= 0)
        hmpi__alltoall_leaders_cost(c, g->n, largest, block, may_segment, &L, seg);
    L = L < smallest ? L : smallest;
    *seg = may_segment && leaders_time(c, g->n, largest, block, L, 1) <
                              leaders_time(c, g->n, largest, block, L, 0);
    return L;
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
    int may = g.kind == HMPI__KIND_MACHINE && uses_segment(c, largest_group(&g)), seg, tsize, rc;
    int L = leaders_per_group(c, a, &g, may, &seg);
    MPI_Type_size(a->rtype, &tsize);
    /* a leader's buffers are addressed by int byte counts: past that, the
     * pairwise exchange (any size), alike on every process */
    rc = most_held(&g, L, (double)a->rcount * tsize) > INT_MAX ? hmpi__alltoall_pairwise(c, a)
                                                               : run(c, a, order, &g, L, seg);
    free(g.first);
    return rc;
}

/* Combining pays only between nodes; its node steps priced through the
 * segment too where the builder may take it, the cheaper counted. */
double hmpi__cost_alltoall_leaders(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int leaders, seg;
    if (c->nodes <= 1)
        return HMPI__COST_NEVER;
    return hmpi__alltoall_leaders_cost(c, c->nodes, c->largest, hmpi__coll_block_bytes(c, a),
                                       uses_segment(c, c->largest), &leaders, &seg);
}

/* Allreduce of small vectors through every rank of a node at once (a
 * commutative op). The ranks of each node first combine their vectors
 * (recursive doubling), so that each holds its node's sum. Then the nodes
 * exchange their sums in rounds of a mixed radix, n = k_1 k_2 ... k_R: in
 * round r each node sends its sum to the k_r - 1 nodes whose index differs
 * from its own in digit r only, and receives theirs. The messages are
 * spread over the node's ranks, its ports: port q sends to the nodes q + 1,
 * q + 1 + ports, ... ahead and takes the sums of the digits q, q + ports,
 * ..., so that each rank pays the overhead of a few messages only. The
 * ports then combine what they got (recursive doubling among them, then to
 * the other ranks of the node), and every rank holds the sum of k_1 ... k_r
 * nodes, the same bytes on every rank.
 *
 * With 16 ranks a node, 64 nodes take one round of 4 messages per rank:
 * two node steps and one network latency, where a tree over the nodes
 * pays the network latency at every level. The radixes are the cheapest
 * in the machine's cost model. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_ROUNDS 32 /* radixes of at least 2: enough for any int count */

typedef struct plan {
    int rounds;
    int radix[MAX_ROUNDS];
} plan;

/* ---- costs ---------------------------------------------------------------- */

static int ports_of(int radix, int smallest)
{
    return radix - 1 < smallest ? radix - 1 : smallest;
}

/* Rounds of recursive doubling over n, the fold of a non-power of two included. */
static int doubling_rounds(int n)
{
    int log = 0;
    while ((2 << log) <= n)
        log++;
    return log + ((n & (n - 1)) ? 2 : 0);
}

/* hmpi__list_allreduce's recursive doubling inside a node, its messages in
 * segments. */
static double node_allreduce_cost(const hmpi__coll_ctx *c, int n, double bytes)
{
    return doubling_rounds(n) * (hmpi__cost_segmented_exchange(c, HMPI__LEVEL_NODE, bytes) +
                                 hmpi__cost_combine(&c->cost, bytes));
}

/* One round of radix k: the ports' exchange, their combination, and the
 * result to the rest of the node. */
static double round_cost(const hmpi__coll_ctx *c, int k, double bytes)
{
    const hmpi__cost_model *m = &c->cost;
    int ports = ports_of(k, c->smallest), messages = (k - 1 + ports - 1) / ports;
    int rest = c->largest - ports, spread = (rest + ports - 1) / ports;
    double receive = hmpi__cost_overhead(m);
    return hmpi__cost_node_round(m, HMPI__LEVEL_NETWORK, ports, messages, bytes) + receive +
           messages * hmpi__cost_combine(m, bytes) + node_allreduce_cost(c, ports, bytes) +
           hmpi__cost_round(m, HMPI__LEVEL_NODE, spread, bytes);
}

/* Index of value v in the ascending div[0..n). */
static int index_of(const int *div, int n, int v)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (div[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The divisors of n, ascending, in a new array; *count of them. */
static int *divisors(int n, int *count)
{
    int small = 0, *div;
    for (int d = 1; (long)d * d <= n; d++)
        small += n % d == 0;
    if (!(div = HMPI__ALLOC(int, 2 * (size_t)small)))
        return NULL;
    *count = 0;
    for (int d = 1; (long)d * d <= n; d++)
        if (n % d == 0)
            div[(*count)++] = d;
    for (int j = *count - 1; j >= 0; j--)
        if (div[j] != n / div[j])
            div[(*count)++] = n / div[j];
    return div;
}

/* The cheapest radixes for n nodes, whose product is n (by dynamic
 * programming over n's divisors: the best for d nodes is a last radix k
 * after the best for d / k), in no particular order; their modelled time. */
static double best_plan(const hmpi__coll_ctx *c, int n, double bytes, plan *pl)
{
    int nd = 0, *div = divisors(n, &nd), *radix = div ? HMPI__ALLOC(int, (size_t)nd) : NULL;
    double *cost = radix ? HMPI__ALLOC(double, (size_t)nd) : NULL, t = HMPI__COST_NEVER;
    pl->rounds = 0;
    if (cost) {
        cost[0] = 0; /* one node: no round */
        for (int j = 1; j < nd; j++) {
            cost[j] = HMPI__COST_NEVER;
            for (int i = 1; i <= j; i++)
                if (div[j] % div[i] == 0) {
                    double x =
                        round_cost(c, div[i], bytes) + cost[index_of(div, nd, div[j] / div[i])];
                    if (x < cost[j])
                        cost[j] = x, radix[j] = div[i];
                }
        }
        t = cost[nd - 1];
        for (int j = nd - 1; j > 0 && pl->rounds < MAX_ROUNDS;
             j = index_of(div, nd, div[j] / radix[j]))
            pl->radix[pl->rounds++] = radix[j];
    }
    free(cost);
    free(radix);
    free(div);
    return t;
}

double hmpi__cost_multiport(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    plan pl;
    double bytes = hmpi__coll_block_bytes(c, a);
    return node_allreduce_cost(c, c->largest, bytes) + best_plan(c, c->nodes, bytes, &pl);
}

/* ---- the schedule --------------------------------------------------------- */

/* What one round needs to know. */
typedef struct digit_round {
    const hmpi__nodes *nd;
    const int *local; /* this node's ranks */
    int stride, k;    /* the round's digit: index / stride % k */
    int ports;
} digit_round;

/* The node `offset` ahead of this one in the round's digit (behind: negative). */
static int node_at(const digit_round *r, int offset)
{
    int me = r->nd->my_index, digit = me / r->stride % r->k;
    int moved = ((digit + offset) % r->k + r->k) % r->k;
    return hmpi__nodes_lane_index(r->nd, me + (moved - digit) * r->stride);
}

/* This node's digit in the round. */
static int my_digit(const digit_round *r)
{
    return r->nd->my_index / r->stride % r->k;
}

/* Port q's exchange and its combination into buf. Each port sends the
 * node's sum to the nodes q + 1, q + 1 + ports, ... ahead, to the port that
 * takes its digit there: port q takes the sums of the digits d = q (mod
 * ports), this node's own among them, and folds them in ascending digit
 * order, so that every node of the group combines the same values in the
 * same order and ends with the same bytes (floating point too; MPI's advice
 * to implementors). */
static int exchange(hmpi__coll_ctx *c, const digit_round *r, void *buf, int count,
                    MPI_Datatype type, MPI_Op op)
{
    int q = r->nd->my_local, mine = my_digit(r), taken = 0;
    for (int d = q; d < r->k; d += r->ports)
        taken++;
    char *slots = hmpi__sched_scratch(c->s, taken * count, type);
    if (!slots)
        return MPI_ERR_NO_MEM;
    TRY(hmpi__sched_round(c->s));
    if (mine % r->ports == q) /* the own sum: the round's copies come before its messages */
        TRY(hmpi__sched_copy(c->s, buf, count, type,
                             hmpi__block(slots, mine / r->ports, count, type), count, type));
    for (int o = q + 1; o < r->k; o += r->ports)
        TRY(coll_send(c, buf, count, type,
                      hmpi__nodes_rank(r->nd, node_at(r, o), mine % r->ports)));
    for (int d = q, j = 0; d < r->k; d += r->ports, j++) {
        int behind = ((mine - d) % r->k + r->k) % r->k; /* the sender's offset to this node */
        if (d != mine)
            TRY(coll_recv(c, hmpi__block(slots, j, count, type), count, type,
                          hmpi__nodes_rank(r->nd, node_at(r, d - mine), (behind - 1) % r->ports)));
    }
    TRY(hmpi__sched_round(c->s));
    TRY(hmpi__sched_copy(c->s, slots, count, type, buf, count, type));
    for (int j = 1; j < taken; j++)
        TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, j, count, type), buf, count, type, op));
    return MPI_SUCCESS;
}

/* The ports' sums combined, and the result to the node's other ranks. */
static int combine(hmpi__coll_ctx *c, const digit_round *r, void *buf, int count, MPI_Datatype type,
                   MPI_Op op)
{
    int me = r->nd->my_local, P = r->nd->local;
    if (me < r->ports)
        TRY(hmpi__list_allreduce(c, r->local, r->ports, me, buf, count, type, op, 0));
    if (r->ports == P)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    if (me >= r->ports)
        return coll_recv(c, buf, count, type, r->local[(me - r->ports) % r->ports]);
    for (int j = r->ports + me; j < P; j += r->ports)
        TRY(coll_send(c, buf, count, type, r->local[j]));
    return MPI_SUCCESS;
}

static int rounds(hmpi__coll_ctx *c, const hmpi__nodes *nd, const hmpi__coll_args *a)
{
    plan pl;
    digit_round r = {nd, &nd->member[nd->first[nd->my_node]], 1, 1, 1};
    double cost = best_plan(c, nd->n, hmpi__coll_block_bytes(c, a), &pl);
    if (cost >= HMPI__COST_NEVER)
        return MPI_ERR_NO_MEM;
    if (c->rank == 0 && hmpi__verbose_enabled()) { /* the radixes, spelled out */
        char text[MAX_ROUNDS * 12] = "(none)", *at = text;
        for (int j = 0; j < pl.rounds && at < text + sizeof text - 12; j++)
            at += snprintf(at, 12, j ? " x %d" : "%d", pl.radix[j]);
        hmpi__verbose("multiport: rounds of radix %s between %d nodes (modelled %.1f us)", text,
                      nd->n, cost);
    }
    TRY(hmpi__list_allreduce(c, r.local, nd->local, nd->my_local, a->recvbuf, a->rcount, a->rtype,
                             a->op, 0));
    for (int j = 0; j < pl.rounds; r.stride *= r.k, j++) {
        r.k = pl.radix[j], r.ports = ports_of(r.k, nd->smallest);
        if (nd->my_local < r.ports)
            TRY(exchange(c, &r, a->recvbuf, a->rcount, a->rtype, a->op));
        TRY(combine(c, &r, a->recvbuf, a->rcount, a->rtype, a->op));
    }
    return MPI_SUCCESS;
}

int hmpi__allreduce_multiport(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    int rc = MPI_SUCCESS;
    if (a->sendbuf != MPI_IN_PLACE) {
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__sched_copy(c->s, a->sendbuf, a->rcount, a->rtype, a->recvbuf, a->rcount,
                             a->rtype));
    }
    TRY(hmpi__nodes_make(c, -1, 0, &nd));
    rc = rounds(c, &nd, a);
    hmpi__nodes_free(&nd);
    return rc;
}

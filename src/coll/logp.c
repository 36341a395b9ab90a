/* Latency-optimal trees for small messages: the broadcast tree the cost
 * model finds fastest, grown greedily as in Karp, Sahay, Santos and
 * Schauser's optimal LogP broadcast ("Optimal broadcast and summation in
 * the LogP model", SPAA 1993), on a machine of nodes. From the moment it
 * has the data, each process sends it on once per per-message overhead,
 * either to a rank of its node not reached yet or to a node not reached
 * yet (whose first rank passes it on the same way), and a node's network
 * link carries its messages one after the other. Two policies grow trees
 * and the fastest is kept:
 *
 *  - node first: a process fills its node, then crosses the network, so
 *    that every rank of a reached node soon sends to other nodes (small
 *    messages, where the per-message overhead dominates);
 *  - network first: a process crosses the network while its node's link
 *    is free, or about to be (a message queued on it at most a few
 *    overheads ahead: grown for several such limits), and fills its node
 *    meanwhile (larger messages, where the link is the bottleneck).
 *
 * The reduction runs the tree upwards (a commutative op). Every process
 * grows the whole tree at init, O(p log p) time and O(p) memory, and keeps
 * its own parent and children; the tree's depth is its modelled time. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdlib.h>

/* The policies grown: node first, then network first queueing a message
 * on the node's link at most this many per-message overheads before the
 * link is free (how far ahead to queue is the model's choice too). */
static const double network_first_slack[] = {0, 0.5, 1, 2, 4}; /* [0]: node first */
#define NPOLICIES (int)(sizeof network_first_slack / sizeof network_first_slack[0])

/* The model's prices of one message of the operation's size. */
typedef struct prices {
    double node_latency, node_busy; /* inside a node: delivery, sender's time */
    double net_latency, net_busy;   /* between nodes: delivery, sender's CPU */
    double wire;                    /* the node link's time per message */
} prices;

/* A process ready to send at time t (position pos of the node grouping). */
typedef struct event {
    double t;
    int pos;
} event;

typedef struct grower {
    const hmpi__nodes *nd;
    prices pr;
    int network_first;
    double slack;      /* network first: queue on the link this far (us) ahead */
    int *next_local;   /* [nodes]: the next local index to reach */
    double *link_free; /* [nodes]: when the node's link is free */
    int reached;       /* nodes reached, in lane order */
    event *heap;       /* ready processes, earliest first */
    int nheap;
    int me;        /* this process's position, -1 to only time the tree */
    int parent;    /* its parent's rank, -1 at the root */
    int *children; /* [p]: its children in sending order, or NULL */
    int nchildren;
    double depth; /* the last delivery */
} grower;

/* ---- a heap of ready processes ------------------------------------------ */

static int earlier(const event *x, const event *y)
{
    return x->t < y->t || (x->t == y->t && x->pos < y->pos);
}

static void heap_push(grower *g, double t, int pos)
{
    int i = g->nheap++;
    while (i > 0 && earlier(&(event){t, pos}, &g->heap[(i - 1) / 2])) {
        g->heap[i] = g->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    g->heap[i] = (event){t, pos};
}

static event heap_pop(grower *g)
{
    event top = g->heap[0], last = g->heap[--g->nheap];
    int i = 0;
    for (;;) {
        int child = 2 * i + 1;
        if (child >= g->nheap)
            break;
        if (child + 1 < g->nheap && earlier(&g->heap[child + 1], &g->heap[child]))
            child++;
        if (!earlier(&g->heap[child], &last))
            break;
        g->heap[i] = g->heap[child];
        i = child;
    }
    if (g->nheap > 0)
        g->heap[i] = last;
    return top;
}

/* ---- growing the tree -------------------------------------------------- */

static int node_of(const hmpi__nodes *nd, int pos)
{
    int lo = 0, hi = nd->n - 1; /* the last node whose first position is <= pos */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (nd->first[mid] <= pos)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The sender at position from reaches position to at time `at`. */
static void deliver(grower *g, int from, int to, double at)
{
    if (from == g->me && g->children)
        g->children[g->nchildren++] = g->nd->member[to];
    if (to == g->me)
        g->parent = g->nd->member[from];
    g->depth = at > g->depth ? at : g->depth;
    heap_push(g, at, to);
}

static void send_local(grower *g, const event *e, int k)
{
    deliver(g, e->pos, g->nd->first[k] + g->next_local[k]++, e->t + g->pr.node_latency);
    heap_push(g, e->t + g->pr.node_busy, e->pos);
}

static void send_remote(grower *g, const event *e, int k)
{
    int to = hmpi__nodes_lane_index(g->nd, g->reached++);
    double departs = e->t > g->link_free[k] ? e->t : g->link_free[k];
    g->link_free[k] = departs + g->pr.wire;
    g->next_local[to] = 1; /* its first rank is reached */
    deliver(g, e->pos, g->nd->first[to], departs + g->pr.net_latency);
    heap_push(g, e->t + g->pr.net_busy, e->pos);
}

/* What the process of event e does next under the policy. */
static void step(grower *g, const event *e)
{
    int k = node_of(g->nd, e->pos);
    int local_left = g->next_local[k] < g->nd->first[k + 1] - g->nd->first[k];
    int remote_left = g->reached < g->nd->n;
    /* one expression for both the test and the wait: with the test written
     * link_free <= t + slack, link_free - slack could round to t itself, and
     * the wait repeat forever (a tuning file with a node gap of 0 did) */
    double ready_at = g->link_free[k] - g->slack;
    int link_ready = ready_at <= e->t;
    if (!g->network_first ? local_left : local_left && !(remote_left && link_ready))
        send_local(g, e, k);
    else if (remote_left && (!g->network_first || link_ready))
        send_remote(g, e, k);
    else if (remote_left) /* network first: wait until the link is almost free */
        heap_push(g, ready_at, e->pos);
}

static void price(const hmpi__coll_ctx *c, double bytes, prices *pr)
{
    const hmpi__cost_model *m = &c->cost;
    pr->node_latency = hmpi__cost_round(m, HMPI__LEVEL_NODE, 1, bytes);
    /* a sender is busy for its CPU per message and what its further bytes
     * add: the node's gap less its gap at 0 bytes (which, measured by a
     * fan-out, also holds the receivers' CPU) */
    pr->node_busy = hmpi__cost_overhead(m) + hmpi__cost_gap(m, HMPI__LEVEL_NODE, bytes) -
                    hmpi__cost_gap(m, HMPI__LEVEL_NODE, 0);
    pr->net_latency = hmpi__cost_round(m, HMPI__LEVEL_NETWORK, 1, bytes);
    pr->net_busy = hmpi__cost_overhead(m);
    /* a lone message's share of the link, not its streaming rate
     * (hmpi__cost_stream, as the two trees): streamed, the bcast of 8 KiB at
     * 1024 simulated ranks took 15.2 -> 14.4 us on 0.25 us links and
     * 28.6 -> 26.3 on 1 us links, but the reduce there 26.4 -> 28.2, and
     * SUMMA, whose row and column bcasts of 8 KiB blocks share the links,
     * 5106 -> 6548 us on NTW10E5 and 4796 -> 5915 on SMP20E7 */
    double gap = hmpi__cost_gap(m, HMPI__LEVEL_NETWORK, bytes);
    pr->wire = gap > pr->net_busy ? gap - pr->net_busy : 0;
    if (pr->node_busy <= 0) /* a tuning file may say so; progress all the same */
        pr->node_busy = 1e-3;
    if (pr->net_busy <= 0)
        pr->net_busy = 1e-3;
}

/* Grow the tree of one policy; me >= 0: keep that position's links in
 * g->parent and g->children (room for p ranks). */
static int grow(const hmpi__coll_ctx *c, const hmpi__nodes *nd, double bytes, int policy, int me,
                grower *g)
{
    int p = nd->first[nd->n];
    *g = (grower){.nd = nd, .network_first = policy > 0, .me = me, .parent = -1};
    price(c, bytes, &g->pr);
    g->slack = network_first_slack[policy] * g->pr.net_busy;
    g->next_local = HMPI__ALLOC(int, (size_t)nd->n);
    g->link_free = HMPI__ALLOC(double, (size_t)nd->n);
    g->heap = HMPI__ALLOC(event, (size_t)p);
    g->children = me >= 0 ? HMPI__ALLOC(int, (size_t)p) : NULL;
    if (!g->next_local || !g->link_free || !g->heap || (me >= 0 && !g->children))
        return MPI_ERR_NO_MEM;
    for (int k = 0; k < nd->n; k++)
        g->next_local[k] = 0, g->link_free[k] = 0;
    int root_node = hmpi__nodes_lane_index(nd, 0);
    g->next_local[root_node] = 1, g->reached = 1;
    heap_push(g, 0, nd->first[root_node]);
    while (g->nheap > 0) {
        event e = heap_pop(g);
        step(g, &e);
    }
    return MPI_SUCCESS;
}

static void grower_free(grower *g)
{
    free(g->next_local);
    free(g->link_free);
    free(g->heap);
    free(g->children);
}

/* The faster policy's tree and its depth; with me >= 0, *g keeps that
 * position's links (the caller frees it). */
static int fastest_tree(const hmpi__coll_ctx *c, const hmpi__nodes *nd, double bytes, int me,
                        grower *g)
{
    double depth[NPOLICIES];
    for (int policy = 0; policy < NPOLICIES; policy++) {
        int rc = grow(c, nd, bytes, policy, -1, g);
        depth[policy] = g->depth;
        grower_free(g);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    int best = 0;
    for (int policy = 1; policy < NPOLICIES; policy++)
        best = depth[policy] < depth[best] ? policy : best;
    int rc = grow(c, nd, bytes, best, me, g);
    if (rc != MPI_SUCCESS)
        grower_free(g);
    return rc;
}

/* This process's links in the fastest tree rooted at root. */
static int my_links(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__nodes *nd, grower *g)
{
    TRY(hmpi__nodes_make(c, a->root, 0, nd));
    int rc =
        fastest_tree(c, nd, hmpi__coll_block_bytes(c, a), nd->first[nd->my_node] + nd->my_local, g);
    if (rc != MPI_SUCCESS)
        hmpi__nodes_free(nd);
    return rc;
}

int hmpi__bcast_logp(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    grower g;
    TRY(my_links(c, a, &nd, &g));
    int rc =
        hmpi__tree_down(c, g.parent, g.children, g.nchildren, a->recvbuf, a->rcount, a->rtype, 0);
    grower_free(&g);
    hmpi__nodes_free(&nd);
    return rc;
}

int hmpi__reduce_logp(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    grower g;
    const void *result, *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    TRY(my_links(c, a, &nd, &g));
    int rc = hmpi__tree_up(c, g.parent, g.children, g.nchildren, input, a->rcount, a->rtype, a->op,
                           &result);
    if (rc == MPI_SUCCESS && c->rank == a->root && result != a->recvbuf &&
        (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, result, a->rcount, a->rtype, a->recvbuf, a->rcount, a->rtype);
    grower_free(&g);
    hmpi__nodes_free(&nd);
    return rc;
}

/* The tree's depth; the reduction's tree is the same, run upwards. Auto
 * weighs it for eager messages only: its node level lets receivers copy in
 * parallel, which larger messages over a machine's sockets do not (one
 * simulated SMP node of 160 ranks on 20 sockets, reduce of 64 KiB: logp
 * modelled 13.6 us, measured 1089.5; multilane, taken now, 172.4), and
 * over the network a larger message pays a rendezvous at every hop (1024
 * ranks, 64 KiB: 86.7 us for reduce, 111.8 for bcast, modelled 51). */
double hmpi__cost_logp(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    grower g;
    if (hmpi__coll_block_bytes(c, a) > HMPI__EAGER_BYTES ||
        hmpi__nodes_make(c, a->root, 0, &nd) != MPI_SUCCESS)
        return HMPI__COST_NEVER;
    int rc = fastest_tree(c, &nd, hmpi__coll_block_bytes(c, a), -1, &g);
    double depth = g.depth;
    if (rc == MPI_SUCCESS)
        grower_free(&g);
    hmpi__nodes_free(&nd);
    return rc == MPI_SUCCESS ? depth : HMPI__COST_NEVER;
}

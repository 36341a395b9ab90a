/* Pipelined two-tree broadcast (Sanders, Speck and Träff, "Two-tree
 * algorithms for full bandwidth broadcast, reduction and scan", Parallel
 * Computing 35, 2009) over the nodes, fed and drained by two lanes.
 *
 * Tree t carries half t of the buffer: two in-order binary trees over the
 * other nodes, the second shifted by one position, so that a node that
 * forwards in one tree is a leaf of the other and each node's link sends
 * about the buffer once; the root's node feeds both roots. Local rank t of
 * a node (lane t) takes part in tree t, and passes what it gets on through
 * a binomial tree of its node, so that two lanes share the per-message CPU;
 * with many pieces, through a helper that roots that tree (HANDOFF_PIECES).
 * For few pieces, k > 2 k-ary trees (a k-th of the buffer each, k lanes)
 * are shallower (kary_inner), and so are wider node trees (most_radix).
 * Where the schedule has a channel, a node may pass its groups on through
 * its segment instead (segment_group): copied in by the rank that has
 * them, out by the others.
 *
 * A tree's part travels in pieces over the network, and in groups of pieces
 * inside a node (fewer messages where the bytes are cheap). Every process
 * posts all its receives at once; each piece is sent on the moment it
 * arrives (hmpi__sched_round_after), and the root, which has them all,
 * keeps at most WINDOW pieces of a tree on their way, which keeps the link
 * on the first piece instead of sharing it among all of them. Pieces and
 * groups are the cheapest in the machine's cost model. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdio.h>
#include <stdlib.h>

/* Pieces of one tree in flight from the root (forward_piece): enough to
 * cover a synchronous send's round trip to two children (simulated 1024 ranks,
 * 1 MiB: 158 us with 4, 141 with 6 to 16, where the lane leaders' CPU
 * becomes the limit). */
#define WINDOW 8
#define MAX_PIECES 1024
#define MAX_GROUP 64
/* auto takes the two trees only where they pipeline: in this many pieces a
 * tree at least, of at least this many bytes. With fewer, they are a
 * binary tree twice as deep as the k-nomial ones (simulated 1024 ranks,
 * 8 KiB: 23.2 against 22.1 us on 0.25 us links, 54.2 against 34.7 on 1 us). */
#define MIN_PIECES 8 /* over all the trees */
#define MIN_PIECE_BYTES 2048
/* Trees tried: two binary (Sanders et al.), or 4 to MAX_TREES k-ary ones,
 * powers of two (hmpi_bcast_trees forces 2 .. MAX_TREES). auto takes
 * k-ary trees for at most MAX_KARY_PIECES pieces a tree, where the trees'
 * depth is the time: with more, an inner node's k children times the
 * window of pieces share its link at once and each piece waits for all of
 * them (simulated 1024 ranks, 0.3 us a message: 64 KiB 31.5 -> 30.5 us
 * with four trees, 28.9 with eight, on 1 us links 63.5 -> 52.9 and 46.2;
 * 1 MiB with four trees 125.4 -> 183 to 219). */
#define MAX_TREES 8
#define MAX_KARY_PIECES 2
#define MAX_NODE_CHILDREN 32 /* a binomial tree's over 2^32 ranks */
/* Two trees of at least this many pieces each hand off: a lane leader
 * passes each group to one rank of its node (the helper, not a lane
 * leader), which roots the node tree over the others. The lane leader's
 * CPU paces the pipeline: a piece in and two on, and with the node tree
 * four more sends a group of two and the other tree's group in, 1.65 us a
 * piece against its link's 1.2 (SimGrid, 0.3 us a message); a rank busy
 * all the time loses the pace at every idle moment, and the trees' pieces
 * came 1.76 us apart at depth 5 (traced). Handing off, 1.2 us, they come
 * 1.51 us apart (simulated 1 MiB: 1024 ranks 136.4 -> 127.5 us, 256 ranks
 * 127.7 -> 116.0, 4096 ranks 144.9 -> 138.0, 1 us links 167.2 -> 162.2;
 * 512 KiB 83.6 -> 80.1, 256 KiB 56.3 -> 55.3: handoff-trials.csv in
 * doc/results/simulate). With few pieces the helper's hop is the time
 * (64 KiB, one piece: 26.6 -> 46.9 us); of the groups the model prices
 * (pipeline_step) 2 are the best (1 MiB, groups of 1 / 2 / 4 / 8:
 * 145.3 / 127.3 / 133.2 / 139.1). */
#define HANDOFF_PIECES 16

/* What this process does with the pieces of one tree. */
typedef struct role {
    int net_source;              /* rank the pieces come from over the network, or -1 */
    int node_source;             /* rank they come from inside the node, in groups, or -1 */
    int nnet, nnode;             /* how many ranks it sends them on to: */
    int net[MAX_TREES];          /* the tree's children (the tree's root, from the root's node) */
    int node[MAX_NODE_CHILDREN]; /* its children in its node's k-nomial tree, far first */
} role;

/* ---- the two trees over the nodes -------------------------------------- */

/* Links of position pos in the in-order binary tree over [0, n): its
 * parent's position (-1 at the tree's root) and up to two children. */
static void inorder_links(int n, int pos, int *parent, int child[2], int *nchildren)
{
    int lo = 0, hi = n - 1, mid;
    *parent = -1;
    while ((mid = lo + (hi - lo) / 2) != pos) {
        *parent = mid;
        if (pos < mid)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    *nchildren = 0;
    if (lo <= pos - 1)
        child[(*nchildren)++] = lo + (pos - 1 - lo) / 2;
    if (pos + 1 <= hi)
        child[(*nchildren)++] = pos + 1 + (hi - pos - 1) / 2;
}

/* Tree t's positions hold the nodes 1 .. n - 1 (lane order, the root's node
 * is 0), tree 1 shifted back by one. Shifted forward, a leaf switch's
 * nodes near its first one sent three half-streams to one residue of the
 * switches above: under destination-mod-k routing (InfiniBand's fat trees,
 * SimGrid's FAT_TREE) that up-link carried 1.5 times its bandwidth; shifted
 * back, no link of a two-level fat tree carries more than one node's
 * (checked for 16 to 1024 nodes, leaves of 4 to 32), and fewer pieces
 * cross leaves (simulated 1024 ranks, 1 MiB: 158 -> 141 us with WINDOW). */
static int node_at(int t, int pos, int m)
{
    return 1 + (t == 0 ? pos : (pos + m - 1) % m);
}

static int position_of(int t, int index, int m)
{
    return t == 0 ? index - 1 : index % m;
}

/* K > 2 trees: tree t is the k-ary tree in breadth-first order over
 * positions [0, m), position p's children k p + 1 .. k p + k, its
 * positions holding the nodes 1 .. m rotated by t times the count of inner
 * positions, so that a node is inner in one tree at most (two where k does
 * not divide m - 1 evenly): the same bytes cross each link as with two
 * trees, in log_k m levels instead of log_2 m. */
static int kary_inner(int m, int k)
{
    return m > 1 ? (m - 2) / k + 1 : 0;
}

static int kary_node_at(int t, int pos, int m, int k)
{
    return 1 + (pos + t * kary_inner(m, k)) % m;
}

static int kary_position_of(int t, int index, int m, int k)
{
    return ((index - 1 - t * kary_inner(m, k)) % m + m) % m;
}

/* The level of position p (the tree's root: 0). */
static int kary_level(int p, int k)
{
    int level = 0;
    for (; p > 0; p = (p - 1) / k)
        level++;
    return level;
}

static int node_size(const hmpi__nodes *nd, int k)
{
    return nd->first[k + 1] - nd->first[k];
}

/* The rank of lane t on the node at lane index i. */
static int lane_leader(const hmpi__nodes *nd, int i, int t)
{
    int k = hmpi__nodes_lane_index(nd, i);
    return hmpi__nodes_rank(nd, k, t % node_size(nd, k));
}

/* ---- roles ------------------------------------------------------------- */

/* How the buffer is cut: each of `trees` trees carries its part, in
 * `pieces` pieces over the network, which the nodes pass on inside in
 * groups of `group` down k-nomial trees of radix `radix`, or through the
 * node's segment (`segment`: each group copied in once by the rank that has
 * it and out by the others). */
typedef struct cut {
    int count, pieces, group, trees, radix, segment;
} cut;

/* How many ranks a node tree goes round before it moves to the next
 * package: a package's (a node's ranks in path order are its packages one
 * after the other) where they split evenly, else the whole node; on the
 * root's node with the root left out (relay), the whole node. */
static int package_block(int L, int packages, int relay)
{
    return !relay && packages > 1 && L % packages == 0 ? L / packages : L;
}

/* The local rank at position q of a node tree rooted at local rank top:
 * round the root's package first, then each other package in turn, each
 * rotated as the root's (blocks of `per` ranks), so that a k-nomial tree
 * crosses between packages from its top only instead of at every level
 * (smp20e7, 64 KiB, eight trees of radix 8: 64 messages over the sockets'
 * link rotated round the whole node, 8 so); relay: local rank 0 (the root,
 * on the root's node) left out. */
static int local_at(int q, int top, int L, int relay, int per)
{
    int blocks = L / per, j = (q / per + top / per) % blocks * per + (q % per + top % per) % per;
    return relay && j < top ? j + 1 : j;
}

/* The position of local rank j in that tree (local_at's inverse). */
static int position_at(int j, int top, int L, int relay, int per)
{
    int blocks = L / per;
    return (j / per - top / per + blocks) % blocks * per + (j % per - top % per + per) % per -
           (relay && j < top);
}

/* Handoff (HANDOFF_PIECES): the node tree over a node's L ranks but its
 * lane leader (position 0 of local_at's order), rooted at the helper: at
 * position q, local_at's position handoff_at(q); the helper at local_at's
 * position `trees` (not a lane leader: those are 0 .. trees - 1, and go
 * last, where a k-nomial tree's leaves are). */
static int handoff_at(int q, int trees, int L)
{
    return q + trees <= L - 1 ? q + trees : q + trees - (L - 1);
}

/* The position of local_at's position o (not 0) in the handoff tree. */
static int handoff_position(int o, int trees, int L)
{
    return o >= trees ? o - trees : o + L - 1 - trees;
}

/* Does a node of L ranks hand off, the cut being x? Not on nodes of
 * several packages: the helper's tree crosses between them at several
 * levels (simulated 1 MiB, SMP20E7: 404.5 -> 617.8 us), and where a helper
 * kept the lane leader's crossings instead (the first leaf of its package
 * taking its children, f7f3ea1), the link between the packages stayed
 * the bound and the helper's hop only added (NTW10E5 471.6 -> 471.9,
 * SMP20E7 403.5 -> 412.9, SMP12E5 416.1 -> 428.3: handoff-trials.csv). */
static int hands_off(int trees, int pieces, int L, int packages)
{
    return trees == 2 && pieces >= HANDOFF_PIECES && L > trees + 1 && packages < 2;
}

/* Does the largest node hand off, as the model prices the cut? */
static int priced_hands_off(const hmpi__coll_ctx *c, const cut *x)
{
    return !x->segment && hands_off(x->trees, x->pieces, c->largest, c->packages);
}

/* Tree t's network part: where the lane leader gets the pieces (non-root
 * nodes) and the leaders it sends them to. */
static void network_role(const hmpi__nodes *nd, int t, int trees, role *r)
{
    int m = nd->n - 1, me = nd->my_index, parent, child[2], nchildren;
    if (m < 1)
        return;
    if (trees > 2) {
        int p = me == 0 ? -1 : kary_position_of(t, me, m, trees);
        if (p < 0) { /* the root's node feeds the tree's root */
            r->net[r->nnet++] = lane_leader(nd, kary_node_at(t, 0, m, trees), t);
            return;
        }
        parent = p == 0 ? 0 : kary_node_at(t, (p - 1) / trees, m, trees);
        r->net_source = lane_leader(nd, parent, t);
        for (int i = 1; i <= trees && (long)trees * p + i < m; i++)
            r->net[r->nnet++] = lane_leader(nd, kary_node_at(t, trees * p + i, m, trees), t);
        return;
    }
    if (me == 0) { /* the root's node feeds the tree's root, the middle position */
        r->net[r->nnet++] = lane_leader(nd, node_at(t, (m - 1) / 2, m), t);
        return;
    }
    inorder_links(m, position_of(t, me, m), &parent, child, &nchildren);
    r->net_source = lane_leader(nd, parent < 0 ? 0 : node_at(t, parent, m), t);
    for (int i = 0; i < nchildren; i++)
        r->net[r->nnet++] = lane_leader(nd, node_at(t, child[i], m), t);
}

/* Network hops from the root's node to this node in tree t. */
static int node_depth(const hmpi__nodes *nd, int t, int trees)
{
    int m = nd->n - 1, me = nd->my_index, depth = 1, parent, child[2], nchildren;
    if (me == 0 || m < 1)
        return 0;
    if (trees > 2)
        return 1 + kary_level(kary_position_of(t, me, m, trees), trees);
    for (int p = position_of(t, me, m);; p = parent, depth++) {
        inorder_links(m, p, &parent, child, &nchildren);
        if (parent < 0)
            return depth;
    }
}

/* Links of position q in its node's k-nomial tree (hmpi__knomial_links):
 * returns its parent, and its children far first. */
static int node_links(int q, int n, int k, int child[MAX_NODE_CHILDREN], int *nchildren)
{
    long top;
    int parent = hmpi__knomial_links(q, n, k, &top);
    *nchildren = 0;
    for (long w = top; w >= 1; w /= k)
        for (int i = k - 1; i >= 1; i--)
            if (q + i * w < n)
                child[(*nchildren)++] = q + i * (int)w;
    return parent;
}

/* make_role on a node that hands off: the lane leader sends each group to
 * the helper only, which roots the k-nomial tree over the node's others. */
static void handoff_role(const hmpi__nodes *nd, int t, const cut *x, int per, role *r)
{
    int L = nd->local, j = nd->my_local, top = t % L, trees = x->trees;
    int child[MAX_NODE_CHILDREN], nchildren;
    if (j == top) {
        network_role(nd, t, trees, r);
        r->node[r->nnode++] =
            hmpi__nodes_rank(nd, nd->my_node, local_at(handoff_at(0, trees, L), top, L, 0, per));
        return;
    }
    int q = handoff_position(position_at(j, top, L, 0, per), trees, L);
    int parent = node_links(q, L - 1, x->radix, child, &nchildren);
    r->node_source = hmpi__nodes_rank(
        nd, nd->my_node, parent < 0 ? top : local_at(handoff_at(parent, trees, L), top, L, 0, per));
    for (int i = 0; i < nchildren; i++)
        r->node[r->nnode++] = hmpi__nodes_rank(
            nd, nd->my_node, local_at(handoff_at(child[i], trees, L), top, L, 0, per));
}

/* This process's role in tree t: the network part if it is lane t's
 * leader, and the k-nomial tree of its node rooted at that leader (or at
 * its helper: handoff_role). On the root's node, the root roots the node
 * tree of the trees its own lane leads and hands the other trees' pieces
 * one by one to their lanes, which root those trees' node trees over the
 * other ranks: with two trees, the root sends 6 messages a piece instead
 * of 9 (both node trees), the per-message CPU that paced the whole
 * pipeline (simulated 1024 ranks, 64 KiB 36.1 -> 33.5 us, 1 MiB 141.5 ->
 * 135.0). */
static void make_role(const hmpi__nodes *nd, int t, const cut *x, int packages, role *r)
{
    int trees = x->trees, radix = x->radix;
    int L = nd->local, j = nd->my_local, on_root_node = nd->my_index == 0;
    int top = t % L, relay = on_root_node && top != 0; /* the root feeds lane top */
    int n = relay ? L - 1 : L, per = package_block(L, packages, relay);
    int child[MAX_NODE_CHILDREN], nchildren;
    *r = (role){-1, -1, 0, 0, {0}, {0}};
    if (relay && j == 0) {
        r->net[r->nnet++] = hmpi__nodes_rank(nd, nd->my_node, top);
        return;
    }
    if (!x->segment && !on_root_node && hands_off(trees, x->pieces, L, packages)) {
        handoff_role(nd, t, x, per, r);
        return;
    }
    if (j == top)
        network_role(nd, t, trees, r);
    if (relay && j == top)
        r->net_source = hmpi__nodes_rank(nd, nd->my_node, 0);
    if (x->segment) /* the node's others copy the groups out of it (segment_group) */
        return;
    int q = position_at(j, top, L, relay, per);
    int parent = node_links(q, n, radix, child, &nchildren);
    if (parent >= 0)
        r->node_source = hmpi__nodes_rank(nd, nd->my_node, local_at(parent, top, L, relay, per));
    for (int i = 0; i < nchildren; i++)
        r->node[r->nnode++] =
            hmpi__nodes_rank(nd, nd->my_node, local_at(child[i], top, L, relay, per));
}

/* ---- pieces and their cost ------------------------------------------------ */

static int half_lo(const cut *x, int t)
{
    return (int)((long)x->count * t / x->trees);
}

/* First element of piece j of tree t (j = pieces: the half's end). */
static int piece_lo(const cut *x, int t, int j)
{
    int len = half_lo(x, t + 1) - half_lo(x, t);
    return half_lo(x, t) + (int)((long)len * j / x->pieces);
}

/* Levels of a tree over m nodes: in-order binary (two trees), or k-ary. */
static int tree_depth(int m, int trees)
{
    return trees == 2 ? hmpi__ceil_log2(m + 1)
                      : kary_level(m - 1, trees) + 1; /* the last: deepest */
}

/* The messages the rank at local_at's position o of a node tree sends
 * for one group (of a node of n ranks that hands off or not). */
static int node_sends(int o, int n, int k, int trees, int handoff)
{
    int child[MAX_NODE_CHILDREN], nchildren;
    if (!handoff)
        node_links(o, n, k, child, &nchildren);
    else if (o == 0)
        return 1; /* to the helper */
    else
        node_links(handoff_position(o, trees, n), n - 1, k, child, &nchildren);
    return nchildren;
}

/* The most messages a rank of a node sends for one group of every tree:
 * all the trees' node trees run in each node at once, tree t rooted at
 * local rank t (blocks of `per` ranks: local_at). */
static int most_node_sends(int n, int k, int trees, int per, int handoff)
{
    int most = 0;
    for (int j = 0; j < n; j++) {
        int sends = 0;
        for (int t = 0; t < trees; t++)
            sends += node_sends(position_at(j, t % n, n, 0, per), n, k, trees, handoff);
        most = sends > most ? sends : most;
    }
    return most;
}

/* ---- the node's segment ------------------------------------------------------ */

/* Modelled time for a node to pass a group of m bytes of every tree on
 * through its segment: each group copied in by its rank, every tree's out
 * by each other rank. */
static double segment_time(const hmpi__coll_ctx *c, const cut *x, double m)
{
    return hmpi__cost_shm_spread(c, m, x->trees * m);
}

/* Modelled time between two pieces of a tree: the busiest resource's, a
 * node's link, which streams `trees` pieces for every piece of the tree it
 * forwards in (priced at a lone 8 KiB message's share of the bandwidth, the
 * lane leaders' CPU hid behind the link: 1 MiB at 1024 ranks modelled
 * 157.0 us, measured 136.4; streamed, 115.4 and 127.5), or a lane leader's
 * per-message CPU: a piece in and two on, and for each group, the most any
 * rank sends on in all the node trees (one to the helper, handing off) and
 * the other trees' groups in; or, handing off, any other rank's. (Priced
 * with the relay's level and every tree's pieces in, a tuning file's lower
 * gap made the two trees look CPU-bound: groups of 8, 1 MiB 149.3 us where
 * groups of 2 take 125.3.) */
static double pipeline_step(const hmpi__coll_ctx *c, double piece, const cut *x)
{
    const hmpi__cost_model *m = &c->cost;
    double overhead = hmpi__cost_overhead(m);
    double transfer = hmpi__cost_stream(m, piece);
    double link = c->nodes > 1 ? x->trees * transfer : 0;
    if (x->segment) { /* a lane leader: a piece in, two on, its group in, the others' out */
        double g = piece * x->group;
        double lead = 3 * overhead + hmpi__cost_shm_spread(c, g, (x->trees - 1) * g) / x->group;
        double reader = segment_time(c, x, g) / x->group, cpu = lead > reader ? lead : reader;
        return link > cpu ? link : cpu;
    }
    int handoff = priced_hands_off(c, x);
    double fanout = most_node_sends(c->largest, x->radix, x->trees,
                                    package_block(c->largest, c->packages, 0), handoff);
    double lead = handoff ? 1 : fanout; /* what the lane leader sends a group */
    double cpu = (3 + (lead + x->trees - 1.0) / x->group) * overhead;
    double helper = (fanout + x->trees) / x->group * overhead; /* any other rank */
    cpu = helper > cpu ? helper : cpu;
    return link > cpu ? link : cpu;
}

/* When every rank of a node has its group of every tree, which the lane
 * leaders have at time 0: the trees' node trees run at once (tree t rooted
 * at local rank t), and a rank passes the groups on in the order of its
 * schedule, tree by tree, waiting for each (a leaf's receive waits for
 * nothing), each message of any tree a gap after its previous one and
 * each receive an overhead of its time. Priced one tree alone, radix 4
 * looked cheaper than 8 for eight trees of one piece (64 KiB), but each
 * rank is inner in four of them then, and waits in one for a piece that
 * comes late (simulated 1024 ranks: 27.5 against 26.6 us; radix 2 / 16
 * 30.1 / 28.5). Handing off, a lane leader sends to its helper first,
 * which roots the tree over the n - 1 others. NEVER without memory for the
 * scratch. */
static double node_trees_time(int n, int k, int trees, int per, int handoff, double gap,
                              double latency, double receive)
{
    int m = handoff ? n - 1 : n; /* the k-nomial trees' ranks */
    double *arrival = HMPI__ALLOC(double, (size_t)n), *busy = HMPI__ALLOC(double, (size_t)n);
    double last = 0;
    int child[MAX_NODE_CHILDREN], nchildren;
    if (!arrival || !busy) {
        free(arrival);
        free(busy);
        return HMPI__COST_NEVER;
    }
    for (int t = 0; t < trees; t++) {
        int top = t % n;
        arrival[0] = 0;
        if (handoff) { /* the lane leader's send to the helper */
            arrival[0] = busy[top] + latency;
            busy[top] += gap;
        }
        for (int q = 0; q < m; q++) { /* a parent before its children */
            int j = local_at(handoff ? handoff_at(q, trees, n) : q, top, n, 0, per);
            double now = arrival[q];
            node_links(q, m, k, child, &nchildren);
            /* a lane may root two trees */
            double free_at = busy[j] + (q > 0 || handoff ? receive : 0);
            if (nchildren > 0 && free_at > now)
                now = free_at;
            for (int i = 0; i < nchildren; i++)
                arrival[child[i]] = now + i * gap + latency;
            if (nchildren > 0)
                busy[j] = now + nchildren * gap;
            last = now > last ? now : last;
        }
    }
    free(arrival);
    free(busy);
    return last;
}

/* Modelled time for a node's trees to pass a group of m bytes on (the
 * last rank's), and the relay before them on the root's node. */
static double node_tree_time(const hmpi__coll_ctx *c, const cut *x, double m)
{
    const hmpi__cost_model *cm = &c->cost;
    int k = x->radix, trees = x->trees, handoff = priced_hands_off(c, x);
    double latency = hmpi__cost_round(cm, HMPI__LEVEL_NODE, 1, m);
    double gap = hmpi__cost_gap(cm, HMPI__LEVEL_NODE, m);
    double relay = c->nodes > 1 ? latency : 0;
    if (x->segment)
        return segment_time(c, x, m) + relay;
    return node_trees_time(c->largest, k, trees, package_block(c->largest, c->packages, 0), handoff,
                           gap, latency, hmpi__cost_overhead(cm)) +
           relay;
}

/* Modelled time: the first piece down the deepest path (its group inside
 * the last node), then a piece of each tree per step (pipeline_step). */
static double pipeline_cost(const hmpi__coll_ctx *c, double bytes, const cut *x)
{
    const hmpi__cost_model *m = &c->cost;
    double piece = bytes / x->trees / x->pieces;
    int depth_network = c->nodes > 1 ? tree_depth(c->nodes - 1, x->trees) + 1 : 0; /* + root's */
    return depth_network * hmpi__cost_round(m, HMPI__LEVEL_NETWORK, 1, piece) +
           node_tree_time(c, x, piece * x->group) + (x->pieces - 1) * pipeline_step(c, piece, x);
}

/* Node trees of radix 2 up to this (powers of two): wider ones only for
 * at most MAX_KARY_PIECES pieces a tree, where the trees' depth is the
 * time; a pipeline is paced by its ranks' messages a group, the fewest in
 * a binomial tree (simulated 1024 ranks: 64 KiB, one piece, radix 2 / 4 /
 * 8 / 16 30.1 / 27.5 / 26.6 / 28.5 us; 1 MiB, 64 pieces, radix 4 125.3 ->
 * 134.6). On nodes of several packages, binomial trees always: every
 * tree's messages at once share the links between the packages (and their
 * NUMA nodes), which the model does not price, and a wide tree puts k - 1
 * on them at once (simulated 64 KiB, radix 2 / 4 / 8 / 16: SMP20E7 57.0 /
 * 68.7 / 76.7 / 114.4 us, NTW10E5 54.3 / 65.7 / 85.1 / 92.4). */
static int most_radix(const hmpi__coll_ctx *c, int pieces)
{
    int k = 2;
    while (pieces <= MAX_KARY_PIECES && c->packages < 2 && k * 2 <= c->largest &&
           (k * 2 - 1) * hmpi__knomial_levels(c->largest, k * 2) <= MAX_NODE_CHILDREN)
        k *= 2;
    return k;
}

/* The cheapest cut (pipelined: as auto may take it, see MIN_PIECES;
 * powers of two, at least one element a piece, pieces
 * at most HMPI__EAGER_BYTES when there can be enough of them: a larger one
 * waits for a rendezvous round trip at every hop); *cost: its modelled
 * time. */
static cut best_cut(const hmpi__coll_ctx *c, const hmpi__coll_args *a, int pipelined, double *cost)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    cut best = {a->rcount, 1, 1, 2, 2, 0};
    int forced = c->bcast_trees > MAX_TREES ? MAX_TREES : c->bcast_trees;
    *cost = HMPI__COST_NEVER;
    for (int trees = forced ? forced : 2; trees <= (forced ? forced : MAX_TREES); trees *= 2) {
        int most = 1;
        while (most * 2 <= MAX_PIECES && most * 2 * trees <= a->rcount)
            most *= 2;
        for (int k = 1; k <= most; k *= 2) {
            double piece = bytes / trees / k;
            if (piece > HMPI__EAGER_BYTES && k < most)
                continue;
            if (pipelined && (k * trees < MIN_PIECES || piece < MIN_PIECE_BYTES ||
                              (trees > 2 && !forced && k > MAX_KARY_PIECES)))
                continue;
            for (int g = 1; g <= k && g <= MAX_GROUP; g *= 2)
                for (int segment = 0; segment <= (hmpi__nodes_segment_usable(c) && c->largest > 1);
                     segment++)
                    for (int radix = 2; radix <= (segment ? 2 : most_radix(c, k)); radix *= 2) {
                        cut x = {a->rcount, k, g, trees, radix, segment};
                        double t = pipeline_cost(c, bytes, &x);
                        if (t < *cost)
                            *cost = t, best = x;
                    }
        }
    }
    return best;
}

/* Steps of the pipeline (pieces of each tree) a network hop takes, in the
 * model: how much later a tree's pieces come the deeper the node. */
static int hop_steps(const hmpi__coll_ctx *c, const hmpi__coll_args *a, const cut *x)
{
    double piece = hmpi__coll_block_bytes(c, a) / x->trees / x->pieces;
    double hop = hmpi__cost_round(&c->cost, HMPI__LEVEL_NETWORK, 1, piece);
    return (int)(hop / pipeline_step(c, piece, x) + 0.5);
}

/* Over one node, never for auto: the model's node trees start from ranks
 * that the network gave their groups, where on one node only the root has
 * the data (2 ranks, 64 KiB: modelled 2.7 us, measured 19.7). */
double hmpi__cost_twotree(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double cost;
    hmpi__coll_args b = hmpi__bcast_bytes(a); /* as the build cuts (hmpi__bcast_in_bytes) */
    if (c->nodes < 2)
        return HMPI__COST_NEVER;
    best_cut(c, &b, 1, &cost);
    return cost;
}

/* ---- the schedule ----------------------------------------------------------- */

typedef struct pipeline {
    cut x;
    role r[MAX_TREES];
    int through_segment;       /* x.segment, and this node has other ranks */
    int writer[MAX_TREES];     /* through_segment: the segment's rank that copies tree t's in */
    int takes[MAX_TREES];      /* through_segment: does this process copy tree t's out? */
    int delay[MAX_TREES];      /* steps before tree t's first piece is here (its depth) */
    int *net_recv[MAX_TREES];  /* [pieces]: index of each piece's receive */
    int *node_recv[MAX_TREES]; /* [pieces / group]: index of each group's receive */
    int *net_sent[MAX_TREES];  /* [pieces]: index of each piece's first network send */
} pipeline;

static void *piece_at(const hmpi__coll_args *a, const cut *x, int t, int j)
{
    return hmpi__block(a->recvbuf, piece_lo(x, t, j), 1, a->rtype);
}

/* Steps of this process's order: piece j of tree t at step j + delay[t]. */
static int steps(const pipeline *pl)
{
    int most = 0;
    for (int t = 0; t < pl->x.trees; t++)
        most = pl->delay[t] > most ? pl->delay[t] : most;
    return pl->x.pieces + most;
}

/* Every receive at once, in the order the sources send (for each step,
 * the trees' network pieces, then the groups that end there): a source
 * that feeds this process in several trees (its depth one hop less in
 * each, or the same node's), or the root that feeds a relay both ways,
 * must match in that order. */
static int post_receives(hmpi__coll_ctx *c, const hmpi__coll_args *a, pipeline *pl)
{
    const cut *x = &pl->x;
    for (int k = 0, last = steps(pl); k < last; k++) {
        for (int t = 0; t < x->trees; t++) {
            const role *r = &pl->r[t];
            int j = k - pl->delay[t];
            if (r->net_source >= 0 && j >= 0 && j < x->pieces) {
                pl->net_recv[t][j] = hmpi__sched_next_request(c->s);
                TRY(coll_recv(c, piece_at(a, x, t, j), piece_lo(x, t, j + 1) - piece_lo(x, t, j),
                              a->rtype, r->net_source));
            }
        }
        for (int t = 0; t < x->trees; t++) {
            const role *r = &pl->r[t];
            int j = k - pl->delay[t], lo = j + 1 - x->group, hi = j + 1; /* the group ending at j */
            if (r->node_source >= 0 && j >= 0 && j < x->pieces && hi % x->group == 0) {
                pl->node_recv[t][j / x->group] = hmpi__sched_next_request(c->s);
                TRY(coll_recv(c, piece_at(a, x, t, lo), piece_lo(x, t, hi) - piece_lo(x, t, lo),
                              a->rtype, r->node_source));
            }
        }
    }
    return MPI_SUCCESS;
}

/* The receives pieces [lo, hi) of tree t came in (none at the root). */
static int arrivals(const pipeline *pl, int t, int lo, int hi, int *after)
{
    int n = 0;
    if (pl->r[t].node_source >= 0)
        for (int g = lo / pl->x.group; g <= (hi - 1) / pl->x.group; g++)
            after[n++] = pl->node_recv[t][g];
    else if (pl->r[t].net_source >= 0)
        for (int j = lo; j < hi; j++)
            after[n++] = pl->net_recv[t][j];
    return n;
}

/* Piece j of tree t to the tree's children: once it is here and, at the
 * root, once the piece WINDOW before it has reached them (without that
 * pacing every piece would share the link at once). Elsewhere a piece is
 * sent on as it arrives, which paces it already (coll_piece_send).
 * Simulated, 1 MiB, 0.3 us a message, 1024 ranks: 136.4 us; synchronous
 * everywhere 125.3 with their receives free, 168.2 with them charged;
 * standard everywhere 136.1, but 355.5 against 150.2 on 256 ranks without
 * per-message CPU, where nothing spaces the root's pieces. */
static int forward_piece(hmpi__coll_ctx *c, const hmpi__coll_args *a, pipeline *pl, int t, int j)
{
    const role *r = &pl->r[t];
    const cut *x = &pl->x;
    int after[MAX_GROUP + MAX_TREES], n = arrivals(pl, t, j, j + 1, after), earlier = j - WINDOW;
    int at_root = r->net_source < 0, paced_on = at_root && j + WINDOW < x->pieces;
    if (r->nnet == 0)
        return MPI_SUCCESS;
    for (int i = 0; at_root && earlier >= 0 && i < r->nnet; i++)
        after[n++] = pl->net_sent[t][earlier] + i;
    if (n > 0) /* else (the root's first pieces) in the first round */
        TRY(hmpi__sched_round_after(c->s, after, n));
    pl->net_sent[t][j] = hmpi__sched_next_request(c->s);
    for (int i = 0; i < r->nnet; i++)
        TRY(coll_piece_send(c, piece_at(a, x, t, j), piece_lo(x, t, j + 1) - piece_lo(x, t, j),
                            a->rtype, r->net[i], paced_on));
    return MPI_SUCCESS;
}

/* Group g of tree t to the node's children, once all of it is here. */
static int forward_group(hmpi__coll_ctx *c, const hmpi__coll_args *a, pipeline *pl, int t, int g)
{
    const role *r = &pl->r[t];
    const cut *x = &pl->x;
    int after[MAX_GROUP + MAX_TREES], lo = g * x->group, hi = lo + x->group;
    int n = arrivals(pl, t, lo, hi, after);
    if (r->nnode == 0)
        return MPI_SUCCESS;
    if (n > 0)
        TRY(hmpi__sched_round_after(c->s, after, n));
    for (int i = 0; i < r->nnode; i++)
        TRY(coll_send(c, piece_at(a, x, t, lo), piece_lo(x, t, hi) - piece_lo(x, t, lo), a->rtype,
                      r->node[i]));
    return MPI_SUCCESS;
}

/* Group g of tree t to the node's other ranks through the segment, in
 * the generations every rank of the node takes in the same order: its
 * writer copies it in once all of it is here, the others copy it out as
 * soon as it is there. A reader's round waits for none of its requests, so
 * that it does not hold back the pieces it forwards. */
static int segment_group(hmpi__coll_ctx *c, const hmpi__coll_args *a, pipeline *pl, int t, int g)
{
    const cut *x = &pl->x;
    int after[MAX_GROUP + MAX_TREES], lo = g * x->group, hi = lo + x->group;
    int bounds[2] = {piece_lo(x, t, lo), piece_lo(x, t, hi)};
    int n = hmpi__shm_rank(c->shm) == pl->writer[t] ? arrivals(pl, t, lo, hi, after) : 0;
    hmpi__shm_lanes l = {1, bounds, &pl->writer[t], NULL, a->rtype};
    TRY(hmpi__sched_round_after(c->s, after, n));
    return hmpi__shm_lanes_allgather(c, &l, a->recvbuf, pl->takes[t]);
}

/* Where tree t's groups come from in this node's segment: the lane leader
 * that got them over the network, on the root's node the root, which has
 * them all (its relayed lanes have their own tree's already). */
static int segment_roles(hmpi__coll_ctx *c, const hmpi__nodes *nd, pipeline *pl)
{
    int *seg, on_root_node = nd->my_index == 0;
    pl->through_segment = pl->x.segment && nd->local > 1;
    if (!pl->through_segment)
        return MPI_SUCCESS;
    TRY(hmpi__nodes_segment_ranks(c, nd, &seg));
    for (int t = 0; t < pl->x.trees; t++) {
        int top = t % nd->local;
        pl->writer[t] = seg[on_root_node ? 0 : top];
        pl->takes[t] = !(on_root_node && nd->my_local == top);
    }
    return MPI_SUCCESS;
}

static int build(hmpi__coll_ctx *c, const hmpi__coll_args *a, pipeline *pl)
{
    const cut *x = &pl->x;
    for (int t = 0; t < x->trees; t++) {
        pl->net_recv[t] = HMPI__ALLOC(int, (size_t)x->pieces);
        pl->node_recv[t] = HMPI__ALLOC(int, (size_t)x->pieces);
        pl->net_sent[t] = HMPI__ALLOC(int, (size_t)x->pieces);
        if (!pl->net_recv[t] || !pl->node_recv[t] || !pl->net_sent[t])
            return MPI_ERR_NO_MEM;
    }
    TRY(post_receives(c, a, pl));
    /* the rounds in the order the pieces arrive, a tree's pieces the later
     * the deeper this node is in it, each piece on over the network before
     * any group into the node (the order the receives were posted in) */
    for (int k = 0, last = steps(pl); k < last; k++) {
        for (int t = 0, j; t < x->trees; t++)
            if ((j = k - pl->delay[t]) >= 0 && j < x->pieces)
                TRY(forward_piece(c, a, pl, t, j));
        for (int t = 0, j; t < x->trees; t++)
            if ((j = k - pl->delay[t]) >= 0 && j < x->pieces && (j + 1) % x->group == 0)
                TRY(pl->through_segment ? segment_group(c, a, pl, t, j / x->group)
                                        : forward_group(c, a, pl, t, j / x->group));
    }
    return MPI_SUCCESS;
}

static int bcast_twotree(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__nodes nd;
    pipeline pl = {{0, 0, 0, 0, 0, 0}, {{0}}, 0, {0}, {0}, {0}, {NULL}, {NULL}, {NULL}};
    double cost;
    TRY(hmpi__nodes_make(c, a->root, 0, &nd));
    pl.x = best_cut(c, a, 1, &cost);
    if (cost >= HMPI__COST_NEVER) /* forced where it cannot pipeline */
        pl.x = best_cut(c, a, 0, &cost);
    int lag = hop_steps(c, a, &pl.x);
    for (int t = 0; t < pl.x.trees; t++) {
        make_role(&nd, t, &pl.x, c->packages, &pl.r[t]);
        pl.delay[t] = lag * node_depth(&nd, t, pl.x.trees);
    }
    if (c->rank == a->root && hmpi__verbose_enabled()) {
        char how[64] = "through the segment";
        if (!pl.x.segment)
            snprintf(how, sizeof how, "down trees of radix %d%s", pl.x.radix,
                     priced_hands_off(c, &pl.x) ? " from a helper" : "");
        hmpi__verbose("twotree: %d trees, %d pieces a tree, passed on in nodes in groups of %d "
                      "%s, over %d nodes (modelled %.1f us)",
                      pl.x.trees, pl.x.pieces, pl.x.group, how, nd.n, cost);
    }
    int rc = segment_roles(c, &nd, &pl);
    if (rc == MPI_SUCCESS)
        rc = build(c, a, &pl);
    for (int t = 0; t < pl.x.trees; t++) {
        free(pl.net_recv[t]);
        free(pl.node_recv[t]);
        free(pl.net_sent[t]);
    }
    hmpi__nodes_free(&nd);
    return rc;
}

/* Its pieces are cut in bytes: the processes' types may differ. */
int hmpi__bcast_twotree(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return hmpi__bcast_in_bytes(c, a, bcast_twotree);
}

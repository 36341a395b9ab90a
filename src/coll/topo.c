/* Topology-aware collectives. The communication tree follows the hardware:
 * within each object of the hierarchy, the representatives of its children
 * (the root for the child that contains it, else the child's lowest rank)
 * form a binomial tree led by the object's own representative; so each
 * message crosses a level boundary once, and the root stays the conduit of
 * every object that contains it. The tree is computed locally at init from
 * the communicator's locality table (sorted paths, O(p · depth)): no
 * metadata travels at run time, and any rank order works. */
#include "coll/coll.h"

#include <stdlib.h>
#include <string.h>

typedef struct tree {
    const hmpi__loctable *t;
    uint32_t levels;  /* kinds that may split the tree; 0: all */
    const int *order; /* ranks sorted by path */
    int root, me;
    int parent;    /* of me; -1 at the root */
    int *children; /* of me, in sending order (farthest first) */
    int nchildren;
    /* the whole tree: children lists, pre-order positions, subtree sizes */
    int *first_child, *next_sibling, *last_child;
    int *pos;  /* pre-order position of each rank */
    int *span; /* ranks in each rank's subtree */
    int *pre;  /* ranks in pre-order: every subtree is a slice */
    /* the groups that hold me, shallowest first: in each object, the
     * representatives of its units (the object's own first) */
    int ngroups;
    int *gfirst;  /* [ngroups + 1]: group g is gmember[gfirst[g] .. gfirst[g + 1]) */
    int *gmember; /* members of my groups */
    int *glevel;  /* depth of each group's object in the recursion: 0 at the top */
} tree;

typedef struct unit {
    int begin, end; /* range of order[] */
    int rep;
} unit;

static int len_of(const tree *tr, int rank)
{
    return tr->t->len[rank];
}

static int32_t id_at(const tree *tr, int rank, int k)
{
    return tr->t->id[(size_t)rank * tr->t->depth + k];
}

/* First depth >= m of rank's path at a level the tree may use, or -1. */
static int next_level(const tree *tr, int rank, int m)
{
    int len = len_of(tr, rank);
    if (!tr->levels)
        return m < len ? m : -1;
    for (int k = m; k < len; k++)
        if (tr->levels & (1u << tr->t->kind[(size_t)rank * tr->t->depth + k]))
            return k;
    return -1;
}

/* Do ranks a and b share their path from depth m to depth d? */
static int same_objects(const tree *tr, int a, int b, int m, int d)
{
    if (len_of(tr, b) <= d)
        return 0;
    for (int k = m; k <= d; k++)
        if (id_at(tr, a, k) != id_at(tr, b, k))
            return 0;
    return 1;
}

/* Common prefix length of the ranks order[begin..end). */
static int common_prefix(const tree *tr, int begin, int end)
{
    int m = len_of(tr, tr->order[begin]);
    for (int k = begin + 1; k < end; k++) {
        int l = hmpi__loctable_lcp(tr->t, tr->order[k - 1], tr->order[k]);
        m = l < m ? l : m;
    }
    return m;
}

static void add_child(tree *tr, int child)
{
    tr->children[tr->nchildren++] = child;
}

/* Split order[begin..end) (common prefix m) into units: children objects,
 * and ranks whose path ends at the object itself. */
static int units_of(const tree *tr, int begin, int end, int m, unit *u)
{
    int n = 0;
    for (int k = begin; k < end;) {
        int r = tr->order[k], k2 = k + 1, d = next_level(tr, r, m);
        if (d >= 0) /* ranks in the same object of the next usable level */
            while (k2 < end && next_level(tr, tr->order[k2], m) == d &&
                   same_objects(tr, r, tr->order[k2], m, d))
                k2++;
        int rep = r;
        for (int j = k; j < k2; j++) {
            int x = tr->order[j];
            if (x == tr->root) {
                rep = x;
                break;
            }
            rep = x < rep ? x : rep;
        }
        u[n++] = (unit){k, k2, rep};
        k = k2;
    }
    return n;
}

static void attach(tree *tr, int parent, int child)
{
    if (tr->last_child[parent] < 0)
        tr->first_child[parent] = child;
    else
        tr->next_sibling[tr->last_child[parent]] = child;
    tr->last_child[parent] = child;
    if (child == tr->me)
        tr->parent = parent;
    if (parent == tr->me)
        add_child(tr, child);
}

static int by_rep(const void *a, const void *b)
{
    const unit *x = a, *y = b;
    return (x->rep > y->rep) - (x->rep < y->rep);
}

/* Keep the group of units u[0..n) at level if I am one of its members. */
static void note_group(tree *tr, const unit *u, int n, int level)
{
    int mine = 0;
    for (int i = 0; i < n && !mine; i++)
        mine = u[i].rep == tr->me;
    if (!mine)
        return;
    int g = tr->ngroups++, at = tr->gfirst[g];
    for (int i = 0; i < n; i++)
        tr->gmember[at++] = u[i].rep;
    tr->gfirst[g + 1] = at;
    tr->glevel[g] = level;
}

static void build(tree *tr, int begin, int end, int rep, unit *scratch, int level)
{
    int m = common_prefix(tr, begin, end);
    unit *u = scratch;
    int n = units_of(tr, begin, end, m, u);
    for (int i = 0; i < n; i++) /* the group's representative leads */
        if (u[i].rep == rep) {
            unit t = u[0];
            u[0] = u[i];
            u[i] = t;
            break;
        }
    qsort(u + 1, (size_t)(n - 1), sizeof *u, by_rep);
    note_group(tr, u, n, level);
    /* Binomial tree over the units: parent(i) = i without its lowest bit;
     * children are linked biggest subtree first. */
    int top = 1;
    while (top < n)
        top <<= 1;
    for (int i = 0; i < n; i++) {
        int low = i ? (i & -i) : top << 1;
        for (int bit = top; bit > 0; bit >>= 1)
            if (bit < low && (i | bit) < n && (i | bit) != i)
                attach(tr, u[i].rep, u[i | bit].rep);
    }
    /* Recurse into the units that hold several ranks; their own scratch
     * starts after ours (units never outnumber ranks). */
    unit *next = u + n;
    for (int i = 0; i < n; i++)
        if (u[i].end - u[i].begin > 1) {
            unit copy = u[i];
            build(tr, copy.begin, copy.end, copy.rep, next, level + 1);
        }
}

/* Pre-order positions and subtree sizes, iteratively (stack of ranks). */
static void number(tree *tr, int n)
{
    int *stack = tr->span, top = 0, next = 0; /* span doubles as the stack first */
    stack[top++] = tr->root;
    while (top > 0) {
        int x = stack[--top];
        tr->pos[x] = next;
        tr->pre[next++] = x;
        int k = 0;
        for (int ch = tr->first_child[x]; ch >= 0; ch = tr->next_sibling[ch])
            k++;
        /* push children in reverse so that the first one comes out first */
        for (int i = k - 1; i >= 0; i--) {
            int ch = tr->first_child[x];
            for (int j = 0; j < i; j++)
                ch = tr->next_sibling[ch];
            stack[top++] = ch;
        }
    }
    for (int i = 0; i < n; i++)
        tr->span[i] = 1;
    for (int k = n - 1; k >= 0; k--) { /* children come after their parent */
        int x = tr->pre[k];
        for (int ch = tr->first_child[x]; ch >= 0; ch = tr->next_sibling[ch])
            tr->span[x] += tr->span[ch];
    }
}

static void free_tree(tree *tr)
{
    HMPI__FREE_ALL(tr->children, tr->first_child, tr->next_sibling, tr->last_child, tr->pos,
                   tr->span, tr->pre, tr->gfirst, tr->gmember, tr->glevel);
}

/* The tree of comm rooted at root: all of it, and as seen from c->rank. */
static int make_tree(hmpi__coll_ctx *c, int root, tree *tr)
{
    const int *order = hmpi__loctable_order(c->table);
    int n = c->size;
    unit *scratch = HMPI__ALLOC(unit, 2 * (size_t)n + 64);
    memset(tr, 0, sizeof *tr);
    *tr = (tree){.t = c->table,
                 .levels = c->levels,
                 .order = order,
                 .root = root,
                 .me = c->rank,
                 .parent = -1,
                 .children = HMPI__ALLOC(int, n),
                 .first_child = HMPI__ALLOC(int, n),
                 .next_sibling = HMPI__ALLOC(int, n),
                 .last_child = HMPI__ALLOC(int, n),
                 .pos = HMPI__ALLOC(int, n),
                 .span = HMPI__ALLOC(int, n),
                 .pre = HMPI__ALLOC(int, n),
                 /* my groups are nested objects: their units hold distinct
                  * ranks but for me, who leads every group below the first */
                 .gfirst = HMPI__ALLOC(int, (size_t)n + 2),
                 .gmember = HMPI__ALLOC(int, 2 * (size_t)n + 2),
                 .glevel = HMPI__ALLOC(int, (size_t)n + 1)};
    if (!order || !scratch || !tr->children || !tr->first_child || !tr->next_sibling ||
        !tr->last_child || !tr->pos || !tr->span || !tr->pre || !tr->gfirst || !tr->gmember ||
        !tr->glevel) {
        free(scratch);
        free_tree(tr);
        return MPI_ERR_NO_MEM;
    }
    for (int i = 0; i < n; i++)
        tr->first_child[i] = tr->next_sibling[i] = tr->last_child[i] = -1;
    build(tr, 0, n, root, scratch, 0);
    number(tr, n);
    free(scratch);
    return MPI_SUCCESS;
}

/* ---- the node levels through the segment ----------------------------------- *
 * Where the schedule has a channel and the communicator spans nodes, the
 * levels inside a node may be one step through the node's segment instead
 * of their messages: data enters and leaves a node by its representative
 * (the root, or the rank whose parent is on another node), and the tree
 * passes messages between nodes only. That needs every node's ranks to be
 * one subtree (the tree splits at the node level, as it does unless
 * hmpi_levels leaves the node out); each node checks the whole tree, so
 * all decide alike. */

/* The modelled time of the node's part of call a, and whether it goes
 * through the segment (costs, below): the builders' choice and the
 * model's. */
static double node_part(const hmpi__coll_ctx *c, const hmpi__coll_args *a, int *through_segment);

/* This process's part of the tree between nodes, its node's ranks in
 * comm's order (the segment's), in schedule memory. */
typedef struct across {
    int parent;    /* on another node, or -1 */
    int *children; /* on other nodes, in sending order */
    int nchildren;
    int rep;       /* this node's representative */
    int local;     /* ranks on this node */
    int rep_local; /* the representative's segment rank */
    int *ranks;    /* [local]: this node's ranks, segment rank order */
} across;

/* *entered: every node entered by one rank (its representative, entry[m]
 * for node m) and left by it alone, so that the messages between nodes
 * are the representatives' and every node's ranks one subtree. */
static int nodes_entered_once(const tree *tr, const int *machine, int nmachines, int size,
                              int *entry, int *entered)
{
    int *entries = calloc((size_t)nmachines, sizeof(int));
    if (!entries)
        return MPI_ERR_NO_MEM;
    entries[machine[tr->root]] = 1;
    entry[machine[tr->root]] = tr->root;
    for (int x = 0; x < size; x++)
        for (int ch = tr->first_child[x]; ch >= 0; ch = tr->next_sibling[ch])
            if (machine[ch] != machine[x]) {
                entries[machine[ch]]++;
                entry[machine[ch]] = ch;
            }
    *entered = 1;
    for (int m = 0; m < nmachines; m++)
        *entered &= entries[m] <= 1;
    for (int x = 0; *entered && x < size; x++)
        for (int ch = tr->first_child[x]; ch >= 0; ch = tr->next_sibling[ch])
            *entered &= machine[ch] == machine[x] || entry[machine[x]] == x;
    free(entries);
    return MPI_SUCCESS;
}

/* This process's node: its representative, its ranks and theirs in the
 * segment, and, at the representative, its links to other nodes. */
static int fill_across(hmpi__coll_ctx *c, const tree *tr, const int *machine, int rep, across *x)
{
    int mine = machine[c->rank];
    x->rep = rep;
    for (int r = 0; r < c->size; r++)
        x->local += machine[r] == mine;
    x->ranks = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)x->local);
    x->children = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)(tr->nchildren + 1));
    if (!x->ranks || !x->children)
        return MPI_ERR_NO_MEM;
    if (hmpi__shm_size(c->shm) != x->local)
        return MPI_ERR_INTERN; /* the segment is not the node's */
    for (int r = 0, j = 0; r < c->size; r++)
        if (machine[r] == mine) {
            x->rep_local = r == rep ? j : x->rep_local;
            x->ranks[j++] = r;
        }
    if (c->rank != rep)
        return MPI_SUCCESS;
    x->parent = tr->parent;
    for (int i = 0; i < tr->nchildren; i++)
        if (machine[tr->children[i]] != mine)
            x->children[x->nchildren++] = tr->children[i];
    return MPI_SUCCESS;
}

/* *x for the tree, or x->local 0 where the node levels pass messages (a
 * node entered twice). */
static int across_of(hmpi__coll_ctx *c, const tree *tr, across *x)
{
    int nmachines, entered = 0, rc;
    const int *machine = hmpi__loctable_machines(c->table, &nmachines);
    int *entry = machine ? malloc(sizeof(int) * (size_t)nmachines) : NULL;
    *x = (across){.parent = -1};
    rc = entry ? nodes_entered_once(tr, machine, nmachines, c->size, entry, &entered)
               : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && entered)
        rc = fill_across(c, tr, machine, entry[machine[c->rank]], x);
    free(entry);
    return rc;
}

/* The node's representative spreads the bytes of count elements of type
 * at buf (packed when they are not one block) to the node's others. */
static int spread_across(hmpi__coll_ctx *c, const across *x, void *buf, int count,
                         MPI_Datatype type)
{
    size_t n;
    int size, packsize, rep = c->rank == x->rep,
                        contiguous = hmpi__type_is_contiguous(type, count, &n);
    char *at = buf;
    MPI_Type_size(type, &size);
    if (!contiguous) {
        MPI_Pack_size(count, type, c->comm, &packsize);
        if (!(at = hmpi__sched_alloc(c->s, (size_t)packsize)))
            return MPI_ERR_NO_MEM;
        if (rep)
            TRY(hmpi__sched_pack(c->s, buf, count, type, at, packsize));
    }
    hmpi__shm_lanes l = {1, (int[]){0, count * size}, &x->rep_local, NULL, MPI_BYTE};
    TRY(hmpi__shm_lanes_allgather(c, &l, at, !rep));
    return contiguous || rep ? MPI_SUCCESS
                             : hmpi__sched_unpack(c->s, at, count * size, buf, count, type);
}

/* Down the tree between nodes and through each node's segment: at the
 * root (and where no message comes) the segment's step first, as a round's
 * steps come before its sends; at another representative after the message
 * from its parent, not waiting for the sends to its children. */
static int down_across(hmpi__coll_ctx *c, const across *x, void *buf, int count, MPI_Datatype type)
{
    int got = hmpi__sched_next_request(c->s);
    if (x->parent < 0) {
        if (x->local > 1) {
            TRY(hmpi__sched_round(c->s));
            TRY(spread_across(c, x, buf, count, type));
        }
        return c->rank == x->rep
                   ? hmpi__tree_down(c, -1, x->children, x->nchildren, buf, count, type, 0)
                   : MPI_SUCCESS;
    }
    TRY(hmpi__tree_down(c, x->parent, x->children, x->nchildren, buf, count, type, 0));
    TRY(hmpi__sched_round_after(c->s, &got, 1));
    return x->local > 1 ? spread_across(c, x, buf, count, type) : MPI_SUCCESS;
}

/* Up: each node's inputs combined into its representative's accumulator
 * through the segment (a commutative op, a contiguous type), then up the
 * tree between nodes; *result as hmpi__tree_up's. */
static int up_across(hmpi__coll_ctx *c, const across *x, const void *input, void *acc, int count,
                     MPI_Datatype type, MPI_Op op, const void **result)
{
    int rep = c->rank == x->rep;
    if (rep && acc != input)
        TRY(hmpi__sched_copy(c->s, input, count, type, acc, count, type));
    if (x->local > 1) {
        hmpi__shm_lanes l = {1, (int[]){0, count}, &x->rep_local, NULL, type};
        TRY(hmpi__shm_lanes_reduce_scatter(c, &l, rep ? acc : (void *)input, op));
    }
    *result = input;
    return rep ? hmpi__tree_up(c, x->parent, x->children, x->nchildren, acc, count, type, op,
                               result)
               : MPI_SUCCESS;
}

int hmpi__tree_down(hmpi__coll_ctx *c, int parent, const int *children, int nchildren, void *buf,
                    int count, MPI_Datatype type, int one_per_round)
{
    TRY(hmpi__sched_round(c->s));
    if (parent >= 0)
        TRY(coll_recv(c, buf, count, type, parent));
    TRY(hmpi__sched_round(c->s));
    for (int i = 0; i < nchildren; i++) {
        if (one_per_round && i > 0)
            TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, buf, count, type, children[i]));
    }
    return MPI_SUCCESS;
}

int hmpi__tree_up(hmpi__coll_ctx *c, int parent, const int *children, int nchildren,
                  const void *input, int count, MPI_Datatype type, MPI_Op op, const void **result)
{
    const void *acc = input;
    if (nchildren > 0) {
        void *slots = hmpi__sched_scratch(c->s, nchildren * count, type);
        if (!slots)
            return MPI_ERR_NO_MEM;
        TRY(hmpi__sched_round(c->s));
        /* the last child sent to going down has the smallest subtree: its
         * sum comes first (a process that completes its receives one by
         * one, as under SimGrid, pays each receive's overhead in turn) */
        for (int i = nchildren - 1; i >= 0; i--)
            TRY(coll_recv(c, hmpi__block(slots, i, count, type), count, type, children[i]));
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__sched_reduce(c->s, input, slots, count, type, op));
        for (int i = 1; i < nchildren; i++)
            TRY(hmpi__sched_reduce(c->s, hmpi__block(slots, i, count, type), slots, count, type,
                                   op));
        acc = slots;
    }
    if (parent >= 0) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, acc, count, type, parent));
    }
    *result = acc;
    return MPI_SUCCESS;
}

/* Down the hardware tree: all children at once. */
static int down(hmpi__coll_ctx *c, const tree *tr, void *buf, int count, MPI_Datatype type)
{
    return hmpi__tree_down(c, tr->parent, tr->children, tr->nchildren, buf, count, type, 0);
}

/* Down the tree, its node levels through the segment where x has them. */
static int down_or_across(hmpi__coll_ctx *c, const tree *tr, const across *x, void *buf, int count,
                          MPI_Datatype type)
{
    return x->local ? down_across(c, x, buf, count, type) : down(c, tr, buf, count, type);
}

/* Up the tree rooted at root; the result lands in the root's recvbuf. */
static int reduce_to_root(hmpi__coll_ctx *c, const tree *tr, const across *x,
                          const hmpi__coll_args *a, int root)
{
    const void *result;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    if (!x->local)
        TRY(hmpi__tree_up(c, tr->parent, tr->children, tr->nchildren, input, a->rcount, a->rtype,
                          a->op, &result));
    else { /* the root accumulates in its recvbuf, another representative in scratch */
        void *acc = c->rank != x->rep ? NULL
                    : c->rank == root ? a->recvbuf
                                      : hmpi__sched_scratch(c->s, a->rcount, a->rtype);
        if (c->rank == x->rep && !acc)
            return MPI_ERR_NO_MEM;
        TRY(up_across(c, x, input, acc, a->rcount, a->rtype, a->op, &result));
    }
    if (c->rank != root || result == a->recvbuf)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    return hmpi__sched_copy(c->s, result, a->rcount, a->rtype, a->recvbuf, a->rcount, a->rtype);
}

/* The tree rooted at root and, where the call's node levels go through the
 * segment (node_part), this process's part of it between nodes. */
static int make_trees(hmpi__coll_ctx *c, const hmpi__coll_args *a, int root, tree *tr, across *x)
{
    int through_segment;
    *x = (across){.parent = -1};
    TRY(make_tree(c, root, tr));
    node_part(c, a, &through_segment);
    int rc = through_segment ? across_of(c, tr, x) : MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        free_tree(tr);
    else if (c->rank == 0 && hmpi__verbose_enabled())
        hmpi__verbose("hierarchical: the node levels %s",
                      x->local ? "through the segment" : "by messages");
    return rc;
}

int hmpi__bcast_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    TRY(make_trees(c, a, a->root, &tr, &x));
    int rc = down_or_across(c, &tr, &x, a->recvbuf, a->rcount, a->rtype);
    free_tree(&tr);
    return rc;
}

int hmpi__reduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    TRY(make_trees(c, a, a->root, &tr, &x));
    int rc = reduce_to_root(c, &tr, &x, a, a->root);
    free_tree(&tr);
    return rc;
}

int hmpi__allreduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    TRY(make_trees(c, a, 0, &tr, &x));
    int rc = reduce_to_root(c, &tr, &x, a, 0);
    if (rc == MPI_SUCCESS)
        rc = down_or_across(c, &tr, &x, a->recvbuf, a->rcount, a->rtype);
    free_tree(&tr);
    return rc;
}

/* Dissemination among the members of group g: in round k, member i
 * signals member i + 2^k and hears from member i - 2^k (modulo the size). */
static int group_dissemination(hmpi__coll_ctx *c, const tree *tr, int g)
{
    const int *m = tr->gmember + tr->gfirst[g];
    int n = tr->gfirst[g + 1] - tr->gfirst[g], i = 0;
    while (m[i] != c->rank)
        i++;
    for (int dist = 1; dist < n; dist <<= 1) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, NULL, 0, MPI_BYTE, m[(i + dist) % n]));
        TRY(coll_recv(c, NULL, 0, MPI_BYTE, m[(i - dist + n) % n]));
    }
    return MPI_SUCCESS;
}

/* Per-level dissemination. Arrival, deepest level first: each process runs
 * a dissemination in every group it belongs to, so that when the group of
 * an object is done, all of the object's ranks have arrived (each member
 * finished its own object's group first). The members of the top object's
 * group then know that everybody arrived; everybody else is released by
 * the representative that leads its group, down the levels. The expensive
 * top level (the network, on a cluster) runs ⌈log₂ n⌉ rounds and no
 * release. */
int hmpi__barrier_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    (void)a;
    TRY(make_tree(c, 0, &tr));
    int rc = MPI_SUCCESS;
    for (int g = tr.ngroups - 1; g >= 0 && rc == MPI_SUCCESS; g--)
        rc = group_dissemination(c, &tr, g);
    /* my shallowest group: led by me (or at the top), or I wait there */
    if (rc == MPI_SUCCESS && tr.glevel[0] > 0 && tr.gmember[tr.gfirst[0]] != c->rank &&
        (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = coll_recv(c, NULL, 0, MPI_BYTE, tr.gmember[tr.gfirst[0]]);
    int releases = 0; /* members of the groups below the top that I lead */
    for (int g = 0; g < tr.ngroups; g++)
        if (tr.glevel[g] > 0 && tr.gmember[tr.gfirst[g]] == c->rank)
            releases += tr.gfirst[g + 1] - tr.gfirst[g] - 1;
    if (rc == MPI_SUCCESS && releases > 0)
        rc = hmpi__sched_round(c->s);
    for (int g = 0; g < tr.ngroups && rc == MPI_SUCCESS; g++)
        if (tr.glevel[g] > 0 && tr.gmember[tr.gfirst[g]] == c->rank)
            for (int k = tr.gfirst[g] + 1; k < tr.gfirst[g + 1] && rc == MPI_SUCCESS; k++)
                rc = coll_send(c, NULL, 0, MPI_BYTE, tr.gmember[k]);
    free_tree(&tr);
    return rc;
}

/* Packed bytes of one block of the operation, as this process sees it. */
static int block_size(const hmpi__coll_args *a, int use_recv)
{
    int tsize;
    MPI_Type_size(use_recv ? a->rtype : a->stype, &tsize);
    return (use_recv ? a->rcount : a->scount) * tsize;
}

/* The node's blocks of B bytes at their pre-order places of base, each its
 * rank's part (the representative's empty: it has its own). */
static int node_blocks(hmpi__coll_ctx *c, const tree *tr, const across *x, int B,
                       hmpi__shm_lanes *l)
{
    int n = x->local, *lo = hmpi__sched_alloc(c->s, sizeof(int) * 3 * (size_t)n);
    if (!lo)
        return MPI_ERR_NO_MEM;
    int *hi = lo + n, *owner = hi + n;
    for (int j = 0; j < n; j++) {
        lo[j] = tr->pos[x->ranks[j]] * B; /* (at most INT_MAX bytes: the row's limit) */
        hi[j] = j == x->rep_local ? lo[j] : lo[j] + B;
        owner[j] = j;
    }
    *l = (hmpi__shm_lanes){n, lo, owner, hi, MPI_BYTE};
    return MPI_SUCCESS;
}

/* Each node's blocks to its representative through the segment (gather),
 * or from it (scatter). */
static int gather_across(hmpi__coll_ctx *c, const tree *tr, const across *x, char *base, int B)
{
    hmpi__shm_lanes l;
    TRY(node_blocks(c, tr, x, B, &l));
    return hmpi__shm_lanes_allgather(c, &l, base, c->rank == x->rep);
}

static int scatter_across(hmpi__coll_ctx *c, const tree *tr, const across *x, char *base, int B)
{
    hmpi__shm_lanes l;
    TRY(node_blocks(c, tr, x, B, &l));
    return hmpi__shm_lanes_scatter(c, &l, x->rep_local, base);
}

/* Gather up the tree into the slice [pos(me), pos(me) + span(me)) of a
 * packed buffer laid out in pre-order; own block from (buf, count, type);
 * the node levels through the segment where x has them. */
static int gather_up(hmpi__coll_ctx *c, const tree *tr, const across *x, int B, char *packed,
                     const void *own, int count, MPI_Datatype type)
{
    int me = c->rank, parent = x->local ? x->parent : tr->parent;
    int nchildren = x->local ? x->nchildren : tr->nchildren;
    const int *children = x->local ? x->children : tr->children;
    char *base = packed - (size_t)tr->pos[me] * B; /* so that base + pos(x) * B is x's slot */
    if (own)
        TRY(hmpi__sched_pack(c->s, own, count, type, base + (size_t)tr->pos[me] * B, B));
    if (x->local > 1)
        TRY(gather_across(c, tr, x, base, B));
    if (x->local && me != x->rep)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    for (int i = 0; i < nchildren; i++)
        TRY(coll_recv(c, base + (size_t)tr->pos[children[i]] * B, tr->span[children[i]] * B,
                      MPI_PACKED, children[i]));
    if (parent >= 0) {
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, packed, tr->span[me] * B, MPI_PACKED, parent));
    }
    return MPI_SUCCESS;
}

int hmpi__gather_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    int root = c->rank == a->root, B = block_size(a, root);
    TRY(make_trees(c, a, a->root, &tr, &x));
    char *packed = hmpi__sched_scratch(c->s, tr.span[c->rank] * B, MPI_BYTE);
    int rc = packed ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    int in_place = root && a->sendbuf == MPI_IN_PLACE;
    if (rc == MPI_SUCCESS)
        rc = gather_up(c, &tr, &x, B, packed, in_place ? NULL : a->sendbuf, a->scount, a->stype);
    if (rc == MPI_SUCCESS && root && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        for (int j = 0; j < c->size && rc == MPI_SUCCESS; j++) {
            int r = tr.pre[j];
            if (r != c->rank || !in_place)
                rc = hmpi__sched_unpack(c->s, packed + (size_t)j * B, B,
                                        hmpi__block(a->recvbuf, r, a->rcount, a->rtype), a->rcount,
                                        a->rtype);
        }
    free_tree(&tr);
    return rc;
}

/* A scatter's own block: from the packed buffer, or the root's own. */
static int own_block(hmpi__coll_ctx *c, const hmpi__coll_args *a, const char *packed, int B)
{
    if (c->rank != a->root)
        return hmpi__sched_unpack(c->s, packed, B, a->recvbuf, a->rcount, a->rtype);
    if (a->recvbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return hmpi__sched_copy(c->s, hmpi__block(a->sendbuf, c->rank, a->scount, a->stype), a->scount,
                            a->stype, a->recvbuf, a->rcount, a->rtype);
}

/* Down the tree, each subtree's blocks together in pre-order; the node
 * levels through the segment where x has them (as down_across). */
int hmpi__scatter_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    int me = c->rank, root = me == a->root, B = block_size(a, !root);
    TRY(make_trees(c, a, a->root, &tr, &x));
    int parent = x.local ? x.parent : tr.parent, nchildren = x.local ? x.nchildren : tr.nchildren;
    const int *children = x.local ? x.children : tr.children;
    char *packed = hmpi__sched_scratch(c->s, tr.span[me] * B, MPI_BYTE);
    char *base = packed ? packed - (size_t)tr.pos[me] * B : NULL;
    int rc = packed ? MPI_SUCCESS : MPI_ERR_NO_MEM, got = hmpi__sched_next_request(c->s);
    if (rc == MPI_SUCCESS && root) /* the root packs every block in tree order */
        for (int j = 0; j < c->size && rc == MPI_SUCCESS; j++)
            if (tr.pre[j] != me)
                rc = hmpi__sched_pack(c->s, hmpi__block(a->sendbuf, tr.pre[j], a->scount, a->stype),
                                      a->scount, a->stype, packed + (size_t)j * B, B);
    if (rc == MPI_SUCCESS && parent >= 0 && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = coll_recv(c, packed, tr.span[me] * B, MPI_PACKED, parent);
    /* the node's step before the sends (a round's steps come first) where no
     * message comes, at the root; else after the parent's message */
    int node_first = x.local > 1 && parent < 0;
    if (rc == MPI_SUCCESS)
        rc = hmpi__sched_round(c->s);
    if (rc == MPI_SUCCESS && node_first)
        rc = scatter_across(c, &tr, &x, base, B);
    if (rc == MPI_SUCCESS && (x.local < 2 || node_first))
        rc = own_block(c, a, packed, B);
    for (int i = 0; rc == MPI_SUCCESS && i < nchildren; i++)
        rc = coll_send(c, base + (size_t)tr.pos[children[i]] * B, tr.span[children[i]] * B,
                       MPI_PACKED, children[i]);
    if (rc == MPI_SUCCESS && x.local > 1 && !node_first &&
        (rc = hmpi__sched_round_after(c->s, &got, 1)) == MPI_SUCCESS &&
        (rc = scatter_across(c, &tr, &x, base, B)) == MPI_SUCCESS)
        rc = own_block(c, a, packed, B);
    free_tree(&tr);
    return rc;
}

/* Gather to rank 0 up the tree, broadcast the packed whole down, unpack. */
int hmpi__allgather_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    across x;
    int me = c->rank, B = block_size(a, 1), rc;
    TRY(make_trees(c, a, 0, &tr, &x));
    char *all = hmpi__sched_scratch(c->s, c->size * B, MPI_BYTE);
    if (!all) {
        free_tree(&tr);
        return MPI_ERR_NO_MEM;
    }
    const void *own =
        a->sendbuf == MPI_IN_PLACE ? hmpi__block(a->recvbuf, me, a->rcount, a->rtype) : a->sendbuf;
    int count = a->sendbuf == MPI_IN_PLACE ? a->rcount : a->scount;
    MPI_Datatype type = a->sendbuf == MPI_IN_PLACE ? a->rtype : a->stype;
    rc = gather_up(c, &tr, &x, B, all + (size_t)tr.pos[me] * B, own, count, type);
    if (rc == MPI_SUCCESS)
        rc = down_or_across(c, &tr, &x, all, c->size * B, MPI_PACKED);
    if (rc == MPI_SUCCESS)
        rc = hmpi__sched_round(c->s);
    for (int j = 0; j < c->size && rc == MPI_SUCCESS; j++)
        if (tr.pre[j] != me || a->sendbuf != MPI_IN_PLACE)
            rc = hmpi__sched_unpack(c->s, all + (size_t)j * B, B,
                                    hmpi__block(a->recvbuf, tr.pre[j], a->rcount, a->rtype),
                                    a->rcount, a->rtype);
    free_tree(&tr);
    return rc;
}

/* Commutative op: reduce the whole vector to rank 0 up the tree, then
 * scatter its blocks down the tree. */
int hmpi__reduce_scatter_block_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int total = c->size * a->rcount;
    void *whole = NULL;
    if (c->rank == 0 && !(whole = hmpi__sched_scratch(c->s, total, a->rtype)))
        return MPI_ERR_NO_MEM;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    hmpi__coll_args reduce = *a, scatter = *a;
    reduce.coll = HMPI__REDUCE, reduce.sendbuf = input, reduce.recvbuf = whole;
    reduce.scount = reduce.rcount = total, reduce.root = 0;
    scatter.coll = HMPI__SCATTER, scatter.sendbuf = whole, scatter.root = 0;
    scatter.scount = a->rcount, scatter.op = MPI_OP_NULL;
    TRY(hmpi__reduce_hierarchical(c, &reduce));
    return hmpi__scatter_hierarchical(c, &scatter);
}

/* ---- costs ---------------------------------------------------------------- *
 * The tree is a binomial tree per level, each sender's children at once:
 * over the nodes, then inside each (node_part). */

static double round_at(const hmpi__coll_ctx *c, int level, int messages, double bytes)
{
    return hmpi__cost_round(&c->cost, level, messages, bytes);
}

static double network_tree(const hmpi__coll_ctx *c, double bytes)
{
    return hmpi__cost_tree(c, HMPI__LEVEL_NETWORK, c->nodes, bytes);
}

static double node_tree(const hmpi__coll_ctx *c, double bytes)
{
    return hmpi__cost_tree(c, HMPI__LEVEL_NODE, c->largest, bytes);
}

static double levels_tree(const hmpi__coll_ctx *c, double bytes)
{
    return network_tree(c, bytes) + node_tree(c, bytes);
}

/* What the way up adds to the messages between nodes: a combination for
 * each child of the tree's root there, then the result's copy. */
static double combines_across(const hmpi__coll_ctx *c, double bytes)
{
    return (hmpi__ceil_log2(c->nodes) + 1) * hmpi__cost_combine(&c->cost, bytes);
}

/* The node's part of a call, by the levels' messages and through the
 * segment (HMPI__COST_NEVER where it may not): down (bcast), up (reduce),
 * or its blocks up (gather). */
typedef struct part_cost {
    double levels, segment;
} part_cost;

static part_cost part_down(const hmpi__coll_ctx *c, int may, double bytes)
{
    return (part_cost){node_tree(c, bytes),
                       may ? hmpi__cost_shm_spread(c, bytes, bytes) : HMPI__COST_NEVER};
}

static part_cost part_up(const hmpi__coll_ctx *c, int may, double bytes)
{
    return (part_cost){node_tree(c, bytes) +
                           hmpi__ceil_log2(c->largest) * hmpi__cost_combine(&c->cost, bytes),
                       may ? hmpi__cost_shm_lanes_reduce_scatter(c, 1, c->largest, bytes, bytes)
                           : HMPI__COST_NEVER};
}

static part_cost part_gather(const hmpi__coll_ctx *c, int may, double block)
{
    return (part_cost){node_tree(c, block * c->largest / 2),
                       may ? hmpi__cost_shm_spread(c, block, (c->largest - 1) * block)
                           : HMPI__COST_NEVER};
}

static part_cost part_scatter(const hmpi__coll_ctx *c, int may, double block)
{
    return (part_cost){node_tree(c, block * c->largest / 2),
                       may ? hmpi__cost_shm_spread(c, (c->largest - 1) * block, block)
                           : HMPI__COST_NEVER};
}

static part_cost part_sum(part_cost x, part_cost y)
{
    return (part_cost){x.levels + y.levels, x.segment + y.segment};
}

/* May the call's node levels go through the segment: a channel, nodes of
 * several ranks, and for reductions a contiguous type whose element fits
 * the segment's buffer? The same on every rank. */
static int segment_may(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    size_t bytes;
    int size, reduction = a->coll == HMPI__REDUCE || a->coll == HMPI__ALLREDUCE;
    if (!c->shm || c->nodes < 2 || c->largest < 2 ||
        (c->levels && !(c->levels & (1u << HMPI__KIND_MACHINE))))
        return 0;   /* (without the node level the tree's nodes are not subtrees: across_of) */
    if (!reduction) /* (a rooted call's other side may be MPI_DATATYPE_NULL) */
        return 1;
    MPI_Type_size(a->rtype, &size);
    return hmpi__type_is_contiguous(a->rtype, a->rcount, &bytes) && hmpi__shm_lanes_fit(c, 1, size);
}

static double node_part(const hmpi__coll_ctx *c, const hmpi__coll_args *a, int *through_segment)
{
    double bytes = hmpi__coll_block_bytes(c, a);
    int may = segment_may(c, a);
    part_cost x;
    switch (a->coll) {
    case HMPI__BCAST:
        x = part_down(c, may, bytes);
        break;
    case HMPI__REDUCE:
        x = part_up(c, may, bytes);
        break;
    case HMPI__ALLREDUCE:
        x = part_sum(part_up(c, may, bytes), part_down(c, may, bytes));
        break;
    case HMPI__ALLGATHER:
        x = part_sum(part_gather(c, may, bytes), part_down(c, may, bytes * c->size));
        break;
    case HMPI__SCATTER:
        x = part_scatter(c, may, bytes);
        break;
    default: /* gather */
        x = part_gather(c, may, bytes);
    }
    *through_segment = x.segment < x.levels;
    return *through_segment ? x.segment : x.levels;
}

/* Down the tree (bcast) or up (reduce); allreduce goes up, then down. */
double hmpi__cost_tree_hierarchical(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int unused;
    double bytes = hmpi__coll_block_bytes(c, a), node = node_part(c, a, &unused);
    if (a->coll == HMPI__BCAST)
        return network_tree(c, bytes) + node;
    return (a->coll == HMPI__ALLREDUCE ? 2 : 1) * network_tree(c, bytes) +
           combines_across(c, bytes) + node;
}

/* Dissemination among the nodes' representatives, then inside each node,
 * then the release down the tree. */
double hmpi__cost_barrier_hierarchical(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    (void)a;
    return hmpi__ceil_log2(c->nodes) * round_at(c, HMPI__LEVEL_NETWORK, 1, 0) +
           hmpi__ceil_log2(c->largest) * round_at(c, HMPI__LEVEL_NODE, 1, 0) + levels_tree(c, 0);
}

/* gather and scatter: up or down the tree, the blocks of a subtree
 * together; the root's link carries everybody's. */
double hmpi__cost_rooted_hierarchical(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int unused;
    return node_part(c, a, &unused) + network_tree(c, hmpi__coll_block_bytes(c, a) * c->size / 2);
}

/* A gather to the root, then a bcast of everything. */
double hmpi__cost_allgather_hierarchical(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int unused;
    double bytes = hmpi__coll_block_bytes(c, a);
    return node_part(c, a, &unused) + network_tree(c, bytes * c->size / 2) +
           network_tree(c, bytes * c->size);
}

/* A reduction of the whole vector to the root (the builder's), then its
 * scatter. */
double hmpi__cost_reduce_scatter_hierarchical(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__coll_args reduce = *a, scatter = *a;
    reduce.coll = HMPI__REDUCE, reduce.rcount = reduce.scount = a->rcount * c->size;
    scatter.coll = HMPI__SCATTER;
    return hmpi__cost_tree_hierarchical(c, &reduce) + hmpi__cost_rooted_hierarchical(c, &scatter);
}

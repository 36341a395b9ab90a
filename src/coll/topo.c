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

#define TRY(call)                                                                                 \
    do {                                                                                          \
        int rc_ = (call);                                                                         \
        if (rc_ != MPI_SUCCESS)                                                                   \
            return rc_;                                                                           \
    } while (0)

typedef struct tree {
    const hmpi__loctable *t;
    const int *order; /* ranks sorted by path */
    int root, me;
    int parent;    /* -1 at the root */
    int *children; /* of me, in sending order (farthest first) */
    int nchildren;
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
        int r = tr->order[k], k2 = k + 1;
        if (len_of(tr, r) > m)
            while (k2 < end && len_of(tr, tr->order[k2]) > m &&
                   id_at(tr, tr->order[k2], m) == id_at(tr, r, m))
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

static int by_rep(const void *a, const void *b)
{
    const unit *x = a, *y = b;
    return (x->rep > y->rep) - (x->rep < y->rep);
}

static void build(tree *tr, int begin, int end, int rep, unit *scratch)
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
    /* Binomial tree over the units: parent(i) = i without its lowest bit. */
    for (int i = 1; i < n; i++)
        if (u[i].rep == tr->me)
            tr->parent = u[i & (i - 1)].rep;
    for (int i = 0; i < n; i++) {
        if (u[i].rep != tr->me)
            continue;
        int low = i ? (i & -i) : 1 << 30;
        int top = 1;
        while (top < n)
            top <<= 1;
        for (int bit = top; bit > 0; bit >>= 1) /* biggest subtree first */
            if (bit < low && (i | bit) != i && (i | bit) < n)
                add_child(tr, u[i | bit].rep);
    }
    /* Recurse into the units that hold several ranks; their own scratch
     * starts after ours (units never outnumber ranks). */
    unit *next = u + n;
    for (int i = 0; i < n; i++)
        if (u[i].end - u[i].begin > 1) {
            unit copy = u[i];
            build(tr, copy.begin, copy.end, copy.rep, next);
        }
}

/* The tree of comm rooted at root, seen from c->rank. */
static int make_tree(hmpi__coll_ctx *c, int root, tree *tr)
{
    const int *order = hmpi__loctable_order(c->table);
    unit *scratch = HMPI__ALLOC(unit, 2 * (size_t)c->size + 64);
    int *children = HMPI__ALLOC(int, c->size);
    if (!order || !scratch || !children) {
        free(scratch);
        free(children);
        return MPI_ERR_NO_MEM;
    }
    *tr = (tree){c->table, order, root, c->rank, -1, children, 0};
    build(tr, 0, c->size, root, scratch);
    free(scratch);
    return MPI_SUCCESS;
}

static int send(hmpi__coll_ctx *c, const void *buf, int count, MPI_Datatype type, int peer)
{
    return hmpi__sched_send(c->s, buf, count, type, peer, c->tag, c->comm);
}

static int recv(hmpi__coll_ctx *c, void *buf, int count, MPI_Datatype type, int peer)
{
    return hmpi__sched_recv(c->s, buf, count, type, peer, c->tag, c->comm);
}

/* Down the tree: receive from the parent, then send to the children. */
static int down(hmpi__coll_ctx *c, const tree *tr, void *buf, int count, MPI_Datatype type)
{
    TRY(hmpi__sched_round(c->s));
    if (tr->parent >= 0)
        TRY(recv(c, buf, count, type, tr->parent));
    TRY(hmpi__sched_round(c->s));
    for (int i = 0; i < tr->nchildren; i++)
        TRY(send(c, buf, count, type, tr->children[i]));
    return MPI_SUCCESS;
}

/* Up the tree (commutative op): receive all children, combine, send to the
 * parent. *result: the buffer holding this subtree's combination. */
static int up(hmpi__coll_ctx *c, const tree *tr, const void *input, int count, MPI_Datatype type,
              MPI_Op op, const void **result)
{
    const void *acc = input;
    if (tr->nchildren > 0) {
        void **tmp = HMPI__ALLOC(void *, tr->nchildren);
        if (!tmp)
            return MPI_ERR_NO_MEM;
        TRY(hmpi__sched_round(c->s));
        for (int i = 0; i < tr->nchildren; i++) {
            if (!(tmp[i] = hmpi__sched_scratch(c->s, count, type))) {
                free(tmp);
                return MPI_ERR_NO_MEM;
            }
            TRY(recv(c, tmp[i], count, type, tr->children[i]));
        }
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__sched_reduce(c->s, input, tmp[0], count, type, op));
        for (int i = 1; i < tr->nchildren; i++)
            TRY(hmpi__sched_reduce(c->s, tmp[i], tmp[0], count, type, op));
        acc = tmp[0];
        free(tmp);
    }
    if (tr->parent >= 0) {
        TRY(hmpi__sched_round(c->s));
        TRY(send(c, acc, count, type, tr->parent));
    }
    *result = acc;
    return MPI_SUCCESS;
}

static int with_tree(hmpi__coll_ctx *c, int root, tree *tr)
{
    return make_tree(c, root, tr);
}

int hmpi__bcast_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    TRY(with_tree(c, a->root, &tr));
    int rc = down(c, &tr, a->recvbuf, a->rcount, a->rtype);
    free(tr.children);
    return rc;
}

int hmpi__reduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    const void *result;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    TRY(with_tree(c, a->root, &tr));
    int rc = up(c, &tr, input, a->rcount, a->rtype, a->op, &result);
    if (rc == MPI_SUCCESS && c->rank == a->root && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, result, a->rcount, a->rtype, a->recvbuf, a->rcount, a->rtype);
    free(tr.children);
    return rc;
}

int hmpi__allreduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    const void *result;
    const void *input = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    TRY(with_tree(c, 0, &tr));
    int rc = up(c, &tr, input, a->rcount, a->rtype, a->op, &result);
    if (rc == MPI_SUCCESS && c->rank == 0 && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = hmpi__sched_copy(c->s, result, a->rcount, a->rtype, a->recvbuf, a->rcount, a->rtype);
    if (rc == MPI_SUCCESS)
        rc = down(c, &tr, a->recvbuf, a->rcount, a->rtype);
    free(tr.children);
    return rc;
}

int hmpi__barrier_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    tree tr;
    (void)a;
    TRY(with_tree(c, 0, &tr));
    int rc = MPI_SUCCESS;
    if ((rc = hmpi__sched_round(c->s)) == MPI_SUCCESS) /* up: everybody arrived */
        for (int i = 0; i < tr.nchildren && rc == MPI_SUCCESS; i++)
            rc = recv(c, NULL, 0, MPI_BYTE, tr.children[i]);
    if (rc == MPI_SUCCESS && tr.parent >= 0 && (rc = hmpi__sched_round(c->s)) == MPI_SUCCESS)
        rc = send(c, NULL, 0, MPI_BYTE, tr.parent);
    if (rc == MPI_SUCCESS) /* down: release */
        rc = down(c, &tr, NULL, 0, MPI_BYTE);
    free(tr.children);
    return rc;
}

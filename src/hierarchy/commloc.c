/* Locality cached on communicators, in the core's locality slot: shared by
 * duplicates with the same group, freed with the last communicator. */
#include "hierarchy/commloc.h"
#include "core/pmpi.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t commloc_lock = PTHREAD_MUTEX_INITIALIZER;

static void table_free(hmpi__loctable *t)
{
    if (t)
        HMPI__FREE_ALL(t->len, t->id, t->kind, t->node, t->order, t->machine, t);
}

static hmpi__loctable *table_alloc(int n, int depth)
{
    hmpi__loctable *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->n = n;
    t->depth = depth;
    t->len = HMPI__ALLOC(uint8_t, n);
    t->id = HMPI__ALLOC(int32_t, (size_t)n * (size_t)depth);
    t->kind = HMPI__ALLOC(uint8_t, (size_t)n * (size_t)depth);
    if (!t->len || !t->id || !t->kind) {
        table_free(t);
        return NULL;
    }
    return t;
}

static void commloc_destroy(hmpi__shared *obj)
{
    hmpi__commloc *cl = (hmpi__commloc *)obj;
    table_free(cl->table);
    free(cl);
}

static hmpi__commloc *commloc_new(void)
{
    hmpi__commloc *cl = calloc(1, sizeof *cl);
    if (cl)
        hmpi__shared_init(&cl->base, commloc_destroy, NULL);
    return cl;
}

hmpi__commloc *hmpi__commloc_find(MPI_Comm comm)
{
    return (hmpi__commloc *)hmpi__comm_slot(comm, HMPI__SLOT_LOCALITY);
}

/* Ownership of cl moves to comm (released on failure). */
static int cache(MPI_Comm comm, hmpi__commloc *cl)
{
    return hmpi__comm_slot_set(comm, HMPI__SLOT_LOCALITY, &cl->base);
}

/* Real runs: the Machine id is the lowest rank of comm on the node
 * (MPI_COMM_TYPE_SHARED with key = rank puts it at rank 0). */
static int resolve_node(MPI_Comm comm, const hmpi__locality *loc, hmpi__path *path)
{
    MPI_Comm shm;
    MPI_Group shm_group, group;
    int rank, zero = 0, leader, rc;
    MPI_Comm_rank(comm, &rank);
    rc = HMPI__MPI(Comm_split_type)(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shm);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_group(shm, &shm_group);
    MPI_Comm_group(comm, &group);
    MPI_Group_translate_ranks(shm_group, 1, &zero, group, &leader);
    MPI_Group_free(&shm_group);
    MPI_Group_free(&group);
    MPI_Comm_free(&shm);
    path->elem[loc->machine_pos].id = leader;
    return MPI_SUCCESS;
}

/* One allreduce for the depth, one allgather of the paths. */
static int build_table(MPI_Comm comm, hmpi__commloc *cl, const char *fn)
{
    int size, depth = cl->path.len, rc;
    MPI_Comm_size(comm, &size);
    rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, &depth, 1, MPI_INT, MPI_MAX, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    int row = 1 + 2 * depth;
    int *mine = HMPI__ALLOC(int, row);
    int *all = HMPI__ALLOC(int, (size_t)row *(size_t)size);
    hmpi__loctable *t = table_alloc(size, depth);
    if (!mine || !all || !t) {
        rc = hmpi__error_code(MPI_ERR_NO_MEM, fn,
                              "out of memory for the locality table of %d ranks", size);
        goto fn_fail;
    }
    mine[0] = cl->path.len;
    for (int k = 0; k < depth; k++) {
        mine[1 + k] = k < cl->path.len ? cl->path.elem[k].id : -1;
        mine[1 + depth + k] = k < cl->path.len ? cl->path.elem[k].kind : 0;
    }
    rc = HMPI__MPI(Allgather)(mine, row, MPI_INT, all, row, MPI_INT, comm);
    if (rc != MPI_SUCCESS)
        goto fn_fail;
    for (int r = 0; r < size; r++) {
        const int *src = all + (size_t)r * (size_t)row;
        t->len[r] = (uint8_t)src[0];
        for (int k = 0; k < depth; k++) {
            t->id[(size_t)r * depth + k] = src[1 + k];
            t->kind[(size_t)r * depth + k] = (uint8_t)src[1 + depth + k];
        }
    }
    free(mine);
    free(all);
    cl->table = t;
    return MPI_SUCCESS;
fn_fail:
    free(mine);
    free(all);
    table_free(t);
    return rc;
}

int hmpi__commloc_ensure(MPI_Comm comm, int need_table, const char *fn, hmpi__commloc **out)
{
    hmpi__commloc *cl = hmpi__commloc_find(comm);
    int rc;
    if (!cl) {
        const hmpi__locality *loc;
        rc = hmpi__locality_get(fn, &loc);
        if (rc != MPI_SUCCESS)
            return rc;
        if (!(cl = commloc_new()))
            return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
        cl->path = loc->path;
        cl->has_network = loc->has_network;
        if (!loc->is_virtual && (rc = resolve_node(comm, loc, &cl->path)) != MPI_SUCCESS) {
            commloc_destroy(&cl->base);
            return rc;
        }
        if ((rc = cache(comm, cl)) != MPI_SUCCESS)
            return rc;
    }
    if (need_table && !cl->table && (rc = build_table(comm, cl, fn)) != MPI_SUCCESS)
        return rc;
    *out = cl;
    return MPI_SUCCESS;
}

int *hmpi__parent_ranks(MPI_Comm child, MPI_Comm parent)
{
    MPI_Group cg, pg;
    int n;
    MPI_Comm_size(child, &n);
    int *ranks = HMPI__ALLOC(int, n), *prank = HMPI__ALLOC(int, n);
    if (ranks && prank) {
        for (int i = 0; i < n; i++)
            ranks[i] = i;
        MPI_Comm_group(child, &cg);
        MPI_Comm_group(parent, &pg);
        MPI_Group_translate_ranks(cg, n, ranks, pg, prank);
        MPI_Group_free(&cg);
        MPI_Group_free(&pg);
    } else {
        free(prank);
        prank = NULL;
    }
    free(ranks);
    return prank;
}

/* The parent's table rows of the child's ranks. */
static hmpi__loctable *restrict_table(const hmpi__loctable *pt, MPI_Comm child, MPI_Comm parent)
{
    int n;
    MPI_Comm_size(child, &n);
    int *prank = hmpi__parent_ranks(child, parent);
    hmpi__loctable *t = prank ? table_alloc(n, pt->depth) : NULL;
    for (int i = 0; t && i < n; i++) {
        size_t src = (size_t)prank[i] * (size_t)pt->depth, dst = (size_t)i * (size_t)pt->depth;
        t->len[i] = pt->len[prank[i]];
        memcpy(t->id + dst, pt->id + src, (size_t)pt->depth * sizeof *t->id);
        memcpy(t->kind + dst, pt->kind + src, (size_t)pt->depth);
    }
    free(prank);
    return t;
}

int hmpi__commloc_attach_child(MPI_Comm child, const hmpi__commloc *parent, MPI_Comm parent_comm,
                               int kind, uint32_t aliases, int num_comms, int index,
                               hmpi__commloc **out)
{
    hmpi__commloc *cl = commloc_new();
    if (!cl)
        return MPI_ERR_NO_MEM;
    cl->path = parent->path;
    cl->has_network = parent->has_network;
    cl->has_level = 1;
    cl->kind = kind;
    cl->aliases = aliases;
    cl->num_comms = num_comms;
    cl->index = index;
    if (parent->table && !(cl->table = restrict_table(parent->table, child, parent_comm))) {
        commloc_destroy(&cl->base);
        return MPI_ERR_NO_MEM;
    }
    int rc = cache(child, cl);
    if (rc != MPI_SUCCESS)
        return rc;
    if (out)
        *out = cl;
    return MPI_SUCCESS;
}

int hmpi__loctable_lcp(const hmpi__loctable *t, int a, int b)
{
    const int32_t *x = t->id + (size_t)a * t->depth, *y = t->id + (size_t)b * t->depth;
    int n = t->len[a] < t->len[b] ? t->len[a] : t->len[b], k = 0;
    while (k < n && x[k] == y[k])
        k++;
    return k;
}

/* Lexicographic order of paths, a path before its extensions. */
static const hmpi__loctable *sort_table;

static int path_order(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    int k = hmpi__loctable_lcp(sort_table, a, b);
    int la = sort_table->len[a], lb = sort_table->len[b];
    if (k < la && k < lb) {
        int32_t x = sort_table->id[(size_t)a * sort_table->depth + k];
        int32_t y = sort_table->id[(size_t)b * sort_table->depth + k];
        return x < y ? -1 : 1;
    }
    return la != lb ? (la < lb ? -1 : 1) : (a < b ? -1 : a > b);
}

/* bits(values of suffix minima) with a monotonic stack, one direction. */
static void sweep(const int *order, const int *gap, int n, int step, uint32_t *node)
{
    int stack[HMPI__MAX_DEPTH + 2], top = 0;
    uint32_t mask[HMPI__MAX_DEPTH + 2];
    int begin = step > 0 ? 1 : n - 2, end = step > 0 ? n : -1;
    for (int k = begin; k != end; k += step) {
        int v = gap[step > 0 ? k : k + 1]; /* lcp between k and its previous neighbour */
        while (top > 0 && stack[top - 1] >= v)
            top--;
        stack[top] = v;
        mask[top] = (top ? mask[top - 1] : 0) | (1u << v);
        top++;
        node[order[k]] |= mask[top - 1];
    }
}

const uint32_t *hmpi__loctable_nodes(hmpi__loctable *t)
{
    pthread_mutex_lock(&commloc_lock);
    if (!t->node) {
        int *order = HMPI__ALLOC(int, t->n), *gap = HMPI__ALLOC(int, t->n);
        uint32_t *node = HMPI__ALLOC(uint32_t, t->n);
        if (order && gap && node) {
            for (int i = 0; i < t->n; i++)
                order[i] = i;
            sort_table = t;
            qsort(order, (size_t)t->n, sizeof *order, path_order);
            for (int k = 1; k < t->n; k++)
                gap[k] = hmpi__loctable_lcp(t, order[k - 1], order[k]);
            for (int i = 0; i < t->n; i++)
                node[i] = 1u << t->len[i];
            sweep(order, gap, t->n, +1, node);
            sweep(order, gap, t->n, -1, node);
            t->node = node;
            t->order = order;
            node = NULL;
            order = NULL;
        }
        free(order);
        free(gap);
        free(node);
    }
    pthread_mutex_unlock(&commloc_lock);
    return t->node;
}

const int *hmpi__loctable_order(hmpi__loctable *t)
{
    return hmpi__loctable_nodes(t) ? t->order : NULL;
}

/* Depth of the element that makes rank r's node for the collectives, or -1:
 * the Machine, or the Group right below it when the Machine is split into
 * boards (the blades of a NUMAlink machine, which hwloc groups by their
 * NUMA distances). Messages between boards cross a link of their own, a
 * network inside the machine that the collectives price and use as one;
 * inside a board, the packages share memory as a cluster node's do. */
static int node_depth(const hmpi__loctable *t, int r)
{
    const uint8_t *kind = &t->kind[(size_t)r * t->depth];
    for (int k = 0; k < t->len[r]; k++)
        if (kind[k] == HMPI__KIND_MACHINE)
            return k + 1 < t->len[r] && kind[k + 1] == HMPI__KIND_GROUP ? k + 1 : k;
    return -1;
}

/* Consecutive ranks in path order share a node while their common prefix
 * reaches below the node's element. */
static int *number_machines(const hmpi__loctable *t, const int *order, int *count)
{
    int *machine = HMPI__ALLOC(int, t->n), m = -1;
    if (!machine)
        return NULL;
    for (int k = 0; k < t->n; k++) {
        if (k == 0 || hmpi__loctable_lcp(t, order[k - 1], order[k]) <= node_depth(t, order[k]))
            m++;
        machine[order[k]] = m;
    }
    *count = m + 1;
    return machine;
}

int hmpi__starts_node(const int *machine, const int *order, int k)
{
    return k == 0 || machine[order[k]] != machine[order[k - 1]];
}

/* Depth of the package in rank r's path: the highest Package, Die or NUMA
 * node (a package with one NUMA node is named after it), or -1 (one that is
 * the whole node is named after the Machine). */
static int package_depth(const hmpi__loctable *t, int r)
{
    for (int k = 0; k < t->len[r]; k++) {
        int kind = t->kind[(size_t)r * t->depth + k];
        if (kind == HMPI__KIND_PACKAGE || kind == HMPI__KIND_DIE || kind == HMPI__KIND_NUMANODE)
            return k;
    }
    return -1;
}

/* The most and fewest ranks on one node and the most packages one node's
 * ranks live on, in one pass over the ranks in path order (a node's ranks,
 * and its packages, come one after the other). */
static void measure_nodes(hmpi__loctable *t, const int *order)
{
    int start = 0, here = 1, changes = 0;
    t->largest = t->smallest = 0;
    t->packages = 1;
    for (int k = 1; k <= t->n; k++) {
        if (k == t->n || hmpi__starts_node(t->machine, order, k)) {
            int ranks = k - start;
            t->largest = ranks > t->largest ? ranks : t->largest;
            t->smallest = t->smallest == 0 || ranks < t->smallest ? ranks : t->smallest;
            start = k;
            here = 1;
        } else if (hmpi__loctable_lcp(t, order[k - 1], order[k]) <= package_depth(t, order[k])) {
            here++;
            t->packages = here > t->packages ? here : t->packages;
        }
    }
    for (int r = 1; r < t->n; r++)
        changes += t->machine[r] != t->machine[r - 1];
    t->ordered_nodes = changes == t->nmachines - 1; /* each node's ranks are one interval */
}

const int *hmpi__loctable_machines(hmpi__loctable *t, int *nmachines)
{
    const int *order = hmpi__loctable_order(t);
    if (!order)
        return NULL;
    pthread_mutex_lock(&commloc_lock);
    if (!t->machine && (t->machine = number_machines(t, order, &t->nmachines)))
        measure_nodes(t, order);
    pthread_mutex_unlock(&commloc_lock);
    *nmachines = t->nmachines;
    return t->machine;
}

/* Set bits of mask strictly below bit `below`. */
static int popcount_below(uint32_t mask, int below)
{
    return __builtin_popcount(mask & ((1u << below) - 1u));
}

int hmpi__loctable_level(hmpi__loctable *t, int i, int j, int *level)
{
    const uint32_t *node = hmpi__loctable_nodes(t);
    if (!node)
        return MPI_ERR_NO_MEM;
    /* A split happens at each prefix length set in node[i]: i and j stay
     * together through the splits that happen above their common prefix. */
    int shared = i == j ? t->len[i] : hmpi__loctable_lcp(t, i, j);
    *level = popcount_below(node[i], shared);
    return MPI_SUCCESS;
}

/* The shape of a communicator on the machine (shape.h). */
#include "coll/shape.h"

int hmpi__starts_node(const int *machine, const int *order, int k)
{
    return k == 0 || machine[order[k]] != machine[order[k - 1]];
}

void hmpi__node_shape(hmpi__loctable *t, int *nnodes, int *largest, int *smallest)
{
    const int *order = hmpi__loctable_order(t);
    const int *machine = hmpi__loctable_machines(t, nnodes);
    int start = 0;
    *largest = *smallest = 0;
    if (!order || !machine) {
        *nnodes = 0;
        return;
    }
    for (int k = 1; k <= t->n; k++)
        if (k == t->n || hmpi__starts_node(machine, order, k)) {
            int ranks = k - start;
            *largest = ranks > *largest ? ranks : *largest;
            *smallest = *smallest == 0 || ranks < *smallest ? ranks : *smallest;
            start = k;
        }
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

int hmpi__node_packages(hmpi__loctable *t)
{
    int nmachines, most = 1, here = 1;
    const int *order = hmpi__loctable_order(t);
    const int *machine = hmpi__loctable_machines(t, &nmachines);
    if (!order || !machine)
        return 1;
    for (int k = 1; k < t->n; k++) {
        if (hmpi__starts_node(machine, order, k))
            here = 1; /* ranks in path order: a node's packages one after the other */
        else if (hmpi__loctable_lcp(t, order[k - 1], order[k]) <= package_depth(t, order[k]))
            here++;
        most = here > most ? here : most;
    }
    return most;
}

int hmpi__nodes_in_rank_order(hmpi__loctable *t)
{
    int nmachines, changes = 0;
    const int *machine = hmpi__loctable_machines(t, &nmachines);
    if (!machine)
        return 0;
    for (int r = 1; r < t->n; r++)
        changes += machine[r] != machine[r - 1];
    return changes == nmachines - 1; /* each node's ranks are one interval */
}

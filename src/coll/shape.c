/* The shape of a communicator on the machine (shape.h). */
#include "coll/shape.h"

void hmpi__node_shape(hmpi__loctable *t, int *nnodes, int *largest, int *smallest)
{
    if (!hmpi__loctable_machines(t, nnodes)) {
        *nnodes = *largest = *smallest = 0;
        return;
    }
    *largest = t->largest;
    *smallest = t->smallest;
}

int hmpi__node_packages(hmpi__loctable *t)
{
    int nmachines;
    return hmpi__loctable_machines(t, &nmachines) ? t->packages : 1;
}

int hmpi__nodes_in_rank_order(hmpi__loctable *t)
{
    int nmachines;
    return hmpi__loctable_machines(t, &nmachines) ? t->ordered_nodes : 0;
}

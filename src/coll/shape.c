/* The shape of a communicator on the machine (shape.h). */
#include "coll/shape.h"

void hmpi__node_shape(hmpi__loctable *t, hmpi__shape *out)
{
    int nmachines;
    if (!hmpi__loctable_machines(t, &nmachines)) {
        *out = (hmpi__shape){0, 0, 0, 1, 0};
        return;
    }
    *out = (hmpi__shape){nmachines, t->largest, t->smallest, t->packages, t->ordered_nodes};
}

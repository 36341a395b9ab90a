/* The shape of a communicator on the machine, as the algorithms and their
 * costs see it: how many nodes, how many ranks on each, in which order;
 * measured once per locality table (hmpi__loctable_machines), read by every
 * schedule built on it. Private. */
#ifndef HMPI_COLL_SHAPE_H
#define HMPI_COLL_SHAPE_H

#include "hierarchy/commloc.h"

typedef struct hmpi__shape {
    /* how many nodes the table's ranks live on, and the most and fewest
     * ranks on one (all 0 when the table cannot tell) */
    int nodes, largest, smallest;
    /* the most packages (sockets) one node's ranks live on: 1 when every
     * node's ranks share one, or when the table cannot tell */
    int packages;
    /* is every node's set of ranks one interval of ranks (so that multi-lane
     * reductions can combine in rank order, for non-commutative ops)? 0
     * when the table cannot tell */
    int ordered_nodes;
} hmpi__shape;

/* The table's shape, read at once. */
void hmpi__node_shape(hmpi__loctable *t, hmpi__shape *out);

#endif

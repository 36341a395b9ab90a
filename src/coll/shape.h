/* The shape of a communicator on the machine, as the algorithms and their
 * costs see it: how many nodes, how many ranks on each, in which order;
 * measured once per locality table (hmpi__loctable_machines), read by every
 * schedule built on it. Private. */
#ifndef HMPI_COLL_SHAPE_H
#define HMPI_COLL_SHAPE_H

#include "hierarchy/commloc.h"

/* How many nodes the table's ranks live on, and the most and fewest ranks
 * on one (all 0 when the table cannot tell). */
void hmpi__node_shape(hmpi__loctable *t, int *nnodes, int *largest, int *smallest);
/* The most packages (sockets) one node's ranks live on: 1 when every node's
 * ranks share one, or when the table cannot tell. */
int hmpi__node_packages(hmpi__loctable *t);
/* Is every node's set of ranks one interval of ranks (so that multi-lane
 * reductions can combine in rank order, for non-commutative ops)? */
int hmpi__nodes_in_rank_order(hmpi__loctable *t);

#endif

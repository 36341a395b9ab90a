/* Topology-aware placement of application graphs onto the processes of a
 * communicator (Scotch over the hardware hierarchy). Private. */
#ifndef HMPI_SMP_MAPPING_H
#define HMPI_SMP_MAPPING_H

#include "core/config.h"
#include "hierarchy/commloc.h"

/* An undirected weighted graph on n vertices, in CSR form, each edge in the
 * lists of both ends. */
typedef struct hmpi__graph {
    int n;
    int *xadj; /* [n + 1] */
    int *adj;  /* [xadj[n]] */
    int *w;    /* [xadj[n]] */
} hmpi__graph;

/* Place vertex v on slot place[v] (a bijection on 0..n-1); slot s is the
 * process whose row in t is slot_rank[s]; pinned[v] >= 0 fixes vertex v on
 * that slot. Recursive partitioning down the hardware tree with Scotch, then
 * the identity is kept unless the result crosses no more weight at every
 * level. Returns an MPI error class. */
int hmpi__map_graph(hmpi__loctable *t, const int *slot_rank, const hmpi__graph *g,
                    const int *pinned, int effort, int *place);

/* Weight crossing each prefix length: cross[m] (m = 0..t->depth) sums the
 * edges whose ends share fewer than m path elements. */
void hmpi__crossing(const hmpi__loctable *t, const int *slot_rank, const hmpi__graph *g,
                    const int *place, long *cross);

/* Build the CSR graph of n vertices from (u, v, w) triples, merging
 * duplicates by summing; NULL on no memory. */
int hmpi__graph_from_edges(int n, long m, const int *u, const int *v, const int *w, hmpi__graph *g);
void hmpi__graph_free(hmpi__graph *g);

#endif

/* SMP-aware topology functions (Träff 2003): what the graph and Cartesian
 * creators share. Private. */
#ifndef HMPI_SMP_H
#define HMPI_SMP_H

#include "core/entry.h"
#include "smp/mapping.h"

/* Info hmpi_map_effort (or HMPI_MAP_EFFORT); code not raised. */
int hmpi__smp_effort(MPI_Info info, const char *fn, int *effort);

/* Rank 0 of basecomm places the graph (the others pass g == NULL) and
 * broadcasts the placement; place[v] = slot of vertex v. root_failed: rank 0
 * could not build the graph. Collective; code not raised. */
int hmpi__smp_place(MPI_Comm basecomm, const char *fn, int n, const int *slot_rank,
                    const hmpi__graph *g, const int *pinned, int effort, int any_free,
                    int root_failed, int *place);

/* The communicator of the included processes (myslot >= 0), rank = the
 * vertex each serves. Collective. */
int hmpi__smp_ordered_comm(MPI_Comm basecomm, int n, const int *place, int myslot, MPI_Comm *out);

#endif

/* HMPI_Topo_crossing: how much of a topology's edge weight crosses each
 * level of the hardware hierarchy (the quality of a placement). */
#include "core/pmpi.h"
#include "smp/smp.h"

#include "core/comm.h"

#include <stdlib.h>

/* This process's (out-)neighbours in comm's topology; *nb malloc'd.
 * Returns MPI_ERR_TOPOLOGY without one, MPI_ERR_NO_MEM. */
static int neighbours(MPI_Comm comm, int **nb, int *n)
{
    int topo = MPI_UNDEFINED, rank;
    topo = hmpi__topo_kind(comm);
    MPI_Comm_rank(comm, &rank);
    *nb = NULL;
    *n = 0;
    if (topo == MPI_GRAPH) {
        MPI_Graph_neighbors_count(comm, rank, n);
        if ((*nb = HMPI__ALLOC(int, *n)))
            MPI_Graph_neighbors(comm, rank, *n, *nb);
    } else if (topo == MPI_CART) {
        int nd;
        MPI_Cartdim_get(comm, &nd);
        *n = 2 * nd;
        *nb = HMPI__ALLOC(int, *n);
        for (int j = 0; *nb && j < nd; j++)
            MPI_Cart_shift(comm, j, 1, &(*nb)[2 * j], &(*nb)[2 * j + 1]);
    } else if (topo == MPI_DIST_GRAPH) {
        int in, out, weighted;
        MPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
        int *srcs = HMPI__ALLOC(int, in), *w = HMPI__ALLOC(int, 2 * ((size_t)in + out + 1));
        if ((*nb = HMPI__ALLOC(int, out)) && srcs && w)
            MPI_Dist_graph_neighbors(comm, in, srcs, w, out, *nb, w + in + 1);
        free(srcs);
        free(w);
        *n = out;
    } else {
        return MPI_ERR_TOPOLOGY;
    }
    return *nb ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

/* cross[l] += edges to neighbours apart at level l + 1 or below (of depth). */
static int count_crossing(hmpi__loctable *t, int rank, const int *nb, int n, int depth, long *cross)
{
    for (int i = 0; i < n; i++) {
        int level;
        if (nb[i] == MPI_PROC_NULL)
            continue;
        if (hmpi__loctable_level(t, rank, nb[i], &level) != MPI_SUCCESS)
            return MPI_ERR_NO_MEM;
        for (int l = level; l < depth; l++)
            cross[l]++;
    }
    return MPI_SUCCESS;
}

/* The collective part: the common depth, then the sums. */
static int measure(MPI_Comm comm, const char *fn, const int *nb, int n, int maxlevels,
                   long crossing[], int *nlevels)
{
    hmpi__commloc *cl;
    int rank, depth, rc = hmpi__commloc_ensure(comm, 1, fn, &cl);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(comm, &rank);
    if (hmpi__loctable_level(cl->table, rank, rank, &depth) != MPI_SUCCESS)
        depth = -1; /* no memory: still take part */
    if ((rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, &depth, 1, MPI_INT, MPI_MAX, comm)) != MPI_SUCCESS)
        return rc;
    long *cross = HMPI__ALLOC(long, (size_t)depth + 1);
    int failed = !cross || count_crossing(cl->table, rank, nb, n, depth, cross) != MPI_SUCCESS;
    long *sums = HMPI__ALLOC(long, (size_t)depth + 2);
    if (cross && sums) {
        cross[depth] = failed; /* travels with the sums */
        rc = HMPI__MPI(Allreduce)(cross, sums, depth + 1, MPI_LONG, MPI_SUM, comm);
    } else {
        rc = MPI_ERR_NO_MEM; /* the others wait: out of memory is beyond recovery */
    }
    if (rc == MPI_SUCCESS && sums[depth] > 0)
        rc = hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    for (int l = 0; rc == MPI_SUCCESS && l < depth && l < maxlevels; l++)
        crossing[l] = sums[l] / 2; /* each edge was seen from both ends */
    if (rc == MPI_SUCCESS)
        *nlevels = depth;
    free(cross);
    free(sums);
    return rc;
}

int HMPI_Topo_crossing(MPI_Comm comm, int maxlevels, long crossing[], int *nlevels)
{
    static const char fn[] = "HMPI_Topo_crossing";
    int *nb = NULL, n = 0, rc = MPI_SUCCESS;
    HMPI__ERRTEST_COMM(comm, "comm", rc, fn);
    HMPI__ERRTEST_ARGNULL(nlevels, "nlevels", rc, fn);
    HMPI__ERRTEST(maxlevels > 0 && !crossing, rc, MPI_ERR_ARG, fn, "argument 'crossing' is NULL");
    rc = neighbours(comm, &nb, &n);
    HMPI__ERRTEST(rc == MPI_ERR_TOPOLOGY, rc, MPI_ERR_TOPOLOGY, fn,
                  "the communicator has no graph or Cartesian topology");
    HMPI__ERRTEST(rc != MPI_SUCCESS, rc, MPI_ERR_NO_MEM, fn, "out of memory");
    rc = measure(comm, fn, nb, n, maxlevels, crossing, nlevels);
    free(nb);
    if (rc == MPI_SUCCESS)
        return rc;
fn_fail:
    return hmpi__raise(comm, rc);
}

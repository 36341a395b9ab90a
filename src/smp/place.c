/* Placement shared by the graph and Cartesian creators: effort, the
 * placement computed on rank 0 and broadcast, the reordered communicator. */
#include "core/pmpi.h"
#include "smp/smp.h"

#include <stdlib.h>

int hmpi__smp_effort(MPI_Info info, const char *fn, int *effort)
{
    hmpi__cfg_value v;
    int rc = hmpi__config_get(HMPI__CFG_MAP_EFFORT, info, fn, &v);
    *effort = rc == MPI_SUCCESS ? v.number : HMPI__EFFORT_DEFAULT;
    return rc;
}

/* HMPI_VERBOSE: the weight the placement leaves crossing each level. */
static void report_crossing(const char *fn, const hmpi__loctable *t, const int *slot_rank,
                            const hmpi__graph *g, const int *place)
{
    long *cross = HMPI__ALLOC(long, (size_t)t->depth + 1);
    if (!cross)
        return;
    hmpi__crossing(t, slot_rank, g, place, cross);
    for (int m = 1; m <= t->depth; m++)
        hmpi__verbose("%s: weight crossing prefix length %d: %ld", fn, m, cross[m]);
    free(cross);
}

int hmpi__smp_place(MPI_Comm basecomm, const char *fn, int n, const int *slot_rank,
                    const hmpi__graph *g, const int *pinned, int effort, int any_free,
                    int root_failed, int *place)
{
    hmpi__commloc *cl;
    int rank, rc = hmpi__commloc_ensure(basecomm, 1, fn, &cl);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(basecomm, &rank);
    for (int v = 0; v < n; v++)
        place[v] = v;
    if (!any_free)
        return MPI_SUCCESS;
    if (rank == 0 &&
        (root_failed || hmpi__map_graph(cl->table, slot_rank, g, pinned, effort, place)))
        place[0] = -1; /* no memory: tell everybody */
    if (rank == 0 && place[0] >= 0 && hmpi__verbose_enabled())
        report_crossing(fn, cl->table, slot_rank, g, place);
    if ((rc = HMPI__MPI(Bcast)(place, n, MPI_INT, 0, basecomm)) != MPI_SUCCESS)
        return rc;
    if (n > 0 && place[0] < 0)
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory while placing");
    return MPI_SUCCESS;
}

int hmpi__smp_ordered_comm(MPI_Comm basecomm, int n, const int *place, int myslot, MPI_Comm *out)
{
    int key = 0;
    for (int v = 0; v < n; v++)
        if (place[v] == myslot)
            key = v;
    return MPI_Comm_split(basecomm, myslot >= 0 ? 0 : MPI_UNDEFINED, key, out);
}

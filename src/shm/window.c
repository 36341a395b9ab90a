/* Shared-memory windows for users (hmpi.h, HMPI_Win_allocate_shared): the
 * node's memory as the collectives use it, each rank's part placed where
 * the rank runs, for hybrid MPI+MPI programs on a level communicator. */
#include "core/entry.h"
#include "core/pmpi.h"
#include "shm/shm_internal.h"

#include <string.h>

/* Do all of comm's ranks share memory (one MPI_COMM_TYPE_SHARED
 * communicator)? The same answer everywhere. Collective. */
static int shares_memory(MPI_Comm comm, int *all)
{
    MPI_Comm node;
    int size, nsize;
    TRY(HMPI__MPI(Comm_split_type)(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    MPI_Comm_size(comm, &size);
    MPI_Comm_size(node, &nsize);
    MPI_Comm_free(&node);
    *all = nsize == size;
    return HMPI__MPI(Allreduce)(MPI_IN_PLACE, all, 1, MPI_INT, MPI_MIN, comm);
}

/* The window, each part first touched (zeroed) by its owner. */
static int allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void **base,
                    MPI_Win *win)
{
    MPI_Info hints;
    int rc;
    if (info == MPI_INFO_NULL)
        HMPI__MPI(Info_create)(&hints);
    else
        MPI_Info_dup(info, &hints);
    MPI_Info_set(hints, "alloc_shared_noncontig", "true");
    rc = MPI_Win_allocate_shared(size, disp_unit, hints, comm, base, win);
    MPI_Info_free(&hints);
    if (rc != MPI_SUCCESS)
        return rc;
    if (size > 0)
        memset(*base, 0, (size_t)size);
    return HMPI__MPI(Barrier)(comm); /* every part zeroed before anyone reads it */
}

int HMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                             void *baseptr, MPI_Win *win)
{
    static const char fn[] = "HMPI_Win_allocate_shared";
    int rc = MPI_SUCCESS, all;
    void *base = NULL;
    MPI_Win made = MPI_WIN_NULL;
    HMPI__ERRTEST_COMM(comm, "comm", rc, fn);
    HMPI__ERRTEST(size < 0, rc, MPI_ERR_SIZE, fn, "argument 'size' (%ld) is negative", (long)size);
    HMPI__ERRTEST(disp_unit <= 0, rc, MPI_ERR_DISP, fn, "argument 'disp_unit' (%d) is not positive",
                  disp_unit);
    HMPI__ERRTEST_ARGNULL(baseptr, "baseptr", rc, fn);
    HMPI__ERRTEST_ARGNULL(win, "win", rc, fn);
    if ((rc = shares_memory(comm, &all)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    HMPI__ERRTEST(!all, rc, MPI_ERR_COMM, fn,
                  "argument 'comm' has ranks that do not share memory (split it first: "
                  "MPI_COMM_TYPE_SHARED, or a guided split to a level of the node)");
    if ((rc = allocate(size, disp_unit, info, comm, &base, &made)) != MPI_SUCCESS)
        return hmpi__raise(comm, hmpi__error_code(rc, fn, "MPI_Win_allocate_shared failed"));
    *(void **)baseptr = base;
    *win = made;
    return MPI_SUCCESS;
fn_fail:
    return hmpi__raise(comm, rc);
}

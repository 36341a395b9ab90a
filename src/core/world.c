/* The process's world (core/world.h). */
#include "core/world.h"

#include "hmpi_internal.h"

/* Under Sessions: mpi://WORLD (set by the first session, before any use),
 * and the sessions open. */
static int session_rank, session_size, sessions;

int hmpi__world_model(void)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    return initialized && !finalized;
}

int hmpi__mpi_usable(void)
{
    return __atomic_load_n(&sessions, __ATOMIC_ACQUIRE) > 0 || hmpi__world_model();
}

void hmpi__world_position(int *rank, int *size)
{
    if (hmpi__world_model()) {
        MPI_Comm_rank(MPI_COMM_WORLD, rank);
        MPI_Comm_size(MPI_COMM_WORLD, size);
        return;
    }
    int n = __atomic_load_n(&session_size, __ATOMIC_ACQUIRE);
    *rank = n > 0 ? __atomic_load_n(&session_rank, __ATOMIC_RELAXED) : 0;
    *size = n > 0 ? n : 1;
}

void hmpi__world_session_begin(int rank, int size)
{
    if (size > 0) {
        __atomic_store_n(&session_rank, rank, __ATOMIC_RELAXED);
        __atomic_store_n(&session_size, size, __ATOMIC_RELEASE);
    }
    __atomic_add_fetch(&sessions, 1, __ATOMIC_ACQ_REL);
}

int hmpi__world_session_end(void)
{
    return __atomic_sub_fetch(&sessions, 1, __ATOMIC_ACQ_REL);
}

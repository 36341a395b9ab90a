/* The process's world (core/world.h). */
#include "core/world.h"

#include "hmpi_internal.h"

#include <pthread.h>

/* Under Sessions: mpi://WORLD as the latest session told, a communicator
 * of mpi://SELF, and the sessions open. */
static pthread_mutex_t world_lock = PTHREAD_MUTEX_INITIALIZER;
static int session_rank, session_size, sessions;
static MPI_Comm session_self = MPI_COMM_NULL;

int hmpi__world_model(void)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    return initialized && !finalized;
}

int hmpi__world_sessions(void)
{
    return __atomic_load_n(&sessions, __ATOMIC_ACQUIRE);
}

int hmpi__mpi_usable(void)
{
    return hmpi__world_sessions() > 0 || hmpi__world_model();
}

int hmpi__world_position(int *rank, int *size)
{
    if (hmpi__world_model()) {
        MPI_Comm_rank(MPI_COMM_WORLD, rank);
        MPI_Comm_size(MPI_COMM_WORLD, size);
        return 0;
    }
    pthread_mutex_lock(&world_lock);
    *rank = session_rank;
    *size = session_size;
    pthread_mutex_unlock(&world_lock);
    return *size > 0 ? 0 : -1;
}

MPI_Comm hmpi__world_self(void)
{
    if (hmpi__world_model())
        return MPI_COMM_SELF;
    pthread_mutex_lock(&world_lock);
    MPI_Comm self = session_self;
    pthread_mutex_unlock(&world_lock);
    return self;
}

void hmpi__world_session_begin(int rank, int size, MPI_Comm self)
{
    pthread_mutex_lock(&world_lock);
    if (size > 0)
        session_rank = rank, session_size = size;
    if (session_self == MPI_COMM_NULL)
        session_self = self;
    __atomic_add_fetch(&sessions, 1, __ATOMIC_ACQ_REL);
    pthread_mutex_unlock(&world_lock);
}

MPI_Comm hmpi__world_release_self(void)
{
    pthread_mutex_lock(&world_lock);
    MPI_Comm self = session_self;
    session_self = MPI_COMM_NULL;
    pthread_mutex_unlock(&world_lock);
    return self;
}

void hmpi__world_session_end(void)
{
    pthread_mutex_lock(&world_lock);
    if (sessions > 0)
        __atomic_sub_fetch(&sessions, 1, __ATOMIC_ACQ_REL);
    pthread_mutex_unlock(&world_lock);
}

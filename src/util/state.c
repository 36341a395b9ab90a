/* The finalize hook: MPI deletes MPI_COMM_SELF's attributes first in
 * MPI_Finalize, while MPI is still fully usable, so every module releases
 * its communicator attributes, keyvals and caches from there. */
#include "util/state.h"
#include "hmpi_internal.h"

#include <pthread.h>

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static int self_keyval = MPI_KEYVAL_INVALID;

static int finalize_hook(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)value;
    (void)extra;
    hmpi__iso_release();
    hmpi__coll_release(); /* frees private duplicates: before the locality */
    hmpi__commloc_release();
    hmpi__locality_release();
    hmpi__error_release();
    pthread_mutex_lock(&state_lock);
    MPI_Comm_free_keyval(&keyval);
    self_keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&state_lock);
    return MPI_SUCCESS;
}

void hmpi__state_ensure(void)
{
    pthread_mutex_lock(&state_lock);
    if (self_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, finalize_hook, &self_keyval, NULL) ==
            MPI_SUCCESS)
        MPI_Comm_set_attr(MPI_COMM_SELF, self_keyval, NULL);
    pthread_mutex_unlock(&state_lock);
}

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

int hmpi__keyval_get(hmpi__keyval *kv, MPI_Comm_copy_attr_function *copy,
                     MPI_Comm_delete_attr_function *del)
{
    hmpi__state_ensure();
    pthread_mutex_lock(&kv->lock);
    if (kv->keyval == MPI_KEYVAL_INVALID)
        MPI_Comm_create_keyval(copy, del, &kv->keyval, NULL);
    int k = kv->keyval;
    pthread_mutex_unlock(&kv->lock);
    return k;
}

void hmpi__keyval_release(hmpi__keyval *kv)
{
    void *v;
    int flag = 0;
    pthread_mutex_lock(&kv->lock);
    int k = kv->keyval;
    pthread_mutex_unlock(&kv->lock);
    if (k == MPI_KEYVAL_INVALID)
        return;
    MPI_Comm_get_attr(MPI_COMM_WORLD, k, &v, &flag);
    if (flag)
        MPI_Comm_delete_attr(MPI_COMM_WORLD, k);
    pthread_mutex_lock(&kv->lock);
    MPI_Comm_free_keyval(&kv->keyval);
    kv->keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&kv->lock);
}

/* Library-wide state: created on first use, released when MPI_Finalize runs
 * (delete callback of an attribute on MPI_COMM_SELF). */
#ifndef HMPI_UTIL_STATE_H
#define HMPI_UTIL_STATE_H

/* Make sure the finalize hook is installed. Idempotent and thread-safe. */
void hmpi__state_ensure(void);

#include "hmpi_internal.h"

#include <pthread.h>

/* A module's communicator keyval, created on first use (thread-safe). */
typedef struct hmpi__keyval {
    pthread_mutex_t lock;
    int keyval;
} hmpi__keyval;
#define HMPI__KEYVAL_INIT                                                                          \
    {                                                                                              \
        PTHREAD_MUTEX_INITIALIZER, MPI_KEYVAL_INVALID                                              \
    }

int hmpi__keyval_get(hmpi__keyval *kv, MPI_Comm_copy_attr_function *copy,
                     MPI_Comm_delete_attr_function *del);
/* At finalize: delete the attribute of MPI_COMM_WORLD (MPI does not promise
 * to at finalize) and free the keyval. */
void hmpi__keyval_release(hmpi__keyval *kv);

/* Release hooks of the modules, called once from the finalize hook. */
void hmpi__error_release(void);
void hmpi__locality_release(void);
void hmpi__commloc_release(void);
void hmpi__coll_release(void);
void hmpi__iso_release(void);

#endif

/* The finalize trigger: MPI deletes MPI_COMM_SELF's attributes first in
 * MPI_Finalize (MPI 3.1 §8.7.1), while MPI is still fully usable, so the
 * delete callback of an attribute there runs every registered hook. Under
 * MPI 4.0's Sessions alone, the sessions layer runs them as the last
 * session ends. The core
 * knows no module: each registers its own release. */
#include "core/finalize.h"
#include "core/error.h"
#include "core/world.h"

#include <pthread.h>

#define MAX_HOOKS 32

static pthread_mutex_t finalize_lock = PTHREAD_MUTEX_INITIALIZER;
static int self_keyval = MPI_KEYVAL_INVALID;
static hmpi__finalize_hook *hooks[MAX_HOOKS];
static int nhooks;

/* Every registered hook, in reverse order, then the error codes. */
static void run_all(int usable)
{
    pthread_mutex_lock(&finalize_lock);
    int n = nhooks;
    nhooks = 0;
    pthread_mutex_unlock(&finalize_lock);
    while (n > 0)
        hooks[--n](usable);
    hmpi__error_release(); /* last: the hooks may still create error codes */
}

static int run_hooks(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)value;
    (void)extra;
    pthread_mutex_lock(&finalize_lock);
    self_keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&finalize_lock);
    int usable = hmpi__world_model(); /* SMPI: called after finalize */
    run_all(usable);
    if (usable)
        MPI_Comm_free_keyval(&keyval);
    return MPI_SUCCESS;
}

void hmpi__finalize_run(void)
{
    if (!hmpi__world_model()) /* (else MPI_Finalize's trigger runs them) */
        run_all(1);
}

/* Caller holds the lock. */
static void install_trigger(void)
{
    /* (under Sessions alone there is no MPI_COMM_SELF: the last session's
     * end runs the hooks, hmpi__finalize_run) */
    if (self_keyval != MPI_KEYVAL_INVALID || !hmpi__world_model())
        return;
    if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, run_hooks, &self_keyval, NULL) == MPI_SUCCESS)
        MPI_Comm_set_attr(MPI_COMM_SELF, self_keyval, NULL);
}

void hmpi__at_finalize(hmpi__finalize_hook *hook)
{
    pthread_mutex_lock(&finalize_lock);
    install_trigger();
    int known = 0;
    for (int i = 0; i < nhooks && !known; i++)
        known = hooks[i] == hook;
    if (!known && nhooks < MAX_HOOKS)
        hooks[nhooks++] = hook;
    pthread_mutex_unlock(&finalize_lock);
}

void hmpi__finalize_ensure(void)
{
    pthread_mutex_lock(&finalize_lock);
    install_trigger();
    pthread_mutex_unlock(&finalize_lock);
}

/* The per-communicator context (see comm.h). */
#include "core/comm.h"
#include "core/error.h"
#include "core/finalize.h"
#include "core/world.h"
#include "util/tls.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct comm_ctx {
    pthread_mutex_t lock;
    MPI_Comm dup; /* private duplicate, MPI_COMM_NULL until needed */
    int next_tag; /* atomic */
    int uses;     /* atomic: hmpi__comm_count_use */
    int tag_ub;
    MPI_Group origin; /* copied by MPI: the group of the communicator copied */
    int unverified;   /* copied by MPI: slots not yet checked against comm */
    hmpi__shared *slot[HMPI__NSLOTS];
} comm_ctx;

static pthread_mutex_t keyval_lock = PTHREAD_MUTEX_INITIALIZER;
static int ctx_keyval = MPI_KEYVAL_INVALID;
/* Set while this thread makes a private duplicate, which needs no context. */
static _Thread_local int making_private_dup;

/* ---- shared objects ------------------------------------------------------ */

void hmpi__shared_init(hmpi__shared *obj, void (*destroy)(hmpi__shared *),
                       int (*fits)(const hmpi__shared *, MPI_Comm))
{
    obj->refs = 1;
    obj->destroy = destroy;
    obj->fits = fits;
    obj->retire = NULL;
}

void hmpi__shared_ref(hmpi__shared *obj)
{
    __atomic_add_fetch(&obj->refs, 1, __ATOMIC_RELAXED);
}

void hmpi__shared_unref(hmpi__shared *obj)
{
    if (obj && __atomic_sub_fetch(&obj->refs, 1, __ATOMIC_ACQ_REL) == 0)
        obj->destroy(obj);
}

/* ---- the attribute ------------------------------------------------------- */

static comm_ctx *ctx_new(void)
{
    comm_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    pthread_mutex_init(&c->lock, NULL);
    c->dup = MPI_COMM_NULL;
    c->origin = MPI_GROUP_NULL;
    return c;
}

static void drop_slots(comm_ctx *c)
{
    for (int i = 0; i < HMPI__NSLOTS; i++) {
        hmpi__shared_unref(c->slot[i]);
        c->slot[i] = NULL;
    }
}

/* Bumped whenever a context goes: a handle remembered by find() may then
 * name another communicator (handles are reused). */
static uint64_t ctx_generation;

/* This thread's last context found: the blocking collectives' fast path
 * looks a communicator's context up several times a call. */
typedef struct found_ctx {
    MPI_Comm comm;
    comm_ctx *ctx;
    uint64_t generation;
} found_ctx;

static _Thread_local found_ctx last_found;

static void ctx_free(comm_ctx *c)
{
    __atomic_add_fetch(&ctx_generation, 1, __ATOMIC_ACQ_REL);
    /* a copy never verified holds what its origin made: that one retires it */
    for (int i = 0; i < HMPI__NSLOTS && !c->unverified; i++)
        if (c->slot[i] && c->slot[i]->retire)
            c->slot[i]->retire(c->slot[i]);
    drop_slots(c);
    if (c->dup != MPI_COMM_NULL)
        MPI_Comm_free(&c->dup);
    if (c->origin != MPI_GROUP_NULL)
        MPI_Group_free(&c->origin);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* MPI copies the attribute: share the slots, to be verified on first use.
 * The private duplicate and the tags are the new communicator's own. */
static int copy_ctx(MPI_Comm oldcomm, int keyval, void *extra, void *in, void *out, int *flag)
{
    comm_ctx *old = in, *c;
    int any = 0;
    (void)keyval;
    (void)extra;
    *flag = 0;
    for (int i = 0; i < HMPI__NSLOTS && !making_private_dup; i++)
        any |= old->slot[i] != NULL;
    if (!any || !(c = ctx_new()))
        return MPI_SUCCESS; /* nothing worth sharing (or no memory: recompute later) */
    pthread_mutex_lock(&old->lock);
    for (int i = 0; i < HMPI__NSLOTS; i++)
        if ((c->slot[i] = old->slot[i]))
            hmpi__shared_ref(c->slot[i]);
    pthread_mutex_unlock(&old->lock);
    MPI_Comm_group(oldcomm, &c->origin);
    c->unverified = 1;
    *(void **)out = c;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_ctx(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    ctx_free(value);
    return MPI_SUCCESS;
}

/* At MPI_Finalize: MPI_COMM_WORLD's context (MPI does not delete its
 * attributes), then the keyval. */
static void release(int mpi_usable)
{
    pthread_mutex_lock(&keyval_lock);
    int k = ctx_keyval;
    __atomic_store_n(&ctx_keyval, MPI_KEYVAL_INVALID, __ATOMIC_RELEASE);
    __atomic_add_fetch(&ctx_generation, 1, __ATOMIC_ACQ_REL);
    pthread_mutex_unlock(&keyval_lock);
    if (k == MPI_KEYVAL_INVALID || !mpi_usable)
        return;
    void *v;
    int flag = 0;
    if (hmpi__world_model()) /* (under Sessions alone there is none) */
        MPI_Comm_get_attr(MPI_COMM_WORLD, k, &v, &flag);
    if (flag)
        MPI_Comm_delete_attr(MPI_COMM_WORLD, k);
    MPI_Comm_free_keyval(&k);
}

/* The library's keyval: an atomic load on every lookup, the mutex only the
 * first time. */
static int keyval(void)
{
    int k = __atomic_load_n(&ctx_keyval, __ATOMIC_ACQUIRE);
    if (k != MPI_KEYVAL_INVALID)
        return k;
    pthread_mutex_lock(&keyval_lock);
    if (ctx_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(copy_ctx, delete_ctx, &k, NULL) == MPI_SUCCESS) {
        hmpi__at_finalize(release);
        __atomic_store_n(&ctx_keyval, k, __ATOMIC_RELEASE);
    }
    k = ctx_keyval;
    pthread_mutex_unlock(&keyval_lock);
    return k;
}

/* A copied context: keep the slots only if comm has the copied group, in
 * the same order, and each slot still fits. Caller holds c->lock. */
static void verify(comm_ctx *c, MPI_Comm comm)
{
    MPI_Group group;
    int same = MPI_UNEQUAL;
    MPI_Comm_group(comm, &group);
    MPI_Group_compare(group, c->origin, &same);
    MPI_Group_free(&group);
    MPI_Group_free(&c->origin);
    for (int i = 0; i < HMPI__NSLOTS; i++) {
        hmpi__shared *obj = c->slot[i];
        if (obj && (same != MPI_IDENT || (obj->fits && !obj->fits(obj, comm)))) {
            hmpi__shared_unref(obj);
            c->slot[i] = NULL;
        }
    }
    __atomic_store_n(&c->unverified, 0, __ATOMIC_RELEASE); /* the slots read without the lock */
}

/* The context of comm; with create, made when missing (local). */
static comm_ctx *find(MPI_Comm comm, int create)
{
    void *v = NULL;
    found_ctx *last = hmpi__tls_once(&last_found);
    uint64_t generation = __atomic_load_n(&ctx_generation, __ATOMIC_ACQUIRE);
    /* (only a communicator with a context is remembered; the keyval's
     * release bumps the generation too) */
    if (last->ctx && last->comm == comm && last->generation == generation)
        return last->ctx;
    int flag = 0, k = keyval();
    if (comm == MPI_COMM_NULL || k == MPI_KEYVAL_INVALID)
        return NULL;
    MPI_Comm_get_attr(comm, k, &v, &flag);
    if (flag) {
        *last = (found_ctx){comm, v, generation};
        return v;
    }
    comm_ctx *c = create ? ctx_new() : NULL;
    if (c && MPI_Comm_set_attr(comm, k, c) != MPI_SUCCESS) {
        ctx_free(c);
        c = NULL;
    }
    return c;
}

hmpi__shared *hmpi__comm_slot(MPI_Comm comm, int slot)
{
    comm_ctx *c = find(comm, 0);
    if (!c)
        return NULL;
    /* verified: the slot as it is, without the lock (every blocking
     * collective reads its cache here; slots change under the lock) */
    if (!__atomic_load_n(&c->unverified, __ATOMIC_ACQUIRE))
        return __atomic_load_n(&c->slot[slot], __ATOMIC_ACQUIRE);
    pthread_mutex_lock(&c->lock);
    if (c->unverified)
        verify(c, comm);
    hmpi__shared *obj = c->slot[slot];
    pthread_mutex_unlock(&c->lock);
    return obj;
}

int hmpi__comm_slot_set(MPI_Comm comm, int slot, hmpi__shared *obj)
{
    comm_ctx *c = find(comm, 1);
    if (!c) {
        hmpi__shared_unref(obj);
        return MPI_ERR_NO_MEM;
    }
    pthread_mutex_lock(&c->lock);
    if (c->unverified)
        verify(c, comm);
    hmpi__shared *old = c->slot[slot];
    __atomic_store_n(&c->slot[slot], obj, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&c->lock);
    hmpi__shared_unref(old);
    return MPI_SUCCESS;
}

int hmpi__comm_count_use(MPI_Comm comm)
{
    comm_ctx *c = find(comm, 1);
    return c ? __atomic_fetch_add(&c->uses, 1, __ATOMIC_RELAXED) : 0;
}

/* ---- private traffic ----------------------------------------------------- */

/* The private duplicate of comm: named after it ("hmpi:MPI_COMM_WORLD"), so
 * that what the library prints of it points to the user's communicator, and
 * returning its errors, so that hmpi reports them on comm. */
static void dress_private(MPI_Comm comm, MPI_Comm d)
{
    char name[MPI_MAX_OBJECT_NAME], named[MPI_MAX_OBJECT_NAME];
    int len = 0;
    MPI_Comm_set_errhandler(d, MPI_ERRORS_RETURN);
    if (MPI_Comm_get_name(comm, name, &len) != MPI_SUCCESS || len == 0)
        snprintf(name, sizeof name, "(unnamed)");
    snprintf(named, sizeof named, "hmpi:%s", name);
    MPI_Comm_set_name(d, named);
}

/* comm's context, with its private duplicate made (collective the first time). */
static int private_ctx(MPI_Comm comm, comm_ctx **out)
{
    comm_ctx *c = find(comm, 1);
    if (!c)
        return MPI_ERR_NO_MEM;
    if (c->dup == MPI_COMM_NULL) { /* collective: every process gets here alike */
        int *ub, flag = 0, rc;
        MPI_Comm d;
        making_private_dup = 1;
        rc = MPI_Comm_dup(comm, &d);
        making_private_dup = 0;
        if (rc != MPI_SUCCESS)
            return rc;
        dress_private(comm, d);
        MPI_Comm_get_attr(comm, MPI_TAG_UB, &ub, &flag); /* (any communicator's: Sessions) */
        if (!flag && hmpi__world_model())
            MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
        pthread_mutex_lock(&c->lock);
        c->tag_ub = flag ? *ub : 32767;
        c->dup = d;
        pthread_mutex_unlock(&c->lock);
    }
    *out = c;
    return MPI_SUCCESS;
}

int hmpi__comm_private(MPI_Comm comm, MPI_Comm *dup)
{
    comm_ctx *c;
    int rc = private_ctx(comm, &c);
    if (rc == MPI_SUCCESS)
        *dup = c->dup;
    return rc;
}

/* The private duplicate and a tag: the next of the counter, or (blocking)
 * tag_ub itself, which the counter never reaches. */
static int private_with_tag(MPI_Comm comm, int blocking, MPI_Comm *dup, int *tag)
{
    comm_ctx *c;
    int rc = private_ctx(comm, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    *dup = c->dup;
    *tag = blocking ? c->tag_ub
                    : (int)((unsigned)__atomic_fetch_add(&c->next_tag, 1, __ATOMIC_RELAXED) %
                            (unsigned)c->tag_ub);
    return MPI_SUCCESS;
}

int hmpi__comm_private_tag(MPI_Comm comm, MPI_Comm *dup, int *tag)
{
    return private_with_tag(comm, 0, dup, tag);
}

int hmpi__comm_private_blocking(MPI_Comm comm, MPI_Comm *dup, int *tag)
{
    return private_with_tag(comm, 1, dup, tag);
}

int hmpi__topo_kind(MPI_Comm comm)
{
    int kind = MPI_UNDEFINED;
#ifdef SMPI_H
    MPI_Errhandler old;
    int ndims;
    MPI_Comm_get_errhandler(comm, &old);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    if (MPI_Cartdim_get(comm, &ndims) == MPI_SUCCESS)
        kind = MPI_CART;
    MPI_Comm_set_errhandler(comm, old);
    MPI_Errhandler_free(&old);
#else
    MPI_Topo_test(comm, &kind);
#endif
    return kind;
}

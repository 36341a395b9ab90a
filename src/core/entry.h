/* The entry pipeline of every operation that builds a schedule (collectives,
 * isomorphic collectives): local argument checks, the HMPI_CHECK agreement
 * across processes, build, launch; errors raised once, through the user's
 * communicator. Plus the check macros and the one "range allreduce" that
 * every agreement of hmpi uses. Private. */
#ifndef HMPI_CORE_ENTRY_H
#define HMPI_CORE_ENTRY_H

#include "core/error.h"

#include <limits.h>

/* How an operation was called. */
enum hmpi__form { HMPI__FORM_BLOCKING, HMPI__FORM_NONBLOCKING, HMPI__FORM_PERSISTENT };

/* The three public forms of an operation whose internal entry is
 * ENTRY(fn, form, PASS..., info, request): BLOCKING(SIG...),
 * NONBLOCKING(SIG..., request) and BLOCKING_init(SIG..., info, request),
 * each naming itself in its errors. SIG, the argument list (naming the
 * communicator comm), and PASS, which passes it on, come in parentheses.
 * The only generator of public forms: coll, iso and the neighbourhood
 * collectives use it. */
#define HMPI__UNPAREN(...) __VA_ARGS__
#define HMPI__THREE_FORMS(BLOCKING, NONBLOCKING, ENTRY, SIG, PASS)                                 \
    int BLOCKING##_init(HMPI__UNPAREN SIG, MPI_Info info, HMPI_Request *request)                   \
    {                                                                                              \
        return ENTRY(#BLOCKING "_init", HMPI__FORM_PERSISTENT, HMPI__UNPAREN PASS, info, request); \
    }                                                                                              \
    int NONBLOCKING(HMPI__UNPAREN SIG, HMPI_Request *request)                                      \
    {                                                                                              \
        return ENTRY(#NONBLOCKING, HMPI__FORM_NONBLOCKING, HMPI__UNPAREN PASS, MPI_INFO_NULL,      \
                     request);                                                                     \
    }                                                                                              \
    int BLOCKING(HMPI__UNPAREN SIG)                                                                \
    {                                                                                              \
        return ENTRY(#BLOCKING, HMPI__FORM_BLOCKING, HMPI__UNPAREN PASS, MPI_INFO_NULL, NULL);     \
    }

/* An MPI operation of a module whose file has a static
 * entry(comm, fn, &a, info, form, request): its internal entry
 * hmpi__mpi_<name> (declaring `a` with the file's NAME_ARGS) and its three
 * public forms HMPI_Name_init, HMPI_Iname, HMPI_Name. An X for the lists
 * HMPI__COLLECTIVES and HMPI__NEIGHBOR_COLLECTIVES. */
#define HMPI__MPI_OPERATION(Name, name, NAME, SIG, PASS)                                           \
    int hmpi__mpi_##name(const char *fn, int form, SIG, MPI_Info info, HMPI_Request *request)      \
    {                                                                                              \
        NAME##_ARGS;                                                                               \
        return entry(comm, fn, &a, info, form, request);                                           \
    }                                                                                              \
    HMPI__THREE_FORMS(HMPI_##Name, HMPI_I##name, hmpi__mpi_##name, (SIG), (PASS))

/* ---- argument checks (MPICH's MPIR_ERRTEST_* style) ----------------------
 * Each sets rc to an error code (not raised) naming fn and the argument, and
 * jumps to fn_fail, when the test fails. */

#define HMPI__ERRTEST(cond, rc, cls, fn, ...)                                                      \
    do {                                                                                           \
        if (cond) {                                                                                \
            (rc) = hmpi__error_code((cls), (fn), __VA_ARGS__);                                     \
            goto fn_fail;                                                                          \
        }                                                                                          \
    } while (0)
#define HMPI__ERRTEST_ARGNULL(ptr, name, rc, fn)                                                   \
    HMPI__ERRTEST(!(ptr), rc, MPI_ERR_ARG, fn, "argument '%s' is NULL", name)
#define HMPI__ERRTEST_COMM(comm, name, rc, fn)                                                     \
    HMPI__ERRTEST((comm) == MPI_COMM_NULL, rc, MPI_ERR_COMM, fn, "argument '%s' is MPI_COMM_NULL", \
                  name)
#define HMPI__ERRTEST_COUNT(count, name, rc, fn)                                                   \
    HMPI__ERRTEST((count) < 0, rc, MPI_ERR_COUNT, fn, "argument '%s' (%d) is negative", name,      \
                  (int)(count))
#define HMPI__ERRTEST_DATATYPE(type, name, rc, fn)                                                 \
    HMPI__ERRTEST((type) == MPI_DATATYPE_NULL, rc, MPI_ERR_TYPE, fn,                               \
                  "argument '%s' is MPI_DATATYPE_NULL", name)
#define HMPI__ERRTEST_OP(op, rc, fn)                                                               \
    HMPI__ERRTEST((op) == MPI_OP_NULL, rc, MPI_ERR_OP, fn, "argument 'op' is MPI_OP_NULL")
#define HMPI__ERRTEST_RANK(rank, size, name, rc, fn)                                               \
    HMPI__ERRTEST((rank) < 0 || (rank) >= (size), rc, MPI_ERR_RANK, fn,                            \
                  "argument '%s' (%d) is not a rank of the communicator (size %d)", name,          \
                  (int)(rank), (int)(size))
#define HMPI__ERRTEST_ROOT(root, size, rc, fn)                                                     \
    HMPI__ERRTEST((root) < 0 || (root) >= (size), rc, MPI_ERR_ROOT, fn,                            \
                  "argument 'root' (%d) is not a rank of 'comm' (size %d)", (int)(root),           \
                  (int)(size))

/* ---- agreement ------------------------------------------------------------ */

/* A process without a value for an item. */
#define HMPI__NO_VALUE LONG_MIN

/* One allreduce (MPI_MAX of v and -v) over comm: lo[i] and hi[i] are the
 * minimum and maximum of mine[i] over the processes that have a value
 * (both HMPI__NO_VALUE when none has). Values must exceed LONG_MIN. */
int hmpi__allreduce_range(MPI_Comm comm, int n, const long *mine, long *lo, long *hi);

/* Did any process of comm fail? One allreduce; every process gets the same
 * *any, so that a local failure never leaves the others in a collective. */
int hmpi__any_failed(MPI_Comm comm, int failed, int *any);

/* A value that must be the same on every process. */
typedef struct hmpi__agree_item {
    long value;       /* HMPI__NO_VALUE: this process has no opinion */
    const char *what; /* "root", "collective", ... */
    int err_class;    /* class of the error when it differs */
    const char *(*name)(long value); /* the value's name in messages (NULL: the number) */
} hmpi__agree_item;

#define HMPI__AGREE_MAX 8

/* HMPI_CHECK's question to all processes, in one allreduce: did anyone fail
 * its local checks (local_rc), and do the n <= HMPI__AGREE_MAX items agree
 * (the same items, in the same order, everywhere)? Returns local_rc when
 * it failed, else a code (not raised) when another process failed or an
 * item differs, naming the least and the greatest value and a process of
 * each. Collective. */
int hmpi__check_agreement(MPI_Comm comm, const char *fn, int local_rc, int n,
                          const hmpi__agree_item *items);

/* HMPI_CHECK=1 in the environment. */
int hmpi__check_enabled(void);

/* ---- the pipeline --------------------------------------------------------- */

typedef struct hmpi__entry hmpi__entry;

/* What a module plugs into the pipeline (one constant table per module). */
typedef struct hmpi__entry_ops {
    const char *comm_name; /* the communicator's argument name */
    /* NULL, or: 1 and *op when a call identical to one that passed every
     * check before can reuse what that one built (checks, agreement and
     * build skipped; not with HMPI_CHECK) */
    int (*reuse)(const hmpi__entry *e, void **op);
    /* local argument checks; code not raised */
    int (*check)(const hmpi__entry *e);
    /* the values that must agree (HMPI_CHECK); returns how many it wrote */
    int (*agreement)(const hmpi__entry *e, hmpi__agree_item items[HMPI__AGREE_MAX]);
    /* build the operation; code not raised */
    int (*build)(const hmpi__entry *e, void **op);
    /* hand op over as form asks (start it; wait, when blocking); code not raised */
    int (*launch)(void *op, int form, void *request);
} hmpi__entry_ops;

/* One call. */
struct hmpi__entry {
    const hmpi__entry_ops *ops;
    const char *fn; /* the user's function */
    MPI_Comm comm;  /* the user's communicator */
    int form;
    void *request;    /* where the request goes; NULL for blocking calls */
    MPI_Info info;    /* of _init calls; MPI_INFO_NULL otherwise */
    const void *args; /* the module's arguments */
    uint64_t stamp;   /* the environment's (hmpi__config_number_now), set by the pipeline */
};

/* Run the pipeline (it sets e->stamp: the caller's own entry, not a copy
 * of it, which cost a blocking call 3 of its 33 ns); raises any error
 * through e->comm's error handler. */
int hmpi__entry_run(hmpi__entry *e);

#endif

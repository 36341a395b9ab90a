/* One request world: hmpi's operations as MPI_Requests, and the MPI
 * completion functions that accept them mixed with the MPI library's own.
 *
 * Semantics are MPI 4.0's: a persistent request is inactive until started
 * and again once completed; completing an inactive one (or
 * MPI_REQUEST_NULL) returns at once with an empty status; Testall changes
 * nothing unless everything completed; the "any" and "some" forms answer
 * MPI_UNDEFINED when no request is active. Waiting polls: hmpi's schedules
 * advance only when tested, and the MPI library's requests are tested in
 * the same loop, so neither kind starves the other. */
#include "mpi4/mpi4.h"

#include "core/error.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the table ----------------------------------------------------------- */

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static hmpi__proxy **table; /* open addressing; NULL: empty; TOMBSTONE: removed */
static size_t table_size, table_used;
static atomic_int live; /* proxies in the table: 0 keeps every lookup away */
static hmpi__proxy tombstone_slot;
#define TOMBSTONE (&tombstone_slot)

static uint64_t key_of(MPI_Request r)
{
    uint64_t k = 0;
    memcpy(&k, &r, sizeof r < sizeof k ? sizeof r : sizeof k);
    k ^= k >> 33; /* a pointer (Open MPI) or a small integer (MPICH): mix it */
    k *= 0xff51afd7ed558ccdULL;
    return k ^ (k >> 33);
}

static int same(MPI_Request a, MPI_Request b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static size_t slot_of(const hmpi__proxy *const *t, size_t size, MPI_Request r)
{
    size_t i = (size_t)key_of(r) & (size - 1);
    while (t[i] && (t[i] == TOMBSTONE || !same(t[i]->handle, r)))
        i = (i + 1) & (size - 1);
    return i;
}

static int grow(void)
{
    size_t size = table_size ? 2 * table_size : 64;
    hmpi__proxy **t = calloc(size, sizeof *t);
    if (!t)
        return MPI_ERR_NO_MEM;
    for (size_t i = 0; i < table_size; i++)
        if (table[i] && table[i] != TOMBSTONE) {
            size_t j = (size_t)key_of(table[i]->handle) & (size - 1);
            while (t[j])
                j = (j + 1) & (size - 1);
            t[j] = table[i];
        }
    free(table);
    table = t;
    table_size = size;
    table_used = (size_t)atomic_load(&live);
    return MPI_SUCCESS;
}

static int insert(hmpi__proxy *p)
{
    int rc = MPI_SUCCESS;
    pthread_mutex_lock(&table_lock);
    if (2 * (table_used + 1) > table_size)
        rc = grow();
    if (rc == MPI_SUCCESS) {
        size_t i = (size_t)key_of(p->handle) & (table_size - 1);
        while (table[i] && table[i] != TOMBSTONE)
            i = (i + 1) & (table_size - 1);
        table_used += !table[i];
        table[i] = p;
        atomic_fetch_add(&live, 1);
    }
    pthread_mutex_unlock(&table_lock);
    return rc;
}

/* The proxy behind r, or NULL (one table lookup; none while no proxy lives). */
static hmpi__proxy *find(MPI_Request r)
{
    hmpi__proxy *p = NULL;
    if (atomic_load_explicit(&live, memory_order_acquire) == 0 || r == MPI_REQUEST_NULL)
        return NULL;
    pthread_mutex_lock(&table_lock);
    if (table_size)
        p = table[slot_of((const hmpi__proxy *const *)table, table_size, r)];
    pthread_mutex_unlock(&table_lock);
    return p;
}

static void remove_proxy(hmpi__proxy *p)
{
    pthread_mutex_lock(&table_lock);
    size_t i = slot_of((const hmpi__proxy *const *)table, table_size, p->handle);
    if (table[i] == p) {
        table[i] = TOMBSTONE;
        atomic_fetch_sub(&live, 1);
    }
    pthread_mutex_unlock(&table_lock);
}

/* ---- proxies --------------------------------------------------------------- */

void hmpi__mpi4_free_types(MPI_Datatype owned[HMPI__PROXY_OWNED])
{
    for (int i = 0; owned && i < HMPI__PROXY_OWNED; i++)
        if (owned[i] != MPI_DATATYPE_NULL)
            PMPI_Type_free(&owned[i]);
}

int hmpi__mpi4_wrap(HMPI_Request r, int persistent, MPI_Comm comm, const char *fn, MPI_Request *out)
{
    return hmpi__mpi4_wrap_owning(r, persistent, NULL, comm, fn, out);
}

int hmpi__mpi4_wrap_owning(HMPI_Request r, int persistent, MPI_Datatype owned[HMPI__PROXY_OWNED],
                           MPI_Comm comm, const char *fn, MPI_Request *out)
{
    hmpi__proxy *p = calloc(1, sizeof *p);
    if (p && PMPI_Send_init(NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, comm, &p->handle) == MPI_SUCCESS) {
        p->req = r;
        p->persistent = persistent;
        for (int i = 0; i < HMPI__PROXY_OWNED; i++)
            p->owned[i] = owned ? owned[i] : MPI_DATATYPE_NULL;
        if (insert(p) == MPI_SUCCESS) {
            *out = p->handle;
            return MPI_SUCCESS;
        }
        PMPI_Request_free(&p->handle);
    }
    free(p);
    hmpi__mpi4_free_types(owned);
    int rc = MPI_SUCCESS;
    if (r->active) /* a nonblocking one runs already: let it finish */
        rc = hmpi__request_wait(&r, MPI_STATUS_IGNORE);
    if (r)
        hmpi__request_destroy(&r);
    (void)rc; /* the error reported is the memory */
    return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory for the request");
}

static void destroy(hmpi__proxy *p)
{
    remove_proxy(p);
    PMPI_Request_free(&p->handle);
    hmpi__mpi4_free_types(p->owned);
    free(p);
}

/* The proxy behind *request, or NULL (then the MPI library's). */
static hmpi__proxy *proxy_of(const MPI_Request *request)
{
    return !request ? NULL : find(*request);
}

/* Running inside hmpi (hmpi's request is active). */
static int running(const hmpi__proxy *p)
{
    return p->req && p->req->active;
}

/* Active to the program: started, and its completion not yet reported. */
static int active(const hmpi__proxy *p)
{
    return p->finished || running(p);
}

/* Advance a running operation; p->finished tells whether it completed. */
static int progress(hmpi__proxy *p)
{
    int flag = 0, rc = MPI_SUCCESS;
    if (running(p)) {
        rc = hmpi__request_test(&p->req, &flag, MPI_STATUS_IGNORE);
        p->finished = flag;
    }
    return rc;
}

/* Tell the program: an empty status; a nonblocking operation's request is
 * freed and becomes MPI_REQUEST_NULL, a persistent one inactive. */
static void report(hmpi__proxy *p, MPI_Request *handle, MPI_Status *status)
{
    hmpi__request_empty_status(status);
    p->finished = 0;
    if (!p->persistent) {
        destroy(p);
        *handle = MPI_REQUEST_NULL;
    }
}

static MPI_Comm comm_of(const hmpi__proxy *p)
{
    return p->req ? p->req->comm : MPI_COMM_NULL; /* (the world's handler, if any) */
}

/* ---- arrays of requests ------------------------------------------------------ */

#define SPLIT_SMALL 16 /* arrays up to this size are split without allocating */
#define SPLIT_ENTRY                                                                                \
    (sizeof(hmpi__proxy *) + sizeof(MPI_Status) + sizeof(MPI_Request) + 2 * sizeof(int))

/* The MPI library's requests of an array, compacted, and hmpi's beside. */
typedef struct split {
    int n, m;             /* all; the library's */
    hmpi__proxy **proxy;  /* [n]: NULL for the library's requests */
    MPI_Status *statuses; /* [m], or MPI_STATUSES_IGNORE */
    MPI_Request *reqs;    /* [m] */
    int *index;           /* [m]: their positions */
    int *done;            /* [m] (Testsome's indices) */
    void *mem;            /* small, or allocated */
    max_align_t small[(SPLIT_SMALL * SPLIT_ENTRY + sizeof(max_align_t) - 1) / sizeof(max_align_t)];
} split;

static void split_free(split *s)
{
    if (s->mem != s->small)
        free(s->mem);
}

/* *any = 0 (nothing to free) when no request of the array is hmpi's: the
 * caller passes the array to the MPI library.
 * Errors are raised (naming fn). */
static int split_array(const char *fn, int n, MPI_Request *reqs, int want_statuses, split *s,
                       int *any)
{
    *any = 0;
    if (atomic_load_explicit(&live, memory_order_acquire) == 0)
        return MPI_SUCCESS;
    hmpi__proxy *first = NULL;
    int at = 0;
    for (; at < n && !first; at++)
        first = find(reqs[at]);
    if (!first)
        return MPI_SUCCESS;
    char *mem = n <= SPLIT_SMALL ? (char *)s->small : malloc((size_t)n * SPLIT_ENTRY);
    if (!mem)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_NO_MEM, fn, "out of memory");
    *any = 1;
    s->mem = mem;
    s->n = n;
    s->m = 0;
    /* pointers, then statuses (a size_t in Open MPI's), then handles, then ints */
    s->proxy = (hmpi__proxy **)mem;
    s->statuses = (MPI_Status *)(s->proxy + n);
    s->reqs = (MPI_Request *)(s->statuses + n);
    s->index = (int *)(s->reqs + n);
    s->done = s->index + n;
    if (!want_statuses)
        s->statuses = MPI_STATUSES_IGNORE;
    for (int i = 0; i < n; i++) {
        s->proxy[i] = i == at - 1 ? first : i < at - 1 ? NULL : find(reqs[i]);
        if (!s->proxy[i]) {
            s->index[s->m] = i;
            s->reqs[s->m++] = reqs[i];
        }
    }
    return MPI_SUCCESS;
}

/* The library's requests back into the program's array. */
static void put_back(const split *s, MPI_Request *reqs)
{
    for (int k = 0; k < s->m; k++)
        reqs[s->index[k]] = s->reqs[k];
}

static MPI_Status *status_at(MPI_Status *statuses, int i)
{
    return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
}

/* ---- one request ------------------------------------------------------------- */

/* MPI_ERR_REQUEST on p's communicator: "argument 'request' <why>". */
static int refuse(const hmpi__proxy *p, const char *fn, const char *why)
{
    return hmpi__error(comm_of(p), MPI_ERR_REQUEST, fn, "argument 'request' %s", why);
}

HMPI_API int MPI_Start(MPI_Request *request)
{
    hmpi__proxy *p = proxy_of(request);
    int rc;
    if (!p)
        return PMPI_Start(request);
    if (active(p))
        return refuse(p, "MPI_Start", "is already active");
    rc = hmpi__request_start(p->req, "MPI_Start");
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm_of(p), rc);
}

HMPI_API int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    hmpi__proxy *p = proxy_of(request);
    int rc = MPI_SUCCESS;
    if (!p)
        return PMPI_Wait(request, status);
    MPI_Comm comm = comm_of(p);
    if (running(p))
        rc = hmpi__request_wait(&p->req, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    report(p, request, status);
    return MPI_SUCCESS;
}

/* Advance p; *flag: it has completed. Errors raised on its communicator. */
static int advance(hmpi__proxy *p, int *flag)
{
    int rc = progress(p);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(comm_of(p), rc);
    *flag = !running(p);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    hmpi__proxy *p = proxy_of(request);
    if (!p)
        return PMPI_Test(request, flag, status);
    int rc = advance(p, flag);
    if (rc == MPI_SUCCESS && *flag)
        report(p, request, status);
    return rc;
}

HMPI_API int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    hmpi__proxy *p = proxy_of(&request);
    if (!p)
        return PMPI_Request_get_status(request, flag, status);
    int rc = advance(p, flag);
    if (rc == MPI_SUCCESS && *flag)
        hmpi__request_empty_status(status);
    return rc;
}

HMPI_API int MPI_Request_free(MPI_Request *request)
{
    hmpi__proxy *p = proxy_of(request);
    if (!p)
        return PMPI_Request_free(request);
    if (active(p))
        return refuse(p, "MPI_Request_free",
                      "is an active collective operation (complete it first)");
    if (p->req)
        hmpi__request_destroy(&p->req);
    destroy(p);
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

HMPI_API int MPI_Cancel(MPI_Request *request)
{
    hmpi__proxy *p = proxy_of(request);
    if (!p)
        return PMPI_Cancel(request);
    return refuse(p, "MPI_Cancel", "is a collective operation, which cannot be cancelled");
}

/* ---- arrays: start, all ------------------------------------------------------ */

HMPI_API int MPI_Startall(int count, MPI_Request array_of_requests[])
{
    split s;
    int any, rc = split_array("MPI_Startall", count, array_of_requests, 0, &s, &any);
    if (rc != MPI_SUCCESS || !any)
        return rc != MPI_SUCCESS ? rc : PMPI_Startall(count, array_of_requests);
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++)
        if (s.proxy[i] && active(s.proxy[i]))
            rc = hmpi__error(comm_of(s.proxy[i]), MPI_ERR_REQUEST, "MPI_Startall",
                             "array_of_requests[%d] is already active", i);
    if (rc == MPI_SUCCESS && s.m > 0 && (rc = PMPI_Startall(s.m, s.reqs)) == MPI_SUCCESS)
        put_back(&s, array_of_requests);
    for (int i = 0; i < count && rc == MPI_SUCCESS; i++) /* hmpi's in array order */
        if (s.proxy[i]) {
            rc = hmpi__request_start(s.proxy[i]->req, "MPI_Startall");
            if (rc != MPI_SUCCESS)
                rc = hmpi__raise(comm_of(s.proxy[i]), rc);
        }
    split_free(&s);
    return rc;
}

/* Advance every running hmpi operation; *all: none still runs. Errors raised. */
static int progress_all(const split *s, int *all)
{
    int rc = MPI_SUCCESS;
    *all = 1;
    for (int i = 0; i < s->n && rc == MPI_SUCCESS; i++)
        if (s->proxy[i]) {
            if ((rc = progress(s->proxy[i])) != MPI_SUCCESS)
                rc = hmpi__raise(comm_of(s->proxy[i]), rc);
            *all &= !running(s->proxy[i]);
        }
    return rc;
}

static void report_all(const split *s, MPI_Request *reqs, MPI_Status *statuses)
{
    for (int i = 0; i < s->n; i++)
        if (s->proxy[i])
            report(s->proxy[i], &reqs[i], status_at(statuses, i));
    for (int k = 0; k < s->m && statuses != MPI_STATUSES_IGNORE; k++)
        statuses[s->index[k]] = s->statuses[k];
    put_back(s, reqs);
}

HMPI_API int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    split s;
    int any, hmpi_done = 0, mpi_done;
    int rc = split_array("MPI_Waitall", count, array_of_requests,
                         array_of_statuses != MPI_STATUSES_IGNORE, &s, &any);
    if (rc != MPI_SUCCESS || !any)
        return rc != MPI_SUCCESS ? rc : PMPI_Waitall(count, array_of_requests, array_of_statuses);
    mpi_done = s.m == 0;
    while (rc == MPI_SUCCESS && !(hmpi_done && mpi_done)) {
        rc = progress_all(&s, &hmpi_done);
        if (rc == MPI_SUCCESS && !mpi_done)
            rc = PMPI_Testall(s.m, s.reqs, &mpi_done, s.statuses);
    }
    if (rc == MPI_SUCCESS)
        report_all(&s, array_of_requests, array_of_statuses);
    split_free(&s);
    return rc;
}

HMPI_API int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                         MPI_Status array_of_statuses[])
{
    split s;
    int any, hmpi_done = 0, mpi_done = 1;
    int rc = split_array("MPI_Testall", count, array_of_requests,
                         array_of_statuses != MPI_STATUSES_IGNORE, &s, &any);
    if (rc != MPI_SUCCESS || !any)
        return rc != MPI_SUCCESS ? rc
                                 : PMPI_Testall(count, array_of_requests, flag, array_of_statuses);
    rc = progress_all(&s, &hmpi_done);
    /* the library's requests are tested (and so changed) only when hmpi's are done */
    if (rc == MPI_SUCCESS && hmpi_done && s.m > 0)
        rc = PMPI_Testall(s.m, s.reqs, &mpi_done, s.statuses);
    *flag = rc == MPI_SUCCESS && hmpi_done && mpi_done;
    if (*flag)
        report_all(&s, array_of_requests, array_of_statuses);
    split_free(&s);
    return rc;
}

/* ---- arrays: any, some (Wait: repeat the Test pass until it answers) --------- */

/* One pass of Testany: *flag with *index of a completed request, or with
 * MPI_UNDEFINED when none is active; *flag 0 when none completed yet. */
static int test_any(split *s, MPI_Request *reqs, int *index, int *flag, MPI_Status *status)
{
    int rc, any_active = 0, k;
    for (int i = 0; i < s->n; i++) {
        hmpi__proxy *p = s->proxy[i];
        if (!p || !active(p))
            continue;
        any_active = 1;
        if ((rc = progress(p)) != MPI_SUCCESS)
            return hmpi__raise(comm_of(p), rc);
        if (p->finished) {
            report(p, &reqs[i], status);
            *index = i;
            *flag = 1;
            return MPI_SUCCESS;
        }
    }
    if ((rc = PMPI_Testany(s->m, s->reqs, &k, flag, status)) != MPI_SUCCESS)
        return rc;
    if (*flag && k != MPI_UNDEFINED) {
        put_back(s, reqs);
        *index = s->index[k];
    } else {
        *flag = *flag && !any_active; /* the library has none active, but hmpi may */
        *index = MPI_UNDEFINED;
    }
    return MPI_SUCCESS;
}

static int any_of(const char *fn, int wait, int count, MPI_Request *reqs, int *index, int *flag,
                  MPI_Status *status)
{
    split s;
    int any, done = 0, rc = split_array(fn, count, reqs, 0, &s, &any);
    if (rc != MPI_SUCCESS || !any)
        return rc != MPI_SUCCESS ? rc
               : wait            ? PMPI_Waitany(count, reqs, index, status)
                                 : PMPI_Testany(count, reqs, index, flag, status);
    do
        rc = test_any(&s, reqs, index, &done, status);
    while (rc == MPI_SUCCESS && wait && !done);
    if (flag)
        *flag = done;
    split_free(&s);
    return rc;
}

HMPI_API int MPI_Waitany(int count, MPI_Request array_of_requests[], int *indx, MPI_Status *status)
{
    return any_of("MPI_Waitany", 1, count, array_of_requests, indx, NULL, status);
}

HMPI_API int MPI_Testany(int count, MPI_Request array_of_requests[], int *indx, int *flag,
                         MPI_Status *status)
{
    return any_of("MPI_Testany", 0, count, array_of_requests, indx, flag, status);
}

/* One pass of Testsome: *outcount completed (0: none yet), MPI_UNDEFINED
 * when none is active. */
static int test_some(split *s, MPI_Request *reqs, int *outcount, int *indices, MPI_Status *statuses)
{
    int rc, any_active = 0, out = 0, mout;
    for (int i = 0; i < s->n; i++) {
        hmpi__proxy *p = s->proxy[i];
        if (!p || !active(p))
            continue;
        any_active = 1;
        if ((rc = progress(p)) != MPI_SUCCESS)
            return hmpi__raise(comm_of(p), rc);
        if (p->finished) {
            report(p, &reqs[i], status_at(statuses, out));
            indices[out++] = i;
        }
    }
    if ((rc = PMPI_Testsome(s->m, s->reqs, &mout, s->done, s->statuses)) != MPI_SUCCESS)
        return rc;
    if (mout != MPI_UNDEFINED) {
        for (int q = 0; q < mout; q++) {
            if (statuses != MPI_STATUSES_IGNORE)
                statuses[out] = s->statuses[q];
            indices[out++] = s->index[s->done[q]];
        }
        put_back(s, reqs);
    }
    *outcount = out == 0 && !any_active && mout == MPI_UNDEFINED ? MPI_UNDEFINED : out;
    return MPI_SUCCESS;
}

static int some_of(const char *fn, int wait, int incount, MPI_Request *reqs, int *outcount,
                   int *indices, MPI_Status *statuses)
{
    split s;
    int any, rc = split_array(fn, incount, reqs, statuses != MPI_STATUSES_IGNORE, &s, &any);
    if (rc != MPI_SUCCESS || !any)
        return rc != MPI_SUCCESS ? rc
               : wait            ? PMPI_Waitsome(incount, reqs, outcount, indices, statuses)
                                 : PMPI_Testsome(incount, reqs, outcount, indices, statuses);
    do
        rc = test_some(&s, reqs, outcount, indices, statuses);
    while (rc == MPI_SUCCESS && wait && *outcount == 0);
    split_free(&s);
    return rc;
}

HMPI_API int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
                          int array_of_indices[], MPI_Status array_of_statuses[])
{
    return some_of("MPI_Waitsome", 1, incount, array_of_requests, outcount, array_of_indices,
                   array_of_statuses);
}

HMPI_API int MPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
                          int array_of_indices[], MPI_Status array_of_statuses[])
{
    return some_of("MPI_Testsome", 0, incount, array_of_requests, outcount, array_of_indices,
                   array_of_statuses);
}

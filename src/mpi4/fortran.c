/* The MPI library's Fortran bindings call its C PMPI_X directly, past this
 * library's MPI_X: Open MPI 4.1's mpi_f08 through libmpi_mpifh
 * (mpi_start_f08_ -> ompi_start_f -> PMPI_Start), MPICH 4.0's mpi_f08
 * straight (mpi_start_f08_ -> PMPI_Start). So that Fortran programs may
 * start, wait for and free the requests of MPI 4's persistent collectives,
 * split by hardware, (Open MPI) make the info of a first session and
 * (MPICH) see hmpi's process sets, this file defines the Fortran entry
 * points that lead there:
 *   - Open MPI: ompi_X_f (what mpi_f08 calls), and its aliases mpi_X_
 *     (mpif.h, `use mpi`) and pmpi_X_ (what mpi_f08's tests call);
 *   - MPICH: mpi_X_f08_ (what `use mpi_f08` programs call).
 * Each converts the Fortran handles and statuses and calls MPI_X above,
 * which hands the library's own requests on to PMPI_X. Linked before the
 * library's Fortran libraries (hmpifort) or preloaded, they win. MPICH's
 * persistent collectives (mpi_bcast_init_f08ts_) already call MPI_X. */
#include "mpi4/mpi4.h"

#if (defined(OPEN_MPI) && OMPI_MAJOR_VERSION == 4) || defined(MPICH)

#include <stdlib.h>
#include <string.h>

typedef int hmpi_flogical; /* a default LOGICAL of gfortran (.true. is 1) */

#ifdef OPEN_MPI
/* Open MPI's sentinels are common blocks, recognized by address; its
 * Fortran status is MPI_STATUS_SIZE integers (mpif.h and mpi_f08 alike) */
extern MPI_Fint mpi_fortran_status_ignore_[] __attribute__((weak));
extern MPI_Fint mpi_fortran_statuses_ignore_[] __attribute__((weak));
#define F_STATUS_IGNORE mpi_fortran_status_ignore_
#define F_STATUSES_IGNORE mpi_fortran_statuses_ignore_
#define F_ENTRY(name) ompi_##name##_f
#define F_ALIASES(name, args)                                                                      \
    HMPI_API void mpi_##name##_ args __attribute__((alias("ompi_" #name "_f")));                   \
    HMPI_API void pmpi_##name##_ args __attribute__((alias("ompi_" #name "_f")));
static void status_out(const MPI_Status *c, MPI_Fint *f)
{
    if (c != MPI_STATUS_IGNORE)
        PMPI_Status_c2f(c, f);
}
#else
/* MPICH's mpi_f08 status (MPI_F08_status) is its C MPI_Status, field for
 * field; its sentinels are the objects mpi.h names */
#define F_STATUS_IGNORE ((MPI_Fint *)MPI_F08_STATUS_IGNORE)
#define F_STATUSES_IGNORE ((MPI_Fint *)MPI_F08_STATUSES_IGNORE)
#define F_ENTRY(name) mpi_##name##_f08_
#define F_ALIASES(name, args)
static void status_out(const MPI_Status *c, MPI_Fint *f)
{
    if (c != MPI_STATUS_IGNORE)
        memcpy(f, c, sizeof *c);
}
#endif

/* Fortran integers in a status */
#define F_STATUS_SIZE (sizeof(MPI_Status) / sizeof(MPI_Fint))
#define STACK_REQUESTS 16

static void set_ierr(MPI_Fint *ierr, int rc)
{
    if (ierr) /* an absent OPTIONAL ierror (mpi_f08) */
        *ierr = (MPI_Fint)rc;
}

static int ignores_status(const MPI_Fint *f)
{
    return f == F_STATUS_IGNORE;
}

static int ignores_statuses(const MPI_Fint *f)
{
    return f == F_STATUSES_IGNORE;
}

/* count requests, and statuses unless ignored, on the stack or the heap */
typedef struct f_arrays {
    MPI_Request reqs_stack[STACK_REQUESTS], *reqs;
    MPI_Status stats_stack[STACK_REQUESTS], *stats;
    int idx_stack[STACK_REQUESTS], *idx;
    int ignore; /* the program passed MPI_STATUSES_IGNORE */
} f_arrays;

static int arrays_in(f_arrays *a, int count, const MPI_Fint *freqs, const MPI_Fint *fstats)
{
    size_t n = count > 0 ? (size_t)count : 1;
    int small = count <= STACK_REQUESTS;
    a->reqs = small ? a->reqs_stack : malloc(n * sizeof *a->reqs);
    a->stats = small ? a->stats_stack : malloc(n * sizeof *a->stats);
    a->idx = small ? a->idx_stack : malloc(n * sizeof *a->idx);
    if (!a->reqs || !a->stats || !a->idx)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < count; i++)
        a->reqs[i] = MPI_Request_f2c(freqs[i]);
    /* MPI_STATUSES_IGNORE may be NULL (Open MPI): chosen last */
    a->ignore = ignores_statuses(fstats);
    return MPI_SUCCESS;
}

/* what to pass for the statuses */
static MPI_Status *c_statuses(const f_arrays *a)
{
    return a->ignore ? MPI_STATUSES_IGNORE : a->stats;
}

static void arrays_out(f_arrays *a, int count, MPI_Fint *freqs)
{
    for (int i = 0; i < count; i++)
        freqs[i] = MPI_Request_c2f(a->reqs[i]);
}

static void statuses_out(const f_arrays *a, int n, MPI_Fint *fstats)
{
    if (a->ignore)
        return;
    for (int i = 0; i < n; i++)
        status_out(&a->stats[i], fstats + (size_t)i * F_STATUS_SIZE);
}

static void arrays_free(f_arrays *a)
{
    if (a->reqs && a->reqs != a->reqs_stack)
        free(a->reqs);
    if (a->stats && a->stats != a->stats_stack)
        free(a->stats);
    if (a->idx && a->idx != a->idx_stack)
        free(a->idx);
}

/* ---- single requests ------------------------------------------------------ */

/* One request handed to call and written back (freed: MPI_REQUEST_NULL). */
static void one_request(int (*call)(MPI_Request *), MPI_Fint *request, MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*request);
    int rc = call(&r);
    if (rc == MPI_SUCCESS)
        *request = MPI_Request_c2f(r);
    set_ierr(ierr, rc);
}

/* MPI_Start and MPI_Request_free's Fortran entries (name: start, ...). */
#define F_ONE_REQUEST(name, call)                                                                  \
    HMPI_API void F_ENTRY(name)(MPI_Fint * request, MPI_Fint * ierr);                              \
    HMPI_API void F_ENTRY(name)(MPI_Fint * request, MPI_Fint * ierr)                               \
    {                                                                                              \
        one_request(call, request, ierr);                                                          \
    }                                                                                              \
    F_ALIASES(name, (MPI_Fint * request, MPI_Fint * ierr))

F_ONE_REQUEST(start, MPI_Start)

HMPI_API void F_ENTRY(wait)(MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr);
HMPI_API void F_ENTRY(wait)(MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*request);
    MPI_Status s, *sp = ignores_status(status) ? MPI_STATUS_IGNORE : &s;
    int rc = MPI_Wait(&r, sp);
    if (rc == MPI_SUCCESS) {
        *request = MPI_Request_c2f(r);
        status_out(sp, status);
    }
    set_ierr(ierr, rc);
}
F_ALIASES(wait, (MPI_Fint * request, MPI_Fint *status, MPI_Fint *ierr))

HMPI_API void F_ENTRY(test)(MPI_Fint *request, hmpi_flogical *flag, MPI_Fint *status,
                            MPI_Fint *ierr);
HMPI_API void F_ENTRY(test)(MPI_Fint *request, hmpi_flogical *flag, MPI_Fint *status,
                            MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*request);
    MPI_Status s, *sp = ignores_status(status) ? MPI_STATUS_IGNORE : &s;
    int c_flag = 0;
    int rc = MPI_Test(&r, &c_flag, sp);
    if (rc == MPI_SUCCESS) {
        *request = MPI_Request_c2f(r);
        *flag = c_flag ? 1 : 0;
        if (c_flag)
            status_out(sp, status);
    }
    set_ierr(ierr, rc);
}
F_ALIASES(test, (MPI_Fint * request, hmpi_flogical *flag, MPI_Fint *status, MPI_Fint *ierr))

HMPI_API void F_ENTRY(request_get_status)(MPI_Fint *request, hmpi_flogical *flag, MPI_Fint *status,
                                          MPI_Fint *ierr);
HMPI_API void F_ENTRY(request_get_status)(MPI_Fint *request, hmpi_flogical *flag, MPI_Fint *status,
                                          MPI_Fint *ierr)
{
    MPI_Status s, *sp = ignores_status(status) ? MPI_STATUS_IGNORE : &s;
    int c_flag = 0;
    int rc = MPI_Request_get_status(MPI_Request_f2c(*request), &c_flag, sp);
    if (rc == MPI_SUCCESS) {
        *flag = c_flag ? 1 : 0;
        if (c_flag)
            status_out(sp, status);
    }
    set_ierr(ierr, rc);
}
F_ALIASES(request_get_status,
          (MPI_Fint * request, hmpi_flogical *flag, MPI_Fint *status, MPI_Fint *ierr))

F_ONE_REQUEST(request_free, MPI_Request_free)

HMPI_API void F_ENTRY(cancel)(MPI_Fint *request, MPI_Fint *ierr);
HMPI_API void F_ENTRY(cancel)(MPI_Fint *request, MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*request);
    set_ierr(ierr, MPI_Cancel(&r));
}
F_ALIASES(cancel, (MPI_Fint * request, MPI_Fint *ierr))

/* ---- arrays of requests ----------------------------------------------------- */

HMPI_API void F_ENTRY(startall)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *ierr);
HMPI_API void F_ENTRY(startall)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *ierr)
{
    /* a start allocates nothing: in order, STACK_REQUESTS at a time */
    MPI_Request reqs[STACK_REQUESTS];
    int rc = MPI_SUCCESS;
    for (int first = 0; rc == MPI_SUCCESS && first < *count; first += STACK_REQUESTS) {
        int n = *count - first < STACK_REQUESTS ? *count - first : STACK_REQUESTS;
        for (int i = 0; i < n; i++)
            reqs[i] = MPI_Request_f2c(requests[first + i]);
        rc = MPI_Startall(n, reqs);
        for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
            requests[first + i] = MPI_Request_c2f(reqs[i]);
    }
    set_ierr(ierr, rc);
}
F_ALIASES(startall, (MPI_Fint * count, MPI_Fint *requests, MPI_Fint *ierr))

HMPI_API void F_ENTRY(waitall)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *statuses,
                               MPI_Fint *ierr);
HMPI_API void F_ENTRY(waitall)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *statuses,
                               MPI_Fint *ierr)
{
    f_arrays a = {0};
    int rc = arrays_in(&a, *count, requests, statuses);
    if (rc == MPI_SUCCESS)
        rc = MPI_Waitall(*count, a.reqs, c_statuses(&a));
    if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) {
        arrays_out(&a, *count, requests);
        statuses_out(&a, *count, statuses);
    }
    arrays_free(&a);
    set_ierr(ierr, rc);
}
F_ALIASES(waitall, (MPI_Fint * count, MPI_Fint *requests, MPI_Fint *statuses, MPI_Fint *ierr))

HMPI_API void F_ENTRY(testall)(MPI_Fint *count, MPI_Fint *requests, hmpi_flogical *flag,
                               MPI_Fint *statuses, MPI_Fint *ierr);
HMPI_API void F_ENTRY(testall)(MPI_Fint *count, MPI_Fint *requests, hmpi_flogical *flag,
                               MPI_Fint *statuses, MPI_Fint *ierr)
{
    f_arrays a = {0};
    int c_flag = 0;
    int rc = arrays_in(&a, *count, requests, statuses);
    if (rc == MPI_SUCCESS)
        rc = MPI_Testall(*count, a.reqs, &c_flag, c_statuses(&a));
    if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) {
        *flag = c_flag ? 1 : 0;
        arrays_out(&a, *count, requests);
        if (c_flag)
            statuses_out(&a, *count, statuses);
    }
    arrays_free(&a);
    set_ierr(ierr, rc);
}
F_ALIASES(testall, (MPI_Fint * count, MPI_Fint *requests, hmpi_flogical *flag, MPI_Fint *statuses,
                    MPI_Fint *ierr))

/* Fortran indices count from 1 */
static MPI_Fint f_index(int c_index)
{
    return c_index == MPI_UNDEFINED ? MPI_UNDEFINED : c_index + 1;
}

HMPI_API void F_ENTRY(waitany)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *indx,
                               MPI_Fint *status, MPI_Fint *ierr);
HMPI_API void F_ENTRY(waitany)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *indx,
                               MPI_Fint *status, MPI_Fint *ierr)
{
    f_arrays a = {0};
    MPI_Status s, *sp = ignores_status(status) ? MPI_STATUS_IGNORE : &s;
    int c_index = MPI_UNDEFINED;
    int rc = arrays_in(&a, *count, requests, F_STATUSES_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = MPI_Waitany(*count, a.reqs, &c_index, sp);
    if (rc == MPI_SUCCESS) {
        arrays_out(&a, *count, requests);
        *indx = f_index(c_index);
        status_out(sp, status);
    }
    arrays_free(&a);
    set_ierr(ierr, rc);
}
F_ALIASES(waitany,
          (MPI_Fint * count, MPI_Fint *requests, MPI_Fint *indx, MPI_Fint *status, MPI_Fint *ierr))

HMPI_API void F_ENTRY(testany)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *indx,
                               hmpi_flogical *flag, MPI_Fint *status, MPI_Fint *ierr);
HMPI_API void F_ENTRY(testany)(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *indx,
                               hmpi_flogical *flag, MPI_Fint *status, MPI_Fint *ierr)
{
    f_arrays a = {0};
    MPI_Status s, *sp = ignores_status(status) ? MPI_STATUS_IGNORE : &s;
    int c_index = MPI_UNDEFINED, c_flag = 0;
    int rc = arrays_in(&a, *count, requests, F_STATUSES_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = MPI_Testany(*count, a.reqs, &c_index, &c_flag, sp);
    if (rc == MPI_SUCCESS) {
        arrays_out(&a, *count, requests);
        *indx = f_index(c_index);
        *flag = c_flag ? 1 : 0;
        if (c_flag)
            status_out(sp, status);
    }
    arrays_free(&a);
    set_ierr(ierr, rc);
}
F_ALIASES(testany, (MPI_Fint * count, MPI_Fint *requests, MPI_Fint *indx, hmpi_flogical *flag,
                    MPI_Fint *status, MPI_Fint *ierr))

typedef int (*some_fn)(int, MPI_Request[], int *, int[], MPI_Status[]);

static void some(some_fn fn, MPI_Fint *incount, MPI_Fint *requests, MPI_Fint *outcount,
                 MPI_Fint *indices, MPI_Fint *statuses, MPI_Fint *ierr)
{
    f_arrays a = {0};
    int c_out = MPI_UNDEFINED;
    int rc = arrays_in(&a, *incount, requests, statuses);
    if (rc == MPI_SUCCESS)
        rc = fn(*incount, a.reqs, &c_out, a.idx, c_statuses(&a));
    if (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) {
        arrays_out(&a, *incount, requests);
        *outcount = c_out;
        for (int i = 0; c_out != MPI_UNDEFINED && i < c_out; i++)
            indices[i] = a.idx[i] + 1;
        if (c_out != MPI_UNDEFINED)
            statuses_out(&a, c_out, statuses);
    }
    arrays_free(&a);
    set_ierr(ierr, rc);
}

/* MPI_Waitsome and MPI_Testsome's Fortran entries (name: waitsome, ...). */
#define F_SOME(name, call)                                                                         \
    HMPI_API void F_ENTRY(name)(MPI_Fint * incount, MPI_Fint * requests, MPI_Fint * outcount,      \
                                MPI_Fint * indices, MPI_Fint * statuses, MPI_Fint * ierr);         \
    HMPI_API void F_ENTRY(name)(MPI_Fint * incount, MPI_Fint * requests, MPI_Fint * outcount,      \
                                MPI_Fint * indices, MPI_Fint * statuses, MPI_Fint * ierr)          \
    {                                                                                              \
        some(call, incount, requests, outcount, indices, statuses, ierr);                          \
    }                                                                                              \
    F_ALIASES(name, (MPI_Fint * incount, MPI_Fint * requests, MPI_Fint * outcount,                 \
                     MPI_Fint * indices, MPI_Fint * statuses, MPI_Fint * ierr))

F_SOME(waitsome, MPI_Waitsome)
F_SOME(testsome, MPI_Testsome)

/* ---- communicators ---------------------------------------------------------- */

HMPI_API void F_ENTRY(comm_split_type)(MPI_Fint *comm, MPI_Fint *split_type, MPI_Fint *key,
                                       MPI_Fint *info, MPI_Fint *newcomm, MPI_Fint *ierr);
HMPI_API void F_ENTRY(comm_split_type)(MPI_Fint *comm, MPI_Fint *split_type, MPI_Fint *key,
                                       MPI_Fint *info, MPI_Fint *newcomm, MPI_Fint *ierr)
{
    MPI_Comm c_new = MPI_COMM_NULL;
    int rc =
        MPI_Comm_split_type(MPI_Comm_f2c(*comm), *split_type, *key, MPI_Info_f2c(*info), &c_new);
    if (rc == MPI_SUCCESS)
        *newcomm = MPI_Comm_c2f(c_new);
    set_ierr(ierr, rc);
}
F_ALIASES(comm_split_type, (MPI_Fint * comm, MPI_Fint *split_type, MPI_Fint *key, MPI_Fint *info,
                            MPI_Fint *newcomm, MPI_Fint *ierr))

HMPI_API void F_ENTRY(comm_get_info)(MPI_Fint *comm, MPI_Fint *info_used, MPI_Fint *ierr);
HMPI_API void F_ENTRY(comm_get_info)(MPI_Fint *comm, MPI_Fint *info_used, MPI_Fint *ierr)
{
    MPI_Info c_info = MPI_INFO_NULL;
    int rc = MPI_Comm_get_info(MPI_Comm_f2c(*comm), &c_info);
    if (rc == MPI_SUCCESS)
        *info_used = MPI_Info_c2f(c_info);
    set_ierr(ierr, rc);
}
F_ALIASES(comm_get_info, (MPI_Fint * comm, MPI_Fint *info_used, MPI_Fint *ierr))

#if defined(OPEN_MPI) && defined(HMPI_MPI4_DECLARES_SESSIONS)
/* ---- info objects before MPI_Init --------------------------------------------
 * A Sessions program makes the info of its first session (a thread level)
 * before MPI is initialized, which Open MPI 4.1 refuses: libhmpi_mpi4's
 * MPI_Info_create initializes MPI first (sessions.c), and mpi_f08's
 * (ompi_info_create_f -> PMPI_Info_create) would pass it by. */
HMPI_API void F_ENTRY(info_create)(MPI_Fint *info, MPI_Fint *ierr);
HMPI_API void F_ENTRY(info_create)(MPI_Fint *info, MPI_Fint *ierr)
{
    MPI_Info c_info = MPI_INFO_NULL;
    int rc = MPI_Info_create(&c_info);
    if (rc == MPI_SUCCESS)
        *info = MPI_Info_c2f(c_info);
    set_ierr(ierr, rc);
}
F_ALIASES(info_create, (MPI_Fint * info, MPI_Fint *ierr))
#endif

#if defined(MPICH) && !defined(HMPI_MPI4_DECLARES_SESSIONS)
/* ---- Sessions beside MPICH's (sessions_beside.c) ------------------------------
 * MPICH 4.0's mpi_f08 calls PMPI_Session_* straight: these entry points
 * call libhmpi_mpi4's MPI_Session_* instead, so that Fortran programs see
 * hmpi's process sets too. MPICH's handles are ints in C and Fortran alike;
 * strings come with their lengths last, and the number a set's name takes
 * back is C's (the NUL counted), as MPICH's own gives it. */

/* A Fortran string (len characters, blank-padded) as a C string: free it. */
static char *string_in(const char *f, size_t len)
{
    while (len > 0 && f[len - 1] == ' ')
        len--;
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, f, len);
        c[len] = '\0';
    }
    return c;
}

/* A C string into a Fortran one of len characters, blank-padded. */
static void string_out(const char *c, char *f, size_t len)
{
    size_t n = strlen(c);
    n = n < len ? n : len;
    memcpy(f, c, n);
    memset(f + n, ' ', len - n);
}

HMPI_API void F_ENTRY(session_init)(MPI_Fint *info, MPI_Fint *errhandler, MPI_Fint *session,
                                    MPI_Fint *ierr);
HMPI_API void F_ENTRY(session_init)(MPI_Fint *info, MPI_Fint *errhandler, MPI_Fint *session,
                                    MPI_Fint *ierr)
{
    MPI_Session s = MPI_SESSION_NULL;
    int rc = MPI_Session_init(MPI_Info_f2c(*info), MPI_Errhandler_f2c(*errhandler), &s);
    *session = (MPI_Fint)s;
    set_ierr(ierr, rc);
}

HMPI_API void F_ENTRY(session_finalize)(MPI_Fint *session, MPI_Fint *ierr);
HMPI_API void F_ENTRY(session_finalize)(MPI_Fint *session, MPI_Fint *ierr)
{
    MPI_Session s = (MPI_Session)*session;
    int rc = MPI_Session_finalize(&s);
    *session = (MPI_Fint)s;
    set_ierr(ierr, rc);
}

HMPI_API void F_ENTRY(session_get_num_psets)(MPI_Fint *session, MPI_Fint *info,
                                             MPI_Fint *npset_names, MPI_Fint *ierr);
HMPI_API void F_ENTRY(session_get_num_psets)(MPI_Fint *session, MPI_Fint *info,
                                             MPI_Fint *npset_names, MPI_Fint *ierr)
{
    int n = 0, rc = MPI_Session_get_num_psets((MPI_Session)*session, MPI_Info_f2c(*info), &n);
    if (rc == MPI_SUCCESS)
        *npset_names = n;
    set_ierr(ierr, rc);
}

HMPI_API void F_ENTRY(session_get_nth_pset)(MPI_Fint *session, MPI_Fint *info, MPI_Fint *n,
                                            MPI_Fint *pset_len, char *pset_name, MPI_Fint *ierr,
                                            size_t name_len);
HMPI_API void F_ENTRY(session_get_nth_pset)(MPI_Fint *session, MPI_Fint *info, MPI_Fint *n,
                                            MPI_Fint *pset_len, char *pset_name, MPI_Fint *ierr,
                                            size_t name_len)
{
    int len = *pset_len, asked = len > 0;
    size_t room = (asked && (size_t)len > name_len ? (size_t)len : name_len) + 1;
    char *c = malloc(room); /* (at least what C may write: *pset_len bytes) */
    int rc = !c ? MPI_ERR_NO_MEM
                : MPI_Session_get_nth_pset((MPI_Session)*session, MPI_Info_f2c(*info), *n, &len, c);
    if (rc == MPI_SUCCESS) {
        if (asked) /* (a length of 0 leaves the name alone) */
            string_out(c, pset_name, name_len);
        *pset_len = len;
    }
    free(c);
    set_ierr(ierr, rc);
}

/* A call that takes a set's name and gives a handle (MPICH's handles are
 * Fortran's). */
#define F_BY_NAME(name, Handle, call)                                                              \
    HMPI_API void F_ENTRY(name)(MPI_Fint * session, char *pset_name, MPI_Fint *out,                \
                                MPI_Fint *ierr, size_t name_len);                                  \
    HMPI_API void F_ENTRY(name)(MPI_Fint * session, char *pset_name, MPI_Fint *out,                \
                                MPI_Fint *ierr, size_t name_len)                                   \
    {                                                                                              \
        Handle handle;                                                                             \
        char *c_name = string_in(pset_name, name_len);                                             \
        int rc = !c_name ? MPI_ERR_NO_MEM : call((MPI_Session)*session, c_name, &handle);          \
        if (rc == MPI_SUCCESS)                                                                     \
            *out = (MPI_Fint)handle;                                                               \
        free(c_name);                                                                              \
        set_ierr(ierr, rc);                                                                        \
    }

F_BY_NAME(session_get_pset_info, MPI_Info, MPI_Session_get_pset_info)
F_BY_NAME(group_from_session_pset, MPI_Group, MPI_Group_from_session_pset)
#endif

#endif

/* hmpi's hardware process sets beside an MPI 4 library's own Sessions
 * (MPICH 4.0), in libhmpi_mpi4 (doc/mpi4.md, "Sessions").
 *
 * The library's sessions, process sets and communicators stay its own;
 * these wrappers add the sets of psets.c after the library's, except those
 * it lists itself:
 *   - the first session of a process where the program did not call
 *     MPI_Init makes them, over a communicator of the session's
 *     mpi://WORLD: collective, every process starts one (as it would call
 *     MPI_Init); once per process;
 *   - a group of such a set is a group of the asking session's mpi://WORLD,
 *     so that MPI_Comm_create_from_group takes it;
 *   - each session tells hmpi's core where the process is in mpi://WORLD
 *     (virtual clusters number processes by it) and gives it a
 *     communicator of mpi://SELF; the last one to end releases what hmpi
 *     holds (there is no MPI_Finalize to do it). */
#include "core/error.h"
#include "core/finalize.h"
#include "core/world.h"
#include "mpi4/mpi4.h"

#ifndef HMPI_MPI4_DECLARES_SESSIONS

#include <pthread.h>
#include <string.h>
#include <strings.h>

static pthread_mutex_t beside_lock = PTHREAD_MUTEX_INITIALIZER;
static int shown[HMPI__MAX_PSETS]; /* psets.c's sets the library does not list */
static int nshown;
static int made; /* tried, once a process (making them is collective) */

/* Does the library list a set of that name? */
static int library_lists(MPI_Session s, const char *name)
{
    char listed[MPI_MAX_PSET_NAME_LEN];
    int n = 0, found = 0;
    PMPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    for (int i = 0; i < n && !found; i++) {
        int len = (int)sizeof listed;
        found = PMPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, listed) == MPI_SUCCESS &&
                strcasecmp(listed, name) == 0;
    }
    return found;
}

/* The sets, over a communicator of mpi://WORLD, and which of them to show.
 * Collective over mpi://WORLD. Under beside_lock. */
static void make_sets(MPI_Session s, MPI_Group world)
{
    char name[MPI_MAX_PSET_NAME_LEN];
    MPI_Comm comm;
    if (PMPI_Comm_create_from_group(world, "org.hmpi.psets", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                    &comm) != MPI_SUCCESS)
        return;
    hmpi__psets_make(comm);
    PMPI_Comm_free(&comm);
    for (int i = 0; i < hmpi__psets_count() && nshown < HMPI__MAX_PSETS; i++)
        if (hmpi__psets_name(i, name) && !library_lists(s, name))
            shown[nshown++] = i;
}

/* A communicator of mpi://SELF for hmpi's core (MPI_COMM_NULL: none). */
static MPI_Comm self_of(MPI_Session s)
{
    MPI_Group self;
    MPI_Comm comm = MPI_COMM_NULL;
    if (PMPI_Group_from_session_pset(s, "mpi://SELF", &self) != MPI_SUCCESS)
        return MPI_COMM_NULL;
    if (PMPI_Comm_create_from_group(self, "org.hmpi.self", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                    &comm) != MPI_SUCCESS)
        comm = MPI_COMM_NULL;
    PMPI_Group_free(&self);
    return comm;
}

/* A session began: hmpi's core told; the sets made where this is the
 * process's first (every process is here). */
static void begin(MPI_Session s)
{
    MPI_Group world = MPI_GROUP_NULL;
    MPI_Comm self = hmpi__world_sessions() == 0 ? self_of(s) : MPI_COMM_NULL;
    int rank = 0, size = 0;
    if (PMPI_Group_from_session_pset(s, "mpi://WORLD", &world) == MPI_SUCCESS) {
        PMPI_Group_rank(world, &rank);
        PMPI_Group_size(world, &size);
    }
    hmpi__world_session_begin(rank, size, self);
    pthread_mutex_lock(&beside_lock);
    if (!made && world != MPI_GROUP_NULL && !hmpi__world_model())
        make_sets(s, world);
    made = 1; /* (in the world model: no collective moment, no sets) */
    pthread_mutex_unlock(&beside_lock);
    if (world != MPI_GROUP_NULL)
        PMPI_Group_free(&world);
}

/* The shown set of that name (-1: none, the library's business). */
static int shown_named(const char *name)
{
    int i = name ? hmpi__psets_find(name) : -1, found = -1;
    pthread_mutex_lock(&beside_lock);
    for (int k = 0; k < nshown && found < 0 && i >= 0; k++)
        if (shown[k] == i)
            found = i;
    pthread_mutex_unlock(&beside_lock);
    return found;
}

/* The shown sets' number. */
static int shown_count(void)
{
    pthread_mutex_lock(&beside_lock);
    int n = nshown;
    pthread_mutex_unlock(&beside_lock);
    return n;
}

/* The k-th shown set (-1: none). */
static int shown_at(int k)
{
    pthread_mutex_lock(&beside_lock);
    int i = k >= 0 && k < nshown ? shown[k] : -1;
    pthread_mutex_unlock(&beside_lock);
    return i;
}

/* An error of these wrappers, raised on the session. */
static int session_error(MPI_Session s, int code)
{
    PMPI_Session_call_errhandler(s, code);
    return code;
}

HMPI_API int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    int rc = PMPI_Session_init(info, errhandler, session);
    if (rc == MPI_SUCCESS)
        begin(*session);
    return rc;
}

/* Before the last session ends (MPI still usable): hmpi's caches, then its
 * communicator of mpi://SELF. */
HMPI_API int MPI_Session_finalize(MPI_Session *session)
{
    if (session && *session != MPI_SESSION_NULL && hmpi__world_sessions() == 1) {
        hmpi__finalize_run();
        MPI_Comm self = hmpi__world_release_self();
        if (self != MPI_COMM_NULL)
            PMPI_Comm_free(&self);
    }
    int rc = PMPI_Session_finalize(session);
    if (rc == MPI_SUCCESS)
        hmpi__world_session_end();
    return rc;
}

HMPI_API int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    int rc = PMPI_Session_get_num_psets(session, info, npset_names);
    if (rc == MPI_SUCCESS)
        *npset_names += shown_count();
    return rc;
}

HMPI_API int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len,
                                      char *pset_name)
{
    char name[MPI_MAX_PSET_NAME_LEN];
    int library = 0, i;
    if (PMPI_Session_get_num_psets(session, info, &library) != MPI_SUCCESS || n < library ||
        !pset_len || *pset_len < 0 || (*pset_len > 0 && !pset_name) ||
        (i = shown_at(n - library)) < 0 || !hmpi__psets_name(i, name))
        return PMPI_Session_get_nth_pset(session, info, n, pset_len, pset_name); /* its errors */
    hmpi__psets_name_out(name, pset_len, pset_name);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    int i = shown_named(pset_name);
    if (i < 0 || session == MPI_SESSION_NULL)
        return PMPI_Session_get_pset_info(session, pset_name, info);
    if (!info)
        return session_error(session, hmpi__error_code(MPI_ERR_ARG, "MPI_Session_get_pset_info",
                                                       "argument 'info' is NULL"));
    hmpi__psets_size_info(hmpi__psets_size(i), info);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name,
                                         MPI_Group *newgroup)
{
    static const char fn[] = "MPI_Group_from_session_pset";
    MPI_Group world;
    int i = shown_named(pset_name), rc;
    if (i < 0 || session == MPI_SESSION_NULL)
        return PMPI_Group_from_session_pset(session, pset_name, newgroup);
    if (!newgroup)
        return session_error(session,
                             hmpi__error_code(MPI_ERR_ARG, fn, "argument 'newgroup' is NULL"));
    if ((rc = PMPI_Group_from_session_pset(session, "mpi://WORLD", &world)) != MPI_SUCCESS)
        return rc;
    rc = hmpi__psets_group(i, world, newgroup);
    PMPI_Group_free(&world);
    return rc == MPI_SUCCESS ? rc
                             : session_error(session, hmpi__error_code(rc, fn,
                                                                       "cannot make the group of "
                                                                       "'%s'",
                                                                       pset_name));
}

#endif /* !HMPI_MPI4_DECLARES_SESSIONS */

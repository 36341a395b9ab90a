/* hmpi's hardware process sets beside an MPI 4.0 library's own Sessions
 * (MPICH 4.0), in libhmpi_mpi4 (doc/mpi4.md, "Sessions").
 *
 * The library's sessions, process sets and communicators stay its own;
 * these wrappers add the sets of psets.c after the library's, except those
 * it lists itself:
 *   - the first session of a process where the program did not call
 *     MPI_Init (every process then starts one, as it would call MPI_Init)
 *     makes them, over a communicator of the session's mpi://WORLD;
 *   - a group of such a set is a group of the asking session's mpi://WORLD,
 *     so that MPI_Comm_create_from_group takes it;
 *   - each session tells hmpi's core where the process is in mpi://WORLD
 *     (virtual clusters number processes by it), and the last one to end
 *     releases what hmpi holds (there is no MPI_Finalize to do it). */
#include "core/error.h"
#include "core/finalize.h"
#include "core/world.h"
#include "mpi4/mpi4.h"

#ifndef HMPI_MPI4_DECLARES_SESSIONS

#include <pthread.h>
#include <string.h>
#include <strings.h>

#define MAX_SHOWN 40

static pthread_mutex_t beside_lock = PTHREAD_MUTEX_INITIALIZER;
static int shown[MAX_SHOWN]; /* psets.c's sets the library does not list */
static int nshown;
static int made; /* the sets made for this run of sessions */

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
    MPI_Comm comm;
    if (PMPI_Comm_create_from_group(world, "org.hmpi.psets", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                    &comm) != MPI_SUCCESS)
        return;
    hmpi__psets_make(comm);
    PMPI_Comm_free(&comm);
    nshown = 0;
    for (int i = 0; i < hmpi__psets_count() && nshown < MAX_SHOWN; i++)
        if (!library_lists(s, hmpi__psets_name(i)))
            shown[nshown++] = i;
}

/* A session began: hmpi's core told, the sets made where this is the
 * process's first (and every process is here). */
static void begin(MPI_Session s)
{
    MPI_Group world;
    int rank = 0, size = 0;
    if (PMPI_Group_from_session_pset(s, "mpi://WORLD", &world) != MPI_SUCCESS) {
        hmpi__world_session_begin(0, 0);
        return;
    }
    PMPI_Group_rank(world, &rank);
    PMPI_Group_size(world, &size);
    hmpi__world_session_begin(rank, size);
    pthread_mutex_lock(&beside_lock);
    if (!made && !hmpi__world_model())
        make_sets(s, world);
    made = 1;
    pthread_mutex_unlock(&beside_lock);
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

static int shown_count(void)
{
    pthread_mutex_lock(&beside_lock);
    int n = nshown;
    pthread_mutex_unlock(&beside_lock);
    return n;
}

/* The error of a NULL output argument, raised on the session. */
static int null_output(MPI_Session s, const char *fn, const char *what)
{
    int code = hmpi__error_code(MPI_ERR_ARG, fn, "argument '%s' is NULL", what);
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

HMPI_API int MPI_Session_finalize(MPI_Session *session)
{
    if (session && *session != MPI_SESSION_NULL && hmpi__world_session_end() == 0) {
        hmpi__finalize_run(); /* (MPI still usable: the last session is open) */
        pthread_mutex_lock(&beside_lock);
        nshown = made = 0; /* (psets.c's sets went with the hooks) */
        pthread_mutex_unlock(&beside_lock);
    }
    return PMPI_Session_finalize(session);
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
    int library = 0, k;
    if (PMPI_Session_get_num_psets(session, info, &library) != MPI_SUCCESS || n < library ||
        !pset_len || *pset_len < 0 || (*pset_len > 0 && !pset_name))
        return PMPI_Session_get_nth_pset(session, info, n, pset_len, pset_name);
    pthread_mutex_lock(&beside_lock);
    k = n - library < nshown ? shown[n - library] : -1;
    pthread_mutex_unlock(&beside_lock);
    if (k < 0) /* past the end: the library's error */
        return PMPI_Session_get_nth_pset(session, info, n, pset_len, pset_name);
    hmpi__pset_name_out(hmpi__psets_name(k), pset_len, pset_name);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    char size[16];
    int i = shown_named(pset_name);
    if (i < 0)
        return PMPI_Session_get_pset_info(session, pset_name, info);
    if (!info)
        return null_output(session, "MPI_Session_get_pset_info", "info");
    snprintf(size, sizeof size, "%d", hmpi__psets_size(i));
    PMPI_Info_create(info);
    PMPI_Info_set(*info, "mpi_size", size);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name,
                                         MPI_Group *newgroup)
{
    MPI_Group world;
    int i = shown_named(pset_name), rc;
    if (i < 0)
        return PMPI_Group_from_session_pset(session, pset_name, newgroup);
    if (!newgroup)
        return null_output(session, "MPI_Group_from_session_pset", "newgroup");
    if ((rc = PMPI_Group_from_session_pset(session, "mpi://WORLD", &world)) != MPI_SUCCESS)
        return rc;
    rc = hmpi__psets_group(i, world, newgroup);
    PMPI_Group_free(&world);
    return rc;
}

#endif /* !HMPI_MPI4_DECLARES_SESSIONS */

/* MPI 4.0's Sessions for MPI 3.1 libraries (Open MPI 4.1), in
 * libhmpi_mpi4 (doc/mpi4.md, "Sessions").
 *
 * A session is a handle on the one MPI library of the process: the first
 * session initializes it (MPI_Init_thread at the thread level the info asks
 * for) unless the program already did, and a process that hmpi initialized
 * finalizes MPI when it exits, so that sessions may come and go (MPI 4.0
 * lets a process start a session again after finalizing its last one).
 *
 * Process sets: mpi://WORLD and mpi://SELF always; when hmpi initializes
 * MPI (every process then does, as in MPI_Init, so collective operations
 * are possible there and then), also the hardware's (psets.c), made over
 * MPI_COMM_WORLD. The same names are accepted by
 * MPI_COMM_TYPE_RESOURCE_GUIDED's mpi_pset_name (hierarchy/split.c).
 *
 * MPI_Comm_create_from_group creates the communicator with
 * MPI_Comm_create_group, its tag from the string tag, over hmpi's private
 * duplicate of MPI_COMM_WORLD (`parent`, made where every process is: when
 * MPI is initialized, by hmpi or by the program's MPI_Init). So does
 * MPI_Intercomm_create_from_groups for the local group, whose leader then
 * meets the remote one over the duplicate (MPI_Intercomm_create): the
 * program's messages on MPI_COMM_WORLD never match the leaders'. */
#include "core/entry.h"
#include "core/finalize.h"
#include "mpi4/mpi4.h"

#ifdef HMPI_MPI4_DECLARES_SESSIONS

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct hmpi_mpi4_session {
    MPI_Comm self; /* MPI_COMM_SELF's duplicate: the session's error handler */
    int provided;  /* the thread level */
    MPI_Session_errhandler_function *function; /* its handler's, when a session handler */
    MPI_Fint fint;                             /* its Fortran handle (MPI_Session_c2f) */
};

typedef struct pset {
    char name[MPI_MAX_PSET_NAME_LEN];
    MPI_Group group;
} pset;

#define MAX_PSETS (2 + HMPI__MAX_PSETS) /* mpi://WORLD, mpi://SELF and psets.c's */

static pthread_mutex_t session_lock = PTHREAD_MUTEX_INITIALIZER;
static pset psets[MAX_PSETS];
static int npsets;
static int initialized_here; /* hmpi called MPI_Init_thread: it finalizes at exit */
static int psets_made;       /* (under session_lock) */
/* The private duplicate of MPI_COMM_WORLD over which the communicators of
 * groups are made (MPI_COMM_NULL: none, MPI_COMM_WORLD is used). */
static MPI_Comm parent = MPI_COMM_NULL;

static const char *const thread_levels[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
                                            "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"};
static const int thread_values[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                                    MPI_THREAD_MULTIPLE};

/* ---- Fortran handles ------------------------------------------------------
 * A session's Fortran handle (MPI_Session_c2f) is its index in `fortran`
 * plus 1 (0 is MPI_SESSION_NULL): taken by MPI_Session_init, given back by
 * MPI_Session_finalize; the table is freed when no session holds one. */

static MPI_Session *fortran; /* (under session_lock) */
static int nfortran;

/* s takes the first free index, the table grown where none is free. */
static int take_fortran_handle(MPI_Session s)
{
    int i = 0;
    pthread_mutex_lock(&session_lock);
    while (i < nfortran && fortran[i])
        i++;
    if (i == nfortran) {
        int more = nfortran ? 2 * nfortran : 8;
        MPI_Session *grown = realloc(fortran, (size_t)more * sizeof *grown);
        if (grown) {
            memset(grown + nfortran, 0, (size_t)(more - nfortran) * sizeof *grown);
            fortran = grown, nfortran = more;
        }
    }
    if (i < nfortran)
        fortran[i] = s, s->fint = (MPI_Fint)i + 1;
    pthread_mutex_unlock(&session_lock);
    return i < nfortran ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static void give_back_fortran_handle(MPI_Session s)
{
    int used = 0;
    pthread_mutex_lock(&session_lock);
    fortran[s->fint - 1] = MPI_SESSION_NULL;
    for (int i = 0; i < nfortran && !used; i++)
        used = fortran[i] != MPI_SESSION_NULL;
    if (!used) {
        free(fortran);
        fortran = NULL, nfortran = 0;
    }
    pthread_mutex_unlock(&session_lock);
}

HMPI_API MPI_Fint MPI_Session_c2f(MPI_Session session)
{
    return session == MPI_SESSION_NULL ? 0 : session->fint;
}

HMPI_API MPI_Session MPI_Session_f2c(MPI_Fint session)
{
    pthread_mutex_lock(&session_lock);
    MPI_Session s = session >= 1 && session <= nfortran ? fortran[session - 1] : MPI_SESSION_NULL;
    pthread_mutex_unlock(&session_lock);
    return s;
}

/* ---- process sets -------------------------------------------------------- */

static int session_keyval = MPI_KEYVAL_INVALID; /* a session's handlers find it by it */

/* At MPI_Finalize: the process sets, the keyval and the parent. */
static void free_psets(int mpi_usable)
{
    pthread_mutex_lock(&session_lock);
    for (int i = 0; i < npsets; i++)
        if (mpi_usable && psets[i].group != MPI_GROUP_NULL)
            PMPI_Group_free(&psets[i].group);
    npsets = 0;
    if (mpi_usable && session_keyval != MPI_KEYVAL_INVALID)
        PMPI_Comm_free_keyval(&session_keyval);
    if (mpi_usable && parent != MPI_COMM_NULL)
        PMPI_Comm_free(&parent);
    parent = MPI_COMM_NULL;
    pthread_mutex_unlock(&session_lock);
}

/* The parent, once: right after MPI_Init, where every process is (a dup is
 * collective over MPI_COMM_WORLD). Errors return to hmpi, which raises them
 * through the handler of the call. Under session_lock. */
static void make_parent(void)
{
    if (parent != MPI_COMM_NULL)
        return;
    if (PMPI_Comm_dup(MPI_COMM_WORLD, &parent) != MPI_SUCCESS) {
        parent = MPI_COMM_NULL;
        return;
    }
    PMPI_Comm_set_errhandler(parent, MPI_ERRORS_RETURN);
    hmpi__at_finalize(free_psets);
}

/* The communicator over which groups become communicators. */
static MPI_Comm parent_comm(void)
{
    pthread_mutex_lock(&session_lock);
    MPI_Comm comm = parent != MPI_COMM_NULL ? parent : MPI_COMM_WORLD;
    pthread_mutex_unlock(&session_lock);
    return comm;
}

static void add_pset(const char *name, MPI_Group group)
{
    if (npsets == MAX_PSETS) {
        PMPI_Group_free(&group);
        return;
    }
    snprintf(psets[npsets].name, sizeof psets[npsets].name, "%s", name);
    psets[npsets++].group = group;
}

/* The hardware's sets (psets.c), as groups of MPI_COMM_WORLD. Collective
 * over MPI_COMM_WORLD. */
static void add_hardware_psets(void)
{
    MPI_Group world, group;
    char name[MPI_MAX_PSET_NAME_LEN];
    hmpi__psets_make(MPI_COMM_WORLD);
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int i = 0; i < hmpi__psets_count(); i++)
        if (hmpi__psets_name(i, name) && hmpi__psets_group(i, world, &group) == MPI_SUCCESS)
            add_pset(name, group);
    PMPI_Group_free(&world);
}

/* mpi://WORLD and mpi://SELF; with every process here (MPI initialized by
 * hmpi), the hardware's. Under session_lock. */
static void make_psets(int all)
{
    MPI_Group group;
    PMPI_Comm_group(MPI_COMM_WORLD, &group);
    add_pset("mpi://WORLD", group);
    PMPI_Comm_group(MPI_COMM_SELF, &group);
    add_pset("mpi://SELF", group);
    if (all)
        add_hardware_psets();
    psets_made = 1;
    hmpi__at_finalize(free_psets);
}

static const pset *find_pset(const char *name)
{
    for (int i = 0; i < npsets; i++)
        if (strcasecmp(psets[i].name, name) == 0)
            return &psets[i];
    return NULL;
}

/* ---- the library's life -------------------------------------------------- */

/* A process whose MPI hmpi initialized finalizes it when it exits. */
static void finalize_at_exit(void)
{
    int finalized = 0;
    PMPI_Finalized(&finalized);
    if (!finalized)
        PMPI_Finalize();
}

/* The thread level the info asks for (MPI_THREAD_SINGLE by default). */
static int wanted_level(MPI_Info info)
{
    char value[64];
    int flag = 0;
    if (info != MPI_INFO_NULL && info != MPI_INFO_ENV)
        PMPI_Info_get(info, "thread_level", sizeof value - 1, value, &flag);
    for (int i = 0; flag && i < 4; i++)
        if (strcasecmp(value, thread_levels[i]) == 0)
            return thread_values[i];
    return MPI_THREAD_SINGLE;
}

/* MPI initialized here, at `level`; 0 when it was already (or finalized). */
static int init_here(int level, int *provided, int *rc)
{
    int initialized = 0, finalized = 0;
    *rc = MPI_SUCCESS;
    PMPI_Finalized(&finalized);
    PMPI_Initialized(&initialized);
    if (initialized || finalized)
        return 0;
    if ((*rc = PMPI_Init_thread(NULL, NULL, level, provided)) != MPI_SUCCESS)
        return 0;
    initialized_here = 1;
    atexit(finalize_at_exit);
    make_parent(); /* every process initializes MPI: the collective objects now */
    make_psets(1);
    return 1;
}

/* MPI initialized, by the program or here, and the process sets made. */
static int ensure_mpi(MPI_Info info, int *provided)
{
    int finalized = 0, rc;
    PMPI_Finalized(&finalized);
    if (finalized)
        return MPI_ERR_OTHER;
    pthread_mutex_lock(&session_lock);
    if (!init_here(wanted_level(info), provided, &rc) && rc == MPI_SUCCESS) {
        PMPI_Query_thread(provided);
        if (!psets_made) /* MPI the program's: the sets of no collective */
            make_psets(0);
    }
    pthread_mutex_unlock(&session_lock);
    return rc;
}

int hmpi__mpi4_sessions_init_mpi(void)
{
    int provided;
    return ensure_mpi(MPI_INFO_NULL, &provided);
}

/* MPI 4.0 makes info objects before any session (to ask a session's thread
 * level): an MPI 3.1 library refuses them before MPI_Init, so the first
 * one initializes MPI here, at MPI_THREAD_MULTIPLE (the level then offered
 * to every session). */
HMPI_API int MPI_Info_create(MPI_Info *info)
{
    int provided, rc;
    pthread_mutex_lock(&session_lock);
    init_here(MPI_THREAD_MULTIPLE, &provided, &rc);
    pthread_mutex_unlock(&session_lock);
    return rc == MPI_SUCCESS ? PMPI_Info_create(info) : rc;
}

/* The world model after a session initialized MPI (MPI 4.0 allows both):
 * MPI is there already. */
static int initialized_by_sessions(void)
{
    pthread_mutex_lock(&session_lock);
    int here = initialized_here;
    pthread_mutex_unlock(&session_lock);
    return here;
}

/* The program initialized MPI (every process does): the parent now, for
 * the sessions it may start later. */
static int initialized_by_program(int rc)
{
    if (rc == MPI_SUCCESS) {
        pthread_mutex_lock(&session_lock);
        make_parent();
        pthread_mutex_unlock(&session_lock);
    }
    return rc;
}

HMPI_API int MPI_Init(int *argc, char ***argv)
{
    if (initialized_by_sessions())
        return MPI_SUCCESS;
    return initialized_by_program(PMPI_Init(argc, argv));
}

HMPI_API int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    if (!initialized_by_sessions())
        return initialized_by_program(PMPI_Init_thread(argc, argv, required, provided));
    return PMPI_Query_thread(provided);
}

/* Raise code through errhandler (a handler of communicators), which no
 * communicator carries yet: on a duplicate of MPI_COMM_SELF. */
static int raise_with(MPI_Errhandler errhandler, int code)
{
    MPI_Comm self;
    if (code == MPI_SUCCESS || errhandler == MPI_ERRORS_RETURN)
        return code;
    if (errhandler == MPI_ERRHANDLER_NULL || PMPI_Comm_dup(MPI_COMM_SELF, &self) != MPI_SUCCESS)
        return hmpi__raise(MPI_COMM_SELF, code);
    PMPI_Comm_set_errhandler(self, errhandler);
    PMPI_Comm_call_errhandler(self, code);
    PMPI_Comm_free(&self);
    return code;
}

/* ---- session error handlers --------------------------------------------------
 * A handler of MPI_Session_create_errhandler is a communicator handler
 * whose function (`trampoline`) finds the session by an attribute of its
 * MPI_COMM_SELF duplicate and calls the program's function with it. */

#define MAX_HANDLERS 64
static struct {
    MPI_Errhandler handler;
    MPI_Session_errhandler_function *function;
} handlers[MAX_HANDLERS];
static int nhandlers;

static void trampoline(MPI_Comm *comm, int *code, ...)
{
    MPI_Session s = NULL;
    int flag = 0;
    if (session_keyval != MPI_KEYVAL_INVALID)
        PMPI_Comm_get_attr(*comm, session_keyval, &s, &flag);
    if (flag && s && s->function)
        s->function(&s, code);
}

/* The program's function behind a session handler (NULL: another handler). */
static MPI_Session_errhandler_function *function_of(MPI_Errhandler errhandler)
{
    MPI_Session_errhandler_function *f = NULL;
    pthread_mutex_lock(&session_lock);
    for (int i = 0; i < nhandlers && !f; i++)
        if (handlers[i].handler == errhandler)
            f = handlers[i].function;
    pthread_mutex_unlock(&session_lock);
    return f;
}

HMPI_API int MPI_Session_create_errhandler(MPI_Session_errhandler_function *function,
                                           MPI_Errhandler *errhandler)
{
    static const char fn[] = "MPI_Session_create_errhandler";
    int rc;
    if (!function || !errhandler)
        return hmpi__error(MPI_COMM_SELF, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !function ? "function" : "errhandler");
    hmpi__at_finalize(free_psets);
    pthread_mutex_lock(&session_lock);
    if (session_keyval == MPI_KEYVAL_INVALID)
        PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &session_keyval,
                                NULL);
    rc = nhandlers == MAX_HANDLERS
             ? hmpi__error_code(MPI_ERR_NO_MEM, fn, "more than %d session handlers", MAX_HANDLERS)
             : PMPI_Comm_create_errhandler(trampoline, errhandler);
    if (rc == MPI_SUCCESS)
        handlers[nhandlers].handler = *errhandler, handlers[nhandlers++].function = function;
    pthread_mutex_unlock(&session_lock);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(MPI_COMM_SELF, rc);
}

/* The session takes errhandler (a predefined, communicator or session one). */
static int take_handler(MPI_Session s, MPI_Errhandler errhandler)
{
    int rc = PMPI_Comm_set_errhandler(s->self, errhandler);
    if (rc == MPI_SUCCESS)
        s->function = function_of(errhandler);
    return rc;
}

/* ---- sessions ------------------------------------------------------------ */

HMPI_API int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    static const char fn[] = "MPI_Session_init";
    struct hmpi_mpi4_session *s;
    int provided = MPI_THREAD_SINGLE, rc;
    if ((rc = ensure_mpi(info, &provided)) != MPI_SUCCESS)
        return rc; /* (no MPI to raise it through) */
    if (!session)
        return raise_with(errhandler,
                          hmpi__error_code(MPI_ERR_ARG, fn, "argument 'session' is NULL"));
    if (!(s = calloc(1, sizeof *s)))
        return raise_with(errhandler, hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory"));
    s->provided = provided;
    if ((rc = PMPI_Comm_dup(MPI_COMM_SELF, &s->self)) != MPI_SUCCESS) {
        free(s);
        return raise_with(errhandler, rc);
    }
    if (session_keyval != MPI_KEYVAL_INVALID) /* (the handlers' way back to the session) */
        PMPI_Comm_set_attr(s->self, session_keyval, s);
    if (errhandler != MPI_ERRHANDLER_NULL && (rc = take_handler(s, errhandler)) != MPI_SUCCESS) {
        PMPI_Comm_free(&s->self);
        free(s);
        return hmpi__error(MPI_COMM_SELF, MPI_ERR_ARG, fn,
                           "argument 'errhandler' is not an error handler of communicators");
    }
    if (take_fortran_handle(s) != MPI_SUCCESS) {
        PMPI_Comm_free(&s->self);
        free(s);
        return raise_with(errhandler, hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory"));
    }
    *session = s;
    return MPI_SUCCESS;
}

/* Is the session one? (else the error, raised on MPI_COMM_SELF) */
static int finalized(void)
{
    int done = 0;
    PMPI_Finalized(&done);
    return done;
}

#define SESSION_OR_FAIL(s, fn)                                                                     \
    do {                                                                                           \
        if (finalized())                                                                           \
            return MPI_ERR_OTHER; /* (MPI_Finalize ended every session's MPI) */                   \
        if ((s) == MPI_SESSION_NULL)                                                               \
            return hmpi__error(MPI_COMM_SELF, MPI_ERR_ARG, fn,                                     \
                               "argument 'session' is "                                            \
                               "MPI_SESSION_NULL");                                                \
    } while (0)

HMPI_API int MPI_Session_finalize(MPI_Session *session)
{
    static const char fn[] = "MPI_Session_finalize";
    if (!session)
        return hmpi__error(MPI_COMM_SELF, MPI_ERR_ARG, fn, "argument 'session' is NULL");
    if (*session == MPI_SESSION_NULL)
        return finalized() ? MPI_ERR_ARG
                           : hmpi__error(MPI_COMM_SELF, MPI_ERR_ARG, fn,
                                         "argument 'session' is MPI_SESSION_NULL");
    if (!finalized()) /* (the program's MPI_Finalize freed it with everything else) */
        PMPI_Comm_free(&(*session)->self);
    give_back_fortran_handle(*session);
    free(*session);
    *session = MPI_SESSION_NULL;
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    static const char fn[] = "MPI_Session_get_num_psets";
    (void)info;
    SESSION_OR_FAIL(session, fn);
    if (!npset_names)
        return hmpi__error(session->self, MPI_ERR_ARG, fn, "argument 'npset_names' is NULL");
    *npset_names = npsets;
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len,
                                      char *pset_name)
{
    static const char fn[] = "MPI_Session_get_nth_pset";
    (void)info;
    SESSION_OR_FAIL(session, fn);
    if (n < 0 || n >= npsets)
        return hmpi__error(session->self, MPI_ERR_ARG, fn,
                           "argument 'n' (%d) is not in [0, %d), the session's process sets", n,
                           npsets);
    if (!pset_len || *pset_len < 0 || (*pset_len > 0 && !pset_name))
        return hmpi__error(session->self, MPI_ERR_ARG, fn,
                           "argument 'pset_len' is NULL or negative, or 'pset_name' NULL");
    hmpi__psets_name_out(psets[n].name, pset_len, pset_name);
    return MPI_SUCCESS;
}

/* The process set of that name (the output argument `out`, named `what`,
 * checked too), or the error raised on the session. */
static int pset_of(MPI_Session session, const char *name, const void *out, const char *what,
                   const char *fn, const pset **p)
{
    if (!out || !name)
        return hmpi__error(session->self, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !out ? what : "pset_name");
    if (!(*p = find_pset(name)))
        return hmpi__error(session->self, MPI_ERR_ARG, fn,
                           "argument 'pset_name' ('%s') is not a process set of this process "
                           "(MPI_Session_get_nth_pset lists them)",
                           name);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    static const char fn[] = "MPI_Session_get_pset_info";
    const pset *p;
    int n, rc;
    SESSION_OR_FAIL(session, fn);
    if ((rc = pset_of(session, pset_name, info, "info", fn, &p)) != MPI_SUCCESS)
        return rc;
    PMPI_Group_size(p->group, &n);
    hmpi__psets_size_info(n, info);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_get_info(MPI_Session session, MPI_Info *info_used)
{
    static const char fn[] = "MPI_Session_get_info";
    SESSION_OR_FAIL(session, fn);
    if (!info_used)
        return hmpi__error(session->self, MPI_ERR_ARG, fn, "argument 'info_used' is NULL");
    PMPI_Info_create(info_used);
    for (int i = 0; i < 4; i++)
        if (thread_values[i] == session->provided)
            PMPI_Info_set(*info_used, "thread_level", thread_levels[i]);
    return MPI_SUCCESS;
}

HMPI_API int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
    static const char fn[] = "MPI_Session_set_errhandler";
    SESSION_OR_FAIL(session, fn);
    int rc = take_handler(session, errhandler);
    if (rc == MPI_SUCCESS && session_keyval != MPI_KEYVAL_INVALID)
        PMPI_Comm_set_attr(session->self, session_keyval, session);
    return rc == MPI_SUCCESS ? rc
                             : hmpi__error(session->self, MPI_ERR_ARG, fn,
                                           "argument 'errhandler' is not an error handler of "
                                           "communicators");
}

HMPI_API int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
    static const char fn[] = "MPI_Session_get_errhandler";
    SESSION_OR_FAIL(session, fn);
    if (!errhandler)
        return hmpi__error(session->self, MPI_ERR_ARG, fn, "argument 'errhandler' is NULL");
    return PMPI_Comm_get_errhandler(session->self, errhandler);
}

HMPI_API int MPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
    SESSION_OR_FAIL(session, "MPI_Session_call_errhandler");
    return PMPI_Comm_call_errhandler(session->self, errorcode);
}

HMPI_API int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name,
                                         MPI_Group *newgroup)
{
    static const char fn[] = "MPI_Group_from_session_pset";
    const pset *p;
    int rc;
    SESSION_OR_FAIL(session, fn);
    if ((rc = pset_of(session, pset_name, newgroup, "newgroup", fn, &p)) != MPI_SUCCESS)
        return rc;
    return PMPI_Group_union(p->group, MPI_GROUP_EMPTY, newgroup) == MPI_SUCCESS /* a copy */
               ? MPI_SUCCESS
               : hmpi__error(session->self, MPI_ERR_NO_MEM, fn, "cannot copy the group");
}

/* A tag of MPI_Comm_create_group and MPI_Intercomm_create from the string
 * tag (FNV-1a), in [16384, 32767): MPI_TAG_UB is at least 32767. */
static int tag_of(const char *stringtag)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)stringtag; *p; p++)
        h = (h ^ *p) * 16777619u;
    return 16384 + (int)(h % 16383u);
}

/* The new communicator takes the call's error handler and info, and goes
 * out to the program. */
static int hand_out(MPI_Comm comm, MPI_Info info, MPI_Errhandler errhandler, MPI_Comm *out)
{
    if (errhandler != MPI_ERRHANDLER_NULL)
        PMPI_Comm_set_errhandler(comm, errhandler);
    if (info != MPI_INFO_NULL)
        PMPI_Comm_set_info(comm, info);
    *out = comm;
    return MPI_SUCCESS;
}

HMPI_API int MPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                        MPI_Errhandler errhandler, MPI_Comm *newcomm)
{
    static const char fn[] = "MPI_Comm_create_from_group";
    MPI_Comm comm;
    int rank = MPI_UNDEFINED, size = 0, rc = MPI_SUCCESS;
    if (!newcomm || !stringtag)
        rc = hmpi__error_code(MPI_ERR_ARG, fn, "argument '%s' is NULL",
                              !newcomm ? "newcomm" : "stringtag");
    else if (group == MPI_GROUP_NULL)
        rc = hmpi__error_code(MPI_ERR_GROUP, fn, "argument 'group' is MPI_GROUP_NULL");
    if (rc == MPI_SUCCESS) {
        PMPI_Group_size(group, &size);
        PMPI_Group_rank(group, &rank);
        if (size == 0) /* MPI_GROUP_EMPTY: no communicator */
            return hand_out(MPI_COMM_NULL, MPI_INFO_NULL, MPI_ERRHANDLER_NULL, newcomm);
        if (rank == MPI_UNDEFINED)
            rc = hmpi__error_code(MPI_ERR_GROUP, fn,
                                  "the calling process is not in argument 'group'");
    }
    if (rc == MPI_SUCCESS && (rc = PMPI_Comm_create_group(parent_comm(), group, tag_of(stringtag),
                                                          &comm)) == MPI_SUCCESS)
        return hand_out(comm, info, errhandler, newcomm);
    return raise_with(errhandler, rc); /* the call's own handler */
}

static const char intercomm_fn[] = "MPI_Intercomm_create_from_groups";

/* Is leader (argument `what`) a rank of group (argument `of`)? Else the
 * error, unraised. */
static int check_leader(MPI_Group group, int leader, const char *what, const char *of)
{
    int size = 0;
    PMPI_Group_size(group, &size);
    if (leader >= 0 && leader < size)
        return MPI_SUCCESS;
    return hmpi__error_code(MPI_ERR_RANK, intercomm_fn,
                            "argument '%s' (%d) is not a rank of argument '%s' (of size %d)", what,
                            leader, of, size);
}

/* The arguments of MPI_Intercomm_create_from_groups past the handles, in
 * two non-empty groups, checked locally: the groups disjoint as far as the
 * calling process tells (in the local group, not in the remote one);
 * remote_leader where it is significant, at the local leader (*leading).
 * The error unraised. */
static int check_intercomm_ranks(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                 int remote_leader, int *leading)
{
    int local = MPI_UNDEFINED, remote = MPI_UNDEFINED, rc;
    if ((rc = check_leader(local_group, local_leader, "local_leader", "local_group")))
        return rc;
    PMPI_Group_rank(local_group, &local);
    PMPI_Group_rank(remote_group, &remote);
    if (local == MPI_UNDEFINED)
        return hmpi__error_code(MPI_ERR_GROUP, intercomm_fn,
                                "the calling process is not in argument 'local_group'%s",
                                remote != MPI_UNDEFINED ? " (it is in 'remote_group')" : "");
    if (remote != MPI_UNDEFINED)
        return hmpi__error_code(MPI_ERR_GROUP, intercomm_fn,
                                "the calling process is in both argument 'local_group' and "
                                "argument 'remote_group', which must be disjoint");
    *leading = local == local_leader;
    return *leading ? check_leader(remote_group, remote_leader, "remote_leader", "remote_group")
                    : MPI_SUCCESS;
}

/* The intercommunicator: the local group's communicator over comm, whose
 * leader meets the remote one over comm (remote_leader translated into it
 * there). Collective over both groups. */
static int make_intercomm(MPI_Comm comm, MPI_Group local_group, int local_leader,
                          MPI_Group remote_group, int remote_leader, int leading, int tag,
                          MPI_Comm *inter)
{
    MPI_Group all;
    MPI_Comm local;
    int peer = 0, rc; /* (peer: significant at the leader only) */
    if (leading) {
        PMPI_Comm_group(comm, &all);
        PMPI_Group_translate_ranks(remote_group, 1, &remote_leader, all, &peer);
        PMPI_Group_free(&all);
        if (peer == MPI_UNDEFINED)
            return hmpi__error_code(MPI_ERR_GROUP, intercomm_fn,
                                    "argument 'remote_leader' (%d) is not a process of "
                                    "mpi://WORLD",
                                    remote_leader);
    }
    if ((rc = PMPI_Comm_create_group(comm, local_group, tag, &local)) != MPI_SUCCESS)
        return rc;
    rc = PMPI_Intercomm_create(local, local_leader, comm, peer, tag, inter);
    PMPI_Comm_free(&local);
    return rc;
}

HMPI_API int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                              MPI_Group remote_group, int remote_leader,
                                              const char *stringtag, MPI_Info info,
                                              MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
    MPI_Comm inter;
    int lsize = 0, rsize = 0, leading = 0, rc = MPI_SUCCESS;
    if (!newintercomm || !stringtag)
        rc = hmpi__error_code(MPI_ERR_ARG, intercomm_fn, "argument '%s' is NULL",
                              !newintercomm ? "newintercomm" : "stringtag");
    else if (local_group == MPI_GROUP_NULL || remote_group == MPI_GROUP_NULL)
        rc = hmpi__error_code(MPI_ERR_GROUP, intercomm_fn, "argument '%s' is MPI_GROUP_NULL",
                              local_group == MPI_GROUP_NULL ? "local_group" : "remote_group");
    if (rc == MPI_SUCCESS) {
        PMPI_Group_size(local_group, &lsize);
        PMPI_Group_size(remote_group, &rsize);
        if (lsize == 0 || rsize == 0) /* MPI_GROUP_EMPTY (MPI 4.1): local, no communicator */
            return hand_out(MPI_COMM_NULL, MPI_INFO_NULL, MPI_ERRHANDLER_NULL, newintercomm);
        rc =
            check_intercomm_ranks(local_group, local_leader, remote_group, remote_leader, &leading);
    }
    if (rc == MPI_SUCCESS &&
        (rc = make_intercomm(parent_comm(), local_group, local_leader, remote_group, remote_leader,
                             leading, tag_of(stringtag), &inter)) == MPI_SUCCESS)
        return hand_out(inter, info, errhandler, newintercomm);
    return raise_with(errhandler, rc); /* the call's own handler */
}

#endif /* HMPI_MPI4_DECLARES_SESSIONS */

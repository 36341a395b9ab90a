/* MPI's collectives on hmpi: every MPI_<coll>_init and
 * MPI_Neighbor_<coll>_init (MPI 4.0) returns a real MPI_Request; with
 * HMPI_MPI4_COLLECTIVES=all (or auto, on communicators that span several
 * nodes) the blocking and nonblocking forms run in hmpi too, else they go
 * to the MPI library. */
#include "mpi4/mpi4.h"

#include "core/comm.h"
#include "core/config.h"
#include "core/error.h"

int hmpi__mpi4_takes(MPI_Comm comm, const char *fn)
{
    uint64_t stamp; /* the settings, parsed once per environment */
    int mode = hmpi__config_number_now(HMPI__CFG_MPI4_COLLECTIVES, &stamp);
    int after = hmpi__config_number_in(HMPI__CFG_MPI4_AFTER, stamp);
    hmpi__commloc *cl;
    int nodes = 1;
    if (comm == MPI_COMM_NULL || mode == HMPI__MPI4_PERSISTENT)
        return 0;
    int rc, inter = 0, size;
    MPI_Comm_test_inter(comm, &inter);
    if (inter)
        return 0; /* the MPI library's: hmpi has no intercommunicator collectives */
    MPI_Comm_size(comm, &size);
    if (size == 1)
        return 0; /* a local copy: nothing for hmpi to gain */
    /* every process calls comm's collectives in the same order, so all
     * count alike and switch at the same call */
    if (after > 0 && hmpi__comm_count_use(comm) < after)
        return 0;
    if (mode == HMPI__MPI4_ALL)
        return 1;
    /* auto: hmpi's algorithms gain where communication crosses nodes (the
     * locality, one allgather, is computed once per communicator) */
    rc = hmpi__commloc_ensure(comm, 1, fn, &cl);
    if (rc == MPI_SUCCESS)
        hmpi__loctable_machines(cl->table, &nodes);
    return rc == MPI_SUCCESS && nodes > 1;
}

/* ---- the three forms of every collective ---------------------------------- */

/* Persistent: always hmpi's, a real MPI_Request. Blocking and nonblocking:
 * hmpi's when the setting says so, else the MPI library's. Errors name the
 * MPI function. */
#define MPI_FORMS(Name, name, NAME, SIG, PASS)                                                     \
    HMPI_API int MPI_##Name##_init(SIG, MPI_Info info, MPI_Request *request)                       \
    {                                                                                              \
        static const char fn[] = "MPI_" #Name "_init";                                             \
        HMPI_Request r = HMPI_REQUEST_NULL;                                                        \
        int rc;                                                                                    \
        if (!request)                                                                              \
            return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'request' is NULL");               \
        rc = hmpi__mpi_##name(fn, HMPI__FORM_PERSISTENT, PASS, info, &r);                          \
        return rc == MPI_SUCCESS ? hmpi__mpi4_wrap(r, 1, comm, fn, request) : rc;                  \
    }                                                                                              \
    HMPI_API int MPI_##Name(SIG)                                                                   \
    {                                                                                              \
        static const char fn[] = "MPI_" #Name;                                                     \
        int rc;                                                                                    \
        if (!hmpi__mpi4_takes(comm, fn))                                                           \
            return PMPI_##Name(PASS);                                                              \
        rc = hmpi__mpi_##name(fn, HMPI__FORM_BLOCKING, PASS, MPI_INFO_NULL, NULL);                 \
        return rc;                                                                                 \
    }                                                                                              \
    HMPI_API int MPI_I##name(SIG, MPI_Request *request)                                            \
    {                                                                                              \
        static const char fn[] = "MPI_I" #name;                                                    \
        HMPI_Request r = HMPI_REQUEST_NULL;                                                        \
        int rc;                                                                                    \
        if (!hmpi__mpi4_takes(comm, fn))                                                           \
            return PMPI_I##name(PASS, request);                                                    \
        if (!request)                                                                              \
            return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'request' is NULL");               \
        rc = hmpi__mpi_##name(fn, HMPI__FORM_NONBLOCKING, PASS, MPI_INFO_NULL, &r);                \
        return rc == MPI_SUCCESS ? hmpi__mpi4_wrap(r, 0, comm, fn, request) : rc;                  \
    }

HMPI__COLLECTIVES(MPI_FORMS)
HMPI__NEIGHBOR_COLLECTIVES(MPI_FORMS)

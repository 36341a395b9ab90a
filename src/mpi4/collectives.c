/* MPI's collectives on hmpi: every MPI_<coll>_init and
 * MPI_Neighbor_<coll>_init (MPI 4.0) returns a real MPI_Request; with
 * HMPI_MPI4_COLLECTIVES=all (or auto, on communicators that span several
 * nodes) the blocking and nonblocking forms run in hmpi too, else they go
 * to the MPI library. */
#include "mpi4/mpi4.h"

#include "core/config.h"
#include "core/error.h"
#include "hierarchy/commloc.h"

enum { MODE_PERSISTENT, MODE_ALL, MODE_AUTO };

int hmpi__mpi4_takes(MPI_Comm comm, const char *fn)
{
    hmpi__cfg_value mode;
    hmpi__commloc *cl;
    int nodes = 1;
    if (hmpi__mpi4_inside || comm == MPI_COMM_NULL ||
        hmpi__config_get(HMPI__CFG_MPI4_COLLECTIVES, MPI_INFO_NULL, fn, &mode) != MPI_SUCCESS ||
        mode.number == MODE_PERSISTENT)
        return 0;
    int rc, inter = 0;
    MPI_Comm_test_inter(comm, &inter);
    if (inter)
        return 0; /* the MPI library's: hmpi has no intercommunicator collectives */
    if (mode.number == MODE_ALL)
        return 1;
    /* auto: hmpi's algorithms gain where communication crosses nodes (the
     * locality, one allgather, is computed once per communicator) */
    HMPI__MPI4_CALL(rc, hmpi__commloc_ensure(comm, 1, fn, &cl));
    if (rc == MPI_SUCCESS)
        hmpi__loctable_machines(cl->table, &nodes);
    return rc == MPI_SUCCESS && nodes > 1;
}

/* ---- signatures (MPI's) and the argument lists that pass them on --------- */

#define SIG_BARRIER MPI_Comm comm
#define ARG_BARRIER comm
#define SIG_BCAST void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm
#define ARG_BCAST buffer, count, datatype, root, comm
#define SIG_REDUCE                                                                                 \
    const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,     \
        MPI_Comm comm
#define ARG_REDUCE sendbuf, recvbuf, count, datatype, op, root, comm
#define SIG_OP                                                                                     \
    const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm
#define ARG_OP sendbuf, recvbuf, count, datatype, op, comm
#define SIG_ROOTED                                                                                 \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,       \
        MPI_Datatype recvtype, int root, MPI_Comm comm
#define ARG_ROOTED sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm
#define SIG_ALL                                                                                    \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,       \
        MPI_Datatype recvtype, MPI_Comm comm
#define ARG_ALL sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm
#define SIG_RSB                                                                                    \
    const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,           \
        MPI_Comm comm
#define ARG_RSB sendbuf, recvbuf, recvcount, datatype, op, comm
#define SIG_GATHERV                                                                                \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                      \
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm
#define ARG_GATHERV sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm
#define SIG_SCATTERV                                                                               \
    const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,        \
        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm
#define ARG_SCATTERV sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm
#define SIG_ALLGATHERV                                                                             \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                      \
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm
#define ARG_ALLGATHERV sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm
#define SIG_ALLTOALLV                                                                              \
    const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,       \
        void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,         \
        MPI_Comm comm
#define ARG_ALLTOALLV                                                                              \
    sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm
#define SIG_ALLTOALLW                                                                              \
    const void *sendbuf, const int sendcounts[], const int sdispls[],                              \
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                     \
        const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm
#define ARG_W sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm
#define SIG_REDUCE_SCATTER                                                                         \
    const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,  \
        MPI_Comm comm
#define ARG_REDUCE_SCATTER sendbuf, recvbuf, recvcounts, datatype, op, comm
#define SIG_NBR_ALLTOALLW                                                                          \
    const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],                         \
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                     \
        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm

/* ---- the three forms ------------------------------------------------------ */

/* Persistent: always hmpi's, a real MPI_Request. Blocking and nonblocking:
 * hmpi's when the setting says so. (One macro: SIG and ARGS hold commas,
 * so they cannot be handed on to another.) */
#define ALL_FORMS(Name, IName, SIG, ARGS)                                                          \
    HMPI_API int MPI_##Name##_init(SIG, MPI_Info info, MPI_Request *request)                       \
    {                                                                                              \
        HMPI_Request r = HMPI_REQUEST_NULL;                                                        \
        int rc;                                                                                    \
        HMPI__MPI4_CALL(rc, HMPI_##Name##_init(ARGS, info, &r));                                   \
        if (rc != MPI_SUCCESS)                                                                     \
            return rc;                                                                             \
        if (!request) {                                                                            \
            HMPI__MPI4_CALL(rc, HMPI_Request_free(&r));                                            \
            return hmpi__error(comm, MPI_ERR_ARG, "MPI_" #Name "_init",                            \
                               "argument 'request' is NULL");                                      \
        }                                                                                          \
        return hmpi__mpi4_wrap(r, 1, comm, "MPI_" #Name "_init", request);                         \
    }                                                                                              \
    HMPI_API int MPI_##Name(SIG)                                                                   \
    {                                                                                              \
        int rc;                                                                                    \
        if (!hmpi__mpi4_takes(comm, "MPI_" #Name))                                                 \
            return PMPI_##Name(ARGS);                                                              \
        HMPI__MPI4_CALL(rc, HMPI_##Name(ARGS));                                                    \
        return rc;                                                                                 \
    }                                                                                              \
    HMPI_API int MPI_##IName(SIG, MPI_Request *request)                                            \
    {                                                                                              \
        HMPI_Request r = HMPI_REQUEST_NULL;                                                        \
        int rc;                                                                                    \
        if (!hmpi__mpi4_takes(comm, "MPI_" #IName))                                                \
            return PMPI_##IName(ARGS, request);                                                    \
        HMPI__MPI4_CALL(rc, HMPI_##IName(ARGS, &r));                                               \
        if (rc != MPI_SUCCESS)                                                                     \
            return rc;                                                                             \
        return hmpi__mpi4_wrap(r, 0, comm, "MPI_" #IName, request);                                \
    }

ALL_FORMS(Barrier, Ibarrier, SIG_BARRIER, ARG_BARRIER)
ALL_FORMS(Bcast, Ibcast, SIG_BCAST, ARG_BCAST)
ALL_FORMS(Reduce, Ireduce, SIG_REDUCE, ARG_REDUCE)
ALL_FORMS(Allreduce, Iallreduce, SIG_OP, ARG_OP)
ALL_FORMS(Scan, Iscan, SIG_OP, ARG_OP)
ALL_FORMS(Exscan, Iexscan, SIG_OP, ARG_OP)
ALL_FORMS(Gather, Igather, SIG_ROOTED, ARG_ROOTED)
ALL_FORMS(Scatter, Iscatter, SIG_ROOTED, ARG_ROOTED)
ALL_FORMS(Allgather, Iallgather, SIG_ALL, ARG_ALL)
ALL_FORMS(Alltoall, Ialltoall, SIG_ALL, ARG_ALL)
ALL_FORMS(Reduce_scatter_block, Ireduce_scatter_block, SIG_RSB, ARG_RSB)
ALL_FORMS(Gatherv, Igatherv, SIG_GATHERV, ARG_GATHERV)
ALL_FORMS(Scatterv, Iscatterv, SIG_SCATTERV, ARG_SCATTERV)
ALL_FORMS(Allgatherv, Iallgatherv, SIG_ALLGATHERV, ARG_ALLGATHERV)
ALL_FORMS(Alltoallv, Ialltoallv, SIG_ALLTOALLV, ARG_ALLTOALLV)
ALL_FORMS(Alltoallw, Ialltoallw, SIG_ALLTOALLW, ARG_W)
ALL_FORMS(Reduce_scatter, Ireduce_scatter, SIG_REDUCE_SCATTER, ARG_REDUCE_SCATTER)

ALL_FORMS(Neighbor_allgather, Ineighbor_allgather, SIG_ALL, ARG_ALL)
ALL_FORMS(Neighbor_allgatherv, Ineighbor_allgatherv, SIG_ALLGATHERV, ARG_ALLGATHERV)
ALL_FORMS(Neighbor_alltoall, Ineighbor_alltoall, SIG_ALL, ARG_ALL)
ALL_FORMS(Neighbor_alltoallv, Ineighbor_alltoallv, SIG_ALLTOALLV, ARG_ALLTOALLV)
ALL_FORMS(Neighbor_alltoallw, Ineighbor_alltoallw, SIG_NBR_ALLTOALLW, ARG_W)

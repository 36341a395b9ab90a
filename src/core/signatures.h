/* MPI's argument lists of the collectives (MPI 4.0), written once for the
 * modules that implement them (coll, iso) and for the layer that forwards
 * MPI's own calls to them (mpi4). HMPI__SIG_<X>(comm) declares the
 * parameters, comm naming the communicator; HMPI__PASS_<X> passes them on
 * (the communicator named comm). Private. */
#ifndef HMPI_CORE_SIGNATURES_H
#define HMPI_CORE_SIGNATURES_H

#define HMPI__SIG_BARRIER(comm) MPI_Comm comm
#define HMPI__PASS_BARRIER comm

#define HMPI__SIG_BCAST(comm)                                                                      \
    void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm
#define HMPI__PASS_BCAST buffer, count, datatype, root, comm

#define HMPI__SIG_REDUCE(comm)                                                                     \
    const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,     \
        MPI_Comm comm
#define HMPI__PASS_REDUCE sendbuf, recvbuf, count, datatype, op, root, comm

/* allreduce, scan, exscan */
#define HMPI__SIG_OP(comm)                                                                         \
    const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm
#define HMPI__PASS_OP sendbuf, recvbuf, count, datatype, op, comm

/* gather, scatter */
#define HMPI__SIG_ROOTED(comm)                                                                     \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,       \
        MPI_Datatype recvtype, int root, MPI_Comm comm
#define HMPI__PASS_ROOTED sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm

/* allgather, alltoall, and their neighbourhood forms */
#define HMPI__SIG_ALL(comm)                                                                        \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,       \
        MPI_Datatype recvtype, MPI_Comm comm
#define HMPI__PASS_ALL sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm

#define HMPI__SIG_RSB(comm)                                                                        \
    const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,           \
        MPI_Comm comm
#define HMPI__PASS_RSB sendbuf, recvbuf, recvcount, datatype, op, comm

#define HMPI__SIG_GATHERV(comm)                                                                    \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                      \
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm
#define HMPI__PASS_GATHERV                                                                         \
    sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm

#define HMPI__SIG_SCATTERV(comm)                                                                   \
    const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,        \
        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm
#define HMPI__PASS_SCATTERV                                                                        \
    sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm

/* allgatherv and its neighbourhood form */
#define HMPI__SIG_ALLGATHERV(comm)                                                                 \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                      \
        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm
#define HMPI__PASS_ALLGATHERV                                                                      \
    sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm

/* alltoallv and its neighbourhood form */
#define HMPI__SIG_ALLTOALLV(comm)                                                                  \
    const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,       \
        void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,         \
        MPI_Comm comm
#define HMPI__PASS_ALLTOALLV                                                                       \
    sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm

/* alltoallw (displacements in bytes, as int) */
#define HMPI__SIG_ALLTOALLW(comm)                                                                  \
    const void *sendbuf, const int sendcounts[], const int sdispls[],                              \
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                     \
        const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm
/* the neighbourhood alltoallw (displacements as MPI_Aint) */
#define HMPI__SIG_NEIGHBOR_ALLTOALLW(comm)                                                         \
    const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],                         \
        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                     \
        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm
#define HMPI__PASS_ALLTOALLW                                                                       \
    sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm

#define HMPI__SIG_REDUCE_SCATTER(comm)                                                             \
    const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,  \
        MPI_Comm comm
#define HMPI__PASS_REDUCE_SCATTER sendbuf, recvbuf, recvcounts, datatype, op, comm

/* MPI's collectives, in one list: X(Name, name, NAME, signature, pass) for
 * each. It generates the collectives' enum (coll.h), their names, the
 * per-collective settings hmpi_<name>_algorithm (core/config.h), the
 * internal entries, the three public forms (coll.c) and libhmpi_mpi4's
 * MPI_ wrappers. */
#define HMPI__COLLECTIVES(X)                                                                       \
    X(Barrier, barrier, BARRIER, HMPI__SIG_BARRIER(comm), HMPI__PASS_BARRIER)                      \
    X(Bcast, bcast, BCAST, HMPI__SIG_BCAST(comm), HMPI__PASS_BCAST)                                \
    X(Reduce, reduce, REDUCE, HMPI__SIG_REDUCE(comm), HMPI__PASS_REDUCE)                           \
    X(Allreduce, allreduce, ALLREDUCE, HMPI__SIG_OP(comm), HMPI__PASS_OP)                          \
    X(Scan, scan, SCAN, HMPI__SIG_OP(comm), HMPI__PASS_OP)                                         \
    X(Exscan, exscan, EXSCAN, HMPI__SIG_OP(comm), HMPI__PASS_OP)                                   \
    X(Gather, gather, GATHER, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED)                           \
    X(Scatter, scatter, SCATTER, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED)                        \
    X(Allgather, allgather, ALLGATHER, HMPI__SIG_ALL(comm), HMPI__PASS_ALL)                        \
    X(Alltoall, alltoall, ALLTOALL, HMPI__SIG_ALL(comm), HMPI__PASS_ALL)                           \
    X(Reduce_scatter_block, reduce_scatter_block, REDUCE_SCATTER_BLOCK, HMPI__SIG_RSB(comm),       \
      HMPI__PASS_RSB)                                                                              \
    X(Gatherv, gatherv, GATHERV, HMPI__SIG_GATHERV(comm), HMPI__PASS_GATHERV)                      \
    X(Scatterv, scatterv, SCATTERV, HMPI__SIG_SCATTERV(comm), HMPI__PASS_SCATTERV)                 \
    X(Allgatherv, allgatherv, ALLGATHERV, HMPI__SIG_ALLGATHERV(comm), HMPI__PASS_ALLGATHERV)       \
    X(Alltoallv, alltoallv, ALLTOALLV, HMPI__SIG_ALLTOALLV(comm), HMPI__PASS_ALLTOALLV)            \
    X(Alltoallw, alltoallw, ALLTOALLW, HMPI__SIG_ALLTOALLW(comm), HMPI__PASS_ALLTOALLW)            \
    X(Reduce_scatter, reduce_scatter, REDUCE_SCATTER, HMPI__SIG_REDUCE_SCATTER(comm),              \
      HMPI__PASS_REDUCE_SCATTER)

/* The internal entry of MPI's collective `name`: runs it in form (enum
 * hmpi__form), errors naming fn; request is NULL for blocking calls. The
 * public HMPI_ forms and libhmpi_mpi4's MPI_ forms call it. Used with the
 * lists HMPI__COLLECTIVES (coll.h) and HMPI__NEIGHBOR_COLLECTIVES (iso.h). */
#define HMPI__DECLARE_ENTRY(Name, name, NAME, SIG, PASS)                                           \
    int hmpi__mpi_##name(const char *fn, int form, SIG, MPI_Info info, HMPI_Request *request);

#endif

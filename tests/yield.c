/* MPICH's blocking calls, yielding: linked into the MPICH builds' test
 * programs (tests/CMakeLists.txt).
 *
 * MPICH 4.0 (ch4) spins in a blocking call and does not give its core
 * away. The suite runs up to 8 ranks on 2 cores: a rank that waits holds a
 * core the awaited rank needs until the scheduler's time slice ends. 4
 * ranks on 2 cores, MPIR_CVAR_POLLS_BEFORE_YIELD=1 (as the tests run): 5.4
 * ms an MPI_Allreduce of one int, 8.2 ms an MPI_Barrier; the same posted
 * as MPI_Iallreduce and MPI_Ibarrier, then tested and yielded, 14 and 12
 * us.
 *
 * Through the profiling interface, each blocking collective,
 * point-to-point call and MPI_Comm_dup that the tests and hmpi make
 * becomes its nonblocking form, completed by testing and yielding: the same library's algorithms
 * and matching rules (a blocking and a nonblocking collective of the same
 * arguments give the same results for the exact types the tests use).
 * libhmpi reaches MPI through MPI_X (src/core/pmpi.h), so its own waits
 * and set-up collectives yield too. An alltoallv or alltoallw in place
 * stays blocking: MPICH 4.0's nonblocking ones then leave some blocks of
 * derived types wrong (as src/coll/native.c says, which avoids them).
 * Programs linked with libhmpi_mpi4, which defines several of these names
 * itself, are built without this file; Open MPI's builds too, as Open MPI
 * yields when it runs more ranks than cores. */
#include <mpi.h>
#include <sched.h>

/* Weak: a test's own definition (one that counts the calls) is taken. */
#define WEAK __attribute__((weak))

/* MPI_Wait's and MPI_Waitall's results (a failed request's own error, or
 * MPI_ERR_IN_STATUS), testing and yielding. */
static int wait_one(MPI_Request *req, MPI_Status *status)
{
    int done = 0;
    for (;;) {
        int rc = PMPI_Test(req, &done, status);
        if (rc != MPI_SUCCESS || done)
            return rc;
        sched_yield();
    }
}

static int wait_all(int n, MPI_Request *reqs, MPI_Status *statuses)
{
    int done = 0;
    for (;;) {
        int rc = PMPI_Testall(n, reqs, &done, statuses);
        if (rc != MPI_SUCCESS || done)
            return rc;
        sched_yield();
    }
}

/* Post a nonblocking call into `req`, then complete it yielding. */
#define YIELDING(post)                                                                             \
    do {                                                                                           \
        MPI_Request req;                                                                           \
        int rc = (post);                                                                           \
        return rc != MPI_SUCCESS ? rc : wait_one(&req, MPI_STATUS_IGNORE);                         \
    } while (0)

WEAK int MPI_Wait(MPI_Request *req, MPI_Status *status)
{
    return wait_one(req, status);
}

WEAK int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status statuses[])
{
    return wait_all(n, reqs, statuses);
}

WEAK int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    YIELDING(PMPI_Isend(buf, count, type, dest, tag, comm, &req));
}

WEAK int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Status *status)
{
    MPI_Request req;
    int rc = PMPI_Irecv(buf, count, type, source, tag, comm, &req);
    return rc != MPI_SUCCESS ? rc : wait_one(&req, status);
}

WEAK int MPI_Sendrecv(const void *sendbuf, int scount, MPI_Datatype stype, int dest, int stag,
                      void *recvbuf, int rcount, MPI_Datatype rtype, int source, int rtag,
                      MPI_Comm comm, MPI_Status *status)
{
    MPI_Request reqs[2];
    MPI_Status statuses[2];
    int rc = PMPI_Irecv(recvbuf, rcount, rtype, source, rtag, comm, &reqs[0]);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = PMPI_Isend(sendbuf, scount, stype, dest, stag, comm, &reqs[1])) != MPI_SUCCESS) {
        PMPI_Cancel(&reqs[0]);
        PMPI_Request_free(&reqs[0]);
        return rc;
    }
    rc = wait_all(2, reqs, statuses);
    if (rc == MPI_ERR_IN_STATUS) /* as MPI_Sendrecv: the failed request's own error */
        rc = statuses[0].MPI_ERROR != MPI_SUCCESS ? statuses[0].MPI_ERROR : statuses[1].MPI_ERROR;
    if (status != MPI_STATUS_IGNORE)
        *status = statuses[0];
    return rc;
}

WEAK int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    YIELDING(PMPI_Comm_idup(comm, newcomm, &req));
}

WEAK int MPI_Barrier(MPI_Comm comm)
{
    YIELDING(PMPI_Ibarrier(comm, &req));
}

WEAK int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    YIELDING(PMPI_Ibcast(buf, count, type, root, comm, &req));
}

WEAK int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    int root, MPI_Comm comm)
{
    YIELDING(PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, &req));
}

WEAK int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm)
{
    YIELDING(PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, &req));
}

WEAK int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                  MPI_Op op, MPI_Comm comm)
{
    YIELDING(PMPI_Ireduce_scatter_block(sendbuf, recvbuf, count, type, op, comm, &req));
}

WEAK int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int counts[],
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    YIELDING(PMPI_Ireduce_scatter(sendbuf, recvbuf, counts, type, op, comm, &req));
}

WEAK int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    YIELDING(PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, &req));
}

WEAK int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    MPI_Comm comm)
{
    YIELDING(PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, &req));
}

WEAK int MPI_Gather(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm)
{
    YIELDING(PMPI_Igather(sendbuf, scount, stype, recvbuf, rcount, rtype, root, comm, &req));
}

WEAK int MPI_Gatherv(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf,
                     const int rcounts[], const int displs[], MPI_Datatype rtype, int root,
                     MPI_Comm comm)
{
    YIELDING(
        PMPI_Igatherv(sendbuf, scount, stype, recvbuf, rcounts, displs, rtype, root, comm, &req));
}

WEAK int MPI_Scatter(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf, int rcount,
                     MPI_Datatype rtype, int root, MPI_Comm comm)
{
    YIELDING(PMPI_Iscatter(sendbuf, scount, stype, recvbuf, rcount, rtype, root, comm, &req));
}

WEAK int MPI_Scatterv(const void *sendbuf, const int scounts[], const int displs[],
                      MPI_Datatype stype, void *recvbuf, int rcount, MPI_Datatype rtype, int root,
                      MPI_Comm comm)
{
    YIELDING(
        PMPI_Iscatterv(sendbuf, scounts, displs, stype, recvbuf, rcount, rtype, root, comm, &req));
}

WEAK int MPI_Allgather(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf,
                       int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    YIELDING(PMPI_Iallgather(sendbuf, scount, stype, recvbuf, rcount, rtype, comm, &req));
}

WEAK int MPI_Allgatherv(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf,
                        const int rcounts[], const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
    YIELDING(PMPI_Iallgatherv(sendbuf, scount, stype, recvbuf, rcounts, displs, rtype, comm, &req));
}

WEAK int MPI_Alltoall(const void *sendbuf, int scount, MPI_Datatype stype, void *recvbuf,
                      int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    YIELDING(PMPI_Ialltoall(sendbuf, scount, stype, recvbuf, rcount, rtype, comm, &req));
}

WEAK int MPI_Alltoallv(const void *sendbuf, const int scounts[], const int sdispls[],
                       MPI_Datatype stype, void *recvbuf, const int rcounts[], const int rdispls[],
                       MPI_Datatype rtype, MPI_Comm comm)
{
    if (sendbuf == MPI_IN_PLACE)
        return PMPI_Alltoallv(sendbuf, scounts, sdispls, stype, recvbuf, rcounts, rdispls, rtype,
                              comm);
    YIELDING(PMPI_Ialltoallv(sendbuf, scounts, sdispls, stype, recvbuf, rcounts, rdispls, rtype,
                             comm, &req));
}

WEAK int MPI_Alltoallw(const void *sendbuf, const int scounts[], const int sdispls[],
                       const MPI_Datatype stypes[], void *recvbuf, const int rcounts[],
                       const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
    if (sendbuf == MPI_IN_PLACE)
        return PMPI_Alltoallw(sendbuf, scounts, sdispls, stypes, recvbuf, rcounts, rdispls, rtypes,
                              comm);
    YIELDING(PMPI_Ialltoallw(sendbuf, scounts, sdispls, stypes, recvbuf, rcounts, rdispls, rtypes,
                             comm, &req));
}

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
 * Through the profiling interface, MPI_Wait, MPI_Waitall, MPI_Send,
 * MPI_Recv, MPI_Sendrecv, MPI_Comm_dup and the blocking collectives of
 * MPI-3.1 (not the neighbourhood ones) that the tests and hmpi call become
 * their nonblocking forms, completed by testing and yielding: MPICH's own
 * nonblocking algorithms and tags, with the same results for the exact
 * types the tests use. (Ranks that reach different blocking collectives on
 * one communicator may match here where MPICH's blocking ones would hang:
 * Open MPI's runs still catch that.) libhmpi reaches MPI through MPI_X
 * (src/core/pmpi.h), so its own waits and set-up collectives yield too.
 * What stays MPICH's blocking call: an alltoallv or alltoallw in place
 * (MPICH 4.0's nonblocking ones then leave blocks of derived types wrong,
 * as src/coll/native.c says, which avoids them), MPI_Comm_dup under
 * MPI_THREAD_MULTIPLE (MPICH's MPI_Comm_idup may not run beside another
 * thread's context ids: pmodels/mpich#2020), and every call not named
 * here. Programs linked with libhmpi_mpi4, which defines several of these
 * names itself, are built without this file; Open MPI's builds too, as
 * Open MPI yields when it runs more ranks than cores. */
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

/* Both requests completed, the receive's error first, as MPI_Sendrecv. */
WEAK int MPI_Sendrecv(const void *sendbuf, int scount, MPI_Datatype stype, int dest, int stag,
                      void *recvbuf, int rcount, MPI_Datatype rtype, int source, int rtag,
                      MPI_Comm comm, MPI_Status *status)
{
    MPI_Request recv, send;
    int rc = PMPI_Irecv(recvbuf, rcount, rtype, source, rtag, comm, &recv);
    if (rc != MPI_SUCCESS)
        return rc;
    int sent = PMPI_Isend(sendbuf, scount, stype, dest, stag, comm, &send);
    if (sent != MPI_SUCCESS)
        PMPI_Cancel(&recv);
    rc = wait_one(&recv, status);
    if (sent == MPI_SUCCESS)
        sent = wait_one(&send, MPI_STATUS_IGNORE);
    return rc != MPI_SUCCESS ? rc : sent;
}

WEAK int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int level;
    PMPI_Query_thread(&level);
    if (level == MPI_THREAD_MULTIPLE)
        return PMPI_Comm_dup(comm, newcomm);
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

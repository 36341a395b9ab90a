/**
 * @file hmpi_mpi4.h
 * @brief The MPI 4.0/4.1 names that libhmpi_mpi4 provides, for MPI
 * libraries that lack them (Open MPI 4.1 implements MPI 3.1; MPICH 4.0
 * implements MPI 4.0 without MPI 4.1's additions).
 *
 * Unmodified programs get it without a change: `hmpicc` force-includes it
 * (`-include hmpi_mpi4.h`) ahead of the program's own `#include <mpi.h>`,
 * and links libhmpi_mpi4, which implements every name declared here on top
 * of the MPI library (see doc/mpi4.md). Each function behaves as MPI 4
 * specifies and as its `HMPI_` counterpart documents, but hands out a real
 * `MPI_Request` of the MPI library, accepted by `MPI_Start`, `MPI_Wait`,
 * `MPI_Test` and their array forms mixed with point-to-point requests.
 * Names the library already has are not declared again.
 */
#ifndef HMPI_MPI4_H
#define HMPI_MPI4_H

#include <mpi.h>

#include <hmpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @def HMPI_MPI4_DECL
 * @brief Empty, or with `HMPI_MPI4_WEAK` defined, `__attribute__((weak))`:
 * for a program built without libhmpi_mpi4 that gets it with LD_PRELOAD
 * (the names stay unresolved at link time and bind to the preloaded
 * library when the program starts).
 */
#ifdef HMPI_MPI4_WEAK
#define HMPI_MPI4_DECL __attribute__((weak))
#else
#define HMPI_MPI4_DECL
#endif

/* ---- split types (MPI 4.0 §7.4.2, MPI 4.1) ------------------------------ */

#ifndef MPI_COMM_TYPE_HW_GUIDED
/** MPI 4.0's guided hardware split type (HMPI_COMM_TYPE_HW_GUIDED). */
#define MPI_COMM_TYPE_HW_GUIDED HMPI_COMM_TYPE_HW_GUIDED
#endif
#ifndef MPI_COMM_TYPE_HW_UNGUIDED
/** MPI 4.0's unguided hardware split type (HMPI_COMM_TYPE_HW_UNGUIDED). */
#define MPI_COMM_TYPE_HW_UNGUIDED HMPI_COMM_TYPE_HW_UNGUIDED
#endif
#ifndef MPI_COMM_TYPE_RESOURCE_GUIDED
/** MPI 4.1's resource-guided split type (HMPI_COMM_TYPE_RESOURCE_GUIDED). */
#define MPI_COMM_TYPE_RESOURCE_GUIDED HMPI_COMM_TYPE_RESOURCE_GUIDED
#endif

#if MPI_VERSION < 4 || (MPI_VERSION == 4 && MPI_SUBVERSION < 1)
/** MPI 4.1's MPI_Get_hw_resource_info. @copydoc HMPI_Get_hw_resource_info */
HMPI_MPI4_DECL int MPI_Get_hw_resource_info(MPI_Info *hw_info);
/** Defined when this header declared MPI_Get_hw_resource_info. */
#define HMPI_MPI4_DECLARES_GET_HW_RESOURCE_INFO 1
#endif

/* ---- persistent collectives (MPI 4.0 §6.13, §8.8) ----------------------- */

#if MPI_VERSION < 4
/** Defined when this header declared the persistent collectives. */
#define HMPI_MPI4_DECLARES_PERSISTENT_COLLECTIVES 1
/** MPI 4.0's MPI_Allgather_init, run by hmpi. @copydoc HMPI_Allgather_init */
HMPI_MPI4_DECL int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                      MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Allgatherv_init, run by hmpi. @copydoc HMPI_Allgatherv_init */
HMPI_MPI4_DECL int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                       void *recvbuf, const int recvcounts[], const int displs[],
                                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request);
/** MPI 4.0's MPI_Allreduce_init, run by hmpi. @copydoc HMPI_Allreduce_init */
HMPI_MPI4_DECL int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count,
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                      MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Alltoall_init, run by hmpi. @copydoc HMPI_Alltoall_init */
HMPI_MPI4_DECL int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                     MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Alltoallv_init, run by hmpi. @copydoc HMPI_Alltoallv_init */
HMPI_MPI4_DECL int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[],
                                      const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                      const int recvcounts[], const int rdispls[],
                                      MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/** MPI 4.0's MPI_Alltoallw_init, run by hmpi. @copydoc HMPI_Alltoallw_init */
HMPI_MPI4_DECL int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[],
                                      const int sdispls[], const MPI_Datatype sendtypes[],
                                      void *recvbuf, const int recvcounts[], const int rdispls[],
                                      const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/** MPI 4.0's MPI_Barrier_init, run by hmpi. @copydoc HMPI_Barrier_init */
HMPI_MPI4_DECL int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Bcast_init, run by hmpi. @copydoc HMPI_Bcast_init */
HMPI_MPI4_DECL int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Exscan_init, run by hmpi. @copydoc HMPI_Exscan_init */
HMPI_MPI4_DECL int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
/** MPI 4.0's MPI_Gather_init, run by hmpi. @copydoc HMPI_Gather_init */
HMPI_MPI4_DECL int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Gatherv_init, run by hmpi. @copydoc HMPI_Gatherv_init */
HMPI_MPI4_DECL int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, const int recvcounts[], const int displs[],
                                    MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                    MPI_Request *request);
/** MPI 4.0's MPI_Reduce_init, run by hmpi. @copydoc HMPI_Reduce_init */
HMPI_MPI4_DECL int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count,
                                   MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                   MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_init, run by hmpi. @copydoc HMPI_Reduce_scatter_init */
HMPI_MPI4_DECL int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf,
                                           const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                           MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_block_init, run by hmpi. @copydoc HMPI_Reduce_scatter_block_init */
HMPI_MPI4_DECL int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Scan_init, run by hmpi. @copydoc HMPI_Scan_init */
HMPI_MPI4_DECL int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request);
/** MPI 4.0's MPI_Scatter_init, run by hmpi. @copydoc HMPI_Scatter_init */
HMPI_MPI4_DECL int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Scatterv_init, run by hmpi. @copydoc HMPI_Scatterv_init */
HMPI_MPI4_DECL int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[],
                                     const int displs[], MPI_Datatype sendtype, void *recvbuf,
                                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                     MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgather_init, run by hmpi. @copydoc HMPI_Neighbor_allgather_init */
HMPI_MPI4_DECL int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount,
                                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgatherv_init, run by hmpi. @copydoc HMPI_Neighbor_allgatherv_init */
HMPI_MPI4_DECL int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, void *recvbuf,
                                                const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoall_init, run by hmpi. @copydoc HMPI_Neighbor_alltoall_init */
HMPI_MPI4_DECL int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallv_init, run by hmpi. @copydoc HMPI_Neighbor_alltoallv_init */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[],
                                               const int sdispls[], MPI_Datatype sendtype,
                                               void *recvbuf, const int recvcounts[],
                                               const int rdispls[], MPI_Datatype recvtype,
                                               MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallw_init, run by hmpi. @copydoc HMPI_Neighbor_alltoallw_init */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[],
                                               const MPI_Aint sdispls[],
                                               const MPI_Datatype sendtypes[], void *recvbuf,
                                               const int recvcounts[], const MPI_Aint rdispls[],
                                               const MPI_Datatype recvtypes[], MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request);
#endif

/* ---- large-count collectives (MPI 4.0 §6, §8.6: MPI_Count, MPI_Aint) -------- */

#if MPI_VERSION < 4
/** Defined when this header declared the large-count collectives. */
#define HMPI_MPI4_DECLARES_LARGE_COUNT 1
/** MPI 4.0's MPI_Bcast_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                               MPI_Comm comm);
/** MPI 4.0's MPI_Ibcast_c. */
HMPI_MPI4_DECL int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                                MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Bcast_init_c. */
HMPI_MPI4_DECL int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Allgather_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                   MPI_Comm comm);
/** MPI 4.0's MPI_Iallgather_c. */
HMPI_MPI4_DECL int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                    MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Allgather_init_c. */
HMPI_MPI4_DECL int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount,
                                        MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request);
/** MPI 4.0's MPI_Alltoall_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm);
/** MPI 4.0's MPI_Ialltoall_c. */
HMPI_MPI4_DECL int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                   MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Alltoall_init_c. */
HMPI_MPI4_DECL int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount,
                                       MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request);
/** MPI 4.0's MPI_Gather_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                MPI_Comm comm);
/** MPI 4.0's MPI_Igather_c. */
HMPI_MPI4_DECL int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 int root, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Gather_init_c. */
HMPI_MPI4_DECL int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount,
                                     MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                     MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
/** MPI 4.0's MPI_Scatter_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 int root, MPI_Comm comm);
/** MPI 4.0's MPI_Iscatter_c. */
HMPI_MPI4_DECL int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  int root, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Scatter_init_c. */
HMPI_MPI4_DECL int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount,
                                      MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/** MPI 4.0's MPI_Allreduce_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/** MPI 4.0's MPI_Iallreduce_c. */
HMPI_MPI4_DECL int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    MPI_Request *request);
/** MPI 4.0's MPI_Allreduce_init_c. */
HMPI_MPI4_DECL int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                        MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Scan_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/** MPI 4.0's MPI_Iscan_c. */
HMPI_MPI4_DECL int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                               MPI_Request *request);
/** MPI 4.0's MPI_Scan_init_c. */
HMPI_MPI4_DECL int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
/** MPI 4.0's MPI_Exscan_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/** MPI 4.0's MPI_Iexscan_c. */
HMPI_MPI4_DECL int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                 MPI_Request *request);
/** MPI 4.0's MPI_Exscan_init_c. */
HMPI_MPI4_DECL int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
/** MPI 4.0's MPI_Reduce_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
/** MPI 4.0's MPI_Ireduce_c. */
HMPI_MPI4_DECL int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                 MPI_Request *request);
/** MPI 4.0's MPI_Reduce_init_c. */
HMPI_MPI4_DECL int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                     MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_block_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf,
                                              MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op,
                                              MPI_Comm comm);
/** MPI 4.0's MPI_Ireduce_scatter_block_c. */
HMPI_MPI4_DECL int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf,
                                               MPI_Count recvcount, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_block_init_c. */
HMPI_MPI4_DECL int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf,
                                                   MPI_Count recvcount, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                   MPI_Request *request);
/** MPI 4.0's MPI_Gatherv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                 MPI_Comm comm);
/** MPI 4.0's MPI_Igatherv_c. */
HMPI_MPI4_DECL int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, const MPI_Count recvcounts[],
                                  const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Gatherv_init_c. */
HMPI_MPI4_DECL int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                      MPI_Datatype sendtype, void *recvbuf,
                                      const MPI_Count recvcounts[], const MPI_Aint displs[],
                                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/** MPI 4.0's MPI_Scatterv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                  const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                  MPI_Comm comm);
/** MPI 4.0's MPI_Iscatterv_c. */
HMPI_MPI4_DECL int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                   MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Scatterv_init_c. */
HMPI_MPI4_DECL int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                       const MPI_Aint displs[], MPI_Datatype sendtype,
                                       void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                       int root, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request);
/** MPI 4.0's MPI_Allgatherv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, const MPI_Count recvcounts[],
                                    const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm);
/** MPI 4.0's MPI_Iallgatherv_c. */
HMPI_MPI4_DECL int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                     MPI_Datatype sendtype, void *recvbuf,
                                     const MPI_Count recvcounts[], const MPI_Aint displs[],
                                     MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Allgatherv_init_c. */
HMPI_MPI4_DECL int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                         MPI_Datatype sendtype, void *recvbuf,
                                         const MPI_Count recvcounts[], const MPI_Aint displs[],
                                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                         MPI_Request *request);
/** MPI 4.0's MPI_Alltoallv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                   const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                   MPI_Datatype recvtype, MPI_Comm comm);
/** MPI 4.0's MPI_Ialltoallv_c. */
HMPI_MPI4_DECL int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                    const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Alltoallv_init_c. */
HMPI_MPI4_DECL int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                        const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                        void *recvbuf, const MPI_Count recvcounts[],
                                        const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                        MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Alltoallw_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                   void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                   MPI_Comm comm);
/** MPI 4.0's MPI_Ialltoallw_c. */
HMPI_MPI4_DECL int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                    const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                    void *recvbuf, const MPI_Count recvcounts[],
                                    const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                    MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Alltoallw_init_c. */
HMPI_MPI4_DECL int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                        void *recvbuf, const MPI_Count recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                        MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf,
                                        const MPI_Count recvcounts[], MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm);
/** MPI 4.0's MPI_Ireduce_scatter_c. */
HMPI_MPI4_DECL int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf,
                                         const MPI_Count recvcounts[], MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_scatter_init_c. */
HMPI_MPI4_DECL int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf,
                                             const MPI_Count recvcounts[], MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm, MPI_Info info,
                                             MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgather_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount,
                                            MPI_Datatype sendtype, void *recvbuf,
                                            MPI_Count recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm);
/** MPI 4.0's MPI_Ineighbor_allgather_c. */
HMPI_MPI4_DECL int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount,
                                             MPI_Datatype sendtype, void *recvbuf,
                                             MPI_Count recvcount, MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgather_init_c. */
HMPI_MPI4_DECL int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf,
                                                 MPI_Count recvcount, MPI_Datatype recvtype,
                                                 MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoall_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount,
                                           MPI_Datatype sendtype, void *recvbuf,
                                           MPI_Count recvcount, MPI_Datatype recvtype,
                                           MPI_Comm comm);
/** MPI 4.0's MPI_Ineighbor_alltoall_c. */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount,
                                            MPI_Datatype sendtype, void *recvbuf,
                                            MPI_Count recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoall_init_c. */
HMPI_MPI4_DECL int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount,
                                                MPI_Datatype sendtype, void *recvbuf,
                                                MPI_Count recvcount, MPI_Datatype recvtype,
                                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgatherv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                             MPI_Datatype sendtype, void *recvbuf,
                                             const MPI_Count recvcounts[], const MPI_Aint displs[],
                                             MPI_Datatype recvtype, MPI_Comm comm);
/** MPI 4.0's MPI_Ineighbor_allgatherv_c. */
HMPI_MPI4_DECL int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                              MPI_Datatype sendtype, void *recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint displs[],
                                              MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_allgatherv_init_c. */
HMPI_MPI4_DECL int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                                  MPI_Datatype sendtype, void *recvbuf,
                                                  const MPI_Count recvcounts[],
                                                  const MPI_Aint displs[], MPI_Datatype recvtype,
                                                  MPI_Comm comm, MPI_Info info,
                                                  MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallv_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                            const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                            void *recvbuf, const MPI_Count recvcounts[],
                                            const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                            MPI_Comm comm);
/** MPI 4.0's MPI_Ineighbor_alltoallv_c. */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                             const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                             void *recvbuf, const MPI_Count recvcounts[],
                                             const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallv_init_c. */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                                 const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                                 void *recvbuf, const MPI_Count recvcounts[],
                                                 const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                                 MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallw_c (see doc/mpi4.md). */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                            const MPI_Aint sdispls[],
                                            const MPI_Datatype sendtypes[], void *recvbuf,
                                            const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                            const MPI_Datatype recvtypes[], MPI_Comm comm);
/** MPI 4.0's MPI_Ineighbor_alltoallw_c. */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                             const MPI_Aint sdispls[],
                                             const MPI_Datatype sendtypes[], void *recvbuf,
                                             const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                             const MPI_Datatype recvtypes[], MPI_Comm comm,
                                             MPI_Request *request);
/** MPI 4.0's MPI_Neighbor_alltoallw_init_c. */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                                 const MPI_Aint sdispls[],
                                                 const MPI_Datatype sendtypes[], void *recvbuf,
                                                 const MPI_Count recvcounts[],
                                                 const MPI_Aint rdispls[],
                                                 const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request);
/** MPI 4.0's MPI_Reduce_local_c. */
HMPI_MPI4_DECL int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count,
                                      MPI_Datatype datatype, MPI_Op op);
#endif

/* ---- Sessions (MPI 4.0 §11.3) --------------------------------------------- */

#if MPI_VERSION < 4
/** Defined when this header declared MPI 4.0's Sessions. */
#define HMPI_MPI4_DECLARES_SESSIONS 1
/** An MPI 4.0 session (libhmpi_mpi4's, on an MPI 3.1 library). */
typedef struct hmpi_mpi4_session *MPI_Session;
/** The null session. */
#define MPI_SESSION_NULL ((MPI_Session)0)
/** The longest process set name, its terminating NUL included. */
#define MPI_MAX_PSET_NAME_LEN 256
/** The longest string tag of MPI_Comm_create_from_group and
 * MPI_Intercomm_create_from_groups, its NUL included. */
#define MPI_MAX_STRINGTAG_LEN 256

/** MPI 4.0's MPI_Session_init: info key `thread_level` (`MPI_THREAD_SINGLE`
 * ... `MPI_THREAD_MULTIPLE`); the first session of a process initializes the
 * MPI library (MPI_Init_thread) unless the program did, and finalizes it when
 * the process exits. Process sets: doc/mpi4.md, "Sessions". */
HMPI_MPI4_DECL int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session);
/** MPI 4.0's MPI_Session_finalize. */
HMPI_MPI4_DECL int MPI_Session_finalize(MPI_Session *session);
/** MPI 4.0's MPI_Session_get_num_psets. */
HMPI_MPI4_DECL int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names);
/** MPI 4.0's MPI_Session_get_nth_pset. */
HMPI_MPI4_DECL int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n,
                                            int *pset_len, char *pset_name);
/** MPI 4.0's MPI_Session_get_pset_info: key `mpi_size`. */
HMPI_MPI4_DECL int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name,
                                             MPI_Info *info);
/** MPI 4.0's MPI_Session_get_info: key `thread_level`, the level provided. */
HMPI_MPI4_DECL int MPI_Session_get_info(MPI_Session session, MPI_Info *info_used);
/** MPI 4.0's MPI_Session_set_errhandler (predefined and communicator handlers). */
HMPI_MPI4_DECL int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler);
/** MPI 4.0's MPI_Session_get_errhandler. */
HMPI_MPI4_DECL int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler);
/** MPI 4.0's MPI_Session_call_errhandler. */
HMPI_MPI4_DECL int MPI_Session_call_errhandler(MPI_Session session, int errorcode);
/** MPI 4.0's error handler function of sessions. */
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *errorcode, ...);
/** MPI 4.0's MPI_Session_create_errhandler: a handler that sessions take
 * (MPI_Session_init, MPI_Session_set_errhandler). */
HMPI_MPI4_DECL int MPI_Session_create_errhandler(MPI_Session_errhandler_function *function,
                                                 MPI_Errhandler *errhandler);
/** MPI 4.0's MPI_Group_from_session_pset. */
HMPI_MPI4_DECL int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name,
                                               MPI_Group *newgroup);
/** MPI 4.0's MPI_Comm_create_from_group: collective over the group's processes. */
HMPI_MPI4_DECL int MPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                              MPI_Errhandler errhandler, MPI_Comm *newcomm);
/**
 * \brief MPI 4.0's MPI_Intercomm_create_from_groups: collective over the
 * processes of both groups, which must be disjoint (doc/mpi4.md, "Sessions").
 *
 * \param[in] local_group the group of the calling process
 * \param[in] local_leader the local leader's rank in `local_group`
 * \param[in] remote_group the other group
 * \param[in] remote_leader the remote leader's rank in `remote_group`
 * (significant at the local leader only)
 * \param[in] stringtag the same on every process; tells concurrent calls apart
 * \param[in] info set on the new intercommunicator (or `MPI_INFO_NULL`)
 * \param[in] errhandler the new intercommunicator's, and this call's
 * \param[out] newintercomm the intercommunicator; `MPI_COMM_NULL` where
 * either group is `MPI_GROUP_EMPTY`
 * \return `MPI_SUCCESS`, or an MPI error code
 */
HMPI_MPI4_DECL int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                                    MPI_Group remote_group, int remote_leader,
                                                    const char *stringtag, MPI_Info info,
                                                    MPI_Errhandler errhandler,
                                                    MPI_Comm *newintercomm);
#endif

#ifdef __cplusplus
}
#endif

#endif /* HMPI_MPI4_H */

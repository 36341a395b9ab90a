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
/**
 * \brief MPI 4.0's MPI_Bcast_c: `MPI_Bcast`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                               MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ibcast_c: `MPI_Ibcast`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                                MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Bcast_init_c: `MPI_Bcast_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in,out] buffer data: sent by the root, received by the others
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allgather_c: `MPI_Allgather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                   MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iallgather_c: `MPI_Iallgather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                    MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allgather_init_c: `MPI_Allgather_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount,
                                        MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoall_c: `MPI_Alltoall`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ialltoall_c: `MPI_Ialltoall`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                   MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoall_init_c: `MPI_Alltoall_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount,
                                       MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Gather_c: `MPI_Gather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Igather_c: `MPI_Igather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 int root, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Gather_init_c: `MPI_Gather_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount,
                                     MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                     MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scatter_c: `MPI_Scatter`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 int root, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iscatter_c: `MPI_Iscatter`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  int root, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scatter_init_c: `MPI_Scatter_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount,
                                      MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allreduce_c: `MPI_Allreduce`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iallreduce_c: `MPI_Iallreduce`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allreduce_init_c: `MPI_Allreduce_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                        MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scan_c: `MPI_Scan`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iscan_c: `MPI_Iscan`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                               MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scan_init_c: `MPI_Scan_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the input is then in `recvbuf`)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Exscan_c: `MPI_Exscan`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iexscan_c: `MPI_Iexscan`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                 MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Exscan_init_c: `MPI_Exscan_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the input is then in `recvbuf`)
 * \param[out] recvbuf receive buffer (not touched on rank 0)
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_c: `MPI_Reduce`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ireduce_c: `MPI_Ireduce`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                 MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_init_c: `MPI_Reduce_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] root rank of the root in \p comm
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                     MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_scatter_block_c: `MPI_Reduce_scatter_block`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf,
                                              MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op,
                                              MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ireduce_scatter_block_c: `MPI_Ireduce_scatter_block`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf,
                                               MPI_Count recvcount, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_scatter_block_init_c: `MPI_Reduce_scatter_block_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` where the MPI collective allows it)
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf,
                                                   MPI_Count recvcount, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                   MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Gatherv_c: `MPI_Gatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                 MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Igatherv_c: `MPI_Igatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, const MPI_Count recvcounts[],
                                  const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Gatherv_init_c: `MPI_Gatherv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (`MPI_IN_PLACE` at the root: its block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer (significant at the root)
 * \param[in] recvcounts elements received from each process (root)
 * \param[in] displs where each process's block goes, in extents of recvtype (root)
 * \param[in] recvtype datatype of the receive elements (root)
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                      MPI_Datatype sendtype, void *recvbuf,
                                      const MPI_Count recvcounts[], const MPI_Aint displs[],
                                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scatterv_c: `MPI_Scatterv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                  const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                  MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iscatterv_c: `MPI_Iscatterv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int root,
                                   MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Scatterv_init_c: `MPI_Scatterv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (significant at the root)
 * \param[in] sendcounts elements sent to each process (root)
 * \param[in] displs where each process's block is, in extents of sendtype (root)
 * \param[in] sendtype datatype of the send elements (root)
 * \param[out] recvbuf receive buffer (`MPI_IN_PLACE` at the root)
 * \param[in] recvcount number of elements received
 * \param[in] recvtype datatype of the receive elements
 * \param[in] root rank of the root
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                       const MPI_Aint displs[], MPI_Datatype sendtype,
                                       void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                       int root, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allgatherv_c: `MPI_Allgatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, const MPI_Count recvcounts[],
                                    const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Iallgatherv_c: `MPI_Iallgatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                     MPI_Datatype sendtype, void *recvbuf,
                                     const MPI_Count recvcounts[], const MPI_Aint displs[],
                                     MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Allgatherv_init_c: `MPI_Allgatherv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the own block is in place)
 * \param[in] sendcount number of elements sent
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] displs where each process's block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                         MPI_Datatype sendtype, void *recvbuf,
                                         const MPI_Count recvcounts[], const MPI_Aint displs[],
                                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                         MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoallv_c: `MPI_Alltoallv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                   const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                   MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ialltoallv_c: `MPI_Ialltoallv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                    const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoallv_init_c: `MPI_Alltoallv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE` (the data is in recvbuf, laid out as received)
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in extents of sendtype
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in extents of recvtype
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                        const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                        void *recvbuf, const MPI_Count recvcounts[],
                                        const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                        MPI_Comm comm, MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoallw_c: `MPI_Alltoallw`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                   const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                   void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                   MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ialltoallw_c: `MPI_Ialltoallw`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                    const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                    void *recvbuf, const MPI_Count recvcounts[],
                                    const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                    MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Alltoallw_init_c: `MPI_Alltoallw_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer, or `MPI_IN_PLACE`
 * \param[in] sendcounts elements sent to each process
 * \param[in] sdispls where each block to send is, in bytes
 * \param[in] sendtypes datatype of the elements sent to each process
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts elements received from each process
 * \param[in] rdispls where each received block goes, in bytes
 * \param[in] recvtypes datatype of the elements received from each process
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                        const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                        void *recvbuf, const MPI_Count recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                        MPI_Comm comm, MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_scatter_c: `MPI_Reduce_scatter`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 */
HMPI_MPI4_DECL int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf,
                                        const MPI_Count recvcounts[], MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ireduce_scatter_c: `MPI_Ireduce_scatter`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf,
                                         const MPI_Count recvcounts[], MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_scatter_init_c: `MPI_Reduce_scatter_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (the whole vector), or `MPI_IN_PLACE` (it is then in recvbuf)
 * \param[out] recvbuf receive buffer: this process's part
 * \param[in] recvcounts elements of each process's part
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation (applied in rank order; need not commute)
 * \param[in] comm communicator
 * \param[in] info hints, or `MPI_INFO_NULL` (keys listed by HMPI_Config_get())
 * \param[out] request the new persistent request, inactive
 */
HMPI_MPI4_DECL int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf,
                                             const MPI_Count recvcounts[], MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm, MPI_Info info,
                                             MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_allgather_c: `MPI_Neighbor_allgather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_MPI4_DECL int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount,
                                            MPI_Datatype sendtype, void *recvbuf,
                                            MPI_Count recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ineighbor_allgather_c: `MPI_Ineighbor_allgather`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount,
                                             MPI_Datatype sendtype, void *recvbuf,
                                             MPI_Count recvcount, MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_allgather_init_c: `MPI_Neighbor_allgather_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new persistent request, inactive (`MPI_Start` runs it)
 */
HMPI_MPI4_DECL int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf,
                                                 MPI_Count recvcount, MPI_Datatype recvtype,
                                                 MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoall_c: `MPI_Neighbor_alltoall`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount,
                                           MPI_Datatype sendtype, void *recvbuf,
                                           MPI_Count recvcount, MPI_Datatype recvtype,
                                           MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ineighbor_alltoall_c: `MPI_Ineighbor_alltoall`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount,
                                            MPI_Datatype sendtype, void *recvbuf,
                                            MPI_Count recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoall_init_c: `MPI_Neighbor_alltoall_init`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcount number of elements received (per block)
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new persistent request, inactive (`MPI_Start` runs it)
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount,
                                                MPI_Datatype sendtype, void *recvbuf,
                                                MPI_Count recvcount, MPI_Datatype recvtype,
                                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_allgatherv_c: `MPI_Neighbor_allgatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_MPI4_DECL int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                             MPI_Datatype sendtype, void *recvbuf,
                                             const MPI_Count recvcounts[], const MPI_Aint displs[],
                                             MPI_Datatype recvtype, MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ineighbor_allgatherv_c: `MPI_Ineighbor_allgatherv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount,
                                              MPI_Datatype sendtype, void *recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint displs[],
                                              MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_allgatherv_init_c: `MPI_Neighbor_allgatherv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcount number of elements sent (per block)
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] displs `displs[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new persistent request, inactive (`MPI_Start` runs it)
 */
HMPI_MPI4_DECL int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount,
                                                  MPI_Datatype sendtype, void *recvbuf,
                                                  const MPI_Count recvcounts[],
                                                  const MPI_Aint displs[], MPI_Datatype recvtype,
                                                  MPI_Comm comm, MPI_Info info,
                                                  MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoallv_c: `MPI_Neighbor_alltoallv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                            const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                            void *recvbuf, const MPI_Count recvcounts[],
                                            const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                            MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ineighbor_alltoallv_c: `MPI_Ineighbor_alltoallv`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[],
                                             const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                             void *recvbuf, const MPI_Count recvcounts[],
                                             const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoallv_init_c: `MPI_Neighbor_alltoallv_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i
 * \param[in] sendtype datatype of the send elements
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i
 * \param[in] recvtype datatype of the receive elements
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new persistent request, inactive (`MPI_Start` runs it)
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                                 const MPI_Aint sdispls[], MPI_Datatype sendtype,
                                                 void *recvbuf, const MPI_Count recvcounts[],
                                                 const MPI_Aint rdispls[], MPI_Datatype recvtype,
                                                 MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoallw_c: `MPI_Neighbor_alltoallw`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                            const MPI_Aint sdispls[],
                                            const MPI_Datatype sendtypes[], void *recvbuf,
                                            const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                            const MPI_Datatype recvtypes[], MPI_Comm comm);
/**
 * \brief MPI 4.0's MPI_Ineighbor_alltoallw_c: `MPI_Ineighbor_alltoallw`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[out] request the new request, active
 */
HMPI_MPI4_DECL int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[],
                                             const MPI_Aint sdispls[],
                                             const MPI_Datatype sendtypes[], void *recvbuf,
                                             const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                             const MPI_Datatype recvtypes[], MPI_Comm comm,
                                             MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Neighbor_alltoallw_init_c: `MPI_Neighbor_alltoallw_init`
 * with `MPI_Count` counts and `MPI_Aint` displacements (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] sendbuf send buffer (not `MPI_IN_PLACE`)
 * \param[in] sendcounts `sendcounts[i]`: elements of send block i (to destination i)
 * \param[in] sdispls `sdispls[i]`: displacement of send block i, in bytes
 * \param[in] sendtypes `sendtypes[i]`: datatype of send block i
 * \param[out] recvbuf receive buffer
 * \param[in] recvcounts `recvcounts[i]`: elements of receive block i (from source i)
 * \param[in] rdispls `rdispls[i]`: displacement of receive block i, in bytes
 * \param[in] recvtypes `recvtypes[i]`: datatype of receive block i
 * \param[in] comm communicator with a Cartesian, graph or distributed-graph topology
 * \param[in] info hints (Cartesian: the keys of \ref hmpi_iso, e.g. `hmpi_iso_algorithm`)
 * \param[out] request the new persistent request, inactive (`MPI_Start` runs it)
 */
HMPI_MPI4_DECL int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                                 const MPI_Aint sdispls[],
                                                 const MPI_Datatype sendtypes[], void *recvbuf,
                                                 const MPI_Count recvcounts[],
                                                 const MPI_Aint rdispls[],
                                                 const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request);
/**
 * \brief MPI 4.0's MPI_Reduce_local_c: `MPI_Reduce_local`
 * with `MPI_Count` counts (doc/mpi4.md, "Large counts").
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] inbuf input buffer
 * \param[in,out] inoutbuf input and output buffer: `inbuf op inoutbuf` replaces it
 * \param[in] count number of elements
 * \param[in] datatype datatype of the elements
 * \param[in] op reduction operation
 */
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

/**
 * \brief MPI 4.0's MPI_Session_init: a new session. The first session of a
 * process initializes the MPI library (`MPI_Init_thread`) unless the
 * program did, and finalizes it when the process exits. Process sets:
 * doc/mpi4.md, "Sessions".
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] info info key `thread_level` (`MPI_THREAD_SINGLE` ...
 * `MPI_THREAD_MULTIPLE`), or `MPI_INFO_NULL`
 * \param[in] errhandler the session's error handler (predefined, of
 * communicators, or from MPI_Session_create_errhandler())
 * \param[out] session the new session
 */
HMPI_MPI4_DECL int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session);
/**
 * \brief MPI 4.0's MPI_Session_finalize.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in,out] session the session to end; `MPI_SESSION_NULL` on return
 */
HMPI_MPI4_DECL int MPI_Session_finalize(MPI_Session *session);
/**
 * \brief MPI 4.0's MPI_Session_get_num_psets.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] info ignored (or `MPI_INFO_NULL`)
 * \param[out] npset_names the number of process sets of this process
 */
HMPI_MPI4_DECL int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names);
/**
 * \brief MPI 4.0's MPI_Session_get_nth_pset: the name of a process set.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] info ignored (or `MPI_INFO_NULL`)
 * \param[in] n the process set's index, from 0 to the number of sets - 1
 * \param[in,out] pset_len the size of \p pset_name, its NUL included (0: only
 * ask the size); on return the size the whole name needs, its NUL included
 * \param[out] pset_name the name, truncated to `*pset_len - 1` characters and
 * NUL-terminated (untouched when `*pset_len` is 0)
 */
HMPI_MPI4_DECL int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n,
                                            int *pset_len, char *pset_name);
/**
 * \brief MPI 4.0's MPI_Session_get_pset_info.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] pset_name a process set's name
 * \param[out] info a new info object with key `mpi_size`, the set's number of
 * processes (the program frees it)
 */
HMPI_MPI4_DECL int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name,
                                             MPI_Info *info);
/**
 * \brief MPI 4.0's MPI_Session_get_info.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[out] info_used a new info object with key `thread_level`, the level
 * provided (the program frees it)
 */
HMPI_MPI4_DECL int MPI_Session_get_info(MPI_Session session, MPI_Info *info_used);
/**
 * \brief MPI 4.0's MPI_Session_set_errhandler.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] errhandler its new error handler (predefined, of communicators,
 * or from MPI_Session_create_errhandler())
 */
HMPI_MPI4_DECL int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler);
/**
 * \brief MPI 4.0's MPI_Session_get_errhandler.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[out] errhandler its error handler (the program frees it with
 * `MPI_Errhandler_free`)
 */
HMPI_MPI4_DECL int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler);
/**
 * \brief MPI 4.0's MPI_Session_call_errhandler: calls the session's error
 * handler with \p errorcode.
 * \return `MPI_SUCCESS` when the handler returns, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] errorcode the error code passed to the handler
 */
HMPI_MPI4_DECL int MPI_Session_call_errhandler(MPI_Session session, int errorcode);
/**
 * \brief MPI 4.0's error handler function of sessions, called with the
 * session and the error code.
 */
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *errorcode, ...);
/**
 * \brief MPI 4.0's MPI_Session_create_errhandler: a handler that sessions
 * take (MPI_Session_init(), MPI_Session_set_errhandler()).
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] function called with the session and the error code
 * \param[out] errhandler the new error handler (freed with
 * `MPI_Errhandler_free`)
 */
HMPI_MPI4_DECL int MPI_Session_create_errhandler(MPI_Session_errhandler_function *function,
                                                 MPI_Errhandler *errhandler);
/**
 * \brief MPI 4.0's MPI_Session_c2f: a session's Fortran handle.
 * \return the handle (`MPI_VAL` of `type(MPI_Session)`); 0 for `MPI_SESSION_NULL`
 *
 * \param[in] session the session
 */
HMPI_MPI4_DECL MPI_Fint MPI_Session_c2f(MPI_Session session);
/**
 * \brief MPI 4.0's MPI_Session_f2c: the session of a Fortran handle.
 * \return the session; `MPI_SESSION_NULL` for 0 and for a handle that is no
 * session's
 *
 * \param[in] session the Fortran handle
 */
HMPI_MPI4_DECL MPI_Session MPI_Session_f2c(MPI_Fint session);
/**
 * \brief MPI 4.0's MPI_Group_from_session_pset: the group of a process set.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] session the session
 * \param[in] pset_name a process set's name
 * \param[out] newgroup a new group of the set's processes (the program frees it)
 */
HMPI_MPI4_DECL int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name,
                                               MPI_Group *newgroup);
/**
 * \brief MPI 4.0's MPI_Comm_create_from_group: a communicator of the group's
 * processes. Collective over the group's processes.
 * \return `MPI_SUCCESS`, or an MPI error code
 *
 * \param[in] group the new communicator's group, holding the calling process
 * (`MPI_GROUP_EMPTY`: `MPI_COMM_NULL`)
 * \param[in] stringtag the same on every process; tells concurrent calls apart
 * \param[in] info set on the new communicator (or `MPI_INFO_NULL`)
 * \param[in] errhandler the new communicator's, and this call's
 * \param[out] newcomm the new communicator
 */
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

/* How library code reaches the MPI library, for the functions that
 * libhmpi_mpi4 defines itself (src/mpi4: the collectives, MPI_Start*,
 * MPI_Wait*, MPI_Test*, MPI_Request_free, MPI_Request_get_status,
 * MPI_Cancel, MPI_Comm_split_type, MPI_Get_hw_resource_info).
 *
 * libhmpi calls MPI_X, so that the program's profiling tools see hmpi's
 * traffic. libhmpi_mpi4 is built from the same sources with HMPI_PMPI and
 * calls PMPI_X, straight to the MPI library, as PMPI tools do: no call of
 * the library ever lands in its own wrappers. tests/check-pmpi.sh fails
 * when libhmpi_mpi4's library objects leave any such MPI_X undefined.
 * Private. */
#ifndef HMPI_CORE_PMPI_H
#define HMPI_CORE_PMPI_H

#ifdef HMPI_PMPI
#define HMPI__MPI(name) PMPI_##name
#else
#define HMPI__MPI(name) MPI_##name
#endif

#endif

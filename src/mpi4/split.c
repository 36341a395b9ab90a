/* MPI 4.0's hardware split types, MPI 4.1's resource-guided one and
 * MPI_Get_hw_resource_info, on hmpi's hierarchy.
 *
 * MPI_COMM_TYPE_SHARED and MPI_UNDEFINED go to hmpi as well: processes may
 * pass MPI_UNDEFINED while the others ask for a hardware split, so every
 * process of one call must take the same road (hmpi agrees on the type in
 * one allreduce). Under HMPI_TOPOLOGY, SHARED gives the virtual nodes; on
 * real runs it is the MPI library's own result. Other split types (an MPI
 * library's own) go to the library. */
#include "mpi4/mpi4.h"

static int hmpi_type(int split_type)
{
    if (split_type == MPI_COMM_TYPE_HW_GUIDED)
        return HMPI_COMM_TYPE_HW_GUIDED;
    if (split_type == MPI_COMM_TYPE_HW_UNGUIDED)
        return HMPI_COMM_TYPE_HW_UNGUIDED;
    if (split_type == MPI_COMM_TYPE_RESOURCE_GUIDED)
        return HMPI_COMM_TYPE_RESOURCE_GUIDED;
    if (split_type == MPI_COMM_TYPE_SHARED || split_type == MPI_UNDEFINED)
        return split_type;
    return -1;
}

HMPI_API int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                                 MPI_Comm *newcomm)
{
    int type = hmpi_type(split_type);
    if (type == -1)
        return PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
    return hmpi__comm_split_type(comm, type, key, info, newcomm, "MPI_Comm_split_type");
}

/* MPI 4.1; declared by hmpi_mpi4.h for MPI libraries that lack it. */
HMPI_API int MPI_Get_hw_resource_info(MPI_Info *hw_info)
{
    return hmpi__get_hw_resource_info(hw_info, "MPI_Get_hw_resource_info");
}

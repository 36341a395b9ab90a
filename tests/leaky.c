/* Negative control for memcheck.sh: leaks an hmpi communicator and a
 * hierarchy on purpose; the memory check must report it. */
#include <hmpi.h>

int main(int argc, char **argv)
{
    MPI_Comm comm;
    HMPI_Hierarchy h;
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, &comm);
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h);
    MPI_Finalize();
    return 0;
}

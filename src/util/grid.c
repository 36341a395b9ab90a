/* Cartesian grid arithmetic, as MPI numbers Cartesian ranks (row-major). */
#include "hmpi_internal.h"

int hmpi__cart_rank(int ndims, const int *dims, const int *periods, const int *coords,
                    const int *delta, int sign)
{
    int rank = 0;
    for (int j = 0; j < ndims; j++) {
        long x = (long)coords[j] + (long)sign * delta[j];
        if (periods[j])
            x = ((x % dims[j]) + dims[j]) % dims[j];
        else if (x < 0 || x >= dims[j])
            return MPI_PROC_NULL;
        rank = rank * dims[j] + (int)x;
    }
    return rank;
}

/* Hybrid MPI+MPI through a level's shared memory: the ranks of each NUMA
 * node (or of whatever level is asked) share one window, each rank's part
 * on its own NUMA node (HMPI_Win_allocate_shared); each fills its part of a
 * vector, then every rank sums the whole level's vector by plain loads, no
 * message. Checks the sums against MPI_Allreduce on the level.
 *
 *   mpiexec -n 8 examples/hybrid [LEVEL] [N]     (LEVEL: numa by default) */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *level = argc > 1 ? argv[1] : "numa";
    long n = argc > 2 ? atol(argv[2]) : 100000;
    int rank, lrank, lsize, bad = 0;
    MPI_Comm group;
    MPI_Info info;
    MPI_Win win;
    double *mine;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", level);
    HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &group);
    MPI_Info_free(&info);
    if (group == MPI_COMM_NULL) /* no such level here (or not a strict subset): the node */
        HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &group);
    MPI_Comm_rank(group, &lrank);
    MPI_Comm_size(group, &lsize);

    /* my part: n doubles, first touched here */
    HMPI_Win_allocate_shared((MPI_Aint)(n * sizeof(double)), sizeof(double), MPI_INFO_NULL, group,
                             &mine, &win);
    for (long i = 0; i < n; i++)
        mine[i] = lrank + 0.5 * (double)i;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    MPI_Win_sync(win);
    MPI_Barrier(group); /* every part written */
    MPI_Win_sync(win);

    /* every rank reads every part directly: the level's sum of element i */
    double *sum = calloc((size_t)n, sizeof(double)), *ref = malloc((size_t)n * sizeof(double));
    for (int r = 0; r < lsize; r++) {
        MPI_Aint bytes;
        int unit;
        double *part;
        MPI_Win_shared_query(win, r, &bytes, &unit, &part);
        for (long i = 0; i < n; i++)
            sum[i] += part[i];
    }
    MPI_Allreduce(mine, ref, (int)n, MPI_DOUBLE, MPI_SUM, group);
    for (long i = 0; i < n; i++)
        bad += sum[i] != ref[i];
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("hybrid: groups of %d ranks (%s) share a window; sums by loads %s MPI_Allreduce's\n",
               lsize, level, bad ? "DIFFER from" : "equal");
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Comm_free(&group);
    free(sum);
    free(ref);
    MPI_Finalize();
    return bad != 0;
}

/* A hierarchical sum written with hmpi's hierarchy: reduce up the levels,
 * broadcast back down, and compare with MPI_Allreduce. Processes may have
 * different depths (unbound processes stop at their node, mixed bindings...).
 *
 *   mpiexec -n 8 ./hierarchical_sum
 *   HMPI_TOPOLOGY=share/clusters/goglin-4nodes.conf mpiexec -n 32 ./hierarchical_sum */
#include <hmpi.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    HMPI_Hierarchy h;
    int rank, depth;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h);
    HMPI_Hierarchy_depth(h, &depth);

    double value = rank + 1.0, below = 0.0, sum = 0.0;
    /* Up, from this process's deepest level to level 0 (MPI_COMM_WORLD): each
     * member adds what it carries: its own value at its deepest level, the
     * sum of the level below if it is that communicator's root, else nothing. */
    for (int l = depth; l >= 0; l--) {
        MPI_Comm level;
        int carries_below = 0;
        HMPI_Hierarchy_level_comm(h, l, &level);
        if (l < depth) {
            MPI_Comm child;
            int crank;
            HMPI_Hierarchy_level_comm(h, l + 1, &child);
            MPI_Comm_rank(child, &crank);
            carries_below = crank == 0;
        }
        double contribution = l == depth ? value : carries_below ? below : 0.0;
        MPI_Reduce(&contribution, &below, 1, MPI_DOUBLE, MPI_SUM, 0, level);
    }
    sum = below; /* meaningful on rank 0 of MPI_COMM_WORLD */
    /* Down: each level's root already holds the total when its level broadcasts. */
    for (int l = 0; l <= depth; l++) {
        MPI_Comm level;
        HMPI_Hierarchy_level_comm(h, l, &level);
        MPI_Bcast(&sum, 1, MPI_DOUBLE, 0, level);
    }

    double expected;
    MPI_Allreduce(&value, &expected, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    int ok = sum == expected, all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("hierarchical sum over %d levels: %g (MPI_Allreduce: %g) %s\n", depth, sum, expected,
               all_ok ? "OK" : "MISMATCH");
    HMPI_Hierarchy_free(&h);
    MPI_Finalize();
    return all_ok ? 0 : 1;
}

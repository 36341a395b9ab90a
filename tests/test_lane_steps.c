/* The multi-lane allreduce's steps between nodes: with every radix forced
 * (hmpi_lane_radix: r-way reduce-scatter and allgather steps, mixed radix on
 * a node count such as 6 = 3 x 2; recursive multiplying where a part has
 * fewer elements than nodes; hmpi_lane_multiplying: the last steps
 * multiplying the part whole after the first ones' reduce-scatter) and the
 * cost model's own choice, at 1 and
 * 2 lanes, counts below and above the node count, sum and max on ints and
 * doubles, persistent requests started three times: every result equals the
 * MPI library's. On a power of two n nodes, one step of radix n has
 * 4 (n - 1) network messages on each node's lane rank (n - 1 parts sent and
 * received, both ways), halving and doubling 4 log2 n, and with the last
 * step multiplying 4 log2 n - 2 (its exchange once instead of twice).
 * Run on virtual clusters of several nodes (4 x 2, 6 x 2 ranks, and 3 x 8,
 * where one lane's node steps are k-nomial trees). */
#include "lanecase.h"

#include <stdio.h>
#include <stdlib.h>

static int rank;

/* The multi-lane allreduce with this radix, multiplying steps and lanes. */
static int allreduce_case(int radix, int multiplying, int lanes, int count, MPI_Datatype type,
                          MPI_Op op)
{
    static const char *const keys[] = {"hmpi_lane_radix", "hmpi_lane_multiplying", "hmpi_lanes"};
    return lane_allreduce_case(keys, (int[]){radix, multiplying, lanes}, 3, count, type, op, op);
}

int main(int argc, char **argv)
{
    static const int radixes[] = {0, 2, 3, 4, 8};
    static const int counts[] = {1, 5, 301, 5000};
    MPI_Datatype types[] = {MPI_INT, MPI_DOUBLE};
    MPI_Op ops[] = {MPI_SUM, MPI_MAX};
    int nodes = 0, local;
    MPI_Comm node = lane_test_init(&argc, &argv, &rank);
    MPI_Comm_rank(node, &local);
    MPI_Allreduce(&(int){local == 0}, &nodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int r = 0; r < 5; r++)
        for (int lanes = 1; lanes <= 2; lanes++)
            for (int ci = 0; ci < 4; ci++)
                for (int t = 0; t < 2; t++)
                    for (int o = 0; o < 2; o++)
                        allreduce_case(radixes[r], 0, lanes, counts[ci], types[t], ops[o]);
    /* the last one or two steps multiplying, after reduce-scatter steps */
    for (int r = 1; r < 5; r++)
        for (int multiplying = 1; multiplying <= 2; multiplying++)
            for (int lanes = 1; lanes <= 2; lanes++)
                for (int ci = 1; ci < 4; ci++)
                    for (int t = 0; t < 2; t++)
                        allreduce_case(radixes[r], multiplying, lanes, counts[ci], types[t],
                                       ops[t]);
    /* one step of radix n against radix 2, one lane, a count in one segment:
     * each node's lane rank sends and receives n - 1 parts each way instead
     * of one per halving step; the node steps are the same */
    int one_step = allreduce_case(nodes, 0, 1, 301, MPI_INT, MPI_SUM);
    int halving = allreduce_case(2, 0, 1, 301, MPI_INT, MPI_SUM), more = one_step - halving, all;
    int last_whole = allreduce_case(2, 1, 1, 301, MPI_INT, MPI_SUM) - halving, all_whole;
    MPI_Allreduce(&more, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&last_whole, &all_whole, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if ((nodes & (nodes - 1)) == 0) {
        int steps = 0;
        while ((1 << steps) < nodes)
            steps++;
        CHECK_INT(all, nodes * (4 * (nodes - 1) - 4 * steps));
        if (nodes >= 4) /* radix 2, the last step multiplying */
            CHECK_INT(all_whole, -2 * nodes);
    }
    MPI_Comm_free(&node);
    test_done("lane steps");
    MPI_Finalize();
    return 0;
}

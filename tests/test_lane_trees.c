/* The multi-lane allreduce's node steps as lane trees (hmpi_lane_trees:
 * part j reduced to and broadcast from local rank j down a k-nomial tree
 * over the node from local rank j on), at every radix from 2 to beyond the
 * node, 2 to 4 lanes, counts below and above the lane count, sum and max on
 * ints and doubles, persistent requests started three times, against the
 * MPI library's MPI_Allreduce; a non-commutative op, which keeps the flat
 * steps (its order), too, where every node's ranks are consecutive. Against the flat steps
 * (hmpi_lane_trees 1) of the same schedule, each process has exactly the messages its places in the
 * L trees give it, less its flat ones: both steps' difference, as the test counts them itself (the
 * steps between nodes are the same); the model's choice, the node's segment, has none of the
 * node's messages. Run on virtual clusters whose nodes have 3 to 8 ranks,
 * unbalanced too. */
#include "lanecase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank;

/* The multi-lane allreduce with these lanes and node steps (0: the model's). */
static int allreduce_case(int trees, int lanes, int count, MPI_Datatype type, MPI_Op op,
                          MPI_Op check_op)
{
    static const char *const keys[] = {"hmpi_lane_trees", "hmpi_lanes"};
    return lane_allreduce_case(keys, (int[]){trees, lanes}, 2, count, type, op, check_op);
}

/* Links of position q in the k-nomial tree over [0, n) rooted at 0: its
 * parent (q > 0) and its children, the positions whose lowest non-zero
 * digit q's digits below it complete. */
static int tree_links(int q, int n, int k)
{
    int links = q > 0;
    for (long w = 1; w < n; w *= k) {
        if (q / w % k != 0)
            break; /* q's lowest non-zero digit: children only below it */
        for (int d = 1; d < k && q + d * w < n; d++)
            links++;
    }
    return links;
}

/* The node steps' messages on local rank me of P with L lanes: lane
 * trees of radix k (a message each way per link), or flat (k = 0): the
 * owners take P - 1 parts in and give theirs to P - 1, the others send L
 * parts and take L back; through the node's segment (k < 0), none. */
static int node_messages(int me, int P, int L, int k)
{
    int n = 0;
    if (k < 0)
        return 0;
    if (k == 0)
        return me < L ? 2 * (L - 1) + 2 * (P - 1) : 2 * L;
    for (int j = 0; j < L; j++)
        n += 2 * tree_links((me - j + P) % P, P, k);
    return n;
}

static int by_value(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

/* The node's processes' message differences are those of local ranks 0 ..
 * P - 1 between the lane trees and flat, in whichever order the library
 * numbers a node's ranks (by their hardware places). */
static void check_node_messages(MPI_Comm node, int got, int P, int L, int k)
{
    int *all = malloc(sizeof(int) * (size_t)P), *want = malloc(sizeof(int) * (size_t)P);
    MPI_Allgather(&got, 1, MPI_INT, all, 1, MPI_INT, node);
    for (int me = 0; me < P; me++)
        want[me] = node_messages(me, P, L, k) - node_messages(me, P, L, 0);
    qsort(all, (size_t)P, sizeof(int), by_value);
    qsort(want, (size_t)P, sizeof(int), by_value);
    for (int me = 0; me < P; me++)
        CHECK_INT(all[me], want[me]);
    free(all);
    free(want);
}

/* A non-commutative op: the later operand's value wins (left to right). */
static void take_last(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in, (void)inout, (void)len, (void)type;
}

int main(int argc, char **argv)
{
    static const int counts[] = {3, 301, 5000};
    MPI_Datatype types[] = {MPI_INT, MPI_DOUBLE};
    MPI_Op ops[] = {MPI_SUM, MPI_MAX};
    int P, smallest;
    MPI_Comm node = lane_test_init(&argc, &argv, &rank);
    MPI_Comm_size(node, &P);
    MPI_Allreduce(&P, &smallest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    int most_lanes = smallest < 4 ? smallest : 4;
    /* a tuning file of a fast link between packages (messages as in
     * test_tuning's; the segment the built-in model's), each process its own */
    static const char curves[] = "network 0 2 0.3\nnetwork 1048576 86 84\n"
                                 "node 0 0.5 0.3\nnode 1048576 42 5.5\npackage 1e9\n";
    char fast_packages[] = "/tmp/hmpi-lane-trees-XXXXXX";
    int fd = mkstemp(fast_packages);
    CHECK(fd >= 0 && write(fd, curves, strlen(curves)) == (ssize_t)strlen(curves));
    close(fd);
    for (int lanes = 2; lanes <= most_lanes; lanes++)
        for (int trees = 0; trees <= smallest + 1; trees++)
            for (int ci = 0; ci < 3; ci++)
                for (int t = 0; t < 2; t++)
                    for (int o = 0; o < 2; o++)
                        allreduce_case(trees, lanes, counts[ci], types[t], ops[o], ops[o]);
    /* the messages: every radix against flat, a count of one segment; over
     * several nodes, the model's choice none inside nodes, its lanes'
     * network messages alone: the node's segment, where the link between
     * packages is not what decides (a tuning file's package line; the
     * default link makes lane trees, which cross it once a package, the
     * cheaper at some sizes). (On one node the shm rows are the segment's.) */
    int several_nodes = !test_one_node(MPI_COMM_WORLD);
    for (int lanes = 2; lanes <= most_lanes; lanes++) {
        int flat = allreduce_case(1, lanes, 301, MPI_INT, MPI_SUM, MPI_SUM);
        setenv("HMPI_TUNING_FILE", fast_packages, 1);
        if (several_nodes)
            check_node_messages(node,
                                allreduce_case(0, lanes, 301, MPI_INT, MPI_SUM, MPI_SUM) - flat, P,
                                lanes, -1);
        unsetenv("HMPI_TUNING_FILE");
        for (int k = 2; k <= smallest; k++) {
            int got = allreduce_case(k, lanes, 301, MPI_INT, MPI_SUM, MPI_SUM) - flat;
            check_node_messages(node, got, P, lanes, k);
        }
    }
    /* a non-commutative op keeps the flat steps and the ranks' order
     * (multilane takes it where every node's ranks are consecutive); the
     * model's choice (0) may be the node's segment instead, in rank order
     * too, with no message inside nodes */
    int lo = rank, hi = rank, consecutive;
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_INT, MPI_MIN, node);
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_INT, MPI_MAX, node);
    MPI_Allreduce(&(int){hi - lo + 1 == P}, &consecutive, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    MPI_Op last;
    MPI_Op_create(take_last, 0, &last);
    for (int trees = 0; consecutive && trees <= 3; trees++) {
        int flat = allreduce_case(1, 2, 301, MPI_INT, last, last);
        int got = allreduce_case(trees, 2, 301, MPI_INT, last, last);
        if (trees == 0)
            CHECK(got <= flat);
        else
            CHECK_INT(got, flat);
    }
    MPI_Op_free(&last);
    unlink(fast_packages);
    MPI_Comm_free(&node);
    test_done("lane trees");
    MPI_Finalize();
    return 0;
}

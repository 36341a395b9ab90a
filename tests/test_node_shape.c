/* The shape of MPI_COMM_WORLD as the collectives see it (coll/shape.h): its
 * nodes (a Machine, or each board of a Machine split into Groups above its
 * packages), the most and fewest ranks on one, and the most packages one
 * node's ranks live on. Linked with hmpi's objects.
 *
 *   test_node_shape NODES LARGEST SMALLEST PACKAGES [R,R,.../R,R,.../...]
 *
 * The optional last argument lists the ranks of each node, nodes separated
 * by '/': ranks of one share a node number, ranks of two different do not.
 */
#include "coll/shape.h"
#include "testutil.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    CHECK(argc == 5 || argc == 6);
    int want_nodes = atoi(argv[1]), want_largest = atoi(argv[2]), want_smallest = atoi(argv[3]),
        want_packages = atoi(argv[4]);
    hmpi__commloc *cl;
    CHECK_INT(hmpi__commloc_ensure(MPI_COMM_WORLD, 1, "test_node_shape", &cl), MPI_SUCCESS);
    int nmachines, size;
    hmpi__shape shape;
    hmpi__node_shape(cl->table, &shape);
    CHECK_INT(shape.nodes, want_nodes);
    CHECK_INT(shape.largest, want_largest);
    CHECK_INT(shape.smallest, want_smallest);
    CHECK_INT(shape.packages, want_packages);

    /* every node's ranks share its number, and the numbers run 0 .. nodes - 1 */
    const int *machine = hmpi__loctable_machines(cl->table, &nmachines);
    CHECK(machine != NULL);
    CHECK_INT(nmachines, want_nodes);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *count = calloc((size_t)nmachines, sizeof *count);
    for (int r = 0; r < size; r++) {
        CHECK(machine[r] >= 0 && machine[r] < nmachines);
        count[machine[r]]++;
    }
    for (int m = 0; m < nmachines; m++)
        CHECK(count[m] >= want_smallest && count[m] <= want_largest);
    free(count);

    /* the nodes the file describes: one number per list, all different */
    int previous_node = -1;
    for (const char *p = argc == 6 ? argv[5] : ""; *p;) {
        char *end;
        int node = machine[strtol(p, &end, 10)];
        CHECK(node != previous_node);
        for (p = end; *p == ','; p = end)
            CHECK_INT(machine[strtol(p + 1, &end, 10)], node);
        previous_node = node;
        p += *p == '/';
    }
    MPI_Finalize();
    return 0;
}

/* Guided splits and MPI_Get_hw_resource_info at the edges users report of
 * the MPI libraries (share/clusters/edge-bindings.conf, 8 ranks; doc/mpi4.md,
 * "Edge cases"), as API.md and MPI 4.1 give them:
 * - a level that does not split its node (the only package of node "one")
 *   still gives the node's ranks one communicator (MPICH #7160 returns
 *   MPI_COMM_NULL, as if it had to be a strict subset);
 * - a rank bound across two packages belongs to no package and no core:
 *   MPI_COMM_NULL there, and no group overlaps another (Open MPI #12812);
 * - an unbound rank is in no object below its node: MPI_COMM_NULL, not a
 *   group of its own (Open MPI #10416).
 * MPI 5.0's hwloc://<Type> keys say the same per process. */
#include "testutil.h"

static int rank, size;

/* The members of rank's communicator at level (n 0: MPI_COMM_NULL). */
static void expect(const char *level, const int *members, int n)
{
    MPI_Comm comm = split_by_level(level, rank, HMPI_COMM_TYPE_HW_GUIDED);
    if (n == 0) {
        CHECK(comm == MPI_COMM_NULL);
        return;
    }
    CHECK(comm != MPI_COMM_NULL && has_members(comm, members, n));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

static void check_splits(void)
{
    static const int node_two[] = {0, 1, 2, 3}, node_one[] = {4, 5, 6, 7}, package_0[] = {0, 1};
    int self[1] = {rank};
    const int *node = rank < 4 ? node_two : node_one;
    expect("Machine", node, 4);
    if (rank < 2)
        expect("Package", package_0, 2);
    else if (rank < 4) /* across two packages; unbound */
        expect("Package", NULL, 0);
    else /* the node's only package: the node's ranks */
        expect("Package", node_one, 4);
    expect("Core", self, rank == 2 || rank == 3 ? 0 : 1);
    expect("PU", self, rank == 2 || rank == 3 ? 0 : 1);
    /* bound to different processing units, each alone: rank 2 (two cores)
     * and rank 3 (unbound: the whole node) too, whose paths end alike */
    expect("bindset", self, 1);
}

static void expect_key(MPI_Info info, const char *key, const char *value)
{
    char got[MPI_MAX_INFO_VAL];
    int flag = 0;
    MPI_Info_get(info, key, MPI_MAX_INFO_VAL - 1, got, &flag);
    CHECK(flag);
    if (flag)
        CHECK_STR(got, value);
}

static void check_resource_info(void)
{
    MPI_Info info;
    int bound = rank != 2 && rank != 3, flag = 0;
    char value[MPI_MAX_INFO_VAL];
    CHECK_MPI(HMPI_Get_hw_resource_info(&info));
    expect_key(info, "hwloc://Machine", "true");
    expect_key(info, "hwloc://NUMANode", "true"); /* the machine's only one */
    expect_key(info, "hwloc://Package", bound ? "true" : "false");
    expect_key(info, "hwloc://Core", bound ? "true" : "false");
    expect_key(info, "hwloc://PU", bound ? "true" : "false");
    MPI_Info_get(info, "hwloc://L3Cache", MPI_MAX_INFO_VAL - 1, value, &flag);
    CHECK(!flag); /* a type the node does not have */
    expect_key(info, "hmpi_hw_binding_level", bound ? "hwloc://Core" : "hwloc://Machine");
    MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_INT(size, 8);
    if (size == 8) {
        check_splits();
        check_resource_info();
    }
    test_done("guided edges");
    MPI_Finalize();
    return 0;
}

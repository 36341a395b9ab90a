/* Section 5.2 of Goglin et al. 2018, exactly: one node, 8 ranks, mixed
 * bindings (share/clusters/goglin-mixed-binding.conf): ranks 0-1 on cores
 * 0-1, ranks 2-3 on L2 cache 1, ranks 4-7 on NUMA node 1. */
#include "testutil.h"

static int rank;

static void check_split_walk(void)
{
    MPI_Comm newcomm[8], oldcomm = MPI_COMM_WORLD;
    int idx = 0;
    while (oldcomm != MPI_COMM_NULL) {
        int r;
        MPI_Comm_rank(oldcomm, &r);
        CHECK_MPI(HMPI_Comm_split_type(oldcomm, HMPI_COMM_TYPE_HW_UNGUIDED, r, MPI_INFO_NULL,
                                       &newcomm[idx]));
        oldcomm = newcomm[idx++];
    }
    /* communicators: ranks 0-1 three, ranks 2-3 two, ranks 4-7 one */
    CHECK_INT(idx, rank < 2 ? 4 : rank < 4 ? 3 : 2);
    int numa[4] = {rank / 4 * 4, rank / 4 * 4 + 1, rank / 4 * 4 + 2, rank / 4 * 4 + 3};
    int l2[2] = {rank / 2 * 2, rank / 2 * 2 + 1};
    int num, index;
    CHECK(has_members(newcomm[0], numa, 4));
    CHECK_STR(level_type(newcomm[0], &num, &index), "NUMANode");
    CHECK_INT(num, 2);
    CHECK_INT(index, rank / 4);
    if (rank < 4) {
        CHECK(has_members(newcomm[1], l2, 2));
        CHECK_STR(level_type(newcomm[1], &num, &index), "L2Cache");
        CHECK_INT(num, 2);
        CHECK_INT(index, rank / 2);
    }
    if (rank < 2) {
        CHECK(has_members(newcomm[2], &rank, 1));
        CHECK_STR(level_type(newcomm[2], &num, &index), "Core");
        CHECK_INT(num, 2);
        CHECK_INT(index, rank);
    }
    for (int s = 0; s < idx - 1; s++)
        MPI_Comm_free(&newcomm[s]);
}

static void check_roots_walk(void)
{
    MPI_Comm newcomm[8], rootscomm[8], oldcomm = MPI_COMM_WORLD;
    int idx = 0;
    while (oldcomm != MPI_COMM_NULL) {
        CHECK_MPI(
            HMPI_Comm_hsplit_with_roots(oldcomm, MPI_INFO_NULL, &newcomm[idx], &rootscomm[idx]));
        oldcomm = newcomm[idx++];
    }
    int r0[] = {0, 4}, r1[] = {0, 2}, r2[] = {0, 1};
    CHECK(rank == 0 || rank == 4 ? has_members(rootscomm[0], r0, 2)
                                 : rootscomm[0] == MPI_COMM_NULL);
    if (idx > 1)
        CHECK(rank == 0 || rank == 2 ? has_members(rootscomm[1], r1, 2)
                                     : rootscomm[1] == MPI_COMM_NULL);
    if (idx > 2)
        CHECK(rank < 2 ? has_members(rootscomm[2], r2, 2) : rootscomm[2] == MPI_COMM_NULL);
    CHECK(rootscomm[idx - 1] == MPI_COMM_NULL);
    for (int s = 0; s < idx - 1; s++) {
        MPI_Comm_free(&newcomm[s]);
        if (rootscomm[s] != MPI_COMM_NULL)
            MPI_Comm_free(&rootscomm[s]);
    }
}

static void check_guided(void)
{
    static const struct {
        const char *level;
        int first[8]; /* first member of each rank's group, -1: MPI_COMM_NULL */
        int size;
    } cases[] = {
        {"Machine", {0, 0, 0, 0, 0, 0, 0, 0}, 8},
        {"node", {0, 0, 0, 0, 0, 0, 0, 0}, 8},
        {"NUMANode", {0, 0, 0, 0, 4, 4, 4, 4}, 4},
        {"socket", {0, 0, 0, 0, 4, 4, 4, 4}, 4},
        {"l3", {0, 0, 0, 0, 4, 4, 4, 4}, 4},
        {"L2Cache", {0, 0, 2, 2, -1, -1, -1, -1}, 2},
        {"core", {0, 1, -1, -1, -1, -1, -1, -1}, 1},
        {"HWTHREAD", {0, 1, -1, -1, -1, -1, -1, -1}, 1},
        {"L1Cache", {-1, -1, -1, -1, -1, -1, -1, -1}, 0}, /* no L1 on this node */
        {"Blade", {-1, -1, -1, -1, -1, -1, -1, -1}, 0},   /* unknown name */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        MPI_Info info;
        MPI_Comm comm;
        MPI_Info_create(&info);
        MPI_Info_set(info, "mpi_hw_resource_type", cases[c].level);
        CHECK_MPI(
            HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &comm));
        MPI_Info_free(&info);
        int first = cases[c].first[rank], m[8];
        for (int i = 0; i < cases[c].size; i++)
            m[i] = first + i;
        CHECK(first < 0 ? comm == MPI_COMM_NULL : has_members(comm, m, cases[c].size));
        if (comm != MPI_COMM_NULL)
            MPI_Comm_free(&comm);
    }
    /* No info key at all: MPI_COMM_NULL everywhere. */
    MPI_Comm comm;
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, MPI_INFO_NULL, &comm));
    CHECK(comm == MPI_COMM_NULL);
}

/* MPICH's bindset: the processes bound to the same processing units (ranks
 * 0 and 1 each to a core, 2-3 to L2 cache 1, 4-7 to NUMA node 1). */
static void check_bindset(void)
{
    static const int first[8] = {0, 1, 2, 2, 4, 4, 4, 4}, size[8] = {1, 1, 2, 2, 4, 4, 4, 4};
    int m[4];
    for (int i = 0; i < size[rank]; i++)
        m[i] = first[rank] + i;
    MPI_Comm comm =
        split_by_level(rank % 2 ? "BindSet" : "bindset", rank, HMPI_COMM_TYPE_HW_GUIDED);
    CHECK(has_members(comm, m, size[rank]));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

static void check_queries(void)
{
    char type[HMPI_MAX_LEVEL_NAME];
    int len, level;
    struct {
        int n, r[2];
        const char *name;
    } cases[] = {
        {2, {0, 1}, "L2Cache"},  {2, {2, 3}, "L2Cache"}, {2, {4, 5}, "NUMANode"},
        {2, {0, 2}, "NUMANode"}, {2, {1, 6}, "Machine"}, {1, {2, 0}, "L2Cache"},
        {1, {4, 0}, "NUMANode"}, {1, {0, 0}, "Core"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        CHECK_MPI(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, cases[c].n, cases[c].r, type, &len));
        int listed = cases[c].r[0] == rank || (cases[c].n == 2 && cases[c].r[1] == rank);
        CHECK_STR(type, listed ? cases[c].name : "Unknown");
    }
    static const int depth[8] = {3, 3, 2, 2, 1, 1, 1, 1};
    for (int j = 0; j < 8; j++) {
        int expected = j == rank           ? depth[rank]
                       : j / 4 != rank / 4 ? 0
                       : rank >= 4         ? 1
                       : j / 2 != rank / 2 ? 1
                                           : 2;
        CHECK_MPI(HMPI_Comm_level(MPI_COMM_WORLD, rank, j, &level));
        CHECK_INT(level, expected);
    }
}

int main(int argc, char **argv)
{
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_INT(size, 8);
    check_split_walk();
    check_roots_walk();
    check_guided();
    check_bindset();
    check_queries();
    test_done("paper 5.2");
    MPI_Finalize();
    return 0;
}

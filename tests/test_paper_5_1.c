/* Section 5.1 of Goglin et al. 2018, exactly: 4 nodes x 8 cores, 32 ranks,
 * rank 8k+i on core i of node k (share/clusters/goglin-4nodes.conf).
 * Splits, roots communicators, level info, info keys, min level, Comm_level. */
#include "testutil.h"

#define NLEVELS 8

static int rank;

/* Members expected at step s (0-based) of the unguided walk. */
static int step_members(int s, int *m)
{
    static const int span[] = {8, 4, 2, 1};
    if (s >= 4)
        return 0;
    int first = rank / span[s] * span[s];
    for (int i = 0; i < span[s]; i++)
        m[i] = first + i;
    return span[s];
}

static void check_split_walk(void)
{
    static const char *const names[] = {"Machine", "NUMANode", "L2Cache", "Core"};
    static const int nums[] = {4, 2, 2, 2};
    MPI_Comm newcomm[NLEVELS], oldcomm = MPI_COMM_WORLD;
    int idx = 0, m[8];
    while (oldcomm != MPI_COMM_NULL) { /* the paper's loop */
        int r;
        MPI_Comm_rank(oldcomm, &r);
        CHECK_MPI(HMPI_Comm_split_type(oldcomm, HMPI_COMM_TYPE_HW_UNGUIDED, r, MPI_INFO_NULL,
                                       &newcomm[idx]));
        oldcomm = newcomm[idx++];
    }
    CHECK_INT(idx, 5); /* steps 1-4 give communicators, step 5 MPI_COMM_NULL */
    for (int s = 0; s < 4; s++) {
        int n = step_members(s, m), num, index;
        CHECK(has_members(newcomm[s], m, n));
        CHECK_STR(level_type(newcomm[s], &num, &index), names[s]);
        CHECK_INT(num, nums[s]);
        CHECK_INT(index, (rank / (8 >> s)) % nums[s]);
    }
    int result;
    MPI_Comm_compare(newcomm[3], MPI_COMM_SELF, &result);
    CHECK_INT(result, MPI_CONGRUENT);
    MPI_Comm_compare(newcomm[0], MPI_COMM_WORLD, &result);
    CHECK_INT(result, MPI_UNEQUAL);

    /* The info keys of a NUMANode communicator. */
    MPI_Info info;
    char value[256];
    int flag;
    MPI_Comm_get_info(newcomm[1], &info);
    MPI_Info_get(info, "mpi_hw_resource_type", 255, value, &flag);
    CHECK(flag);
    CHECK_STR(value, "NUMANode");
    MPI_Info_get(info, "hmpi_hlevel_num", 255, value, &flag);
    CHECK(flag);
    CHECK_STR(value, "2");
    MPI_Info_get(info, "hmpi_hlevel_index", 255, value, &flag);
    CHECK(flag);
    CHECK_INT(atoi(value), (rank / 4) % 2);
    MPI_Info_get(info, "hmpi_hw_resource_aliases", 255, value, &flag);
    CHECK(flag);
    CHECK_STR(value, "Package,NUMANode,L3Cache");
    MPI_Info_free(&info);

    /* Comm_level inside the Machine communicator: one level less than in world. */
    int level;
    int me = rank % 8;
    CHECK_MPI(HMPI_Comm_level(newcomm[0], me, me ^ 1, &level));
    CHECK_INT(level, 2);
    CHECK_MPI(HMPI_Comm_level(newcomm[0], me, me, &level));
    CHECK_INT(level, 3);
    for (int s = 0; s < 4; s++)
        MPI_Comm_free(&newcomm[s]);
}

/* Key reverses the order; the groups stay. */
static void check_key_order(void)
{
    MPI_Comm c;
    int m[8];
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, -rank, MPI_INFO_NULL, &c));
    for (int i = 0; i < 8; i++)
        m[i] = rank / 8 * 8 + 7 - i;
    CHECK(has_members(c, m, 8));
    int num, index;
    CHECK_STR(level_type(c, &num, &index), "Machine");
    CHECK_INT(index, rank / 8); /* ordered by lowest parent rank, whatever the key */
    MPI_Comm_free(&c);
}

static void check_roots_walk(void)
{
    MPI_Comm newcomm[NLEVELS], rootscomm[NLEVELS], oldcomm = MPI_COMM_WORLD;
    int idx = 0, m[8];
    while (oldcomm != MPI_COMM_NULL) {
        CHECK_MPI(
            HMPI_Comm_hsplit_with_roots(oldcomm, MPI_INFO_NULL, &newcomm[idx], &rootscomm[idx]));
        oldcomm = newcomm[idx++];
    }
    CHECK_INT(idx, 5);
    CHECK(rootscomm[4] == MPI_COMM_NULL);
    for (int s = 0; s < 4; s++) {
        int n = step_members(s, m);
        CHECK(has_members(newcomm[s], m, n));
    }
    int node = rank / 8 * 8, r = rank % 8;
    /* step 1: {p_8k}; step 2: {p0, p4}; step 3: {p0,p2},{p4,p6}; step 4: {p2i, p2i+1} */
    int s1[] = {0, 8, 16, 24}, s2[] = {node, node + 4}, s3[] = {rank / 4 * 4, rank / 4 * 4 + 2},
        s4[] = {rank / 2 * 2, rank / 2 * 2 + 1};
    CHECK(r == 0 ? has_members(rootscomm[0], s1, 4) : rootscomm[0] == MPI_COMM_NULL);
    CHECK(r % 4 == 0 ? has_members(rootscomm[1], s2, 2) : rootscomm[1] == MPI_COMM_NULL);
    CHECK(r % 2 == 0 ? has_members(rootscomm[2], s3, 2) : rootscomm[2] == MPI_COMM_NULL);
    CHECK(has_members(rootscomm[3], s4, 2));
    /* Roots communicators carry the level of the object they span. */
    if (r == 0)
        CHECK_STR(level_type(rootscomm[1], NULL, NULL), "Machine");
    CHECK_STR(level_type(rootscomm[3], NULL, NULL), "L2Cache");
    for (int s = 0; s < 4; s++) {
        MPI_Comm_free(&newcomm[s]);
        if (rootscomm[s] != MPI_COMM_NULL)
            MPI_Comm_free(&rootscomm[s]);
    }
}

static void check_min_level_and_comm_level(void)
{
    char type[HMPI_MAX_LEVEL_NAME];
    int len, level, base = rank / 8 * 8;
    struct {
        int n;
        int r[3];
        const char *name;
    } cases[] = {
        {2, {base, base + 1}, "L2Cache"},
        {2, {base, base + 2}, "NUMANode"},
        {2, {base, base + 4}, "Machine"},
        {2, {base + 3, base + 7}, "Machine"},
        {3, {base, base + 1, base + 3}, "NUMANode"},
        {2, {base, (base + 8) % 32}, "Cluster"},
        {1, {base}, "Core"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        CHECK_MPI(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, cases[c].n, cases[c].r, type, &len));
        int listed = 0;
        for (int i = 0; i < cases[c].n; i++)
            listed |= cases[c].r[i] == rank;
        CHECK_STR(type, listed ? cases[c].name : "Unknown");
        CHECK_INT(len, strlen(type));
    }
    /* Träff's Comm_level on world: node 1, NUMA 2, L2 3, itself 4, other node 0. */
    for (int j = 0; j < 32; j++) {
        int expected = j == rank           ? 4
                       : j / 8 != rank / 8 ? 0
                       : j / 4 != rank / 4 ? 1
                       : j / 2 != rank / 2 ? 2
                                           : 3;
        CHECK_MPI(HMPI_Comm_level(MPI_COMM_WORLD, rank, j, &level));
        CHECK_INT(level, expected);
        CHECK_MPI(HMPI_Comm_level(MPI_COMM_WORLD, j, rank, &level));
        CHECK_INT(level, expected);
    }
}

static void check_resource_types(void)
{
    char types[16][HMPI_MAX_LEVEL_NAME];
    static const char *const expected[] = {"Machine", "Package", "NUMANode", "L3Cache",
                                           "L2Cache", "Core",    "PU"};
    int n;
    CHECK_MPI(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, 16));
    CHECK_INT(n, 7);
    for (int i = 0; i < 7; i++)
        CHECK_STR(types[i], expected[i]);
    CHECK_MPI(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, 2)); /* truncated list */
    CHECK_INT(n, 7);
    CHECK_STR(types[1], "Package");
}

int main(int argc, char **argv)
{
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_INT(size, 32);
    check_split_walk();
    check_key_order();
    check_roots_walk();
    check_min_level_and_comm_level();
    check_resource_types();
    test_done("paper 5.1");
    MPI_Finalize();
    return 0;
}

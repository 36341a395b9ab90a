/* Guided splits and level lists on a cluster with a two-level switch tree
 * (share/clusters/two-switch.conf: top switch, 2 leaf switches of 2 nodes,
 * nodes of 2 packages x 4 cores, 32 ranks bound to cores in node order).
 * Also works with fewer ranks (the first nodes only). */
#include "testutil.h"

static int rank, size;

/* Size of the object of each level around a rank, in ranks. */
static int span_of(const char *level)
{
    if (strcmp(level, "Switch") == 0)
        return 16;
    if (strcmp(level, "Machine") == 0)
        return 8;
    if (strcmp(level, "Package") == 0 || strcmp(level, "NUMANode") == 0 ||
        strcmp(level, "L3Cache") == 0)
        return 4;
    return 1; /* Core, PU */
}

static void expect_block(MPI_Comm comm, int span, int reversed)
{
    int first = rank / span * span, n = 0, m[32];
    for (int r = first; r < first + span && r < size; r++)
        m[n++] = r;
    if (reversed)
        for (int i = 0; i < n / 2; i++) {
            int t = m[i];
            m[i] = m[n - 1 - i];
            m[n - 1 - i] = t;
        }
    CHECK(has_members(comm, m, n));
}

static MPI_Comm guided(const char *level, int key, int type)
{
    return split_by_level(level, key, type);
}

static void check_every_type(void)
{
    char types[16][HMPI_MAX_LEVEL_NAME];
    static const char *const expected[] = {"Switch",  "Machine", "Package", "NUMANode",
                                           "L3Cache", "Core",    "PU"};
    int n;
    CHECK_MPI(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, 16));
    CHECK_INT(n, 7);
    for (int i = 0; i < n; i++) {
        CHECK_STR(types[i], expected[i]);
        MPI_Comm comm = guided(types[i], rank, HMPI_COMM_TYPE_HW_GUIDED);
        expect_block(comm, span_of(types[i]), 0);
        /* Reported name: the highest level covering the same units. */
        const char *name = level_type(comm, NULL, NULL);
        if (span_of(types[i]) == 4)
            CHECK_STR(name, "NUMANode");
        else if (span_of(types[i]) == 1)
            CHECK_STR(name, "Core");
        else
            CHECK_STR(name, types[i]);
        MPI_Comm_free(&comm);
    }
}

/* MPI_UNDEFINED beside MPI 4.1's process sets (RESOURCE_GUIDED), each road
 * a set takes: the odd ranks get nothing, the even ones their set's. */
static void check_sets_and_undefined(void)
{
    static const char *const sets[] = {"mpi://WORLD", "mpix://SHARED", "hmpi://Machine"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        MPI_Info info;
        MPI_Comm comm;
        int m[16], n = 0, lo = i == 0 ? 0 : rank / 8 * 8, hi = i == 0 ? size : lo + 8;
        MPI_Info_create(&info);
        MPI_Info_set(info, "mpi_pset_name", sets[i]);
        CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD,
                                       rank % 2 ? MPI_UNDEFINED : HMPI_COMM_TYPE_RESOURCE_GUIDED,
                                       rank, info, &comm));
        MPI_Info_free(&info);
        for (int r = lo; r < hi && r < size && n < 16; r += 2)
            m[n++] = r;
        CHECK(rank % 2 ? comm == MPI_COMM_NULL : has_members(comm, m, n));
        if (comm != MPI_COMM_NULL)
            MPI_Comm_free(&comm);
    }
}

static void check_key_and_undefined(void)
{
    /* key reverses the order inside each group */
    MPI_Comm comm = guided("socket", size - rank, HMPI_COMM_TYPE_HW_GUIDED);
    expect_block(comm, 4, 1);
    int num, index;
    level_type(comm, &num, &index);
    CHECK_INT(num, (size + 3) / 4);
    CHECK_INT(index, rank / 4);
    MPI_Comm_free(&comm);
    /* odd ranks pass MPI_UNDEFINED: they get nothing, the others still split */
    comm = guided("Machine", rank, rank % 2 ? MPI_UNDEFINED : HMPI_COMM_TYPE_HW_GUIDED);
    if (rank % 2) {
        CHECK(comm == MPI_COMM_NULL);
    } else {
        int m[4], n = 0;
        for (int r = rank / 8 * 8; r < rank / 8 * 8 + 8 && r < size; r += 2)
            m[n++] = r;
        CHECK(has_members(comm, m, n));
        MPI_Comm_free(&comm);
    }
    /* the same with the unguided type and with MPI_COMM_TYPE_SHARED */
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD,
                                   rank % 3 ? HMPI_COMM_TYPE_HW_UNGUIDED : MPI_UNDEFINED, rank,
                                   MPI_INFO_NULL, &comm));
    CHECK((rank % 3 == 0) == (comm == MPI_COMM_NULL));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &comm));
    expect_block(comm, 8, 0);
    CHECK_STR(level_type(comm, NULL, NULL), "Machine");
    MPI_Comm_free(&comm);
    check_sets_and_undefined();
}

static void check_levels_hierarchy(void)
{
    HMPI_Hierarchy h;
    MPI_Info info;
    MPI_Comm c, conduit;
    int depth;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_levels", "Switch, machine,CORE");
    CHECK_MPI(HMPI_Hierarchy_create(MPI_COMM_WORLD, info, &h));
    MPI_Info_free(&info);
    CHECK_MPI(HMPI_Hierarchy_depth(h, &depth));
    int switch_level = size > 16; /* one switch only: the level does not split world */
    CHECK_INT(depth, 2 + switch_level);
    if (switch_level) {
        CHECK_MPI(HMPI_Hierarchy_level_comm(h, 1, &c));
        expect_block(c, 16, 0);
    }
    CHECK_MPI(HMPI_Hierarchy_level_comm(h, 1 + switch_level, &c));
    expect_block(c, 8, 0);
    CHECK_STR(level_type(c, NULL, NULL), "Machine");
    CHECK_MPI(HMPI_Hierarchy_level_comm(h, 2 + switch_level, &c));
    expect_block(c, 1, 0);
    /* the conduit above the Machine level: one rank per node of the switch */
    CHECK_MPI(HMPI_Hierarchy_conduit_comm(h, switch_level, &conduit));
    if (rank % 8 == 0) {
        int m[2], n = 0, sw = switch_level ? 16 : 32;
        for (int r = rank / sw * sw; r < rank / sw * sw + sw && r < size; r += 8)
            m[n++] = r;
        CHECK(has_members(conduit, m, n));
    } else {
        CHECK(conduit == MPI_COMM_NULL);
    }
    CHECK_MPI(HMPI_Hierarchy_free(&h));
}

/* The names MPI libraries take (doc/mpi4.md, "Level names"), any case:
 * each gives its level's communicator (the ranks of one object of the
 * level, in rank order); a known name of a level the nodes lack, and an
 * unknown one, give MPI_COMM_NULL. */
static void check_library_names(void)
{
    static const struct {
        const char *name, *level;
    } names[] = {
        {"cu", "Switch"},         {"HOST", "Machine"},
        {"board", "Machine"},     {"node", "Machine"},
        {"machine", "Machine"},   {"mpi_shared_memory", "Machine"},
        {"socket", "Package"},    {"cpu", "Package"},
        {"Package", "Package"},   {"numanode", "NUMANode"},
        {"numa", "NUMANode"},     {"DDR", "NUMANode"},
        {"l3cache", "L3Cache"},   {"L3DCACHE", "L3Cache"},
        {"l3ucache", "L3Cache"},  {"core", "Core"},
        {"hwthread", "PU"},       {"pu", "PU"},
        {"hwloc://Core", "Core"}, {"hwloc://numanode", "NUMANode"},
        {"BINDSET", "Core"}, /* every rank bound to a core of its own */
    };
    /* a level the nodes lack, an unknown name, no high-bandwidth memory
     * here; more of each at 16 ranks (not with MPICH's spinning 8) */
    static const char *const none[] = {"l2dcache", "l6cache",  "hbm",    "L1UCACHE",
                                       "l1cache",  "l3xcache", "lcache", "hbm2"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        MPI_Comm comm = guided(names[i].name, rank, HMPI_COMM_TYPE_HW_GUIDED);
        if (comm == MPI_COMM_NULL)
            fprintf(stderr, "[rank %d] '%s': MPI_COMM_NULL, expected %s's ranks\n", rank,
                    names[i].name, names[i].level);
        CHECK(comm != MPI_COMM_NULL);
        expect_block(comm, span_of(names[i].level), 0);
        MPI_Comm_free(&comm);
    }
    for (size_t i = 0; i < (size > 8 ? sizeof none / sizeof *none : 3); i++) {
        MPI_Comm comm = guided(none[i], rank, HMPI_COMM_TYPE_HW_GUIDED);
        CHECK(comm == MPI_COMM_NULL);
    }
}

static void check_min_levels(void)
{
    char type[HMPI_MAX_LEVEL_NAME];
    int len, pair[2];
    for (int other = 0; other < size; other++) {
        pair[0] = rank;
        pair[1] = other;
        CHECK_MPI(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 2, pair, type, &len));
        const char *expected = other == rank           ? "Core"
                               : other / 4 == rank / 4 ? "NUMANode"
                               : other / 8 == rank / 8 ? "Machine"
                                                       : "Switch"; /* leaf or top */
        CHECK_STR(type, expected);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size % 8 == 0);
    if (argc > 1 && strcmp(argv[1], "names") == 0) { /* (alone: MPICH's 8 ranks spin) */
        check_library_names();
        test_done("guided names");
        MPI_Finalize();
        return 0;
    }
    if (size > 8)
        check_every_type();
    check_key_and_undefined();
    if (size == 16) /* (also alone at 8 ranks, "names") */
        check_library_names();
    if (size > 8)
        check_levels_hierarchy();
    check_min_levels();
    test_done("guided");
    MPI_Finalize();
    return 0;
}

/* An MPI 4.0/4.1 program, standard names only: MPI_Comm_split_type with
 * MPI_COMM_TYPE_HW_GUIDED, MPI_COMM_TYPE_HW_UNGUIDED and
 * MPI_COMM_TYPE_RESOURCE_GUIDED, their info semantics, and
 * MPI_Get_hw_resource_info. Run on the virtual cluster of
 * share/clusters/goglin-4nodes.conf (4 nodes; 2 packages of one NUMA node and
 * L3, with 2 L2 caches of 2 cores each; 8 ranks per node bound to cores),
 * with any number of ranks: expectations follow from the rank. A package is
 * reported as NUMANode, the highest name of the levels it equals (API.md). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi4_check.h"

static int size_of(MPI_Comm c)
{
    int n = -1;
    if (c != MPI_COMM_NULL)
        MPI_Comm_size(c, &n);
    return n;
}

/* ranks per object of the 8-core nodes, 8 ranks per node in rank order */
static int expected(int per_object)
{
    int first = me / per_object * per_object, last = first + per_object;
    return (last > p ? p : last) - first;
}

static MPI_Comm guided(int type, const char *key, const char *value)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm c;
    if (key) {
        MPI_Info_create(&info);
        MPI_Info_set(info, key, value);
    }
    CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, type, 0, info, &c) == MPI_SUCCESS);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    return c;
}

static void check_level(MPI_Comm c, const char *level)
{
    MPI_Info used;
    char value[MPI_MAX_INFO_VAL];
    int flag = 0;
    MPI_Comm_get_info(c, &used);
    MPI_Info_get(used, "mpi_hw_resource_type", MPI_MAX_INFO_VAL - 1, value, &flag);
    MPI_Info_free(&used);
    CHECK(flag && strcmp(value, level) == 0);
}

static void test_guided(void)
{
    static const struct {
        const char *value, *level;
        int per_object;
    } cases[] = {{"Machine", "Machine", 8},   {"mpi_shared_memory", "Machine", 8},
                 {"Package", "NUMANode", 4},  {"hwloc://Package", "NUMANode", 4},
                 {"NUMANode", "NUMANode", 4}, {"hwloc://L2Cache", "L2Cache", 2},
                 {"hwloc://Core", "Core", 1}, {"socket", "NUMANode", 4}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        MPI_Comm c = guided(MPI_COMM_TYPE_HW_GUIDED, "mpi_hw_resource_type", cases[k].value);
        CHECK(size_of(c) == expected(cases[k].per_object));
        check_level(c, cases[k].level);
        MPI_Comm_free(&c);
        c = guided(MPI_COMM_TYPE_RESOURCE_GUIDED, "mpi_hw_resource_type", cases[k].value);
        CHECK(size_of(c) == expected(cases[k].per_object));
        MPI_Comm_free(&c);
    }
    /* MPI 4.0: no info, no key, an unknown value: MPI_COMM_NULL everywhere */
    CHECK(guided(MPI_COMM_TYPE_HW_GUIDED, NULL, NULL) == MPI_COMM_NULL);
    CHECK(guided(MPI_COMM_TYPE_HW_GUIDED, "other_key", "Package") == MPI_COMM_NULL);
    CHECK(guided(MPI_COMM_TYPE_HW_GUIDED, "mpi_hw_resource_type", "Drawer") == MPI_COMM_NULL);
    /* MPI 4.1 process sets */
    MPI_Comm c = guided(MPI_COMM_TYPE_RESOURCE_GUIDED, "mpi_pset_name", "mpi://WORLD");
    CHECK(size_of(c) == p);
    MPI_Comm_free(&c);
    c = guided(MPI_COMM_TYPE_RESOURCE_GUIDED, "mpi_pset_name", "mpi://SELF");
    CHECK(size_of(c) == 1);
    MPI_Comm_free(&c);
    CHECK(guided(MPI_COMM_TYPE_RESOURCE_GUIDED, "mpi_pset_name", "app://none") == MPI_COMM_NULL);
}

/* Unguided: each step a strict subset, down to MPI_COMM_NULL. */
static void test_unguided(void)
{
    static const char *levels[] = {"Machine", "NUMANode", "L2Cache", "Core"};
    static const int per[] = {8, 4, 2, 1};
    MPI_Comm c = MPI_COMM_WORLD;
    int depth = p > 8 ? 0 : 1; /* one node's ranks: the world is the Machine */
    for (;;) {
        MPI_Comm next;
        CHECK(MPI_Comm_split_type(c, MPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, &next) ==
              MPI_SUCCESS);
        if (c != MPI_COMM_WORLD)
            MPI_Comm_free(&c);
        if (next == MPI_COMM_NULL)
            break;
        CHECK(depth < 4);
        CHECK(size_of(next) == expected(per[depth]));
        check_level(next, levels[depth]);
        c = next;
        depth++;
    }
    CHECK(depth == 4);
}

/* Processes may pass MPI_UNDEFINED beside a hardware split. */
static void test_undefined(void)
{
    MPI_Info info;
    MPI_Comm c;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "Package");
    CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, me % 2 ? MPI_UNDEFINED : MPI_COMM_TYPE_HW_GUIDED, 0,
                              info, &c) == MPI_SUCCESS);
    CHECK(me % 2 ? c == MPI_COMM_NULL : size_of(c) == (expected(4) + 1) / 2);
    if (c != MPI_COMM_NULL)
        MPI_Comm_free(&c);
    MPI_Info_free(&info);
}

static void test_resource_info(void)
{
    MPI_Info hw;
    char value[MPI_MAX_INFO_VAL];
    int flag = 0;
    CHECK(MPI_Get_hw_resource_info(&hw) == MPI_SUCCESS);
    MPI_Info_get(hw, "hmpi_hw_resource_types", MPI_MAX_INFO_VAL - 1, value, &flag);
    CHECK(flag && strstr(value, "hwloc://Machine") == value && strstr(value, "hwloc://Package"));
    /* every listed name is a valid guided split */
    MPI_Info_get(hw, "hmpi_hw_binding_level", MPI_MAX_INFO_VAL - 1, value, &flag);
    CHECK(flag && strcmp(value, "hwloc://Core") == 0);
    MPI_Comm c = guided(MPI_COMM_TYPE_HW_GUIDED, "mpi_hw_resource_type", value);
    CHECK(size_of(c) == 1);
    MPI_Comm_free(&c);
    /* MPI 5.0's keys: bound to one core, so restricted to one of each */
    static const char *const types[] = {"hwloc://Machine", "hwloc://Package", "hwloc://NUMANode",
                                        "hwloc://L3Cache", "hwloc://L2Cache", "hwloc://Core",
                                        "hwloc://PU"};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        MPI_Info_get(hw, types[i], MPI_MAX_INFO_VAL - 1, value, &flag);
        CHECK(flag && strcmp(value, "true") == 0);
    }
    MPI_Info_get(hw, "hwloc://L1Cache", MPI_MAX_INFO_VAL - 1, value, &flag);
    CHECK(!flag); /* the nodes' description has none */
    MPI_Info_free(&hw);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    test_guided();
    test_unguided();
    test_undefined();
    test_resource_info();
    checks_done("mpi4_split");
    MPI_Finalize();
    return 0;
}

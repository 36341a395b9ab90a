/* GPUs and NICs in guided splits (doc/mpi4.md, "Devices"), on hwloc XML
 * exports of real nodes: two kinds of node, a POWER8 one of 4 GPUs, two on
 * each package, and a two-socket Xeon whose network cards all hang from
 * package 1, with a GPU on package 0 and three on package 1. Every name of
 * a device, every class with and without a number, against the groups the
 * node's hardware gives; the same through process sets (RESOURCE_GUIDED's
 * hmpi://gpu); Open MPI's nvlink, from the POWER8's NVLink distances; the
 * device classes in HMPI_Get_hw_resource_types and in
 * MPI_Get_hw_resource_info (hmpi_devices, hwloc://PCIDev and OSDev). The
 * layouts (argument 1):
 * - none: share/clusters/devices.conf, 16 ranks (the POWER8 nodes) to 48;
 * - "small": tests/clusters/devices-small.conf, 8 ranks on one node of
 *   each kind, interleaved, with a rank across two packages and one unbound;
 * - "plain": tests/clusters/devices-plain.conf, 3 ranks, two on a node
 *   without I/O (a synthetic description) and one on a POWER8 node;
 * - "real": this machine (no GPU where CI runs; its NIC hwloc may or may
 *   not see): the device names against what hmpi_devices lists, no
 *   error;
 * - "nvswitch": share/clusters/dgx2.conf, 4 or 8 ranks on one or two DGX-2
 *   nodes, whose GPUs are NVLinked through NVSwitches. */
#include "testutil.h"

static int rank, size;

/* The kinds of node: none of hwloc's I/O objects, POWER8, Xeon. */
enum { PLAIN, POWER8, XEON };

/* Where a rank runs: its node, the node's kind, and its package (-1: in
 * neither, across both or unbound). */
typedef struct place {
    int node, kind, package;
} place;

static enum { DEVICES, SMALL, WITH_PLAIN } layout;

/* devices.conf: 8 ranks on each POWER8 node, 4 a package; 16 on each Xeon
 * node, 8 a package, but the last two, across both packages and unbound. */
static place devices_place(int r)
{
    place p = {r < 8 ? 0 : r < 16 ? 1 : r < 32 ? 2 : 3, r < 16 ? POWER8 : XEON, 0};
    if (r < 16)
        p.package = r % 8 < 4 ? 0 : 1;
    else
        p.package = r >= 46 ? -1 : (r - 16) % 16 < 8 ? 0 : 1;
    return p;
}

static place place_of(int r)
{
    static const place small[8] = {{0, POWER8, 0}, {1, XEON, 1},   {1, XEON, -1}, {0, POWER8, 1},
                                   {1, XEON, 0},   {0, POWER8, 0}, {1, XEON, -1}, {1, XEON, 1}};
    static const place mixed[3] = {{0, PLAIN, 0}, {1, POWER8, 1}, {0, PLAIN, -1}};
    return layout == SMALL ? small[r] : layout == WITH_PLAIN ? mixed[r] : devices_place(r);
}

/* A group: a package's ranks (0, 1), the node's ranks in no package
 * (OUTSIDE), those outside package 1 (BUT_1); or no communicator (NONE). */
enum { OUTSIDE = -1, NONE = -2, BUT_1 = -3 };

static int in_group(int r, int group)
{
    int p = place_of(r).package;
    return group >= 0 ? p == group : group == OUTSIDE ? p < 0 : p != 1;
}

/* The ranks of this rank's node in the group. */
static int members_of(int group, int *m)
{
    int n = 0;
    for (int r = 0; r < size; r++)
        if (place_of(r).node == place_of(rank).node && in_group(r, group))
            m[n++] = r;
    return n;
}

/* Split by name and check rank's group: a package's ranks, the node's
 * ranks of no package near such a device (others), or no communicator. */
static void expect(const char *name, int group)
{
    MPI_Comm comm = split_by_level(name, rank, HMPI_COMM_TYPE_HW_GUIDED);
    int m[64], n = 0;
    if (group == NONE) {
        if (comm != MPI_COMM_NULL)
            fprintf(stderr, "[rank %d] '%s': a communicator, expected none\n", rank, name);
        CHECK(comm == MPI_COMM_NULL);
        if (comm != MPI_COMM_NULL)
            MPI_Comm_free(&comm);
        return;
    }
    n = members_of(group, m);
    if (comm == MPI_COMM_NULL || !has_members(comm, m, n))
        fprintf(stderr, "[rank %d] '%s': not the expected %d ranks\n", rank, name, n);
    CHECK(comm != MPI_COMM_NULL && has_members(comm, m, n));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

/* A device on package p of a node of that kind: near it, the package's
 * ranks; elsewhere none. */
static int near(int kind, int p)
{
    place me = place_of(rank);
    return me.kind == kind && me.package == p ? p : NONE;
}

/* Every form of name once at 8 ranks, more at 16 to 48 (Open MPI: not
 * with MPICH's spinning 8 ranks). */
static void check_gpus(void)
{
    place me = place_of(rank);
    int power8 = me.kind == POWER8, p = me.package;
    /* the nearest GPU: a package's own on every node; the ranks in no
     * package share the node's; none on a node without I/O */
    expect("gpu", me.kind == PLAIN ? NONE : p >= 0 ? p : OUTSIDE);
    /* in PCI order: POWER8 gpu0, gpu1 on package 0, gpu2, gpu3 on package
     * 1; Xeon gpu0 on package 0 (a 3D controller without OS device), gpu1
     * to gpu3 on package 1 (any case, here and below) */
    expect("gpu0", me.kind != PLAIN && p == 0 ? 0 : NONE);
    expect("GPU1", power8 ? near(POWER8, 0) : near(XEON, 1));
    expect("gpu2", me.kind != PLAIN && p == 1 ? 1 : NONE);
    expect("gpu4", NONE);
    /* by their CUDA, OpenCL and DRM names and bus ids */
    expect("cuda0", power8 ? near(POWER8, 0) : near(XEON, 1));
    expect("opencl0d1", power8 ? near(POWER8, 0) : near(XEON, 1));
    expect("card0", near(XEON, 1));
    expect("CUDA3", near(POWER8, 1));
    expect("pci:0002:01:00.0", near(POWER8, 0));
    expect("pci:0000:03:00.0", near(XEON, 0));
    /* any CUDA device near */
    expect("cuda", me.kind != PLAIN && (p == 1 || (power8 && p == 0)) ? p : NONE);
    /* Open MPI's nvlink: the POWER8's GPUs are linked in pairs, a pair on
     * each package (its NVLinkBandwidth distances), so its islands are the
     * packages; the Xeon's GPUs have no NVLink */
    expect("NVLink", power8 ? (p >= 0 ? p : OUTSIDE) : NONE);
    if (layout != DEVICES)
        return;
    expect("GPU", p >= 0 ? p : OUTSIDE);
    expect("gpu3", p == 1 ? 1 : NONE);
    expect("cuda1", near(POWER8, 0));
    expect("nvml0", near(POWER8, 0));
    expect("nvml2", near(POWER8, 1));
    expect("pci:000b:01:00.0", near(POWER8, 1));
}

static void check_nics(void)
{
    place me = place_of(rank);
    int nic = me.kind != XEON ? NONE : me.package == 1 ? 1 : BUT_1;
    /* the nearest NIC: none on the POWER8 nodes; on the Xeon nodes package
     * 1's for its ranks, and the node's for the others, whose nearest NICs
     * are the same three */
    expect("nic", nic);
    expect("NIC2", near(XEON, 1));
    expect("eth0", near(XEON, 1));
    expect("pci:81:00.1", near(XEON, 1));
    expect("ib0", near(XEON, 1));
    expect("mlx5_0", near(XEON, 1)); /* (the card's second OS device) */
    expect("ib", near(XEON, 1));
    expect("hfi", NONE);
    if (layout != DEVICES)
        return;
    expect("NIC", nic);
    expect("nic0", near(XEON, 1));
    expect("nic3", NONE);
    expect("eth1", near(XEON, 1));
    expect("eth", near(XEON, 1));
    expect("pci:0000:81:00.1", near(XEON, 1));
    expect("hfi1_0", NONE);
    expect("pci:0000:99:00.0", NONE);
}

/* MPI 4.1's RESOURCE_GUIDED with hmpi's process set hmpi://<name>: the
 * group of the guided split by name, key and MPI_UNDEFINED alike (both
 * MPI_COMM_NULL, or the same ranks in the same order). */
static void expect_same_set(const char *name, int key, int undefined)
{
    char set[64];
    MPI_Info info;
    MPI_Comm guided, by_set;
    MPI_Group a, b;
    int result = MPI_UNEQUAL;
    guided = split_by_level(name, key, undefined ? MPI_UNDEFINED : HMPI_COMM_TYPE_HW_GUIDED);
    snprintf(set, sizeof set, "hmpi://%s", name);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_pset_name", set);
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD,
                                   undefined ? MPI_UNDEFINED : HMPI_COMM_TYPE_RESOURCE_GUIDED, key,
                                   info, &by_set));
    MPI_Info_free(&info);
    if ((guided == MPI_COMM_NULL) != (by_set == MPI_COMM_NULL))
        fprintf(stderr, "[rank %d] '%s': guided %s, process set %s\n", rank, set,
                guided == MPI_COMM_NULL ? "none" : "a communicator",
                by_set == MPI_COMM_NULL ? "none" : "a communicator");
    CHECK((guided == MPI_COMM_NULL) == (by_set == MPI_COMM_NULL));
    if (guided != MPI_COMM_NULL && by_set != MPI_COMM_NULL) {
        MPI_Comm_group(guided, &a);
        MPI_Comm_group(by_set, &b);
        MPI_Group_compare(a, b, &result);
        CHECK_INT(result, MPI_IDENT);
        MPI_Group_free(&a);
        MPI_Group_free(&b);
    }
    if (guided != MPI_COMM_NULL)
        MPI_Comm_free(&guided);
    if (by_set != MPI_COMM_NULL)
        MPI_Comm_free(&by_set);
}

/* (the order of the keys; processes that pass MPI_UNDEFINED beside) */
static void check_sets(void)
{
    expect_same_set("gpu", size - rank, 0);
    expect_same_set("nvlink", rank, 0);
    expect_same_set("nic", rank, rank % 4 == 3);
}

/* ---- HMPI_Get_hw_resource_types ------------------------------------------ */

/* The levels around a rank, in hmpi's order (doc/mpi4.md, "Level names"),
 * from the nodes' hardware: Machine for all; inside a package, its
 * package, NUMA node (the package's), L3 cache (the package's on the Xeon,
 * the core's on the POWER8), the Xeon's L2 and L1 caches (the core's) and
 * its core (of two PUs: not a PU); the synthetic node has no cache. */
static const char *const level_names[] = {"Machine", "Package", "NUMANode", "L3Cache",
                                          "L2Cache", "L1Cache", "Core"};
enum { NLEVELS = sizeof level_names / sizeof *level_names };

static unsigned levels_of(place p)
{
    static const unsigned inside[] = {
        [PLAIN] = 0x47,  /* Machine, Package, NUMANode, Core */
        [POWER8] = 0x4f, /* and L3Cache */
        [XEON] = 0x7f,   /* and L3Cache, L2Cache, L1Cache */
    };
    return p.package >= 0 ? inside[p.kind] : 1u; /* outside a package: Machine */
}

/* What HMPI_Get_hw_resource_types gives on comm: the levels of its ranks,
 * then the device classes where a node of one of them has such devices:
 * gpu, nvlink (GPUs linked by NVLink: the POWER8's two pairs, hwloc's
 * NVLinkBandwidth distances in its export), nic. */
static int expected_types(MPI_Comm comm, const char *want[])
{
    int n, count = 0, *world = world_ranks(comm, &n);
    unsigned levels = 0, gpu = 0, nvlink = 0, nic = 0;
    for (int i = 0; i < n; i++) {
        place p = place_of(world[i]);
        levels |= levels_of(p);
        gpu |= p.kind != PLAIN;
        nvlink |= p.kind == POWER8;
        nic |= p.kind == XEON;
    }
    free(world);
    for (int k = 0; k < NLEVELS; k++)
        if (levels & (1u << k))
            want[count++] = level_names[k];
    if (gpu)
        want[count++] = "gpu";
    if (nvlink)
        want[count++] = "nvlink";
    if (nic)
        want[count++] = "nic";
    return count;
}

static void check_types_on(MPI_Comm comm)
{
    char types[16][HMPI_MAX_LEVEL_NAME];
    const char *want[16];
    int n, count = expected_types(comm, want);
    CHECK_MPI(HMPI_Get_hw_resource_types(comm, &n, types, 16));
    if (n != count)
        for (int i = 0; i < n && i < 16; i++)
            fprintf(stderr, "[rank %d] type %d: %s\n", rank, i, types[i]);
    CHECK_INT(n, count);
    for (int i = 0; i < n; i++)
        CHECK_STR(types[i], want[i]);
    /* fewer places than names: the first ones, the count of all, and
     * nothing written past them */
    for (int i = 0; i < 16; i++)
        strcpy(types[i], "untouched");
    CHECK_MPI(HMPI_Get_hw_resource_types(comm, &n, types, count - 1));
    CHECK_INT(n, count);
    for (int i = 0; i < count - 1; i++)
        CHECK_STR(types[i], want[i]);
    CHECK_STR(types[count - 1], "untouched");
}

/* On the world, and on the ranks of each kind of node inside a package
 * and outside one: where no node of the communicator has a NIC (a GPU),
 * no nic (gpu), though other nodes of the world have one. */
static void check_types(void)
{
    place me = place_of(rank);
    MPI_Comm part;
    check_types_on(MPI_COMM_WORLD);
    MPI_Comm_split(MPI_COMM_WORLD, me.kind * 2 + (me.package < 0), rank, &part);
    check_types_on(part);
    MPI_Comm_free(&part);
}

/* ---- MPI_Get_hw_resource_info ------------------------------------------ */

static void expect_key(MPI_Info hw, const char *key, const char *value)
{
    char got[MPI_MAX_INFO_VAL] = "";
    int flag = 0;
    MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, got, &flag);
    if (!flag)
        fprintf(stderr, "[rank %d] no key '%s'\n", rank, key);
    CHECK(flag);
    CHECK_STR(got, value);
}

static void expect_no_key(MPI_Info hw, const char *key)
{
    char got[MPI_MAX_INFO_VAL] = "";
    int flag = 0;
    MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, got, &flag);
    if (flag)
        fprintf(stderr, "[rank %d] key '%s' is '%s', expected none\n", rank, key, got);
    CHECK(!flag);
}

static void check_power8_info(MPI_Info hw, int p)
{
    char want[128];
    expect_key(hw, "hmpi_devices", "gpu0,gpu1,gpu2,gpu3");
    snprintf(want, sizeof want, "cuda0,opencl0d0,nvml0 pci 0002:01:00.0 at Package L#0%s",
             p == 0 ? " near" : "");
    expect_key(hw, "hmpi_device_gpu0", want);
    snprintf(want, sizeof want, "cuda3,opencl0d3,nvml3 pci 000b:01:00.0 at Package L#1%s",
             p == 1 ? " near" : "");
    expect_key(hw, "hmpi_device_gpu3", want);
    expect_no_key(hw, "hmpi_device_nic0");
}

static void check_xeon_info(MPI_Info hw, int p)
{
    const char *near0 = p == 0 ? " near" : "", *near1 = p == 1 ? " near" : "";
    char want[128];
    expect_key(hw, "hmpi_devices", "gpu0,nic0,nic1,gpu1,gpu2,gpu3,nic2");
    snprintf(want, sizeof want, "- pci 0000:03:00.0 at Package L#0%s", near0);
    expect_key(hw, "hmpi_device_gpu0", want);
    snprintf(want, sizeof want, "eth0 pci 0000:81:00.0 at Package L#1%s", near1);
    expect_key(hw, "hmpi_device_nic0", want);
    snprintf(want, sizeof want, "ib0,mlx5_0 pci 0000:04:00.0 at Package L#1%s", near1);
    expect_key(hw, "hmpi_device_nic2", want);
}

/* hmpi_devices and each device's key; MPI 5.0's hwloc://PCIDev and OSDev
 * "false" (no binding lies inside an I/O object) where the node has such
 * a device among its GPUs and NICs (both: PCI devices with OS devices),
 * absent on a node without I/O. */
static void check_info(void)
{
    MPI_Info hw;
    place me = place_of(rank);
    CHECK_MPI(HMPI_Get_hw_resource_info(&hw));
    if (me.kind == POWER8)
        check_power8_info(hw, me.package);
    else if (me.kind == XEON)
        check_xeon_info(hw, me.package);
    if (me.kind == PLAIN) {
        expect_no_key(hw, "hmpi_devices");
        expect_no_key(hw, "hmpi_device_gpu0");
        expect_no_key(hw, "hwloc://PCIDev");
        expect_no_key(hw, "hwloc://OSDev");
    } else {
        expect_key(hw, "hwloc://PCIDev", "false");
        expect_key(hw, "hwloc://OSDev", "false");
    }
    MPI_Info_free(&hw);
}

/* ---- this machine -------------------------------------------------------- */

/* Which of this node's devices hmpi_devices lists: the classes (1: gpu,
 * 2: nic), and whether one is a PCI device (*pci) or has an OS device
 * (*os), from each device's key. */
static int real_devices(MPI_Info hw, int *pci, int *os)
{
    char list[MPI_MAX_INFO_VAL] = "", key[64], value[MPI_MAX_INFO_VAL];
    int flag = 0, classes = 0;
    *pci = *os = 0;
    MPI_Info_get(hw, "hmpi_devices", MPI_MAX_INFO_VAL - 1, list, &flag);
    for (char *name = list; flag && *name;) {
        size_t len = strcspn(name, ",");
        int found = 0;
        snprintf(key, sizeof key, "hmpi_device_%.*s", (int)len, name);
        MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, value, &found);
        CHECK(found);
        classes |= strncmp(name, "gpu", 3) == 0 ? 1 : strncmp(name, "nic", 3) == 0 ? 2 : 4;
        *pci |= strstr(value, " pci ") != NULL;
        *os |= strncmp(value, "- ", 2) != 0;
        name += len + (name[len] == ',');
    }
    CHECK(classes < 4); /* gpuN and nicN only */
    return classes;
}

/* A class split here: a communicator exactly where hmpi_devices lists a
 * device of the class. */
static void expect_class(const char *name, int listed)
{
    MPI_Comm comm = split_by_level(name, rank, HMPI_COMM_TYPE_HW_GUIDED);
    CHECK((comm != MPI_COMM_NULL) == listed);
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

/* This machine (no GPU on the one CI runs on): a bus id and names of
 * devices no machine has give MPI_COMM_NULL, MPI_SUCCESS everywhere
 * (errors return, for CHECK_MPI to see); without a GPU every GPU name too.
 * gpu, nic: a communicator exactly where hmpi_devices lists one; their
 * process sets alike; the types list them (gpu, nvlink, nic, after the
 * levels) likewise. */
static void check_real(void)
{
    static const char *const none[] = {"pci:ffff:ff:00.0", "gpu999", "nic999", "hfi99_9"};
    static const char *const gpu_names[] = {"GPU", "gpu0", "cuda", "nvml0"};
    MPI_Info hw;
    int pci, os, classes, n, gpu_at = -1, nic_at = -1;
    char types[16][HMPI_MAX_LEVEL_NAME];
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    CHECK_MPI(HMPI_Get_hw_resource_info(&hw));
    classes = real_devices(hw, &pci, &os);
    for (size_t i = 0; i < sizeof none / sizeof *none; i++)
        expect(none[i], NONE);
    for (size_t i = 0; !(classes & 1) && i < sizeof gpu_names / sizeof *gpu_names; i++)
        expect(gpu_names[i], NONE);
    expect_class("gpu", (classes & 1) != 0);
    expect_class("nic", (classes & 2) != 0);
    expect_same_set("gpu", rank, 0);
    expect_same_set("nic", rank, 0);
    CHECK_MPI(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, 16));
    CHECK(n >= 1 && n <= 16);
    for (int i = 0; i < n; i++) {
        gpu_at = strcmp(types[i], "gpu") == 0 ? i : gpu_at;
        nic_at = strcmp(types[i], "nic") == 0 ? i : nic_at;
    }
    CHECK((gpu_at >= 0) == ((classes & 1) != 0));
    CHECK_INT(nic_at, classes & 2 ? n - 1 : -1);
    /* hwloc://PCIDev and OSDev: "false" where such a device is listed */
    if (pci)
        expect_key(hw, "hwloc://PCIDev", "false");
    else
        expect_no_key(hw, "hwloc://PCIDev");
    if (os)
        expect_key(hw, "hwloc://OSDev", "false");
    else
        expect_no_key(hw, "hwloc://OSDev");
    MPI_Info_free(&hw);
}

/* ---- NVSwitches ---------------------------------------------------------- */

/* Split by name; this rank's group must be the ranks r for which same(r). */
static void expect_ranks(const char *name, int (*same)(int))
{
    MPI_Comm comm = split_by_level(name, rank, HMPI_COMM_TYPE_HW_GUIDED);
    int m[64], n = 0;
    for (int r = 0; r < size; r++)
        if (same(r))
            m[n++] = r;
    if (comm == MPI_COMM_NULL || !has_members(comm, m, n))
        fprintf(stderr, "[rank %d] '%s': not the expected %d ranks\n", rank, name, n);
    CHECK(comm != MPI_COMM_NULL && has_members(comm, m, n));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

/* share/clusters/dgx2.conf: 4 ranks a node, 2 a package. */
static int same_node(int r)
{
    return r / 4 == rank / 4;
}

static int same_package(int r)
{
    return r / 2 == rank / 2;
}

/* A DGX-2's GPUs are linked through NVSwitches, whose ports hwloc's
 * NVLinkBandwidth lists rather than GPU pairs: one island, so nvlink groups
 * the node's ranks, where gpu groups a package's; the process set alike;
 * both among the types. */
static void check_nvswitch(void)
{
    char types[16][HMPI_MAX_LEVEL_NAME];
    int n, gpu = 0, nvlink = 0;
    CHECK(size == 4 || size == 8);
    expect_ranks("gpu", same_package);
    expect_ranks("nvlink", same_node);
    expect_same_set("nvlink", rank, 0);
    CHECK_MPI(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, 16));
    for (int i = 0; i < n && i < 16; i++)
        gpu |= strcmp(types[i], "gpu") == 0, nvlink |= strcmp(types[i], "nvlink") == 0;
    CHECK(gpu && nvlink);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "devices";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (strcmp(mode, "real") == 0 || strcmp(mode, "nvswitch") == 0) {
        if (strcmp(mode, "real") == 0)
            check_real();
        else
            check_nvswitch();
        test_done(mode);
        MPI_Finalize();
        return 0;
    }
    layout = strcmp(mode, "small") == 0 ? SMALL : strcmp(mode, "plain") == 0 ? WITH_PLAIN : DEVICES;
    CHECK(layout == SMALL        ? size == 8
          : layout == WITH_PLAIN ? size == 3
                                 : size >= 16 && size <= 48);
    check_gpus();
    check_nics();
    check_sets();
    check_types();
    check_info();
    test_done("devices");
    MPI_Finalize();
    return 0;
}

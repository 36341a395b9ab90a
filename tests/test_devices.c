/* GPUs and NICs in guided splits (share/clusters/devices.conf: two POWER8
 * nodes of 4 GPUs, two on each package; two Xeon nodes whose network cards
 * all hang from package 1, with a GPU on package 0 and three on package 1;
 * on the last node a rank across both packages and an unbound one). Runs
 * with 16 ranks (the GPU nodes) to 48. Every name of a device, every class
 * with and without a number, against the groups the node's hardware gives
 * (doc/mpi4.md, "Devices"); MPI_Get_hw_resource_info's hmpi_devices. */
#include "testutil.h"

static int rank, size;

/* A group: a package's ranks (0, 1), the node's ranks in no package
 * (OUTSIDE), those outside package 1 (BUT_1); or no communicator (NONE). */
enum { OUTSIDE = -1, NONE = -2, BUT_1 = -3 };

/* The node of a rank (0, 1: POWER8; 2, 3: Xeon) and its package (-1: in
 * neither, across both or unbound). */
static int node_of(int r)
{
    return r < 8 ? 0 : r < 16 ? 1 : r < 32 ? 2 : 3;
}

static int package_of(int r)
{
    if (r < 16)
        return r % 8 < 4 ? 0 : 1;
    if (r >= 46)
        return -1;
    return (r - 16) % 16 < 8 ? 0 : 1;
}

static int in_group(int r, int group)
{
    int p = package_of(r);
    return group >= 0 ? p == group : group == OUTSIDE ? p < 0 : p != 1;
}

/* The ranks of this rank's node in the group. */
static int members_of(int group, int *m)
{
    int n = 0;
    for (int r = 0; r < size; r++)
        if (node_of(r) == node_of(rank) && in_group(r, group))
            m[n++] = r;
    return n;
}

/* Split by name and check rank's group: a package's ranks, the node's
 * ranks of no package near such a device (others), or no communicator. */
static void expect(const char *name, int group)
{
    MPI_Comm comm = split_by_level(name, rank, HMPI_COMM_TYPE_HW_GUIDED);
    int m[48], n = 0;
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

/* A device on package p of node kind (power8: 0, xeon: 1): near it, the
 * package's ranks; elsewhere none. */
static int near(int power8, int p)
{
    int mine = node_of(rank) < 2;
    return mine == power8 && package_of(rank) == p ? p : NONE;
}

static void check_gpus(void)
{
    int power8 = node_of(rank) < 2, p = package_of(rank);
    /* the nearest GPU: a package's own on every node; the ranks in no
     * package share the node's */
    expect("gpu", p >= 0 ? p : OUTSIDE);
    expect("GPU", p >= 0 ? p : OUTSIDE);
    /* in PCI order: POWER8 gpu0, gpu1 on package 0, gpu2, gpu3 on package
     * 1; Xeon gpu0 on package 0 (a 3D controller without OS device), gpu1
     * to gpu3 on package 1 */
    expect("gpu0", p == 0 ? 0 : NONE);
    expect("gpu1", power8 ? near(1, 0) : near(0, 1));
    expect("gpu2", p == 1 ? 1 : NONE);
    expect("gpu3", p == 1 ? 1 : NONE);
    expect("gpu4", NONE);
    /* by their CUDA, OpenCL, NVML and DRM names and bus ids */
    expect("cuda0", power8 ? near(1, 0) : near(0, 1));
    expect("cuda1", near(1, 0));
    expect("nvml0", near(1, 0));
    expect("opencl0d1", power8 ? near(1, 0) : near(0, 1));
    expect("card0", near(0, 1));
    expect("cuda3", near(1, 1));
    expect("nvml2", near(1, 1));
    expect("pci:0002:01:00.0", near(1, 0));
    expect("pci:000b:01:00.0", near(1, 1));
    expect("pci:0000:03:00.0", near(0, 0));
    expect("cuda", p == 1 || (power8 && p == 0) ? p : NONE); /* any CUDA device near */
}

static void check_nics(void)
{
    int power8 = node_of(rank) < 2, p = package_of(rank);
    /* the nearest NIC: none on the POWER8 nodes; on the Xeon nodes package
     * 1's for its ranks, and the node's for the others, whose nearest NICs
     * are the same three */
    expect("nic", power8 ? NONE : p == 1 ? 1 : BUT_1);
    expect("nic0", near(0, 1));
    expect("nic2", near(0, 1));
    expect("nic3", NONE);
    expect("eth0", near(0, 1));
    expect("eth1", near(0, 1));
    expect("pci:0000:81:00.1", near(0, 1));
    expect("pci:81:00.1", near(0, 1));
    expect("ib0", near(0, 1));
    expect("mlx5_0", near(0, 1));
    expect("ib", near(0, 1));
    expect("eth", near(0, 1));
    expect("hfi", NONE);
    expect("hfi1_0", NONE);
    expect("pci:0000:99:00.0", NONE);
}

static void expect_key(MPI_Info hw, const char *key, const char *value)
{
    char got[MPI_MAX_INFO_VAL] = "";
    int flag = 0;
    MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, got, &flag);
    CHECK(flag);
    CHECK_STR(got, value);
}

static void check_info(void)
{
    MPI_Info hw;
    int p = package_of(rank);
    const char *near0 = p == 0 ? " near" : "", *near1 = p == 1 ? " near" : "";
    char want[128];
    CHECK_MPI(HMPI_Get_hw_resource_info(&hw));
    if (node_of(rank) < 2) {
        expect_key(hw, "hmpi_devices", "gpu0,gpu1,gpu2,gpu3");
        snprintf(want, sizeof want, "cuda0,opencl0d0,nvml0 pci 0002:01:00.0 at Package L#0%s",
                 near0);
        expect_key(hw, "hmpi_device_gpu0", want);
        snprintf(want, sizeof want, "cuda3,opencl0d3,nvml3 pci 000b:01:00.0 at Package L#1%s",
                 near1);
        expect_key(hw, "hmpi_device_gpu3", want);
    } else {
        expect_key(hw, "hmpi_devices", "gpu0,nic0,nic1,gpu1,gpu2,gpu3,nic2");
        snprintf(want, sizeof want, "- pci 0000:03:00.0 at Package L#0%s", near0);
        expect_key(hw, "hmpi_device_gpu0", want);
        snprintf(want, sizeof want, "eth0 pci 0000:81:00.0 at Package L#1%s", near1);
        expect_key(hw, "hmpi_device_nic0", want);
        snprintf(want, sizeof want, "ib0,mlx5_0 pci 0000:04:00.0 at Package L#1%s", near1);
        expect_key(hw, "hmpi_device_nic2", want);
    }
    MPI_Info_free(&hw);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size >= 16 && size <= 48);
    check_gpus();
    check_nics();
    check_info();
    test_done("devices");
    MPI_Finalize();
    return 0;
}

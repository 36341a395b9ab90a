/* MPICH's two split names beyond the levels (doc/mpi4.md, "Level names"),
 * on two nodes like Knights Landing in SNC-4 hybrid mode
 * (share/clusters/knl-snc4.conf: 4 clusters of 4 cores, each with a NUMA
 * node of DDR and one of MCDRAM):
 * - hbm: the processes nearest the same NUMA node of high-bandwidth memory,
 *   MPI_COMM_NULL where none holds the binding (two clusters, unbound);
 * - bindset: the processes bound to the same processing units.
 * Ranks 0-15 are bound one per core of k0; 16-17 share cluster 0 of k1, 18
 * spans two clusters, 19 is unbound (runs with fewer ranks check those
 * they have). */
#include "testutil.h"

static int rank, size;

/* The ranks of this process's set (n 0: none) at `name`. */
static void members(const char *name, int *m, int *n)
{
    int bindset = strcmp(name, "bindset") == 0;
    *n = 0;
    if (rank < 16) { /* k0, one per core: a cluster's four, or itself */
        for (int r = bindset ? rank : rank / 4 * 4; r < (bindset ? rank + 1 : rank / 4 * 4 + 4);
             r++)
            if (r < size)
                m[(*n)++] = r;
    } else if (rank < 18) { /* cluster 0 of k1, both: the same MCDRAM, the same binding */
        for (int r = 16; r < 18 && r < size; r++)
            m[(*n)++] = r;
    } else if (bindset) { /* two clusters, unbound: alone, and near no MCDRAM */
        m[(*n)++] = rank;
    }
}

static void check_set(const char *name)
{
    int m[4], n;
    members(name, m, &n);
    MPI_Comm comm = split_by_level(name, rank, HMPI_COMM_TYPE_HW_GUIDED);
    if (n == 0) {
        CHECK(comm == MPI_COMM_NULL);
        return;
    }
    CHECK(has_members(comm, m, n));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

/* The same sets as process sets of the resource-guided split. */
static void check_pset(void)
{
    int m[4], n;
    MPI_Info info;
    MPI_Comm comm;
    members("hbm", m, &n);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_pset_name", "hmpi://HBM");
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_RESOURCE_GUIDED, rank, info, &comm));
    MPI_Info_free(&info);
    CHECK(n == 0 ? comm == MPI_COMM_NULL : has_members(comm, m, n));
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    check_set("hbm");
    check_set("bindset");
    check_pset();
    test_done("memory sets");
    MPI_Finalize();
    return 0;
}

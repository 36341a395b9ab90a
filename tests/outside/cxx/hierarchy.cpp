// A C++ program built by one command, `hmpicxx hierarchy.cpp`: MPI 4's
// hardware split and persistent collectives (standard names, on Open MPI
// 4.1 too), and hmpi's own hierarchy, from C++ with the standard library.
// Every result is checked against what the ranks alone determine.
#include <mpi.h>

#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

namespace
{

int failures = 0;

void expect(bool ok, const std::string &what)
{
    if (!ok) {
        std::fprintf(stderr, "hierarchy.cpp: %s\n", what.c_str());
        failures++;
    }
}

// Nodes by MPI_COMM_TYPE_HW_GUIDED: the same partition as MPI's shared memory.
void guided_split(int rank)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "mpi_shared_memory");
    MPI_Comm node = MPI_COMM_NULL, shared = MPI_COMM_NULL;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, rank, info, &node);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    expect(node != MPI_COMM_NULL, "HW_GUIDED gave MPI_COMM_NULL");
    int same = MPI_UNEQUAL;
    MPI_Comm_compare(node, shared, &same);
    expect(same == MPI_CONGRUENT, "HW_GUIDED mpi_shared_memory differs from COMM_TYPE_SHARED");
    MPI_Comm_free(&node);
    MPI_Comm_free(&shared);
    MPI_Info_free(&info);
}

// hmpi's hierarchy: level 0 is the whole communicator; each level's
// communicator holds the calling rank.
void hierarchy(int size)
{
    HMPI_Hierarchy hier;
    int depth = 0;
    expect(HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &hier) == MPI_SUCCESS,
           "HMPI_Hierarchy_create failed");
    HMPI_Hierarchy_depth(hier, &depth);
    expect(depth >= 0, "depth " + std::to_string(depth));
    int prev = size + 1;
    for (int level = 0; level <= depth; level++) {
        MPI_Comm c;
        int n = 0;
        HMPI_Hierarchy_level_comm(hier, level, &c);
        MPI_Comm_size(c, &n);
        expect(n <= prev, "level " + std::to_string(level) + " grew");
        expect(level > 0 || n == size, "level 0 is not the whole communicator");
        prev = n;
    }
    HMPI_Hierarchy_free(&hier);
}

// MPI_Allreduce_init and MPI_Bcast_init restarted with new contents.
void persistent(int rank, int size)
{
    std::vector<long> in(1000), out(1000);
    std::vector<int> b(100);
    MPI_Request reqs[2];
    MPI_Allreduce_init(in.data(), out.data(), static_cast<int>(in.size()), MPI_LONG, MPI_SUM,
                       MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[0]);
    MPI_Bcast_init(b.data(), static_cast<int>(b.size()), MPI_INT, size - 1, MPI_COMM_WORLD,
                   MPI_INFO_NULL, &reqs[1]);
    for (int it = 0; it < 3; it++) {
        std::iota(in.begin(), in.end(), static_cast<long>(rank + it));
        std::fill(b.begin(), b.end(), rank == size - 1 ? 7 * it + 1 : -1);
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (std::size_t i = 0; i < in.size(); i++) {
            long want = static_cast<long>(size) * (static_cast<long>(i) + it) +
                        static_cast<long>(size) * (size - 1) / 2;
            if (out[i] != want) {
                expect(false, "allreduce element " + std::to_string(i));
                break;
            }
        }
        expect(b[0] == 7 * it + 1 && b[99] == 7 * it + 1, "bcast round " + std::to_string(it));
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
}

} // namespace

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    guided_split(rank);
    hierarchy(size);
    persistent(rank, size);
    int total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("hierarchy.cpp: %s\n", total ? "FAILED" : "passed");
    MPI_Finalize();
    return total ? 1 : 0;
}

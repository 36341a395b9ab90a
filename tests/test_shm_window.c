/* HMPI_Win_allocate_shared: a window over a level communicator whose parts
 * every rank reads and writes directly, parts of different sizes (one
 * empty), zeroed at first; argument errors raised on the communicator. */
#include "testutil.h"

#include <stdint.h>

static void check_window(MPI_Comm comm)
{
    int rank, size;
    MPI_Win win;
    int64_t *mine;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Aint count = rank == 1 ? 0 : 1000 + rank; /* rank 1's part is empty */
    CHECK_MPI(HMPI_Win_allocate_shared(count * (MPI_Aint)sizeof(int64_t), sizeof(int64_t),
                                       MPI_INFO_NULL, comm, &mine, &win));
    for (MPI_Aint i = 0; i < count; i++)
        CHECK_INT(mine[i], 0); /* zeroed by its owner */
    for (MPI_Aint i = 0; i < count; i++)
        mine[i] = rank * 100000 + i;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    MPI_Win_sync(win);
    MPI_Barrier(comm);
    MPI_Win_sync(win);
    for (int r = 0; r < size; r++) {
        MPI_Aint bytes;
        int unit;
        int64_t *part;
        MPI_Win_shared_query(win, r, &bytes, &unit, &part);
        CHECK_INT(unit, sizeof(int64_t));
        MPI_Aint expected = (r == 1 ? 0 : 1000 + r);
        CHECK(bytes >= expected * (MPI_Aint)sizeof(int64_t)); /* Open MPI rounds up to pages */
        for (MPI_Aint i = 0; i < expected; i++)
            CHECK_INT(part[i], r * 100000 + i);
    }
    MPI_Win_unlock_all(win);
    CHECK_MPI(MPI_Win_free(&win));
}

static void check_errors(MPI_Comm comm)
{
    MPI_Win win;
    void *base;
    static const char fn[] = "HMPI_Win_allocate_shared";
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    expect_error(HMPI_Win_allocate_shared(-1, 1, MPI_INFO_NULL, comm, &base, &win), MPI_ERR_SIZE,
                 fn, "'size'");
    expect_error(HMPI_Win_allocate_shared(8, 0, MPI_INFO_NULL, comm, &base, &win), MPI_ERR_DISP, fn,
                 "'disp_unit'");
    expect_error(HMPI_Win_allocate_shared(8, 1, MPI_INFO_NULL, comm, NULL, &win), MPI_ERR_ARG, fn,
                 "'baseptr'");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    expect_error(HMPI_Win_allocate_shared(8, 1, MPI_INFO_NULL, MPI_COMM_NULL, &base, &win),
                 MPI_ERR_COMM, fn, "'comm'");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Comm node, numa;
    MPI_Info info;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node));
    check_window(node);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "numa");
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &numa));
    MPI_Info_free(&info);
    if (numa != MPI_COMM_NULL) {
        check_window(numa);
        MPI_Comm_free(&numa);
    }
    check_errors(node);
    MPI_Comm_free(&node);
    test_done("shm window");
    MPI_Finalize();
    return 0;
}

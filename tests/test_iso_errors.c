/* Errors of the isomorphic collectives: MPI error classes, strings naming
 * the function and argument, outputs untouched, never a crash or a hang.
 *   test_iso_errors          errors every process makes alike
 *   test_iso_errors check    with HMPI_CHECK=1: neighbourhoods or calls that
 *                            differ between processes are errors everywhere */
#include "testutil.h"

static int rank, size;

/* a non-commutative op (never called) */
static void keep_left(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    memcpy(inout, in, sizeof(int) * (size_t)*len);
}

static void argument_errors(MPI_Comm cart)
{
    int offs[4] = {1, 0, -1, 0}, buf[16] = {0}, counts[2] = {1, 1}, r;
    MPI_Aint displs[2] = {0, 4};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Comm iso = MPI_COMM_NULL;
    HMPI_Request req = HMPI_REQUEST_NULL;
    MPI_Op noncomm;

    expect_error(HMPI_Iso_neighborhood_create(MPI_COMM_WORLD, 2, offs, &iso), MPI_ERR_TOPOLOGY,
                 "HMPI_Iso_neighborhood_create", "no Cartesian topology");
    expect_error(HMPI_Iso_neighborhood_create(cart, -1, offs, &iso), MPI_ERR_ARG,
                 "HMPI_Iso_neighborhood_create", "'s' (-1)");
    expect_error(HMPI_Iso_neighborhood_create(cart, 2, NULL, &iso), MPI_ERR_ARG,
                 "HMPI_Iso_neighborhood_create", "'relative_coordinates'");
    expect_error(HMPI_Iso_neighborhood_create(MPI_COMM_NULL, 2, offs, &iso), MPI_ERR_COMM,
                 "HMPI_Iso_neighborhood_create", "MPI_COMM_NULL");
    CHECK(iso == MPI_COMM_NULL); /* outputs untouched */
    expect_error(HMPI_Cart_relative_coord(cart, MPI_PROC_NULL, offs), MPI_ERR_RANK,
                 "HMPI_Cart_relative_coord", "MPI_PROC_NULL");
    expect_error(HMPI_Cart_relative_rank(MPI_COMM_WORLD, offs, &r), MPI_ERR_TOPOLOGY,
                 "HMPI_Cart_relative_rank", "Cartesian");
    expect_error(HMPI_Cart_neighborhood_count(MPI_COMM_WORLD, &r, &r, &r), MPI_ERR_TOPOLOGY,
                 "HMPI_Cart_neighborhood_count", "Cartesian");

    /* a Cartesian communicator without a neighbourhood */
    expect_error(HMPI_Iso_neighbor_alltoall(buf, 1, MPI_INT, buf + 8, 1, MPI_INT, cart),
                 MPI_ERR_TOPOLOGY, "HMPI_Iso_neighbor_alltoall", "no isomorphic neighbourhood");
    expect_error(HMPI_Iso_neighborhood_count(cart, &r, &r, &r), MPI_ERR_TOPOLOGY,
                 "HMPI_Iso_neighborhood_count", "HMPI_Iso_neighborhood_create");

    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, 2, offs, &iso));
    expect_error(HMPI_Iso_neighbor_alltoall(NULL, 1, MPI_INT, buf, 1, MPI_INT, iso), MPI_ERR_BUFFER,
                 "HMPI_Iso_neighbor_alltoall", "'sendbuf' is NULL");
    expect_error(HMPI_Iso_neighbor_allgather(buf, 1, MPI_INT, NULL, 1, MPI_INT, iso),
                 MPI_ERR_BUFFER, "HMPI_Iso_neighbor_allgather", "'recvbuf' is NULL");
    expect_error(HMPI_Iso_neighbor_alltoall(MPI_IN_PLACE, 1, MPI_INT, buf, 1, MPI_INT, iso),
                 MPI_ERR_BUFFER, "HMPI_Iso_neighbor_alltoall", "MPI_IN_PLACE");
    expect_error(HMPI_Iso_neighbor_alltoall(buf, -2, MPI_INT, buf + 8, -2, MPI_INT, iso),
                 MPI_ERR_COUNT, "HMPI_Iso_neighbor_alltoall", "'sendcount' (-2)");
    expect_error(
        HMPI_Iso_ineighbor_allgather(buf, 1, MPI_DATATYPE_NULL, buf + 8, 1, MPI_INT, iso, &req),
        MPI_ERR_TYPE, "HMPI_Iso_ineighbor_allgather", "'sendtype'");
    expect_error(HMPI_Iso_ineighbor_alltoall(buf, 1, MPI_INT, buf + 8, 1, MPI_INT, iso, NULL),
                 MPI_ERR_ARG, "HMPI_Iso_ineighbor_alltoall", "'request'");
    int negative[2] = {1, -1};
    expect_error(HMPI_Iso_neighbor_alltoallw(buf, counts, displs, types, buf + 8, negative, displs,
                                             types, iso),
                 MPI_ERR_COUNT, "HMPI_Iso_neighbor_alltoallw", "'recvcounts[1]' (-1)");
    expect_error(
        HMPI_Iso_neighbor_alltoallw(buf, NULL, displs, types, buf + 8, counts, displs, types, iso),
        MPI_ERR_ARG, "HMPI_Iso_neighbor_alltoallw", "'sendcounts'");
    MPI_Op_create(keep_left, 0, &noncomm);
    expect_error(HMPI_Iso_neighbor_reduce(buf, buf + 8, 1, MPI_INT, noncomm, iso), MPI_ERR_OP,
                 "HMPI_Iso_neighbor_reduce", "commutative");
    MPI_Op_free(&noncomm);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_iso_algorithm", "fastest");
    expect_error(
        HMPI_Iso_neighbor_alltoall_init(buf, 1, MPI_INT, buf + 8, 1, MPI_INT, iso, info, &req),
        MPI_ERR_INFO_VALUE, "HMPI_Iso_neighbor_alltoall_init", "'fastest'");
    MPI_Info_free(&info);
    CHECK(req == HMPI_REQUEST_NULL);
    expect_error(HMPI_Type_create_triangular(-1, 1, 1, 1, 1, MPI_INT, types), MPI_ERR_COUNT,
                 "HMPI_Type_create_triangular", "'count' (-1)");
    expect_error(HMPI_Type_create_triangular(4, 1, -1, 1, 1, MPI_INT, types), MPI_ERR_ARG,
                 "HMPI_Type_create_triangular", "block 2");
    CHECK(types[0] == MPI_INT);
}

/* With HMPI_CHECK=1, what only differs between processes is caught. */
static void mismatches(MPI_Comm cart)
{
    int mine[2] = {rank % 2 ? 1 : -1, 0}, same[2] = {1, 0}, buf[16] = {0};
    MPI_Comm iso;
    expect_error(HMPI_Iso_neighborhood_create(cart, 1, mine, &iso), MPI_ERR_ARG,
                 "HMPI_Iso_neighborhood_create", "different neighbourhoods");
    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, 1, same, &iso));
    /* one process calls another collective */
    int rc = rank == 0 ? HMPI_Iso_neighbor_allgather(buf, 1, MPI_INT, buf + 8, 1, MPI_INT, iso)
                       : HMPI_Iso_neighbor_alltoall(buf, 1, MPI_INT, buf + 8, 1, MPI_INT, iso);
    expect_error(rc, MPI_ERR_ARG, "HMPI_Iso_neighbor_", "the collective differs");
    /* block sizes differ */
    expect_error(
        HMPI_Iso_neighbor_alltoall(buf, 1 + rank % 2, MPI_INT, buf + 8, 1 + rank % 2, MPI_INT, iso),
        MPI_ERR_ARG, "HMPI_Iso_neighbor_alltoall", "bytes per block differs");
    /* one process fails its own checks: all return an error, none hangs */
    rc = HMPI_Iso_neighbor_alltoall(buf, rank == 0 ? -1 : 1, MPI_INT, buf + 8, 1, MPI_INT, iso);
    CHECK(rc != MPI_SUCCESS);
    /* a forced combining algorithm with sizes that differ per process */
    int counts[1] = {1 + rank % 2};
    MPI_Aint displs[1] = {0};
    MPI_Datatype types[1] = {MPI_INT};
    MPI_Info info;
    HMPI_Request req = HMPI_REQUEST_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_iso_algorithm", "dimensional");
    if (size > 1)
        expect_error(HMPI_Iso_neighbor_alltoallw_init(buf, counts, displs, types, buf + 8, counts,
                                                      displs, types, iso, info, &req),
                     MPI_ERR_ARG, "HMPI_Iso_neighbor_alltoallw_init", "the same size");
    MPI_Info_free(&info);
    CHECK(req == HMPI_REQUEST_NULL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_Dims_create(size, 2, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
    if (argc > 1 && strcmp(argv[1], "check") == 0)
        mismatches(cart);
    else
        argument_errors(cart);
    MPI_Comm_free(&cart);
    test_done("iso errors");
    MPI_Finalize();
    return 0;
}

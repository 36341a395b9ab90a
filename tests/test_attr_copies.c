/* Semantics that MPI test suites written by others found:
 *
 * 1. What hmpi caches on a communicator must never leak into a communicator
 *    with another group. Open MPI 4.1 runs attribute copy callbacks in
 *    MPI_Comm_create_group; the copy must be checked against the new group
 *    (and, for neighbourhoods, the new topology) before it is trusted.
 * 2. HMPI_Comm_split_type with the HW split types sets mpi_hw_resource_type
 *    in the caller's info handle (MPI 4.0 §7.4.2). */
#include "testutil.h"

static int rank, size;

/* HMPI_Alltoall and a forced hierarchical alltoall against MPI_Alltoall. */
static void check_alltoall(MPI_Comm comm)
{
    int n, me;
    MPI_Comm_size(comm, &n);
    MPI_Comm_rank(comm, &me);
    int *send = malloc(sizeof(int) * n), *got = malloc(sizeof(int) * n),
        *want = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++)
        send[i] = 1000 * me + i;
    CHECK_MPI(MPI_Alltoall(send, 1, MPI_INT, want, 1, MPI_INT, comm));
    memset(got, 0xff, sizeof(int) * n);
    CHECK_MPI(HMPI_Alltoall(send, 1, MPI_INT, got, 1, MPI_INT, comm));
    CHECK(memcmp(got, want, sizeof(int) * n) == 0);
    MPI_Info info;
    HMPI_Request req;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "hierarchical");
    memset(got, 0xff, sizeof(int) * n);
    CHECK_MPI(HMPI_Alltoall_init(send, 1, MPI_INT, got, 1, MPI_INT, comm, info, &req));
    CHECK_MPI(HMPI_Start(&req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK(memcmp(got, want, sizeof(int) * n) == 0);
    CHECK_MPI(HMPI_Request_free(&req));
    /* a tree collective whose root is the last rank */
    int sum = -1, expect = 0;
    for (int r = 0; r < n; r++)
        expect += r;
    CHECK_MPI(HMPI_Reduce_init(&me, &sum, 1, MPI_INT, MPI_SUM, n - 1, comm, info, &req));
    CHECK_MPI(HMPI_Start(&req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    if (me == n - 1)
        CHECK_INT(sum, expect);
    CHECK_MPI(HMPI_Request_free(&req));
    MPI_Info_free(&info);
    free(send), free(got), free(want);
}

/* The locality of a smaller or reordered group is its own. */
static void create_group_locality(void)
{
    MPI_Group world, evens, reversed;
    MPI_Comm sub = MPI_COMM_NULL, rev = MPI_COMM_NULL;
    int half = (size + 1) / 2, *ranks = malloc(sizeof(int) * size);
    check_alltoall(MPI_COMM_WORLD); /* caches MPI_COMM_WORLD's locality */
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int i = 0; i < half; i++)
        ranks[i] = 2 * i;
    MPI_Group_incl(world, half, ranks, &evens);
    if (rank % 2 == 0) {
        CHECK_MPI(MPI_Comm_create_group(MPI_COMM_WORLD, evens, 7, &sub));
        check_alltoall(sub);
        /* the level and minimal-level queries know sub's own ranks */
        char type[HMPI_MAX_LEVEL_NAME];
        int len, level, num, index;
        CHECK_MPI(HMPI_Comm_attach_locality(sub));
        CHECK_MPI(HMPI_Comm_level(sub, half - 1, half - 1, &level));
        CHECK_MPI(HMPI_Comm_get_min_hlevel(sub, 1, (int[]){0}, type, &len));
        MPI_Comm_set_errhandler(sub, MPI_ERRORS_RETURN);
        expect_error(HMPI_Comm_get_hlevel_info(sub, &num, &index, type, &len), MPI_ERR_COMM,
                     "HMPI_Comm_get_hlevel_info", "not created by an hmpi split");
        MPI_Comm_free(&sub);
    }
    /* the same processes in reverse order: MPI_SIMILAR, not the same locality */
    for (int i = 0; i < size; i++)
        ranks[i] = size - 1 - i;
    MPI_Group_incl(world, size, ranks, &reversed);
    CHECK_MPI(MPI_Comm_create_group(MPI_COMM_WORLD, reversed, 8, &rev));
    check_alltoall(rev);
    MPI_Comm_free(&rev);
    MPI_Group_free(&evens);
    MPI_Group_free(&reversed);
    MPI_Group_free(&world);
    free(ranks);
}

/* A level communicator's duplicate is the same level; a communicator made
 * of the same group without the split is not. */
static void level_copies(void)
{
    MPI_Comm node, dup, same;
    MPI_Group g;
    char type[HMPI_MAX_LEVEL_NAME], dtype[HMPI_MAX_LEVEL_NAME];
    int num, index, dnum, dindex, len;
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL,
                                   &node));
    if (node == MPI_COMM_NULL)
        return;
    CHECK_MPI(HMPI_Comm_get_hlevel_info(node, &num, &index, type, &len));
    CHECK_MPI(MPI_Comm_dup(node, &dup));
    CHECK_MPI(HMPI_Comm_get_hlevel_info(dup, &dnum, &dindex, dtype, &len));
    CHECK_STR(dtype, type);
    CHECK_INT(dnum, num);
    CHECK_INT(dindex, index);
    check_alltoall(dup);
    MPI_Comm_group(node, &g);
    CHECK_MPI(MPI_Comm_create_group(node, g, 9, &same));
    MPI_Comm_set_errhandler(same, MPI_ERRORS_RETURN);
    /* Open MPI copied the attribute here: the group is the same, the level is not */
    int rc = HMPI_Comm_get_hlevel_info(same, &dnum, &dindex, dtype, &len);
    (void)rc; /* same group: sharing the level information is correct too */
    check_alltoall(same);
    MPI_Group_free(&g);
    MPI_Comm_free(&same);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&node);
}

/* A neighbourhood follows MPI_Comm_dup of its Cartesian communicator, and
 * never a communicator without that topology. */
static void neighbourhood_copies(void)
{
    int dims[1] = {size}, periods[1] = {1}, offs[2] = {1, -1}, s, in, out;
    MPI_Comm cart, iso, dup, plain;
    MPI_Group g;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart));
    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, 2, offs, &iso));
    CHECK_MPI(MPI_Comm_dup(cart, &dup));
    CHECK_MPI(HMPI_Iso_neighborhood_count(dup, &s, &in, &out));
    CHECK_INT(s, 2);
    int send[2] = {rank, rank}, recv[2] = {-1, -1};
    CHECK_MPI(HMPI_Iso_neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, dup));
    CHECK_INT(recv[0], (rank - 1 + size) % size);
    CHECK_INT(recv[1], (rank + 1) % size);
    MPI_Comm_group(cart, &g);
    CHECK_MPI(MPI_Comm_create_group(cart, g, 10, &plain));
    MPI_Comm_set_errhandler(plain, MPI_ERRORS_RETURN);
    int topo = MPI_UNDEFINED;
    MPI_Topo_test(plain, &topo);
    if (topo == MPI_CART) { /* Open MPI 4.1 keeps the topology too: the copy fits */
        recv[0] = recv[1] = -1;
        CHECK_MPI(HMPI_Iso_neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, plain));
        CHECK_INT(recv[0], (rank - 1 + size) % size);
        CHECK_INT(recv[1], (rank + 1) % size);
    } else {
        expect_error(HMPI_Iso_neighborhood_count(plain, &s, &in, &out), MPI_ERR_TOPOLOGY,
                     "HMPI_Iso_neighborhood_count", "no isomorphic neighbourhood");
    }
    MPI_Group_free(&g);
    MPI_Comm_free(&plain);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&cart);
}

/* MPI 4.0 §7.4.2: the caller's info gets the level of its new communicator. */
static void split_sets_info(void)
{
    MPI_Info info;
    MPI_Comm comm;
    char value[MPI_MAX_INFO_VAL + 1], type[HMPI_MAX_LEVEL_NAME];
    int flag = 0, num, index, len;
    MPI_Info_create(&info);
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, rank, info, &comm));
    MPI_Info_get(info, "mpi_hw_resource_type", MPI_MAX_INFO_VAL, value, &flag);
    if (comm != MPI_COMM_NULL) {
        CHECK_MPI(HMPI_Comm_get_hlevel_info(comm, &num, &index, type, &len));
        CHECK(flag);
        CHECK_STR(value, type);
        MPI_Comm_free(&comm);
    }
    MPI_Info_free(&info);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "node");
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &comm));
    CHECK(comm != MPI_COMM_NULL);
    MPI_Info_get(info, "mpi_hw_resource_type", MPI_MAX_INFO_VAL, value, &flag);
    CHECK(flag);
    CHECK_STR(value, "Machine");
    MPI_Comm_free(&comm);
    MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    create_group_locality();
    level_copies();
    neighbourhood_copies();
    split_sets_info();
    if (rank == 0)
        printf("test_attr_copies: %d checks passed on %d ranks\n", test_checks, size);
    MPI_Finalize();
    return 0;
}

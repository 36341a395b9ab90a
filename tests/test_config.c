/* The configuration registry: info key over environment over default; a bad
 * value fails with MPI_ERR_INFO_VALUE naming its source, only in the calls
 * that use it; the listing (HMPI_Config_count/get). */
#include "testutil.h"

static int rank, size;

/* Rounds of an 8-process bcast tell the algorithm: linear 1, binomial 3. */
static int bcast_rounds(MPI_Info info)
{
    int x = 1, rounds, messages;
    HMPI_Request req;
    CHECK_MPI(HMPI_Bcast_init(&x, 1, MPI_INT, 0, MPI_COMM_WORLD, info, &req));
    CHECK_MPI(HMPI_Request_get_schedule_info(req, &rounds, &messages));
    CHECK_MPI(HMPI_Start(&req));
    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK_MPI(HMPI_Request_free(&req));
    int most;
    MPI_Allreduce(&rounds, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

static void precedence(void)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "binomial");
    setenv("HMPI_COLL_ALGORITHM", "linear", 1);
    int from_env = bcast_rounds(MPI_INFO_NULL), from_info = bcast_rounds(info);
    unsetenv("HMPI_COLL_ALGORITHM");
    CHECK(from_env < from_info); /* linear (environment) vs binomial (info wins) */
    MPI_Info_free(&info);
}

/* The per-collective settings: hmpi_bcast_algorithm (info, environment)
 * over hmpi_algorithm; the environment's HMPI_COLL_ALGORITHM applies only to
 * the collectives that have the algorithm, a per-collective one must exist. */
static void per_collective(void)
{
    MPI_Info info;
    int linear = 1, binomial = 0, sizes[64], displs[64], got[64];
    while ((1 << binomial) < size)
        binomial++;
    binomial = binomial > 1 ? 2 : 1; /* receive, then send to the children */
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "linear");
    MPI_Info_set(info, "hmpi_bcast_algorithm", "binomial");
    CHECK_INT(bcast_rounds(info), binomial); /* the collective's own key wins */
    MPI_Info_free(&info);
    setenv("HMPI_BCAST_ALGORITHM", "linear", 1);
    setenv("HMPI_COLL_ALGORITHM", "binomial", 1);
    CHECK_INT(bcast_rounds(MPI_INFO_NULL), linear);
    unsetenv("HMPI_BCAST_ALGORITHM");
    CHECK_INT(bcast_rounds(MPI_INFO_NULL), binomial);
    /* ring does not implement gatherv: the process-wide setting leaves it alone */
    setenv("HMPI_COLL_ALGORITHM", "ring", 1);
    for (int i = 0; i < size; i++)
        sizes[i] = 1, displs[i] = size - 1 - i, got[i] = -1;
    CHECK_MPI(HMPI_Gatherv(&rank, 1, MPI_INT, got, sizes, displs, MPI_INT, 0, MPI_COMM_WORLD));
    for (int i = 0; rank == 0 && i < size; i++)
        CHECK_INT(got[size - 1 - i], i);
    unsetenv("HMPI_COLL_ALGORITHM");
    /* a per-collective setting that names a missing algorithm is an error
     * that names the collective and what it has */
    setenv("HMPI_GATHERV_ALGORITHM", "ring", 1);
    expect_error(HMPI_Gatherv(&rank, 1, MPI_INT, got, sizes, displs, MPI_INT, 0, MPI_COMM_WORLD),
                 MPI_ERR_INFO_VALUE, "HMPI_Gatherv",
                 "algorithm 'ring' does not implement gatherv (it has: native, linear, shm)");
    unsetenv("HMPI_GATHERV_ALGORITHM");
    setenv("HMPI_ALLTOALLV_ALGORITHM", "ring", 1);
    expect_error(
        HMPI_Alltoallv(displs, sizes, displs, MPI_INT, got, sizes, displs, MPI_INT, MPI_COMM_WORLD),
        MPI_ERR_INFO_VALUE, "HMPI_Alltoallv",
        "algorithm 'ring' does not implement alltoallv "
        "(it has: native, linear, pairwise, shm)");
    unsetenv("HMPI_ALLTOALLV_ALGORITHM");
    setenv("HMPI_ALLTOALLW_ALGORITHM", "fastest", 1);
    CHECK_MPI(HMPI_Barrier(MPI_COMM_WORLD)); /* not the barrier's setting: no error */
    unsetenv("HMPI_ALLTOALLW_ALGORITHM");
}

static void bad_values(void)
{
    int x = 0;
    MPI_Comm node;
    MPI_Info info;
    setenv("HMPI_COLL_ALGORITHM", "fastest", 1);
    /* not used by splits: no error there */
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node));
    MPI_Comm_free(&node);
    expect_error(HMPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_INFO_VALUE, "HMPI_Bcast",
                 "environment variable HMPI_COLL_ALGORITHM has value 'fastest'");
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "slowest");
    HMPI_Request req = HMPI_REQUEST_NULL;
    expect_error(HMPI_Bcast_init(&x, 1, MPI_INT, 0, MPI_COMM_WORLD, info, &req), MPI_ERR_INFO_VALUE,
                 "HMPI_Bcast_init", "key 'hmpi_algorithm' has value 'slowest'");
    CHECK(req == HMPI_REQUEST_NULL); /* outputs written only on success */
    unsetenv("HMPI_COLL_ALGORITHM");
    MPI_Info_set(info, "hmpi_levels", "Machine,Rack");
    HMPI_Hierarchy h = HMPI_HIERARCHY_NULL;
    expect_error(HMPI_Hierarchy_create(MPI_COMM_WORLD, info, &h), MPI_ERR_INFO_VALUE,
                 "HMPI_Hierarchy_create", "unknown level 'Rack'");
    CHECK(h == HMPI_HIERARCHY_NULL);
    MPI_Info_free(&info);
    /* iso settings share the parser and the class */
    int dims[1] = {size}, periods[1] = {1}, offs[1] = {1}, buf[2] = {0, 0};
    MPI_Comm cart, iso;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart));
    MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, 1, offs, &iso));
    setenv("HMPI_ISO_ALGORITHM", "sideways", 1);
    expect_error(HMPI_Iso_neighbor_alltoall(buf, 1, MPI_INT, buf + 1, 1, MPI_INT, iso),
                 MPI_ERR_INFO_VALUE, "HMPI_Iso_neighbor_alltoall", "HMPI_ISO_ALGORITHM");
    unsetenv("HMPI_ISO_ALGORITHM");
    setenv("HMPI_ISO_PORTS", "-3", 1);
    expect_error(HMPI_Iso_neighbor_alltoall(buf, 1, MPI_INT, buf + 1, 1, MPI_INT, iso),
                 MPI_ERR_INFO_VALUE, "HMPI_Iso_neighbor_alltoall", "non-negative integer");
    unsetenv("HMPI_ISO_PORTS");
    CHECK_MPI(HMPI_Iso_neighbor_alltoall(buf, 1, MPI_INT, buf + 1, 1, MPI_INT, iso));
    MPI_Comm_free(&cart);
}

static void listing(void)
{
    int n;
    HMPI_Config_var v;
    CHECK_MPI(HMPI_Config_count(&n));
    CHECK(n >= 12);
    int seen_check = 0;
    for (int i = 0; i < n; i++) {
        CHECK_MPI(HMPI_Config_get(i, &v));
        CHECK(v.env || v.info_key);
        CHECK(v.doc && *v.doc && v.type && v.allowed && v.default_value && v.value);
        seen_check |= v.env && !strcmp(v.env, "HMPI_CHECK");
    }
    CHECK(seen_check);
    /* one algorithm setting per collective, generated from the list */
    int per_coll = 0;
    for (int i = 0; i < n; i++) {
        CHECK_MPI(HMPI_Config_get(i, &v));
        per_coll += v.info_key && strstr(v.info_key, "_algorithm") &&
                    strncmp(v.info_key, "hmpi_iso", 8) && strcmp(v.info_key, "hmpi_algorithm");
        if (v.env && !strcmp(v.env, "HMPI_REDUCE_SCATTER_BLOCK_ALGORITHM")) {
            CHECK_STR(v.info_key, "hmpi_reduce_scatter_block_algorithm");
            CHECK(strstr(v.allowed, "multilane") != NULL);
        }
    }
    CHECK_INT(per_coll, 17);
    setenv("HMPI_P2P", "carrier-pigeon", 1);
    for (int i = 0; i < n; i++) {
        CHECK_MPI(HMPI_Config_get(i, &v));
        if (v.env && !strcmp(v.env, "HMPI_P2P")) {
            CHECK_STR(v.value, "carrier-pigeon");
            CHECK_STR(v.source, "environment");
            CHECK(!v.valid);
        }
    }
    unsetenv("HMPI_P2P");
    expect_error(HMPI_Config_get(n, &v), MPI_ERR_ARG, "HMPI_Config_get", "argument 'index'");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    precedence();
    per_collective();
    bad_values();
    listing();
    if (rank == 0)
        printf("test_config: %d checks passed on %d ranks\n", test_checks, size);
    MPI_Finalize();
    return 0;
}

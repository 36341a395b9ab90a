/* Invalid arguments: MPI error codes through the communicator's error
 * handler, with an error class and a string naming the function and the
 * argument; outputs untouched.
 *   test_errors         all cases with MPI_ERRORS_RETURN
 *   test_errors fatal   default MPI_ERRORS_ARE_FATAL: the job aborts with the message */
#include "testutil.h"

static int handler_calls, handler_code;

static void counting_handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    handler_calls++;
    handler_code = *code;
}

static void split_errors(void)
{
    MPI_Comm out = MPI_COMM_SELF, rootsout = MPI_COMM_SELF;
    expect_error(
        HMPI_Comm_split_type(MPI_COMM_NULL, HMPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, &out),
        MPI_ERR_COMM, "HMPI_Comm_split_type", "'comm'");
    expect_error(
        HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, NULL),
        MPI_ERR_ARG, "HMPI_Comm_split_type", "'newcomm'");
    expect_error(HMPI_Comm_split_type(MPI_COMM_WORLD, 12345, 0, MPI_INFO_NULL, &out), MPI_ERR_ARG,
                 "HMPI_Comm_split_type", "'split_type' (12345)");
    expect_error(HMPI_Comm_hsplit_with_roots(MPI_COMM_NULL, MPI_INFO_NULL, &out, &rootsout),
                 MPI_ERR_COMM, "HMPI_Comm_hsplit_with_roots", "'oldcomm'");
    expect_error(HMPI_Comm_hsplit_with_roots(MPI_COMM_WORLD, MPI_INFO_NULL, &out, NULL),
                 MPI_ERR_ARG, "HMPI_Comm_hsplit_with_roots", "'rootscomm'");
    CHECK(out == MPI_COMM_SELF && rootsout == MPI_COMM_SELF); /* outputs untouched */
}

static void query_errors(void)
{
    char type[HMPI_MAX_LEVEL_NAME] = "untouched", types[4][HMPI_MAX_LEVEL_NAME];
    int num = -7, index = -7, len = -7, level = -7, ranks[2] = {0, 1 << 20}, n;
    expect_error(HMPI_Comm_get_hlevel_info(MPI_COMM_WORLD, &num, &index, type, &len), MPI_ERR_COMM,
                 "HMPI_Comm_get_hlevel_info", "not created by an hmpi split");
    CHECK(num == -7 && index == -7 && len == -7);
    CHECK_STR(type, "untouched");
    expect_error(HMPI_Comm_get_hlevel_info(MPI_COMM_WORLD, &num, NULL, type, &len), MPI_ERR_ARG,
                 "HMPI_Comm_get_hlevel_info", "'index'");
    expect_error(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, -1, ranks, type, &len), MPI_ERR_ARG,
                 "HMPI_Comm_get_min_hlevel", "'nranks' (-1)");
    expect_error(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 2, ranks, type, &len), MPI_ERR_RANK,
                 "HMPI_Comm_get_min_hlevel", "'ranks[1]'");
    expect_error(HMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 1, ranks, NULL, &len), MPI_ERR_ARG,
                 "HMPI_Comm_get_min_hlevel", "'type'");
    expect_error(HMPI_Comm_level(MPI_COMM_WORLD, -1, 0, &level), MPI_ERR_RANK, "HMPI_Comm_level",
                 "'i' (-1)");
    expect_error(HMPI_Comm_level(MPI_COMM_WORLD, 0, 1 << 20, &level), MPI_ERR_RANK,
                 "HMPI_Comm_level", "'j'");
    expect_error(HMPI_Comm_level(MPI_COMM_WORLD, 0, 0, NULL), MPI_ERR_ARG, "HMPI_Comm_level",
                 "'level'");
    CHECK_INT(level, -7);
    expect_error(HMPI_Get_hw_resource_types(MPI_COMM_WORLD, &n, types, -2), MPI_ERR_ARG,
                 "HMPI_Get_hw_resource_types", "'maxtypes' (-2)");
    expect_error(HMPI_Get_hw_resource_types(MPI_COMM_NULL, &n, types, 4), MPI_ERR_COMM,
                 "HMPI_Get_hw_resource_types", "'comm'");
    expect_error(HMPI_Comm_attach_locality(MPI_COMM_NULL), MPI_ERR_COMM,
                 "HMPI_Comm_attach_locality", "'comm'");
    expect_error(HMPI_Error_class(MPI_ERR_ARG, NULL), MPI_ERR_ARG, "HMPI_Error_class",
                 "'errorclass'");
}

/* A communicator hmpi never saw: local queries say to attach first. */
static void locality_errors(void)
{
    MPI_Comm fresh;
    char type[HMPI_MAX_LEVEL_NAME];
    int rank, len, level;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &fresh);
    MPI_Comm_set_errhandler(fresh, MPI_ERRORS_RETURN);
    expect_error(HMPI_Comm_get_min_hlevel(fresh, 1, &rank, type, &len), MPI_ERR_COMM,
                 "HMPI_Comm_get_min_hlevel", "HMPI_Comm_attach_locality");
    expect_error(HMPI_Comm_level(fresh, 0, 0, &level), MPI_ERR_COMM, "HMPI_Comm_level",
                 "HMPI_Comm_attach_locality");
    CHECK_MPI(HMPI_Comm_attach_locality(fresh));
    CHECK_MPI(HMPI_Comm_get_min_hlevel(fresh, 1, &rank, type, &len));
    CHECK_MPI(HMPI_Comm_level(fresh, 0, 0, &level));
    MPI_Comm_free(&fresh);
}

static void hierarchy_errors(void)
{
    HMPI_Hierarchy h;
    MPI_Comm c = MPI_COMM_SELF;
    MPI_Info info;
    int depth;
    expect_error(HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, NULL), MPI_ERR_ARG,
                 "HMPI_Hierarchy_create", "'hier'");
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_levels", "Machine,Rack");
    expect_error(HMPI_Hierarchy_create(MPI_COMM_WORLD, info, &h), MPI_ERR_INFO_VALUE,
                 "HMPI_Hierarchy_create", "'Rack' in 'hmpi_levels'");
    MPI_Info_free(&info);
    CHECK_MPI(HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h));
    CHECK_MPI(HMPI_Hierarchy_depth(h, &depth));
    expect_error(HMPI_Hierarchy_level_comm(h, depth + 1, &c), MPI_ERR_ARG,
                 "HMPI_Hierarchy_level_comm", "'level'");
    expect_error(HMPI_Hierarchy_conduit_comm(h, depth, &c), MPI_ERR_ARG,
                 "HMPI_Hierarchy_conduit_comm", "'level'");
    expect_error(HMPI_Hierarchy_depth(NULL, &depth), MPI_ERR_ARG, "HMPI_Hierarchy_depth", "'hier'");
    CHECK(c == MPI_COMM_SELF);
    CHECK_MPI(HMPI_Hierarchy_free(&h));
    expect_error(HMPI_Hierarchy_free(&h), MPI_ERR_ARG, "HMPI_Hierarchy_free", "'*hier'");
}

/* The error handler of the communicator argument is called with the code. */
static void handler_is_called(void)
{
    MPI_Comm dup, out;
    MPI_Errhandler eh;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_create_errhandler(counting_handler, &eh);
    MPI_Comm_set_errhandler(dup, eh);
    int rc = HMPI_Comm_split_type(dup, -77, 0, MPI_INFO_NULL, &out);
    CHECK_INT(handler_calls, 1);
    CHECK_INT(handler_code, rc);
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&dup);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc > 1 && strcmp(argv[1], "fatal") == 0) { /* default handler: abort */
        MPI_Comm out;
        HMPI_Comm_split_type(MPI_COMM_WORLD, 4242, 0, MPI_INFO_NULL, &out);
        printf("not reached\n");
        MPI_Finalize();
        return 0;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    split_errors();
    query_errors();
    locality_errors();
    hierarchy_errors();
    handler_is_called();
    test_done("errors");
    MPI_Finalize();
    return 0;
}

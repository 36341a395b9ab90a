/* A broken virtual cluster file or topology.conf: the first hmpi call fails
 * on every process with an error naming the function, the file, the line and
 * the problem; later calls report the same error; nothing crashes or hangs.
 *   test_bad_files "expected text" ["more expected text" ...] */
#include "testutil.h"

static void expect_text(int rc, int argc, char **argv, int skip_function_names)
{
    char text[MPI_MAX_ERROR_STRING];
    int len;
    CHECK(rc != MPI_SUCCESS);
    MPI_Error_string(rc, text, &len);
    for (int i = 1; i < argc; i++) {
        if (skip_function_names && strncmp(argv[i], "HMPI_", 5) == 0)
            continue;
        if (!strstr(text, argv[i]))
            fprintf(stderr, "error string \"%s\" lacks \"%s\"\n", text, argv[i]);
        CHECK(strstr(text, argv[i]) != NULL);
    }
}

int main(int argc, char **argv)
{
    MPI_Comm out = MPI_COMM_SELF;
    int rank, klass;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc =
        HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, &out);
    expect_text(rc, argc, argv, 0);
    CHECK(out == MPI_COMM_SELF);
    CHECK_MPI(HMPI_Error_class(rc, &klass));
    CHECK_INT(klass, MPI_ERR_OTHER);
    rc = HMPI_Comm_attach_locality(MPI_COMM_WORLD); /* remembered, reported again */
    expect_text(rc, argc, argv, 1);
    char text[MPI_MAX_ERROR_STRING];
    int len;
    MPI_Error_string(rc, text, &len);
    CHECK(strstr(text, "HMPI_Comm_attach_locality:") == text);
    if (rank == 0)
        printf("reported: %s\n", text);
    test_done("bad files");
    MPI_Finalize();
    return 0;
}

/* The two-tree bcast's helper (src/coll/twotree.c, HANDOFF_PIECES): with
 * two trees of 16 pieces or more, on nodes of one package and at least 4
 * ranks, each lane leader hands every group of pieces to a helper of its
 * node, which roots the node tree; nodes of several packages take none.
 * Run with no segment (HMPI_SHM=0), whose nodes pass their groups on
 * without node trees (test_shm covers that).
 * 1 MiB down two trees (64 pieces of 8 KiB each), persistent, from three
 * roots, each started twice with other data: every rank's buffer is MPI's
 * own bcast's, to the byte. With HMPI_VERBOSE=1 every rank reads its own
 * diagnostics back: the root of each bcast reports its two trees, "from a
 * helper" when argv[1] is "helper", never when it is "none"; and 64 KiB
 * (eight trees of one piece) never takes one. */
#include "testutil.h"

#define LARGE (1 << 20)
#define SMALL (1 << 16)

static int rank, size;

/* Byte i of the buffer that root broadcasts in round r. */
static unsigned char pattern(int i, int root, int r)
{
    return (unsigned char)(i * 7 + root * 13 + r * 29 + (i >> 8));
}

/* A persistent bcast of n bytes from root down `trees` trees, started
 * twice, each time checked against MPI_Bcast of the same data. */
static void bcast_twice(int n, int root, const char *trees)
{
    unsigned char *buf = malloc((size_t)n), *expected = malloc((size_t)n);
    CHECK(buf != NULL && expected != NULL);
    MPI_Info info;
    HMPI_Request req;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "twotree");
    MPI_Info_set(info, "hmpi_bcast_trees", trees);
    CHECK_MPI(HMPI_Bcast_init(buf, n, MPI_BYTE, root, MPI_COMM_WORLD, info, &req));
    MPI_Info_free(&info);
    for (int r = 0; r < 2; r++) {
        for (int i = 0; i < n; i++) {
            expected[i] = rank == root ? pattern(i, root, r) : 0;
            buf[i] = rank == root ? pattern(i, root, r) : (unsigned char)0xA5;
        }
        MPI_Bcast(expected, n, MPI_BYTE, root, MPI_COMM_WORLD);
        CHECK_MPI(HMPI_Start(&req));
        CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        int wrong = 0;
        for (int i = 0; i < n; i++)
            wrong += buf[i] != expected[i];
        CHECK_INT(wrong, 0);
    }
    CHECK_MPI(HMPI_Request_free(&req));
    free(buf);
    free(expected);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(argc > 1 && (strcmp(argv[1], "helper") == 0 || strcmp(argv[1], "none") == 0));
    int helper = strcmp(argv[1], "helper") == 0;
    /* every rank's diagnostics into a file it reads back */
    test_capture capture;
    test_capture_begin(&capture);

    const int roots[3] = {0, size - 1, size / 2};
    int rooted = 0; /* bcasts this rank roots, of each size */
    for (int k = 0; k < 3; k++) {
        bcast_twice(LARGE, roots[k], "2");
        bcast_twice(SMALL, roots[k], "8");
        rooted += roots[k] == rank;
    }

    static char text[1 << 16];
    test_capture_end(&capture, text, sizeof text);
    /* the root of each bcast reports its trees: 1 MiB two of 64 pieces (or
     * 128 of 4 KiB), 64 KiB eight of one */
    CHECK_INT(test_occurrences(text, "twotree: 2 trees, "), rooted);
    CHECK_INT(test_occurrences(text, "twotree: 8 trees, 1 pieces a tree"), rooted);
    CHECK_INT(test_occurrences(text, "from a helper"), helper * rooted);
    test_done("test_bcast_helper");
    MPI_Finalize();
    return 0;
}

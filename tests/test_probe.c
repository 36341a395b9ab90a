/* The network latency probe of the cost model's defaults (HMPI_PROBE_LATENCY,
 * hierarchy/probe.c): without a tuning file, a communicator's first automatic
 * collective measures the latency from its rank 0 to the rank farthest from
 * it (the fewest levels in common), once per communicator, and its
 * duplicates share it. Run on small-cluster (4 nodes x 2 ranks, two leaf
 * switches) with HMPI_VERBOSE=1: every rank reads its own diagnostics back
 * and finds exactly the probes expected, to the rank (a communicator's rank
 * 0 reports); the collectives' results are MPI's own. With argv[1] "off"
 * (HMPI_PROBE_LATENCY=0): no probe at all. */
#include "testutil.h"

static int rank;

/* Sum and broadcast on comm with auto, checked against MPI's own. */
static void collectives(MPI_Comm comm)
{
    int n, me, sum = 0, expected = 0, value[4] = {0};
    MPI_Comm_size(comm, &n);
    MPI_Comm_rank(comm, &me);
    int mine = 3 * me + 1;
    CHECK_MPI(HMPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, comm));
    MPI_Allreduce(&mine, &expected, 1, MPI_INT, MPI_SUM, comm);
    CHECK_INT(sum, expected);
    if (me == n - 1)
        for (int i = 0; i < 4; i++)
            value[i] = 100 + i;
    CHECK_MPI(HMPI_Bcast(value, 4, MPI_INT, n - 1, comm));
    for (int i = 0; i < 4; i++)
        CHECK_INT(value[i], 100 + i);
}

/* How many diagnostics in the text say "network latency to rank <peer>,". */
static int probes_to(const char *text, int peer)
{
    char needle[64];
    snprintf(needle, sizeof needle, "network latency to rank %d, the farthest", peer);
    return test_occurrences(text, needle);
}

/* How many diagnostics in the text report a probe at all. */
static int probes(const char *text)
{
    return test_occurrences(text, "network latency to rank");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int size, probing = !(argc > 1 && strcmp(argv[1], "off") == 0);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK_INT(size, 8);
    /* every rank's diagnostics into a file it reads back */
    test_capture capture;
    test_capture_begin(&capture);

    /* the world: rank 0 on n0 (leaf0); the farthest, n2 and n3 under leaf1,
     * whose first is rank 4; twice, and on a duplicate: one probe */
    MPI_Comm dup, half, node;
    collectives(MPI_COMM_WORLD);
    collectives(MPI_COMM_WORLD);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    collectives(dup);
    /* even ranks 0, 2, 4, 6 and odd ones 1, 3, 5, 7, on n0, n1, n2, n3 each:
     * from their rank 0 (world 0 and 1), their rank 2 (world 4 and 5) */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    collectives(half);
    /* ranks 0 and 1 share n0: nothing to measure */
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &node);
    if (node != MPI_COMM_NULL)
        collectives(node);

    static char text[1 << 16];
    test_capture_end(&capture, text, sizeof text);
    if (rank == 0) { /* the world's (and its duplicate's), the even ranks' */
        CHECK_INT(probes_to(text, 4), probing);
        CHECK_INT(probes_to(text, 2), probing);
        CHECK_INT(probes(text), 2 * probing);
    } else if (rank == 1) { /* the odd ranks' */
        CHECK_INT(probes_to(text, 2), probing);
        CHECK_INT(probes(text), probing);
    } else {
        CHECK_INT(probes(text), 0);
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&half);
    if (node != MPI_COMM_NULL)
        MPI_Comm_free(&node);
    test_done("test_probe");
    MPI_Finalize();
    return 0;
}

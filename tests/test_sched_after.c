/* The schedule engine's pipelines (hmpi__sched_round_after, synchronous
 * sends): a chain 0 -> 1 -> ... -> p-1 of PIECES pieces in which every
 * middle process posts all its receives at once and sends each piece on in
 * a round that waits only for that piece's receive and for its own send of
 * the piece WINDOW before. Asserts the data after several runs (CTest runs
 * it with HMPI_P2P=persistent and =nonblocking), that the middle processes
 * forward piece 0 before the last piece exists (rank 0 sends it only once
 * rank p-1 holds piece 0), and that a round cannot wait for a request not
 * made yet. Linked with hmpi's objects. */
#include "schedule/schedule.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#define PIECES 16
#define PIECE 64 /* ints */
#define WINDOW 2

/* Rank r's part of the chain: receive from r - 1, send to r + 1. */
static hmpi__sched *chain(int *buf, int rank, int size)
{
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_WORLD);
    int recv_at[PIECES], sent_at[PIECES];
    CHECK(s != NULL);
    for (int k = 0; rank > 0 && k < PIECES; k++) {
        recv_at[k] = hmpi__sched_next_request(s);
        CHECK_MPI(
            hmpi__sched_recv(s, buf + k * PIECE, PIECE, MPI_INT, rank - 1, 7, MPI_COMM_WORLD));
    }
    for (int k = 0; rank < size - 1 && k < PIECES; k++) {
        int after[2], n = 0;
        if (rank > 0)
            after[n++] = recv_at[k];
        if (k >= WINDOW)
            after[n++] = sent_at[k - WINDOW];
        if (n > 0)
            CHECK_MPI(hmpi__sched_round_after(s, after, n));
        sent_at[k] = hmpi__sched_next_request(s);
        CHECK_MPI(
            hmpi__sched_ssend(s, buf + k * PIECE, PIECE, MPI_INT, rank + 1, 7, MPI_COMM_WORLD));
    }
    return s;
}

static void run(int rank, int size, int runs)
{
    int *buf = malloc(sizeof(int) * PIECES * PIECE);
    CHECK(buf != NULL);
    hmpi__sched *s = chain(buf, rank, size);
    for (int run = 0; run < runs; run++) {
        for (int i = 0; i < PIECES * PIECE; i++)
            buf[i] = rank == 0 ? run * 100000 + i : -1;
        CHECK_MPI(hmpi__sched_start(s));
        CHECK_MPI(hmpi__sched_wait(s));
        for (int i = 0; i < PIECES * PIECE; i++)
            CHECK(buf[i] == run * 100000 + i);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    hmpi__sched_free(s);
    free(buf);
}

/* The middle ranks forward before the end: rank 0 (no schedule) holds the
 * last piece back until the last rank reports piece 0, which a chain that
 * forwarded only after every arrival would never deliver. */
static void forwards_early(int rank, int size)
{
    int *buf = malloc(sizeof(int) * PIECES * PIECE), word = 0, done = 0;
    CHECK(buf != NULL);
    for (int i = 0; i < PIECES * PIECE; i++)
        buf[i] = rank == 0 ? i + 1 : 0;
    if (rank == 0) {
        for (int k = 0; k < PIECES - 1; k++)
            MPI_Send(buf + k * PIECE, PIECE, MPI_INT, 1, 7, MPI_COMM_WORLD);
        MPI_Recv(&word, 1, MPI_INT, size - 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        CHECK(word == 1);
        MPI_Send(buf + (PIECES - 1) * PIECE, PIECE, MPI_INT, 1, 7, MPI_COMM_WORLD);
    } else {
        hmpi__sched *s = chain(buf, rank, size);
        CHECK_MPI(hmpi__sched_start(s));
        while (rank == size - 1 && !done && buf[0] == 0)
            CHECK_MPI(hmpi__sched_test(s, &done));
        if (rank == size - 1) {
            word = buf[0];
            MPI_Send(&word, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
        }
        CHECK_MPI(hmpi__sched_wait(s));
        hmpi__sched_free(s);
    }
    for (int i = 0; i < PIECES * PIECE; i++)
        CHECK(buf[i] == i + 1);
    free(buf);
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    run(rank, size, 3);
    if (size > 1)
        forwards_early(rank, size);
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_WORLD);
    int ahead = 0;
    CHECK(hmpi__sched_round_after(s, &ahead, 1) == MPI_ERR_INTERN);
    hmpi__sched_free(s);
    if (rank == 0)
        printf("schedule pipelines: %d ranks, %d pieces, HMPI_P2P=%s: ok\n", size, PIECES,
               getenv("HMPI_P2P") ? getenv("HMPI_P2P") : "auto");
    MPI_Finalize();
    return 0;
}

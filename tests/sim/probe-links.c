/* How SimGrid SMPI shares a node's link between the messages on it, which
 * bounds the pipelined two-tree bcast (src/coll/twotree.c): a stream of
 * PIECES pieces of BYTES each from node 0 to node 1, node 1 passing each
 * piece on to nodes 2 and 3 as it arrives (standard sends), as an inner
 * node of a tree does. Four nodes of two ranks each: rank 2 n + c is core c
 * of node n.
 *
 *   window     rank 0 streams to rank 2, at most WINDOW synchronous sends
 *              on their way (the two trees' root)
 *   at-once    rank 0 posts every piece to rank 2 at once (standard sends)
 *   forward    window, and rank 2 passes each piece on to ranks 4 and 6
 *   duplex     forward, and a second stream (rank 1 to rank 3, windowed too)
 *              into node 1, as the other tree's pieces come into an inner
 *              node of the first
 *
 * Prints a CSV row per case and mark: when the first half and when all of
 * the pieces had arrived at the last receiver of the stream (rank 2, or
 * the later of ranks 4 and 6), in simulated microseconds after a
 * synchronized start. tests/sim/probe-links.sh runs it; doc/collectives.md
 * quotes it.
 *
 *   probe-links PIECES BYTES          (8 ranks; CSV rows on rank 0's stdout) */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WINDOW 8

enum { WINDOWED, AT_ONCE, FORWARD, DUPLEX, NCASES };
static const char *const names[NCASES] = {"window", "at-once", "forward", "duplex"};

typedef struct stream {
    int pieces, bytes;
    char *buf;
    MPI_Request *req; /* [3 * pieces]: receives, then sends on to two */
} stream;

static void *piece(const stream *s, int j)
{
    return s->buf + (size_t)j * (size_t)s->bytes;
}

/* Pieces 0 .. pieces - 1 to `to`: at most WINDOW synchronous sends on
 * their way, or every one at once. */
static void send_stream(const stream *s, int to, int windowed)
{
    for (int j = 0; j < s->pieces; j++) {
        if (windowed && j >= WINDOW)
            MPI_Wait(&s->req[j - WINDOW], MPI_STATUS_IGNORE);
        if (windowed)
            MPI_Issend(piece(s, j), s->bytes, MPI_BYTE, to, j, MPI_COMM_WORLD, &s->req[j]);
        else
            MPI_Isend(piece(s, j), s->bytes, MPI_BYTE, to, j, MPI_COMM_WORLD, &s->req[j]);
    }
    MPI_Waitall(s->pieces, s->req, MPI_STATUSES_IGNORE);
}

/* Receive the stream from `from` (every receive posted first), passing
 * each piece on to the ranks in next[0 .. nnext) as it arrives; *half,
 * *all: when the first half and all of the pieces were here. */
static void receive_stream(const stream *s, int from, const int *next, int nnext, double start,
                           double *half, double *all)
{
    MPI_Request *on = s->req + s->pieces;
    int nsent = 0;
    for (int j = 0; j < s->pieces; j++)
        MPI_Irecv(piece(s, j), s->bytes, MPI_BYTE, from, j, MPI_COMM_WORLD, &s->req[j]);
    for (int j = 0; j < s->pieces; j++) {
        MPI_Wait(&s->req[j], MPI_STATUS_IGNORE);
        for (int i = 0; i < nnext; i++)
            MPI_Isend(piece(s, j), s->bytes, MPI_BYTE, next[i], j, MPI_COMM_WORLD, &on[nsent++]);
        if (j == (s->pieces - 1) / 2)
            *half = (MPI_Wtime() - start) * 1e6;
    }
    *all = (MPI_Wtime() - start) * 1e6;
    MPI_Waitall(nsent, on, MPI_STATUSES_IGNORE);
}

/* One case; t: this rank's (half, all) if it ends the stream, else 0. */
static void run_case(int c, int rank, const stream *s, double start, double t[2])
{
    static const int children[2] = {4, 6};
    int forwards = c == FORWARD || c == DUPLEX;
    /* the stream ends at rank 2, or at its children; rank 3's only loads node 1 */
    int ends = forwards ? rank == 4 || rank == 6 : rank == 2;
    if (rank == 0)
        send_stream(s, 2, c != AT_ONCE);
    else if (rank == 1 && c == DUPLEX)
        send_stream(s, 3, 1);
    else if (rank == 2)
        receive_stream(s, 0, children, forwards ? 2 : 0, start, &t[0], &t[1]);
    else if (rank == 3 && c == DUPLEX)
        receive_stream(s, 1, NULL, 0, start, &t[0], &t[1]);
    else if (ends)
        receive_stream(s, 2, NULL, 0, start, &t[0], &t[1]);
    if (!ends)
        t[0] = t[1] = 0;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 8 || argc != 3) {
        if (rank == 0)
            fprintf(stderr, "probe-links: PIECES BYTES on 8 ranks (4 nodes of 2)\n");
        MPI_Finalize();
        return 1;
    }
    stream s = {atoi(argv[1]), atoi(argv[2]), NULL, NULL};
    s.buf = calloc((size_t)s.pieces * (size_t)s.bytes, 1);
    s.req = malloc(sizeof(MPI_Request) * 3 * (size_t)s.pieces);
    for (int c = 0; c < NCASES; c++) {
        double now, start, t[2], last[2];
        MPI_Barrier(MPI_COMM_WORLD);
        now = MPI_Wtime();
        MPI_Allreduce(&now, &start, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        start += 1e-3; /* every rank starts at this simulated moment */
        smpi_execute(start - MPI_Wtime());
        run_case(c, rank, &s, start, t);
        MPI_Reduce(t, last, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("%s,%d,%d,half,%.3f\n%s,%d,%d,all,%.3f\n", names[c], s.pieces, s.bytes, last[0],
                   names[c], s.pieces, s.bytes, last[1]);
    }
    free(s.req);
    free(s.buf);
    MPI_Finalize();
    return 0;
}

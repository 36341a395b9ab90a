/* What SimGrid SMPI charges a message's receiver: rank 0 sends one message
 * of each size to rank 1 (MPI_Send, MPI_Isend, MPI_Ssend, MPI_Issend; the
 * receive posted first, MPI_Irecv + MPI_Wait), and both report when their
 * call completed, in simulated microseconds after a synchronized start.
 * tests/sim/probe-overhead.sh runs it; doc/collectives.md quotes it.
 *
 *   probe-overhead BYTES...          (2 ranks; CSV on rank 0's stdout) */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { SEND, ISEND, SSEND, ISSEND, NMODES };
static const char *const names[NMODES] = {"send", "isend", "ssend", "issend"};

/* Send (rank 0) or receive (rank 1) one message of n bytes in `mode`. */
static void transfer(int rank, int mode, char *buf, int n)
{
    MPI_Request req;
    if (rank == 1) {
        MPI_Irecv(buf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (mode == SEND) {
        MPI_Send(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else if (mode == SSEND) {
        MPI_Ssend(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        if (mode == ISEND)
            MPI_Isend(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &req);
        else
            MPI_Issend(buf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) { /* one sender, one receiver: t[] holds both */
        if (rank == 0)
            fprintf(stderr, "probe-overhead: run it on 2 ranks, not %d\n", size);
        MPI_Finalize();
        return 1;
    }
    if (rank == 0)
        printf("mode,bytes,sender_us,receiver_us\n");
    for (int a = 1; a < argc; a++) {
        int n = atoi(argv[a]);
        char *buf = calloc((size_t)n + 1, 1);
        for (int mode = 0; mode < NMODES; mode++) {
            double now, start, t[2];
            MPI_Barrier(MPI_COMM_WORLD);
            now = MPI_Wtime();
            MPI_Allreduce(&now, &start, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            start += 1e-3; /* both ranks start at this simulated moment */
            smpi_execute(start - MPI_Wtime());
            if (rank < 2)
                transfer(rank, mode, buf, n);
            double mine = (MPI_Wtime() - start) * 1e6;
            MPI_Gather(&mine, 1, MPI_DOUBLE, rank == 0 ? t : NULL, 1, MPI_DOUBLE, 0,
                       MPI_COMM_WORLD);
            if (rank == 0)
                printf("%s,%d,%.3f,%.3f\n", names[mode], n, t[0], t[1]);
        }
        free(buf);
    }
    MPI_Finalize();
    return 0;
}

/* An MPI 3.1 program that uses none of what libhmpi_mpi4 adds: point-to-
 * point (blocking, nonblocking, persistent), the completion functions, the
 * blocking and nonblocking collectives, MPI_COMM_TYPE_SHARED. It must give
 * the same results with and without the library (linked or LD_PRELOADed).
 * With an argument N it also times a ping-pong of N round trips between
 * ranks 0 and 1 and prints the one-way latency (median of 5 runs). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi4_check.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void pingpong(int n)
{
    double t[5];
    char byte = 0;
    for (int run = 0; run < 5; run++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int i = 0; i < n && p > 1 && me < 2; i++) {
            MPI_Request r;
            if (me == 0) {
                MPI_Isend(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
                MPI_Recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Isend(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &r);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            }
        }
        t[run] = (MPI_Wtime() - t0) / (2.0 * n);
    }
    qsort(t, 5, sizeof t[0], compare_double);
    if (me == 0)
        printf("ping-pong: %.3f us one way (1 byte, Isend+Wait / Recv, median of 5 x %d)\n",
               t[2] * 1e6, n);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int right = (me + 1) % p, left = (me + p - 1) % p, in[4], out[4], flag, index, count;
    MPI_Request reqs[4];
    for (int round = 0; round < 10; round++) {
        out[0] = out[1] = round * 100 + me;
        MPI_Irecv(&in[0], 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&in[1], 1, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(&out[0], 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&out[1], 1, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[3]);
        switch (round % 4) {
        case 0:
            MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
            break;
        case 1:
            for (int k = 0; k < 4; k++)
                MPI_Waitany(4, reqs, &index, MPI_STATUS_IGNORE);
            break;
        case 2:
            do
                MPI_Testall(4, reqs, &flag, MPI_STATUSES_IGNORE);
            while (!flag);
            break;
        default:
            for (int done = 0; done < 4; done += count) {
                int idx[4];
                MPI_Waitsome(4, reqs, &count, idx, MPI_STATUSES_IGNORE);
            }
        }
        CHECK(in[0] == round * 100 + left && in[1] == round * 100 + right);
        for (int k = 0; k < 4; k++)
            CHECK(reqs[k] == MPI_REQUEST_NULL);
    }
    MPI_Send_init(&out[2], 1, MPI_INT, right, 3, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in[2], 1, MPI_INT, left, 3, MPI_COMM_WORLD, &reqs[1]);
    for (int round = 0; round < 3; round++) {
        out[2] = round + me;
        MPI_Startall(2, reqs);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
        CHECK(in[2] == round + left);
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    int sum = 0, isum = 0;
    MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Iallreduce(&me, &isum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    CHECK(sum == p * (p - 1) / 2 && isum == sum);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    CHECK(node != MPI_COMM_NULL);
    MPI_Comm_free(&node);
    if (argc > 1)
        pingpong(atoi(argv[1]));
    checks_done("mpi4_noop");
    MPI_Finalize();
    return 0;
}

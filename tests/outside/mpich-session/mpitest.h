/* What MPICH's session tests (test/mpi/session, copied unmodified beside
 * this file with their COPYRIGHT) take from MPICH's test harness: the
 * headers they include, MTestReturnValue and MTestTestIntercomm. hmpi's
 * own; not MPICH's. */
#ifndef HMPI_MPICH_MPITEST_H
#define HMPI_MPICH_MPITEST_H

#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The exit code of a test with `errors` errors. */
static inline int MTestReturnValue(int errors)
{
    return errors ? 1 : 0;
}

/* The check MPICH's harness makes of an intercommunicator: each process
 * sends its rank and the receiver's to every remote process, and checks
 * what each remote process sent it. The number of errors. */
static inline int MTestTestIntercomm(MPI_Comm comm)
{
    int rank, remote_size, got[2], errs = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_remote_size(comm, &remote_size);
    int *out = malloc(2 * (size_t)remote_size * sizeof *out);
    MPI_Request *reqs = malloc((size_t)remote_size * sizeof *reqs);
    if (!out || !reqs) {
        printf("Unable to allocate the buffers for %d remote processes\n", remote_size);
        free(out);
        free(reqs);
        return 1;
    }
    for (int j = 0; j < remote_size; j++) {
        out[2 * j] = rank;
        out[2 * j + 1] = j;
        MPI_Isend(&out[2 * j], 2, MPI_INT, j, 0, comm, &reqs[j]);
    }
    for (int j = 0; j < remote_size; j++) {
        MPI_Recv(got, 2, MPI_INT, j, 0, comm, MPI_STATUS_IGNORE);
        if (got[0] != j || got[1] != rank) {
            printf("Expected (%d, %d) from remote rank %d but saw (%d, %d)\n", j, rank, j, got[0],
                   got[1]);
            errs++;
        }
    }
    for (int j = 0; j < remote_size; j++) /* (MPICH's MPI_STATUSES_IGNORE upsets gcc) */
        MPI_Wait(&reqs[j], MPI_STATUS_IGNORE);
    free(out);
    free(reqs);
    return errs;
}

#endif

/* Assertions for the MPI 4 test programs, which use standard names only
 * (testutil.h needs hmpi.h): a failed check aborts the job with a message. */
#ifndef HMPI_MPI4_CHECK_H
#define HMPI_MPI4_CHECK_H

#include <mpi.h>
#include <stdio.h>

static int checks, me, p;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "[rank %d] %s:%d: check failed: %s\n", me, __FILE__, __LINE__, #cond); \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                          \
        }                                                                                          \
    } while (0)

/* Every process of comm reports; its rank 0 prints the tally. */
static inline void checks_done_on(const char *name, MPI_Comm comm)
{
    int total = 0, rank;
    MPI_Comm_rank(comm, &rank);
    MPI_Reduce(&checks, &total, 1, MPI_INT, MPI_SUM, 0, comm);
    if (rank == 0)
        printf("%s: %d checks passed\n", name, total);
}

static inline void checks_done(const char *name)
{
    checks_done_on(name, MPI_COMM_WORLD);
}

#endif

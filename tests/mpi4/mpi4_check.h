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

/* Every process reports; rank 0 prints the tally. */
static inline void checks_done(const char *name)
{
    int total = 0;
    MPI_Reduce(&checks, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("%s: %d checks passed\n", name, total);
}

#endif

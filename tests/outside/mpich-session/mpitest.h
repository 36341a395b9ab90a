/* What MPICH's session tests (test/mpi/session, copied unmodified beside
 * this file with their COPYRIGHT) take from MPICH's test harness header:
 * the headers it includes and MTestReturnValue. hmpi's own; not MPICH's. */
#ifndef HMPI_MPICH_MPITEST_H
#define HMPI_MPICH_MPITEST_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The exit code of a test with `errors` errors. */
static inline int MTestReturnValue(int errors)
{
    return errors ? 1 : 0;
}

#endif

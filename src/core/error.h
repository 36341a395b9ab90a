/* Errors and diagnostics: MPI error codes whose strings name the hmpi
 * function and argument (API.md §0). Private. */
#ifndef HMPI_CORE_ERROR_H
#define HMPI_CORE_ERROR_H

#include "hmpi_internal.h"

/* Build an error code whose MPI_Error_string is "<fn>: <formatted message>",
 * call the error handler of comm (MPI_COMM_WORLD when comm is MPI_COMM_NULL)
 * and return the code. */
int hmpi__error(MPI_Comm comm, int mpi_class, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Same, without calling any error handler (for internal propagation). */
int hmpi__error_code(int mpi_class, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Is code one of those hmpi made (with its text), not the MPI library's? */
int hmpi__error_is_own(int code);

/* Re-raise a code obtained from an inner hmpi or MPI call through comm's
 * error handler; returns the code. */
int hmpi__raise(MPI_Comm comm, int code);

/* Print to stderr when HMPI_VERBOSE is set; never otherwise. */
void hmpi__verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int hmpi__verbose_enabled(void);

/* Return from the enclosing function on the first error. */
#define TRY(call)                                                                                  \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != MPI_SUCCESS)                                                                    \
            return rc_;                                                                            \
    } while (0)

/* Free the cached codes (called by the finalize trigger, after the hooks). */
void hmpi__error_release(void);

#endif

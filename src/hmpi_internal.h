/* Private declarations shared by every module of hmpi. Not installed. */
#ifndef HMPI_INTERNAL_H
#define HMPI_INTERNAL_H

#include "hmpi.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* ---- util/error.c ------------------------------------------------------ */

/* Build an error code whose MPI_Error_string is "<fn>: <formatted message>",
 * call the error handler of comm (MPI_COMM_WORLD when comm is MPI_COMM_NULL)
 * and return the code. */
int hmpi__error(MPI_Comm comm, int mpi_class, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Same, without calling any error handler (for internal propagation). */
int hmpi__error_code(int mpi_class, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Re-raise a code obtained from an inner hmpi or MPI call through comm's
 * error handler; returns the code. */
int hmpi__raise(MPI_Comm comm, int code);

/* Print to stderr when HMPI_VERBOSE is set; never otherwise. */
void hmpi__verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int hmpi__verbose_enabled(void);

/* ---- util/levels.c ----------------------------------------------------- */

/* Kinds of hierarchy levels, top-down, as canonical names of API.md §0. */
enum hmpi__kind {
    HMPI__KIND_CLUSTER,
    HMPI__KIND_SWITCH,
    HMPI__KIND_MACHINE,
    HMPI__KIND_PACKAGE,
    HMPI__KIND_DIE,
    HMPI__KIND_NUMANODE,
    HMPI__KIND_GROUP,
    HMPI__KIND_L5CACHE,
    HMPI__KIND_L4CACHE,
    HMPI__KIND_L3CACHE,
    HMPI__KIND_L2CACHE,
    HMPI__KIND_L1CACHE,
    HMPI__KIND_CORE,
    HMPI__KIND_PU,
    HMPI__NKINDS
};

const char *hmpi__kind_name(int kind);
/* Case-insensitive, with the aliases of API.md; -1 when unknown. */
int hmpi__kind_parse(const char *name);
/* Comma-separated canonical names of the kinds set in mask, top-down. */
void hmpi__kinds_format(uint32_t mask, char *buf, size_t len);
/* Copy a level name into a user buffer of HMPI_MAX_LEVEL_NAME characters. */
void hmpi__copy_name(const char *name, char *type, int *resultlen);

/* ---- util/parse.c ------------------------------------------------------ */

/* Parse a non-negative decimal int; 0 on success. */
int hmpi__parse_int(const char *s, const char *end, int *value);
/* Info value lookup; returns 1 when found (copied, truncated to len-1). */
int hmpi__info_get(MPI_Info info, const char *key, char *value, int len);

/* ---- iso/neighborhood.c ---------------------------------------------- */

/* Row-major rank (as MPI numbers Cartesian ranks) of coords + sign * delta;
 * MPI_PROC_NULL off a non-periodic dimension. */
int hmpi__cart_rank(int ndims, const int *dims, const int *periods, const int *coords,
                    const int *delta, int sign);

/* ---- util/alloc -------------------------------------------------------- */

/* calloc of n elements (at least one, so that n == 0 is not an error). */
static inline void *hmpi__calloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}
#define HMPI__ALLOC(type, n) ((type *)hmpi__calloc((size_t)(n), sizeof(type)))

#endif /* HMPI_INTERNAL_H */

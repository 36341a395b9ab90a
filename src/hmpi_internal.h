/* Private declarations shared by every module of hmpi. Not installed. */
#ifndef HMPI_INTERNAL_H
#define HMPI_INTERNAL_H

#include "hmpi.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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

/* ---- util/grid.c -------------------------------------------------------- */

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

/* free() each of n pointers: a structure's arrays, released together. */
static inline void hmpi__free_all(void *const *ptrs, int n)
{
    for (int i = 0; i < n; i++)
        free(ptrs[i]);
}
#define HMPI__FREE_ALL(...)                                                                        \
    hmpi__free_all((void *const[]){__VA_ARGS__},                                                   \
                   (int)(sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *)))

#endif /* HMPI_INTERNAL_H */

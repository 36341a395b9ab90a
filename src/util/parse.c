/* Small parsing helpers shared by the modules (no MPI). */
#include "hmpi_internal.h"

#include <limits.h>

int hmpi__parse_int(const char *s, const char *end, int *value)
{
    long v = 0;
    if (s >= end)
        return -1;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
        if (v > INT_MAX)
            return -1;
    }
    *value = (int)v;
    return 0;
}

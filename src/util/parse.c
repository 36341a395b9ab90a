/* Small parsing helpers shared by the modules. */
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

int hmpi__info_get(MPI_Info info, const char *key, char *value, int len)
{
    int flag = 0;
    if (info == MPI_INFO_NULL)
        return 0;
    if (MPI_Info_get(info, key, len - 1, value, &flag) != MPI_SUCCESS)
        return 0;
    if (flag)
        value[len - 1] = '\0';
    return flag;
}

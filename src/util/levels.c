/* Level names: canonical output names and accepted input aliases (API.md §0). */
#include "hmpi_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const canonical[HMPI__NKINDS] = {
    "Cluster", "Switch",  "Machine", "Package", "Die",     "NUMANode", "Group",
    "L5Cache", "L4Cache", "L3Cache", "L2Cache", "L1Cache", "Core",     "PU",
};

static const struct {
    const char *alias;
    int kind;
} aliases[] = {
    {"node", HMPI__KIND_MACHINE},
    {"host", HMPI__KIND_MACHINE},
    {"mpi_shared_memory", HMPI__KIND_MACHINE},
    {"socket", HMPI__KIND_PACKAGE},
    {"pack", HMPI__KIND_PACKAGE},
    {"numa", HMPI__KIND_NUMANODE},
    {"l5", HMPI__KIND_L5CACHE},
    {"l4", HMPI__KIND_L4CACHE},
    {"l3", HMPI__KIND_L3CACHE},
    {"l2", HMPI__KIND_L2CACHE},
    {"l1", HMPI__KIND_L1CACHE},
    {"l1d", HMPI__KIND_L1CACHE},
    {"l1dcache", HMPI__KIND_L1CACHE},
    {"hwthread", HMPI__KIND_PU},
};

const char *hmpi__kind_name(int kind)
{
    return kind >= 0 && kind < HMPI__NKINDS ? canonical[kind] : "Unknown";
}

int hmpi__kind_parse(const char *name)
{
    if (!name)
        return -1;
    if (strncasecmp(name, "hwloc://", 8) == 0) /* MPI 4.1's resource names */
        name += 8;
    for (int k = 0; k < HMPI__NKINDS; k++)
        if (strcasecmp(name, canonical[k]) == 0)
            return k;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcasecmp(name, aliases[i].alias) == 0)
            return aliases[i].kind;
    return -1;
}

void hmpi__kinds_format(uint32_t mask, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (int k = 0; k < HMPI__NKINDS; k++) {
        if (!(mask & (1u << k)))
            continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", canonical[k]);
        if (n < 0 || (size_t)n >= len - used)
            return;
        used += (size_t)n;
    }
}

void hmpi__copy_name(const char *name, char *type, int *resultlen)
{
    size_t n = strlen(name);
    if (n > HMPI_MAX_LEVEL_NAME - 1)
        n = HMPI_MAX_LEVEL_NAME - 1;
    memcpy(type, name, n);
    type[n] = '\0';
    if (resultlen)
        *resultlen = (int)n;
}

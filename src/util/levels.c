/* Level names: canonical output names and accepted input aliases (API.md §0). */
#include "hmpi_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const canonical[HMPI__NKINDS] = {
    "Cluster", "Switch",  "Machine", "Package", "Die",     "NUMANode", "Group",
    "L5Cache", "L4Cache", "L3Cache", "L2Cache", "L1Cache", "Core",     "PU",
};

/* Every other name of a level that programs pass: the MPI standard's
 * (mpi_shared_memory), Open MPI's split types (OMPI_COMM_TYPE_*: cluster,
 * cu, host, board, numanode, socket, l3cache, l2cache, l1cache, core,
 * hwthread) and MPICH's (node, machine, socket, package, cpu, die, group,
 * core, hwthread, pu, the l1-l5 caches with their d/u forms, numanode, numa,
 * ddr; its bindset and hbm are sets of processes, not levels:
 * hierarchy/split.c); doc/mpi4.md, "Level names", has the table. */
static const struct {
    const char *alias;
    int kind;
} aliases[] = {
    {"cu", HMPI__KIND_SWITCH}, /* Open MPI's computing unit: the nodes under one switch */
    {"node", HMPI__KIND_MACHINE},
    {"host", HMPI__KIND_MACHINE},
    {"board", HMPI__KIND_MACHINE},
    {"mpi_shared_memory", HMPI__KIND_MACHINE},
    {"socket", HMPI__KIND_PACKAGE},
    {"pack", HMPI__KIND_PACKAGE},
    {"cpu", HMPI__KIND_PACKAGE}, /* MPICH: a processor chip */
    {"numa", HMPI__KIND_NUMANODE},
    {"ddr", HMPI__KIND_NUMANODE}, /* MPICH: a NUMA node of ordinary memory */
    {"l5", HMPI__KIND_L5CACHE},
    {"l4", HMPI__KIND_L4CACHE},
    {"l3", HMPI__KIND_L3CACHE},
    {"l2", HMPI__KIND_L2CACHE},
    {"l1", HMPI__KIND_L1CACHE},
    {"l1d", HMPI__KIND_L1CACHE},
    {"hwthread", HMPI__KIND_PU},
};

/* MPICH's data and unified forms of the caches: l<n>dcache, l<n>ucache. */
static int cache_form(const char *name)
{
    if ((name[0] != 'l' && name[0] != 'L') || name[1] < '1' || name[1] > '5' ||
        (strchr("dDuU", name[2]) == NULL || name[2] == '\0') || strcasecmp(name + 3, "cache") != 0)
        return -1;
    return HMPI__KIND_L1CACHE - (name[1] - '1');
}

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
    return cache_form(name);
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

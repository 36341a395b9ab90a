/* The hardware process sets of libhmpi_mpi4's Sessions (doc/mpi4.md,
 * "Sessions"): mpix://SHARED (the library's shared-memory node) and one per
 * hardware level and device class, each process's own instance:
 * hmpi://Machine, hmpi://Package, hmpi://NUMANode, ..., hmpi://gpu,
 * hmpi://nic (the processes whose nearest GPU / NIC is the same). A process
 * outside every instance of a level (unbound) does not list it.
 *
 * Made once, where every process is, by hmpi's guided splits of a
 * communicator of the whole world; kept as ranks of mpi://WORLD, so that
 * each session's groups come from that session's mpi://WORLD (MPI 4.0 ties
 * a group to the session it came from). Released at MPI_Finalize where
 * they were made in the world model; under Sessions alone they stay until
 * the process ends (making them again would be collective). Both ways of Sessions use them:
 * hmpi's own on MPI 3.1 libraries (sessions.c) and hmpi's beside an MPI 4.0
 * library's (sessions_beside.c). */
#include "core/entry.h"
#include "core/finalize.h"
#include "core/world.h"
#include "mpi4/mpi4.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TYPES 32

typedef struct hw_set {
    char name[MPI_MAX_PSET_NAME_LEN];
    int size;
    int *ranks; /* in mpi://WORLD, in the set's order */
} hw_set;

static pthread_mutex_t sets_lock = PTHREAD_MUTEX_INITIALIZER;
static hw_set sets[HMPI__MAX_PSETS];
static int nsets, made;

static void free_sets(int mpi_usable)
{
    (void)mpi_usable;
    pthread_mutex_lock(&sets_lock);
    while (nsets > 0)
        free(sets[--nsets].ranks);
    made = 0;
    pthread_mutex_unlock(&sets_lock);
}

/* The set `name`: the ranks of comm's group in world's. */
static int add_set(MPI_Comm world, const char *name, MPI_Comm comm)
{
    MPI_Group group, world_group;
    int n, *in, rc = MPI_ERR_NO_MEM;
    if (nsets == HMPI__MAX_PSETS)
        return MPI_SUCCESS;
    PMPI_Comm_size(comm, &n);
    int *ranks = malloc(2 * (size_t)n * sizeof *ranks);
    if (ranks) {
        in = ranks + n;
        for (int i = 0; i < n; i++)
            in[i] = i;
        PMPI_Comm_group(comm, &group);
        PMPI_Comm_group(world, &world_group);
        rc = PMPI_Group_translate_ranks(group, n, in, world_group, ranks);
        PMPI_Group_free(&group);
        PMPI_Group_free(&world_group);
    }
    if (rc != MPI_SUCCESS) {
        free(ranks);
        return rc;
    }
    hw_set *s = &sets[nsets++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->size = n;
    s->ranks = ranks;
    return MPI_SUCCESS;
}

/* This process's instance of a split of world (guided by `level` when not
 * NULL), as the set `name`; none where it gets MPI_COMM_NULL. Collective
 * over world. */
static int add_split(MPI_Comm world, const char *name, int split_type, const char *level)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm comm;
    int rank, rc;
    PMPI_Comm_rank(world, &rank);
    if (level) {
        PMPI_Info_create(&info);
        PMPI_Info_set(info, "mpi_hw_resource_type", level);
    }
    rc = hmpi__comm_split_type(world, split_type, rank, info, &comm, "MPI_Session_init");
    if (info != MPI_INFO_NULL)
        PMPI_Info_free(&info);
    if (rc != MPI_SUCCESS || comm == MPI_COMM_NULL)
        return rc;
    rc = add_set(world, name, comm);
    PMPI_Comm_free(&comm);
    return rc;
}

/* Every set (the levels and device classes of HMPI_Get_hw_resource_types);
 * all or, where any process failed, none. Collective over world. Under
 * sets_lock. */
static void make_sets(MPI_Comm world)
{
    char types[MAX_TYPES][HMPI_MAX_LEVEL_NAME], name[MPI_MAX_PSET_NAME_LEN];
    int ntypes = 0, failed;
    int rc = add_split(world, "mpix://SHARED", MPI_COMM_TYPE_SHARED, NULL);
    if (rc == MPI_SUCCESS)
        rc = hmpi__hw_resource_types(world, &ntypes, types, MAX_TYPES, "MPI_Session_init");
    for (int i = 0; rc == MPI_SUCCESS && i < ntypes && i < MAX_TYPES; i++) {
        snprintf(name, sizeof name, "hmpi://%s", types[i]);
        rc = add_split(world, name, HMPI_COMM_TYPE_HW_GUIDED, types[i]);
    }
    /* (a process that failed made fewer splits: the others' wait for it ends
     * with the agreement, which every process reaches) */
    if (hmpi__any_failed(world, rc != MPI_SUCCESS, &failed) != MPI_SUCCESS || failed)
        while (nsets > 0)
            free(sets[--nsets].ranks);
}

void hmpi__psets_make(MPI_Comm world)
{
    pthread_mutex_lock(&sets_lock);
    if (!made) {
        MPI_Comm dup; /* (the program's traffic apart, errors returned) */
        if (PMPI_Comm_dup(world, &dup) == MPI_SUCCESS) {
            PMPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
            make_sets(dup);
            PMPI_Comm_free(&dup);
        }
        made = 1;
    }
    pthread_mutex_unlock(&sets_lock);
    if (hmpi__world_model())
        hmpi__at_finalize(free_sets);
}

int hmpi__psets_count(void)
{
    pthread_mutex_lock(&sets_lock);
    int n = nsets;
    pthread_mutex_unlock(&sets_lock);
    return n;
}

int hmpi__psets_name(int i, char name[MPI_MAX_PSET_NAME_LEN])
{
    pthread_mutex_lock(&sets_lock);
    int there = i >= 0 && i < nsets;
    if (there)
        memcpy(name, sets[i].name, MPI_MAX_PSET_NAME_LEN);
    pthread_mutex_unlock(&sets_lock);
    return there;
}

int hmpi__psets_find(const char *name)
{
    int found = -1;
    pthread_mutex_lock(&sets_lock);
    for (int i = 0; name && i < nsets && found < 0; i++)
        if (strcasecmp(sets[i].name, name) == 0)
            found = i;
    pthread_mutex_unlock(&sets_lock);
    return found;
}

int hmpi__psets_size(int i)
{
    pthread_mutex_lock(&sets_lock);
    int size = i >= 0 && i < nsets ? sets[i].size : 0;
    pthread_mutex_unlock(&sets_lock);
    return size;
}

int hmpi__psets_group(int i, MPI_Group world, MPI_Group *group)
{
    pthread_mutex_lock(&sets_lock);
    int rc = i >= 0 && i < nsets ? PMPI_Group_incl(world, sets[i].size, sets[i].ranks, group)
                                 : MPI_ERR_ARG;
    pthread_mutex_unlock(&sets_lock);
    return rc;
}

void hmpi__psets_size_info(int size, MPI_Info *info)
{
    char value[16];
    snprintf(value, sizeof value, "%d", size);
    PMPI_Info_create(info);
    PMPI_Info_set(*info, "mpi_size", value);
}

void hmpi__psets_name_out(const char *name, int *pset_len, char *pset_name)
{
    int len = (int)strlen(name) + 1;
    if (*pset_len > 0) {
        int copy = len < *pset_len ? len - 1 : *pset_len - 1;
        memcpy(pset_name, name, (size_t)copy);
        pset_name[copy] = '\0';
    }
    *pset_len = len;
}

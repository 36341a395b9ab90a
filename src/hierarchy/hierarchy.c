/* Hierarchy objects: the whole chain of splits with conduits, built in one
 * collective call (Träff 2003 §4, MPC conduits).
 *
 * Unguided chain: per level one allreduce and two MPI_Comm_split (level and
 * conduit). The numbering of a level (its index among its siblings, known to
 * its rank 0 through the conduit) travels in the next level's allreduce, so
 * no extra collective is needed. With info hmpi_levels, guided splits at the
 * named levels, top-down. */
#include "core/config.h"
#include "core/pmpi.h"
#include "hierarchy/split.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct hmpi_hierarchy {
    MPI_Comm base;     /* level 0, not owned */
    int depth;         /* levels below level 0 for this process */
    int max_depth;     /* over base */
    MPI_Comm *level;   /* [depth + 1] */
    MPI_Comm *conduit; /* [depth + 1]; conduit[depth] is MPI_COMM_NULL */
};

static int push_level(struct hmpi_hierarchy *h, MPI_Comm level, MPI_Comm conduit)
{
    MPI_Comm *lv = realloc(h->level, (size_t)(h->depth + 2) * sizeof *lv);
    if (!lv)
        return MPI_ERR_NO_MEM;
    h->level = lv;
    MPI_Comm *cd = realloc(h->conduit, (size_t)(h->depth + 2) * sizeof *cd);
    if (!cd)
        return MPI_ERR_NO_MEM;
    h->conduit = cd;
    h->conduit[h->depth] = conduit;
    h->depth++;
    h->level[h->depth] = level;
    h->conduit[h->depth] = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

static void release(struct hmpi_hierarchy *h)
{
    for (int l = 0; h->level && l <= h->depth; l++) {
        if (l > 0 && h->level[l] != MPI_COMM_NULL)
            MPI_Comm_free(&h->level[l]);
        if (h->conduit[l] != MPI_COMM_NULL)
            MPI_Comm_free(&h->conduit[l]);
    }
    free(h->level);
    free(h->conduit);
    free(h);
}

static int build_unguided(struct hmpi_hierarchy *h, hmpi__commloc *cl, const char *fn)
{
    MPI_Comm cur = h->base;
    hmpi__commloc *curcl = cl;
    int pending[2] = {-1, -1}; /* (num, index) of cur, known to cur's rank 0 */
    for (;;) {
        MPI_Comm next, conduit;
        hmpi__commloc *nextcl = NULL;
        int learned[2];
        int rc = hmpi__unguided_step(cur, curcl, pending, learned, &next, &conduit, &nextcl, fn);
        if (rc != MPI_SUCCESS)
            return rc;
        if (cur != h->base) {
            curcl->num_comms = learned[0];
            curcl->index = learned[1];
        }
        if (next == MPI_COMM_NULL) {
            if (conduit != MPI_COMM_NULL) /* cannot happen: roots are members of next */
                MPI_Comm_free(&conduit);
            return MPI_SUCCESS;
        }
        if ((rc = push_level(h, next, conduit)) != MPI_SUCCESS) {
            MPI_Comm_free(&next);
            if (conduit != MPI_COMM_NULL)
                MPI_Comm_free(&conduit);
            return rc;
        }
        pending[0] = nextcl->num_comms;
        pending[1] = nextcl->index;
        cur = next;
        curcl = nextcl;
    }
}

static int build_guided(struct hmpi_hierarchy *h, hmpi__commloc *cl, const int *kinds, int n,
                        const char *fn)
{
    MPI_Comm cur = h->base;
    hmpi__commloc *curcl = cl;
    for (int i = 0; i < n && cur != MPI_COMM_NULL; i++) {
        MPI_Comm next, conduit;
        int rank, size, nsize = 0, rc;
        MPI_Comm_rank(cur, &rank);
        MPI_Comm_size(cur, &size);
        rc = hmpi__guided_split(cur, curcl, kinds[i], rank, &next, &conduit, fn);
        if (rc != MPI_SUCCESS)
            return rc;
        if (next != MPI_COMM_NULL)
            MPI_Comm_size(next, &nsize);
        if (next != MPI_COMM_NULL && nsize == size) { /* the level does not split cur: skip */
            MPI_Comm_free(&next);
            if (conduit != MPI_COMM_NULL)
                MPI_Comm_free(&conduit);
            continue;
        }
        if (next == MPI_COMM_NULL) {
            if (conduit != MPI_COMM_NULL)
                MPI_Comm_free(&conduit);
            break;
        }
        if ((rc = push_level(h, next, conduit)) != MPI_SUCCESS) {
            MPI_Comm_free(&next);
            if (conduit != MPI_COMM_NULL)
                MPI_Comm_free(&conduit);
            return rc;
        }
        cur = next;
        curcl = hmpi__commloc_find(next);
    }
    return MPI_SUCCESS;
}

int HMPI_Hierarchy_create(MPI_Comm comm, MPI_Info info, HMPI_Hierarchy *hier)
{
    static const char fn[] = "HMPI_Hierarchy_create";
    hmpi__commloc *cl;
    hmpi__cfg_value levels;
    int kinds[HMPI__NKINDS], nkinds = 0, rc;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (!hier)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'hier' is NULL");
    if ((rc = hmpi__config_get(HMPI__CFG_LEVELS, info, fn, &levels)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    for (int k = 0; k < HMPI__NKINDS; k++) /* top-down, whatever the order given */
        if (levels.mask & (1u << k))
            kinds[nkinds++] = k;
    int guided = levels.source != HMPI__FROM_DEFAULT && levels.text[0];
    if ((rc = hmpi__commloc_ensure(comm, 1, fn, &cl)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    struct hmpi_hierarchy *h = calloc(1, sizeof *h);
    if (!h || !(h->level = malloc(sizeof *h->level)) ||
        !(h->conduit = malloc(sizeof *h->conduit))) {
        if (h)
            release(h);
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
    }
    h->base = comm;
    h->level[0] = comm;
    h->conduit[0] = MPI_COMM_NULL;
    rc = guided ? build_guided(h, cl, kinds, nkinds, fn) : build_unguided(h, cl, fn);
    if (rc == MPI_SUCCESS) {
        h->max_depth = h->depth;
        rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, &h->max_depth, 1, MPI_INT, MPI_MAX, comm);
    }
    if (rc != MPI_SUCCESS) {
        release(h);
        return hmpi__raise(comm, rc);
    }
    *hier = h;
    return MPI_SUCCESS;
}

int HMPI_Hierarchy_depth(HMPI_Hierarchy hier, int *depth)
{
    if (!hier || !depth)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Hierarchy_depth",
                           "argument '%s' is NULL", !hier ? "hier" : "depth");
    *depth = hier->depth;
    return MPI_SUCCESS;
}

int HMPI_Hierarchy_max_depth(HMPI_Hierarchy hier, int *max_depth)
{
    if (!hier || !max_depth)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Hierarchy_max_depth",
                           "argument '%s' is NULL", !hier ? "hier" : "max_depth");
    *max_depth = hier->max_depth;
    return MPI_SUCCESS;
}

/* comms[level] of hier, level in 0..last (what `last` is: for messages). */
static int comm_at(const char *fn, HMPI_Hierarchy hier, int level, const MPI_Comm *comms, int last,
                   const char *what, MPI_Comm *comm)
{
    if (!hier || !comm)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !hier ? "hier" : "comm");
    if (level < 0 || level > last)
        return hmpi__error(hier->base, MPI_ERR_ARG, fn,
                           "argument 'level' (%d) is not in 0..%d (%s)", level, last, what);
    *comm = comms[level];
    return MPI_SUCCESS;
}

int HMPI_Hierarchy_level_comm(HMPI_Hierarchy hier, int level, MPI_Comm *comm)
{
    return comm_at("HMPI_Hierarchy_level_comm", hier, level, hier ? hier->level : NULL,
                   hier ? hier->depth : 0, "this process's depth", comm);
}

int HMPI_Hierarchy_conduit_comm(HMPI_Hierarchy hier, int level, MPI_Comm *comm)
{
    return comm_at("HMPI_Hierarchy_conduit_comm", hier, level, hier ? hier->conduit : NULL,
                   hier ? hier->depth - 1 : 0, "depth - 1", comm);
}

int HMPI_Hierarchy_free(HMPI_Hierarchy *hier)
{
    if (!hier || !*hier)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Hierarchy_free",
                           "argument '%s' is NULL", !hier ? "hier" : "*hier");
    release(*hier);
    *hier = HMPI_HIERARCHY_NULL;
    return MPI_SUCCESS;
}

/* Hierarchical splits (Goglin et al. 2018, MPI 4.0 HW split types).
 *
 * Scalable: no process learns the locality of the others to split. Each
 * split starts with one allreduce (MPI_MAX) of O(depth) integers: for every
 * depth k of the paths, the maximum id and the maximum of the negated ids,
 * which tells whether all processes share the element at depth k. The common
 * prefix ends at the deepest common object; the colour of a process is the id
 * of its next element (ids are unique among siblings), so one MPI_Comm_split
 * creates the communicators of the next level. */
#include "hierarchy/split.h"
#include "core/config.h"
#include "core/entry.h"
#include "core/pmpi.h"
#include "util/hash.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Split type codes agreed through the allreduce (MPI_UNDEFINED: 0). */
enum { TYPE_UNDEFINED, TYPE_SHARED, TYPE_UNGUIDED, TYPE_GUIDED, TYPE_PSET };

/* Values of the one agreement allreduce: the path ids, then these. */
enum { AGREE_TYPE = HMPI__MAX_DEPTH, AGREE_KIND, AGREE_EXTRA0, AGREE_EXTRA1, AGREE_N };

int hmpi__agree(MPI_Comm comm, const hmpi__path *path, int type, int kind, const int extra[2],
                hmpi__agreement *out)
{
    long v[AGREE_N], lo[AGREE_N], hi[AGREE_N];
    for (int k = 0; k < HMPI__MAX_DEPTH; k++) /* absent counts as id -1 */
        v[k] = path && k < path->len ? path->elem[k].id : -1;
    v[AGREE_TYPE] = type;
    v[AGREE_KIND] = kind == HMPI__NO_KIND ? HMPI__NO_VALUE : kind;
    v[AGREE_EXTRA0] = extra ? extra[0] : -1;
    v[AGREE_EXTRA1] = extra ? extra[1] : -1;
    int rc = hmpi__allreduce_range(comm, AGREE_N, v, lo, hi);
    if (rc != MPI_SUCCESS)
        return rc;
    int c = 0;
    while (c < HMPI__MAX_DEPTH && hi[c] >= 0 && lo[c] == hi[c])
        c++;
    out->common = c;
    out->has_child = c < HMPI__MAX_DEPTH && hi[c] >= 0;
    out->type = (int)hi[AGREE_TYPE];
    out->kind = hi[AGREE_KIND] != HMPI__NO_VALUE && lo[AGREE_KIND] == hi[AGREE_KIND]
                    ? (int)hi[AGREE_KIND]
                    : -1;
    out->extra[0] = (int)hi[AGREE_EXTRA0];
    out->extra[1] = (int)hi[AGREE_EXTRA1];
    return MPI_SUCCESS;
}

/* (index, num) of newcomm's level among the communicators split from parent,
 * ordered by their lowest parent rank, for any key: O(size of newcomm) local
 * work to find the leader, an exclusive scan and an allreduce over parent
 * (overlapped), a broadcast over newcomm. */
static int level_numbers(MPI_Comm parent, MPI_Comm newcomm, int *num, int *index)
{
    int prank, psize, is_leader = 0, leader_rank = 0, count = 0, rc;
    int pair[2] = {0, 0};
    MPI_Comm_rank(parent, &prank);
    MPI_Comm_size(parent, &psize);
    if (newcomm != MPI_COMM_NULL) {
        int n, *pranks = hmpi__parent_ranks(newcomm, parent);
        if (!pranks)
            return MPI_ERR_NO_MEM;
        MPI_Comm_size(newcomm, &n);
        for (int i = 1; i < n; i++)
            if (pranks[i] < pranks[leader_rank])
                leader_rank = i;
        is_leader = pranks[leader_rank] == prank;
        free(pranks);
    }
    /* Leaders before me, and all leaders: two overlapped reductions. */
    int total = 0;
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status status[2];
    /* (one process: no exscan, whose result rank 0 ignores; MPICH 4.0.2's
     * crashes there under Sessions) */
    rc = psize == 1 ? MPI_SUCCESS
                    : HMPI__MPI(Iexscan)(&is_leader, &count, 1, MPI_INT, MPI_SUM, parent, &req[0]);
    if (rc == MPI_SUCCESS)
        rc = HMPI__MPI(Iallreduce)(&is_leader, &total, 1, MPI_INT, MPI_SUM, parent, &req[1]);
    if (rc == MPI_SUCCESS)
        rc = HMPI__MPI(Waitall)(2, req, status); /* (MPI_STATUSES_IGNORE trips GCC 12 with MPICH) */
    if (rc != MPI_SUCCESS)
        return rc;
    if (prank == 0)
        count = 0; /* MPI_Exscan leaves rank 0's result undefined */
    if (newcomm == MPI_COMM_NULL)
        return MPI_SUCCESS;
    pair[0] = count;
    if ((rc = HMPI__MPI(Bcast)(pair, 1, MPI_INT, leader_rank, newcomm)) != MPI_SUCCESS)
        return rc;
    *index = pair[0];
    *num = total;
    return MPI_SUCCESS;
}

static int32_t prefix_hash(const hmpi__path *path, int last)
{
    uint32_t h = HMPI__HASH_INIT;
    for (int k = 0; k <= last; k++)
        h = hmpi__hash_u32(h, (uint32_t)path->elem[k].id);
    return hmpi__hash_int(hmpi__hash_u32(h, (uint32_t)last));
}

/* Deepest element of path whose chain contains kind, -1 if none. */
static int element_of_kind(const hmpi__path *path, int kind)
{
    for (int k = path->len - 1; k >= 0; k--)
        if (path->elem[k].aliases & (1u << kind))
            return k;
    return -1;
}

/* Do all processes of comm share elements 0..e? (one allreduce) */
static int same_object(MPI_Comm comm, const hmpi__path *path, int e, int *same)
{
    hmpi__path prefix = *path;
    hmpi__agreement a;
    prefix.len = e + 1;
    int rc = hmpi__agree(comm, &prefix, e, HMPI__NO_KIND, NULL, &a);
    if (rc == MPI_SUCCESS)
        *same = a.common == e + 1 && !a.has_child;
    return rc;
}

/* Exact split of comm by elements 0..e, one element at a time (colour
 * collisions of prefix_hash only; practically never runs). */
static int split_exact(MPI_Comm comm, const hmpi__path *path, int e, int key, MPI_Comm *out)
{
    MPI_Comm cur;
    int rc = MPI_Comm_split(comm, e, key, &cur);
    for (int k = 0; rc == MPI_SUCCESS && k <= e; k++) {
        MPI_Comm next;
        rc = MPI_Comm_split(cur, path->elem[k].id, key, &next);
        MPI_Comm_free(&cur);
        cur = next;
    }
    if (rc == MPI_SUCCESS)
        *out = cur;
    return rc;
}

static int split_by_element(MPI_Comm comm, const hmpi__path *path, int e, int key,
                            MPI_Comm *newcomm)
{
    int colour = e < 0 ? MPI_UNDEFINED : prefix_hash(path, e), same = 1;
    int rc = MPI_Comm_split(comm, colour, key, newcomm);
    if (rc != MPI_SUCCESS || *newcomm == MPI_COMM_NULL)
        return rc;
    if ((rc = same_object(*newcomm, path, e, &same)) != MPI_SUCCESS || same)
        return rc;
    MPI_Comm exact = MPI_COMM_NULL;
    rc = split_exact(*newcomm, path, e, key, &exact);
    MPI_Comm_free(newcomm);
    *newcomm = exact;
    return rc;
}

/* The processes of one node with the same n values ids (exact: a colour
 * of the node's prefix and the values, then all of them agreed). */
static int split_in_node(MPI_Comm comm, const hmpi__commloc *cl, const int32_t *ids, int n,
                         int participate, int key, MPI_Comm *newcomm)
{
    hmpi__path set = cl->path; /* the node's prefix, then the values */
    int machine = element_of_kind(&cl->path, HMPI__KIND_MACHINE), e = machine + n;
    if (machine < 0 || e >= HMPI__MAX_DEPTH)
        participate = 0; /* (a path always has its Machine, and room below it) */
    for (int k = 0; participate && k < n; k++)
        set.elem[machine + 1 + k] = (hmpi__elem){ids[k], HMPI__KIND_PU, 0};
    set.len = participate ? e + 1 : 0;
    return split_by_element(comm, &set, participate ? e : -1, key, newcomm);
}

/* MPICH's bindset: the processes bound to the same processing units. */
static int bindset_split(MPI_Comm comm, const hmpi__commloc *cl, int participate, int key,
                         MPI_Comm *newcomm)
{
    int32_t ids[2] = {hmpi__hash_int(cl->path.binding[0]), hmpi__hash_int(cl->path.binding[1])};
    return split_in_node(comm, cl, ids, 2, participate, key, newcomm);
}

/* MPICH's hbm: the processes nearest the same NUMA node of high-bandwidth
 * memory; MPI_COMM_NULL where none contains the binding. */
static int hbm_split(MPI_Comm comm, const hmpi__commloc *cl, int participate, int key,
                     MPI_Comm *newcomm)
{
    int32_t id = cl->path.hbm;
    return split_in_node(comm, cl, &id, 1, participate && id > 0, key, newcomm);
}

/* Roots of the communicators just split from parent, in parent order. */
static int split_roots(MPI_Comm parent, MPI_Comm newcomm, MPI_Comm *rootscomm)
{
    int prank, nrank = -1;
    MPI_Comm_rank(parent, &prank);
    if (newcomm != MPI_COMM_NULL)
        MPI_Comm_rank(newcomm, &nrank);
    return MPI_Comm_split(parent, nrank == 0 ? 0 : MPI_UNDEFINED, prank, rootscomm);
}

static int attach_roots(MPI_Comm rootscomm, const hmpi__commloc *cl, MPI_Comm parent, int kind,
                        uint32_t aliases)
{
    if (rootscomm == MPI_COMM_NULL)
        return MPI_SUCCESS;
    return hmpi__commloc_attach_child(rootscomm, cl, parent, kind, aliases, 1, 0, NULL);
}

/* A failed split's communicators, freed (those it made). */
static void free_pair(MPI_Comm *a, MPI_Comm *b)
{
    if (*a != MPI_COMM_NULL)
        MPI_Comm_free(a);
    if (*b != MPI_COMM_NULL)
        MPI_Comm_free(b);
}

/* The processes of comm that share path element e (-1: none for this one). */
static int guided_at(MPI_Comm comm, hmpi__commloc *cl, int e, int key, MPI_Comm *newcomm,
                     MPI_Comm *rootscomm)
{
    int num = 0, index = 0, rc;
    MPI_Comm nc = MPI_COMM_NULL, rc_comm = MPI_COMM_NULL;
    if ((rc = split_by_element(comm, &cl->path, e, key, &nc)) != MPI_SUCCESS)
        return rc;
    if ((rc = level_numbers(comm, nc, &num, &index)) != MPI_SUCCESS)
        goto fn_fail;
    if (rootscomm && (rc = split_roots(comm, nc, &rc_comm)) != MPI_SUCCESS)
        goto fn_fail;
    if (nc != MPI_COMM_NULL && (rc = hmpi__commloc_attach_child(nc, cl, comm, cl->path.elem[e].kind,
                                                                cl->path.elem[e].aliases, num,
                                                                index, NULL)) != MPI_SUCCESS)
        goto fn_fail;
    if (rc_comm != MPI_COMM_NULL && e > 0 &&
        (rc = attach_roots(rc_comm, cl, comm, cl->path.elem[e - 1].kind,
                           cl->path.elem[e - 1].aliases)) != MPI_SUCCESS)
        goto fn_fail;
    *newcomm = nc;
    if (rootscomm)
        *rootscomm = rc_comm;
    return MPI_SUCCESS;
fn_fail:
    free_pair(&nc, &rc_comm);
    return rc;
}

int hmpi__guided_split(MPI_Comm comm, hmpi__commloc *cl, int kind, int key, MPI_Comm *newcomm,
                       MPI_Comm *rootscomm, const char *fn)
{
    (void)fn;
    return guided_at(comm, cl, kind >= 0 ? element_of_kind(&cl->path, kind) : -1, key, newcomm,
                     rootscomm);
}

int hmpi__unguided_step(MPI_Comm comm, hmpi__commloc *cl, const int leader_extra[2], int learned[2],
                        MPI_Comm *newcomm, MPI_Comm *rootscomm, hmpi__commloc **newcl,
                        const char *fn)
{
    hmpi__agreement a;
    int rank, rc;
    MPI_Comm nc = MPI_COMM_NULL, roots = MPI_COMM_NULL;
    (void)fn;
    MPI_Comm_rank(comm, &rank);
    rc = hmpi__agree(comm, &cl->path, TYPE_UNGUIDED, HMPI__NO_KIND, rank == 0 ? leader_extra : NULL,
                     &a);
    if (rc != MPI_SUCCESS)
        return rc;
    if (learned) {
        learned[0] = a.extra[0];
        learned[1] = a.extra[1];
    }
    *newcl = NULL;
    if (a.has_child) { /* otherwise nobody gets a communicator: no split at all */
        int c = a.common, mine = cl->path.len > c;
        const hmpi__elem *child = mine ? &cl->path.elem[c] : NULL;
        if ((rc = MPI_Comm_split(comm, mine ? child->id : MPI_UNDEFINED, rank, &nc)) ||
            (rc = split_roots(comm, nc, &roots)))
            goto fn_fail;
        if (nc != MPI_COMM_NULL) {
            int num = -1, index = -1;
            if (roots != MPI_COMM_NULL) { /* rank 0 of nc: roots give the numbering */
                MPI_Comm_rank(roots, &index);
                MPI_Comm_size(roots, &num);
            }
            if ((rc = hmpi__commloc_attach_child(nc, cl, comm, child->kind, child->aliases, num,
                                                 index, newcl)) != MPI_SUCCESS)
                goto fn_fail;
        }
        const hmpi__elem *top = &cl->path.elem[c - 1];
        if ((rc = attach_roots(roots, cl, comm, top->kind, top->aliases)) != MPI_SUCCESS)
            goto fn_fail;
    }
    *newcomm = nc;
    *rootscomm = roots;
    return MPI_SUCCESS;
fn_fail:
    free_pair(&nc, &roots);
    return rc;
}

/* The end of a one-level split: nc's numbering, then its locality at
 * elem (none: NULL); nc freed on failure. Collective over comm. */
static int finish_level(MPI_Comm comm, hmpi__commloc *cl, MPI_Comm nc, int kind,
                        const hmpi__elem *elem, MPI_Comm *newcomm)
{
    int num = 0, index = 0, rc = level_numbers(comm, nc, &num, &index);
    if (rc == MPI_SUCCESS && nc != MPI_COMM_NULL && elem)
        rc = hmpi__commloc_attach_child(nc, cl, comm, kind, elem->aliases, num, index, NULL);
    if (rc != MPI_SUCCESS) {
        if (nc != MPI_COMM_NULL)
            MPI_Comm_free(&nc);
        return rc;
    }
    *newcomm = nc;
    return MPI_SUCCESS;
}

/* Unguided split with any key: the colour of the step above, then numbering. */
static int unguided_split(MPI_Comm comm, hmpi__commloc *cl, const hmpi__agreement *a, int key,
                          MPI_Comm *newcomm)
{
    int c = a->common, mine = a->has_child && cl->path.len > c, rc;
    const hmpi__elem *child = mine ? &cl->path.elem[c] : NULL;
    MPI_Comm nc = MPI_COMM_NULL;
    if (!a->has_child) {
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    if ((rc = MPI_Comm_split(comm, mine ? child->id : MPI_UNDEFINED, key, &nc)) != MPI_SUCCESS)
        return rc;
    return finish_level(comm, cl, nc, mine ? child->kind : 0, child, newcomm);
}

/* MPI_COMM_TYPE_SHARED on a real run: the MPI library's own node split. */
static int shared_split_real(MPI_Comm comm, hmpi__commloc *cl, int participate, int key,
                             MPI_Comm *newcomm)
{
    MPI_Comm nc;
    int rc, m = 0;
    rc = HMPI__MPI(Comm_split_type)(comm, participate ? MPI_COMM_TYPE_SHARED : MPI_UNDEFINED, key,
                                    MPI_INFO_NULL, &nc);
    if (rc != MPI_SUCCESS)
        return rc;
    while (m < cl->path.len && !(cl->path.elem[m].aliases & (1u << HMPI__KIND_MACHINE)))
        m++;
    return finish_level(comm, cl, nc, HMPI__KIND_MACHINE,
                        m < cl->path.len ? &cl->path.elem[m] : NULL, newcomm);
}

static int type_code(int split_type)
{
    switch (split_type) {
    case MPI_UNDEFINED:
        return TYPE_UNDEFINED;
    case MPI_COMM_TYPE_SHARED:
        return TYPE_SHARED;
    case HMPI_COMM_TYPE_HW_UNGUIDED:
        return TYPE_UNGUIDED;
    case HMPI_COMM_TYPE_HW_GUIDED:
    case HMPI_COMM_TYPE_RESOURCE_GUIDED: /* with mpi_hw_resource_type; psets apart */
        return TYPE_GUIDED;
    default:
        return -1;
    }
}

/* Level requested by a guided split, -1 (and a verbose note) when unusable;
 * HMPI__KIND_DEVICE for a device's name, *device the path element it hangs
 * from (-1: none near this process). */
static int guided_kind(MPI_Info info, const char *fn, int *device)
{
    hmpi__cfg_value value;
    const hmpi__locality *loc;
    hmpi__config_get(HMPI__CFG_HW_RESOURCE_TYPE, info, fn, &value); /* a string: never fails */
    *device = -1;
    if (value.source != HMPI__FROM_INFO) {
        hmpi__verbose("%s: HMPI_COMM_TYPE_HW_GUIDED without info key 'mpi_hw_resource_type': "
                      "MPI_COMM_NULL",
                      fn);
        return -1;
    }
    int kind = hmpi__kind_parse(value.text);
    if (kind >= 0)
        return kind;
    if (strcasecmp(value.text, "bindset") == 0)
        return HMPI__KIND_BINDSET;
    if (strcasecmp(value.text, "hbm") == 0)
        return HMPI__KIND_HBM;
    if (hmpi__locality_get(fn, &loc) == MPI_SUCCESS &&
        (*device = hmpi__device_element(&loc->devices, value.text)) != -2) {
        if (*device < 0)
            hmpi__verbose("%s: no device '%s' near this process: MPI_COMM_NULL", fn, value.text);
        return HMPI__KIND_DEVICE;
    }
    *device = -1;
    hmpi__verbose("%s: unknown level '%s' in info key 'mpi_hw_resource_type': MPI_COMM_NULL", fn,
                  value.text);
    return -1;
}

/* MPI 4.0 §7.4.2: the HW split types set the info key mpi_hw_resource_type
 * of the caller's info handle to the level of the communicator it gets. */
static void report_level(MPI_Info info, MPI_Comm newcomm)
{
    const hmpi__commloc *cl = hmpi__commloc_find(newcomm);
    if (info == MPI_INFO_NULL || info == MPI_INFO_ENV || !cl || !cl->has_level)
        return;
    MPI_Info_set(info, "mpi_hw_resource_type", hmpi__kind_name(cl->kind));
}

/* MPI 4.1's resource-guided split by process set: the two sets every MPI
 * library has, mpi://WORLD (all of comm) and mpi://SELF; mpix://SHARED
 * (MPI_COMM_TYPE_SHARED's) and hmpi's hardware sets, hmpi://<level or
 * device class> (a guided split: libhmpi_mpi4's Sessions list them); any
 * other name gives MPI_COMM_NULL. The road a set takes, agreed with the
 * processes that pass MPI_UNDEFINED, so that they take it too. */
enum { PSET_NONE, PSET_PLAIN, PSET_SHARED, PSET_HARDWARE };

static int pset_road(MPI_Info info, const char *fn, hmpi__cfg_value *pset)
{
    hmpi__config_get(HMPI__CFG_PSET_NAME, info, fn, pset); /* a string: never fails */
    if (pset->source != HMPI__FROM_INFO)
        return PSET_NONE;
    if (strcasecmp(pset->text, "mpix://SHARED") == 0)
        return PSET_SHARED;
    return strncasecmp(pset->text, "hmpi://", 7) == 0 ? PSET_HARDWARE : PSET_PLAIN;
}

/* The split by set `name` on its road (name NULL: this process passed
 * MPI_UNDEFINED). Collective. */
static int pset_split(MPI_Comm comm, int key, int road, const char *name, MPI_Comm *newcomm,
                      const char *fn)
{
    int rank, color = MPI_UNDEFINED, rc;
    if (road == PSET_SHARED)
        return hmpi__comm_split_type(comm, name ? MPI_COMM_TYPE_SHARED : MPI_UNDEFINED, key,
                                     MPI_INFO_NULL, newcomm, fn);
    if (road == PSET_HARDWARE) {
        MPI_Info level;
        HMPI__MPI(Info_create)(&level);
        if (name)
            MPI_Info_set(level, "mpi_hw_resource_type", name + 7);
        rc = hmpi__comm_split_type(comm, name ? HMPI_COMM_TYPE_HW_GUIDED : MPI_UNDEFINED, key,
                                   level, newcomm, fn);
        MPI_Info_free(&level);
        return rc;
    }
    MPI_Comm_rank(comm, &rank);
    if (name && strcasecmp(name, "mpi://WORLD") == 0)
        color = 0;
    else if (name && strcasecmp(name, "mpi://SELF") == 0)
        color = rank;
    else if (name)
        hmpi__verbose("%s: unknown process set '%s' in info key 'mpi_pset_name': MPI_COMM_NULL", fn,
                      name);
    rc = MPI_Comm_split(comm, color, key, newcomm);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
}

int HMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    return hmpi__comm_split_type(comm, split_type, key, info, newcomm, "HMPI_Comm_split_type");
}

int hmpi__comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm,
                          const char *fn)
{
    hmpi__commloc *cl;
    hmpi__agreement a;
    MPI_Comm nc = MPI_COMM_NULL;
    int type = type_code(split_type), rc;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (!newcomm)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'newcomm' is NULL");
    if (type < 0)
        return hmpi__error(comm, MPI_ERR_ARG, fn,
                           "argument 'split_type' (%d) is not MPI_COMM_TYPE_SHARED, "
                           "HMPI_COMM_TYPE_HW_UNGUIDED, HMPI_COMM_TYPE_HW_GUIDED, "
                           "HMPI_COMM_TYPE_RESOURCE_GUIDED or MPI_UNDEFINED",
                           split_type);
    hmpi__cfg_value pset = {0};
    int road =
        split_type == HMPI_COMM_TYPE_RESOURCE_GUIDED ? pset_road(info, fn, &pset) : PSET_NONE;
    if (road != PSET_NONE)
        type = TYPE_PSET;
    int device = -1, kind = type == TYPE_GUIDED ? guided_kind(info, fn, &device) : HMPI__NO_KIND;
    if ((rc = hmpi__commloc_ensure(comm, 1, fn, &cl)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    /* One allreduce: the prefix, and the type (and a set's road) for processes
     * that passed MPI_UNDEFINED. */
    int extra[2] = {road, 0};
    if ((rc = hmpi__agree(comm, type ? &cl->path : NULL, type, kind, extra, &a)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    const hmpi__locality *loc;
    switch (a.type) {
    case TYPE_PSET:
        return pset_split(comm, key, a.extra[0], type == TYPE_PSET ? pset.text : NULL, newcomm, fn);
    case TYPE_SHARED:
        if ((rc = hmpi__locality_get(fn, &loc)) != MPI_SUCCESS)
            break;
        if (!loc->is_virtual) {
            rc = shared_split_real(comm, cl, type != TYPE_UNDEFINED, key, &nc);
            break;
        }
        rc = hmpi__guided_split(comm, cl, type ? HMPI__KIND_MACHINE : -1, key, &nc, NULL, fn);
        break;
    case TYPE_UNGUIDED:
        if (type == TYPE_UNDEFINED) { /* take part with no colour */
            hmpi__commloc none = *cl;
            none.path.len = 0;
            rc = unguided_split(comm, &none, &a, key, &nc);
        } else {
            rc = unguided_split(comm, cl, &a, key, &nc);
        }
        break;
    case TYPE_GUIDED:
        if (a.kind == HMPI__KIND_DEVICE) /* the processes near it, each node's apart */
            rc = guided_at(comm, cl, type ? device : -1, key, &nc, NULL);
        else if (a.kind == HMPI__KIND_BINDSET)
            rc = bindset_split(comm, cl, type != TYPE_UNDEFINED, key, &nc);
        else if (a.kind == HMPI__KIND_HBM)
            rc = hbm_split(comm, cl, type != TYPE_UNDEFINED, key, &nc);
        else if (a.kind >= 0) /* an unknown level gives MPI_COMM_NULL everywhere */
            rc = hmpi__guided_split(comm, cl, type ? a.kind : -1, key, &nc, NULL, fn);
        break;
    default:
        break;
    }
    if (rc != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    if (a.type == TYPE_UNGUIDED || a.type == TYPE_GUIDED)
        report_level(info, nc);
    *newcomm = nc;
    return MPI_SUCCESS;
}

int HMPI_Comm_hsplit_with_roots(MPI_Comm oldcomm, MPI_Info info, MPI_Comm *newcomm,
                                MPI_Comm *rootscomm)
{
    static const char fn[] = "HMPI_Comm_hsplit_with_roots";
    hmpi__commloc *cl, *ncl = NULL;
    MPI_Comm nc = MPI_COMM_NULL, roots = MPI_COMM_NULL;
    int rc;
    (void)info;
    if (oldcomm == MPI_COMM_NULL)
        return hmpi__error(oldcomm, MPI_ERR_COMM, fn, "argument 'oldcomm' is MPI_COMM_NULL");
    if (!newcomm)
        return hmpi__error(oldcomm, MPI_ERR_ARG, fn, "argument 'newcomm' is NULL");
    if (!rootscomm)
        return hmpi__error(oldcomm, MPI_ERR_ARG, fn, "argument 'rootscomm' is NULL");
    if ((rc = hmpi__commloc_ensure(oldcomm, 1, fn, &cl)) != MPI_SUCCESS)
        return hmpi__raise(oldcomm, rc);
    if ((rc = hmpi__unguided_step(oldcomm, cl, NULL, NULL, &nc, &roots, &ncl, fn)))
        return hmpi__raise(oldcomm, rc);
    if (nc != MPI_COMM_NULL) { /* rank 0 of nc learned the numbering from roots */
        int pair[2] = {ncl->num_comms, ncl->index};
        if ((rc = HMPI__MPI(Bcast)(pair, 2, MPI_INT, 0, nc)) != MPI_SUCCESS) {
            MPI_Comm_free(&nc);
            if (roots != MPI_COMM_NULL)
                MPI_Comm_free(&roots);
            return hmpi__raise(oldcomm, rc);
        }
        ncl->num_comms = pair[0];
        ncl->index = pair[1];
    }
    *newcomm = nc;
    *rootscomm = roots;
    return MPI_SUCCESS;
}

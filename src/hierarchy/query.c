/* Level queries: hlevel info, minimal shared level, Träff's Comm_level,
 * supported resource types, and the info keys of hmpi communicators. */
#include "core/pmpi.h"
#include "hierarchy/commloc.h"
#include "hierarchy/split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char missing_locality[] =
    "communicator has no locality knowledge: call HMPI_Comm_attach_locality on it first "
    "(collective), or create it with an hmpi split";

int HMPI_Comm_attach_locality(MPI_Comm comm)
{
    static const char fn[] = "HMPI_Comm_attach_locality";
    hmpi__commloc *cl;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    return hmpi__raise(comm, hmpi__commloc_ensure(comm, 1, fn, &cl));
}

int HMPI_Comm_get_hlevel_info(MPI_Comm comm, int *num_comms, int *index, char *type, int *resultlen)
{
    static const char fn[] = "HMPI_Comm_get_hlevel_info";
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (!num_comms || !index || !type || !resultlen)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !num_comms ? "num_comms"
                           : !index   ? "index"
                           : !type    ? "type"
                                      : "resultlen");
    const hmpi__commloc *cl = hmpi__commloc_find(comm);
    if (!cl || !cl->has_level)
        return hmpi__error(comm, MPI_ERR_COMM, fn,
                           "argument 'comm' was not created by an hmpi split");
    *num_comms = cl->num_comms;
    *index = cl->index;
    hmpi__copy_name(hmpi__kind_name(cl->kind), type, resultlen);
    return MPI_SUCCESS;
}

/* Name of the element at prefix length `common` (>= 1) of rank r. */
static const char *level_name(const hmpi__commloc *cl, int r, int common)
{
    const hmpi__loctable *t = cl->table;
    int kind = t->kind[(size_t)r * t->depth + common - 1];
    if (kind == HMPI__KIND_CLUSTER || kind == HMPI__KIND_SWITCH)
        return cl->has_network && kind == HMPI__KIND_SWITCH ? "Switch" : "Cluster";
    return hmpi__kind_name(kind);
}

int HMPI_Comm_get_min_hlevel(MPI_Comm comm, int nranks, const int ranks[], char *type,
                             int *resultlen)
{
    static const char fn[] = "HMPI_Comm_get_min_hlevel";
    int size, me, present = 0;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (nranks < 0)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'nranks' (%d) is negative", nranks);
    if ((nranks > 0 && !ranks) || !type || !resultlen)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !type        ? "type"
                           : !resultlen ? "resultlen"
                                        : "ranks");
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &me);
    for (int i = 0; i < nranks; i++) {
        if (ranks[i] < 0 || ranks[i] >= size)
            return hmpi__error(comm, MPI_ERR_RANK, fn,
                               "argument 'ranks[%d]' (%d) is not a rank of 'comm' (size %d)", i,
                               ranks[i], size);
        present |= ranks[i] == me;
    }
    const hmpi__commloc *cl = hmpi__commloc_find(comm);
    if (!cl || !cl->table)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "%s", missing_locality);
    if (!present) {
        hmpi__copy_name("Unknown", type, resultlen);
        return MPI_SUCCESS;
    }
    int common = cl->table->len[me];
    for (int i = 0; i < nranks; i++) {
        int l = hmpi__loctable_lcp(cl->table, me, ranks[i]);
        if (l < common)
            common = l;
    }
    hmpi__copy_name(level_name(cl, me, common), type, resultlen);
    return MPI_SUCCESS;
}

/* comm is not MPI_COMM_NULL and the output argument `name` is given:
 * MPI_SUCCESS, else the error, raised. */
static int usable(MPI_Comm comm, const char *fn, const void *out, const char *name)
{
    if (comm == MPI_COMM_NULL)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (!out)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL", name);
    return MPI_SUCCESS;
}

int HMPI_Comm_level(MPI_Comm comm, int i, int j, int *level)
{
    static const char fn[] = "HMPI_Comm_level";
    int size, rc;
    if ((rc = usable(comm, fn, level, "level")) != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &size);
    if (i < 0 || i >= size || j < 0 || j >= size)
        return hmpi__error(comm, MPI_ERR_RANK, fn,
                           "argument '%s' (%d) is not a rank of 'comm' "
                           "(size %d)",
                           i < 0 || i >= size ? "i" : "j", i < 0 || i >= size ? i : j, size);
    hmpi__commloc *cl = hmpi__commloc_find(comm);
    if (!cl || !cl->table)
        return hmpi__error(comm, MPI_ERR_COMM, fn, "%s", missing_locality);
    if (hmpi__loctable_level(cl->table, i, j, level) != MPI_SUCCESS)
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
    return MPI_SUCCESS;
}

int HMPI_Get_hw_resource_types(MPI_Comm comm, int *ntypes, char types[][HMPI_MAX_LEVEL_NAME],
                               int maxtypes)
{
    static const char fn[] = "HMPI_Get_hw_resource_types";
    int rc;
    if ((rc = usable(comm, fn, ntypes, "ntypes")) != MPI_SUCCESS)
        return rc;
    if (maxtypes < 0)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'maxtypes' (%d) is negative", maxtypes);
    if (maxtypes > 0 && !types)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'types' is NULL");
    rc = hmpi__hw_resource_types(comm, ntypes, types, maxtypes, fn);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
}

#define LINKED_GPUS 0x100u /* beside HMPI__DEVICE_*: GPUs in an NVLink island */

/* The device classes of this process's node (HMPI__DEVICE_*, LINKED_GPUS). */
static unsigned device_classes(const hmpi__locality *loc)
{
    unsigned classes = 0;
    for (int i = 0; i < loc->devices.n; i++)
        classes |= (unsigned)loc->devices.dev[i].classes |
                   (loc->devices.dev[i].island >= 0 ? LINKED_GPUS : 0);
    return classes;
}

/* The levels, top-down, then the device classes any node has. */
int hmpi__hw_resource_types(MPI_Comm comm, int *ntypes, char types[][HMPI_MAX_LEVEL_NAME],
                            int maxtypes, const char *fn)
{
    static const struct {
        unsigned flag;
        const char *name;
    } classes[] = {{HMPI__DEVICE_GPU, "gpu"}, {LINKED_GPUS, "nvlink"}, {HMPI__DEVICE_NIC, "nic"}};
    const hmpi__locality *loc;
    hmpi__commloc *cl;
    int rc;
    if ((rc = hmpi__commloc_ensure(comm, 1, fn, &cl)) != MPI_SUCCESS ||
        (rc = hmpi__locality_get(fn, &loc)) != MPI_SUCCESS)
        return rc;
    unsigned mask[2] = {0, device_classes(loc)}; /* kinds, device classes */
    for (int k = 0; k < cl->path.len; k++)
        mask[0] |= cl->path.elem[k].aliases;
    mask[0] &= ~(1u << HMPI__KIND_CLUSTER);
    if ((rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, mask, 2, MPI_UNSIGNED, MPI_BOR, comm)) !=
        MPI_SUCCESS)
        return rc;
    int n = 0;
    for (int k = 0; k < HMPI__NKINDS; k++)
        if (mask[0] & (1u << k)) {
            if (n < maxtypes)
                hmpi__copy_name(hmpi__kind_name(k), types[n], NULL);
            n++;
        }
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (mask[1] & classes[i].flag) {
            if (n < maxtypes)
                hmpi__copy_name(classes[i].name, types[n], NULL);
            n++;
        }
    *ntypes = n;
    return MPI_SUCCESS;
}

int HMPI_Get_hw_resource_info(MPI_Info *hw_info)
{
    return hmpi__get_hw_resource_info(hw_info, "HMPI_Get_hw_resource_info");
}

/* hwloc's I/O types among the node's GPUs and NICs: no binding lies inside
 * one, so "false" (PCIDev: a PCI device; OSDev: an OS device). */
static void set_io_restricted(MPI_Info info, const hmpi__devices *devices)
{
    int pci = 0, os = 0;
    for (int i = 0; i < devices->n; i++)
        pci |= devices->dev[i].busid[0] != '\0', os |= devices->dev[i].names[0] != '\0';
    if (pci)
        MPI_Info_set(info, "hwloc://PCIDev", "false");
    if (os)
        MPI_Info_set(info, "hwloc://OSDev", "false");
}

/* MPI 5.0's keys (§9.1.2): `hwloc://<Type>` for every type of object the
 * node has, "true" where the process is restricted to a single instance of
 * it (its binding lies inside one), else "false"; the devices' too. */
static void set_restricted(MPI_Info info, const hmpi__locality *loc)
{
    uint32_t within = 0; /* the kinds of the objects that contain the binding */
    char key[HMPI_MAX_LEVEL_NAME + 8];
    for (int k = loc->machine_pos; k < loc->path.len; k++)
        within |= loc->path.elem[k].aliases | (1u << loc->path.elem[k].kind);
    for (int kind = HMPI__KIND_MACHINE; kind < HMPI__NKINDS; kind++) {
        if (!(loc->node_kinds & (1u << kind)))
            continue;
        snprintf(key, sizeof key, "hwloc://%s", hmpi__kind_name(kind));
        MPI_Info_set(info, key, within & (1u << kind) ? "true" : "false");
    }
    set_io_restricted(info, &loc->devices);
}

/* The node's GPUs and NICs: hmpi_devices, their names ("gpu0,gpu1,nic0";
 * absent without any),
 * and for each hmpi_device_<name>, what it is and where ("cuda0,nvml0 pci
 * 0002:01:00.0 at Package L#0 near"; near: the process lies inside that
 * object). Each value within MPI_MAX_INFO_VAL. */
static void set_devices(MPI_Info info, const hmpi__devices *devices)
{
    char names[MPI_MAX_INFO_VAL] = "", key[32], value[MPI_MAX_INFO_VAL];
    size_t used = 0;
    for (int i = 0; i < devices->n; i++) {
        const hmpi__device *d = &devices->dev[i];
        char name[16];
        snprintf(name, sizeof name, "%s%d", d->classes & HMPI__DEVICE_GPU ? "gpu" : "nic",
                 d->index);
        int n = snprintf(names + used, sizeof names - used, "%s%s", used ? "," : "", name);
        if (n < 0 || (size_t)n >= sizeof names - used)
            break;
        used += (size_t)n;
        snprintf(key, sizeof key, "hmpi_device_%s", name);
        snprintf(value, sizeof value, "%s%s%s at %s%s", d->names[0] ? d->names : "-",
                 d->busid[0] ? " pci " : "", d->busid, d->where[0] ? d->where : "?",
                 d->anchor >= 0 ? " near" : "");
        MPI_Info_set(info, key, value);
    }
    if (names[0]) /* (an empty value is not a value) */
        MPI_Info_set(info, "hmpi_devices", names);
}

int hmpi__get_hw_resource_info(MPI_Info *hw_info, const char *fn)
{
    const hmpi__locality *loc;
    char list[MPI_MAX_INFO_VAL] = "", deepest[HMPI_MAX_LEVEL_NAME + 8] = "";
    size_t used = 0;
    MPI_Info info;
    int rc;
    if (!hw_info)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument 'hw_info' is NULL");
    if ((rc = hmpi__locality_get(fn, &loc)) != MPI_SUCCESS)
        return hmpi__raise(MPI_COMM_NULL, rc);
    for (int k = loc->machine_pos; k < loc->path.len; k++) { /* the node's levels */
        const hmpi__elem *e = &loc->path.elem[k];
        for (int kind = 0; kind < HMPI__NKINDS; kind++) /* every name of the element */
            if ((e->aliases | (1u << e->kind)) & (1u << kind)) {
                int n = snprintf(list + used, sizeof list - used, "%shwloc://%s", used ? "," : "",
                                 hmpi__kind_name(kind));
                if (n > 0 && (size_t)n < sizeof list - used)
                    used += (size_t)n;
            }
        snprintf(deepest, sizeof deepest, "hwloc://%s", hmpi__kind_name(e->kind));
    }
    if ((rc = HMPI__MPI(Info_create)(&info)) != MPI_SUCCESS)
        return hmpi__raise(MPI_COMM_NULL, rc);
    set_restricted(info, loc);
    set_devices(info, &loc->devices);
    MPI_Info_set(info, "hmpi_hw_resource_types", list);
    MPI_Info_set(info, "hmpi_hw_binding_level", deepest);
    MPI_Info_set(info, "hmpi_node_name", loc->node_name[0] ? loc->node_name : "unknown");
    *hw_info = info;
    return MPI_SUCCESS;
}

/* Profiling-interface wrapper: MPI libraries keep only the info keys they
 * know, so hmpi adds its level keys to what MPI_Comm_get_info returns. */
HMPI_API int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    int rc = PMPI_Comm_get_info(comm, info_used);
    const hmpi__commloc *cl = rc == MPI_SUCCESS ? hmpi__commloc_find(comm) : NULL;
    if (!cl || !cl->has_level)
        return rc;
    char value[256];
    MPI_Info_set(*info_used, "mpi_hw_resource_type", hmpi__kind_name(cl->kind));
    snprintf(value, sizeof value, "%d", cl->num_comms);
    MPI_Info_set(*info_used, "hmpi_hlevel_num", value);
    snprintf(value, sizeof value, "%d", cl->index);
    MPI_Info_set(*info_used, "hmpi_hlevel_index", value);
    hmpi__kinds_format(cl->aliases | (1u << cl->kind), value, sizeof value);
    MPI_Info_set(*info_used, "hmpi_hw_resource_aliases", value);
    return rc;
}

/* From an hwloc topology and a binding to the elements of a path.
 *
 * Objects that cover the same processing units form one element, named after
 * the highest of them; a NUMA node counts at the position of its CPU-side
 * parent and is preferred to that parent (except to the Machine). */
#include "locality/locality.h"
#include "util/hash.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int hmpi__kind_of_hwloc_type(hwloc_obj_type_t type, unsigned cache_depth)
{
    switch (type) {
    case HWLOC_OBJ_MACHINE:
        return HMPI__KIND_MACHINE;
    case HWLOC_OBJ_PACKAGE:
        return HMPI__KIND_PACKAGE;
    case HWLOC_OBJ_DIE:
        return HMPI__KIND_DIE;
    case HWLOC_OBJ_NUMANODE:
        return HMPI__KIND_NUMANODE;
    case HWLOC_OBJ_GROUP:
        return HMPI__KIND_GROUP;
    case HWLOC_OBJ_CORE:
        return HMPI__KIND_CORE;
    case HWLOC_OBJ_PU:
        return HMPI__KIND_PU;
    case HWLOC_OBJ_L1CACHE:
    case HWLOC_OBJ_L2CACHE:
    case HWLOC_OBJ_L3CACHE:
    case HWLOC_OBJ_L4CACHE:
    case HWLOC_OBJ_L5CACHE:
        return HMPI__KIND_L1CACHE - ((int)cache_depth - 1);
    default:
        return -1;
    }
}

int hmpi__hwloc_type_of_kind(int kind, hwloc_obj_type_t *type)
{
    static const struct {
        int kind;
        hwloc_obj_type_t type;
    } map[] = {
        {HMPI__KIND_MACHINE, HWLOC_OBJ_MACHINE}, {HMPI__KIND_PACKAGE, HWLOC_OBJ_PACKAGE},
        {HMPI__KIND_DIE, HWLOC_OBJ_DIE},         {HMPI__KIND_NUMANODE, HWLOC_OBJ_NUMANODE},
        {HMPI__KIND_GROUP, HWLOC_OBJ_GROUP},     {HMPI__KIND_L5CACHE, HWLOC_OBJ_L5CACHE},
        {HMPI__KIND_L4CACHE, HWLOC_OBJ_L4CACHE}, {HMPI__KIND_L3CACHE, HWLOC_OBJ_L3CACHE},
        {HMPI__KIND_L2CACHE, HWLOC_OBJ_L2CACHE}, {HMPI__KIND_L1CACHE, HWLOC_OBJ_L1CACHE},
        {HMPI__KIND_CORE, HWLOC_OBJ_CORE},       {HMPI__KIND_PU, HWLOC_OBJ_PU},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].kind == kind) {
            *type = map[i].type;
            return 0;
        }
    return -1;
}

static int kind_of(hwloc_obj_t obj)
{
    unsigned depth = hwloc_obj_type_is_cache(obj->type) ? obj->attr->cache.depth : 0;
    return hmpi__kind_of_hwloc_type(obj->type, depth);
}

uint32_t hmpi__hw_kinds(hwloc_topology_t topo)
{
    uint32_t kinds = 0;
    for (int depth = 0; depth < hwloc_topology_get_depth(topo); depth++) {
        hwloc_obj_t obj = hwloc_get_obj_by_depth(topo, depth, 0);
        int k = obj ? kind_of(obj) : -1;
        if (k >= 0)
            kinds |= 1u << k;
    }
    if (hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE) > 0) /* memory objects: no depth */
        kinds |= 1u << HMPI__KIND_NUMANODE;
    return kinds;
}

/* Does obj have a NUMA node attached directly (possibly under memory-side caches)? */
static int has_numa_child(hwloc_obj_t obj)
{
    for (hwloc_obj_t m = obj->memory_first_child; m; m = m->next_sibling) {
        if (m->type == HWLOC_OBJ_NUMANODE)
            return 1;
        if (m->type == HWLOC_OBJ_MEMCACHE && has_numa_child(m))
            return 1;
    }
    return 0;
}

static int32_t element_id(hwloc_obj_t top)
{
    return (int32_t)((((uint32_t)top->type & 0x1ffu) << 22) | (top->logical_index & 0x3fffffu));
}

/* ---- devices ------------------------------------------------------------ */

/* The classes of a PCI device: from its OS devices, else its PCI class
 * (3D controller 0x0302, accelerator 0x12; network 0x02, InfiniBand 0x0c06). */
static int device_classes(hwloc_obj_t pci)
{
    int classes = 0;
    for (hwloc_obj_t os = pci->io_first_child; os; os = os->next_sibling) {
        if (os->type != HWLOC_OBJ_OS_DEVICE)
            continue;
        hwloc_obj_osdev_type_t t = os->attr->osdev.type;
        if (t == HWLOC_OBJ_OSDEV_GPU || t == HWLOC_OBJ_OSDEV_COPROC)
            classes |= HMPI__DEVICE_GPU;
        if (t == HWLOC_OBJ_OSDEV_NETWORK || t == HWLOC_OBJ_OSDEV_OPENFABRICS)
            classes |= HMPI__DEVICE_NIC;
    }
    if (!classes && pci->type == HWLOC_OBJ_PCI_DEVICE) { /* (a VGA 0x0300 may be a BMC's) */
        unsigned c = pci->attr->pcidev.class_id;
        if (c == 0x0302 || c >> 8 == 0x12)
            classes = HMPI__DEVICE_GPU;
        else if (c >> 8 == 0x02 || c == 0x0c06)
            classes = HMPI__DEVICE_NIC;
    }
    return classes;
}

/* The element of the path that chain object `a` falls in; -1 when `a` is
 * not on the chain (chain[0] the deepest, chain[n - 1] the root). */
static int anchor_of(hwloc_obj_t a, hwloc_obj_t *chain, const int *elem_of, int n)
{
    for (int i = 0; i < n; i++)
        if (chain[i] == a)
            return elem_of[i];
    return -1;
}

/* The element of the deepest chain object that holds `a`. */
static int reach_of(hwloc_topology_t topo, hwloc_obj_t a, hwloc_obj_t *chain, const int *elem_of,
                    int n)
{
    for (int i = 0; i < n; i++)
        if (chain[i] == a || hwloc_obj_is_in_subtree(topo, a, chain[i]))
            return elem_of[i];
    return elem_of[n - 1];
}

static void add_device(hwloc_topology_t topo, hwloc_obj_t dev, int classes, hwloc_obj_t *chain,
                       const int *elem_of, int n, hmpi__devices *devices)
{
    hmpi__device *d = &devices->dev[devices->n];
    hwloc_obj_t a = hwloc_get_non_io_ancestor_obj(topo, dev);
    size_t used = 0;
    memset(d, 0, sizeof *d);
    d->classes = classes;
    d->island = -1;
    d->anchor = a ? anchor_of(a, chain, elem_of, n) : -1;
    d->reach = a ? reach_of(topo, a, chain, elem_of, n) : elem_of[n - 1];
    if (a)
        snprintf(d->where, sizeof d->where, "%s L#%u", hwloc_obj_type_string(a->type),
                 a->logical_index);
    if (dev->type == HWLOC_OBJ_PCI_DEVICE)
        snprintf(d->busid, sizeof d->busid, "%04x:%02x:%02x.%01x",
                 (unsigned)dev->attr->pcidev.domain, dev->attr->pcidev.bus, dev->attr->pcidev.dev,
                 dev->attr->pcidev.func);
    for (hwloc_obj_t os = dev->type == HWLOC_OBJ_OS_DEVICE ? dev : dev->io_first_child; os;
         os = dev->type == HWLOC_OBJ_OS_DEVICE ? NULL : os->next_sibling) {
        if (os->type != HWLOC_OBJ_OS_DEVICE || !os->name)
            continue;
        int w =
            snprintf(d->names + used, sizeof d->names - used, "%s%s", used ? "," : "", os->name);
        if (w > 0 && (size_t)w < sizeof d->names - used)
            used += (size_t)w;
    }
    for (int i = 0; i < devices->n; i++) /* numbered within its first class, in PCI order */
        if ((devices->dev[i].classes & -devices->dev[i].classes) == (classes & -classes))
            d->index++;
    devices->n++;
}

/* The device of hwloc object o (itself, or the PCI device an OS device
 * hangs from): its index in objs[0 .. n), or -1. */
static int device_of(hwloc_obj_t o, hwloc_obj_t const *objs, int n)
{
    for (int i = 0; i < n; i++)
        if (objs[i] == o || (o->type == HWLOC_OBJ_OS_DEVICE && objs[i] == o->parent))
            return i;
    return -1;
}

/* Does the matrix list NVSwitch ports (hwloc's subtype)? */
static int has_nvswitch(const struct hwloc_distances_s *d)
{
    for (unsigned i = 0; i < d->nbobjs; i++)
        if (d->objs[i] && d->objs[i]->subtype && strcmp(d->objs[i]->subtype, "NVSwitch") == 0)
            return 1;
    return 0;
}

/* Each GPU's NVLink island, from hwloc's "NVLinkBandwidth" distances (the
 * NVML backend's, or an XML export's): GPUs with a link between them, or
 * through others, share the island of the first of them. Behind NVSwitches
 * (whose ports the matrix lists, not the GPU pairs), hwloc's transforms
 * first merge a switch's ports and link the GPUs across it. */
static void nvlink_islands(hwloc_topology_t topo, hwloc_obj_t const *objs, hmpi__devices *devices)
{
    struct hwloc_distances_s *dist[4];
    unsigned nr = 4;
    if (hwloc_distances_get_by_name(topo, "NVLinkBandwidth", &nr, dist, 0) != 0)
        return;
    for (unsigned k = 0; k < nr && k < 4; k++) {
        if (has_nvswitch(dist[k])) {
            hwloc_distances_transform(topo, dist[k], HWLOC_DISTANCES_TRANSFORM_MERGE_SWITCH_PORTS,
                                      NULL, 0);
            hwloc_distances_transform(topo, dist[k], HWLOC_DISTANCES_TRANSFORM_TRANSITIVE_CLOSURE,
                                      NULL, 0);
        }
        unsigned m = dist[k]->nbobjs;
        for (int changed = 1; changed;) { /* (at most HMPI__MAX_DEVICES passes) */
            changed = 0;
            for (unsigned a = 0; a < m; a++)
                for (unsigned b = 0; b < m; b++) {
                    int i = device_of(dist[k]->objs[a], objs, devices->n),
                        j = device_of(dist[k]->objs[b], objs, devices->n);
                    if (i < 0 || j < 0 || i == j || dist[k]->values[a * m + b] == 0 ||
                        !(devices->dev[i].classes & devices->dev[j].classes & HMPI__DEVICE_GPU))
                        continue;
                    int first = devices->dev[i].island >= 0 ? devices->dev[i].island : i;
                    int other = devices->dev[j].island >= 0 ? devices->dev[j].island : j;
                    int least = first < other ? first : other;
                    changed |= devices->dev[i].island != least || devices->dev[j].island != least;
                    devices->dev[i].island = devices->dev[j].island = least;
                }
        }
    }
    for (unsigned k = 0; k < nr && k < 4; k++)
        hwloc_distances_release(topo, dist[k]);
}

/* The node's GPUs and NICs: PCI devices of those classes, and OS devices
 * of those types that hang from no PCI device; the GPUs' NVLink islands. */
static void find_devices(hwloc_topology_t topo, hwloc_obj_t *chain, const int *elem_of, int n,
                         hmpi__devices *devices)
{
    hwloc_obj_t objs[HMPI__MAX_DEVICES];
    devices->n = 0;
    for (hwloc_obj_t pci = NULL;
         devices->n < HMPI__MAX_DEVICES && (pci = hwloc_get_next_pcidev(topo, pci)) != NULL;) {
        int classes = device_classes(pci);
        if (classes) {
            objs[devices->n] = pci;
            add_device(topo, pci, classes, chain, elem_of, n, devices);
        }
    }
    for (hwloc_obj_t os = NULL;
         devices->n < HMPI__MAX_DEVICES && (os = hwloc_get_next_osdev(topo, os)) != NULL;) {
        if (os->parent && os->parent->type == HWLOC_OBJ_PCI_DEVICE)
            continue;
        hwloc_obj_osdev_type_t t = os->attr->osdev.type;
        int classes = t == HWLOC_OBJ_OSDEV_GPU || t == HWLOC_OBJ_OSDEV_COPROC ? HMPI__DEVICE_GPU
                      : t == HWLOC_OBJ_OSDEV_NETWORK || t == HWLOC_OBJ_OSDEV_OPENFABRICS
                          ? HMPI__DEVICE_NIC
                          : 0;
        if (classes) {
            objs[devices->n] = os;
            add_device(topo, os, classes, chain, elem_of, n, devices);
        }
    }
    nvlink_islands(topo, objs, devices);
}

/* ---- the path ------------------------------------------------------------ */

/* Two independent hashes of the processing units of set. */
static void binding_hashes(hwloc_const_cpuset_t set, uint32_t out[2])
{
    uint32_t h0 = HMPI__HASH_INIT, h1 = hmpi__hash_u32(HMPI__HASH_INIT, 0x9e3779b9u);
    int pu;
    hwloc_bitmap_foreach_begin(pu, set)
    {
        h0 = hmpi__hash_u32(h0, (uint32_t)pu);
        h1 = hmpi__hash_u32(h1, (uint32_t)pu * 2654435761u);
    }
    hwloc_bitmap_foreach_end();
    out[0] = h0, out[1] = h1;
}

/* A NUMA node of high-bandwidth memory among obj's memory children (behind
 * memory-side caches too), or NULL. */
static hwloc_obj_t hbm_below(hwloc_obj_t obj)
{
    for (hwloc_obj_t m = obj->memory_first_child; m; m = m->next_sibling) {
        if (m->type == HWLOC_OBJ_NUMANODE && m->subtype &&
            (strcasecmp(m->subtype, "MCDRAM") == 0 || strcasecmp(m->subtype, "HBM") == 0))
            return m;
        hwloc_obj_t deeper = m->type == HWLOC_OBJ_MEMCACHE ? hbm_below(m) : NULL;
        if (deeper)
            return deeper;
    }
    return NULL;
}

/* 1 + the logical index of the nearest such node above obj, 0: none. */
static int nearest_hbm(hwloc_obj_t obj)
{
    for (; obj; obj = obj->parent) {
        hwloc_obj_t hbm = hbm_below(obj);
        if (hbm)
            return (int)hbm->logical_index + 1;
    }
    return 0;
}

int hmpi__hw_path(hwloc_topology_t topo, hwloc_const_cpuset_t bind, hmpi__path *path,
                  hmpi__devices *devices)
{
    hwloc_obj_t root = hwloc_get_root_obj(topo);
    hwloc_obj_t chain[128];
    int n = 0, elem_of[128];
    hwloc_obj_t obj = root;
    int bound = bind && !hwloc_bitmap_iszero(bind) && hwloc_bitmap_isincluded(bind, root->cpuset);
    if (bound) {
        obj = hwloc_get_obj_covering_cpuset(topo, bind);
        if (!obj)
            obj = root;
    }
    binding_hashes(bound ? bind : root->cpuset, path->binding);
    path->hbm = nearest_hbm(obj);
    for (; obj && n < 128; obj = obj->parent)
        chain[n++] = obj;
    /* chain[n-1] is the root; walk top-down, grouping equal cpusets. */
    for (int i = n - 1; i >= 0;) {
        hwloc_obj_t top = chain[i];
        hmpi__elem e = {element_id(top), 0, 0};
        int top_kind = kind_of(top);
        int name = top_kind;
        int j = i;
        for (; j >= 0 && hwloc_bitmap_isequal(chain[j]->cpuset, top->cpuset); j--) {
            int k = kind_of(chain[j]);
            elem_of[j] = path->len;
            if (k >= 0)
                e.aliases |= 1u << k;
            if (has_numa_child(chain[j])) {
                e.aliases |= 1u << HMPI__KIND_NUMANODE;
                if (j == i && top_kind != HMPI__KIND_MACHINE)
                    name = HMPI__KIND_NUMANODE;
            }
        }
        if (name < 0) /* a level hmpi does not name (e.g. Misc): take the next one */
            for (int t = i; t > j && name < 0; t--)
                name = kind_of(chain[t]);
        if (name < 0)
            name = HMPI__KIND_GROUP;
        e.kind = (uint8_t)name;
        if (path->len == HMPI__MAX_DEPTH)
            return -1;
        path->elem[path->len++] = e;
        i = j;
    }
    if (devices)
        find_devices(topo, chain, elem_of, n, devices);
    return 0;
}

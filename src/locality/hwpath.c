/* From an hwloc topology and a binding to the elements of a path.
 *
 * Objects that cover the same processing units form one element, named after
 * the highest of them; a NUMA node counts at the position of its CPU-side
 * parent and is preferred to that parent (except to the Machine). */
#include "locality/locality.h"

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

int hmpi__hw_path(hwloc_topology_t topo, hwloc_const_cpuset_t bind, hmpi__path *path)
{
    hwloc_obj_t root = hwloc_get_root_obj(topo);
    hwloc_obj_t chain[128];
    int n = 0;
    hwloc_obj_t obj = root;
    if (bind && !hwloc_bitmap_iszero(bind) && hwloc_bitmap_isincluded(bind, root->cpuset)) {
        obj = hwloc_get_obj_covering_cpuset(topo, bind);
        if (!obj)
            obj = root;
    }
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
    return 0;
}

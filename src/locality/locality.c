/* Where this process's locality comes from: a virtual cluster file
 * (HMPI_TOPOLOGY), or the real machine (hwloc + binding) with network levels
 * from Slurm (HMPI_NETWORK_TOPOLOGY topology.conf, or SLURM_TOPOLOGY_ADDR).
 * Computed once per process; an error is remembered and reported again by
 * every later call. */
#include "locality/locality.h"
#include "core/config.h"
#include "core/finalize.h"
#include "core/world.h"
#include "util/conf.h"
#include "util/hash.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_FILE_SIZE (64L << 20)

static pthread_mutex_t locality_lock = PTHREAD_MUTEX_INITIALIZER;
static int computed;
static char failure[HMPI__ERRLEN]; /* empty: success */
static hmpi__locality this_process;
static hwloc_topology_t machine_topology;

/* Read a whole file; returns a malloc'd buffer or NULL with err set. */
static char *read_file(const char *path, const char *what, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size;
    if (!f) {
        snprintf(err, errlen, "%s '%s': cannot open: %s", what, path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
        snprintf(err, errlen, "%s '%s': cannot read", what, path);
        goto done;
    }
    if (size > MAX_FILE_SIZE) {
        snprintf(err, errlen, "%s '%s': larger than %ld bytes", what, path, MAX_FILE_SIZE);
        goto done;
    }
    buf = malloc((size_t)size + 1);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, errlen, "%s '%s': cannot read", what, path);
        free(buf);
        buf = NULL;
        goto done;
    }
    buf[size] = '\0';
    *len = (size_t)size;
done:
    fclose(f);
    return buf;
}

static int load_virtual(const char *file, hmpi__locality *loc, char *err, size_t errlen)
{
    size_t len = 0;
    int rank, size, node, rc = -1;
    const char *node_name;
    hmpi__vcluster *vc = NULL;
    char *text = read_file(file, "virtual cluster file", &len, err, errlen);
    char *dir = strdup(file);
    if (!text || !dir)
        goto done;
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    if (hmpi__world_position(&rank, &size) != 0) {
        snprintf(err, errlen,
                 "virtual cluster file '%s': this process's rank in its world is unknown "
                 "(MPI 4.0 Sessions without libhmpi_mpi4's MPI_Session_init)",
                 file);
        goto done;
    }
    if (hmpi__vcluster_parse(text, len, file, slash ? dir : ".", size, 0, &vc, err, errlen))
        goto done;
    if (hmpi__vcluster_rank_path(vc, rank, &loc->path, &node, &node_name, &loc->devices)) {
        snprintf(err, errlen, "virtual cluster file '%s': hierarchy deeper than %d levels", file,
                 HMPI__MAX_DEPTH);
        goto done;
    }
    loc->is_virtual = 1;
    loc->has_network = hmpi__vcluster_has_network(vc);
    loc->node_kinds = hmpi__vcluster_node_kinds(vc, rank);
    loc->node_index = node;
    snprintf(loc->node_name, sizeof loc->node_name, "%s", node_name);
    for (loc->machine_pos = 0;
         loc->path.elem[loc->machine_pos].kind != HMPI__KIND_MACHINE &&
         !(loc->path.elem[loc->machine_pos].aliases & (1u << HMPI__KIND_MACHINE));
         loc->machine_pos++)
        ;
    rc = 0;
done:
    hmpi__vcluster_free(vc);
    free(text);
    free(dir);
    return rc;
}

/* Switches from a Slurm topology.conf (tree plugin) named by HMPI_NETWORK_TOPOLOGY. */
static int network_from_conf(const char *file, const char *host, hmpi__path *path, char *err,
                             size_t errlen)
{
    size_t len = 0;
    char sub[384];
    int rc = -1;
    hmpi__conf conf = {0, NULL};
    hmpi__switchtree tree;
    memset(&tree, 0, sizeof tree);
    char *text = read_file(file, "topology.conf", &len, err, errlen);
    if (!text)
        return -1;
    if (hmpi__conf_parse(text, len, &conf, sub, sizeof sub) ||
        hmpi__switchtree_build(&conf, &tree, sub, sizeof sub)) {
        snprintf(err, errlen, "topology.conf '%s': %s", file, sub);
        goto done;
    }
    for (int l = 0; l < conf.nlines; l++)
        if (strcasecmp(conf.lines[l].words[0].key, "SwitchName") != 0) {
            snprintf(err, errlen, "topology.conf '%s', line %d: unknown key '%.64s'", file,
                     conf.lines[l].lineno, conf.lines[l].words[0].key);
            goto done;
        }
    int node = hmpi__switchtree_find_node(&tree, host);
    if (node < 0) {
        snprintf(err, errlen, "topology.conf '%s': host '%s' is under no switch", file, host);
        goto done;
    }
    if (hmpi__switchtree_path(&tree, node, path)) {
        snprintf(err, errlen, "topology.conf '%s': switch tree deeper than %d levels", file,
                 HMPI__MAX_DEPTH);
        goto done;
    }
    rc = 0;
done:
    hmpi__switchtree_free(&tree);
    hmpi__conf_free(&conf);
    free(text);
    return rc;
}

/* 31-bit FNV-1a: switch names of SLURM_TOPOLOGY_ADDR have no index of their own. */
static int32_t name_id(const char *s, size_t n)
{
    return hmpi__hash_int(hmpi__hash_bytes(HMPI__HASH_INIT, s, n));
}

/* SLURM_TOPOLOGY_ADDR="s0.s3.node7" with SLURM_TOPOLOGY_ADDR_PATTERN="switch.switch.node". */
static int network_from_slurm_env(const char *addr, const char *pattern, hmpi__path *path,
                                  char *err, size_t errlen)
{
    const char *a = addr, *p = pattern;
    while (*a && *p) {
        size_t an = strcspn(a, "."), pn = strcspn(p, ".");
        if (pn == 6 && strncmp(p, "switch", 6) == 0) {
            if (path->len == HMPI__MAX_DEPTH)
                break;
            path->elem[path->len++] =
                (hmpi__elem){name_id(a, an), HMPI__KIND_SWITCH, 1u << HMPI__KIND_SWITCH};
        }
        a += an + (a[an] == '.');
        p += pn + (p[pn] == '.');
    }
    if (*a || *p) {
        snprintf(err, errlen,
                 "SLURM_TOPOLOGY_ADDR '%.100s' does not match SLURM_TOPOLOGY_ADDR_PATTERN '%.100s'",
                 addr, pattern);
        return -1;
    }
    return 0;
}

static int load_machine_topology(char *err, size_t errlen)
{
    if (machine_topology)
        return 0;
    if (hwloc_topology_init(&machine_topology) ||
        hwloc_topology_set_icache_types_filter(machine_topology, HWLOC_TYPE_FILTER_KEEP_NONE) ||
        hwloc_topology_set_io_types_filter(machine_topology, HWLOC_TYPE_FILTER_KEEP_IMPORTANT) ||
        hwloc_topology_load(machine_topology)) {
        if (machine_topology)
            hwloc_topology_destroy(machine_topology);
        machine_topology = NULL;
        snprintf(err, errlen, "hwloc cannot load the topology of this machine");
        return -1;
    }
    return 0;
}

static int load_real(hmpi__locality *loc, char *err, size_t errlen)
{
    char host[MPI_MAX_PROCESSOR_NAME];
    int hostlen = 0;
    hmpi__cfg_value conf_v, addr_v, pattern_v;
    hmpi__config_get(HMPI__CFG_NETWORK_TOPOLOGY, MPI_INFO_NULL, "", &conf_v); /* strings */
    hmpi__config_get(HMPI__CFG_SLURM_ADDR, MPI_INFO_NULL, "", &addr_v);
    hmpi__config_get(HMPI__CFG_SLURM_PATTERN, MPI_INFO_NULL, "", &pattern_v);
    const char *conf = conf_v.text, *addr = addr_v.text, *pattern = pattern_v.text;
    MPI_Get_processor_name(host, &hostlen);
    snprintf(loc->node_name, sizeof loc->node_name, "%s", host);
    host[strcspn(host, ".")] = '\0'; /* topology.conf uses short names */
    loc->path.len = 0;
    loc->path.elem[loc->path.len++] = (hmpi__elem){0, HMPI__KIND_CLUSTER, 1u << HMPI__KIND_CLUSTER};
    if (conf && *conf) {
        if (network_from_conf(conf, host, &loc->path, err, errlen))
            return -1;
    } else if (*addr && *pattern) {
        if (network_from_slurm_env(addr, pattern, &loc->path, err, errlen))
            return -1;
    }
    loc->has_network = loc->path.len > 1;
    if (load_machine_topology(err, errlen))
        return -1;
    hwloc_bitmap_t bind = hwloc_bitmap_alloc();
    if (!bind) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (hwloc_get_cpubind(machine_topology, bind, HWLOC_CPUBIND_PROCESS) != 0)
        hwloc_bitmap_zero(bind); /* unknown binding: treated as the whole machine */
    loc->machine_pos = loc->path.len;
    int rc = hmpi__hw_path(machine_topology, bind, &loc->path, &loc->devices);
    hwloc_bitmap_free(bind);
    loc->node_kinds = hmpi__hw_kinds(machine_topology);
    if (rc) {
        snprintf(err, errlen, "the hierarchy is deeper than %d levels", HMPI__MAX_DEPTH);
        return -1;
    }
    loc->path.elem[loc->machine_pos].id = -1;
    loc->is_virtual = 0;
    loc->node_index = -1;
    return 0;
}

static void release(int mpi_usable)
{
    (void)mpi_usable; /* hwloc only */
    pthread_mutex_lock(&locality_lock);
    if (machine_topology)
        hwloc_topology_destroy(machine_topology);
    machine_topology = NULL;
    computed = 0;
    pthread_mutex_unlock(&locality_lock);
}

int hmpi__locality_get(const char *fn, const hmpi__locality **loc)
{
    hmpi__at_finalize(release);
    pthread_mutex_lock(&locality_lock);
    if (!computed) {
        hmpi__cfg_value file;
        hmpi__config_get(HMPI__CFG_TOPOLOGY, MPI_INFO_NULL, fn, &file);
        int rc = file.text[0] ? load_virtual(file.text, &this_process, failure, sizeof failure)
                              : load_real(&this_process, failure, sizeof failure);
        if (rc == 0)
            failure[0] = '\0';
        else if (!failure[0])
            snprintf(failure, sizeof failure, "cannot determine the locality of this process");
        computed = 1;
    }
    pthread_mutex_unlock(&locality_lock);
    if (failure[0])
        return hmpi__error_code(MPI_ERR_OTHER, fn, "%s", failure);
    *loc = &this_process;
    return MPI_SUCCESS;
}

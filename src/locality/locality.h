/* Locality of a process: its path from the top of the cluster down to the
 * object it is bound to. Private to hmpi. */
#ifndef HMPI_LOCALITY_H
#define HMPI_LOCALITY_H

#include "core/error.h"
#include "util/namemap.h"

#include <hwloc.h>
#include <stddef.h>
#include <stdint.h>

#define HMPI__MAX_DEPTH 30 /* prefix lengths fit the bits of a uint32_t */
#define HMPI__ERRLEN 512

/* One element of a path: an object, or a chain of objects covering the same
 * processing units, named after the highest of them. */
typedef struct hmpi__elem {
    int32_t id;       /* unique among the elements under the same parent element */
    uint8_t kind;     /* enum hmpi__kind of the name */
    uint32_t aliases; /* bitmask of the kinds of every object of the chain */
} hmpi__elem;

/* elem[0] is always the Cluster; then switches (top-down), the Machine, and
 * the node's objects down to the deepest one that contains the binding;
 * binding: two hashes of the processing units the process is bound to (all
 * of its node's when unbound), alike for processes bound alike; hbm: 1 + the
 * logical index of the nearest NUMA node of high-bandwidth memory (hwloc
 * subtype MCDRAM or HBM) whose processing units contain the binding, 0 for
 * none. */
typedef struct hmpi__path {
    int len;
    hmpi__elem elem[HMPI__MAX_DEPTH];
    uint32_t binding[2];
    int hbm;
} hmpi__path;

/* The I/O devices of a node that locality reaches (hwloc's PCI devices and
 * OS devices): GPUs and network cards, each with the element of a process's
 * path that it hangs from. */
#define HMPI__MAX_DEVICES 64
enum { HMPI__DEVICE_GPU = 1, HMPI__DEVICE_NIC = 2 }; /* classes (flags) */
typedef struct hmpi__device {
    int classes;    /* HMPI__DEVICE_* */
    int index;      /* among the node's devices of its first class (its name's), in PCI order */
    int anchor;     /* the path element of its nearest non-I/O ancestor, -1 when
                       that ancestor does not contain the process's binding */
    int reach;      /* the deepest path element whose object holds the device */
    int island;     /* GPUs: the first device of its NVLink island (GPUs that hwloc's
                       NVLinkBandwidth distances link, directly or through others); -1: none */
    char busid[20]; /* "0000:3b:00.0"; "" when not a PCI device */
    char names[96]; /* its OS devices' names, comma-separated ("cuda0,nvml0") */
    char where[32]; /* the ancestor, e.g. "Package L#1" */
} hmpi__device;
typedef struct hmpi__devices {
    int n;
    hmpi__device dev[HMPI__MAX_DEVICES];
} hmpi__devices;

/* Locality of this process, independent of any communicator. */
typedef struct hmpi__locality {
    int is_virtual;
    int has_network;       /* switch levels are known */
    int machine_pos;       /* index of the Machine element in path */
    int node_index;        /* virtual: the node's index in the file; real: -1 */
    char node_name[256];   /* virtual node name or processor name */
    uint32_t node_kinds;   /* bitmask of the kinds of the node's objects (hmpi__hw_kinds) */
    hmpi__path path;       /* Machine id: node_index (virtual) or -1 (resolved per comm) */
    hmpi__devices devices; /* the node's GPUs and NICs */
} hmpi__locality;

/* This process's locality, computed once (thread-safe). On failure returns an
 * error code (not raised) whose message starts with fn and names the file,
 * line and problem. */
int hmpi__locality_get(const char *fn, const hmpi__locality **loc);

/* ---- hwpath.c ---------------------------------------------------------- */

/* Append to path the elements from the root of topo (the Machine) down to
 * the deepest object containing bind (NULL or empty: not bound); with
 * devices, the node's GPUs and NICs, anchored in path. */
int hmpi__hw_path(hwloc_topology_t topo, hwloc_const_cpuset_t bind, hmpi__path *path,
                  hmpi__devices *devices);

/* The path element of the device a guided split names (devices.c): `gpu`,
 * `nic`, the nearest of its class (the deepest element that holds one);
 * `gpu<N>`, `nic<N>`, `pci:<busid>`, an OS device's name (`ib0`) or its
 * letters (`ib`: any such), the element the device hangs from, when the
 * process is near it (inside that object); `nvlink`, the element that
 * holds the NVLink islands of the nearest GPUs. -1: none (near the
 * process); -2: not a device name. */
int hmpi__device_element(const hmpi__devices *devices, const char *name);

/* Bitmask of the kinds of the objects topo has (its Machine's levels). */
uint32_t hmpi__hw_kinds(hwloc_topology_t topo);

/* hmpi kind of an hwloc type, -1 for types that are not hierarchy levels. */
int hmpi__kind_of_hwloc_type(hwloc_obj_type_t type, unsigned cache_depth);
/* hwloc type (and cache depth) of an hmpi kind; -1 for Cluster/Switch. */
int hmpi__hwloc_type_of_kind(int kind, hwloc_obj_type_t *type);

/* ---- switchtree.c: Slurm topology.conf tree plugin syntax ------------- */

struct hmpi__conf;

typedef struct hmpi__switchtree {
    int nswitch;
    char **name; /* per switch */
    int *parent; /* per switch, -1 for a top switch */
    int nnodes;
    char **node;              /* node names attached to a leaf switch */
    int *node_sw;             /* per node: its switch */
    hmpi__namemap switch_map; /* name -> switch */
    hmpi__namemap node_map;   /* name -> node */
} hmpi__switchtree;

/* Build the tree from the SwitchName lines of conf. Other lines are skipped.
 * Errors: "line N: ...". */
int hmpi__switchtree_build(const struct hmpi__conf *conf, hmpi__switchtree *tree, char *err,
                           size_t errlen);
void hmpi__switchtree_free(hmpi__switchtree *tree);
/* Largest number of nodes and switches a file may describe. */
#define HMPI__MAX_NODES (1 << 20)

/* Index of node name in tree, -1 if absent. */
int hmpi__switchtree_find_node(const hmpi__switchtree *tree, const char *name);
/* Append the switch elements from the top down to the switch of node. */
int hmpi__switchtree_path(const hmpi__switchtree *tree, int node, hmpi__path *path);

/* ---- vcluster.c: virtual cluster files --------------------------------- */

typedef struct hmpi__vcluster hmpi__vcluster;

#define HMPI__VCLUSTER_NO_FILES 1 /* refuse @file.xml (fuzzing) */

/* Parse and validate a whole virtual cluster for a world of world_size ranks.
 * dir resolves relative @file paths. Errors: "'<filename>', line N: ...". */
int hmpi__vcluster_parse(const char *text, size_t len, const char *filename, const char *dir,
                         int world_size, int flags, hmpi__vcluster **out, char *err, size_t errlen);
/* Path, node index and node name of a rank (0 <= rank < world_size). */
int hmpi__vcluster_rank_path(const hmpi__vcluster *vc, int rank, hmpi__path *path, int *node,
                             const char **node_name, hmpi__devices *devices);
int hmpi__vcluster_has_network(const hmpi__vcluster *vc);
/* The kinds of the objects of a rank's node (hmpi__hw_kinds). */
uint32_t hmpi__vcluster_node_kinds(const hmpi__vcluster *vc, int rank);
void hmpi__vcluster_free(hmpi__vcluster *vc);

#endif /* HMPI_LOCALITY_H */

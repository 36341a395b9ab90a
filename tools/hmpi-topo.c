/* hmpi-topo: print the communicator hierarchy of MPI_COMM_WORLD as a tree.
 *
 *   mpiexec -n 32 hmpi-topo                      # the real machine
 *   HMPI_TOPOLOGY=cluster.conf mpiexec -n 32 hmpi-topo
 *   mpiexec -n 32 hmpi-topo --dot > h.dot && dot -Tpng h.dot -o h.png
 *   hmpi-topo --config                           # every setting, like ompi_info
 *
 * Every process builds the hierarchy with HMPI_Hierarchy_create; rank 0
 * gathers each rank's position (level names and indices) and prints. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEVELS 30
#define NAME_LEN 24

struct position { /* one rank's communicators, level 1..depth */
    int rank;
    int depth;
    int index[MAX_LEVELS];
    int num[MAX_LEVELS];
    char name[MAX_LEVELS][NAME_LEN];
};

struct options {
    int config;
    int dot;
    int max_depth;
    const char *levels;
};

static void usage(void)
{
    fprintf(stderr, "usage: mpiexec -n N hmpi-topo [--dot] [--max-depth D] [--levels L1,L2,...]\n"
                    "       hmpi-topo --config\n"
                    "  Prints the hierarchy of MPI_COMM_WORLD (real machine, or the virtual\n"
                    "  cluster named by HMPI_TOPOLOGY) as a tree, or as Graphviz with --dot.\n"
                    "  --config lists every environment variable and info key hmpi reads,\n"
                    "  with its allowed values, default and current value.\n");
}

static int parse_options(int argc, char **argv, struct options *o)
{
    o->config = 0;
    o->dot = 0;
    o->max_depth = MAX_LEVELS;
    o->levels = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dot") == 0)
            o->dot = 1;
        else if (strcmp(argv[i], "--config") == 0)
            o->config = 1;
        else if (strcmp(argv[i], "--max-depth") == 0 && i + 1 < argc)
            o->max_depth = atoi(argv[++i]);
        else if (strcmp(argv[i], "--levels") == 0 && i + 1 < argc)
            o->levels = argv[++i];
        else
            return -1;
    }
    return 0;
}

static int by_position(const void *pa, const void *pb)
{
    const struct position *a = pa, *b = pb;
    int n = a->depth < b->depth ? a->depth : b->depth;
    for (int l = 0; l < n; l++)
        if (a->index[l] != b->index[l])
            return a->index[l] < b->index[l] ? -1 : 1;
    if (a->depth != b->depth)
        return a->depth < b->depth ? -1 : 1;
    return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* Ranks of p[0..n) as compact ranges "0-3,8,10-11" (sorted copy). */
static void format_ranks(const struct position *p, int n, char *buf, size_t len)
{
    int *r = malloc((size_t)n * sizeof *r);
    size_t used = 0;
    buf[0] = '\0';
    if (!r)
        return;
    for (int i = 0; i < n; i++)
        r[i] = p[i].rank;
    for (int i = 1; i < n; i++) /* insertion sort: groups are small or nearly sorted */
        for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
            int t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
    for (int i = 0; i < n && used + 24 < len;) {
        int j = i;
        while (j + 1 < n && r[j + 1] == r[j] + 1)
            j++;
        used += (size_t)snprintf(buf + used, len - used, j > i ? "%s%d-%d" : "%s%d",
                                 used ? "," : "", r[i], r[j]);
        i = j + 1;
    }
    if (used + 24 >= len)
        snprintf(buf + used, len - used, ",...");
    free(r);
}

/* Print the communicators of level `l` (0-based into index[]) among p[0..n). */
static void print_tree(const struct position *p, int n, int l, const char *prefix,
                       const struct options *o)
{
    char ranks[256], sub[512];
    int i = 0;
    while (i < n && p[i].depth <= l) /* ranks whose hierarchy stops here */
        i++;
    if (i > 0 && i < n) {
        format_ranks(p, i, ranks, sizeof ranks);
        printf("%s%s (no deeper level: rank%s %s)\n", prefix, "├── ", i > 1 ? "s" : "", ranks);
    }
    while (i < n) {
        int j = i;
        while (j < n && p[j].index[l] == p[i].index[l])
            j++;
        int last = j == n;
        format_ranks(p + i, j - i, ranks, sizeof ranks);
        printf("%s%s%s %d/%d: %d rank%s (%s)\n", prefix, last ? "└── " : "├── ", p[i].name[l],
               p[i].index[l], p[i].num[l], j - i, j - i > 1 ? "s" : "", ranks);
        snprintf(sub, sizeof sub, "%s%s", prefix, last ? "    " : "│   ");
        if (l + 1 < o->max_depth)
            print_tree(p + i, j - i, l + 1, sub, o);
        i = j;
    }
}

static void print_dot(const struct position *p, int n, int l, const char *parent,
                      const struct options *o)
{
    char ranks[256], id[512];
    for (int i = 0; i < n;) {
        if (p[i].depth <= l) {
            i++;
            continue;
        }
        int j = i;
        while (j < n && p[j].depth > l && p[j].index[l] == p[i].index[l])
            j++;
        format_ranks(p + i, j - i, ranks, sizeof ranks);
        snprintf(id, sizeof id, "%s_%d", parent, p[i].index[l]);
        printf("  %s [label=\"%s %d\\n%d rank%s: %s\"];\n  %s -> %s;\n", id, p[i].name[l],
               p[i].index[l], j - i, j - i > 1 ? "s" : "", ranks, parent, id);
        if (l + 1 < o->max_depth)
            print_dot(p + i, j - i, l + 1, id, o);
        i = j;
    }
}

static void print_summary(const struct position *p, int n)
{
    printf("\nLevels (communicators per level, sizes):\n");
    for (int l = 0; l < MAX_LEVELS; l++) {
        int comms = 0, lo = n, hi = 0;
        const char *name = NULL;
        int mixed = 0;
        for (int i = 0; i < n;) {
            if (p[i].depth <= l) {
                i++;
                continue;
            }
            int j = i;
            while (j < n && p[j].depth > l && p[j].index[l] == p[i].index[l] &&
                   (l == 0 || memcmp(p[j].index, p[i].index, sizeof(int) * (size_t)l) == 0))
                j++;
            comms++;
            lo = j - i < lo ? j - i : lo;
            hi = j - i > hi ? j - i : hi;
            if (name && strcmp(name, p[i].name[l]) != 0)
                mixed = 1;
            name = p[i].name[l];
            i = j;
        }
        if (!comms)
            break;
        if (lo == hi)
            printf("  level %d: %-9s %4d communicator%s of %d rank%s\n", l + 1,
                   mixed ? "(mixed)" : name, comms, comms > 1 ? "s" : "", lo, lo > 1 ? "s" : "");
        else
            printf("  level %d: %-9s %4d communicators of %d to %d ranks\n", l + 1,
                   mixed ? "(mixed)" : name, comms, lo, hi);
    }
}

static int my_position(MPI_Comm world, const struct options *o, struct position *me)
{
    HMPI_Hierarchy h;
    MPI_Info info = MPI_INFO_NULL;
    int rc;
    memset(me, 0, sizeof *me);
    MPI_Comm_rank(world, &me->rank);
    if (o->levels) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_levels", o->levels);
    }
    rc = HMPI_Hierarchy_create(world, info, &h);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (rc != MPI_SUCCESS)
        return rc;
    HMPI_Hierarchy_depth(h, &me->depth);
    if (me->depth > MAX_LEVELS)
        me->depth = MAX_LEVELS;
    for (int l = 1; l <= me->depth; l++) {
        MPI_Comm c;
        char type[HMPI_MAX_LEVEL_NAME];
        int len;
        HMPI_Hierarchy_level_comm(h, l, &c);
        HMPI_Comm_get_hlevel_info(c, &me->num[l - 1], &me->index[l - 1], type, &len);
        snprintf(me->name[l - 1], NAME_LEN, "%s", type);
    }
    return HMPI_Hierarchy_free(&h);
}

/* The GPUs and NICs of the first nodes (HMPI_Get_hw_resource_info's
 * hmpi_devices, from each node's first rank): rank 0 prints them.
 * Collective. */
#define DEVICES_LEN 1024
#define DEVICE_NODES 8
static void print_devices(MPI_Comm world)
{
    MPI_Info hw, info;
    MPI_Comm node = MPI_COMM_NULL, leaders;
    char mine[DEVICES_LEN + 256] = "", name[256] = "", devices[DEVICES_LEN] = "";
    int rank, nrank, flag, nleaders = 0;
    MPI_Comm_rank(world, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "Machine");
    if (HMPI_Comm_split_type(world, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &node) != MPI_SUCCESS)
        node = MPI_COMM_NULL; /* (every rank then leads: the gather below stays collective) */
    MPI_Info_free(&info);
    nrank = 0;
    if (node != MPI_COMM_NULL) {
        MPI_Comm_rank(node, &nrank);
        MPI_Comm_free(&node);
    }
    MPI_Comm_split(world, nrank == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);
    if (leaders == MPI_COMM_NULL)
        return;
    if (HMPI_Get_hw_resource_info(&hw) == MPI_SUCCESS) {
        char list[MPI_MAX_INFO_VAL] = "", *save = NULL;
        size_t used = 0;
        MPI_Info_get(hw, "hmpi_node_name", sizeof name - 1, name, &flag);
        MPI_Info_get(hw, "hmpi_devices", MPI_MAX_INFO_VAL - 1, list, &flag);
        for (char *d = strtok_r(list, ",", &save); d; d = strtok_r(NULL, ",", &save)) {
            char key[64], value[MPI_MAX_INFO_VAL] = "";
            snprintf(key, sizeof key, "hmpi_device_%s", d);
            MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, value, &flag);
            char *near = strstr(value, " near"); /* near the leader: says nothing of the node */
            if (near)
                *near = '\0';
            int n = snprintf(devices + used, sizeof devices - used, "%s%s %s", used ? "; " : "", d,
                             value);
            if (n < 0 || (size_t)n >= sizeof devices - used)
                break;
            used += (size_t)n;
        }
        MPI_Info_free(&hw);
    }
    snprintf(mine, sizeof mine, "%s: %s", name, devices[0] ? devices : "none");
    MPI_Comm_size(leaders, &nleaders);
    int shown = nleaders < DEVICE_NODES ? nleaders : DEVICE_NODES;
    char *all = rank == 0 ? calloc((size_t)shown, sizeof mine) : NULL;
    if (rank == 0 && !all)
        shown = 0; /* (out of memory: nothing gathered, nothing printed) */
    MPI_Bcast(&shown, 1, MPI_INT, 0, leaders);
    MPI_Comm first; /* the first nodes' leaders only */
    int lrank;
    MPI_Comm_rank(leaders, &lrank);
    MPI_Comm_split(leaders, lrank < shown ? 0 : MPI_UNDEFINED, lrank, &first);
    if (first != MPI_COMM_NULL) {
        MPI_Gather(mine, (int)sizeof mine, MPI_CHAR, all, (int)sizeof mine, MPI_CHAR, 0, first);
        MPI_Comm_free(&first);
    }
    if (rank == 0 && all) {
        printf("\nDevices (GPUs and NICs; guided splits gpu, gpuN, nic, nicN, pci:BUSID, a "
               "device's name):\n");
        for (int i = 0; i < shown; i++)
            printf("  %s\n", all + (size_t)i * sizeof mine);
        if (nleaders > shown)
            printf("  ... (%d nodes)\n", nleaders);
    }
    free(all);
    MPI_Comm_free(&leaders);
}

/* Where the local reductions come from, and the case users meet. */
static void print_local_reductions(void)
{
    char library[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(library, &len);
    library[strcspn(library, "\n,")] = '\0';
    printf("local reductions\n"
           "    from the MPI library (%s: MPI_Reduce_local, its op components),\n"
           "    but for sums of 8- and 16-bit integers, which hmpi computes itself:\n"
           "    Open MPI 4.1's op/avx saturates them from 16 bytes on (100 + 100 = 127\n"
           "    in MPI_INT8_T); for the library's own collectives, --mca op ^avx\n"
           "    (OMPI_MCA_op=^avx) (doc/collectives.md, \"Local reductions\")\n\n",
           library);
}

/* Every setting of the registry, like ompi_info; 1 if a value is invalid. */
static int print_config(void)
{
    int n, bad = 0;
    HMPI_Config_var v;
    HMPI_Config_count(&n);
    printf("hmpi %s settings (precedence: info key, environment, default)\n\n",
           HMPI_VERSION_STRING);
    for (int i = 0; i < n; i++) {
        HMPI_Config_get(i, &v);
        printf("%s%s%s%s%s\n", v.env ? v.env : "", v.env && v.info_key ? " / " : "",
               v.info_key ? "info '" : "", v.info_key ? v.info_key : "", v.info_key ? "'" : "");
        printf("    %s\n    type %s: %s\n    default '%s'; now '%s' (%s)%s\n\n", v.doc, v.type,
               v.allowed, v.default_value, v.value, v.source, v.valid ? "" : " INVALID");
        bad |= !v.valid;
    }
    print_local_reductions();
    return bad;
}

int main(int argc, char **argv)
{
    struct options o;
    struct position me, *all = NULL;
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (parse_options(argc, argv, &o)) {
        if (rank == 0)
            usage();
        MPI_Finalize();
        return 2;
    }
    if (o.config) {
        int bad = rank == 0 ? print_config() : 0;
        MPI_Finalize();
        return bad;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc = my_position(MPI_COMM_WORLD, &o, &me);
    if (rc != MPI_SUCCESS) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        if (rank == 0)
            fprintf(stderr, "hmpi-topo: %s\n", msg);
        MPI_Finalize();
        return 1;
    }
    if (rank == 0)
        all = malloc((size_t)size * sizeof *all);
    MPI_Gather(&me, (int)sizeof me, MPI_BYTE, all, (int)sizeof me, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        const char *virt = getenv("HMPI_TOPOLOGY");
        qsort(all, (size_t)size, sizeof *all, by_position);
        if (o.dot) {
            printf("digraph hmpi {\n  node [shape=box];\n  world [label=\"MPI_COMM_WORLD\\n%d "
                   "ranks\"];\n",
                   size);
            print_dot(all, size, 0, "world", &o);
            printf("}\n");
        } else {
            printf("MPI_COMM_WORLD: %d ranks, %s%s\n", size,
                   virt && *virt ? "virtual cluster " : "this machine", virt && *virt ? virt : "");
            print_tree(all, size, 0, "", &o);
            print_summary(all, size);
        }
        free(all);
    }
    if (!o.dot)
        print_devices(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}

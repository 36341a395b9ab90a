/* hmpi-topo: print the communicator hierarchy of MPI_COMM_WORLD as a tree.
 *
 *   mpiexec -n 32 hmpi-topo                      # the real machine
 *   HMPI_TOPOLOGY=cluster.conf mpiexec -n 32 hmpi-topo
 *   mpiexec -n 32 hmpi-topo --dot > h.dot && dot -Tpng h.dot -o h.png
 *   hmpi-topo --config                           # every setting, like ompi_info
 *
 * Every process builds the hierarchy with HMPI_Hierarchy_create; rank 0
 * gathers each rank's position (level names and indices) and prints. The
 * GPUs and NICs of each node (HMPI_Get_hw_resource_info) hang in the tree
 * from the object they are attached to: each rank tells which of its levels
 * holds each device near it, each node's first rank what the devices are. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_LEVELS 30
#define NAME_LEN 24
#define MAX_DEVICES 64  /* a node's GPUs and NICs (hmpi's own bound) */
#define NOT_NEAR (-2)   /* a device outside every object around the rank */
#define ALIASES_LEN 160 /* every name of a level: "Machine,Package,NUMANode" */
#define DEVICE_LINE 192 /* "nic2\tib0,mlx5_0 pci 0000:04:00.0 at Package L#1\n" */
#define NODE_TEXT (256 + MAX_DEVICES * DEVICE_LINE)

struct position { /* one rank's communicators, level 1..depth */
    int rank;
    int depth;
    int index[MAX_LEVELS];
    int num[MAX_LEVELS];
    char name[MAX_LEVELS][NAME_LEN];
    int node;                       /* the first world rank of its node (the node's leader) */
    int ndevices;                   /* its node's devices, in HMPI_Get_hw_resource_info's order */
    signed char machine;            /* the level of its node (see level_of) */
    signed char hang[MAX_DEVICES];  /* per device, the level of its object, or NOT_NEAR */
    signed char exact[MAX_DEVICES]; /* 1: that level is the device's object itself */
};

struct options {
    int config;
    int dot;
    int max_depth;
    const char *levels;
};

/* A GPU or NIC of a node, where the tree shows it: under the group of the
 * ranks inside the object it hangs from (`levels` levels down from
 * MPI_COMM_WORLD, starting at sorted rank `pos`); with no rank inside that
 * object, or that object no level of the tree, under the nearest group
 * above it, saying where it hangs from (exact 0). */
struct device {
    int pos, levels, members, exact, order;
    int node;       /* its node's leader (the id in --dot) */
    char name[16];  /* "gpu0", "nic2" */
    char names[96]; /* its OS devices, "cuda0,nvml0"; "" for none */
    char busid[20]; /* "0002:01:00.0"; "" when not a PCI device */
    char where[32]; /* "Package L#1" */
};

struct node { /* one node's devices, from its leader */
    int leader, first, ndevices;
    const char *text;   /* its name, then a line "gpu0\t<hmpi_device_gpu0>" a device */
    struct device home; /* where the node itself is in the tree */
};

struct tree {                   /* what rank 0 prints */
    const struct position *all; /* every rank, sorted by position */
    const struct device *dev;   /* sorted by pos */
    int ndev;
    const struct options *o;
};

static void usage(void)
{
    fprintf(stderr, "usage: mpiexec -n N hmpi-topo [--dot] [--max-depth D] [--levels L1,L2,...]\n"
                    "       hmpi-topo --config\n"
                    "  Prints the hierarchy of MPI_COMM_WORLD (real machine, or the virtual\n"
                    "  cluster named by HMPI_TOPOLOGY) as a tree, or as Graphviz with --dot;\n"
                    "  each node's GPUs and NICs hang from the object they are attached to.\n"
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

/* The first device whose group starts at sorted rank `a` or later. */
static int first_device(const struct tree *t, int a)
{
    int lo = 0, hi = t->ndev;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (t->dev[mid].pos < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether a rank of p[0..n) has a level past `l` levels. */
static int has_deeper(const struct position *p, int n, int l)
{
    for (int i = 0; i < n; i++)
        if (p[i].depth > l)
            return 1;
    return 0;
}

/* The devices that hang from the group of sorted ranks [a, a + n) at
 * `levels` levels (0: MPI_COMM_WORLD), as its first children; `more`: other
 * children follow them. */
static void print_tree_devices(const struct tree *t, int a, int n, int levels, const char *prefix,
                               int more)
{
    int last = -1, first = first_device(t, a);
    for (int i = first; i < t->ndev && t->dev[i].pos < a + n; i++)
        if (t->dev[i].levels == levels)
            last = i;
    for (int i = first; i <= last; i++) {
        const struct device *d = &t->dev[i];
        if (d->levels != levels)
            continue;
        printf("%s%s%s%s%s%s%s%s%s\n", prefix, i == last && !more ? "└── " : "├── ", d->name,
               d->names[0] ? " " : "", d->names, d->busid[0] ? " pci " : "", d->busid,
               d->exact ? "" : " at ", d->exact ? "" : d->where);
    }
}

/* Print the communicators of level `l` (0-based into index[]) among p[0..n). */
static void print_tree(const struct tree *t, const struct position *p, int n, int l,
                       const char *prefix)
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
        int last = j == n, deeper = l + 1 < t->o->max_depth;
        format_ranks(p + i, j - i, ranks, sizeof ranks);
        printf("%s%s%s %d/%d: %d rank%s (%s)\n", prefix, last ? "└── " : "├── ", p[i].name[l],
               p[i].index[l], p[i].num[l], j - i, j - i > 1 ? "s" : "", ranks);
        snprintf(sub, sizeof sub, "%s%s", prefix, last ? "    " : "│   ");
        print_tree_devices(t, (int)(p + i - t->all), j - i, l + 1, sub,
                           deeper && has_deeper(p + i, j - i, l + 1));
        if (deeper)
            print_tree(t, p + i, j - i, l + 1, sub);
        i = j;
    }
}

/* The devices of the group [a, a + n) at `levels` levels, as nodes of the
 * graph with an edge from the group's node `id`. */
static void print_dot_devices(const struct tree *t, int a, int n, int levels, const char *id)
{
    for (int i = first_device(t, a); i < t->ndev && t->dev[i].pos < a + n; i++) {
        const struct device *d = &t->dev[i];
        if (d->levels != levels)
            continue;
        printf("  dev%d_%s [shape=ellipse, label=\"%s%s%s%s%s%s%s\"];\n  %s -> dev%d_%s;\n",
               d->node, d->name, d->name, d->names[0] ? "\\n" : "", d->names,
               d->busid[0] ? "\\npci " : "", d->busid, d->exact ? "" : "\\nat ",
               d->exact ? "" : d->where, id, d->node, d->name);
    }
}

static void print_dot(const struct tree *t, const struct position *p, int n, int l,
                      const char *parent)
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
        print_dot_devices(t, (int)(p + i - t->all), j - i, l + 1, id);
        if (l + 1 < t->o->max_depth)
            print_dot(t, p + i, j - i, l + 1, id);
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

/* Fills me; aliases[l], every name of level l + 1 ("Package,NUMANode"). */
static int my_position(MPI_Comm world, const struct options *o, struct position *me,
                       char aliases[][ALIASES_LEN])
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
        MPI_Info ci;
        char type[HMPI_MAX_LEVEL_NAME];
        int len, flag;
        HMPI_Hierarchy_level_comm(h, l, &c);
        HMPI_Comm_get_hlevel_info(c, &me->num[l - 1], &me->index[l - 1], type, &len);
        snprintf(me->name[l - 1], NAME_LEN, "%s", type);
        snprintf(aliases[l - 1], ALIASES_LEN, "%s", type);
        if (MPI_Comm_get_info(c, &ci) == MPI_SUCCESS) { /* (hmpi's, through PMPI) */
            MPI_Info_get(ci, "hmpi_hw_resource_aliases", ALIASES_LEN - 1, aliases[l - 1], &flag);
            MPI_Info_free(&ci);
        }
    }
    return HMPI_Hierarchy_free(&h);
}

/* The position of `name` in the comma-separated list, whose entries start
 * with prefix; -1 when absent (case-insensitive). */
static int list_index(const char *list, const char *prefix, const char *name)
{
    size_t plen = strlen(prefix), nlen = strlen(name);
    int i = 0;
    for (const char *s = list; *s; i++) {
        size_t len = strcspn(s, ",");
        if (len == plen + nlen && strncasecmp(s, prefix, plen) == 0 &&
            strncasecmp(s + plen, name, nlen) == 0)
            return i;
        s += len + (s[len] == ',');
    }
    return -1;
}

/* The deepest of this process's levels that holds its object of hwloc type
 * `type`: that object's own level (*exact = 1), else the deepest level above
 * it; -1: none, MPI_COMM_WORLD. `types` lists the objects around the process
 * top-down, by all their names (hmpi_hw_resource_types), so that a level is
 * above the object when its name comes first; levels above the node
 * (Switch, Cluster) are not in it. */
static int level_of(const char *type, const char *types, char aliases[][ALIASES_LEN], int depth,
                    int *exact)
{
    int at = list_index(types, "hwloc://", type), level = -1;
    if (at < 0) /* (a type hmpi does not name: the node's) */
        at = list_index(types, "hwloc://", "Machine");
    *exact = 0;
    for (int l = 0; l < depth; l++) {
        char first[ALIASES_LEN];
        if (list_index(aliases[l], "", type) >= 0) {
            *exact = 1;
            return l;
        }
        snprintf(first, sizeof first, "%.*s", (int)strcspn(aliases[l], ","), aliases[l]);
        if (list_index(types, "hwloc://", first) < at)
            level = l;
    }
    return level;
}

/* The hwloc type of the object a device hangs from: "Package" in
 * "cuda0 pci 0002:01:00.0 at Package L#0"; "" when not said. */
static void device_type(const char *value, char *type, size_t len)
{
    const char *at = NULL;
    for (const char *s = strstr(value, " at "); s; s = strstr(s + 1, " at "))
        at = s;
    snprintf(type, len, "%.*s", at ? (int)strcspn(at + 4, " ") : 0, at ? at + 4 : "");
}

/* The whole value of key in info, however long (MPI_MAX_INFO_VAL is 256
 * on Open MPI: a node's list of 64 devices is longer); "" when absent,
 * NULL out of memory. For the caller to free. */
static char *info_value(MPI_Info info, const char *key)
{
    int len = 0, flag = 0;
    MPI_Info_get_valuelen(info, key, &len, &flag);
    char *value = calloc((size_t)(flag ? len : 0) + 1, 1);
    if (value && flag)
        MPI_Info_get(info, key, len, value, &flag);
    return value;
}

/* This process's view of its node's GPUs and NICs
 * (HMPI_Get_hw_resource_info): in text, the node's name and a line
 * "gpu0\t<hmpi_device_gpu0>" a device (what a leader sends to rank 0); in
 * me, the level each device near the process hangs from. */
static void read_devices(char aliases[][ALIASES_LEN], struct position *me, char *text, size_t len)
{
    MPI_Info hw;
    char name[256] = "", *list, *types, *save = NULL;
    int flag, exact;
    me->machine = -1;
    snprintf(text, len, "\n");
    if (HMPI_Get_hw_resource_info(&hw) != MPI_SUCCESS)
        return;
    MPI_Info_get(hw, "hmpi_node_name", sizeof name - 1, name, &flag);
    list = info_value(hw, "hmpi_devices");
    types = info_value(hw, "hmpi_hw_resource_types");
    if (!list || !types) { /* out of memory: no device shown */
        free(list);
        free(types);
        MPI_Info_free(&hw);
        return;
    }
    me->machine = (signed char)level_of("Machine", types, aliases, me->depth, &exact);
    size_t used = (size_t)snprintf(text, len, "%s\n", name);
    for (char *d = strtok_r(list, ",", &save); d && me->ndevices < MAX_DEVICES;
         d = strtok_r(NULL, ",", &save)) {
        char key[64], value[MPI_MAX_INFO_VAL] = "", type[32];
        snprintf(key, sizeof key, "hmpi_device_%s", d);
        MPI_Info_get(hw, key, MPI_MAX_INFO_VAL - 1, value, &flag);
        size_t vlen = strlen(value);
        int near = vlen > 5 && strcmp(value + vlen - 5, " near") == 0; /* inside its object */
        if (near) /* (near this process: says nothing of the node) */
            value[vlen - 5] = '\0';
        int n = snprintf(text + used, len - used, "%s\t%s\n", d, value);
        if (n < 0 || (size_t)n >= len - used) {
            text[used] = '\0';
            break;
        }
        used += (size_t)n;
        device_type(value, type, sizeof type);
        int b = me->ndevices++;
        me->hang[b] =
            near ? (signed char)level_of(type, types, aliases, me->depth, &exact) : NOT_NEAR;
        me->exact[b] = (signed char)(near && exact);
    }
    free(list);
    free(types);
    MPI_Info_free(&hw);
}

/* The first world rank of this process's node (the ranks of one Machine);
 * *leaders, the communicator of those first ranks (MPI_COMM_NULL
 * elsewhere). Collective. */
static int node_leader(MPI_Comm world, MPI_Comm *leaders)
{
    MPI_Info info;
    MPI_Comm node = MPI_COMM_NULL;
    int rank, leader, nrank = 0;
    MPI_Comm_rank(world, &rank);
    leader = rank;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "Machine");
    if (HMPI_Comm_split_type(world, HMPI_COMM_TYPE_HW_GUIDED, rank, info, &node) != MPI_SUCCESS)
        node = MPI_COMM_NULL; /* (every rank then leads: the gathers below stay collective) */
    MPI_Info_free(&info);
    if (node != MPI_COMM_NULL) {
        MPI_Comm_rank(node, &nrank);
        MPI_Bcast(&leader, 1, MPI_INT, 0, node);
        MPI_Comm_free(&node);
    }
    MPI_Comm_split(world, nrank == 0 ? 0 : MPI_UNDEFINED, rank, leaders);
    return leader;
}

/* Rank 0 of leaders (world rank 0) learns every node's leader and text:
 * returns the number of nodes there, 0 elsewhere or out of memory (*nodes
 * and *texts for the caller to free). Collective over leaders. */
static int gather_nodes(MPI_Comm leaders, int leader, const char *text, struct node **nodes,
                        char **texts)
{
    int mine[2] = {leader, (int)strlen(text) + 1}, lrank, nn, ok, *got = NULL;
    MPI_Comm_rank(leaders, &lrank);
    MPI_Comm_size(leaders, &nn);
    *nodes = NULL;
    *texts = NULL;
    if (lrank == 0)
        got = malloc(4 * (size_t)nn * sizeof *got); /* leader and length a node; counts; displs */
    ok = got != NULL;
    MPI_Bcast(&ok, 1, MPI_INT, 0, leaders);
    if (!ok)
        return 0;
    MPI_Gather(mine, 2, MPI_INT, got, 2, MPI_INT, 0, leaders);
    int *counts = got ? got + 2 * nn : NULL, *displs = got ? got + 3 * nn : NULL;
    if (lrank == 0) {
        long long total = 0; /* (displacements are ints) */
        for (int i = 0; i < nn; i++) {
            counts[i] = got[2 * i + 1];
            displs[i] = (int)total;
            total += counts[i];
        }
        if (total <= 0x7fffffff)
            *texts = malloc((size_t)total);
        *nodes = *texts ? calloc((size_t)nn, sizeof **nodes) : NULL;
        for (int i = 0; *nodes && i < nn; i++) {
            (*nodes)[i].leader = got[2 * i];
            (*nodes)[i].text = *texts + displs[i];
        }
    }
    ok = lrank != 0 || *nodes;
    MPI_Bcast(&ok, 1, MPI_INT, 0, leaders);
    if (ok)
        MPI_Gatherv(text, mine[1], MPI_CHAR, *texts, counts, displs, MPI_CHAR, 0, leaders);
    free(got);
    return ok && lrank == 0 ? nn : 0;
}

/* One line "gpu0\t<names or -> [pci <busid>] at <where>" of a node's text. */
static void parse_device(const char *line, size_t len, struct device *d)
{
    char value[MPI_MAX_INFO_VAL], *at = NULL, *pci;
    size_t tab = strcspn(line, "\t");
    if (tab > len)
        tab = len;
    snprintf(d->name, sizeof d->name, "%.*s", (int)tab, line);
    snprintf(value, sizeof value, "%.*s", tab < len ? (int)(len - tab - 1) : 0, line + tab + 1);
    for (char *s = strstr(value, " at "); s; s = strstr(s + 1, " at "))
        at = s;
    if (at) {
        snprintf(d->where, sizeof d->where, "%s", at + 4);
        *at = '\0';
    }
    if ((pci = strstr(value, " pci ")) != NULL) {
        snprintf(d->busid, sizeof d->busid, "%s", pci + 5);
        *pci = '\0';
    }
    snprintf(d->names, sizeof d->names, "%s", strcmp(value, "-") ? value : "");
    for (char *c = d->names; *c; c++) /* (quotes would end a --dot label) */
        if (*c == '"' || *c == '\\')
            *c = '?';
}

/* Every node's devices, in dev (nodes[i].first on): returns how many, -1
 * out of memory. */
static int parse_nodes(struct node *nodes, int nn, struct device **dev)
{
    int n = 0;
    for (int i = 0; i < nn; i++) {
        const char *s = strchr(nodes[i].text, '\n');
        nodes[i].first = n;
        for (; s && s[1] && nodes[i].ndevices < MAX_DEVICES; s = strchr(s + 1, '\n'))
            nodes[i].ndevices++;
        n += nodes[i].ndevices;
    }
    *dev = calloc(n ? (size_t)n : 1, sizeof **dev);
    if (!*dev)
        return -1;
    for (int i = 0; i < nn; i++) {
        const char *s = strchr(nodes[i].text, '\n') + 1;
        for (int b = 0; b < nodes[i].ndevices; b++, s += strcspn(s, "\n") + 1) {
            struct device *d = &(*dev)[nodes[i].first + b];
            parse_device(s, strcspn(s, "\n"), d);
            d->node = nodes[i].leader;
            d->order = nodes[i].first + b;
        }
    }
    return n;
}

/* Counts sorted rank k among the ranks of pl (a device, or a node's home),
 * whose object is the rank's level `level` (0-based; -1: above them all,
 * MPI_COMM_WORLD). pl's group is the deepest that holds them all, no deeper
 * than any one's level; exact while it is each one's level and that level
 * is the object itself. */
static void fold(struct device *pl, const struct position *all, int k, int level, int exact)
{
    int n = level + 1, l = 0;
    if (pl->members++ == 0) {
        pl->pos = k;
        pl->levels = n;
        pl->exact = exact;
        return;
    }
    const struct position *a = &all[pl->pos], *b = &all[k];
    int shared = n < pl->levels ? n : pl->levels;
    while (l < shared && l < a->depth && l < b->depth && a->index[l] == b->index[l])
        l++;
    pl->exact = pl->exact && exact && l == n && l == pl->levels;
    pl->levels = l;
}

/* a before (-1), in (0) or after (1) the group of g at `levels` levels. */
static int in_group(const struct position *a, const struct position *g, int levels)
{
    for (int l = 0; l < levels; l++) {
        if (l >= a->depth)
            return -1; /* (stops above it: sorted first) */
        if (a->index[l] != g->index[l])
            return a->index[l] < g->index[l] ? -1 : 1;
    }
    return 0;
}

/* The first sorted rank of the group of all[k] at `levels` levels. */
static int group_start(const struct position *all, int k, int levels)
{
    int lo = 0, hi = k;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (in_group(&all[mid], &all[k], levels) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int by_node(const void *key, const void *elem)
{
    int leader = *(const int *)key, other = ((const struct node *)elem)->leader;
    return leader < other ? -1 : leader > other;
}

static int by_group(const void *pa, const void *pb)
{
    const struct device *a = pa, *b = pb;
    if (a->pos != b->pos)
        return a->pos < b->pos ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Where each device hangs in the tree (all sorted by position): the group
 * of the ranks near it, at the level of its object; near none, its node's
 * group. Then dev sorted by group, each group's in the node's order.
 * O(ranks x devices of a node). */
static void place_devices(const struct position *all, int size, struct node *nodes, int nn,
                          struct device *dev, int ndev, int max_depth)
{
    for (int k = 0; k < size; k++) {
        struct node *nd = bsearch(&all[k].node, nodes, (size_t)nn, sizeof *nodes, by_node);
        if (!nd)
            continue;
        fold(&nd->home, all, k, all[k].machine, 0);
        for (int b = 0; b < nd->ndevices && b < all[k].ndevices; b++)
            if (all[k].hang[b] != NOT_NEAR)
                fold(&dev[nd->first + b], all, k, all[k].hang[b], all[k].exact[b]);
    }
    if (max_depth < 1) /* (the tree shows the first level still) */
        max_depth = 1;
    for (int i = 0; i < nn; i++)
        for (int b = 0; b < nodes[i].ndevices; b++) {
            struct device *d = &dev[nodes[i].first + b];
            if (!d->members) { /* (no rank inside its object) */
                d->pos = nodes[i].home.pos;
                d->levels = nodes[i].home.levels;
                d->exact = 0;
            }
            if (d->levels > max_depth) {
                d->levels = max_depth;
                d->exact = 0;
            }
            d->pos = group_start(all, d->pos, d->levels); /* (a group's in the node's order) */
        }
    qsort(dev, (size_t)ndev, sizeof *dev, by_group);
}

/* The GPUs and NICs of the first nodes, from their texts. */
#define DEVICES_LEN 1024
#define DEVICE_NODES 8
static void print_device_list(const struct node *nodes, int nn)
{
    int shown = nn < DEVICE_NODES ? nn : DEVICE_NODES;
    printf("\nDevices (GPUs and NICs; guided splits gpu, gpuN, nic, nicN, pci:BUSID, a "
           "device's name):\n");
    for (int i = 0; i < shown; i++) {
        char devices[DEVICES_LEN] = "", line[DEVICES_LEN + 256];
        const char *name = nodes[i].text, *s = strchr(name, '\n');
        size_t used = 0;
        for (int b = 0; b < nodes[i].ndevices; b++) {
            size_t len = strcspn(++s, "\n"), tab = strcspn(s, "\t");
            int n = snprintf(devices + used, sizeof devices - used, "%s%.*s %.*s", used ? "; " : "",
                             (int)tab, s, (int)(len - tab - 1), s + tab + 1);
            if (n < 0 || (size_t)n >= sizeof devices - used)
                break;
            used += (size_t)n;
            s += len;
        }
        snprintf(line, sizeof line, "%.*s: %s", (int)strcspn(name, "\n"), name,
                 devices[0] ? devices : "none");
        printf("  %s\n", line);
    }
    if (nn > shown)
        printf("  ... (%d nodes)\n", nn);
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

/* Rank 0: the tree (or graph) of all (every rank's position), with the
 * devices of the nn nodes. */
static void print_hierarchy(struct position *all, int size, struct node *nodes, int nn,
                            const struct options *o)
{
    const char *virt = getenv("HMPI_TOPOLOGY");
    struct device *dev = NULL;
    int ndev = parse_nodes(nodes, nn, &dev);
    qsort(all, (size_t)size, sizeof *all, by_position);
    if (ndev > 0)
        place_devices(all, size, nodes, nn, dev, ndev, o->max_depth);
    struct tree t = {all, dev, ndev > 0 ? ndev : 0, o};
    if (o->dot) {
        printf("digraph hmpi {\n  node [shape=box];\n  world [label=\"MPI_COMM_WORLD\\n%d "
               "ranks\"];\n",
               size);
        print_dot_devices(&t, 0, size, 0, "world");
        print_dot(&t, all, size, 0, "world");
        printf("}\n");
    } else {
        printf("MPI_COMM_WORLD: %d ranks, %s%s\n", size,
               virt && *virt ? "virtual cluster " : "this machine", virt && *virt ? virt : "");
        print_tree_devices(&t, 0, size, 0, "", has_deeper(all, size, 0));
        print_tree(&t, all, size, 0, "");
        print_summary(all, size);
        print_device_list(nodes, nn);
    }
    free(dev);
}

int main(int argc, char **argv)
{
    struct options o;
    struct position me, *all = NULL;
    struct node *nodes = NULL;
    char aliases[MAX_LEVELS][ALIASES_LEN], text[NODE_TEXT], *texts = NULL;
    int rank, size, nn = 0;
    MPI_Comm leaders;
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
    int rc = my_position(MPI_COMM_WORLD, &o, &me, aliases);
    if (rc != MPI_SUCCESS) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        if (rank == 0)
            fprintf(stderr, "hmpi-topo: %s\n", msg);
        MPI_Finalize();
        return 1;
    }
    me.node = node_leader(MPI_COMM_WORLD, &leaders);
    read_devices(aliases, &me, text, sizeof text);
    if (rank == 0)
        all = malloc((size_t)size * sizeof *all);
    MPI_Gather(&me, (int)sizeof me, MPI_BYTE, all, (int)sizeof me, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (leaders != MPI_COMM_NULL) { /* (world rank 0 is a leader) */
        nn = gather_nodes(leaders, me.node, text, &nodes, &texts);
        MPI_Comm_free(&leaders);
    }
    if (rank == 0)
        print_hierarchy(all, size, nodes, nn, &o);
    free(all);
    free(nodes);
    free(texts);
    MPI_Finalize();
    return 0;
}

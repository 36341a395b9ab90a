/* bench/mapping: how well and how fast hmpi places application graphs.
 *
 *   mpiexec -n 32 bench/mapping              live: this job's processes
 *   bench/mapping --offline 32,256,1024,4096 the placement engine alone, on
 *                                            generated virtual clusters
 *
 * Live (on the job's locality, e.g. HMPI_TOPOLOGY=share/clusters/goglin-4nodes.conf):
 * for a ring over a scrambled order, an R x C grid over a shuffled
 * communicator (with and without diagonals) and a random sparse graph,
 * the creation time (median of repetitions, slowest rank) and the weight
 * crossing each hierarchy level (HMPI_Topo_crossing) of HMPI_Graph_create /
 * HMPI_Cart_create with reordering, against the identity placement and the
 * MPI library's MPI_Graph_create, MPI_Dist_graph_create_adjacent and
 * MPI_Cart_create with reorder = 1.
 *
 * Offline: clusters of nodes with 2 packages of 16 cores under leaf switches
 * of 8 nodes, 32 to 4096 ranks in one process; for rings, 2-D and 3-D grids
 * (with diagonals too) and random sparse graphs, the crossing weight at the
 * switch, node and package levels of the identity placement of a shuffled
 * numbering and of hmpi's placement, and the placement time. */
#include <hmpi.h>

#include "hierarchy/commloc.h"
#include "smp/mapping.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reps = 9;
static uint32_t rng = 4242;

static int rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 8) % (uint32_t)n);
}

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- application graphs: (u, v) edge lists over n vertices --------------- */

typedef struct edges {
    long m;
    int *u, *v, *w;
} edges;

static void add(edges *e, int a, int b)
{
    e->u[e->m] = a, e->v[e->m] = b, e->w[e->m] = 1, e->m++;
}

/* pattern: 0 ring, 1 2-D grid, 2 2-D grid + diagonals, 3 3-D grid, 4 random (degree 4) */
static const char *const pattern_names[] = {"ring", "2-D grid", "2-D grid+diag", "3-D grid",
                                            "random deg 4"};

static void make_pattern(int pattern, int n, edges *e)
{
    int dims[3] = {0, 0, 0};
    e->m = 0;
    e->u = malloc(sizeof(int) * 16 * (size_t)n);
    e->v = malloc(sizeof(int) * 16 * (size_t)n);
    e->w = malloc(sizeof(int) * 16 * (size_t)n);
    if (pattern == 0)
        for (int a = 0; a < n; a++)
            add(e, a, (a + 1) % n);
    if (pattern == 1 || pattern == 2) {
        MPI_Dims_create(n, 2, dims);
        for (int a = 0; a < n; a++) {
            int r = a / dims[1], c = a % dims[1];
            if (c + 1 < dims[1])
                add(e, a, a + 1);
            if (r + 1 < dims[0])
                add(e, a, a + dims[1]);
            if (pattern == 2 && r + 1 < dims[0] && c + 1 < dims[1])
                add(e, a, a + dims[1] + 1);
            if (pattern == 2 && r + 1 < dims[0] && c > 0)
                add(e, a, a + dims[1] - 1);
        }
    }
    if (pattern == 3) {
        MPI_Dims_create(n, 3, dims);
        for (int a = 0; a < n; a++) {
            int x = a / (dims[1] * dims[2]), y = (a / dims[2]) % dims[1], z = a % dims[2];
            if (z + 1 < dims[2])
                add(e, a, a + 1);
            if (y + 1 < dims[1])
                add(e, a, a + dims[2]);
            if (x + 1 < dims[0])
                add(e, a, a + dims[1] * dims[2]);
        }
    }
    if (pattern == 4)
        for (int a = 0; a < n; a++)
            for (int k = 0; k < 2; k++)
                add(e, a, rnd(n));
}

static void free_edges(edges *e)
{
    free(e->u), free(e->v), free(e->w);
}

/* ---- offline ------------------------------------------------------------- */

static hmpi__loctable *cluster_table(int n)
{
    int nodes = (n + 31) / 32, leaves = (nodes + 7) / 8;
    size_t cap = 4096 + (size_t)nodes * 64;
    char *text = malloc(cap), err[512];
    int len = 0;
    len += snprintf(text + len, cap - len, "SwitchName=top Switches=leaf[0-%d]\n", leaves - 1);
    for (int l = 0; l < leaves; l++) {
        int last = (l + 1) * 8 - 1 < nodes - 1 ? (l + 1) * 8 - 1 : nodes - 1;
        len +=
            snprintf(text + len, cap - len, "SwitchName=leaf%d Nodes=n[%d-%d]\n", l, l * 8, last);
    }
    len += snprintf(text + len, cap - len,
                    "NodeName=n[0-%d] Topology=\"pack:2 [numa] l3:1 core:16 pu:1\"\n", nodes - 1);
    for (int k = 0; k < nodes; k++) {
        int last = (k + 1) * 32 - 1 < n - 1 ? (k + 1) * 32 - 1 : n - 1;
        len += snprintf(text + len, cap - len, "Rank=%d-%d Node=n%d Bind=core\n", k * 32, last, k);
    }
    hmpi__vcluster *vc = NULL;
    if (hmpi__vcluster_parse(text, (size_t)len, "generated", ".", n, 0, &vc, err, sizeof err)) {
        fprintf(stderr, "mapping: %s\n", err);
        free(text);
        return NULL;
    }
    free(text);
    hmpi__loctable *t = calloc(1, sizeof *t);
    hmpi__path path;
    int depth = 0, node;
    const char *name;
    t->n = n;
    for (int r = 0; r < n; r++) {
        hmpi__vcluster_rank_path(vc, r, &path, &node, &name, NULL);
        depth = path.len > depth ? path.len : depth;
    }
    t->depth = depth;
    if (n < 1 || depth < 1) {
        free(t);
        return NULL;
    }
    t->len = calloc((size_t)n, 1);
    t->id = calloc((size_t)n * depth, sizeof(int32_t));
    t->kind = calloc((size_t)n * depth, 1);
    for (int r = 0; r < n; r++) {
        hmpi__vcluster_rank_path(vc, r, &path, &node, &name, NULL);
        t->len[r] = (uint8_t)path.len;
        for (int k = 0; k < path.len; k++) {
            t->id[(size_t)r * depth + k] = path.elem[k].id;
            t->kind[(size_t)r * depth + k] = path.elem[k].kind;
        }
    }
    hmpi__vcluster_free(vc);
    return t;
}

static void free_table(hmpi__loctable *t)
{
    free(t->len), free(t->id), free(t->kind), free(t->node), free(t->order), free(t);
}

static void offline(const int *sizes, int nsizes)
{
    for (int si = 0; si < nsizes; si++)
        if (sizes[si] < 1 || sizes[si] > (1 << 20))
            return;
    printf("offline placement: nodes of 2 packages x 16 cores, 8 nodes per leaf switch;\n"
           "crossing weight at the levels leaf switch | node | package,\n"
           "identity of a shuffled numbering -> hmpi; placement time (ms)\n");
    for (int si = 0; si < nsizes; si++) {
        int n = sizes[si];
        hmpi__loctable *t = cluster_table(n);
        if (!t)
            return;
        int *slot_rank = malloc(sizeof(int) * (size_t)n), *pinned = malloc(sizeof(int) * (size_t)n);
        int *place = malloc(sizeof(int) * (size_t)n), *perm = malloc(sizeof(int) * (size_t)n);
        long *ci = calloc((size_t)t->depth + 1, sizeof(long)),
             *cm = calloc((size_t)t->depth + 1, sizeof(long));
        for (int s = 0; s < n; s++)
            slot_rank[s] = s, pinned[s] = -1, perm[s] = s;
        for (int p = 0; p < 5; p++) {
            edges e;
            hmpi__graph g;
            make_pattern(p, n, &e);
            shuffle(perm, n); /* the application numbers its processes at random */
            for (long k = 0; k < e.m; k++)
                e.u[k] = perm[e.u[k]], e.v[k] = perm[e.v[k]];
            hmpi__graph_from_edges(n, e.m, e.u, e.v, e.w, &g);
            for (int v = 0; v < n; v++)
                place[v] = v;
            hmpi__crossing(t, slot_rank, &g, place, ci);
            double t0 = MPI_Wtime();
            hmpi__map_graph(t, slot_rank, &g, pinned, HMPI__EFFORT_DEFAULT, place);
            double dt = MPI_Wtime() - t0;
            hmpi__crossing(t, slot_rank, &g, place, cm);
            /* path: cluster, top switch, leaf switch, node, package: an edge
             * apart at element k crosses prefix length k + 1 */
            printf("  %5d ranks %-14s", n, pattern_names[p]);
            for (int m = 3; m <= 5 && m <= t->depth; m++)
                printf(" %6ld -> %-6ld", ci[m], cm[m]);
            printf(" %9.1f\n", dt * 1e3);
            hmpi__graph_free(&g);
            free_edges(&e);
        }
        free(slot_rank), free(pinned), free(place), free(perm), free(ci), free(cm);
        free_table(t);
    }
}

/* ---- live ---------------------------------------------------------------- */

typedef struct live {
    int n, *deg, *xadj, *adj; /* the application graph, in ranks of base */
} live;

static double median_max(double *t, MPI_Comm comm)
{
    MPI_Allreduce(MPI_IN_PLACE, t, reps, MPI_DOUBLE, MPI_MAX, comm);
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    return t[reps / 2];
}

static void report(const char *what, MPI_Comm c, double secs, int rank)
{
    long cross[16];
    int nl = 0;
    HMPI_Topo_crossing(c, 16, cross, &nl);
    if (rank == 0) {
        printf("    %-34s %9.1f us  crossing:", what, secs * 1e6);
        for (int l = 0; l < nl && l < 6; l++)
            printf(" %5ld", cross[l]);
        printf("\n");
    }
}

static void live_pattern(int pattern, MPI_Comm base)
{
    int size, rank;
    MPI_Comm_size(base, &size);
    MPI_Comm_rank(base, &rank);
    edges e;
    rng = 99 + (uint32_t)pattern;
    make_pattern(pattern, size, &e);
    int *perm = malloc(sizeof(int) * (size_t)size);
    for (int i = 0; i < size; i++)
        perm[i] = i;
    if (pattern == 0 || pattern == 4)
        shuffle(perm, size);
    /* full graph (both directions) for MPI_Graph_create, and my own list */
    int *deg = calloc((size_t)size, sizeof(int)), *index = malloc(sizeof(int) * (size_t)size);
    for (long k = 0; k < e.m; k++)
        if (e.u[k] != e.v[k])
            deg[perm[e.u[k]]]++, deg[perm[e.v[k]]]++;
    for (int a = 0, acc = 0; a < size; a++)
        index[a] = (acc += deg[a]);
    int *edges_all = malloc(sizeof(int) * ((size_t)index[size - 1] + 1)),
        *fill = calloc((size_t)size, sizeof(int));
    for (long k = 0; k < e.m; k++) {
        int a = perm[e.u[k]], b = perm[e.v[k]];
        if (a == b)
            continue;
        edges_all[(a ? index[a - 1] : 0) + fill[a]++] = b;
        edges_all[(b ? index[b - 1] : 0) + fill[b]++] = a;
    }
    int mydeg = deg[rank], *mine = edges_all + (rank ? index[rank - 1] : 0);
    int *ones = malloc(sizeof(int) * ((size_t)mydeg + 1));
    for (int k = 0; k <= mydeg; k++)
        ones[k] = 1;
    double *t = malloc(sizeof(double) * (size_t)reps);
    MPI_Comm c;
    if (rank == 0)
        printf("  %s over %d ranks (creation time; crossing weight at levels 1..)\n",
               pattern_names[pattern], size);
#define TIMED(call)                                                                                \
    for (int r = 0; r < reps; r++) {                                                               \
        MPI_Barrier(base);                                                                         \
        double t0 = MPI_Wtime();                                                                   \
        call;                                                                                      \
        t[r] = MPI_Wtime() - t0;                                                                   \
        if (r < reps - 1)                                                                          \
            MPI_Comm_free(&c);                                                                     \
    }
    TIMED(HMPI_Graph_create(base, mydeg, mine, 0, MPI_INFO_NULL, &c));
    report("identity (HMPI_Graph_create, pinned)", c, median_max(t, base), rank);
    MPI_Comm_free(&c);
    TIMED(HMPI_Graph_create(base, mydeg, mine, 1, MPI_INFO_NULL, &c));
    report("HMPI_Graph_create, reorder", c, median_max(t, base), rank);
    MPI_Comm_free(&c);
    TIMED(MPI_Graph_create(base, size, index, edges_all, 1, &c));
    report("MPI_Graph_create, reorder", c, median_max(t, base), rank);
    MPI_Comm_free(&c);
    TIMED(MPI_Dist_graph_create_adjacent(base, mydeg, mine, ones, mydeg, mine, ones, MPI_INFO_NULL,
                                         1, &c));
    report("MPI_Dist_graph_create_adjacent, reord", c, median_max(t, base), rank);
    MPI_Comm_free(&c);
    if (pattern == 1 || pattern == 3) {
        int nd = pattern == 1 ? 2 : 3, dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0};
        MPI_Dims_create(size, nd, dims);
        TIMED(HMPI_Cart_create(base, nd, dims, periods, 0, NULL, 1, MPI_INFO_NULL, &c));
        report("HMPI_Cart_create, reorder", c, median_max(t, base), rank);
        MPI_Comm_free(&c);
        TIMED(MPI_Cart_create(base, nd, dims, periods, 1, &c));
        report("MPI_Cart_create, reorder", c, median_max(t, base), rank);
        MPI_Comm_free(&c);
    }
    free(perm), free(deg), free(index), free(edges_all), free(fill), free(ones), free(t);
    free_edges(&e);
}

int main(int argc, char **argv)
{
    int rank, size, sizes[16], nsizes = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--offline"))
            for (char *tok = strtok(argv[i + 1], ","); tok && nsizes < 16; tok = strtok(NULL, ","))
                sizes[nsizes++] = atoi(tok);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]) > 2 ? atoi(argv[i + 1]) : reps;
    }
    if (nsizes > 0) {
        if (rank == 0)
            offline(sizes, nsizes);
    } else {
        MPI_Comm shuffled;
        const char *topo = getenv("HMPI_TOPOLOGY");
        MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
        if (rank == 0)
            printf("placement, live: %d ranks, %s%s; median of %d, slowest rank; the base "
                   "communicator is shuffled\n",
                   size, topo ? "virtual cluster " : "this machine", topo ? topo : "", reps);
        for (int p = 0; p < 5; p++)
            live_pattern(p, shuffled);
        MPI_Comm_free(&shuffled);
    }
    MPI_Finalize();
    return 0;
}

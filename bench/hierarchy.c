/* bench/hierarchy: the cost of building the whole communicator hierarchy.
 *
 *   mpiexec -n 32 bench/hierarchy [--reps N]      (HMPI_TOPOLOGY for a virtual cluster)
 *
 * Compared in the same run, each as the median over repetitions of the
 * slowest rank's time:
 *   - HMPI_Hierarchy_create (all levels + conduits) and the
 *     HMPI_Comm_hsplit_with_roots loop, against plain MPI_Comm_split calls
 *     replaying the very same colours (the same number of splits);
 *   - the HMPI_Comm_split_type(HW_UNGUIDED) loop against plain splits of the
 *     same colours and, with an MPI-4 library (MPICH), against the loop of
 *     MPI_Comm_split_type(MPI_COMM_TYPE_HW_UNGUIDED).
 * Not a pass/fail test: it reports. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 30

static int reps = 21;

/* What the plain replay needs: per level, this process's colour, whether it
 * is the root of its new communicator, and whether anyone split at all. */
struct recipe {
    int levels;       /* levels this process walks (its depth + 1 attempts) */
    int colour[MAXL]; /* colour at step l (MPI_UNDEFINED: none) */
    int split[MAXL];  /* did the step at level l split (some member had a child)? */
};

static double now(void)
{
    return MPI_Wtime();
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median over repetitions of the slowest rank. */
static double median_of_max(double *t, int n)
{
    MPI_Allreduce(MPI_IN_PLACE, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

static void free_comm(MPI_Comm *c)
{
    if (*c != MPI_COMM_NULL && *c != MPI_COMM_WORLD)
        MPI_Comm_free(c);
}

/* Record the colours hmpi used, from the hierarchy it built (untimed). */
static struct recipe record(void)
{
    struct recipe r;
    HMPI_Hierarchy h;
    int depth;
    memset(&r, 0, sizeof r);
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h);
    HMPI_Hierarchy_depth(h, &depth);
    r.levels = depth + 1;
    for (int l = 0; l <= depth && l < MAXL; l++) {
        MPI_Comm cur, next;
        HMPI_Hierarchy_level_comm(h, l, &cur);
        int deeper = l < depth, any;
        MPI_Allreduce(&deeper, &any, 1, MPI_INT, MPI_MAX, cur);
        r.split[l] = any;
        r.colour[l] = MPI_UNDEFINED;
        if (deeper) {
            char type[HMPI_MAX_LEVEL_NAME];
            int num, index, len;
            HMPI_Hierarchy_level_comm(h, l + 1, &next);
            HMPI_Comm_get_hlevel_info(next, &num, &index, type, &len);
            r.colour[l] = index;
        }
    }
    HMPI_Hierarchy_free(&h);
    return r;
}

/* Plain MPI_Comm_split calls with the recorded colours; with_roots adds the
 * roots split of every level, as the hierarchy does. */
static void replay(const struct recipe *r, int with_roots)
{
    MPI_Comm cur = MPI_COMM_WORLD;
    MPI_Comm made[2 * MAXL];
    int nmade = 0;
    for (int l = 0; l < r->levels && cur != MPI_COMM_NULL && r->split[l]; l++) {
        MPI_Comm next, roots;
        int rank, nrank = -1;
        MPI_Comm_rank(cur, &rank);
        MPI_Comm_split(cur, r->colour[l], rank, &next);
        if (with_roots) {
            if (next != MPI_COMM_NULL)
                MPI_Comm_rank(next, &nrank);
            MPI_Comm_split(cur, nrank == 0 ? 0 : MPI_UNDEFINED, rank, &roots);
            made[nmade++] = roots;
        }
        made[nmade++] = next;
        cur = next;
    }
    for (int i = 0; i < nmade; i++)
        free_comm(&made[i]);
}

static void hmpi_hierarchy(void)
{
    HMPI_Hierarchy h;
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h);
    HMPI_Hierarchy_free(&h);
}

static void hsplit_loop(void)
{
    MPI_Comm cur = MPI_COMM_WORLD, made[2 * MAXL];
    int nmade = 0;
    while (cur != MPI_COMM_NULL && nmade < 2 * MAXL - 1) {
        MPI_Comm next, roots;
        HMPI_Comm_hsplit_with_roots(cur, MPI_INFO_NULL, &next, &roots);
        made[nmade++] = roots;
        made[nmade++] = next;
        cur = next;
    }
    for (int i = 0; i < nmade; i++)
        free_comm(&made[i]);
}

static void split_type_loop(int type)
{
    MPI_Comm cur = MPI_COMM_WORLD, made[MAXL];
    int nmade = 0;
    while (cur != MPI_COMM_NULL && nmade < MAXL) {
        MPI_Comm next;
        int rank;
        MPI_Comm_rank(cur, &rank);
        if (type == HMPI_COMM_TYPE_HW_UNGUIDED)
            HMPI_Comm_split_type(cur, type, rank, MPI_INFO_NULL, &next);
        else
            MPI_Comm_split_type(cur, type, rank, MPI_INFO_NULL, &next);
        made[nmade++] = next;
        cur = next;
    }
    for (int i = 0; i < nmade; i++)
        free_comm(&made[i]);
}

/* Time each callback `reps` times, interleaved so that drift hits all alike. */
struct candidate {
    const char *name;
    void (*run)(const struct candidate *);
    const struct recipe *recipe;
    int type;
    double *t;
    double median;
};

static void run_hierarchy(const struct candidate *c)
{
    (void)c;
    hmpi_hierarchy();
}
static void run_hsplit(const struct candidate *c)
{
    (void)c;
    hsplit_loop();
}
static void run_replay_roots(const struct candidate *c)
{
    replay(c->recipe, 1);
}
static void run_replay_levels(const struct candidate *c)
{
    replay(c->recipe, 0);
}
static void run_split_type(const struct candidate *c)
{
    split_type_loop(c->type);
}

static void measure(struct candidate *c, int n)
{
    for (int i = 0; i < n; i++) {
        c[i].t = calloc((size_t)reps, sizeof(double));
        c[i].run(&c[i]); /* warm-up: caches, connections */
    }
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = now();
            c[i].run(&c[i]);
            c[i].t[r] = now() - t0;
        }
    for (int i = 0; i < n; i++) {
        c[i].median = median_of_max(c[i].t, reps);
        free(c[i].t);
    }
}

int main(int argc, char **argv)
{
    int rank, size, depth, max_depth;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(argv[++i]) > 0 ? atoi(argv[i]) : reps;
    struct recipe recipe = record();
    depth = recipe.levels - 1;
    MPI_Allreduce(&depth, &max_depth, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

    struct candidate c[] = {
        {"plain MPI_Comm_split, same colours, levels + roots", run_replay_roots, &recipe, 0, 0, 0},
        {"HMPI_Hierarchy_create (levels + conduits)", run_hierarchy, &recipe, 0, 0, 0},
        {"HMPI_Comm_hsplit_with_roots loop", run_hsplit, &recipe, 0, 0, 0},
        {"plain MPI_Comm_split, same colours, levels", run_replay_levels, &recipe, 0, 0, 0},
        {"HMPI_Comm_split_type(HW_UNGUIDED) loop", run_split_type, &recipe,
         HMPI_COMM_TYPE_HW_UNGUIDED, 0, 0},
#ifdef MPI_COMM_TYPE_HW_UNGUIDED
        {"MPI_Comm_split_type(MPI_COMM_TYPE_HW_UNGUIDED) loop", run_split_type, &recipe,
         MPI_COMM_TYPE_HW_UNGUIDED, 0, 0},
#endif
    };
    int n = (int)(sizeof c / sizeof c[0]);
    measure(c, n);
    if (rank == 0) {
        const char *topo = getenv("HMPI_TOPOLOGY");
        printf("hierarchy build: %d ranks, depth %d, %s%s; median of %d, slowest rank\n", size,
               max_depth, topo && *topo ? "virtual cluster " : "this machine",
               topo && *topo ? topo : "", reps);
        printf("  %-54s %12s %8s\n", "operation", "time (us)", "ratio");
        for (int i = 0; i < n; i++) {
            double base = i < 3 ? c[0].median : c[3].median;
            printf("  %-54s %12.1f %8.2f\n", c[i].name, c[i].median * 1e6, c[i].median / base);
        }
#ifdef MPI_COMM_TYPE_HW_UNGUIDED
        printf("  HMPI_Hierarchy_create / MPI HW_UNGUIDED loop: %.2f%s\n",
               c[1].median / c[5].median,
               topo && *topo ? "  (MPI sees the real machine, not the virtual cluster)" : "");
        printf("  HMPI split_type loop / MPI HW_UNGUIDED loop:  %.2f\n", c[4].median / c[5].median);
#endif
    }
    MPI_Finalize();
    return 0;
}

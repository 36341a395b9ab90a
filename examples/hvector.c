/* Hierarchical vector processing, after Goglin, Jeannot, Mansouri and
 * Mercier (2018) §7.4, Algorithm 5: every process holds a vector; from the
 * deepest level up, each level's roots communicator gathers its members'
 * vectors at its root, which combines them with a local function and carries
 * the result one level up. The top root ends with the whole result.
 *
 *   H_topo      the roots communicators of the hardware: HMPI_Hierarchy_create's
 *               deepest units, then its conduits up to the switches;
 *   H_conf(i)   a hand-made hierarchy of the same kind, from the sizes given
 *               top-down (--conf 3,4,2,3,8: groups of 8 consecutive ranks, their
 *               roots by 3, ..., 3 roots at the top), blind to the hardware.
 *
 * The local function adds the gathered vectors and the root's own local
 * vector lvec (unsigned 32-bit, wrapping), so the top result is the sum of
 * every process's data plus each root's lvec once per level it combined:
 * whatever the hierarchy, one MPI_Reduce gives the expected vector, and the
 * program checks every element against it.
 *
 *   mpiexec -n 576 ./hvector [--count N,...] [--conf S1,S2,...] [--topo] [--reps R]
 *                            [--label TEXT] [--header]
 *
 * Without --conf or --topo, H_topo only. One CSV line per hierarchy and count:
 *   label,ranks,hierarchy,shape,count,us,check
 * (shape: the sizes of rank 0's communicators top-down; us: the slowest
 * rank's median time over --reps runs). */
#include <hmpi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LEVELS = 16 };

/* The roots communicators of one hierarchy, deepest first: rcomm[0] groups
 * the leaves, rcomm[l + 1] the roots of rcomm[l]. MPI_COMM_NULL where this
 * process is not a member. */
typedef struct roots_hierarchy {
    int levels;
    MPI_Comm rcomm[MAX_LEVELS];
    HMPI_Hierarchy hier; /* H_topo: owns its communicators */
    char name[64];
} roots_hierarchy;

/* H_topo: the deepest unit, then the conduits from the bottom up. Every
 * process must have the same depth (the usual: all bound to cores). */
static int topo_hierarchy(roots_hierarchy *h)
{
    int depth, max_depth, min_depth;
    memset(h, 0, sizeof *h);
    snprintf(h->name, sizeof h->name, "H_topo");
    HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, &h->hier);
    HMPI_Hierarchy_depth(h->hier, &depth);
    HMPI_Hierarchy_max_depth(h->hier, &max_depth);
    MPI_Allreduce(&depth, &min_depth, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (min_depth != max_depth || depth + 1 > MAX_LEVELS)
        return 1;
    MPI_Comm all[MAX_LEVELS];
    HMPI_Hierarchy_level_comm(h->hier, depth, &all[0]);
    for (int l = 1; l <= depth; l++)
        HMPI_Hierarchy_conduit_comm(h->hier, depth - l, &all[l]);
    /* keep the levels where some communicator has company (processes bound
     * to cores make a deepest level of one process each) */
    for (int l = 0; l <= depth; l++) {
        int size = 0, largest;
        if (all[l] != MPI_COMM_NULL)
            MPI_Comm_size(all[l], &size);
        MPI_Allreduce(&size, &largest, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (largest > 1)
            h->rcomm[h->levels++] = all[l];
    }
    return 0;
}

/* H_conf: sizes top-down; rank r is a member of level l (counted from the
 * bottom) when it is the root of every group below, i.e. when r is a
 * multiple of the product of the sizes below. */
static int conf_hierarchy(roots_hierarchy *h, const int *sizes, int levels, int index)
{
    int rank;
    memset(h, 0, sizeof *h);
    snprintf(h->name, sizeof h->name, "H_conf%d", index);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    h->levels = levels;
    long below = 1;
    for (int l = 0; l < levels; l++) {
        long group = below * sizes[levels - 1 - l];
        int member = rank % below == 0;
        MPI_Comm_split(MPI_COMM_WORLD, member ? (int)(rank / group) : MPI_UNDEFINED, rank,
                       &h->rcomm[l]);
        below = group;
    }
    return 0;
}

static void free_hierarchy(roots_hierarchy *h)
{
    if (h->hier != HMPI_HIERARCHY_NULL)
        HMPI_Hierarchy_free(&h->hier);
    else
        for (int l = 0; l < h->levels; l++)
            if (h->rcomm[l] != MPI_COMM_NULL)
                MPI_Comm_free(&h->rcomm[l]);
}

/* The sizes of rank 0's communicators, top-down ("4,12,2,2,6"). Rank 0 is
 * the root at every level, so it belongs to all of them. */
static void hierarchy_shape(const roots_hierarchy *h, char *text, size_t len)
{
    size_t used = 0;
    text[0] = '\0';
    for (int l = h->levels - 1; l >= 0; l--) {
        int size = 0;
        if (h->rcomm[l] != MPI_COMM_NULL)
            MPI_Comm_size(h->rcomm[l], &size);
        used += (size_t)snprintf(text + used, len - used, l ? "%d " : "%d", size);
        if (used >= len)
            break;
    }
}

/* The local function: the gathered vectors added up, plus the local vector. */
static void combine(uint32_t *out, const uint32_t *gathered, int members, const uint32_t *lvec,
                    int count)
{
    for (int e = 0; e < count; e++) {
        uint32_t sum = lvec[e];
        for (int m = 0; m < members; m++)
            sum += gathered[(size_t)m * count + e];
        out[e] = sum;
    }
}

/* Algorithm 5. result: this process's vector on entry; at the top root, the
 * result on return. Returns how many times this process combined. */
static int hierarchical_process(const roots_hierarchy *h, uint32_t *result, uint32_t *gathered,
                                const uint32_t *lvec, int count)
{
    int combined = 0;
    for (int l = 0; l < h->levels; l++) {
        if (h->rcomm[l] == MPI_COMM_NULL)
            continue;
        int rank, size;
        MPI_Comm_rank(h->rcomm[l], &rank);
        MPI_Comm_size(h->rcomm[l], &size);
        MPI_Gather(result, count, MPI_UINT32_T, gathered, count, MPI_UINT32_T, 0, h->rcomm[l]);
        if (rank == 0) {
            combine(result, gathered, size, lvec, count);
            combined++;
        }
    }
    return combined;
}

static uint32_t data_entry(int rank, int e)
{
    return (uint32_t)rank * 2654435761u + (uint32_t)e;
}

static uint32_t lvec_entry(int rank, int e)
{
    return (uint32_t)(rank + 1) * 40503u ^ (uint32_t)e * 7u;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* One hierarchy, one count: reps runs timed, the last one checked. */
static int run(const roots_hierarchy *h, int count, int reps, const char *label)
{
    int rank, size, max_members = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int l = 0; l < h->levels; l++)
        if (h->rcomm[l] != MPI_COMM_NULL) {
            int s;
            MPI_Comm_size(h->rcomm[l], &s);
            max_members = s > max_members ? s : max_members;
        }
    uint32_t *result = malloc(sizeof(uint32_t) * (size_t)count);
    uint32_t *lvec = malloc(sizeof(uint32_t) * (size_t)count);
    uint32_t *gathered = malloc(sizeof(uint32_t) * (size_t)count * (size_t)max_members);
    uint32_t *expected = malloc(sizeof(uint32_t) * (size_t)count);
    for (int e = 0; e < count; e++)
        lvec[e] = lvec_entry(rank, e);

    double t[64];
    int n = reps < 64 ? reps : 64, combined = 0;
    for (int r = -1; r < n; r++) { /* one warm-up */
        for (int e = 0; e < count; e++)
            result[e] = data_entry(rank, e);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        combined = hierarchical_process(h, result, gathered, lvec, count);
        if (r >= 0)
            t[r] = MPI_Wtime() - t0;
    }
    /* what the top root must hold: every vector once, each lvec once per combination */
    for (int e = 0; e < count; e++)
        gathered[e] = data_entry(rank, e) + (uint32_t)combined * lvec[e];
    MPI_Reduce(gathered, expected, count, MPI_UINT32_T, MPI_SUM, 0, MPI_COMM_WORLD);
    long wrong = 0;
    if (rank == 0)
        for (int e = 0; e < count; e++)
            wrong += result[e] != expected[e];
    MPI_Allreduce(MPI_IN_PLACE, t, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    char shape[128];
    hierarchy_shape(h, shape, sizeof shape);
    if (rank == 0)
        printf("%s,%d,%s,%s,%d,%.3f,%s\n", label, size, h->name, shape, count, t[n / 2] * 1e6,
               wrong ? "WRONG" : "OK");
    free(result), free(lvec), free(gathered), free(expected);
    MPI_Bcast(&wrong, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    return wrong != 0;
}

/* "a,b,c" into at most max integers; returns how many, 0 on a bad list. */
static int parse_list(const char *text, int *values, int max)
{
    int n = 0;
    while (*text && n < max) {
        char *end;
        long v = strtol(text, &end, 10);
        if (end == text || v < 1)
            return 0;
        values[n++] = (int)v;
        text = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return 0;
    }
    return *text ? 0 : n;
}

int main(int argc, char **argv)
{
    int counts[32] = {1024}, ncounts = 1, reps = 5, topo = 0, header = 0, failed = 0, nconfs = 0;
    int conf[8][MAX_LEVELS], conf_levels[8];
    const char *label = "hvector";
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--count"))
            ncounts = parse_list(value, counts, 32), i++;
        else if (!strcmp(argv[i], "--conf") && nconfs < 8) {
            conf_levels[nconfs] = parse_list(value, conf[nconfs], MAX_LEVELS);
            long product = 1;
            for (int l = 0; l < conf_levels[nconfs]; l++)
                product *= conf[nconfs][l];
            if (conf_levels[nconfs] == 0 || product != size) {
                if (rank == 0)
                    fprintf(stderr, "hvector: --conf %s: sizes must multiply to %d\n", value, size);
                failed = 1;
            }
            nconfs++, i++;
        } else if (!strcmp(argv[i], "--topo"))
            topo = 1;
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(value), i++;
        else if (!strcmp(argv[i], "--label"))
            label = value, i++;
        else if (!strcmp(argv[i], "--header"))
            header = 1;
    }
    if (ncounts == 0 || failed) {
        if (rank == 0 && ncounts == 0)
            fprintf(stderr, "hvector: --count takes positive integers\n");
        MPI_Finalize();
        return 2;
    }
    reps = reps < 1 ? 1 : reps;
    if (header && rank == 0)
        printf("label,ranks,hierarchy,shape,count,us,check\n");

    if (topo || nconfs == 0) {
        roots_hierarchy h;
        if (topo_hierarchy(&h)) {
            if (rank == 0)
                fprintf(stderr, "hvector: processes have different depths; bind them alike\n");
            failed = 1;
        } else
            for (int c = 0; c < ncounts; c++)
                failed |= run(&h, counts[c], reps, label);
        free_hierarchy(&h);
    }
    for (int i = 0; i < nconfs; i++) {
        roots_hierarchy h;
        conf_hierarchy(&h, conf[i], conf_levels[i], i + 1);
        for (int c = 0; c < ncounts; c++)
            failed |= run(&h, counts[c], reps, label);
        free_hierarchy(&h);
    }
    MPI_Finalize();
    return failed;
}

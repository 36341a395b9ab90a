/* SUMMA matrix multiplication (van de Geijn and Watts 1997) in the three versions
 * of Goglin, Jeannot, Mansouri and Mercier (2018) §7.3, and hmpi's for comparison:
 *
 *   simple   each panel is broadcast along its row or column communicator;
 *   xgroups  the broadcasts go in two stages over a grid of G groups that the
 *            user chooses (Quintin, Hasanov and Lastovetsky's hierarchical
 *            SUMMA): between groups, then inside each group;
 *   topo     the broadcasts follow the hardware: a loop over the levels of
 *            the row's (column's) own hmpi hierarchy, HMPI_Hierarchy_create,
 *            from the switches down to the cores;
 *   hmpi     for comparison, hmpi's own bcast (HMPI_Bcast) on the same
 *            row and column communicators.
 *
 * C = A B on a pr x pc process grid (MPI_Dims_create, rank = i pc + j). With
 * L = lcm(pr, pc) and blocks of b x b doubles, A is (pr b) x (L b), B is
 * (L b) x (pc b); process (i, j) owns b-row i of A split into L/pc panels of
 * width b, b-column j of B split into L/pr panels, and the b x b block C_ij.
 * Step k (0..L-1) broadcasts A's panel k along rows from column k / (L/pc)
 * and B's panel k along columns from row k / (L/pr), then C_ij += A_ik B_kj.
 * Every process checks its block against a serial product of the same rows
 * and columns (the matrices are small integers, so the sums are exact).
 *
 *   mpiexec -n 16 ./summa [--run simple|xgroups|topo|hmpi|all] [--block B]
 *                         [--groups G] [--reps N] [--label TEXT]
 *
 * Prints one CSV line per version, rank 0:
 *   label,ranks,grid,version,groups,block,total_us,comm_us,check
 * (times: the slowest rank's median over --reps multiplications). */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Entries of A and B: small integers, so every partial sum is exact. */
static double a_entry(long row, long col)
{
    return (double)((row + 2 * col) % 7 - 3);
}

static double b_entry(long row, long col)
{
    return (double)((3 * row + col) % 5 - 2);
}

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b, b = t;
    }
    return a;
}

/* ------------------------------------------------------------------------ */
/* Broadcast along one row or column: the three versions.                   */

enum version { SIMPLE, XGROUPS, TOPO, HMPI, NVERSIONS };
static const char *const version_names[NVERSIONS] = {"simple", "xgroups", "topo", "hmpi"};

typedef struct line_bcast {
    enum version version;
    MPI_Comm comm; /* the row or the column */
    int rank, size;
    /* xgroups: groups of `group_size` consecutive ranks (the last may be shorter) */
    int group_size;
    MPI_Comm inside, across; /* my group; the ranks at my position in every group */
    /* topo: the row's hierarchy; the top conduit; each rank's level-1 root */
    HMPI_Hierarchy hier;
    int depth, max_depth; /* max_depth < 0: depths differ, broadcast flat */
    int *unit_root;       /* comm rank of the rank-0 process of each rank's level-1 unit */
    int *conduit_index;   /* for a level-1 root: its rank in the level-0 conduit */
} line_bcast;

static void line_bcast_init_xgroups(line_bcast *lb, int groups)
{
    if (groups < 1)
        groups = 1;
    if (groups > lb->size)
        groups = lb->size;
    lb->group_size = (lb->size + groups - 1) / groups;
    int group = lb->rank / lb->group_size, position = lb->rank % lb->group_size;
    MPI_Comm_split(lb->comm, group, lb->rank, &lb->inside);
    MPI_Comm_split(lb->comm, position, lb->rank, &lb->across);
}

/* The topological version needs, for any root, the rank-0 process of the
 * root's level-1 unit and that process's rank in the level-0 conduit. One
 * allgather over the row (its size is about sqrt(p)), once. */
static void line_bcast_init_topo(line_bcast *lb)
{
    HMPI_Hierarchy_create(lb->comm, MPI_INFO_NULL, &lb->hier);
    HMPI_Hierarchy_depth(lb->hier, &lb->depth);
    HMPI_Hierarchy_max_depth(lb->hier, &lb->max_depth);
    int min_depth;
    MPI_Allreduce(&lb->depth, &min_depth, 1, MPI_INT, MPI_MIN, lb->comm);
    if (min_depth != lb->max_depth) { /* conduits would not line up: stay flat */
        lb->max_depth = -1;
        return;
    }
    lb->unit_root = malloc(sizeof(int) * (size_t)lb->size);
    lb->conduit_index = malloc(sizeof(int) * (size_t)lb->size);
    int my_unit_root = 0;
    if (lb->depth > 0) {
        MPI_Comm unit;
        MPI_Group unit_group, line_group;
        int zero = 0;
        HMPI_Hierarchy_level_comm(lb->hier, 1, &unit);
        MPI_Comm_group(unit, &unit_group);
        MPI_Comm_group(lb->comm, &line_group);
        MPI_Group_translate_ranks(unit_group, 1, &zero, line_group, &my_unit_root);
        MPI_Group_free(&unit_group);
        MPI_Group_free(&line_group);
    }
    if (lb->max_depth == 0) /* one unit: level 1 is everybody's own rank */
        my_unit_root = lb->rank;
    MPI_Allgather(&my_unit_root, 1, MPI_INT, lb->unit_root, 1, MPI_INT, lb->comm);
    /* the level-0 conduit holds the level-1 roots in rank order */
    for (int r = 0, index = 0; r < lb->size; r++)
        lb->conduit_index[r] = lb->unit_root[r] == r ? index++ : -1;
}

static void line_bcast_init(line_bcast *lb, enum version v, MPI_Comm comm, int groups)
{
    memset(lb, 0, sizeof *lb);
    lb->version = v;
    lb->comm = comm;
    lb->inside = lb->across = MPI_COMM_NULL;
    lb->hier = HMPI_HIERARCHY_NULL;
    MPI_Comm_rank(comm, &lb->rank);
    MPI_Comm_size(comm, &lb->size);
    if (v == XGROUPS)
        line_bcast_init_xgroups(lb, groups);
    else if (v == TOPO)
        line_bcast_init_topo(lb);
}

static void line_bcast_free(line_bcast *lb)
{
    if (lb->inside != MPI_COMM_NULL)
        MPI_Comm_free(&lb->inside);
    if (lb->across != MPI_COMM_NULL)
        MPI_Comm_free(&lb->across);
    if (lb->hier != HMPI_HIERARCHY_NULL)
        HMPI_Hierarchy_free(&lb->hier);
    free(lb->unit_root);
    free(lb->conduit_index);
}

/* Two stages: the root's position in every group receives from the root's
 * group, then each group broadcasts from that position. A short last group
 * without that position gets the data from the root into its rank 0. */
static void bcast_xgroups(const line_bcast *lb, double *buf, int n, int root)
{
    int gs = lb->group_size, root_group = root / gs, root_position = root % gs;
    int my_first = lb->rank / gs * gs, last_first = (lb->size - 1) / gs * gs;
    int short_last = last_first + root_position >= lb->size;
    if (lb->rank % gs == root_position)
        MPI_Bcast(buf, n, MPI_DOUBLE, root_group, lb->across);
    if (short_last && lb->rank == root)
        MPI_Send(buf, n, MPI_DOUBLE, last_first, 1, lb->comm);
    if (short_last && my_first == last_first) {
        if (lb->rank == last_first)
            MPI_Recv(buf, n, MPI_DOUBLE, root, 1, lb->comm, MPI_STATUS_IGNORE);
        MPI_Bcast(buf, n, MPI_DOUBLE, 0, lb->inside);
    } else
        MPI_Bcast(buf, n, MPI_DOUBLE, root_position, lb->inside);
}

/* Down the hierarchy: the level-1 root of the root's unit gets the data (one
 * message inside that unit, none when the root is that root), then every
 * conduit broadcasts from its rank 0, top down, and the deepest units last. */
static void bcast_topo(const line_bcast *lb, double *buf, int n, int root)
{
    if (lb->max_depth < 0) {
        MPI_Bcast(buf, n, MPI_DOUBLE, root, lb->comm);
        return;
    }
    int source = lb->unit_root[root];
    if (source != root) {
        if (lb->rank == root)
            MPI_Send(buf, n, MPI_DOUBLE, source, 2, lb->comm);
        else if (lb->rank == source)
            MPI_Recv(buf, n, MPI_DOUBLE, root, 2, lb->comm, MPI_STATUS_IGNORE);
    }
    if (lb->max_depth == 0) { /* one unit: the whole line is the deepest level */
        MPI_Bcast(buf, n, MPI_DOUBLE, source, lb->comm);
        return;
    }
    for (int level = 0; level < lb->depth; level++) {
        MPI_Comm conduit;
        HMPI_Hierarchy_conduit_comm(lb->hier, level, &conduit);
        if (conduit != MPI_COMM_NULL)
            MPI_Bcast(buf, n, MPI_DOUBLE, level == 0 ? lb->conduit_index[source] : 0, conduit);
    }
    MPI_Comm deepest;
    HMPI_Hierarchy_level_comm(lb->hier, lb->depth, &deepest);
    MPI_Bcast(buf, n, MPI_DOUBLE, 0, deepest);
}

static void line_bcast_run(const line_bcast *lb, double *buf, int n, int root)
{
    switch (lb->version) {
    case SIMPLE:
        MPI_Bcast(buf, n, MPI_DOUBLE, root, lb->comm);
        break;
    case XGROUPS:
        bcast_xgroups(lb, buf, n, root);
        break;
    case HMPI: /* hmpi's own topology-aware bcast; its schedule is cached per root */
        HMPI_Bcast(buf, n, MPI_DOUBLE, root, lb->comm);
        break;
    default:
        bcast_topo(lb, buf, n, root);
    }
}

/* ------------------------------------------------------------------------ */
/* The multiplication.                                                      */

typedef struct summa {
    int pr, pc, i, j, L, b;
    double *a, *bm, *c;      /* my L/pc panels of A, L/pr panels of B, C_ij */
    double *apanel, *bpanel; /* the panels of the current step */
    line_bcast row, col;     /* broadcasters along my row and my column */
    double comm_time;        /* this multiplication's time in broadcasts */
} summa;

/* Panel p of A (b x b, row-major) local to column j: global columns
 * (j L/pc + p) b ... ; panel p of B local to row i: global rows (i L/pr + p) b. */
static void summa_fill(summa *s)
{
    int b = s->b, apanels = s->L / s->pc, bpanels = s->L / s->pr;
    for (int p = 0; p < apanels; p++)
        for (int r = 0; r < b; r++)
            for (int c = 0; c < b; c++)
                s->a[((size_t)p * b + r) * b + c] =
                    a_entry((long)s->i * b + r, ((long)s->j * apanels + p) * b + c);
    for (int p = 0; p < bpanels; p++)
        for (int r = 0; r < b; r++)
            for (int c = 0; c < b; c++)
                s->bm[((size_t)p * b + r) * b + c] =
                    b_entry(((long)s->i * bpanels + p) * b + r, (long)s->j * b + c);
}

static void multiply_add(double *c, const double *a, const double *b, int n)
{
    for (int r = 0; r < n; r++)
        for (int k = 0; k < n; k++) {
            double x = a[(size_t)r * n + k];
            for (int col = 0; col < n; col++)
                c[(size_t)r * n + col] += x * b[(size_t)k * n + col];
        }
}

static void summa_multiply(summa *s)
{
    int b2 = s->b * s->b, apanels = s->L / s->pc, bpanels = s->L / s->pr;
    memset(s->c, 0, sizeof(double) * (size_t)b2);
    s->comm_time = 0;
    for (int k = 0; k < s->L; k++) {
        int a_owner = k / apanels, b_owner = k / bpanels;
        if (s->j == a_owner)
            memcpy(s->apanel, s->a + (size_t)(k % apanels) * b2, sizeof(double) * (size_t)b2);
        if (s->i == b_owner)
            memcpy(s->bpanel, s->bm + (size_t)(k % bpanels) * b2, sizeof(double) * (size_t)b2);
        double t0 = MPI_Wtime();
        line_bcast_run(&s->row, s->apanel, b2, a_owner);
        line_bcast_run(&s->col, s->bpanel, b2, b_owner);
        s->comm_time += MPI_Wtime() - t0;
        multiply_add(s->c, s->apanel, s->bpanel, s->b);
    }
}

/* My block of C from the definitions: the serial product of my rows of A
 * and my columns of B. Returns the number of wrong entries. */
static long summa_check(const summa *s)
{
    long wrong = 0, K = (long)s->L * s->b;
    for (int r = 0; r < s->b; r++)
        for (int c = 0; c < s->b; c++) {
            double sum = 0;
            long row = (long)s->i * s->b + r, col = (long)s->j * s->b + c;
            for (long k = 0; k < K; k++)
                sum += a_entry(row, k) * b_entry(k, col);
            wrong += sum != s->c[(size_t)r * s->b + c];
        }
    return wrong;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* One version: reps multiplications, the median of the slowest rank's
 * times; 0 when every block is right. */
static int run_version(enum version v, int groups, int block, int reps, const char *label)
{
    int rank, size, dims[2] = {0, 0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    summa s = {.pr = dims[0], .pc = dims[1], .b = block};
    s.i = rank / s.pc, s.j = rank % s.pc;
    s.L = s.pr / gcd(s.pr, s.pc) * s.pc;
    size_t b2 = (size_t)block * block;
    s.a = malloc(sizeof(double) * b2 * (size_t)(s.L / s.pc));
    s.bm = malloc(sizeof(double) * b2 * (size_t)(s.L / s.pr));
    s.c = malloc(sizeof(double) * b2);
    s.apanel = malloc(sizeof(double) * b2);
    s.bpanel = malloc(sizeof(double) * b2);
    summa_fill(&s);

    /* HSUMMA's grid of groups: gr x gc groups, gc along each row, gr along columns */
    int gdims[2] = {0, 0};
    MPI_Dims_create(groups, 2, gdims);
    MPI_Comm row, col;
    MPI_Comm_split(MPI_COMM_WORLD, s.i, s.j, &row);
    MPI_Comm_split(MPI_COMM_WORLD, s.j, s.i, &col);
    line_bcast_init(&s.row, v, row, gdims[1]);
    line_bcast_init(&s.col, v, col, gdims[0]);

    double total[64], comm[64];
    int n = reps < 64 ? reps : 64;
    long wrong = 0;
    for (int r = -1; r < n; r++) { /* one warm-up */
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        summa_multiply(&s);
        if (r >= 0)
            total[r] = MPI_Wtime() - t0, comm[r] = s.comm_time;
    }
    wrong = summa_check(&s);
    MPI_Allreduce(MPI_IN_PLACE, &wrong, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, total, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, comm, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    qsort(total, (size_t)n, sizeof *total, cmp_double);
    qsort(comm, (size_t)n, sizeof *comm, cmp_double);
    char groups_text[16] = "-";
    if (v == XGROUPS)
        snprintf(groups_text, sizeof groups_text, "%d", groups);
    if (rank == 0)
        printf("%s,%d,%dx%d,%s,%s,%d,%.3f,%.3f,%s\n", label, size, s.pr, s.pc, version_names[v],
               groups_text, block, total[n / 2] * 1e6, comm[n / 2] * 1e6, wrong ? "WRONG" : "OK");

    line_bcast_free(&s.row);
    line_bcast_free(&s.col);
    MPI_Comm_free(&row);
    MPI_Comm_free(&col);
    free(s.a), free(s.bm), free(s.c), free(s.apanel), free(s.bpanel);
    return wrong != 0;
}

int main(int argc, char **argv)
{
    int block = 4, groups = 4, reps = 5, header = 0, failed = 0;
    const char *version = "all", *label = "summa";
    MPI_Init(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--run")) /* (smpirun takes --version for itself) */
            version = value, i++;
        else if (!strcmp(argv[i], "--block"))
            block = atoi(value), i++;
        else if (!strcmp(argv[i], "--groups"))
            groups = atoi(value), i++;
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(value), i++;
        else if (!strcmp(argv[i], "--label"))
            label = value, i++;
        else if (!strcmp(argv[i], "--header"))
            header = 1;
    }
    if (block < 1)
        block = 1;
    if (groups < 1)
        groups = 1;
    if (reps < 1)
        reps = 1;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (header && rank == 0)
        printf("label,ranks,grid,version,groups,block,total_us,comm_us,check\n");
    for (int v = 0; v < NVERSIONS; v++)
        if (!strcmp(version, "all") || !strcmp(version, version_names[v]))
            failed |= run_version((enum version)v, groups, block, reps, label);
    MPI_Finalize();
    return failed;
}

/* A 2-D stencil with a deep halo (Träff et al. 2015, Figure 1), exchanged
 * with one persistent isomorphic alltoallw.
 *
 *   mpiexec -n 4 examples/stencil [--points 5|9] [--n 32] [--k 3] [--iters 12]
 *                                 [--algorithm auto|direct|dimensional|logarithmic]
 *
 * Each process owns an n x n block of a periodic global grid, stored with a
 * halo of depth k. Every k iterations the 8 neighbours exchange, in place
 * and without copies, their borders (k rows, k columns) and corners: k x k
 * squares for the 9-point stencil, triangles of k(k-1)/2 cells for the
 * 5-point one (HMPI_Type_create_triangular) — then each process runs k
 * sweeps on a shrinking region. The result is checked, bit for bit, against
 * the same computation on the whole grid by one process. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct grid {
    int n, k, L;   /* interior size, halo depth, row length n + 2k */
    double *a, *b; /* current and next, L x L */
} grid;

static double initial(long gi, long gj)
{
    return (double)((gi * 37 + gj * 11) % 101) / 7.0;
}

/* One sweep of the stencil on rows/cols [lo, hi) of an L-wide array. */
static void sweep(const double *in, double *out, int L, int lo, int hi, int points)
{
    for (int i = lo; i < hi; i++)
        for (int j = lo; j < hi; j++) {
            const double *c = in + (size_t)i * L + j;
            double s = c[0] + c[-L] + c[L] + c[-1] + c[1];
            if (points == 9)
                s += c[-L - 1] + c[-L + 1] + c[L - 1] + c[L + 1];
            out[(size_t)i * L + j] = s / points;
        }
}

/* The cells of the border or corner that goes to neighbour (dr, dc): a
 * datatype over the local array, relative to its start. */
static MPI_Datatype send_region(const grid *g, int dr, int dc, int points, MPI_Aint *offset)
{
    int n = g->n, k = g->k, L = g->L;
    MPI_Datatype t;
    int row, col;
    if (dr == 0 || dc == 0) { /* a border: k columns or k rows */
        row = dr > 0 ? n : k;
        col = dc > 0 ? n : k;
        if (dr == 0)
            row = k, MPI_Type_vector(n, k, L, MPI_DOUBLE, &t);
        else
            col = k, MPI_Type_vector(k, n, L, MPI_DOUBLE, &t);
    } else if (points == 9) { /* a k x k square */
        row = dr > 0 ? n : k;
        col = dc > 0 ? n : k;
        MPI_Type_vector(k, k, L, MPI_DOUBLE, &t);
    } else {
        /* a triangle: the cells within Manhattan distance k of the
         * neighbour's interior corner; k - 1 rows of 1..k-1 cells, growing
         * towards the neighbour (dr > 0) or shrinking away from us */
        int first = dr > 0 ? 1 : k - 1, inc = dr > 0 ? 1 : -1;
        row = dr > 0 ? n + 1 : k;
        col = dc > 0 ? n + k - first : k; /* right-aligned towards dc > 0 */
        HMPI_Type_create_triangular(k - 1, first, inc, dc > 0 ? L - inc : L, 0, MPI_DOUBLE, &t);
    }
    MPI_Type_commit(&t);
    *offset = ((MPI_Aint)row * L + col) * (MPI_Aint)sizeof(double);
    return t;
}

/* Exchange plan: 8 offsets, send regions, and the receive regions (the
 * sender's region seen from here: shifted by -n in the direction). */
typedef struct exchange {
    int offsets[16], counts[8];
    MPI_Aint sdispls[8], rdispls[8];
    MPI_Datatype types[8];
    HMPI_Request req;
} exchange;

static int exchange_init(exchange *x, grid *g, MPI_Comm cart, int points, const char *alg)
{
    static const int dirs[8][2] = {{-1, 0},  {1, 0},  {0, -1}, {0, 1},
                                   {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    MPI_Comm iso;
    MPI_Info info;
    for (int i = 0; i < 8; i++) {
        int dr = dirs[i][0], dc = dirs[i][1];
        x->offsets[2 * i] = dr;
        x->offsets[2 * i + 1] = dc;
        x->types[i] = send_region(g, dr, dc, points, &x->sdispls[i]);
        x->rdispls[i] = x->sdispls[i] - ((MPI_Aint)dr * g->n * g->L + (MPI_Aint)dc * g->n) *
                                            (MPI_Aint)sizeof(double);
        x->counts[i] = 1;
    }
    int rc = HMPI_Iso_neighborhood_create(cart, 8, x->offsets, &iso);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_iso_algorithm", alg);
    /* in place: the send regions are interior cells, the receive ones halo */
    rc = HMPI_Iso_neighbor_alltoallw_init(g->a, x->counts, x->sdispls, x->types, g->a, x->counts,
                                          x->rdispls, x->types, iso, info, &x->req);
    MPI_Info_free(&info);
    return rc;
}

static void exchange_free(exchange *x)
{
    HMPI_Request_free(&x->req);
    for (int i = 0; i < 8; i++)
        MPI_Type_free(&x->types[i]);
}

/* k sweeps after one exchange: the valid region shrinks by one per sweep;
 * b and a swap, so the exchange always works on a (copied back at the end). */
static void k_steps(grid *g, int points)
{
    size_t bytes = (size_t)g->L * g->L * sizeof(double);
    for (int t = 1; t <= g->k; t++) {
        sweep(g->a, g->b, g->L, t, g->L - t, points);
        memcpy(g->a, g->b, bytes);
    }
}

/* The reference: the whole periodic grid on one process. */
static double *serial(int rows, int cols, int iters, int points)
{
    int L = cols + 2;
    double *a = calloc((size_t)(rows + 2) * L, sizeof(double));
    double *b = calloc((size_t)(rows + 2) * L, sizeof(double));
    double *out = malloc(sizeof(double) * (size_t)rows * cols);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            a[(size_t)(i + 1) * L + j + 1] = initial(i, j);
    for (int t = 0; t < iters; t++) {
        for (int i = 1; i <= rows; i++) { /* periodic wrap */
            a[(size_t)i * L] = a[(size_t)i * L + cols];
            a[(size_t)i * L + cols + 1] = a[(size_t)i * L + 1];
        }
        memcpy(a, a + (size_t)rows * L, sizeof(double) * L);
        memcpy(a + (size_t)(rows + 1) * L, a + L, sizeof(double) * L);
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j <= cols; j++) {
                const double *c = a + (size_t)i * L + j;
                double s = c[0] + c[-L] + c[L] + c[-1] + c[1];
                if (points == 9)
                    s += c[-L - 1] + c[-L + 1] + c[L - 1] + c[L + 1];
                b[(size_t)i * L + j] = s / points;
            }
        double *t2 = a;
        a = b;
        b = t2;
    }
    for (int i = 0; i < rows; i++)
        memcpy(out + (size_t)i * cols, a + (size_t)(i + 1) * L + 1, sizeof(double) * cols);
    free(a);
    free(b);
    return out;
}

int main(int argc, char **argv)
{
    int rank, size, points = 5, n = 32, k = 3, iters = 12, dims[2] = {0, 0}, periods[2] = {1, 1};
    int coords[2];
    const char *alg = "auto";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--points"))
            points = atoi(argv[i + 1]) == 9 ? 9 : 5;
        else if (!strcmp(argv[i], "--n"))
            n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--k"))
            k = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--iters"))
            iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--algorithm"))
            alg = argv[i + 1];
    }
    if (k < 1 || n < k || iters % k) {
        if (rank == 0)
            fprintf(stderr, "stencil: need 1 <= k <= n and iters a multiple of k\n");
        MPI_Finalize();
        return 2;
    }
    MPI_Comm cart;
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 2, coords);

    grid g = {n, k, n + 2 * k, NULL, NULL};
    g.a = calloc((size_t)g.L * g.L, sizeof(double));
    g.b = calloc((size_t)g.L * g.L, sizeof(double));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            g.a[(size_t)(i + k) * g.L + j + k] =
                initial((long)coords[0] * n + i, (long)coords[1] * n + j);

    exchange x;
    if (exchange_init(&x, &g, cart, points, alg) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    double t0 = MPI_Wtime(), texch = 0;
    for (int it = 0; it < iters; it += k) {
        double t1 = MPI_Wtime();
        HMPI_Start(&x.req);
        HMPI_Wait(&x.req, MPI_STATUS_IGNORE);
        texch += MPI_Wtime() - t1;
        k_steps(&g, points);
    }
    double total = MPI_Wtime() - t0;

    /* gather the interiors on rank 0 and compare with the serial run */
    double *mine = malloc(sizeof(double) * (size_t)n * n), *all = NULL;
    for (int i = 0; i < n; i++)
        memcpy(mine + (size_t)i * n, g.a + (size_t)(i + k) * g.L + k, sizeof(double) * n);
    if (rank == 0)
        all = malloc(sizeof(double) * (size_t)n * n * size);
    MPI_Gather(mine, n * n, MPI_DOUBLE, all, n * n, MPI_DOUBLE, 0, cart);
    int wrong = 0;
    if (rank == 0) {
        int rows = dims[0] * n, cols = dims[1] * n;
        double *ref = serial(rows, cols, iters, points);
        for (int r = 0; r < size; r++) {
            int c[2];
            MPI_Cart_coords(cart, r, 2, c);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    wrong += all[((size_t)r * n + i) * n + j] !=
                             ref[((size_t)c[0] * n + i) * cols + (size_t)c[1] * n + j];
        }
        printf("stencil: %d-point, %d x %d processes of %d x %d cells, halo %d, %d iterations, "
               "algorithm %s: %s (%d cells differ from the serial run); %.3f ms, exchanges %.3f "
               "ms\n",
               points, dims[0], dims[1], n, n, k, iters, alg, wrong ? "WRONG" : "correct", wrong,
               total * 1e3, texch * 1e3);
        free(ref);
    }
    MPI_Bcast(&wrong, 1, MPI_INT, 0, cart);
    exchange_free(&x);
    free(mine);
    free(all);
    free(g.a);
    free(g.b);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return wrong ? 1 : 0;
}

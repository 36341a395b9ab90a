/* bench/iso: isomorphic, sparse collectives against MPI's neighbourhood
 * collectives (Träff et al. 2015, §7).
 *
 *   mpiexec -n 16 bench/iso [--sizes 1,64,4096,65536] [--reps N]
 *
 * 1. Neighbourhood creation on an existing Cartesian communicator:
 *    HMPI_Iso_neighborhood_create (a repeated call, so purely local) against
 *    MPI_Dist_graph_create_adjacent and MPI_Dist_graph_create, for the 2-D
 *    von Neumann neighbourhood of radius 1 and the Moore one of radius 3.
 * 2. Communication: persistent isomorphic alltoall / alltoallw per
 *    algorithm against MPI_Neighbor_alltoall / MPI_Neighbor_alltoallw over
 *    the equivalent distributed graph, 2-D and 3-D Moore and von Neumann
 *    neighbourhoods of radius 1, with the messages each algorithm posts.
 * Times: median over repetitions of the slowest rank. Ratios < 1: hmpi is
 * faster. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reps = 21;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median over repetitions of the slowest rank's time. */
static double median_max(double *t, MPI_Comm comm)
{
    MPI_Allreduce(MPI_IN_PLACE, t, reps, MPI_DOUBLE, MPI_MAX, comm);
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    return t[reps / 2];
}

/* Offsets of the radius-r Moore (Chebyshev) or von Neumann (Manhattan)
 * neighbourhood in d dimensions, the origin excluded. */
static int neighbourhood(int d, int r, int moore, int *offs)
{
    int s = 0, c[3], side = 2 * r + 1, total = 1;
    for (int j = 0; j < d; j++)
        total *= side;
    for (int k = 0; k < total; k++) {
        int rest = k, dist = 0, zero = 1;
        for (int j = 0; j < d; j++) {
            c[j] = rest % side - r;
            rest /= side;
            int a = c[j] < 0 ? -c[j] : c[j];
            dist = moore ? (a > dist ? a : dist) : dist + a;
            zero &= c[j] == 0;
        }
        if (!zero && dist <= r) {
            memcpy(offs + (size_t)s * d, c, sizeof(int) * (size_t)d);
            s++;
        }
    }
    return s;
}

static MPI_Comm make_cart(int d)
{
    int dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, size;
    MPI_Comm cart;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, d, dims);
    MPI_Cart_create(MPI_COMM_WORLD, d, dims, periods, 0, &cart);
    return cart;
}

/* Does the MPI library mishandle this graph? MPICH 4.0's neighbourhood
 * collectives do multigraphs and self edges (wrong data or a hang). */
static int mpi_mishandles(MPI_Comm iso, int s)
{
#ifndef MPICH_VERSION
    (void)iso;
    (void)s;
    return 0;
#endif
    int *src = malloc(sizeof(int) * (size_t)s), *dst = malloc(sizeof(int) * (size_t)s), rank,
        multi = 0;
    MPI_Comm_rank(iso, &rank);
    HMPI_Iso_neighborhood_get(iso, s, src, dst);
    for (int i = 0; i < s; i++) {
        multi |= src[i] == rank;
        for (int k = 0; k < i; k++)
            multi |= src[k] == src[i] || dst[k] == dst[i];
    }
    MPI_Allreduce(MPI_IN_PLACE, &multi, 1, MPI_INT, MPI_MAX, iso);
    free(src);
    free(dst);
    return multi;
}

static void creation(int d, int r, int moore, int rank)
{
    int offs[343 * 3], s = neighbourhood(d, r, moore, offs);
    MPI_Comm cart = make_cart(d), iso, graph;
    int *src = malloc(sizeof(int) * (size_t)s), *dst = malloc(sizeof(int) * (size_t)s);
    int *gsrc = malloc(sizeof(int) * (size_t)s), *gdst = malloc(sizeof(int) * (size_t)s);
    int *w = malloc(sizeof(int) * (size_t)s), ss, in, out;
    double *t = malloc(sizeof(double) * (size_t)reps), ti, ta, tg;
    for (int i = 0; i < s; i++)
        w[i] = 1;
    HMPI_Iso_neighborhood_create(cart, s, offs, &iso); /* the first call communicates */
    for (int k = 0; k < reps; k++) {
        MPI_Barrier(cart);
        double t0 = MPI_Wtime();
        HMPI_Iso_neighborhood_create(cart, s, offs, &iso);
        t[k] = MPI_Wtime() - t0;
    }
    ti = median_max(t, cart);
    HMPI_Iso_neighborhood_count(iso, &ss, &in, &out);
    HMPI_Iso_neighborhood_graph_get(iso, s, gsrc, gdst);
    for (int k = 0; k < reps; k++) { /* the same lists, computed by hand as a user would */
        MPI_Barrier(cart);
        double t0 = MPI_Wtime();
        for (int i = 0; i < s; i++)
            HMPI_Cart_relative_shift(cart, offs + (size_t)i * d, &src[i], &dst[i]);
        int ni = 0, no = 0;
        for (int i = 0; i < s; i++) {
            if (src[i] != MPI_PROC_NULL)
                src[ni++] = src[i];
            if (dst[i] != MPI_PROC_NULL)
                dst[no++] = dst[i];
        }
        MPI_Dist_graph_create_adjacent(cart, ni, src, w, no, dst, w, MPI_INFO_NULL, 0, &graph);
        t[k] = MPI_Wtime() - t0;
        MPI_Comm_free(&graph);
    }
    ta = median_max(t, cart);
    for (int k = 0; k < reps; k++) { /* each process gives its outgoing edges */
        MPI_Barrier(cart);
        double t0 = MPI_Wtime();
        int me;
        MPI_Comm_rank(cart, &me);
        MPI_Dist_graph_create(cart, out ? 1 : 0, &me, &out, gdst, w, MPI_INFO_NULL, 0, &graph);
        t[k] = MPI_Wtime() - t0;
        MPI_Comm_free(&graph);
    }
    tg = median_max(t, cart);
    if (rank == 0)
        printf("  %dD %-12s r=%d s=%-3d %10.2f %12.2f %12.2f %9.1fx %9.1fx\n", d,
               moore ? "Moore" : "von Neumann", r, s, ti * 1e6, ta * 1e6, tg * 1e6, ta / ti,
               tg / ti);
    MPI_Comm_free(&cart);
    free(src), free(dst), free(gsrc), free(gdst), free(w), free(t);
}

/* Time of one start+wait of a persistent request, or of a blocking call. */
typedef struct comm_case {
    MPI_Comm iso, graph;
    int s, bytes, w; /* w: the alltoallw variants */
    char *sb, *rb;
    int *counts;
    MPI_Aint *displs;
    MPI_Datatype *types;
    int *gcounts; /* the graph's: actual neighbours */
    MPI_Aint *gsd, *grd;
    MPI_Datatype *gtypes;
    int indeg, outdeg;
} comm_case;

static double time_hmpi(comm_case *c, const char *alg, int *messages)
{
    MPI_Info info;
    HMPI_Request req;
    int rounds;
    double *t = malloc(sizeof(double) * (size_t)reps);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_iso_algorithm", alg);
    if (c->w)
        HMPI_Iso_neighbor_alltoallw_init(c->sb, c->counts, c->displs, c->types, c->rb, c->counts,
                                         c->displs, c->types, c->iso, info, &req);
    else
        HMPI_Iso_neighbor_alltoall_init(c->sb, c->bytes, MPI_BYTE, c->rb, c->bytes, MPI_BYTE,
                                        c->iso, info, &req);
    MPI_Info_free(&info);
    HMPI_Request_get_schedule_info(req, &rounds, messages);
    MPI_Allreduce(MPI_IN_PLACE, messages, 1, MPI_INT, MPI_MAX, c->iso);
    int batch = c->bytes >= 16384 ? 5 : 50;
    for (int k = 0; k < reps; k++) {
        MPI_Barrier(c->iso);
        double t0 = MPI_Wtime();
        for (int b = 0; b < batch; b++) {
            HMPI_Start(&req);
            HMPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        t[k] = (MPI_Wtime() - t0) / batch;
    }
    HMPI_Request_free(&req);
    double m = median_max(t, c->iso);
    free(t);
    return m;
}

static double time_mpi(comm_case *c)
{
    double *t = malloc(sizeof(double) * (size_t)reps);
    int batch = c->bytes >= 16384 ? 5 : 50;
    for (int k = 0; k < reps; k++) {
        MPI_Barrier(c->iso);
        double t0 = MPI_Wtime();
        for (int b = 0; b < batch; b++) {
            if (c->w)
                MPI_Neighbor_alltoallw(c->sb, c->gcounts, c->gsd, c->gtypes, c->rb, c->gcounts,
                                       c->grd, c->gtypes, c->graph);
            else
                MPI_Neighbor_alltoall(c->sb, c->bytes, MPI_BYTE, c->rb, c->bytes, MPI_BYTE,
                                      c->graph);
        }
        t[k] = (MPI_Wtime() - t0) / batch;
    }
    double m = median_max(t, c->iso);
    free(t);
    return m;
}

static void communication(int d, int moore, int bytes, int w, int rank)
{
    static const char *const algs[] = {"direct", "dimensional", "logarithmic", "auto"};
    int offs[27 * 3], s = neighbourhood(d, 1, moore, offs), msgs[4];
    comm_case c = {.s = s, .bytes = bytes, .w = w};
    MPI_Comm cart = make_cart(d);
    HMPI_Iso_neighborhood_create(cart, s, offs, &c.iso);
    c.sb = calloc((size_t)s * bytes + 1, 1);
    c.rb = calloc((size_t)s * bytes + 1, 1);
    c.counts = malloc(sizeof(int) * (size_t)s);
    c.gcounts = malloc(sizeof(int) * (size_t)s);
    c.displs = malloc(sizeof(MPI_Aint) * (size_t)s);
    c.gsd = malloc(sizeof(MPI_Aint) * (size_t)s);
    c.grd = malloc(sizeof(MPI_Aint) * (size_t)s);
    c.types = malloc(sizeof(MPI_Datatype) * (size_t)s);
    c.gtypes = malloc(sizeof(MPI_Datatype) * (size_t)s);
    int *src = malloc(sizeof(int) * (size_t)s), *dst = malloc(sizeof(int) * (size_t)s),
        *gsrc = malloc(sizeof(int) * (size_t)s), *gdst = malloc(sizeof(int) * (size_t)s),
        *ones = malloc(sizeof(int) * (size_t)s);
    HMPI_Iso_neighborhood_get(c.iso, s, src, dst);
    HMPI_Iso_neighborhood_graph_get(c.iso, s, gsrc, gdst);
    HMPI_Iso_neighborhood_count(c.iso, &s, &c.indeg, &c.outdeg);
    for (int i = 0, ni = 0, no = 0; i < s; i++) {
        ones[i] = 1;
        c.counts[i] = bytes;
        c.displs[i] = (MPI_Aint)i * bytes;
        c.types[i] = MPI_BYTE;
        if (dst[i] != MPI_PROC_NULL)
            c.gsd[no++] = c.displs[i];
        if (src[i] != MPI_PROC_NULL)
            c.grd[ni++] = c.displs[i];
        c.gcounts[i] = bytes;
        c.gtypes[i] = MPI_BYTE;
    }
    MPI_Dist_graph_create_adjacent(cart, c.indeg, gsrc, ones, c.outdeg, gdst, ones, MPI_INFO_NULL,
                                   0, &c.graph);
    double th[4], tm = 0;
    for (int a = 0; a < 4; a++)
        th[a] = time_hmpi(&c, algs[a], &msgs[a]);
    int skip = mpi_mishandles(c.iso, s);
    if (!skip)
        tm = time_mpi(&c);
    if (rank == 0) {
        printf("  %dD %-11s %-9s %7d %9.2f", d, moore ? "Moore" : "von Neumann",
               w ? "alltoallw" : "alltoall", bytes, tm * 1e6);
        for (int a = 0; a < 4; a++)
            printf(" %8.2f %5.2f %3d", th[a] * 1e6, tm > 0 ? th[a] / tm : 0.0, msgs[a] / 2);
        printf("\n");
    }
    MPI_Comm_free(&c.graph);
    MPI_Comm_free(&cart);
    free(c.sb), free(c.rb), free(c.counts), free(c.gcounts), free(c.displs), free(c.gsd);
    free(c.grd), free(c.types), free(c.gtypes), free(src), free(dst), free(gsrc), free(gdst);
    free(ones);
}

int main(int argc, char **argv)
{
    int rank, size, sizes[16] = {1, 8, 64, 1024, 8192, 65536}, nsizes = 6;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]) > 2 ? atoi(argv[i + 1]) : reps;
        else if (!strcmp(argv[i], "--sizes")) {
            nsizes = 0;
            for (char *tok = strtok(argv[i + 1], ","); tok && nsizes < 16; tok = strtok(NULL, ","))
                sizes[nsizes++] = atoi(tok);
        }
    }
    if (rank == 0)
        printf("isomorphic neighbourhoods: %d ranks; median of %d, slowest rank\n\n"
               "creation on an existing Cartesian communicator (us)\n"
               "  %-22s %-5s %10s %12s %12s %10s %10s\n",
               size, reps, "neighbourhood", "s", "iso", "dist_adj", "dist_graph", "adj/iso",
               "graph/iso");
    creation(2, 1, 0, rank);
    creation(2, 1, 1, rank);
    creation(2, 3, 1, rank);
    creation(3, 1, 1, rank);
    if (rank == 0)
        printf("\ncommunication (us per call; ratio to MPI_Neighbor_*; messages sent per "
               "process)\n  %-26s %-7s %9s | %-19s | %-19s | %-19s | %-19s\n",
               "neighbourhood  call", "bytes", "MPI", "direct", "dimensional", "logarithmic",
               "auto");
    for (int d = 2; d <= 3; d++)
        for (int moore = 1; moore >= 0; moore--)
            for (int k = 0; k < nsizes; k++)
                communication(d, moore, sizes[k], 0, rank);
    for (int k = 0; k < nsizes; k++)
        communication(2, 1, sizes[k], 1, rank);
    MPI_Finalize();
    return 0;
}

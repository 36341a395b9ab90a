/* HMPI_Cart_create: MPI_Cart_create with diagonals and multiplicities, the
 * grid placed on the hardware hierarchy (Träff 2003 §4). */
#include "core/pmpi.h"
#include "smp/smp.h"
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DIMS 32

typedef struct grid {
    int nd, n; /* dimensions, processes in the grid */
    const int *dims, *periods;
    int diagonal;
} grid;

/* Edges from vertex a to its axis (and diagonal) neighbours of higher rank,
 * weighted by the heavier end's multiplicity of that direction. */
static long add_edges(const grid *G, int a, const int *mult, int *u, int *v, int *w)
{
    int coords[MAX_DIMS], delta[MAX_DIMS], per = 1, nm = G->nd + 1;
    long m = 0;
    for (int j = 0; j < G->nd; j++)
        per *= 3;
    for (int j = G->nd - 1, r = a; j >= 0; j--)
        coords[j] = r % G->dims[j], r /= G->dims[j];
    for (int k = 0; k < per; k++) {
        int nonzero = 0, axis = -1;
        for (int j = 0, r = k; j < G->nd; j++, r /= 3)
            if ((delta[j] = r % 3 - 1))
                nonzero++, axis = j;
        if (nonzero == 0 || (nonzero > 1 && !G->diagonal))
            continue;
        int b = hmpi__cart_rank(G->nd, G->dims, G->periods, coords, delta, 1);
        if (b == MPI_PROC_NULL || b <= a)
            continue; /* each pair once, from its lower end */
        int col = nonzero == 1 ? axis : G->nd;
        int wa = mult[(size_t)a * nm + col], wb = mult[(size_t)b * nm + col];
        u[m] = a, v[m] = b, w[m] = wa > wb ? wa : wb;
        m += w[m] > 0;
    }
    return m;
}

/* The grid graph (axes, and diagonals), weights from both ends' loads. */
static int grid_graph(const grid *G, const int *mult, hmpi__graph *g)
{
    int per = 1;
    for (int j = 0; j < G->nd; j++)
        per *= 3;
    size_t cap = (size_t)G->n * (size_t)per;
    int *u = HMPI__ALLOC(int, cap), *v = HMPI__ALLOC(int, cap), *w = HMPI__ALLOC(int, cap), rc;
    long m = 0;
    if (!u || !v || !w) {
        rc = MPI_ERR_NO_MEM;
    } else {
        for (int a = 0; a < G->n; a++)
            m += add_edges(G, a, mult, u + m, v + m, w + m);
        rc = hmpi__graph_from_edges(G->n, m, u, v, w, g);
    }
    free(u), free(v), free(w);
    return rc;
}

/* What this process can check alone; code not raised. */
static int check_args(const char *fn, int size, int nd, const int *dims, const int *periods,
                      int diagonal, const int *multiplicity, int *n)
{
    int rc = MPI_SUCCESS;
    long prod = 1;
    HMPI__ERRTEST(nd < 1 || nd > MAX_DIMS, rc, MPI_ERR_DIMS, fn,
                  "argument 'ndims' (%d) is not in 1..%d", nd, MAX_DIMS);
    HMPI__ERRTEST_ARGNULL(dims, "dims", rc, fn);
    HMPI__ERRTEST_ARGNULL(periods, "periods", rc, fn);
    for (int j = 0; j < nd; j++) {
        HMPI__ERRTEST(dims[j] <= 0, rc, MPI_ERR_DIMS, fn,
                      "argument 'dims[%d]' (%d) is not positive", j, dims[j]);
        prod *= dims[j];
        HMPI__ERRTEST(prod > size, rc, MPI_ERR_DIMS, fn,
                      "the grid has more than the %d processes of 'basecomm'", size);
    }
    for (int j = 0; multiplicity && j < nd + (diagonal != 0); j++)
        HMPI__ERRTEST(multiplicity[j] < 0, rc, MPI_ERR_ARG, fn,
                      "argument 'multiplicity[%d]' (%d) is negative", j, multiplicity[j]);
    *n = (int)prod;
fn_fail:
    return rc;
}

/* One allreduce: did anyone fail, does anyone reorder, and (HMPI_CHECK) is
 * the grid the same everywhere? Code not raised. */
static int agree_grid(MPI_Comm comm, const char *fn, int local_rc, const grid *G, int reorder,
                      int *any_free)
{
    long mine[3] = {local_rc != MPI_SUCCESS, reorder != 0, HMPI__NO_VALUE}, lo[3], hi[3];
    if (local_rc == MPI_SUCCESS && hmpi__check_enabled()) {
        uint32_t h = hmpi__hash_u32(HMPI__HASH_INIT, (uint32_t)G->nd);
        h = hmpi__hash_u32(hmpi__hash_ints(h, G->dims, (size_t)G->nd), (uint32_t)G->diagonal);
        for (int j = 0; j < G->nd; j++)
            h = hmpi__hash_u32(h, G->periods[j] != 0);
        mine[2] = hmpi__hash_int(h);
    }
    int rc = hmpi__allreduce_range(comm, 3, mine, lo, hi);
    if (rc != MPI_SUCCESS || local_rc != MPI_SUCCESS)
        return rc != MPI_SUCCESS ? rc : local_rc;
    if (hi[0] > 0)
        return hmpi__error_code(MPI_ERR_ARG, fn, "another process passed invalid arguments");
    if (lo[2] != hi[2])
        return hmpi__error_code(MPI_ERR_ARG, fn,
                                "HMPI_CHECK: processes gave different 'ndims', 'dims', 'periods' "
                                "or 'diagonal'");
    *any_free = hi[1] > 0;
    return MPI_SUCCESS;
}

/* Rank 0 gets every process's multiplicities (and reorder flag): its grid
 * graph and the pins. all is [size * (nd + 2)] on rank 0. */
static int gather_loads(MPI_Comm comm, const grid *G, const int *multiplicity, int reorder,
                        int *all)
{
    int nm = G->nd + 1, mine[MAX_DIMS + 2];
    for (int j = 0; j < nm; j++)
        mine[j] = multiplicity && (j < G->nd || G->diagonal) ? multiplicity[j] : 1;
    mine[nm] = reorder != 0;
    return HMPI__MPI(Gather)(mine, nm + 1, MPI_INT, all, nm + 1, MPI_INT, 0, comm);
}

/* Rank 0's grid graph and pins from the gathered loads; 1 on no memory. */
static int root_graph(const grid *G, const int *all, int *pinned, hmpi__graph *g)
{
    int nm = G->nd + 1;
    int *mult = HMPI__ALLOC(int, (size_t)nm * G->n);
    for (int v = 0; mult && v < G->n; v++) {
        memcpy(mult + (size_t)v * nm, all + (size_t)v * (nm + 1), sizeof(int) * nm);
        pinned[v] = all[(size_t)v * (nm + 1) + nm] ? -1 : v;
    }
    int failed = !mult || grid_graph(G, mult, g) != MPI_SUCCESS;
    free(mult);
    return failed;
}

/* Gather, place, reorder and create: the collective tail. */
static int place_grid(MPI_Comm basecomm, const char *fn, const grid *G, const int *multiplicity,
                      int reorder, int effort, int any_free, MPI_Comm *cartcomm)
{
    int size, rank, rc = MPI_ERR_NO_MEM, n = G->n, root_failed = 0;
    hmpi__graph g = {0};
    MPI_Comm ordered = MPI_COMM_NULL;
    MPI_Comm_size(basecomm, &size);
    MPI_Comm_rank(basecomm, &rank);
    int *place = HMPI__ALLOC(int, n), *pinned = HMPI__ALLOC(int, n),
        *slot_rank = HMPI__ALLOC(int, n);
    int *all = rank == 0 ? HMPI__ALLOC(int, (size_t)(G->nd + 2) * size) : NULL;
    int nomem = !place || !pinned || !slot_rank || (rank == 0 && !all), failed = 0;
    if ((rc = hmpi__any_failed(basecomm, nomem, &failed)) != MPI_SUCCESS || failed ||
        (rc = gather_loads(basecomm, G, multiplicity, reorder, all)) != MPI_SUCCESS)
        goto fn_exit;
    for (int v = 0; v < n; v++)
        slot_rank[v] = pinned[v] = v; /* the first prod(dims) processes, in basecomm order */
    if (rank == 0 && any_free)
        root_failed = root_graph(G, all, pinned, &g);
    if ((rc = hmpi__smp_place(basecomm, fn, n, slot_rank, &g, pinned, effort, any_free, root_failed,
                              place)) == MPI_SUCCESS &&
        (rc = hmpi__smp_ordered_comm(basecomm, n, place, rank < n ? rank : -1, &ordered)) ==
            MPI_SUCCESS) {
        *cartcomm = MPI_COMM_NULL;
        if (ordered != MPI_COMM_NULL)
            rc = MPI_Cart_create(ordered, G->nd, G->dims, G->periods, 0, cartcomm);
    }
fn_exit:
    if (failed && rc == MPI_SUCCESS)
        rc = hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    if (ordered != MPI_COMM_NULL)
        MPI_Comm_free(&ordered);
    hmpi__graph_free(&g);
    free(place), free(pinned), free(slot_rank), free(all);
    return rc;
}

int HMPI_Cart_create(MPI_Comm basecomm, int ndims, const int dims[], const int periods[],
                     int diagonal, const int multiplicity[], int reorder, MPI_Info mapinfo,
                     MPI_Comm *cartcomm)
{
    static const char fn[] = "HMPI_Cart_create";
    int size, effort, any_free = 0, rc = MPI_SUCCESS;
    grid G = {ndims, 0, dims, periods, diagonal};
    HMPI__ERRTEST_COMM(basecomm, "basecomm", rc, fn);
    HMPI__ERRTEST_ARGNULL(cartcomm, "cartcomm", rc, fn);
    MPI_Comm_size(basecomm, &size);
    int local_rc = check_args(fn, size, ndims, dims, periods, diagonal, multiplicity, &G.n);
    if (local_rc == MPI_SUCCESS)
        local_rc = hmpi__smp_effort(mapinfo, fn, &effort);
    /* a local failure is told to the others before any of them goes on */
    if ((rc = agree_grid(basecomm, fn, local_rc, &G, reorder, &any_free)) == MPI_SUCCESS)
        rc = place_grid(basecomm, fn, &G, multiplicity, reorder, effort, any_free, cartcomm);
    if (rc == MPI_SUCCESS)
        return rc;
fn_fail:
    return hmpi__raise(basecomm, rc);
}

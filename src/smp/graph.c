/* HMPI_Graph_create: a graph communicator from local neighbour lists, placed
 * on the hardware hierarchy (Träff 2003 §4). */
#include "core/pmpi.h"
#include "smp/smp.h"

#include <stdlib.h>
#include <string.h>

/* What every process gave. */
typedef struct lists {
    int size, n;                /* processes, included ones */
    int *info;                  /* [size * 3]: degree, reorder, local failure */
    int *vertex;                /* [size]: identity position, -1 if left out */
    int *slot_rank;             /* [n]: base rank of each identity position */
    int *counts, *displs, *all; /* neighbour lists of everyone */
} lists;

/* The undirected multigraph, in MPI's form and weighted for the placement. */
typedef struct symmetric {
    long m;         /* distinct undirected edges */
    int *u, *v, *w; /* [m] */
    int *index;     /* [n]: MPI_Graph_create's */
    int *edges;     /* [index[n - 1]] */
} symmetric;

enum { LOCAL_OK, LOCAL_BAD_DEGREE, LOCAL_BAD_RANK, LOCAL_BAD_INFO };

static void lists_free(lists *L)
{
    HMPI__FREE_ALL(L->info, L->vertex, L->slot_rank, L->counts, L->displs, L->all);
}

static void symmetric_free(symmetric *S)
{
    HMPI__FREE_ALL(S->u, S->v, S->w, S->index, S->edges);
}

/* Identity positions and list sizes from everyone's (degree, reorder, bad). */
static long index_lists(lists *L)
{
    long total = 0;
    for (int r = 0; r < L->size; r++) {
        const int *in = L->info + 3 * (size_t)r;
        L->vertex[r] = in[0] >= 0 ? L->n : -1;
        if (in[0] >= 0)
            L->slot_rank[L->n++] = r;
        L->counts[r] = in[0] > 0 && !in[2] ? in[0] : 0;
        L->displs[r] = (int)(total < INT32_MAX ? total : INT32_MAX);
        total += L->counts[r];
    }
    L->displs[L->size] = (int)(total < INT32_MAX ? total : INT32_MAX);
    return total;
}

/* Every process's degree, reorder flag and local failure, then every list.
 * A process that fails here still enters each collective the others enter:
 * an allreduce tells everybody before each step that needs memory. */
static int gather_lists(MPI_Comm comm, int degree, const int *neighbors, int reorder, int bad,
                        lists *L)
{
    int rc, failed;
    memset(L, 0, sizeof *L);
    MPI_Comm_size(comm, &L->size);
    int p = L->size, mine[3] = {degree, reorder != 0, bad};
    L->info = HMPI__ALLOC(int, 3 * (size_t)p);
    L->vertex = HMPI__ALLOC(int, p);
    L->slot_rank = HMPI__ALLOC(int, p);
    L->counts = HMPI__ALLOC(int, p);
    L->displs = HMPI__ALLOC(int, (size_t)p + 1);
    int nomem = !L->info || !L->vertex || !L->slot_rank || !L->counts || !L->displs;
    if ((rc = hmpi__any_failed(comm, nomem, &failed)) != MPI_SUCCESS || failed)
        return rc != MPI_SUCCESS ? rc : MPI_ERR_NO_MEM;
    if ((rc = HMPI__MPI(Allgather)(mine, 3, MPI_INT, L->info, 3, MPI_INT, comm)) != MPI_SUCCESS)
        return rc;
    long total = index_lists(L); /* the same everywhere */
    if (total > INT32_MAX)
        return MPI_ERR_COUNT;
    L->all = HMPI__ALLOC(int, total);
    if ((rc = hmpi__any_failed(comm, !L->all, &failed)) != MPI_SUCCESS || failed)
        return rc != MPI_SUCCESS ? rc : MPI_ERR_NO_MEM;
    return HMPI__MPI(Allgatherv)(neighbors, degree > 0 && !bad ? degree : 0, MPI_INT, L->all,
                                 L->counts, L->displs, MPI_INT, comm);
}

static int by_edge(const void *a, const void *b)
{
    const int *x = a, *y = b;
    for (int k = 0; k < 2; k++)
        if (x[k] != y[k])
            return (x[k] > y[k]) - (x[k] < y[k]);
    return 0;
}

/* Every listed edge as (low end, high end, listed from the low end), sorted. */
static int *sorted_triples(const lists *L, long *k)
{
    int *e = HMPI__ALLOC(int, 3 * (size_t)L->displs[L->size]);
    *k = 0;
    if (!e)
        return NULL;
    for (int r = 0; r < L->size; r++)
        for (int i = L->displs[r]; i < L->displs[r + 1]; i++, (*k)++) {
            int a = L->vertex[r], b = L->vertex[L->all[i]];
            e[3 * *k] = a < b ? a : b;
            e[3 * *k + 1] = a < b ? b : a;
            e[3 * *k + 2] = a <= b;
        }
    qsort(e, (size_t)*k, 3 * sizeof(int), by_edge);
    return e;
}

/* One undirected edge per pair: m(u, v) = max(times u lists v, times v lists u). */
static void merge_pairs(const int *e, long k, symmetric *S)
{
    S->m = 0;
    for (long i = 0; i < k;) {
        long j = i;
        int fwd = 0, bwd = 0;
        for (; j < k && e[3 * j] == e[3 * i] && e[3 * j + 1] == e[3 * i + 1]; j++)
            fwd += e[3 * j + 2], bwd += !e[3 * j + 2];
        S->u[S->m] = e[3 * i];
        S->v[S->m] = e[3 * i + 1];
        S->w[S->m] = e[3 * i] == e[3 * i + 1] ? fwd : fwd > bwd ? fwd : bwd;
        S->m++;
        i = j;
    }
}

/* MPI_Graph_create's index and edges: each edge repeated m times, at both ends. */
static int mpi_lists(int n, symmetric *S)
{
    long total = 0;
    int *fill = HMPI__ALLOC(int, n), rc = MPI_ERR_NO_MEM;
    S->index = HMPI__ALLOC(int, n);
    for (long i = 0; fill && i < S->m; i++) {
        fill[S->u[i]] += S->w[i];
        fill[S->v[i]] += S->u[i] != S->v[i] ? S->w[i] : 0;
        total += S->w[i] * (S->u[i] != S->v[i] ? 2L : 1L);
    }
    if (!fill || !S->index || total > INT32_MAX || !(S->edges = HMPI__ALLOC(int, total)))
        goto fn_exit;
    for (int x = 0, acc = 0; x < n; x++) { /* fill[x]: next free entry of x */
        int degree = fill[x];
        fill[x] = acc;
        acc += degree;
        S->index[x] = acc;
    }
    for (long i = 0; i < S->m; i++)
        for (int c = 0; c < S->w[i]; c++) {
            S->edges[fill[S->u[i]]++] = S->v[i];
            if (S->u[i] != S->v[i])
                S->edges[fill[S->v[i]]++] = S->u[i];
        }
    rc = MPI_SUCCESS;
fn_exit:
    free(fill);
    return rc;
}

/* The symmetric multigraph, weighted (g) and in MPI's form (S). */
static int symmetrise(const lists *L, hmpi__graph *g, symmetric *S)
{
    long k;
    int *e = sorted_triples(L, &k), rc = MPI_ERR_NO_MEM;
    memset(S, 0, sizeof *S);
    S->u = HMPI__ALLOC(int, k);
    S->v = HMPI__ALLOC(int, k);
    S->w = HMPI__ALLOC(int, k);
    if (e && S->u && S->v && S->w) {
        merge_pairs(e, k, S);
        if ((rc = mpi_lists(L->n, S)) == MPI_SUCCESS)
            rc = hmpi__graph_from_edges(L->n, S->m, S->u, S->v, S->w, g);
    }
    free(e);
    return rc;
}

/* What this process can check alone; travels with its list. */
static int local_check(int degree, const int *neighbors, int size)
{
    if (degree < -1 || (degree > 0 && !neighbors))
        return LOCAL_BAD_DEGREE;
    for (int i = 0; i < degree; i++)
        if (neighbors[i] < 0 || neighbors[i] >= size)
            return LOCAL_BAD_RANK;
    return LOCAL_OK;
}

/* My own mistake first, else the first process's, else a neighbour left out. */
static int gathered_errors(const char *fn, const lists *L, int bad, int degree, int effort_rc)
{
    if (bad == LOCAL_BAD_INFO)
        return effort_rc;
    if (bad == LOCAL_BAD_RANK)
        return hmpi__error_code(MPI_ERR_RANK, fn,
                                "argument 'neighbors' holds a rank outside 'basecomm'");
    if (bad == LOCAL_BAD_DEGREE)
        return hmpi__error_code(
            MPI_ERR_ARG, fn, "argument 'degree' (%d) is below -1, or 'neighbors' is NULL", degree);
    for (int r = 0; r < L->size; r++)
        if (L->info[3 * r + 2])
            return hmpi__error_code(MPI_ERR_ARG, fn, "process %d gave invalid arguments", r);
    for (long i = 0; i < L->displs[L->size]; i++)
        if (L->vertex[L->all[i]] < 0)
            return hmpi__error_code(MPI_ERR_RANK, fn, "neighbour %d left itself out (degree -1)",
                                    L->all[i]);
    return MPI_SUCCESS;
}

/* Place, reorder and create: the collective tail of HMPI_Graph_create. */
static int place_graph(MPI_Comm basecomm, const char *fn, const lists *L, const hmpi__graph *g,
                       const symmetric *S, int effort, MPI_Comm *graphcomm)
{
    int rank, any_free = 0, rc = MPI_ERR_NO_MEM;
    int *place = HMPI__ALLOC(int, L->n), *pinned = HMPI__ALLOC(int, L->n);
    MPI_Comm ordered = MPI_COMM_NULL;
    MPI_Comm_rank(basecomm, &rank);
    for (int s = 0; pinned && s < L->n; s++) { /* reorder == 0 pins a process to itself */
        pinned[s] = L->info[3 * L->slot_rank[s] + 1] ? -1 : s;
        any_free |= pinned[s] < 0;
    }
    if (place && pinned &&
        (rc = hmpi__smp_place(basecomm, fn, L->n, L->slot_rank, g, pinned, effort, any_free, 0,
                              place)) == MPI_SUCCESS &&
        (rc = hmpi__smp_ordered_comm(basecomm, L->n, place, L->vertex[rank], &ordered)) ==
            MPI_SUCCESS) {
        *graphcomm = MPI_COMM_NULL;
        if (ordered != MPI_COMM_NULL)
            rc = MPI_Graph_create(ordered, L->n, S->index, S->edges, 0, graphcomm);
    }
    if (ordered != MPI_COMM_NULL)
        MPI_Comm_free(&ordered);
    free(place);
    free(pinned);
    return rc;
}

int HMPI_Graph_create(MPI_Comm basecomm, int degree, const int neighbors[], int reorder,
                      MPI_Info mapinfo, MPI_Comm *graphcomm)
{
    static const char fn[] = "HMPI_Graph_create";
    lists L;
    symmetric S = {0};
    hmpi__graph g = {0};
    int size, effort, rc = MPI_SUCCESS;
    HMPI__ERRTEST_COMM(basecomm, "basecomm", rc, fn);
    HMPI__ERRTEST_ARGNULL(graphcomm, "graphcomm", rc, fn);
    MPI_Comm_size(basecomm, &size);
    int effort_rc = hmpi__smp_effort(mapinfo, fn, &effort);
    int bad = effort_rc != MPI_SUCCESS ? LOCAL_BAD_INFO : local_check(degree, neighbors, size);
    /* local failures travel with the lists, so that every process fails alike */
    if ((rc = gather_lists(basecomm, degree, neighbors, reorder, bad, &L)) == MPI_SUCCESS &&
        (rc = gathered_errors(fn, &L, bad, degree, effort_rc)) == MPI_SUCCESS) {
        int failed, sym_rc = symmetrise(&L, &g, &S);
        if ((rc = hmpi__any_failed(basecomm, sym_rc != MPI_SUCCESS, &failed)) == MPI_SUCCESS)
            rc = failed ? hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory")
                        : place_graph(basecomm, fn, &L, &g, &S, effort, graphcomm);
    }
    lists_free(&L);
    symmetric_free(&S);
    hmpi__graph_free(&g);
    if (rc == MPI_SUCCESS)
        return rc;
fn_fail:
    return hmpi__raise(basecomm, rc);
}

/* SMP-aware topology functions (Träff 2003): relate, map, permute, and
 * graph / Cartesian communicators placed on the hardware hierarchy. */
#include "smp/mapping.h"

#include "coll/coll.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- relate, map, permute ---------------------------------------------- */

/* Is the intersection of a and b (in a's order) b itself, and in order? */
static int contains(MPI_Group a, MPI_Group b)
{
    MPI_Group inter;
    int result;
    MPI_Group_intersection(a, b, &inter);
    MPI_Group_compare(inter, b, &result);
    MPI_Group_free(&inter);
    return result;
}

int HMPI_Comm_relate(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    static const char fn[] = "HMPI_Comm_relate";
    MPI_Group g1, g2;
    int r;
    if (comm1 == MPI_COMM_NULL || comm2 == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument '%s' is MPI_COMM_NULL",
                           comm1 == MPI_COMM_NULL ? "comm1" : "comm2");
    if (!result)
        return hmpi__error(comm1, MPI_ERR_ARG, fn, "argument 'result' is NULL");
    MPI_Comm_compare(comm1, comm2, &r);
    if (r == MPI_UNEQUAL) {
        MPI_Comm_group(comm1, &g1);
        MPI_Comm_group(comm2, &g2);
        int super = contains(g1, g2), sub = contains(g2, g1);
        if (super == MPI_IDENT || super == MPI_SIMILAR)
            r = super == MPI_IDENT ? HMPI_SUPERCOMM_STRICT : HMPI_SUPERCOMM;
        else if (sub == MPI_IDENT || sub == MPI_SIMILAR)
            r = sub == MPI_IDENT ? HMPI_SUBCOMM_STRICT : HMPI_SUBCOMM;
        MPI_Group_free(&g1);
        MPI_Group_free(&g2);
    }
    *result = r;
    return MPI_SUCCESS;
}

int HMPI_Comm_map(MPI_Comm basecomm, MPI_Comm subcomm, int *torank, int *fromrank)
{
    static const char fn[] = "HMPI_Comm_map";
    MPI_Comm dup;
    MPI_Group base, sub;
    int rank, subrank = MPI_UNDEFINED, subsize = 0, to = MPI_PROC_NULL, from = MPI_PROC_NULL, tag;
    int rc, info[2] = {0, 0}; /* max sub size, someone's sub is not in base */
    if (basecomm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'basecomm' is MPI_COMM_NULL");
    if (!torank || !fromrank)
        return hmpi__error(basecomm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !torank ? "torank" : "fromrank");
    MPI_Comm_rank(basecomm, &rank);
    MPI_Comm_group(basecomm, &base);
    if (subcomm != MPI_COMM_NULL) {
        int me_in_base;
        MPI_Comm_group(subcomm, &sub);
        MPI_Group_rank(sub, &subrank);
        MPI_Group_size(sub, &subsize);
        MPI_Group_translate_ranks(sub, 1, &subrank, base, &me_in_base);
        info[0] = subsize;
        info[1] = me_in_base != rank; /* subcomm must be made of basecomm processes */
        from = subrank;
    }
    if ((rc = MPI_Allreduce(MPI_IN_PLACE, info, 2, MPI_INT, MPI_MAX, basecomm)) != MPI_SUCCESS ||
        (rc = hmpi__coll_context(basecomm, &dup, &tag)) != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    if (info[1]) {
        rc = hmpi__error(basecomm, MPI_ERR_COMM, fn,
                         "'subcomm' is not a sub-communicator of 'basecomm'");
        goto fn_exit;
    }
    subsize = info[0];
    if (subcomm != MPI_COMM_NULL) {
        int there;
        if (rank < subsize) /* who has my rank in subcomm */
            MPI_Group_translate_ranks(sub, 1, &rank, base, &to);
        /* the basecomm process with my subcomm rank may not be in subcomm:
         * tell it who I am (it cannot work it out alone) */
        MPI_Group_translate_ranks(base, 1, &subrank, sub, &there);
        if (there == MPI_UNDEFINED)
            rc = MPI_Send(&rank, 1, MPI_INT, subrank, tag, dup);
    } else if (rank < subsize) {
        rc = MPI_Recv(&to, 1, MPI_INT, MPI_ANY_SOURCE, tag, dup, MPI_STATUS_IGNORE);
    }
    if (rc != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    *torank = to;
    *fromrank = from;
fn_exit:
    if (subcomm != MPI_COMM_NULL)
        MPI_Group_free(&sub);
    MPI_Group_free(&base);
    return rc;
}

int HMPI_Permute(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int torank,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int fromrank, MPI_Comm comm)
{
    static const char fn[] = "HMPI_Permute";
    MPI_Comm dup;
    int size, tag, rc;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    MPI_Comm_size(comm, &size);
    if (torank != MPI_PROC_NULL && (torank < 0 || torank >= size))
        return hmpi__error(comm, MPI_ERR_RANK, fn, "argument 'torank' (%d) is not a rank", torank);
    if (fromrank != MPI_PROC_NULL && (fromrank < 0 || fromrank >= size))
        return hmpi__error(comm, MPI_ERR_RANK, fn, "argument 'fromrank' (%d) is not a rank",
                           fromrank);
    if (sendcount < 0 || recvcount < 0)
        return hmpi__error(comm, MPI_ERR_COUNT, fn, "argument '%s' (%d) is negative",
                           sendcount < 0 ? "sendcount" : "recvcount",
                           sendcount < 0 ? sendcount : recvcount);
    if ((rc = hmpi__coll_context(comm, &dup, &tag)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    rc = MPI_Sendrecv(sendbuf, sendcount, sendtype, torank, tag, recvbuf, recvcount, recvtype,
                      fromrank, tag, dup, MPI_STATUS_IGNORE);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
}

/* ---- placement ---------------------------------------------------------- */

static int effort_of(MPI_Comm comm, const char *fn, MPI_Info info, int *effort)
{
    char v[32];
    *effort = HMPI__EFFORT_DEFAULT;
    if (!hmpi__info_get(info, "hmpi_map_effort", v, sizeof v))
        return MPI_SUCCESS;
    if (!strcasecmp(v, "fast"))
        *effort = HMPI__EFFORT_FAST;
    else if (!strcasecmp(v, "best"))
        *effort = HMPI__EFFORT_BEST;
    else if (strcasecmp(v, "default"))
        return hmpi__error(comm, MPI_ERR_INFO_VALUE, fn,
                           "info 'hmpi_map_effort' ('%s') is not one of fast, default, best", v);
    return MPI_SUCCESS;
}

/* Rank 0 of basecomm places the graph (the others pass g == NULL) and
 * broadcasts the placement; place[v] = slot of vertex v. Collective. */
static int place_and_share(MPI_Comm basecomm, const char *fn, int n, const int *slot_rank,
                           const hmpi__graph *g, const int *pinned, int effort, int any_free,
                           int root_failed, int *place)
{
    hmpi__commloc *cl;
    int rank, rc = hmpi__commloc_ensure(basecomm, 1, fn, &cl);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(basecomm, rc);
    MPI_Comm_rank(basecomm, &rank);
    for (int v = 0; v < n; v++)
        place[v] = v;
    if (rank == 0 && any_free &&
        (root_failed || hmpi__map_graph(cl->table, slot_rank, g, pinned, effort, place)))
        place[0] = -1; /* no memory: tell everybody */
    if (hmpi__verbose_enabled() && rank == 0 && any_free && place[0] >= 0) {
        long *cross = calloc((size_t)cl->table->depth + 1, sizeof(long));
        if (cross) {
            hmpi__crossing(cl->table, slot_rank, g, place, cross);
            for (int m = 1; m <= cl->table->depth; m++)
                hmpi__verbose("%s: weight crossing prefix length %d: %ld\n", fn, m, cross[m]);
        }
        free(cross);
    }
    if (any_free && (rc = MPI_Bcast(place, n, MPI_INT, 0, basecomm)) != MPI_SUCCESS)
        return hmpi__raise(basecomm, rc);
    if (n > 0 && place[0] < 0)
        return hmpi__error(basecomm, MPI_ERR_NO_MEM, fn, "out of memory while placing");
    return MPI_SUCCESS;
}

/* The communicator of the included processes, rank = the vertex each serves. */
static int ordered_comm(MPI_Comm basecomm, int n, const int *place, int myslot, MPI_Comm *out)
{
    int key = 0;
    for (int v = 0; v < n; v++)
        if (place[v] == myslot)
            key = v;
    return MPI_Comm_split(basecomm, myslot >= 0 ? 0 : MPI_UNDEFINED, key, out);
}

/* ---- HMPI_Graph_create --------------------------------------------------- */

typedef struct lists {
    int size, n;                /* processes, included ones */
    int *info;                  /* [size * 3]: degree, reorder, bad */
    int *vertex;                /* [size]: identity position, -1 if left out */
    int *slot_rank;             /* [n]: base rank of each identity position */
    int *counts, *displs, *all; /* neighbour lists of everyone */
} lists;

static void lists_free(lists *L)
{
    free(L->info);
    free(L->vertex);
    free(L->slot_rank);
    free(L->counts);
    free(L->displs);
    free(L->all);
}

static int gather_lists(MPI_Comm comm, int degree, const int *neighbors, int reorder, int bad,
                        lists *L)
{
    int rc;
    memset(L, 0, sizeof *L);
    MPI_Comm_size(comm, &L->size);
    int p = L->size, mine[3] = {degree, reorder != 0, bad};
    L->info = malloc(sizeof(int) * 3 * (size_t)p);
    L->vertex = malloc(sizeof(int) * (size_t)p);
    L->slot_rank = malloc(sizeof(int) * (size_t)p);
    L->counts = malloc(sizeof(int) * (size_t)p);
    L->displs = malloc(sizeof(int) * ((size_t)p + 1));
    if (!L->info || !L->vertex || !L->slot_rank || !L->counts || !L->displs)
        return MPI_ERR_NO_MEM;
    if ((rc = MPI_Allgather(mine, 3, MPI_INT, L->info, 3, MPI_INT, comm)) != MPI_SUCCESS)
        return rc;
    long total = 0;
    for (int r = 0; r < p; r++) {
        L->vertex[r] = L->info[3 * r] >= 0 ? L->n : -1;
        if (L->info[3 * r] >= 0)
            L->slot_rank[L->n++] = r;
        L->counts[r] = L->info[3 * r] > 0 && !L->info[3 * r + 2] ? L->info[3 * r] : 0;
        L->displs[r] = (int)total;
        total += L->counts[r];
    }
    L->displs[p] = (int)total;
    if (total > INT32_MAX)
        return MPI_ERR_COUNT;
    if (!(L->all = malloc(sizeof(int) * ((size_t)total + 1))))
        return MPI_ERR_NO_MEM;
    return MPI_Allgatherv(neighbors, degree > 0 && !bad ? degree : 0, MPI_INT, L->all, L->counts,
                          L->displs, MPI_INT, comm);
}

static int by_edge(const void *a, const void *b)
{
    const int *x = a, *y = b;
    for (int k = 0; k < 2; k++)
        if (x[k] != y[k])
            return (x[k] > y[k]) - (x[k] < y[k]);
    return 0;
}

/* The symmetric multigraph: m(u, v) = max(times u lists v, times v lists u).
 * Fills the weighted graph and MPI's index / edges (edge repeated m times). */
static int symmetrise(const lists *L, hmpi__graph *g, int **index, int **edges)
{
    long m = L->displs[L->size];
    int *e = malloc(sizeof(int) * 3 * ((size_t)m + 1)), rc = MPI_ERR_NO_MEM;
    int *u = NULL, *v = NULL, *w = NULL;
    long k = 0, j = 0;
    *index = *edges = NULL;
    if (!e)
        return rc;
    for (int r = 0; r < L->size; r++)
        for (int i = L->displs[r]; i < L->displs[r + 1]; i++) {
            int a = L->vertex[r], b = L->vertex[L->all[i]];
            e[3 * k] = a < b ? a : b, e[3 * k + 1] = a < b ? b : a, e[3 * k + 2] = a <= b, k++;
        }
    qsort(e, (size_t)k, 3 * sizeof(int), by_edge);
    u = malloc(sizeof(int) * ((size_t)k + 1));
    v = malloc(sizeof(int) * ((size_t)k + 1));
    w = malloc(sizeof(int) * ((size_t)k + 1));
    int *deg = calloc((size_t)L->n + 1, sizeof(int));
    if (!u || !v || !w || !deg)
        goto fn_exit;
    for (long i = 0; i < k;) { /* one undirected edge per pair */
        long i2 = i;
        int fwd = 0, bwd = 0;
        while (i2 < k && e[3 * i2] == e[3 * i] && e[3 * i2 + 1] == e[3 * i + 1]) {
            fwd += e[3 * i2 + 2], bwd += !e[3 * i2 + 2];
            i2++;
        }
        u[j] = e[3 * i], v[j] = e[3 * i + 1];
        w[j] = u[j] == v[j] ? fwd : fwd > bwd ? fwd : bwd;
        deg[u[j]] += w[j];
        if (u[j] != v[j])
            deg[v[j]] += w[j];
        j++;
        i = i2;
    }
    long total = 0;
    for (int x = 0; x < L->n; x++)
        total += deg[x];
    *index = malloc(sizeof(int) * ((size_t)L->n + 1));
    *edges = malloc(sizeof(int) * ((size_t)total + 1));
    if (!*index || !*edges || total > INT32_MAX)
        goto fn_exit;
    int *fill = calloc((size_t)L->n + 1, sizeof(int));
    if (!fill)
        goto fn_exit;
    for (int x = 0, acc = 0; x < L->n; x++) {
        fill[x] = acc;
        acc += deg[x];
        (*index)[x] = acc;
    }
    for (long i = 0; i < j; i++)
        for (int c = 0; c < w[i]; c++) {
            (*edges)[fill[u[i]]++] = v[i];
            if (u[i] != v[i])
                (*edges)[fill[v[i]]++] = u[i];
        }
    free(fill);
    rc = hmpi__graph_from_edges(L->n, j, u, v, w, g);
fn_exit:
    if (rc != MPI_SUCCESS) {
        free(*index);
        free(*edges);
        *index = *edges = NULL;
    }
    free(e);
    free(u);
    free(v);
    free(w);
    free(deg);
    return rc;
}

int HMPI_Graph_create(MPI_Comm basecomm, int degree, const int neighbors[], int reorder,
                      MPI_Info mapinfo, MPI_Comm *graphcomm)
{
    static const char fn[] = "HMPI_Graph_create";
    lists L;
    hmpi__graph g = {0};
    int *index = NULL, *edges = NULL, *place = NULL, *pinned = NULL;
    int size, rank, bad = 0, effort, rc;
    MPI_Comm ordered = MPI_COMM_NULL;
    if (basecomm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'basecomm' is MPI_COMM_NULL");
    if (!graphcomm)
        return hmpi__error(basecomm, MPI_ERR_ARG, fn, "argument 'graphcomm' is NULL");
    if ((rc = effort_of(basecomm, fn, mapinfo, &effort)) != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(basecomm, &size);
    MPI_Comm_rank(basecomm, &rank);
    /* local checks travel with the lists, so that every process fails alike */
    if (degree < -1 || (degree > 0 && !neighbors))
        bad = 1;
    for (int i = 0; !bad && i < degree; i++)
        bad = neighbors[i] < 0 || neighbors[i] >= size ? 2 : 0;
    if ((rc = gather_lists(basecomm, degree, neighbors, reorder, bad, &L)) != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    if (bad) { /* my own mistake first, else the first process's */
        rc = bad == 2 ? hmpi__error(basecomm, MPI_ERR_RANK, fn,
                                    "argument 'neighbors' holds a rank outside 'basecomm'")
                      : hmpi__error(basecomm, MPI_ERR_ARG, fn,
                                    "argument 'degree' (%d) is below -1, or 'neighbors' is NULL",
                                    degree);
        goto fn_exit;
    }
    for (int r = 0; r < size; r++)
        if (L.info[3 * r + 2]) {
            rc = hmpi__error(basecomm, MPI_ERR_ARG, fn, "process %d gave invalid arguments", r);
            goto fn_exit;
        }
    for (long i = 0; i < L.displs[size]; i++)
        if (L.vertex[L.all[i]] < 0) {
            rc = hmpi__error(basecomm, MPI_ERR_RANK, fn, "neighbour %d left itself out (degree -1)",
                             L.all[i]);
            goto fn_exit;
        }
    if ((rc = symmetrise(&L, &g, &index, &edges)) != MPI_SUCCESS) {
        rc = hmpi__error(basecomm, rc, fn, "out of memory");
        goto fn_exit;
    }
    place = malloc(sizeof(int) * ((size_t)L.n + 1));
    pinned = malloc(sizeof(int) * ((size_t)L.n + 1));
    if (!place || !pinned) {
        rc = hmpi__error(basecomm, MPI_ERR_NO_MEM, fn, "out of memory");
        goto fn_exit;
    }
    int any_free = 0;
    for (int s = 0; s < L.n; s++) {
        pinned[s] = L.info[3 * L.slot_rank[s] + 1] ? -1 : s;
        any_free |= pinned[s] < 0;
    }
    if ((rc = place_and_share(basecomm, fn, L.n, L.slot_rank, &g, pinned, effort, any_free, 0,
                              place)) != MPI_SUCCESS)
        goto fn_exit;
    if ((rc = ordered_comm(basecomm, L.n, place, L.vertex[rank], &ordered)) != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    if (ordered == MPI_COMM_NULL) {
        *graphcomm = MPI_COMM_NULL;
    } else if ((rc = MPI_Graph_create(ordered, L.n, index, edges, 0, graphcomm)) != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
    }
fn_exit:
    if (ordered != MPI_COMM_NULL)
        MPI_Comm_free(&ordered);
    lists_free(&L);
    hmpi__graph_free(&g);
    free(index);
    free(edges);
    free(place);
    free(pinned);
    return rc;
}

/* ---- HMPI_Cart_create ---------------------------------------------------- */

/* The grid graph (axes, and diagonals), weights from both ends' loads. */
static int grid_graph(int n, int nd, const int *dims, const int *periods, int diagonal,
                      const int *mult, hmpi__graph *g)
{
    int per = 1, nm = nd + 1;
    for (int j = 0; j < nd; j++)
        per *= 3;
    long cap = (long)n * per;
    int *u = malloc(sizeof(int) * ((size_t)cap + 1)), *v = malloc(sizeof(int) * ((size_t)cap + 1));
    int *w = malloc(sizeof(int) * ((size_t)cap + 1)), coords[32], delta[32], rc;
    long m = 0;
    if (!u || !v || !w) {
        free(u), free(v), free(w);
        return MPI_ERR_NO_MEM;
    }
    for (int a = 0; a < n; a++) {
        for (int j = nd - 1, r = a; j >= 0; j--)
            coords[j] = r % dims[j], r /= dims[j];
        for (int k = 0; k < per; k++) {
            int nonzero = 0, axis = -1;
            for (int j = 0, r = k; j < nd; j++, r /= 3) {
                delta[j] = r % 3 - 1;
                if (delta[j])
                    nonzero++, axis = j;
            }
            if (nonzero == 0 || (nonzero > 1 && !diagonal))
                continue;
            int b = hmpi__cart_rank(nd, dims, periods, coords, delta, 1);
            if (b == MPI_PROC_NULL || b <= a)
                continue; /* each pair once, from its lower end */
            int col = nonzero == 1 ? axis : nd;
            int wa = mult[(size_t)a * nm + col], wb = mult[(size_t)b * nm + col];
            u[m] = a, v[m] = b, w[m] = wa > wb ? wa : wb;
            m += w[m] > 0;
        }
    }
    rc = hmpi__graph_from_edges(n, m, u, v, w, g);
    free(u), free(v), free(w);
    return rc;
}

/* HMPI_CHECK=1: the same ndims, dims, periods and diagonal everywhere. */
static int check_cart(MPI_Comm comm, const char *fn, int nd, const int *dims, const int *periods,
                      int diagonal)
{
    uint32_t h = 2166136261u ^ (uint32_t)nd ^ ((uint32_t)diagonal << 8);
    for (int j = 0; j < nd; j++)
        h = ((h ^ (uint32_t)dims[j]) * 16777619u ^ (uint32_t)(periods[j] != 0)) * 16777619u;
    int x = (int)(h & 0x7fffffff), v[2] = {x, -x};
    int rc = MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, comm);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    if (v[0] != -v[1])
        return hmpi__error(comm, MPI_ERR_ARG, fn,
                           "processes gave different 'ndims', 'dims', 'periods' or 'diagonal'");
    return MPI_SUCCESS;
}

static int check_cart_args(MPI_Comm comm, const char *fn, int size, int nd, const int *dims,
                           const int *periods, int diagonal, const int *multiplicity, int *n)
{
    if (nd < 1 || nd > 32)
        return hmpi__error(comm, MPI_ERR_DIMS, fn, "argument 'ndims' (%d) is not in 1..32", nd);
    if (!dims || !periods)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !dims ? "dims" : "periods");
    long prod = 1;
    for (int j = 0; j < nd; j++) {
        if (dims[j] <= 0)
            return hmpi__error(comm, MPI_ERR_DIMS, fn, "argument 'dims[%d]' (%d) is not positive",
                               j, dims[j]);
        prod *= dims[j];
        if (prod > size)
            return hmpi__error(comm, MPI_ERR_DIMS, fn,
                               "the grid has more than the %d processes of 'basecomm'", size);
    }
    for (int j = 0; multiplicity && j < nd + (diagonal != 0); j++)
        if (multiplicity[j] < 0)
            return hmpi__error(comm, MPI_ERR_ARG, fn,
                               "argument 'multiplicity[%d]' (%d) is negative", j, multiplicity[j]);
    *n = (int)prod;
    return MPI_SUCCESS;
}

int HMPI_Cart_create(MPI_Comm basecomm, int ndims, const int dims[], const int periods[],
                     int diagonal, const int multiplicity[], int reorder, MPI_Info mapinfo,
                     MPI_Comm *cartcomm)
{
    static const char fn[] = "HMPI_Cart_create";
    int size, rank, n = 0, effort, rc, nm = ndims + 1;
    int *mine = NULL, *all = NULL, *place = NULL, *pinned = NULL, *slot_rank = NULL;
    hmpi__graph g = {0};
    MPI_Comm ordered = MPI_COMM_NULL;
    if (basecomm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'basecomm' is MPI_COMM_NULL");
    if (!cartcomm)
        return hmpi__error(basecomm, MPI_ERR_ARG, fn, "argument 'cartcomm' is NULL");
    MPI_Comm_size(basecomm, &size);
    MPI_Comm_rank(basecomm, &rank);
    if ((rc = check_cart_args(basecomm, fn, size, ndims, dims, periods, diagonal, multiplicity,
                              &n)) != MPI_SUCCESS ||
        (rc = effort_of(basecomm, fn, mapinfo, &effort)) != MPI_SUCCESS)
        return rc;
    if (hmpi__check_enabled() &&
        (rc = check_cart(basecomm, fn, ndims, dims, periods, diagonal)) != MPI_SUCCESS)
        return rc;
    /* the local loads and pins, to rank 0 */
    mine = malloc(sizeof(int) * ((size_t)nm + 1));
    place = malloc(sizeof(int) * ((size_t)n + 1));
    pinned = malloc(sizeof(int) * ((size_t)n + 1));
    slot_rank = malloc(sizeof(int) * ((size_t)n + 1));
    if (rank == 0)
        all = malloc(sizeof(int) * ((size_t)nm + 1) * (size_t)size);
    if (!mine || !place || !pinned || !slot_rank || (rank == 0 && !all)) {
        rc = hmpi__error(basecomm, MPI_ERR_NO_MEM, fn, "out of memory");
        goto fn_exit;
    }
    for (int j = 0; j < nm; j++)
        mine[j] = multiplicity && (j < ndims || diagonal) ? multiplicity[j] : 1;
    mine[nm] = reorder != 0;
    if ((rc = MPI_Gather(mine, nm + 1, MPI_INT, all, nm + 1, MPI_INT, 0, basecomm)) !=
        MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    int any_free = reorder != 0;
    if ((rc = MPI_Allreduce(MPI_IN_PLACE, &any_free, 1, MPI_INT, MPI_MAX, basecomm)) !=
        MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    for (int v = 0; v < n; v++) {
        slot_rank[v] = v; /* the first prod(dims) processes, in basecomm order */
        pinned[v] = rank == 0 && all[(size_t)v * (nm + 1) + nm] ? -1 : v;
    }
    int root_failed = 0;
    if (rank == 0 && any_free) {
        int *mult = malloc(sizeof(int) * (size_t)nm * ((size_t)n + 1));
        for (int v = 0; mult && v < n; v++)
            memcpy(mult + (size_t)v * nm, all + (size_t)v * (nm + 1), sizeof(int) * nm);
        root_failed = !mult || grid_graph(n, ndims, dims, periods, diagonal, mult, &g) != 0;
        free(mult);
    }
    if ((rc = place_and_share(basecomm, fn, n, slot_rank, &g, pinned, effort, any_free, root_failed,
                              place)) != MPI_SUCCESS)
        goto fn_exit;
    if ((rc = ordered_comm(basecomm, n, place, rank < n ? rank : -1, &ordered)) != MPI_SUCCESS) {
        rc = hmpi__raise(basecomm, rc);
        goto fn_exit;
    }
    if (ordered == MPI_COMM_NULL)
        *cartcomm = MPI_COMM_NULL;
    else if ((rc = MPI_Cart_create(ordered, ndims, dims, periods, 0, cartcomm)) != MPI_SUCCESS)
        rc = hmpi__raise(basecomm, rc);
fn_exit:
    if (ordered != MPI_COMM_NULL)
        MPI_Comm_free(&ordered);
    hmpi__graph_free(&g);
    free(mine), free(all), free(place), free(pinned), free(slot_rank);
    return rc;
}

/* ---- measuring a placement ---------------------------------------------- */

int HMPI_Topo_crossing(MPI_Comm comm, int maxlevels, long crossing[], int *nlevels)
{
    static const char fn[] = "HMPI_Topo_crossing";
    int topo = MPI_UNDEFINED, rank, depth, rc, n = 0, *nb = NULL;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (!nlevels || (maxlevels > 0 && !crossing))
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !nlevels ? "nlevels" : "crossing");
    MPI_Topo_test(comm, &topo);
    MPI_Comm_rank(comm, &rank);
    if (topo == MPI_GRAPH) {
        MPI_Graph_neighbors_count(comm, rank, &n);
        if ((nb = malloc(sizeof(int) * ((size_t)n + 1))))
            MPI_Graph_neighbors(comm, rank, n, nb);
    } else if (topo == MPI_CART) {
        int nd;
        MPI_Cartdim_get(comm, &nd);
        if ((nb = malloc(sizeof(int) * (2 * (size_t)nd + 1))))
            for (int j = 0; j < nd; j++, n += 2)
                MPI_Cart_shift(comm, j, 1, &nb[n], &nb[n + 1]);
    } else if (topo == MPI_DIST_GRAPH) {
        int in, out, weighted, *srcs, *w;
        MPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
        srcs = malloc(sizeof(int) * ((size_t)in + 1));
        w = malloc(sizeof(int) * ((size_t)(in > out ? in : out) + 1) * 2);
        if ((nb = malloc(sizeof(int) * ((size_t)out + 1))) && srcs && w)
            MPI_Dist_graph_neighbors(comm, in, srcs, w, out, nb, w + in + 1);
        free(srcs);
        free(w);
        n = out;
    } else {
        return hmpi__error(comm, MPI_ERR_TOPOLOGY, fn,
                           "the communicator has no graph or Cartesian topology");
    }
    if (!nb)
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
    if ((rc = HMPI_Comm_attach_locality(comm)) != MPI_SUCCESS)
        goto fn_exit;
    HMPI_Comm_level(comm, rank, rank, &depth);
    if ((rc = MPI_Allreduce(MPI_IN_PLACE, &depth, 1, MPI_INT, MPI_MAX, comm)) != MPI_SUCCESS)
        goto fn_raise;
    long *cross = calloc((size_t)depth + 1, sizeof(long));
    if (!cross) {
        rc = hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
        goto fn_exit;
    }
    for (int i = 0; i < n; i++) {
        int level;
        if (nb[i] == MPI_PROC_NULL)
            continue;
        HMPI_Comm_level(comm, rank, nb[i], &level);
        for (int l = level; l < depth; l++) /* apart at level l + 1 and below */
            cross[l]++;
    }
    rc = MPI_Allreduce(MPI_IN_PLACE, cross, depth > 0 ? depth : 1, MPI_LONG, MPI_SUM, comm);
    if (rc == MPI_SUCCESS) {
        for (int l = 0; l < depth && l < maxlevels; l++) /* each edge was seen from both ends */
            crossing[l] = cross[l] / 2;
        *nlevels = depth;
    }
    free(cross);
    if (rc == MPI_SUCCESS)
        goto fn_exit;
fn_raise:
    rc = hmpi__raise(comm, rc);
fn_exit:
    free(nb);
    return rc;
}

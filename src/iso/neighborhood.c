/* Isomorphic neighbourhoods: relative Cartesian helpers, the neighbourhood
 * attached to a Cartesian communicator, its queries and its combining
 * routes. Everything here is local but the first HMPI_Iso_neighborhood_create
 * on a communicator (which makes the private duplicate for library traffic). */
#include "iso/iso.h"

#include "core/comm.h"
#include "core/entry.h"
#include "util/hash.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t iso_lock = PTHREAD_MUTEX_INITIALIZER;

static void route_free(hmpi__iso_route *r)
{
    if (r) {
        free(r->dim);
        free(r->step);
        free(r->hops);
        free(r);
    }
}

static void iso_destroy(hmpi__shared *obj)
{
    hmpi__iso *n = (hmpi__iso *)obj;
    for (int a = 0; a < HMPI__ISO_NALGS; a++)
        route_free(n->routes[a]);
    free(n->dims);
    free(n->offsets);
    free(n->targets);
    free(n);
}

/* A copy (MPI_Comm_dup) keeps the neighbourhood only with the same Cartesian
 * grid: MPI_Comm_create_group of the whole group has no topology. */
static int iso_fits(const hmpi__shared *obj, MPI_Comm comm)
{
    const hmpi__iso *n = (const hmpi__iso *)obj;
    int topo = MPI_UNDEFINED, nd = -1;
    topo = hmpi__topo_kind(comm);
    if (topo != MPI_CART || (MPI_Cartdim_get(comm, &nd), nd != n->ndims))
        return 0;
    int *grid = HMPI__ALLOC(int, 3 * (size_t)nd), same;
    if (!grid)
        return 0;
    if (nd > 0)
        MPI_Cart_get(comm, nd, grid, grid + nd, grid + 2 * nd);
    same = memcmp(grid, n->dims, 3 * (size_t)nd * sizeof(int)) == 0;
    free(grid);
    return same;
}

hmpi__iso *hmpi__iso_find(MPI_Comm comm)
{
    return (hmpi__iso *)hmpi__comm_slot(comm, HMPI__SLOT_ISO);
}

/* ---- Cartesian geometry ------------------------------------------------ */

typedef struct cart {
    int ndims;
    int *dims, *periods, *coords; /* one allocation */
} cart;

/* The grid of comm, Cartesian (one allocation; code not raised). */
static int cart_read(MPI_Comm comm, cart *c)
{
    MPI_Cartdim_get(comm, &c->ndims);
    if (!(c->dims = HMPI__ALLOC(int, 3 * (size_t)c->ndims + 1)))
        return MPI_ERR_NO_MEM;
    c->periods = c->dims + c->ndims;
    c->coords = c->periods + c->ndims;
    if (c->ndims > 0)
        MPI_Cart_get(comm, c->ndims, c->dims, c->periods, c->coords);
    return MPI_SUCCESS;
}

static int cart_get(MPI_Comm comm, const char *fn, cart *c)
{
    c->dims = NULL;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    if (hmpi__topo_kind(comm) != MPI_CART)
        return hmpi__error(comm, MPI_ERR_TOPOLOGY, fn,
                           "the communicator has no Cartesian topology");
    if (cart_read(comm, c) != MPI_SUCCESS)
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
    return MPI_SUCCESS;
}

int hmpi__iso_rank_at(const hmpi__iso *n, const int *coords, const int *delta, int sign)
{
    return hmpi__cart_rank(n->ndims, n->dims, n->periods, coords, delta, sign);
}

/* The shortest representative of x in a periodic dimension of size d. */
static int shortest(long x, int d)
{
    long r = ((x % d) + d) % d;
    return (int)(r > d / 2 ? r - d : r);
}

int HMPI_Cart_relative_rank(MPI_Comm cartcomm, const int relative[], int *rank)
{
    static const char fn[] = "HMPI_Cart_relative_rank";
    cart c;
    int rc = cart_get(cartcomm, fn, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((!relative && c.ndims > 0) || !rank)
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                         rank ? "relative" : "rank");
    else
        *rank = hmpi__cart_rank(c.ndims, c.dims, c.periods, c.coords, relative, 1);
    free(c.dims);
    return rc;
}

int HMPI_Cart_relative_shift(MPI_Comm cartcomm, const int relative[], int *source, int *target)
{
    static const char fn[] = "HMPI_Cart_relative_shift";
    cart c;
    int rc = cart_get(cartcomm, fn, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if ((!relative && c.ndims > 0) || !source || !target) {
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                         !source   ? "source"
                         : !target ? "target"
                                   : "relative");
    } else {
        *target = hmpi__cart_rank(c.ndims, c.dims, c.periods, c.coords, relative, 1);
        *source = hmpi__cart_rank(c.ndims, c.dims, c.periods, c.coords, relative, -1);
    }
    free(c.dims);
    return rc;
}

int HMPI_Cart_relative_coord(MPI_Comm cartcomm, int rank, int relative[])
{
    static const char fn[] = "HMPI_Cart_relative_coord";
    cart c;
    int rc = cart_get(cartcomm, fn, &c), size;
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(cartcomm, &size);
    if (rank < 0 || rank >= size) {
        rc = hmpi__error(cartcomm, MPI_ERR_RANK, fn,
                         "argument 'rank' (%d) is not a rank of the communicator%s", rank,
                         rank == MPI_PROC_NULL ? " (MPI_PROC_NULL has no coordinates)" : "");
    } else if (!relative && c.ndims > 0) {
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument 'relative' is NULL");
    } else {
        for (int j = c.ndims - 1, r = rank; j >= 0; j--) {
            int x = r % c.dims[j];
            r /= c.dims[j];
            relative[j] =
                c.periods[j] ? shortest((long)x - c.coords[j], c.dims[j]) : x - c.coords[j];
        }
    }
    free(c.dims);
    return rc;
}

/* ---- the neighbourhood ------------------------------------------------- */

static uint32_t hash_offsets(int s, int ndims, const int *offsets)
{
    return hmpi__hash_ints(hmpi__hash_u32(HMPI__HASH_INIT, (uint32_t)s), offsets,
                           (size_t)s * ndims);
}

static hmpi__iso *iso_new(const cart *c, MPI_Comm comm, int s, const int *offsets)
{
    int nd = c->ndims, me;
    size_t so = (size_t)s * nd;
    hmpi__iso *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    hmpi__shared_init(&n->base, iso_destroy, iso_fits);
    n->dims = HMPI__ALLOC(int, 3 * (size_t)nd);
    n->offsets = HMPI__ALLOC(int, 2 * so);
    n->targets = HMPI__ALLOC(int, 2 * (size_t)s);
    if (!n->dims || !n->offsets || !n->targets) {
        free(n->dims);
        free(n->offsets);
        free(n->targets);
        free(n);
        return NULL;
    }
    MPI_Comm_rank(comm, &me);
    n->ndims = nd;
    n->s = s;
    n->periods = n->dims + nd;
    n->coords = n->periods + nd;
    memcpy(n->dims, c->dims, 3 * (size_t)nd * sizeof(int));
    n->norm = n->offsets + so;
    n->sources = n->targets + s;
    if (so)
        memcpy(n->offsets, offsets, so * sizeof(int));
    for (int i = 0; i < s; i++) {
        for (int j = 0; j < nd; j++) {
            int x = offsets[(size_t)i * nd + j];
            n->norm[(size_t)i * nd + j] = n->periods[j] ? shortest(x, n->dims[j]) : x;
        }
        n->targets[i] = hmpi__iso_rank_at(n, n->coords, offsets + (size_t)i * nd, 1);
        n->sources[i] = hmpi__iso_rank_at(n, n->coords, offsets + (size_t)i * nd, -1);
        n->outdegree += n->targets[i] != MPI_PROC_NULL;
        n->indegree += n->sources[i] != MPI_PROC_NULL;
    }
    n->hash = hash_offsets(s, nd, offsets);
    return n;
}

int hmpi__iso_cart_neighbors(MPI_Comm comm, const char *fn, hmpi__iso **out)
{
    hmpi__iso *n = (hmpi__iso *)hmpi__comm_slot(comm, HMPI__SLOT_CART_NBR);
    cart c;
    int rc;
    if (n) {
        *out = n;
        return MPI_SUCCESS;
    }
    int *offsets = NULL;
    c.dims = NULL;
    if (cart_read(comm, &c) == MPI_SUCCESS && /* comm is Cartesian: the caller checked */
        (offsets = HMPI__ALLOC(int, 2 * (size_t)c.ndims * c.ndims + 1))) {
        for (int d = 0; d < c.ndims; d++) /* -e_d, then +e_d */
            for (int j = 0; j < c.ndims; j++) {
                offsets[(size_t)(2 * d) * c.ndims + j] = j == d ? -1 : 0;
                offsets[(size_t)(2 * d + 1) * c.ndims + j] = j == d ? 1 : 0;
            }
        n = iso_new(&c, comm, 2 * c.ndims, offsets);
    }
    free(offsets);
    free(c.dims);
    if (!n)
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    if ((rc = hmpi__comm_slot_set(comm, HMPI__SLOT_CART_NBR, &n->base)) != MPI_SUCCESS)
        return rc;
    *out = n;
    return MPI_SUCCESS;
}

/* HMPI_CHECK=1: every process gave the same neighbourhood. */
static int check_same(MPI_Comm comm, const char *fn, const hmpi__iso *n)
{
    hmpi__agree_item items[2] = {
        {n->s, "number of offsets 's'", MPI_ERR_ARG, NULL},
        {hmpi__hash_int(n->hash), "fingerprint of 'relative_coordinates'", MPI_ERR_ARG, NULL}};
    if (hmpi__check_agreement(comm, fn, MPI_SUCCESS, 2, items) == MPI_SUCCESS)
        return MPI_SUCCESS;
    return hmpi__error(comm, MPI_ERR_ARG, fn,
                       "HMPI_CHECK: processes gave different neighbourhoods (arguments 's' and "
                       "'relative_coordinates' must be identical everywhere)");
}

int HMPI_Iso_neighborhood_create(MPI_Comm cartcomm, int s, const int relative_coordinates[],
                                 MPI_Comm *isocomm)
{
    static const char fn[] = "HMPI_Iso_neighborhood_create";
    cart c;
    MPI_Comm dup;
    int rc = cart_get(cartcomm, fn, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    if (s < 0)
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument 's' (%d) is negative", s);
    else if (s > 0 && c.ndims > 0 && !relative_coordinates)
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument 'relative_coordinates' is NULL");
    else if (!isocomm)
        rc = hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument 'isocomm' is NULL");
    if (rc != MPI_SUCCESS)
        goto fn_exit;
    hmpi__iso *n = iso_new(&c, cartcomm, s, relative_coordinates);
    if (!n) {
        rc = hmpi__error(cartcomm, MPI_ERR_NO_MEM, fn, "out of memory");
        goto fn_exit;
    }
    if (hmpi__check_enabled() && (rc = check_same(cartcomm, fn, n)) != MPI_SUCCESS)
        goto fn_fail;
    /* collective the first time only: the duplicate that carries the traffic */
    if ((rc = hmpi__comm_private(cartcomm, &dup)) != MPI_SUCCESS) {
        rc = hmpi__raise(cartcomm, rc);
        goto fn_fail;
    }
    if ((rc = hmpi__comm_slot_set(cartcomm, HMPI__SLOT_ISO, &n->base)) != MPI_SUCCESS) {
        rc = hmpi__raise(cartcomm, rc);
        goto fn_exit; /* released by the slot */
    }
    *isocomm = cartcomm;
    goto fn_exit;
fn_fail:
    hmpi__shared_unref(&n->base);
fn_exit:
    free(c.dims);
    return rc;
}

static int iso_of(MPI_Comm comm, const char *fn, hmpi__iso **n)
{
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'isocomm' is MPI_COMM_NULL");
    if (!(*n = hmpi__iso_find(comm)))
        return hmpi__error(comm, MPI_ERR_TOPOLOGY, fn,
                           "the communicator has no isomorphic neighbourhood "
                           "(HMPI_Iso_neighborhood_create)");
    return MPI_SUCCESS;
}

int HMPI_Iso_neighborhood_count(MPI_Comm isocomm, int *s, int *indegree, int *outdegree)
{
    static const char fn[] = "HMPI_Iso_neighborhood_count";
    hmpi__iso *n;
    int rc = iso_of(isocomm, fn, &n);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!s || !indegree || !outdegree)
        return hmpi__error(isocomm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !s          ? "s"
                           : !indegree ? "indegree"
                                       : "outdegree");
    *s = n->s;
    *indegree = n->indegree;
    *outdegree = n->outdegree;
    return MPI_SUCCESS;
}

/* Copy up to max entries of the lists, MPI_PROC_NULL ones too or not. */
static int copy_lists(MPI_Comm comm, const char *fn, int s, const int *src, const int *dst,
                      int max_s, int sources[], int destinations[], int keep_null)
{
    if (max_s < 0)
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument 'max_s' (%d) is negative", max_s);
    if (max_s > 0 && (!sources || !destinations))
        return hmpi__error(comm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !sources ? "sources" : "destinations");
    for (int i = 0, ks = 0, kd = 0; i < s; i++) {
        if ((keep_null || src[i] != MPI_PROC_NULL) && ks < max_s)
            sources[ks++] = src[i];
        if ((keep_null || dst[i] != MPI_PROC_NULL) && kd < max_s)
            destinations[kd++] = dst[i];
    }
    return MPI_SUCCESS;
}

/* The sources and targets of isocomm's neighbourhood, with MPI_PROC_NULL
 * entries (keep_null) or without. */
static int neighborhood_lists(MPI_Comm isocomm, const char *fn, int max_s, int sources[],
                              int destinations[], int keep_null)
{
    hmpi__iso *n;
    int rc = iso_of(isocomm, fn, &n);
    return rc != MPI_SUCCESS ? rc
                             : copy_lists(isocomm, fn, n->s, n->sources, n->targets, max_s, sources,
                                          destinations, keep_null);
}

int HMPI_Iso_neighborhood_get(MPI_Comm isocomm, int max_s, int sources[], int destinations[])
{
    return neighborhood_lists(isocomm, "HMPI_Iso_neighborhood_get", max_s, sources, destinations,
                              1);
}

int HMPI_Iso_neighborhood_graph_get(MPI_Comm isocomm, int max_s, int sources[], int destinations[])
{
    return neighborhood_lists(isocomm, "HMPI_Iso_neighborhood_graph_get", max_s, sources,
                              destinations, 0);
}

/* MPI's Cartesian neighbourhood (MPI 3.1 §7.6): for each dimension, the
 * neighbour at -1 then the one at +1, as sources and as destinations. */
static int cart_lists(MPI_Comm comm, const char *fn, int **list, int *s)
{
    cart c;
    int rc = cart_get(comm, fn, &c);
    if (rc != MPI_SUCCESS)
        return rc;
    *s = 2 * c.ndims;
    if (!(*list = HMPI__ALLOC(int, *s))) {
        free(c.dims);
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "out of memory");
    }
    for (int j = 0; j < c.ndims; j++)
        MPI_Cart_shift(comm, j, 1, &(*list)[2 * j], &(*list)[2 * j + 1]);
    free(c.dims);
    return MPI_SUCCESS;
}

int HMPI_Cart_neighborhood_count(MPI_Comm cartcomm, int *s, int *indegree, int *outdegree)
{
    static const char fn[] = "HMPI_Cart_neighborhood_count";
    int *list, n, rc;
    if (!s || !indegree || !outdegree)
        return hmpi__error(cartcomm, MPI_ERR_ARG, fn, "argument '%s' is NULL",
                           !s          ? "s"
                           : !indegree ? "indegree"
                                       : "outdegree");
    if ((rc = cart_lists(cartcomm, fn, &list, &n)) != MPI_SUCCESS)
        return rc;
    int actual = 0;
    for (int i = 0; i < n; i++)
        actual += list[i] != MPI_PROC_NULL;
    *s = n;
    *indegree = *outdegree = actual;
    free(list);
    return MPI_SUCCESS;
}

static int cart_get_lists(MPI_Comm cartcomm, const char *fn, int max_s, int sources[],
                          int destinations[], int keep_null)
{
    int *list, n, rc;
    if ((rc = cart_lists(cartcomm, fn, &list, &n)) != MPI_SUCCESS)
        return rc;
    rc = copy_lists(cartcomm, fn, n, list, list, max_s, sources, destinations, keep_null);
    free(list);
    return rc;
}

int HMPI_Cart_neighborhood_get(MPI_Comm cartcomm, int max_s, int sources[], int destinations[])
{
    return cart_get_lists(cartcomm, "HMPI_Cart_neighborhood_get", max_s, sources, destinations, 1);
}

int HMPI_Cart_neighborhood_graph_get(MPI_Comm cartcomm, int max_s, int sources[],
                                     int destinations[])
{
    return cart_get_lists(cartcomm, "HMPI_Cart_neighborhood_graph_get", max_s, sources,
                          destinations, 0);
}

/* ---- combining routes -------------------------------------------------- */

/* Can block i exist anywhere? (Not if an offset leaves a non-periodic
 * dimension from every coordinate.) */
static int block_lives(const hmpi__iso *n, int i)
{
    for (int j = 0; j < n->ndims; j++) {
        int c = n->norm[(size_t)i * n->ndims + j];
        if (!n->periods[j] && (c >= n->dims[j] || -c >= n->dims[j]))
            return 0;
    }
    return 1;
}

/* Append a phase along dim with the steps step_of(i); skipped when empty. */
static int add_phase(hmpi__iso_route *r, const hmpi__iso *n, int dim, int bit)
{
    int s = n->s, any = 0;
    int *step = r->step + (size_t)r->nphases * s;
    for (int i = 0; i < s; i++) {
        int c = block_lives(n, i) ? n->norm[(size_t)i * n->ndims + dim] : 0;
        int mag = c < 0 ? -c : c;
        step[i] = bit < 0 ? c : (mag & (1 << bit)) ? (c < 0 ? -(1 << bit) : 1 << bit) : 0;
        any |= step[i] != 0;
    }
    if (!any)
        return 0;
    /* messages: distinct nonzero steps (at most 2 in a logarithmic phase) */
    for (int i = 0; i < s; i++) {
        int first = step[i] != 0;
        for (int k = 0; k < i && first; k++)
            first = step[k] != step[i];
        r->messages += first;
        r->hops[i] += step[i] != 0;
    }
    r->dim[r->nphases++] = dim;
    return 1;
}

static hmpi__iso_route *route_build(const hmpi__iso *n, int alg)
{
    int d = n->ndims, s = n->s, maxphases = 0;
    int *bits = HMPI__ALLOC(int, d);
    hmpi__iso_route *r = calloc(1, sizeof *r);
    if (!bits || !r)
        goto fn_fail;
    for (int j = 0; j < d; j++) {
        int maxmag = 0;
        for (int i = 0; i < s; i++) {
            int c = block_lives(n, i) ? n->norm[(size_t)i * d + j] : 0;
            maxmag = (c < 0 ? -c : c) > maxmag ? (c < 0 ? -c : c) : maxmag;
        }
        while (bits[j] < 31 && (1 << bits[j]) <= maxmag)
            bits[j]++;
        maxphases += alg == HMPI__ISO_DIMENSIONAL ? 1 : bits[j];
    }
    r->dim = HMPI__ALLOC(int, maxphases);
    r->step = HMPI__ALLOC(int, (size_t)maxphases *s);
    r->hops = HMPI__ALLOC(int, s);
    if (!r->dim || !r->step || !r->hops)
        goto fn_fail;
    for (int j = 0; j < d; j++) {
        if (alg == HMPI__ISO_DIMENSIONAL)
            add_phase(r, n, j, -1);
        else
            for (int b = 0; b < bits[j]; b++)
                add_phase(r, n, j, b);
    }
    free(bits);
    return r;
fn_fail:
    free(bits);
    route_free(r);
    return NULL;
}

const hmpi__iso_route *hmpi__iso_route_get(hmpi__iso *n, int alg)
{
    pthread_mutex_lock(&iso_lock);
    if (!n->routes[alg])
        n->routes[alg] = route_build(n, alg);
    hmpi__iso_route *r = n->routes[alg];
    pthread_mutex_unlock(&iso_lock);
    return r;
}

/* The isomorphic collectives: argument checks, buffer blocks, algorithm
 * choice, and the blocking / nonblocking / persistent entry points. */
#include "core/pmpi.h"
#include "iso/iso.h"

#include "core/config.h"
#include "core/entry.h"
#include "core/model.h"
#include "core/op.h"
#include "hierarchy/commloc.h"
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>

const char *const hmpi__iso_algorithm_names[] = {
#define NAME_OF(NAME, name) #name,
    HMPI__ISO_ALGORITHMS(NAME_OF)
#undef NAME_OF
        NULL};

static int is_reduction(int kind)
{
    return kind == HMPI__NBR_RED || kind == HMPI__NBR_SRED;
}

static int regular(int kind) /* block sizes fixed by the arguments, identical everywhere */
{
    return kind == HMPI__NBR_A2A || kind == HMPI__NBR_AG || kind == HMPI__NBR_RED ||
           kind == HMPI__NBR_SRED;
}

static MPI_Aint extent_of(MPI_Datatype t)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(t, &lb, &extent);
    return extent;
}

/* ---- checks ------------------------------------------------------------ */

/* NULL (MPI_BOTTOM) only makes sense with absolute addresses: in the
 * datatype, or (w variants) in the block's byte displacement. */
static int check_block(const char *fn, const char *name, const void *buf, MPI_Aint byte_displ,
                       int count, MPI_Datatype t)
{
    MPI_Aint true_lb, true_extent;
    if (buf == MPI_IN_PLACE)
        return hmpi__error_code(MPI_ERR_BUFFER, fn, "argument '%s' cannot be MPI_IN_PLACE", name);
    if (buf || count == 0 || byte_displ != 0)
        return MPI_SUCCESS;
    MPI_Type_get_true_extent(t, &true_lb, &true_extent);
    if (true_lb == 0)
        return hmpi__error_code(MPI_ERR_BUFFER, fn, "argument '%s' is NULL with a nonzero count",
                                name);
    return MPI_SUCCESS;
}

static int check_buffer(const char *fn, const char *name, const void *buf, int count,
                        MPI_Datatype t)
{
    return check_block(fn, name, buf, 0, count, t);
}

/* Block i of a vector side: its count and (w variants) its type. */
#define ERRTEST_BLOCK(counts, types, i, rc, fn)                                                    \
    do {                                                                                           \
        HMPI__ERRTEST((counts)[i] < 0, rc, MPI_ERR_COUNT, fn,                                      \
                      "argument '%s[%d]' (%d) is negative", #counts, i, (counts)[i]);              \
        HMPI__ERRTEST((types) && (types)[i] == MPI_DATATYPE_NULL, rc, MPI_ERR_TYPE, fn,            \
                      "argument '%s[%d]' is MPI_DATATYPE_NULL", #types, i);                        \
    } while (0)

/* Does any of the nblocks peers exist? */
static int any_peer(int nblocks, const int *peers)
{
    for (int i = 0; i < nblocks; i++)
        if (peers[i] != MPI_PROC_NULL)
            return 1;
    return 0;
}

int hmpi__nbr_check_send(const char *fn, const hmpi__nbr_args *a, int nblocks, const int *peers)
{
    int vector =
            a->kind == HMPI__NBR_A2AV || a->kind == HMPI__NBR_A2AW || a->kind == HMPI__NBR_SRED,
        rc = MPI_SUCCESS;
    const int *sendcounts = a->scounts;
    const MPI_Datatype *sendtypes = a->kind == HMPI__NBR_A2AV ? NULL : a->stypes;
    if (!vector) {
        int count = is_reduction(a->kind) ? a->count : a->scount;
        MPI_Datatype t = is_reduction(a->kind) ? a->type : a->stype;
        HMPI__ERRTEST_COUNT(count, is_reduction(a->kind) ? "count" : "sendcount", rc, fn);
        HMPI__ERRTEST_DATATYPE(t, is_reduction(a->kind) ? "datatype" : "sendtype", rc, fn);
        return any_peer(nblocks, peers) ? check_buffer(fn, "sendbuf", a->sendbuf, count, t)
                                        : MPI_SUCCESS;
    }
    HMPI__ERRTEST(nblocks > 0 && (!a->scounts || (!a->sdispls && !a->sbdispls)), rc, MPI_ERR_ARG,
                  fn, "argument '%s' is NULL", !a->scounts ? "sendcounts" : "sdispls");
    HMPI__ERRTEST(a->kind != HMPI__NBR_A2AV && nblocks > 0 && !a->stypes, rc, MPI_ERR_ARG, fn,
                  "argument 'sendtypes' is NULL");
    if (a->kind == HMPI__NBR_A2AV)
        HMPI__ERRTEST_DATATYPE(a->stype, "sendtype", rc, fn);
    for (int i = 0; i < nblocks; i++) {
        if (peers[i] == MPI_PROC_NULL)
            continue;
        ERRTEST_BLOCK(sendcounts, sendtypes, i, rc, fn);
        TRY(check_block(fn, "sendbuf", a->sendbuf, a->sbdispls ? a->sbdispls[i] : 0, a->scounts[i],
                        sendtypes ? sendtypes[i] : a->stype));
    }
fn_fail:
    return rc;
}

int hmpi__nbr_check_recv(const char *fn, const hmpi__nbr_args *a, int nblocks, const int *peers)
{
    int vector = a->kind == HMPI__NBR_A2AV || a->kind == HMPI__NBR_A2AW ||
                 a->kind == HMPI__NBR_AGV || a->kind == HMPI__NBR_AGW;
    int commutative = 0, rc = MPI_SUCCESS;
    const int *recvcounts = a->rcounts;
    const MPI_Datatype *recvtypes = a->rtypes;
    const char *displs = a->kind == HMPI__NBR_AGV ? "displs" : "rdispls";
    if (is_reduction(a->kind)) {
        HMPI__ERRTEST_OP(a->op, rc, fn);
        TRY(hmpi__op_check(fn, a->op, a->type));
        MPI_Op_commutative(a->op, &commutative);
        HMPI__ERRTEST(!commutative, rc, MPI_ERR_OP, fn, "argument 'op' must be commutative");
        return any_peer(nblocks, peers) ? check_buffer(fn, "recvbuf", a->recvbuf, a->count, a->type)
                                        : MPI_SUCCESS;
    }
    if (!vector) {
        HMPI__ERRTEST_COUNT(a->rcount, "recvcount", rc, fn);
        HMPI__ERRTEST_DATATYPE(a->rtype, "recvtype", rc, fn);
        return any_peer(nblocks, peers)
                   ? check_buffer(fn, "recvbuf", a->recvbuf, a->rcount, a->rtype)
                   : MPI_SUCCESS;
    }
    HMPI__ERRTEST(nblocks > 0 && (!a->rcounts || (!a->rdispls && !a->rbdispls)), rc, MPI_ERR_ARG,
                  fn, "argument '%s' is NULL", !a->rcounts ? "recvcounts" : displs);
    HMPI__ERRTEST((a->kind == HMPI__NBR_A2AW || a->kind == HMPI__NBR_AGW) && nblocks > 0 &&
                      !a->rtypes,
                  rc, MPI_ERR_ARG, fn, "argument 'recvtypes' is NULL");
    if (a->kind == HMPI__NBR_A2AV || a->kind == HMPI__NBR_AGV)
        HMPI__ERRTEST_DATATYPE(a->rtype, "recvtype", rc, fn);
    for (int slot = 0; slot < nblocks; slot++) {
        int i = slot ^ a->swap_pairs;
        if (peers[slot] == MPI_PROC_NULL)
            continue;
        ERRTEST_BLOCK(recvcounts, recvtypes, i, rc, fn);
        TRY(check_block(fn, "recvbuf", a->recvbuf, a->rbdispls ? a->rbdispls[i] : 0, a->rcounts[i],
                        recvtypes ? recvtypes[i] : a->rtype));
    }
fn_fail:
    return rc;
}

/* ---- blocks ------------------------------------------------------------ */

hmpi__iso_block hmpi__nbr_send_block(const hmpi__nbr_args *a, int i)
{
    const char *base = a->sendbuf;
    switch (a->kind) {
    case HMPI__NBR_A2A:
        return (hmpi__iso_block){(char *)base + (MPI_Aint)i * a->scount * extent_of(a->stype),
                                 a->scount, a->stype};
    case HMPI__NBR_A2AV:
        return (hmpi__iso_block){(char *)base + (MPI_Aint)a->sdispls[i] * extent_of(a->stype),
                                 a->scounts[i], a->stype};
    case HMPI__NBR_A2AW:
    case HMPI__NBR_SRED:
        return (hmpi__iso_block){(char *)base + a->sbdispls[i], a->scounts[i], a->stypes[i]};
    case HMPI__NBR_RED:
        return (hmpi__iso_block){(char *)base, a->count, a->type};
    default: /* allgathers */
        return (hmpi__iso_block){(char *)base, a->scount, a->stype};
    }
}

hmpi__iso_block hmpi__nbr_recv_block(const hmpi__nbr_args *a, int i)
{
    char *base = a->recvbuf;
    switch (a->kind) {
    case HMPI__NBR_A2A:
    case HMPI__NBR_AG:
        return (hmpi__iso_block){base + (MPI_Aint)i * a->rcount * extent_of(a->rtype), a->rcount,
                                 a->rtype};
    case HMPI__NBR_A2AV:
    case HMPI__NBR_AGV:
        return (hmpi__iso_block){base + (MPI_Aint)a->rdispls[i] * extent_of(a->rtype),
                                 a->rcounts[i], a->rtype};
    default: /* w variants; reductions receive into scratch (set later) */
        return is_reduction(a->kind)
                   ? (hmpi__iso_block){NULL, a->count, a->type}
                   : (hmpi__iso_block){base + a->rbdispls[i], a->rcounts[i], a->rtypes[i]};
    }
}

static int block_bytes(const hmpi__iso_block *b)
{
    int size = 0;
    if (b->count > 0)
        MPI_Type_size(b->type, &size);
    return b->count * size;
}

/* The blocks of both sides; reductions get one scratch vector per source. */
static int describe(hmpi__iso_plan *p, const hmpi__nbr_args *a)
{
    const hmpi__iso *n = p->n;
    static const hmpi__iso_block none = {NULL, 0, MPI_BYTE};
    char *slots = NULL;
    if (is_reduction(a->kind) && n->indegree > 0 &&
        !(slots = hmpi__sched_scratch(p->s, n->s * a->count, a->type)))
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n->s; i++) {
        p->send[i] = n->targets[i] != MPI_PROC_NULL ? hmpi__nbr_send_block(a, i) : none;
        p->recv[i] =
            n->sources[i] != MPI_PROC_NULL ? hmpi__nbr_recv_block(a, i ^ a->swap_pairs) : none;
        if (slots && n->sources[i] != MPI_PROC_NULL)
            p->recv[i].addr = slots + (MPI_Aint)i * a->count * extent_of(a->type);
        p->bytes[i] = n->sources[i] != MPI_PROC_NULL   ? block_bytes(&p->recv[i])
                      : n->targets[i] != MPI_PROC_NULL ? block_bytes(&p->send[i])
                                                       : -1;
        if (regular(a->kind)) { /* the same everywhere, by the arguments */
            hmpi__iso_block b = is_reduction(a->kind)
                                    ? (hmpi__iso_block){NULL, a->count, a->type}
                                    : (hmpi__iso_block){NULL, a->rcount, a->rtype};
            p->bytes[i] = block_bytes(&b);
        }
    }
    return MPI_SUCCESS;
}

/* Irregular variants forward blocks through processes that may not know
 * their size: agree on it (one allreduce); *uniform = 0 when some block's
 * size differs between processes. */
static int agree_sizes(hmpi__iso_plan *p, int *uniform)
{
    int s = p->n->s;
    long *mine = HMPI__ALLOC(long, 3 * (size_t)s), *lo = mine + s, *hi = lo + s;
    if (!mine)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < s; i++)
        mine[i] = p->bytes[i] >= 0 ? p->bytes[i] : HMPI__NO_VALUE;
    int rc = hmpi__allreduce_range(p->comm, s, mine, lo, hi);
    *uniform = 1;
    for (int i = 0; rc == MPI_SUCCESS && i < s; i++) {
        if (hi[i] != HMPI__NO_VALUE && lo[i] != hi[i])
            *uniform = 0;
        p->bytes[i] = hi[i] > 0 ? (int)hi[i] : 0;
    }
    free(mine);
    return rc;
}

/* ---- algorithm choice -------------------------------------------------- */

/* Where this process's node is in the grid, so that a round can be charged
 * with all the messages that leave a node through its one link. */
typedef struct placement {
    const int *machine; /* [p]: node of each grid rank */
    int *members;       /* the grid ranks on this process's node */
    int nmembers;
    int *coords, *delta; /* [ndims] each, scratch */
} placement;

/* Row-major coordinates of grid rank r (the Cartesian communicator's order). */
static void grid_coords(const hmpi__iso *n, int r, int *coords)
{
    for (int d = n->ndims - 1; d >= 0; d--) {
        coords[d] = r % n->dims[d];
        r /= n->dims[d];
    }
}

/* Every process sends one message along delta: those leaving this node. */
static int leaving(const hmpi__iso *n, const placement *pl, const int *delta)
{
    int count = 0;
    for (int k = 0; k < pl->nmembers; k++) {
        int r = pl->members[k];
        grid_coords(n, r, pl->coords);
        int t = hmpi__iso_rank_at(n, pl->coords, delta, 1);
        count += t != MPI_PROC_NULL && pl->machine[t] != pl->machine[r];
    }
    return count;
}

/* Direct's messages leaving this node: one per block that moves. */
static int direct_leaving(const hmpi__iso *n, const hmpi__iso_route *dim, const placement *pl)
{
    int count = 0;
    for (int i = 0; i < n->s; i++)
        if (dim->hops[i] > 0)
            count += leaving(n, pl, n->offsets + (size_t)i * n->ndims);
    return count;
}

/* Does block i take a step in this phase that no earlier block takes? */
static int first_step(const int *step, int i)
{
    for (int j = 0; j < i; j++)
        if (step[j] == step[i])
            return 0;
    return step[i] != 0;
}

/* A combining route's messages leaving this node, per phase: one per
 * distinct step along the phase's dimension. */
static void routed_leaving(const hmpi__iso *n, const hmpi__iso_route *r, const placement *pl,
                           int *out)
{
    for (int ph = 0; ph < r->nphases; ph++) {
        const int *step = r->step + (size_t)ph * n->s;
        out[ph] = 0;
        for (int i = 0; i < n->s; i++)
            if (first_step(step, i)) {
                memset(pl->delta, 0, (size_t)n->ndims * sizeof *pl->delta);
                pl->delta[r->dim[ph]] = step[i];
                out[ph] += leaving(n, pl, pl->delta);
            }
    }
}

/* A round: each process sends k messages of b bytes on average, the busiest
 * node `busiest` of them through its link to the network. */
static double round_cost(const hmpi__cost_model *m, int k, int busiest, double b)
{
    double local = hmpi__cost_round(m, HMPI__LEVEL_NODE, k, b);
    double net = hmpi__cost_round(m, HMPI__LEVEL_NETWORK, busiest, b);
    return net > local ? net : local;
}

/* Direct: one message per block that moves, ports at a time. */
static double direct_cost(const hmpi__cost_model *m, const hmpi__iso_plan *p,
                          const hmpi__iso_route *dim, int busiest)
{
    const hmpi__iso *n = p->n;
    double bytes = 0;
    int k = 0;
    for (int i = 0; i < n->s; i++)
        if (dim->hops[i] > 0) {
            bytes += p->bytes[i] > 0 ? p->bytes[i] : 0;
            k++;
        }
    if (k == 0)
        return 0;
    int rounds = p->ports > 0 ? (k + p->ports - 1) / p->ports : 1;
    return rounds *
           round_cost(m, (k + rounds - 1) / rounds, (busiest + rounds - 1) / rounds, bytes / k);
}

/* Combining: per phase, one message per distinct step, carrying the blocks
 * that take it. */
static double routed_cost(const hmpi__cost_model *m, const hmpi__iso_plan *p,
                          const hmpi__iso_route *r, const int *busiest)
{
    const hmpi__iso *n = p->n;
    double t = 0;
    for (int ph = 0; ph < r->nphases; ph++) {
        const int *step = r->step + (size_t)ph * n->s;
        double bytes = 0;
        int k = 0;
        for (int i = 0; i < n->s; i++) {
            bytes += step[i] != 0 && p->bytes[i] > 0 ? p->bytes[i] : 0;
            k += first_step(step, i);
        }
        if (k > 0)
            t += round_cost(m, k, busiest[ph], bytes / k);
    }
    return t;
}

/* The grid ranks on this process's node, from comm's locality (collective
 * the first time on comm: one allgather). */
static int place(const char *fn, MPI_Comm comm, const hmpi__iso *n, placement *pl)
{
    hmpi__commloc *cl;
    int rc = hmpi__commloc_ensure(comm, 1, fn, &cl), nodes, rank;
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_rank(comm, &rank);
    const hmpi__loctable *t = cl->table;
    pl->machine = hmpi__loctable_machines(cl->table, &nodes);
    pl->members = HMPI__ALLOC(int, (size_t)t->n + 2 * (size_t)n->ndims);
    if (!pl->machine || !pl->members) {
        free(pl->members);
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    }
    for (int r = 0; r < t->n; r++)
        if (pl->machine[r] == pl->machine[rank])
            pl->members[pl->nmembers++] = r;
    pl->coords = pl->members + pl->nmembers;
    pl->delta = pl->coords + n->ndims;
    return MPI_SUCCESS;
}

/* The busiest node's leaving messages, per round of each algorithm: direct
 * first, then the phases of dim and of log (one allreduce). */
static int busiest_nodes(const char *fn, MPI_Comm comm, const hmpi__iso_plan *p,
                         const hmpi__iso_route *dim, const hmpi__iso_route *log, int *busiest)
{
    placement pl = {0};
    int rc = place(fn, comm, p->n, &pl);
    if (rc != MPI_SUCCESS)
        return rc;
    busiest[0] = direct_leaving(p->n, dim, &pl);
    routed_leaving(p->n, dim, &pl, busiest + 1);
    routed_leaving(p->n, log, &pl, busiest + 1 + dim->nphases);
    free(pl.members);
    return HMPI__MPI(Allreduce)(MPI_IN_PLACE, busiest, 1 + dim->nphases + log->nphases, MPI_INT,
                                MPI_MAX, p->comm);
}

/* The algorithm for this call: the requested one, or the cheapest. Every
 * input is identical on all processes (the neighbourhood, agreed sizes). */
static int choose(const char *fn, MPI_Comm comm, hmpi__iso_plan *p, const hmpi__nbr_args *a,
                  int alg, const hmpi__iso_route **route)
{
    hmpi__iso *n = p->n;
    const hmpi__iso_route *dim = hmpi__iso_route_get(n, HMPI__ISO_DIMENSIONAL);
    const hmpi__iso_route *log = hmpi__iso_route_get(n, HMPI__ISO_LOGARITHMIC);
    int uniform = 1, rc;
    *route = NULL;
    if (!dim || !log)
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    if (alg == HMPI__ISO_DIRECT)
        return MPI_SUCCESS;
    int fewer = dim->messages < n->s || log->messages < n->s;
    if (alg == HMPI__ISO_AUTO && !fewer)
        return MPI_SUCCESS; /* combining saves no message */
    if (!regular(a->kind) && (rc = agree_sizes(p, &uniform)) != MPI_SUCCESS)
        return rc;
    if (!uniform) {
        if (alg == HMPI__ISO_AUTO)
            return MPI_SUCCESS;
        return hmpi__error_code(MPI_ERR_ARG, fn,
                                "algorithm '%s' needs block i to have the same size on every "
                                "process",
                                hmpi__config_name(HMPI__CFG_ISO_ALGORITHM, alg));
    }
    if (alg == HMPI__ISO_DIMENSIONAL || alg == HMPI__ISO_LOGARITHMIC) {
        *route = alg == HMPI__ISO_DIMENSIONAL ? dim : log;
        return MPI_SUCCESS;
    }
    hmpi__cost_model m;
    int *busiest = HMPI__ALLOC(int, 1 + (size_t)dim->nphases + (size_t)log->nphases);
    if (!busiest)
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    if ((rc = hmpi__commloc_cost_model(comm, fn, &m)) == MPI_SUCCESS &&
        (rc = busiest_nodes(fn, comm, p, dim, log, busiest)) == MPI_SUCCESS) {
        double c_direct = direct_cost(&m, p, dim, busiest[0]);
        double c_dim = routed_cost(&m, p, dim, busiest + 1);
        double c_log = routed_cost(&m, p, log, busiest + 1 + dim->nphases);
        if (c_dim < c_direct && c_dim <= c_log)
            *route = dim;
        else if (c_log < c_direct)
            *route = log;
    }
    free(busiest);
    return rc;
}

/* ---- building and running ---------------------------------------------- */

/* Reductions: combine the vectors of the actual sources into recvbuf. */
static int reduce_sources(hmpi__iso_plan *p, const hmpi__nbr_args *a)
{
    int first = 1;
    TRY(hmpi__sched_round(p->s));
    for (int i = 0; i < p->n->s; i++) {
        if (p->n->sources[i] == MPI_PROC_NULL)
            continue;
        if (first)
            TRY(hmpi__sched_copy(p->s, p->recv[i].addr, a->count, a->type, a->recvbuf, a->count,
                                 a->type));
        else
            TRY(hmpi__sched_reduce(p->s, p->recv[i].addr, a->recvbuf, a->count, a->type, a->op));
        first = 0;
    }
    return MPI_SUCCESS;
}

/* The schedule of the chosen algorithm, wrapped in a request. */
static int build(const hmpi__entry *e, void **op)
{
    const hmpi__nbr_args *a = e->args;
    hmpi__iso *n = a->n;
    hmpi__iso_plan p = {.n = n};
    const hmpi__iso_route *route = NULL;
    hmpi__cfg_value alg, ports;
    int rc;
    if ((rc = hmpi__config_get(HMPI__CFG_ISO_ALGORITHM, e->info, e->fn, &alg)) ||
        (rc = hmpi__config_get(HMPI__CFG_ISO_PORTS, e->info, e->fn, &ports)) ||
        (rc = hmpi__comm_private_tag(e->comm, &p.comm, &p.tag)))
        return rc;
    p.ports = ports.number;
    p.s = hmpi__sched_create(p.comm);
    p.send = HMPI__ALLOC(hmpi__iso_block, 2 * (size_t)n->s);
    p.bytes = HMPI__ALLOC(int, n->s);
    if (!p.s || !p.send || !p.bytes || (p.recv = p.send + n->s, describe(&p, a))) {
        rc = hmpi__error_code(MPI_ERR_NO_MEM, e->fn, "out of memory");
        goto fn_fail;
    }
    if ((rc = choose(e->fn, e->comm, &p, a, alg.number, &route)) != MPI_SUCCESS)
        goto fn_fail;
    rc = route ? hmpi__iso_routed(&p, route) : hmpi__iso_direct(&p);
    if (rc == MPI_SUCCESS && is_reduction(a->kind))
        rc = reduce_sources(&p, a);
    if (rc != MPI_SUCCESS)
        goto fn_fail;
    free(p.send);
    free(p.bytes);
    return hmpi__request_create(p.s, e->form == HMPI__FORM_PERSISTENT, e->comm, e->fn,
                                (HMPI_Request *)op);
fn_fail:
    hmpi__sched_free(p.s);
    free(p.send);
    free(p.bytes);
    return rc;
}

/* The pipeline's local checks: a neighbourhood, then both sides. */
static int check_args(const hmpi__entry *e)
{
    const hmpi__nbr_args *a = e->args;
    int rc = MPI_SUCCESS;
    HMPI__ERRTEST(!a->n, rc, MPI_ERR_TOPOLOGY, e->fn,
                  "the communicator has no isomorphic neighbourhood "
                  "(HMPI_Iso_neighborhood_create)");
    if ((rc = hmpi__nbr_check_send(e->fn, a, a->n->s, a->n->targets)) == MPI_SUCCESS)
        rc = hmpi__nbr_check_recv(e->fn, a, a->n->s, a->n->sources);
fn_fail:
    return rc;
}

/* HMPI_CHECK=1: the same collective on the same neighbourhood everywhere,
 * and regular block sizes that agree. */
static int agreement(const hmpi__entry *e, hmpi__agree_item items[HMPI__AGREE_MAX])
{
    const hmpi__nbr_args *a = e->args;
    int size = 0;
    long bytes = HMPI__NO_VALUE;
    if (a->kind == HMPI__NBR_A2A || a->kind == HMPI__NBR_AG) {
        MPI_Type_size(a->rtype, &size);
        bytes = (long)a->rcount * size;
    } else if (is_reduction(a->kind)) {
        MPI_Type_size(a->type, &size);
        bytes = (long)a->count * size;
    }
    items[0] = (hmpi__agree_item){a->kind, "collective", MPI_ERR_ARG, NULL};
    items[1] = (hmpi__agree_item){hmpi__hash_int(a->n->hash), "neighbourhood fingerprint",
                                  MPI_ERR_TOPOLOGY, NULL};
    items[2] = (hmpi__agree_item){bytes, "bytes per block", MPI_ERR_ARG, NULL};
    return 3;
}

static const hmpi__entry_ops iso_ops = {"isocomm", NULL,  check_args,
                                        agreement, build, hmpi__request_launch_op};
/* MPI's Cartesian neighbourhood collectives (the only ones that swap pairs) */
static const hmpi__entry_ops cart_ops = {"comm",    NULL,  check_args,
                                         agreement, build, hmpi__request_launch_op};

int hmpi__iso_entry(MPI_Comm comm, const char *fn, hmpi__nbr_args *a, MPI_Info info, int form,
                    HMPI_Request *request)
{
    hmpi__entry e = {a->swap_pairs ? &cart_ops : &iso_ops, fn, comm, form, request, info, a, 0};
    return hmpi__entry_run(&e);
}

/* ---- the public functions ---------------------------------------------- */

static int entry(MPI_Comm comm, const char *fn, hmpi__nbr_args *a, MPI_Info info, int form,
                 HMPI_Request *request)
{
    a->n = hmpi__iso_find(comm);
    return hmpi__iso_entry(comm, fn, a, info, form, request);
}

#define AGW_ARGS                                                                                   \
    HMPI__NBR_ARGS(HMPI__NBR_AGW, .sendbuf = sendbuf, .scount = sendcount, .stype = sendtype,      \
                   .recvbuf = recvbuf, .rcounts = recvcounts, .rbdispls = rdispls,                 \
                   .rtypes = recvtypes)
#define RED_ARGS                                                                                   \
    HMPI__NBR_ARGS(HMPI__NBR_RED, .sendbuf = sendbuf, .recvbuf = recvbuf, .count = count,          \
                   .type = datatype, .op = op)
#define SRED_ARGS                                                                                  \
    HMPI__NBR_ARGS(HMPI__NBR_SRED, .sendbuf = sendbuf, .scounts = sendcounts, .sbdispls = sdispls, \
                   .stypes = sendtypes, .recvbuf = recvbuf, .count = count, .type = datatype,      \
                   .op = op)

/* Argument lists of the collectives only hmpi has (spelled out in hmpi.h). */
#define ISO_AGW_SIG                                                                                \
    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                      \
        const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],          \
        MPI_Comm comm
#define ISO_AGW_PASS sendbuf, sendcount, sendtype, recvbuf, recvcounts, rdispls, recvtypes, comm
#define ISO_RED_SIG                                                                                \
    const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm
#define ISO_RED_PASS sendbuf, recvbuf, count, datatype, op, comm
#define ISO_SRED_SIG                                                                               \
    const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],                         \
        const MPI_Datatype sendtypes[], void *recvbuf, int count, MPI_Datatype datatype,           \
        MPI_Op op, MPI_Comm comm
#define ISO_SRED_PASS sendbuf, sendcounts, sdispls, sendtypes, recvbuf, count, datatype, op, comm

/* Each collective's internal entry (iso_<name>) and its three public forms
 * (HMPI_Iso_neighbor_<name>, HMPI_Iso_ineighbor_<name>, ..._init). */
#define ISO_COLLECTIVE(name, SIG, PASS, ARGS)                                                      \
    static int iso_##name(const char *fn, int form, SIG, MPI_Info info, HMPI_Request *request)     \
    {                                                                                              \
        ARGS;                                                                                      \
        return entry(comm, fn, &a, info, form, request);                                           \
    }                                                                                              \
    HMPI__THREE_FORMS(HMPI_Iso_neighbor_##name, HMPI_Iso_ineighbor_##name, iso_##name, (SIG),      \
                      (PASS))

ISO_COLLECTIVE(alltoall, HMPI__SIG_ALL(comm), HMPI__PASS_ALL, HMPI__NBR_A2A_ARGS(HMPI__NBR_A2A))
ISO_COLLECTIVE(alltoallv, HMPI__SIG_ALLTOALLV(comm), HMPI__PASS_ALLTOALLV, HMPI__NBR_A2AV_ARGS)
ISO_COLLECTIVE(alltoallw, HMPI__SIG_NEIGHBOR_ALLTOALLW(comm), HMPI__PASS_ALLTOALLW,
               HMPI__NBR_A2AW_ARGS)
ISO_COLLECTIVE(allgather, HMPI__SIG_ALL(comm), HMPI__PASS_ALL, HMPI__NBR_A2A_ARGS(HMPI__NBR_AG))
ISO_COLLECTIVE(allgatherv, HMPI__SIG_ALLGATHERV(comm), HMPI__PASS_ALLGATHERV, HMPI__NBR_AGV_ARGS)
ISO_COLLECTIVE(allgatherw, ISO_AGW_SIG, ISO_AGW_PASS, AGW_ARGS)
ISO_COLLECTIVE(reduce, ISO_RED_SIG, ISO_RED_PASS, RED_ARGS)
ISO_COLLECTIVE(scatter_reduce, ISO_SRED_SIG, ISO_SRED_PASS, SRED_ARGS)

/* ---- HMPI_Type_create_triangular --------------------------------------- */

int HMPI_Type_create_triangular(int count, int firstblock, int blockincrement, int stride,
                                int strideincrement, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    static const char fn[] = "HMPI_Type_create_triangular";
    if (count < 0)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COUNT, fn, "argument 'count' (%d) is negative",
                           count);
    if (oldtype == MPI_DATATYPE_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_TYPE, fn,
                           "argument 'oldtype' is MPI_DATATYPE_NULL");
    if (!newtype)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument 'newtype' is NULL");
    int *lens = HMPI__ALLOC(int, 2 * (size_t)count), *displs = lens + count;
    if (!lens)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_NO_MEM, fn, "out of memory");
    for (int i = 0; i < count; i++) {
        long len = (long)firstblock + (long)i * blockincrement;
        long displ = (long)i * stride + (long)strideincrement * i * (i - 1) / 2;
        if (len < 0 || len > INT32_MAX || displ < INT32_MIN || displ > INT32_MAX) {
            free(lens);
            return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn,
                               "block %d would have %ld elements at displacement %ld", i, len,
                               displ);
        }
        lens[i] = (int)len;
        displs[i] = (int)displ;
    }
    int rc = MPI_Type_indexed(count, lens, displs, oldtype, newtype);
    free(lens);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(MPI_COMM_NULL, rc);
}

/* Schedules of the isomorphic collectives, computed locally from the
 * offsets (Träff et al. 2015, §5).
 *
 * Direct: one message per neighbour, k at a time (⌈s/k⌉ rounds).
 *
 * Combining (dimensional, logarithmic): each block travels from its origin
 * o to o + C_i in hops along the dimensions — one hop per dimension
 * (dimensional), or one per power of two in each dimension (logarithmic).
 * In a phase, every process sends the blocks that move by the same step in
 * one message, to me + step, and receives the same block indices from
 * me - step: by isomorphism both ends know which blocks travel, so nothing
 * but data moves. Each coordinate of an intermediate position lies between
 * the origin's and the target's, so off a non-periodic border nothing is
 * ever routed through a missing process; a block whose origin or target is
 * missing is left out of the messages, on both ends alike.
 *
 * Blocks go straight from the user's send block (first hop) to the user's
 * receive block (last hop) through derived datatypes over absolute
 * addresses; in between they rest, packed, in one of two slots per block
 * (so a block never lands where it is being sent from). */
#include "iso/iso.h"

#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* One message of several blocks: a struct type over absolute addresses. */
static int post(hmpi__iso_plan *p, int is_send, const hmpi__iso_block *blocks, int n, int peer,
                MPI_Aint *displs, int *lens, MPI_Datatype *types)
{
    if (n == 0 || peer == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (n == 1)
        return is_send ? hmpi__sched_send(p->s, blocks[0].addr, blocks[0].count, blocks[0].type,
                                          peer, p->tag, p->comm)
                       : hmpi__sched_recv(p->s, blocks[0].addr, blocks[0].count, blocks[0].type,
                                          peer, p->tag, p->comm);
    MPI_Datatype whole;
    for (int k = 0; k < n; k++) {
        MPI_Get_address(blocks[k].addr, &displs[k]);
        lens[k] = blocks[k].count;
        types[k] = blocks[k].type;
    }
    int rc = MPI_Type_create_struct(n, lens, displs, types, &whole);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(&whole)) != MPI_SUCCESS)
        MPI_Type_free(&whole);
    if (rc == MPI_SUCCESS)
        rc = hmpi__sched_keep_type(p->s, whole);
    if (rc != MPI_SUCCESS)
        return rc;
    return is_send ? hmpi__sched_send(p->s, MPI_BOTTOM, 1, whole, peer, p->tag, p->comm)
                   : hmpi__sched_recv(p->s, MPI_BOTTOM, 1, whole, peer, p->tag, p->comm);
}

/* Self blocks (offset 0 modulo the dimensions) are local copies. */
static int copy_self(hmpi__iso_plan *p, int me)
{
    for (int i = 0; i < p->n->s; i++)
        if (p->n->targets[i] == me)
            TRY(hmpi__sched_copy(p->s, p->send[i].addr, p->send[i].count, p->send[i].type,
                                 p->recv[i].addr, p->recv[i].count, p->recv[i].type));
    return MPI_SUCCESS;
}

int hmpi__iso_direct(hmpi__iso_plan *p)
{
    const hmpi__iso *n = p->n;
    int me, k = p->ports > 0 ? p->ports : n->s;
    MPI_Comm_rank(p->comm, &me);
    TRY(copy_self(p, me));
    for (int i = 0; i < n->s; i++) {
        if (i % k == 0)
            TRY(hmpi__sched_round(p->s));
        if (n->targets[i] == me)
            continue;
        if (n->targets[i] != MPI_PROC_NULL)
            TRY(hmpi__sched_send(p->s, p->send[i].addr, p->send[i].count, p->send[i].type,
                                 n->targets[i], p->tag, p->comm));
        if (n->sources[i] != MPI_PROC_NULL)
            TRY(hmpi__sched_recv(p->s, p->recv[i].addr, p->recv[i].count, p->recv[i].type,
                                 n->sources[i], p->tag, p->comm));
    }
    return MPI_SUCCESS;
}

/* Working state of a combining schedule. */
typedef struct walk {
    const hmpi__iso *n;
    int *done;                /* [s * ndims]: how far each block has moved */
    int *hop;                 /* [s]: hops made */
    const int *hops;          /* [s]: hops in all (the route's) */
    hmpi__iso_block *at;      /* [s]: where each block rests now */
    hmpi__iso_block *slot[2]; /* [s] each: the two resting places */
    int *holder;              /* [ndims]: scratch coordinates */
} walk;

/* Do the origin and the target of the copy of block i held at `holder`
 * exist? */
static int block_valid(const walk *w, const int *holder, int i)
{
    const hmpi__iso *n = w->n;
    for (int j = 0; j < n->ndims; j++) {
        if (n->periods[j])
            continue;
        long o = (long)holder[j] - w->done[(size_t)i * n->ndims + j];
        long t = o + n->norm[(size_t)i * n->ndims + j];
        if (o < 0 || o >= n->dims[j] || t < 0 || t >= n->dims[j])
            return 0;
    }
    return 1;
}

/* Where block i lands after its next hop. */
static hmpi__iso_block landing(const hmpi__iso_plan *p, const walk *w, int i)
{
    return w->hop[i] + 1 == w->hops[i] ? p->recv[i] : w->slot[w->hop[i] % 2][i];
}

/* One message per distinct step of the phase, both ways. */
static int phase(hmpi__iso_plan *p, walk *w, int dim, const int *step, hmpi__iso_block *list,
                 MPI_Aint *displs, int *lens, MPI_Datatype *types)
{
    const hmpi__iso *n = w->n;
    int s = n->s, d = n->ndims, prev = 0;
    int *delta = w->holder + d; /* the step as a vector */
    TRY(hmpi__sched_round(p->s));
    for (;;) { /* distinct steps in increasing order: both ends post alike */
        int v = 0, found = 0;
        for (int i = 0; i < s; i++)
            if (step[i] != 0 && (prev == 0 || step[i] > prev) && (!found || step[i] < v))
                v = step[i], found = 1;
        if (!found)
            break;
        prev = v;
        memset(delta, 0, (size_t)d * sizeof *delta);
        delta[dim] = v;
        int to = hmpi__iso_rank_at(n, n->coords, delta, 1);
        int from = hmpi__iso_rank_at(n, n->coords, delta, -1);
        int k = 0;
        for (int i = 0; i < s; i++) /* what I hold that moves by v */
            if (step[i] == v && block_valid(w, n->coords, i))
                list[k++] = w->at[i];
        TRY(post(p, 1, list, k, to, displs, lens, types));
        if (from == MPI_PROC_NULL)
            continue;
        memcpy(w->holder, n->coords, (size_t)d * sizeof(int));
        w->holder[dim] -= v; /* the sender's coordinates (periodic wrap is harmless) */
        k = 0;
        for (int i = 0; i < s; i++)
            if (step[i] == v && block_valid(w, w->holder, i))
                list[k++] = landing(p, w, i);
        TRY(post(p, 0, list, k, from, displs, lens, types));
    }
    for (int i = 0; i < s; i++)
        if (step[i] != 0) {
            w->at[i] = landing(p, w, i);
            w->hop[i]++;
            w->done[(size_t)i * d + dim] += step[i];
        }
    return MPI_SUCCESS;
}

static void walk_free(walk *w)
{
    free(w->done);
    free(w->hop);
    free(w->at);
    free(w->holder);
}

static int walk_init(hmpi__iso_plan *p, const hmpi__iso_route *r, walk *w)
{
    const hmpi__iso *n = p->n;
    int s = n->s;
    memset(w, 0, sizeof *w);
    w->n = n;
    w->done = HMPI__ALLOC(int, (size_t)s * n->ndims);
    w->hop = HMPI__ALLOC(int, s);
    w->at = HMPI__ALLOC(hmpi__iso_block, 3 * (size_t)s);
    w->holder = HMPI__ALLOC(int, 2 * (size_t)n->ndims);
    if (!w->done || !w->hop || !w->at || !w->holder)
        return MPI_ERR_NO_MEM;
    w->hops = r->hops;
    w->slot[0] = w->at + s;
    w->slot[1] = w->at + 2 * (size_t)s;
    size_t total = 0;
    for (int i = 0; i < s; i++) {
        w->at[i] = p->send[i];
        if (w->hops[i] > 1)
            total += (size_t)p->bytes[i];
    }
    char *space = hmpi__sched_scratch(p->s, (int)(2 * total), MPI_BYTE);
    if (!space || 2 * total > (size_t)INT32_MAX)
        return space ? MPI_ERR_COUNT : MPI_ERR_NO_MEM;
    for (int i = 0, off = 0; i < s; i++) {
        if (w->hops[i] <= 1)
            continue;
        w->slot[0][i] = (hmpi__iso_block){space + off, p->bytes[i], MPI_PACKED};
        w->slot[1][i] = (hmpi__iso_block){space + total + off, p->bytes[i], MPI_PACKED};
        off += p->bytes[i];
    }
    return MPI_SUCCESS;
}

int hmpi__iso_routed(hmpi__iso_plan *p, const hmpi__iso_route *r)
{
    walk w;
    int me, s = p->n->s, rc;
    MPI_Comm_rank(p->comm, &me);
    hmpi__iso_block *list = HMPI__ALLOC(hmpi__iso_block, s);
    MPI_Aint *displs = HMPI__ALLOC(MPI_Aint, s);
    int *lens = HMPI__ALLOC(int, s);
    MPI_Datatype *types = HMPI__ALLOC(MPI_Datatype, s);
    rc = walk_init(p, r, &w);
    if (rc == MPI_SUCCESS && (!list || !displs || !lens || !types))
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = copy_self(p, me);
    for (int f = 0; f < r->nphases && rc == MPI_SUCCESS; f++)
        rc = phase(p, &w, r->dim[f], r->step + (size_t)f * s, list, displs, lens, types);
    walk_free(&w);
    free(list);
    free(displs);
    free(lens);
    free(types);
    return rc;
}

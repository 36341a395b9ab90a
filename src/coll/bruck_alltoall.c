/* Bruck's alltoall (Bruck et al. 1997, as MPICH runs it for small blocks):
 * ceil(log2 p) rounds for any p instead of p - 1. Every process rotates its
 * blocks into a row, block i the one for rank + i; in round k it sends the
 * blocks whose index has bit k set to rank + 2^k and receives as many from
 * rank - 2^k into the same places (through scratch: they leave in the same
 * round); at the end row[i] is the block from rank - i. Blocks travel
 * packed, so any datatype works; one indexed type per round picks them.
 * "Rank" is the position in path order, so that the near rounds stay in
 * a node on any placement; the first pack and the last unpack go through
 * one indexed type each that reorders the blocks. */
#include "coll/coll.h"
#include "coll/nodes.h"

#include <stdlib.h>

/* Blocks of B bytes at the indices of row that have `bit` set: an indexed
 * type over bytes (kept by the schedule); *n: how many. */
static int blocks_with_bit(hmpi__coll_ctx *c, int p, int B, int bit, MPI_Datatype *type, int *n)
{
    int *at = HMPI__ALLOC(int, p), rc;
    if (!at)
        return MPI_ERR_NO_MEM;
    *n = 0;
    for (int i = 0; i < p; i++)
        if (i & bit)
            at[(*n)++] = i * B;
    rc = MPI_Type_create_indexed_block(*n, B, at, MPI_BYTE, type);
    free(at);
    if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(type)) != MPI_SUCCESS)
        MPI_Type_free(type);
    return rc == MPI_SUCCESS ? hmpi__sched_keep_type(c->s, *type) : rc;
}

/* p blocks of count elements of type, block i at the place of rank
 * rank_at[(first + sign * i) mod p] in buf: one indexed type (kept). */
static int blocks_of_ranks(hmpi__coll_ctx *c, const int *rank_at, int first, int sign, int count,
                           MPI_Datatype type, MPI_Datatype *out)
{
    int p = c->size, rc, *ranks = HMPI__ALLOC(int, p);
    if (!ranks)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++)
        ranks[i] = rank_at[((first + sign * i) % p + p) % p];
    rc = hmpi__coll_ranks_type(c, ranks, p, count, type, out);
    free(ranks);
    return rc;
}

/* row[i] = the block this process sends to position me + i. */
static int rotate_in(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *rank_at, int me,
                     char *row, int B)
{
    int p = c->size, in_place = a->sendbuf == MPI_IN_PLACE;
    const void *buf = in_place ? a->recvbuf : a->sendbuf;
    int count = in_place ? a->rcount : a->scount;
    MPI_Datatype type = in_place ? a->rtype : a->stype, blocks;
    TRY(blocks_of_ranks(c, rank_at, me, 1, count, type, &blocks));
    return hmpi__sched_pack(c->s, buf, 1, blocks, row, p * B);
}

/* The block from position j is row[me - j]: into the place of its rank. */
static int rotate_out(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *rank_at, int me,
                      const char *row, int B)
{
    MPI_Datatype blocks;
    TRY(blocks_of_ranks(c, rank_at, me, -1, a->rcount, a->rtype, &blocks));
    return hmpi__sched_unpack(c->s, row, c->size * B, a->recvbuf, 1, blocks);
}

static int bruck(hmpi__coll_ctx *c, const hmpi__coll_args *a, const int *rank_at, int me)
{
    int p = c->size, tsize, n = 0;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    char *row = hmpi__sched_scratch(c->s, p * B, MPI_BYTE);
    char *incoming = hmpi__sched_scratch(c->s, (p / 2 + 1) * B, MPI_BYTE);
    MPI_Datatype picked = MPI_DATATYPE_NULL, landed = MPI_DATATYPE_NULL;
    if (!row || !incoming)
        return MPI_ERR_NO_MEM;
    TRY(rotate_in(c, a, rank_at, me, row, B));
    for (int bit = 1; bit < p; bit <<= 1) {
        TRY(hmpi__sched_round(c->s));
        if (landed != MPI_DATATYPE_NULL) /* the previous round's blocks into their places */
            TRY(hmpi__sched_copy(c->s, incoming, n * B, MPI_BYTE, row, 1, landed));
        TRY(blocks_with_bit(c, p, B, bit, &picked, &n));
        TRY(coll_send(c, row, 1, picked, rank_at[(me + bit) % p]));
        TRY(coll_recv(c, incoming, n * B, MPI_BYTE, rank_at[(me - bit + p) % p]));
        landed = picked;
    }
    TRY(hmpi__sched_round(c->s));
    if (landed != MPI_DATATYPE_NULL)
        TRY(hmpi__sched_copy(c->s, incoming, n * B, MPI_BYTE, row, 1, landed));
    return rotate_out(c, a, rank_at, me, row, B);
}

int hmpi__alltoall_bruck(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return hmpi__nodes_build_at_positions(c, a, 1, bruck);
}

/* Round k moves the blocks with bit k set (about half of them) between
 * every process and the one 2^k positions away (path order: nodes
 * consecutive). */
double hmpi__cost_alltoall_bruck(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__coll_ctx in_path_order = *c;
    double block = hmpi__coll_block_bytes(c, a), t = 0;
    in_path_order.ordered_nodes = 1;
    c = &in_path_order;
    for (int bit = 1; bit < c->size; bit <<= 1) {
        int tail = c->size % (2 * bit); /* indices in [0, p) with bit set */
        int moved = c->size / (2 * bit) * bit + (tail > bit ? tail - bit : 0);
        t += hmpi__cost_exchange_at(c, bit, moved * block);
    }
    return t;
}

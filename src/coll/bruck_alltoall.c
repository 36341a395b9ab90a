/* Bruck's alltoall (Bruck et al. 1997, as MPICH runs it for small blocks):
 * ceil(log2 p) rounds for any p instead of p - 1. Every process rotates its
 * blocks into a row, block i the one for rank + i; in round k it sends the
 * blocks whose index has bit k set to rank + 2^k and receives as many from
 * rank - 2^k into the same places (through scratch: they leave in the same
 * round); at the end row[i] is the block from rank - i. Blocks travel
 * packed, so any datatype works; one indexed type per round picks them. */
#include "coll/coll.h"

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

/* row[i] = the block this process sends to rank me + i: two runs of the
 * send buffer, from block me to the end, then from 0. */
static int rotate_in(hmpi__coll_ctx *c, const hmpi__coll_args *a, char *row, int B)
{
    int p = c->size, me = c->rank, in_place = a->sendbuf == MPI_IN_PLACE;
    const void *buf = in_place ? a->recvbuf : a->sendbuf;
    int count = in_place ? a->rcount : a->scount;
    MPI_Datatype type = in_place ? a->rtype : a->stype;
    TRY(hmpi__sched_pack(c->s, hmpi__block(buf, me, count, type), (p - me) * count, type, row,
                         (p - me) * B));
    return me == 0
               ? MPI_SUCCESS
               : hmpi__sched_pack(c->s, buf, me * count, type, row + (size_t)(p - me) * B, me * B);
}

int hmpi__alltoall_bruck(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int p = c->size, me = c->rank, tsize, n = 0;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    char *row = hmpi__sched_scratch(c->s, p * B, MPI_BYTE);
    char *incoming = hmpi__sched_scratch(c->s, (p / 2 + 1) * B, MPI_BYTE);
    MPI_Datatype picked = MPI_DATATYPE_NULL, landed = MPI_DATATYPE_NULL;
    if (!row || !incoming)
        return MPI_ERR_NO_MEM;
    TRY(rotate_in(c, a, row, B));
    for (int bit = 1; bit < p; bit <<= 1) {
        TRY(hmpi__sched_round(c->s));
        if (landed != MPI_DATATYPE_NULL) /* the previous round's blocks into their places */
            TRY(hmpi__sched_copy(c->s, incoming, n * B, MPI_BYTE, row, 1, landed));
        TRY(blocks_with_bit(c, p, B, bit, &picked, &n));
        TRY(coll_send(c, row, 1, picked, (me + bit) % p));
        TRY(coll_recv(c, incoming, n * B, MPI_BYTE, (me - bit + p) % p));
        landed = picked;
    }
    TRY(hmpi__sched_round(c->s));
    if (landed != MPI_DATATYPE_NULL)
        TRY(hmpi__sched_copy(c->s, incoming, n * B, MPI_BYTE, row, 1, landed));
    for (int j = 0; j < p; j++) /* the block from rank j is row[me - j] */
        TRY(hmpi__sched_unpack(c->s, row + (size_t)((me - j + p) % p) * B, B,
                               hmpi__block(a->recvbuf, j, a->rcount, a->rtype), a->rcount,
                               a->rtype));
    return MPI_SUCCESS;
}

/* Round k moves the blocks with bit k set (about half of them) between
 * every process and the one 2^k ranks away. */
double hmpi__cost_alltoall_bruck(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double block = hmpi__coll_block_bytes(c, a), t = 0;
    for (int bit = 1; bit < c->size; bit <<= 1) {
        int tail = c->size % (2 * bit); /* indices in [0, p) with bit set */
        int moved = c->size / (2 * bit) * bit + (tail > bit ? tail - bit : 0);
        t += hmpi__cost_exchange_at(c, bit, moved * block);
    }
    return t;
}

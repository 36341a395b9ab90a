/* Bruck's allgather (Bruck, Ho, Kipnis, Upfal, Weathersby, "Efficient
 * algorithms for all-to-all communications in multiport message-passing
 * systems", 1997): ceil(log2 p) rounds for any p. In round k every process
 * sends the blocks it holds, its own and those of the next 2^k - 1 ranks
 * (fewer in the last round), to rank - 2^k and receives as many from
 * rank + 2^k; it then holds the blocks of rank, rank + 1, ... in a row of
 * scratch, and a local rotation puts them in place. Latency-optimal for
 * small blocks; every message is prepared at init. */
#include "coll/coll.h"

/* Where this process's own block is, and as what. */
static void own_block(const hmpi__coll_args *a, int rank, const void **buf, int *count,
                      MPI_Datatype *type)
{
    int in_place = a->sendbuf == MPI_IN_PLACE;
    *buf = in_place ? hmpi__block(a->recvbuf, rank, a->rcount, a->rtype) : a->sendbuf;
    *count = in_place ? a->rcount : a->scount;
    *type = in_place ? a->rtype : a->stype;
}

int hmpi__allgather_bruck(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    int p = c->size, me = c->rank, tsize, count;
    const void *own;
    MPI_Datatype type;
    MPI_Type_size(a->rtype, &tsize);
    int B = a->rcount * tsize;
    char *row = hmpi__sched_scratch(c->s, p * B, MPI_BYTE);
    if (!row)
        return MPI_ERR_NO_MEM;
    own_block(a, me, &own, &count, &type);
    TRY(hmpi__sched_pack(c->s, own, count, type, row, B));
    for (int have = 1; have < p; have *= 2) {
        int n = have < p - have ? have : p - have;
        TRY(hmpi__sched_round(c->s));
        TRY(coll_send(c, row, n * B, MPI_PACKED, (me - have + p) % p));
        TRY(coll_recv(c, row + (size_t)have * B, n * B, MPI_PACKED, (me + have) % p));
    }
    TRY(hmpi__sched_round(c->s));
    for (int i = 0; i < p; i++) { /* row[i] is the block of rank me + i */
        int from = (me + i) % p;
        if (from != me || a->sendbuf != MPI_IN_PLACE)
            TRY(hmpi__sched_unpack(c->s, row + (size_t)i * B, B,
                                   hmpi__block(a->recvbuf, from, a->rcount, a->rtype), a->rcount,
                                   a->rtype));
    }
    return MPI_SUCCESS;
}

/* Round k moves min(2^k, p - 2^k) blocks between every process and the one
 * 2^k ranks away. */
double hmpi__cost_bruck(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    double block = hmpi__coll_block_bytes(c, a), t = 0;
    for (int have = 1; have < c->size; have *= 2)
        t += hmpi__cost_exchange_at(c, have,
                                    block * (have < c->size - have ? have : c->size - have));
    return t;
}

/* The collectives of ranks that share one node's memory, through a segment
 * of it (src/shm; doc/collectives.md, "The node's shared memory"): data is
 * copied in by its owner and out by its readers, in pieces of one buffer
 * (half a rank's slot) that pipeline through the slot's two buffers;
 * reductions are shared, each rank combining a slice of every rank's input
 * in rank order (non-commutative ops too), or, for small vectors, each the
 * whole. No message at all: flags say what is there.
 *
 * Data moves as bytes: a datatype that is not one contiguous block is
 * packed into scratch first (or unpacked from it at the end); reductions
 * need a contiguous one (HMPI__NEEDS_SEGMENT). */
#include "coll/coll.h"

/* Radix of the barrier's fan-in. */
#define FAN_IN 8
/* A reduction whose every rank combines at most this many bytes of the
 * others' inputs does so whole, in one generation, rather than by slices. */
#define WHOLE_BYTES 8192

/* ---- data as bytes ---------------------------------------------------------- */

/* The bytes of count elements of type at buf: buf itself when contiguous,
 * else scratch of the schedule, packed from buf now (load: an input, or an
 * output whose own part is already there) and unpacked into it at the end. */
typedef struct bytes_view {
    char *at;
    size_t n;
    const void *user;
    int count, packed;
    MPI_Datatype type;
} bytes_view;

static int view(hmpi__coll_ctx *c, const void *buf, int count, MPI_Datatype type, int load,
                bytes_view *v)
{
    int size, packsize;
    *v = (bytes_view){(char *)buf, 0, buf, count, 0, type};
    if (hmpi__type_is_contiguous(type, count, &v->n))
        return MPI_SUCCESS;
    MPI_Type_size(type, &size);
    MPI_Pack_size(count, type, MPI_COMM_SELF, &packsize);
    v->n = (size_t)count * (size_t)size;
    v->packed = 1;
    if (!(v->at = hmpi__sched_alloc(c->s, (size_t)packsize)))
        return MPI_ERR_NO_MEM;
    return load ? hmpi__sched_pack(c->s, buf, count, type, v->at, packsize) : MPI_SUCCESS;
}

/* The view's bytes back into the user's buffer: the schedule's last step. */
static int unview(hmpi__coll_ctx *c, const bytes_view *v)
{
    return v->packed
               ? hmpi__sched_unpack(c->s, v->at, (int)v->n, (void *)v->user, v->count, v->type)
               : MPI_SUCCESS;
}

/* A local copy of bytes, in the schedule. */
static int copy_bytes(hmpi__coll_ctx *c, const char *src, char *dst, size_t n)
{
    return n ? hmpi__sched_copy(c->s, src, (int)n, MPI_BYTE, dst, (int)n, MPI_BYTE) : MPI_SUCCESS;
}

/* The schedule's channel: its shared-memory steps begin. */
static int begin(hmpi__coll_ctx *c, hmpi__shm_op **op)
{
    c->shm_taken = 1;
    return hmpi__shm_op_begin(c->s, c->shm, op);
}

static size_t pieces_of(size_t n, size_t piece)
{
    return (n + piece - 1) / piece;
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* ---- barrier and bcast --------------------------------------------------- */

/* Up to FAN_IN ranks: each says it is there and waits for all the others
 * (one flag's trip). More: each waits for its children of a FAN_IN-ary
 * tree, then says it is there; rank 0, there last, releases everyone. */
int hmpi__barrier_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    int first = c->rank * FAN_IN + 1, n = c->size - first;
    (void)a;
    TRY(begin(c, &op));
    if (c->size <= FAN_IN) {
        TRY(hmpi__shm_publish(c->s, op, 0));
        TRY(hmpi__shm_wait(c->s, op, 0, 0, c->size));
        return hmpi__shm_ack(c->s, op, 0);
    }
    TRY(hmpi__shm_wait(c->s, op, 0, first, n < 0 ? 0 : n < FAN_IN ? n : FAN_IN));
    TRY(hmpi__shm_publish(c->s, op, 0));
    if (c->rank != 0)
        TRY(hmpi__shm_wait(c->s, op, 0, 0, 1));
    return hmpi__shm_ack(c->s, op, 0);
}

/* The root copies each piece into its slot; the others copy it out. */
int hmpi__bcast_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view v;
    int root = a->root, is_root = c->rank == root;
    size_t piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(begin(c, &op));
    TRY(view(c, a->recvbuf, a->rcount, a->rtype, is_root, &v));
    for (size_t p = 0, off = 0; off < v.n; p++, off += piece) {
        size_t len = min_size(piece, v.n - off);
        if (is_root) {
            TRY(hmpi__shm_put(c->s, op, (int)p, v.at + off, len, root, 0));
            TRY(hmpi__shm_publish(c->s, op, (int)p));
        } else
            TRY(hmpi__shm_get_from(c->s, op, (int)p, root, root, 0, v.at + off, len));
        TRY(hmpi__shm_ack(c->s, op, (int)p));
    }
    return is_root ? MPI_SUCCESS : unview(c, &v);
}

/* ---- reductions ------------------------------------------------------------ */

static int type_bytes(MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return size;
}

/* Elements [lo, hi) of n of the slice of rank r among size ranks. */
static void slice(int n, int r, int size, int *lo, int *hi)
{
    *lo = (int)((long)n * r / size);
    *hi = (int)((long)n * (r + 1) / size);
}

/* Does every rank combine the whole vector (else a slice each)? */
static int reduces_whole(const hmpi__coll_ctx *c, double bytes)
{
    return bytes * (c->size - 1) <= WHOLE_BYTES;
}

/* One piece of count elements at `in`: every rank combines all of it into
 * out (to_all; else the root only). Generation gen. */
static int reduce_piece_whole(hmpi__coll_ctx *c, hmpi__shm_op *op, const hmpi__coll_args *a,
                              int gen, const char *in, char *out, int count, int to_all)
{
    size_t bytes = (size_t)count * (size_t)type_bytes(a->rtype);
    TRY(hmpi__shm_put(c->s, op, gen, in, bytes, c->rank, 0));
    TRY(hmpi__shm_publish(c->s, op, gen));
    if (to_all || c->rank == a->root)
        TRY(hmpi__shm_reduce(c->s, op, gen, c->size, 0, count, a->rtype, a->op, NULL, out, 0));
    return hmpi__shm_ack(c->s, op, gen);
}

/* One piece: each rank copies in the others' slices of its input and
 * combines its own slice of every input (its own from its buffer) into its
 * slot (generation gen), then every rank (to_all; else the root) copies
 * every slice out (gen + 1). */
static int reduce_piece_sliced(hmpi__coll_ctx *c, hmpi__shm_op *op, const hmpi__coll_args *a,
                               int gen, const char *in, char *out, int count, int to_all)
{
    size_t esize = (size_t)type_bytes(a->rtype), lo_bytes, hi_bytes;
    int lo, hi;
    slice(count, c->rank, c->size, &lo, &hi);
    lo_bytes = (size_t)lo * esize, hi_bytes = (size_t)hi * esize;
    TRY(hmpi__shm_put(c->s, op, gen, in, lo_bytes, c->rank, 0));
    TRY(hmpi__shm_put(c->s, op, gen, in + hi_bytes, (size_t)count * esize - hi_bytes, c->rank,
                      hi_bytes));
    TRY(hmpi__shm_publish(c->s, op, gen));
    TRY(hmpi__shm_reduce(c->s, op, gen, c->size, lo_bytes, hi - lo, a->rtype, a->op, in + lo_bytes,
                         NULL, gen + 1));
    TRY(hmpi__shm_ack(c->s, op, gen));
    TRY(hmpi__shm_publish(c->s, op, gen + 1));
    for (int r = 0; (to_all || c->rank == a->root) && r < c->size; r++) {
        slice(count, r, c->size, &lo, &hi);
        TRY(hmpi__shm_get_from(c->s, op, gen + 1, r, r, (size_t)lo * esize,
                               out + (size_t)lo * esize, (size_t)(hi - lo) * esize));
    }
    return hmpi__shm_ack(c->s, op, gen + 1);
}

static int reduce_to(hmpi__coll_ctx *c, const hmpi__coll_args *a, int to_all)
{
    hmpi__shm_op *op;
    const char *in = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    char *out = a->recvbuf;
    size_t esize = (size_t)type_bytes(a->rtype);
    int per = (int)(hmpi__shm_buffer_bytes(c->shm) / esize);
    int whole = reduces_whole(c, (double)a->rcount * (double)esize);
    TRY(begin(c, &op));
    for (int e = 0, gen = 0; e < a->rcount; e += per, gen += whole ? 1 : 2) {
        int count = a->rcount - e < per ? a->rcount - e : per;
        size_t off = (size_t)e * esize;
        char *o = out ? out + off : NULL; /* the root's only, in a reduce */
        TRY((whole ? reduce_piece_whole : reduce_piece_sliced)(c, op, a, gen, in + off, o, count,
                                                               to_all));
    }
    return MPI_SUCCESS;
}

int hmpi__reduce_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return reduce_to(c, a, 0);
}

int hmpi__allreduce_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    return reduce_to(c, a, 1);
}

/* Each rank puts a piece of every other rank's block in its slot, one area
 * per block; rank r combines area r of every slot (its own piece from its
 * buffer, unless that is where the result goes) into its result. */
int hmpi__reduce_scatter_block_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    int in_place = a->sendbuf == MPI_IN_PLACE;
    const char *in = in_place ? a->recvbuf : a->sendbuf;
    size_t esize = (size_t)type_bytes(a->rtype), block = (size_t)a->rcount * esize;
    int per = (int)(hmpi__shm_buffer_bytes(c->shm) / (size_t)c->size / esize);
    size_t area = (size_t)per * esize;
    TRY(begin(c, &op));
    for (int e = 0, gen = 0; e < a->rcount; e += per, gen++) {
        int count = a->rcount - e < per ? a->rcount - e : per;
        size_t off = (size_t)e * esize;
        const char *own = in_place && c->rank == 0 ? NULL : in + (size_t)c->rank * block + off;
        for (int r = 0; r < c->size; r++)
            if (r != c->rank || !own)
                TRY(hmpi__shm_put(c->s, op, gen, in + (size_t)r * block + off,
                                  (size_t)count * esize, c->rank, (size_t)r * area));
        TRY(hmpi__shm_publish(c->s, op, gen));
        TRY(hmpi__shm_reduce(c->s, op, gen, c->size, (size_t)c->rank * area, count, a->rtype, a->op,
                             own, (char *)a->recvbuf + off, 0));
        TRY(hmpi__shm_ack(c->s, op, gen));
    }
    return MPI_SUCCESS;
}

/* ---- data movement --------------------------------------------------------- */

/* The user's side of a data movement as bytes: send_blocks blocks of the
 * send side and recv_blocks of the receive side (loaded when in place: this
 * rank's own block is there). */
static int sides(hmpi__coll_ctx *c, const hmpi__coll_args *a, int send_blocks, int recv_blocks,
                 int load_recv, bytes_view *in, bytes_view *out)
{
    *in = (bytes_view){0};
    *out = (bytes_view){0};
    if (send_blocks > 0)
        TRY(view(c, a->sendbuf, a->scount * send_blocks, a->stype, 1, in));
    if (recv_blocks > 0)
        TRY(view(c, a->recvbuf, a->rcount * recv_blocks, a->rtype, load_recv, out));
    return MPI_SUCCESS;
}

/* Bytes of one rank's block, the same on every rank. */
static size_t block_of(const hmpi__coll_args *a, int receives)
{
    return receives ? (size_t)a->rcount * (size_t)type_bytes(a->rtype)
                    : (size_t)a->scount * (size_t)type_bytes(a->stype);
}

/* The others copy their block into their slot, the root copies every one out. */
int hmpi__gather_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view in, out;
    int root = a->root, is_root = c->rank == root, in_place = a->sendbuf == MPI_IN_PLACE;
    size_t block = block_of(a, is_root), piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(begin(c, &op));
    TRY(sides(c, a, !(is_root && in_place), is_root ? c->size : 0, is_root && in_place, &in, &out));
    if (is_root && !in_place)
        TRY(copy_bytes(c, in.at, out.at + (size_t)root * block, block));
    for (size_t p = 0, off = 0; off < block; p++, off += piece) {
        size_t len = min_size(piece, block - off);
        if (!is_root) {
            TRY(hmpi__shm_put(c->s, op, (int)p, in.at + off, len, c->rank, 0));
            TRY(hmpi__shm_publish(c->s, op, (int)p));
        }
        for (int r = 0; is_root && r < c->size; r++)
            if (r != root)
                TRY(hmpi__shm_get_from(c->s, op, (int)p, r, r, 0, out.at + (size_t)r * block + off,
                                       len));
        TRY(hmpi__shm_ack(c->s, op, (int)p));
    }
    return is_root ? unview(c, &out) : MPI_SUCCESS;
}

/* The root copies each rank's block into that rank's slot, which copies it out. */
int hmpi__scatter_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view in, out;
    int root = a->root, is_root = c->rank == root, in_place = a->recvbuf == MPI_IN_PLACE;
    size_t block = block_of(a, !is_root), piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(begin(c, &op));
    TRY(sides(c, a, is_root ? c->size : 0, !(is_root && in_place), 0, &in, &out));
    if (is_root && !in_place)
        TRY(copy_bytes(c, in.at + (size_t)root * block, out.at, block));
    for (size_t p = 0, off = 0; off < block; p++, off += piece) {
        size_t len = min_size(piece, block - off);
        for (int r = 0; is_root && r < c->size; r++)
            if (r != root)
                TRY(hmpi__shm_put(c->s, op, (int)p, in.at + (size_t)r * block + off, len, r, 0));
        if (is_root)
            TRY(hmpi__shm_publish(c->s, op, (int)p));
        else
            TRY(hmpi__shm_get_from(c->s, op, (int)p, root, c->rank, 0, out.at + off, len));
        TRY(hmpi__shm_ack(c->s, op, (int)p));
    }
    return unview(c, &out);
}

/* Every rank copies its block into its slot and every other one out. */
int hmpi__allgather_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view in, out;
    int in_place = a->sendbuf == MPI_IN_PLACE;
    size_t block = block_of(a, 1), piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(begin(c, &op));
    TRY(sides(c, a, !in_place, c->size, in_place, &in, &out));
    const char *mine = in_place ? out.at + (size_t)c->rank * block : in.at;
    if (!in_place)
        TRY(copy_bytes(c, in.at, out.at + (size_t)c->rank * block, block));
    for (size_t p = 0, off = 0; off < block; p++, off += piece) {
        size_t len = min_size(piece, block - off);
        TRY(hmpi__shm_put(c->s, op, (int)p, mine + off, len, c->rank, 0));
        TRY(hmpi__shm_publish(c->s, op, (int)p));
        for (int r = 0; r < c->size; r++)
            if (r != c->rank)
                TRY(hmpi__shm_get_from(c->s, op, (int)p, r, r, 0, out.at + (size_t)r * block + off,
                                       len));
        TRY(hmpi__shm_ack(c->s, op, (int)p));
    }
    return unview(c, &out);
}

/* Every rank copies a piece of each block into its area of its slot, and
 * its own areas of every other slot out. */
int hmpi__alltoall_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view in, out;
    int in_place = a->sendbuf == MPI_IN_PLACE, me = c->rank;
    size_t block = block_of(a, 1), area = hmpi__shm_buffer_bytes(c->shm) / (size_t)c->size;
    TRY(begin(c, &op));
    TRY(sides(c, a, in_place ? 0 : c->size, c->size, in_place, &in, &out));
    const char *src = in_place ? out.at : in.at;
    if (!in_place)
        TRY(copy_bytes(c, in.at + (size_t)me * block, out.at + (size_t)me * block, block));
    for (size_t p = 0, off = 0; off < block; p++, off += area) {
        size_t len = min_size(area, block - off);
        for (int r = 0; r < c->size; r++)
            if (r != me)
                TRY(hmpi__shm_put(c->s, op, (int)p, src + (size_t)r * block + off, len, me,
                                  (size_t)r * area));
        TRY(hmpi__shm_publish(c->s, op, (int)p));
        for (int r = 0; r < c->size; r++)
            if (r != me)
                TRY(hmpi__shm_get_from(c->s, op, (int)p, r, r, (size_t)me * area,
                                       out.at + (size_t)r * block + off, len));
        TRY(hmpi__shm_ack(c->s, op, (int)p));
    }
    return unview(c, &out);
}

/* ---- eligibility and costs ------------------------------------------------------------------ */

int hmpi__coll_shm_usable(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    size_t piece, bytes;
    int parts = a->coll == HMPI__REDUCE_SCATTER_BLOCK ? c->size : 1;
    if (!c->shm)
        return 0;
    piece = hmpi__shm_buffer_bytes(c->shm);
    if ((size_t)c->size > piece) /* alltoall: an area of the buffer per rank */
        return 0;
    if (a->coll != HMPI__REDUCE && a->coll != HMPI__ALLREDUCE &&
        a->coll != HMPI__REDUCE_SCATTER_BLOCK)
        return 1;
    return hmpi__type_is_contiguous(a->rtype, 1, &bytes) && bytes * (size_t)parts <= piece;
}

/* A flag's trip, then everyone's reaction: a fan-in or a release. */
static double sync_cost(const hmpi__coll_ctx *c)
{
    return c->cost.shm_flag_us * hmpi__knomial_levels(c->size, FAN_IN);
}

static double copy_cost(const hmpi__coll_ctx *c, double bytes)
{
    return hmpi__cost_shm_copy(&c->cost, bytes);
}

/* Each piece after the first waits for a flag besides its copy. */
static double pieces_cost(const hmpi__coll_ctx *c, double bytes, double piece)
{
    double n = bytes > piece ? (double)pieces_of((size_t)bytes, (size_t)piece) : 1;
    return (n - 1) * c->cost.shm_flag_us;
}

#define SHM_OR_NEVER(c)                                                                            \
    do {                                                                                           \
        if (!(c)->shm_usable)                                                                      \
            return HMPI__COST_NEVER;                                                               \
    } while (0)

double hmpi__cost_barrier_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    (void)a;
    SHM_OR_NEVER(c);
    return c->size <= FAN_IN ? c->cost.shm_flag_us : 2 * sync_cost(c);
}

double hmpi__cost_bcast_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a), piece = (double)hmpi__shm_buffer_bytes(c->shm);
    return sync_cost(c) + copy_cost(c, m) + copy_cost(c, m < piece ? m : piece) +
           pieces_cost(c, m, piece);
}

double hmpi__cost_reduce_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a), piece = (double)hmpi__shm_buffer_bytes(c->shm);
    if (reduces_whole(c, m)) /* copy in, combine every input */
        return 2 * sync_cost(c) + copy_cost(c, m) + 2 * copy_cost(c, m * c->size);
    return 3 * sync_cost(c) + 2 * copy_cost(c, m) + 2 * copy_cost(c, m) +
           pieces_cost(c, m, piece) * 2;
}

double hmpi__cost_reduce_scatter_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a);
    return 2 * sync_cost(c) + copy_cost(c, m * c->size) + 2 * copy_cost(c, m * c->size) +
           pieces_cost(c, m * c->size, (double)hmpi__shm_buffer_bytes(c->shm));
}

double hmpi__cost_rooted_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a);
    return 2 * sync_cost(c) + copy_cost(c, m * c->size) + copy_cost(c, m) +
           pieces_cost(c, m, (double)hmpi__shm_buffer_bytes(c->shm));
}

double hmpi__cost_exchange_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a);
    double piece =
        (double)hmpi__shm_buffer_bytes(c->shm) / (a->coll == HMPI__ALLTOALL ? c->size : 1);
    return 2 * sync_cost(c) + 2 * copy_cost(c, m * c->size) + pieces_cost(c, m, piece);
}

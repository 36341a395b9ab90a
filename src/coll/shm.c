/* The collectives of ranks that share one node's memory, through a segment
 * of it (src/shm; doc/collectives.md, "The node's shared memory"): data is
 * copied in by its owner and out by its readers, in pieces of one buffer
 * (HMPI_SHM_BUFFERS of them in a rank's slot) that pipeline through them;
 * reductions are shared, each rank combining a slice of every rank's input
 * in rank order (non-commutative ops too), or, for small vectors and few
 * ranks, each the whole. No message at all: flags say what is there.
 *
 * Data moves as bytes: a datatype that is not one contiguous block is
 * packed into scratch first (or unpacked from it at the end); reductions
 * need a contiguous one (HMPI__NEEDS_SEGMENT). */
#include "coll/coll.h"
#include "coll/select.h"

#include <stdint.h>
#include <stdlib.h>

/* Radix of the barrier's fan-in (a k-nomial tree). */
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
    MPI_Pack_size(count, type, c->comm, &packsize);
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

/* ---- the node's phases ---------------------------------------------------- */

/* The ranks of this rank's node that share its segment: its rank among
 * them (comm's order) and their number; all of comm on one node. */
typedef struct part {
    int rank, size;
} part;

static part part_of(const hmpi__coll_ctx *c)
{
    return (part){hmpi__shm_rank(c->shm), hmpi__shm_size(c->shm)};
}

/* The node's ranks in the order of their paths in the hardware (those of
 * one package, NUMA node, cache together), its rank 0 first: the positions
 * of the arrival tree, whose subtrees are contiguous blocks of positions,
 * so that a package's ranks gather before a flag crosses to another. The
 * node's own order where the locality table cannot tell. NULL: no memory. */
static int *path_order(hmpi__coll_ctx *c, part n)
{
    int nmachines, k = 1;
    int *order = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)n.size);
    const int *machine = c->nodes > 1 ? hmpi__loctable_machines(c->table, &nmachines) : NULL;
    const int *by_path = hmpi__loctable_order(c->table);
    int *node_rank = by_path ? malloc(sizeof(int) * (size_t)c->size) : NULL;
    if (!order)
        return NULL;
    order[0] = 0;
    if (node_rank && (c->nodes == 1 || machine)) {
        for (int r = 0, i = 0; r < c->size; r++) /* the node's ranks are comm's, in its order */
            node_rank[r] = c->nodes == 1 || machine[r] == machine[c->rank] ? i++ : -1;
        for (int j = 0; j < c->size && k < n.size; j++)
            if (node_rank[by_path[j]] > 0)
                order[k++] = node_rank[by_path[j]];
    }
    free(node_rank);
    if (k != n.size) /* (no table: the node's order) */
        for (k = 0; k < n.size; k++)
            order[k] = k;
    return order;
}

/* The node's ranks arrive (generation gen): up to FAN_IN, each raises its
 * flag and waits for all the others (one flag's trip; released); more, each
 * waits for its children of a FAN_IN-nomial tree over the node's ranks in
 * path order (path_order), then raises its flag, rank 0's last (*released
 * 0: rank 0's release is to come). */
static int node_arrive(hmpi__coll_ctx *c, hmpi__shm_op *op, part n, int gen, int *released)
{
    int *order, *children, nchildren = 0, pos = 0;
    long top;
    *released = n.size <= FAN_IN;
    if (*released) {
        TRY(hmpi__shm_publish(c->s, op, gen));
        return hmpi__shm_wait(c->s, op, gen, 0, n.size);
    }
    if (!(order = path_order(c, n)) ||
        !(children = hmpi__sched_alloc(c->s, sizeof(int) * (FAN_IN - 1) * 32)))
        return MPI_ERR_NO_MEM;
    while (order[pos] != n.rank)
        pos++;
    hmpi__knomial_links(pos, n.size, FAN_IN, &top);
    for (long w = top; w >= 1; w /= FAN_IN)
        for (int j = 1; j < FAN_IN && pos + j * w < n.size; j++)
            children[nchildren++] = order[pos + j * w];
    TRY(hmpi__shm_wait_ranks(c->s, op, gen, children, nchildren));
    return hmpi__shm_publish(c->s, op, gen);
}

/* The node's rank 0 releases the others: its flag at gen. */
static int node_release(hmpi__coll_ctx *c, hmpi__shm_op *op, part n, int gen)
{
    if (n.rank == 0)
        TRY(hmpi__shm_publish(c->s, op, gen));
    else
        TRY(hmpi__shm_wait(c->s, op, gen, 0, 1));
    return hmpi__shm_ack(c->s, op, gen);
}

/* n bytes at `at` from the node's rank root to the others' `at`: the root
 * copies each piece into its slot, the others copy it out. Generations
 * from *gen on. */
static int node_bcast(hmpi__coll_ctx *c, hmpi__shm_op *op, int root, char *at, size_t n, int *gen)
{
    size_t piece = hmpi__shm_buffer_bytes(c->shm);
    int is_root = part_of(c).rank == root;
    for (size_t off = 0; off < n; off += piece, (*gen)++) {
        size_t len = min_size(piece, n - off);
        if (is_root) {
            TRY(hmpi__shm_put(c->s, op, *gen, at + off, len, root, 0));
            TRY(hmpi__shm_publish(c->s, op, *gen));
        } else
            TRY(hmpi__shm_get_from(c->s, op, *gen, root, root, 0, at + off, len));
        TRY(hmpi__shm_ack(c->s, op, *gen));
    }
    return MPI_SUCCESS;
}

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

static double whole_reduce_cost(const hmpi__coll_ctx *c, int to_all, double p, double m);
static double sliced_reduce_cost(const hmpi__coll_ctx *c, double p, double m);

/* Does the node's reduction of `bytes` over `size` ranks combine every
 * input whole (the root, or every rank: to_all), in pieces that pipeline
 * through the buffers, rather than a slice each? Small vectors always;
 * larger ones where the model prices that below the slices, as with few
 * ranks (2 here, 64 KiB: a reduce 2.5 us against 3.1, an allreduce 3.2
 * against 4.0). Alike on all the node's ranks, whose model is the same. */
static int reduces_whole(const hmpi__coll_ctx *c, int to_all, int size, double bytes)
{
    if (bytes * (size - 1) <= WHOLE_BYTES)
        return 1;
    return whole_reduce_cost(c, to_all, size, bytes) < sliced_reduce_cost(c, size, bytes);
}

/* A reduction inside the node: count elements of type at `in`, combined
 * in rank order into `out` at the node's rank root (every rank: to_all). */
typedef struct node_sum {
    int root, to_all;
    MPI_Datatype type;
    MPI_Op op;
} node_sum;

/* Does a reduce's root (not an allreduce's ranks, whose slots the others
 * read) take its own input from its buffer, writing its result straight
 * into out? Not in place: the combination would overwrite its input. */
static int combines_own_directly(const node_sum *r, part n, const char *in, const char *out)
{
    return !r->to_all && n.rank == r->root && in != out;
}

/* Does this rank put its own input into out while the others' flags come,
 * the combination going on from there? One that combines (every rank of
 * an allreduce, a reduce's root) where the segment's reduction takes it. */
static int places_own(const node_sum *r, part n)
{
    return (r->to_all || n.rank == r->root) &&
           hmpi__shm_reduce_places_own(n.rank, n.size, r->type, r->op, r->to_all);
}

/* A pipeline's pieces through the slots, each cut in two: what a rank
 * gives (its data copied into a slot, published) and what it takes (the
 * others' copied out or combined, acked). A rank gives piece k + 1 before
 * it takes piece k where the buffers allow: it copies the next piece in
 * while the others' flags of this one come, rather than waiting for them
 * idle (2 ranks, 16 KiB buffers, in one process against the pieces in
 * turn: an allgather or alltoall of 64 KiB-1 MiB 17-33 % quicker, a
 * reduce_scatter_block 10-22 %, an allreduce 5 % where a flag's trip
 * takes 0.3 us and the same where 0.1, a gather or scatter the same).
 * Giving piece k + 1 first reuses the buffers of piece k + 1 - buffers /
 * gens, which every rank has acked once it took piece k - 1 (runs_ahead). */
typedef int (*piece_half)(hmpi__coll_ctx *c, const void *pipeline, int k);

/* Does a pipeline of `gens` generations a piece run one piece ahead? With
 * buffers for two pieces' generations, and four at least: with two, the
 * acks that giving a piece ahead needs are newer than the others' heads
 * have told, and the rank would load their ack lines each piece. */
static int runs_ahead(const hmpi__coll_ctx *c, int gens)
{
    int buffers = hmpi__shm_buffers(c->shm);
    return buffers >= 4 && buffers >= 2 * gens;
}

static int pieces_ahead(hmpi__coll_ctx *c, int n, int gens, piece_half give, piece_half take,
                        const void *pipeline)
{
    int ahead = runs_ahead(c, gens);
    for (int k = 0; k < n + ahead; k++) {
        if (k < n)
            TRY(give(c, pipeline, k));
        if (k >= ahead)
            TRY(take(c, pipeline, k - ahead));
    }
    return MPI_SUCCESS;
}

/* A node reduction's pieces. */
typedef struct pieces {
    hmpi__shm_op *op;
    const node_sum *r;
    const char *in;
    char *out;      /* NULL where nothing lands (a reduce's others) */
    int count, per; /* elements: of the input (a block's), of a piece */
    int gens, gen;  /* generations a piece; piece 0's first */
} pieces;

/* Piece k: its first generation, elements, and offset in bytes. */
static int piece_gen(const pieces *p, int k)
{
    return p->gen + k * p->gens;
}

static int piece_count(const pieces *p, int k)
{
    int e = k * p->per;
    return p->count - e < p->per ? p->count - e : p->per;
}

static size_t piece_offset(const pieces *p, int k)
{
    return (size_t)k * (size_t)p->per * (size_t)type_bytes(p->r->type);
}

/* Piece k of a node reduction as its halves see it. */
typedef struct piece_view {
    const node_sum *r;
    hmpi__shm_op *op;
    part n;
    const char *in;
    char *out; /* NULL where nothing lands */
    int count, gen;
    size_t esize, bytes;
} piece_view;

static piece_view piece_at(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const pieces *p = pipeline;
    piece_view q = {.r = p->r,
                    .op = p->op,
                    .n = part_of(c),
                    .in = p->in + piece_offset(p, k),
                    .out = p->out ? p->out + piece_offset(p, k) : NULL,
                    .count = piece_count(p, k),
                    .gen = piece_gen(p, k),
                    .esize = (size_t)type_bytes(p->r->type)};
    q.bytes = (size_t)q.count * q.esize;
    return q;
}

/* Does this rank end without a result? A reduce's others. */
static int gets_no_result(const node_sum *r, part n)
{
    return !r->to_all && n.rank != r->root;
}

/* Whole pieces: every rank (to_all; else the root) combines all of each
 * into out. A reduce's root keeps its input out of its slot where it reads
 * it from elsewhere (its input, or out). */
static int whole_give(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    piece_view q = piece_at(c, pipeline, k);
    int alone = !q.r->to_all && q.n.rank == q.r->root; /* the root: no one reads its slot */
    if (!(alone && (combines_own_directly(q.r, q.n, q.in, q.out) || places_own(q.r, q.n))))
        TRY(hmpi__shm_put(c->s, q.op, q.gen, q.in, q.bytes, q.n.rank, 0));
    return hmpi__shm_publish(c->s, q.op, q.gen);
}

static int whole_take(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    piece_view q = piece_at(c, pipeline, k);
    const char *own = combines_own_directly(q.r, q.n, q.in, q.out) ? q.in : NULL;
    if (gets_no_result(q.r, q.n))
        return hmpi__shm_ack(c->s, q.op, q.gen);
    if (places_own(q.r, q.n)) {
        TRY(hmpi__shm_copy(c->s, q.op, q.in, q.out, q.in != q.out ? q.bytes : 0));
        own = q.out;
    }
    TRY(hmpi__shm_reduce(c->s, q.op, q.gen, q.n.size, 0, q.count, q.r->type, q.r->op, own, q.out, 0,
                         q.r->to_all));
    return hmpi__shm_ack(c->s, q.op, q.gen);
}

/* Sliced pieces: each rank copies in the others' slices of its input
 * (generation gen) and combines its own slice of every input (its own from
 * its buffer) into its slot (gen + 1), then every rank (to_all; else the
 * root) copies every slice out; a reduce's root combines its slice into
 * out. */
static int sliced_give(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    piece_view q = piece_at(c, pipeline, k);
    int lo, hi;
    slice(q.count, q.n.rank, q.n.size, &lo, &hi);
    size_t lo_bytes = (size_t)lo * q.esize, hi_bytes = (size_t)hi * q.esize;
    TRY(hmpi__shm_put(c->s, q.op, q.gen, q.in, lo_bytes, q.n.rank, 0));
    TRY(hmpi__shm_put(c->s, q.op, q.gen, q.in + hi_bytes, q.bytes - hi_bytes, q.n.rank, hi_bytes));
    return hmpi__shm_publish(c->s, q.op, q.gen);
}

static int sliced_take(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    piece_view q = piece_at(c, pipeline, k);
    int lo, hi, direct = combines_own_directly(q.r, q.n, q.in, q.out);
    slice(q.count, q.n.rank, q.n.size, &lo, &hi);
    size_t lo_bytes = (size_t)lo * q.esize;
    TRY(hmpi__shm_reduce(c->s, q.op, q.gen, q.n.size, lo_bytes, hi - lo, q.r->type, q.r->op,
                         q.in + lo_bytes, direct ? q.out + lo_bytes : NULL, q.gen + 1, 0));
    TRY(hmpi__shm_ack(c->s, q.op, q.gen));
    TRY(hmpi__shm_publish(c->s, q.op, q.gen + 1));
    for (int r = 0; !gets_no_result(q.r, q.n) && r < q.n.size; r++) {
        if (r == q.n.rank && direct) /* (already there) */
            continue;
        slice(q.count, r, q.n.size, &lo, &hi);
        TRY(hmpi__shm_get_from(c->s, q.op, q.gen + 1, r, r, (size_t)lo * q.esize,
                               q.out + (size_t)lo * q.esize, (size_t)(hi - lo) * q.esize));
    }
    return hmpi__shm_ack(c->s, q.op, q.gen + 1);
}

/* The node's reduction, in pieces of a buffer; generations from *gen on.
 * out: NULL where nothing lands (a reduce's others). */
static int node_reduce(hmpi__coll_ctx *c, hmpi__shm_op *op, const node_sum *r, const char *in,
                       char *out, int count, int *gen)
{
    size_t esize = (size_t)type_bytes(r->type);
    int whole = reduces_whole(c, r->to_all, part_of(c).size, (double)count * (double)esize);
    pieces p = {.op = op,
                .r = r,
                .in = in,
                .out = out,
                .count = count,
                .per = (int)(hmpi__shm_buffer_bytes(c->shm) / esize),
                .gens = whole ? 1 : 2,
                .gen = *gen};
    if (count <= 0)
        return MPI_SUCCESS;
    int n = (int)pieces_of((size_t)count, (size_t)p.per);
    *gen += n * p.gens;
    return pieces_ahead(c, n, p.gens, whole ? whole_give : sliced_give,
                        whole ? whole_take : sliced_take, &p);
}

/* ---- between nodes: one leader a node ---------------------------------------- */

/* The nodes of comm and their leaders: each node's lowest rank, the root's
 * node's the root; the nodes in positions from the root's (0) on. */
typedef struct leaders {
    int n, pos;    /* nodes; this rank's node's position */
    int *rank;     /* [n]: the leader of the node at each position */
    int node_root; /* the leader's rank in this rank's node (part_of) */
    int is_leader;
} leaders;

static int leaders_of(hmpi__coll_ctx *c, int root, leaders *l)
{
    int n;
    const int *machine = hmpi__loctable_machines(c->table, &n);
    if (!machine || !(l->rank = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)n)))
        return MPI_ERR_NO_MEM;
    int *count = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)n); /* a node's ranks so far */
    if (!count)
        return MPI_ERR_NO_MEM;
    l->n = n;
    l->pos = (machine[c->rank] - machine[root] + n) % n;
    for (int i = 0; i < n; i++)
        l->rank[i] = -1;
    l->node_root = -1;
    for (int r = 0; r < c->size; r++) {
        int pos = (machine[r] - machine[root] + n) % n;
        if (r == root || (l->rank[pos] < 0 && pos != 0))
            l->rank[pos] = r;
        if (pos == l->pos && r == (pos == 0 ? root : l->rank[pos]) && l->node_root < 0)
            l->node_root = count[machine[r]];
        count[machine[r]]++;
    }
    l->is_leader = l->rank[l->pos] == c->rank;
    return MPI_SUCCESS;
}

/* This leader's parent and children in the binomial tree over the leaders
 * (position 0 at its root); *nchildren. */
static int leader_links(hmpi__coll_ctx *c, const leaders *l, int *parent, int **children,
                        int *nchildren)
{
    long top;
    int up = hmpi__knomial_links(l->pos, l->n, 2, &top);
    *parent = up < 0 ? -1 : l->rank[up];
    *nchildren = 0;
    if (!(*children = hmpi__sched_alloc(c->s, sizeof(int) * 32)))
        return MPI_ERR_NO_MEM;
    for (long w = top; w >= 1; w /= 2)
        if (l->pos + w < l->n)
            (*children)[(*nchildren)++] = l->rank[l->pos + w];
    return MPI_SUCCESS;
}

/* The leaders' empty messages up their tree, then down. */
static int leaders_sync(hmpi__coll_ctx *c, const leaders *l)
{
    int parent, nchildren, *children;
    TRY(leader_links(c, l, &parent, &children, &nchildren));
    TRY(hmpi__sched_round(c->s));
    for (int i = 0; i < nchildren; i++)
        TRY(coll_recv(c, NULL, 0, MPI_BYTE, children[i]));
    TRY(hmpi__sched_round(c->s));
    if (parent >= 0)
        TRY(coll_send(c, NULL, 0, MPI_BYTE, parent));
    return hmpi__tree_down(c, parent, children, nchildren, NULL, 0, MPI_BYTE, 0);
}

/* ---- the rows ------------------------------------------------------------------ */

/* One node: its ranks arrive, rank 0 releases them (unless the flat
 * arrival did). Several: each node's ranks arrive, the leaders synchronise
 * by messages, each releases its node. */
int hmpi__barrier_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    leaders l = {0};
    int released;
    (void)a;
    TRY(begin(c, &op));
    TRY(node_arrive(c, op, part_of(c), 0, &released));
    if (c->nodes == 1)
        return released ? hmpi__shm_ack(c->s, op, 0) : node_release(c, op, part_of(c), 0);
    TRY(leaders_of(c, 0, &l));
    if (l.is_leader)
        TRY(leaders_sync(c, &l));
    TRY(hmpi__sched_round(c->s)); /* the node's release after the leader's messages */
    return node_release(c, op, part_of(c), 1);
}

/* One node: through its segment from the root. Several: the leaders pass
 * the bytes down a binomial tree over the nodes, then each node's leader
 * through its segment. */
int hmpi__bcast_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view v;
    leaders l = {0};
    int gen = 0, root = a->root, parent, nchildren, *children;
    TRY(begin(c, &op));
    TRY(view(c, a->recvbuf, a->rcount, a->rtype, c->rank == root, &v));
    if (c->nodes == 1) {
        TRY(node_bcast(c, op, root, v.at, v.n, &gen));
        return c->rank == root ? MPI_SUCCESS : unview(c, &v);
    }
    TRY(leaders_of(c, root, &l));
    if (l.is_leader) {
        TRY(leader_links(c, &l, &parent, &children, &nchildren));
        TRY(hmpi__tree_down(c, c->rank == root ? -1 : parent, children, nchildren, v.at, (int)v.n,
                            MPI_BYTE, 0));
        TRY(hmpi__sched_round(c->s));
    }
    TRY(node_bcast(c, op, l.node_root, v.at, v.n, &gen));
    return c->rank == root ? MPI_SUCCESS : unview(c, &v);
}

/* One node: through its segment. Several (a commutative op): each node
 * combines into its leader, the leaders up a binomial tree over the nodes
 * to the root (allreduce: then down it, and each leader through its
 * segment to its node). */
static int reduce_to(hmpi__coll_ctx *c, const hmpi__coll_args *a, int to_all)
{
    hmpi__shm_op *op;
    leaders l = {0};
    const char *in = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf;
    char *out = a->recvbuf;
    int gen = 0, root = to_all ? 0 : a->root, parent, nchildren, *children;
    node_sum r = {root, to_all, a->rtype, a->op};
    TRY(begin(c, &op));
    if (c->nodes == 1)
        return node_reduce(c, op, &r, in, out, a->rcount, &gen);
    TRY(leaders_of(c, root, &l));
    r.root = l.node_root, r.to_all = 0;
    if (l.is_leader && !to_all && c->rank != root &&
        !(out = hmpi__sched_scratch(c->s, a->rcount, a->rtype))) /* the node's sum */
        return MPI_ERR_NO_MEM;
    TRY(node_reduce(c, op, &r, in, l.is_leader ? out : NULL, a->rcount, &gen));
    if (l.is_leader) {
        const void *sum;
        TRY(leader_links(c, &l, &parent, &children, &nchildren));
        TRY(hmpi__tree_up(c, parent, children, nchildren, out, a->rcount, a->rtype, a->op, &sum));
        if (c->rank == root && sum != out)
            TRY(hmpi__sched_copy(c->s, sum, a->rcount, a->rtype, out, a->rcount, a->rtype));
        if (to_all)
            TRY(hmpi__tree_down(c, parent, children, nchildren, out, a->rcount, a->rtype, 0));
    }
    if (!to_all)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s)); /* the node's bcast after the leader's messages */
    return node_bcast(c, op, l.node_root, a->recvbuf,
                      (size_t)a->rcount * (size_t)type_bytes(a->rtype), &gen);
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
 * buffer, unless that is where the result goes) into its result. `in`
 * holds every block, `out` this rank's; a piece of each block an area. */
static size_t area_of(const pieces *p)
{
    return (size_t)p->per * (size_t)type_bytes(p->r->type);
}

static size_t whole_block(const pieces *p)
{
    return (size_t)p->count * (size_t)type_bytes(p->r->type);
}

/* This rank's own block's piece k where it combines it from: NULL when in
 * its slot (in place, on rank 0, whose block starts the receive buffer). */
static const char *own_piece(hmpi__coll_ctx *c, const pieces *p, int k)
{
    return p->in == p->out && c->rank == 0
               ? NULL
               : p->in + (size_t)c->rank * whole_block(p) + piece_offset(p, k);
}

static int rsb_give(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const pieces *p = pipeline;
    hmpi__shm_op *op = p->op;
    const char *own = own_piece(c, p, k);
    size_t bytes = (size_t)piece_count(p, k) * (size_t)type_bytes(p->r->type);
    for (int r = 0; r < c->size; r++)
        if (r != c->rank || !own)
            TRY(hmpi__shm_put(c->s, op, piece_gen(p, k),
                              p->in + (size_t)r * whole_block(p) + piece_offset(p, k), bytes,
                              c->rank, (size_t)r * area_of(p)));
    return hmpi__shm_publish(c->s, op, piece_gen(p, k));
}

static int rsb_take(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const pieces *p = pipeline;
    hmpi__shm_op *op = p->op;
    TRY(hmpi__shm_reduce(c->s, op, piece_gen(p, k), c->size, (size_t)c->rank * area_of(p),
                         piece_count(p, k), p->r->type, p->r->op, own_piece(c, p, k),
                         p->out + piece_offset(p, k), 0, 0));
    return hmpi__shm_ack(c->s, op, piece_gen(p, k));
}

int hmpi__reduce_scatter_block_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    node_sum r = {.type = a->rtype, .op = a->op};
    size_t esize = (size_t)type_bytes(a->rtype);
    TRY(begin(c, &op));
    pieces p = {.op = op,
                .r = &r,
                .in = a->sendbuf == MPI_IN_PLACE ? a->recvbuf : a->sendbuf,
                .out = a->recvbuf,
                .count = a->rcount,
                .per = (int)(hmpi__shm_buffer_bytes(c->shm) / (size_t)c->size / esize),
                .gens = 1};
    if (a->rcount <= 0)
        return MPI_SUCCESS;
    return pieces_ahead(c, (int)pieces_of((size_t)a->rcount, (size_t)p.per), 1, rsb_give, rsb_take,
                        &p);
}

/* ---- the multi-node algorithms' node steps (lanes.c) ---------------------------------- */

static int lane_length(const hmpi__shm_lanes *l, int j)
{
    return (l->hi ? l->hi[j] : l->lo[j + 1]) - l->lo[j];
}

/* Elements of part j in the piece of `per` from its element e on (0: none). */
static int lane_chunk(const hmpi__shm_lanes *l, int j, int e, int per)
{
    int len = lane_length(l, j) - e;
    return len <= 0 ? 0 : len < per ? len : per;
}

static int lanes_longest(const hmpi__shm_lanes *l)
{
    int most = 0;
    for (int j = 0; j < l->lanes; j++)
        most = lane_length(l, j) > most ? lane_length(l, j) : most;
    return most;
}

/* The part this rank owns, or -1. */
static int lanes_mine(const hmpi__coll_ctx *c, const hmpi__shm_lanes *l)
{
    for (int j = 0; j < l->lanes; j++)
        if (l->owner[j] == part_of(c).rank)
            return j;
    return -1;
}

/* Elements of one part's area in a buffer, which holds an area per part. */
static int lanes_area(const hmpi__coll_ctx *c, int lanes, int type_size)
{
    return (int)(hmpi__shm_buffer_bytes(c->shm) / (size_t)lanes / (size_t)type_size);
}

int hmpi__shm_lanes_fit(const hmpi__coll_ctx *c, int lanes, int type_size)
{
    return c->shm && lanes > 0 && type_size > 0 && lanes_area(c, lanes, type_size) > 0;
}

/* The node steps' run on the schedule's channel, begun at the first. */
static int node_steps_begin(hmpi__coll_ctx *c)
{
    return c->shm_op ? MPI_SUCCESS : begin(c, &c->shm_op);
}

/* The lanes' pieces: piece k is elements [k * per, (k + 1) * per) of each
 * lane, in generation gen + k. */
typedef struct lane_pieces {
    const hmpi__shm_lanes *l;
    char *buf;
    MPI_Op mop;
    int per, mine, commutative, gen;
} lane_pieces;

static int lanes_give(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const lane_pieces *lp = pipeline;
    const hmpi__shm_lanes *l = lp->l;
    size_t esize = (size_t)type_bytes(l->type);
    int e = k * lp->per;
    for (int j = 0; j < l->lanes; j++) {
        int n = lane_chunk(l, j, e, lp->per);
        if (n > 0 && (j != lp->mine || !lp->commutative))
            TRY(hmpi__shm_put(c->s, c->shm_op, lp->gen + k,
                              lp->buf + (size_t)(l->lo[j] + e) * esize, (size_t)n * esize,
                              part_of(c).rank, (size_t)j * (size_t)lp->per * esize));
    }
    return hmpi__shm_publish(c->s, c->shm_op, lp->gen + k);
}

static int lanes_take(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const lane_pieces *lp = pipeline;
    const hmpi__shm_lanes *l = lp->l;
    size_t esize = (size_t)type_bytes(l->type);
    int e = k * lp->per, n = lp->mine >= 0 ? lane_chunk(l, lp->mine, e, lp->per) : 0;
    char *at = n > 0 ? lp->buf + (size_t)(l->lo[lp->mine] + e) * esize : NULL;
    if (n > 0)
        TRY(hmpi__shm_reduce(c->s, c->shm_op, lp->gen + k, part_of(c).size,
                             (size_t)lp->mine * (size_t)lp->per * esize, n, l->type, lp->mop,
                             lp->commutative ? at : NULL, at, 0, 0));
    return hmpi__shm_ack(c->s, c->shm_op, lp->gen + k);
}

/* In each generation every rank copies a piece of each part into that
 * part's area of its slot (an owner keeps its own part in its buffer where
 * the op commutes), and the owner combines the area of every slot; pieces
 * one ahead (pieces_ahead). */
int hmpi__shm_lanes_reduce_scatter(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, char *buf,
                                   MPI_Op mop)
{
    lane_pieces lp = {.l = l,
                      .buf = buf,
                      .mop = mop,
                      .per = lanes_area(c, l->lanes, type_bytes(l->type)),
                      .mine = lanes_mine(c, l)};
    int n = (int)pieces_of((size_t)lanes_longest(l), (size_t)lp.per);
    MPI_Op_commutative(mop, &lp.commutative);
    TRY(node_steps_begin(c));
    lp.gen = c->shm_gen;
    c->shm_gen += n;
    return pieces_ahead(c, n, 1, lanes_give, lanes_take, &lp);
}

/* The parts' pieces through the slots: piece k is `area` bytes from k *
 * area of each part, in generation gen + k. */
typedef struct slot_pieces {
    const hmpi__shm_parts *x;
    size_t area;
    int into_takers, gen;
} slot_pieces;

static int slots_give(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const slot_pieces *sp = pipeline;
    const hmpi__shm_parts *x = sp->x;
    size_t off = (size_t)k * sp->area;
    int me = part_of(c).rank;
    for (const hmpi__shm_part *p = x->sent; p < x->sent + x->nsent; p++)
        if (off < p->bytes)
            TRY(hmpi__shm_put(c->s, c->shm_op, sp->gen + k, p->at + off,
                              min_size(sp->area, p->bytes - off), sp->into_takers ? p->rank : me,
                              (size_t)p->area * sp->area));
    if (!sp->into_takers || x->nsent > 0)
        TRY(hmpi__shm_publish(c->s, c->shm_op, sp->gen + k));
    if (off + sp->area >= x->longest) /* after its last flag: no one waits for it */
        TRY(hmpi__shm_copy(c->s, c->shm_op, x->own_from, x->own_to, x->own_bytes));
    return MPI_SUCCESS;
}

static int slots_take(hmpi__coll_ctx *c, const void *pipeline, int k)
{
    const slot_pieces *sp = pipeline;
    const hmpi__shm_parts *x = sp->x;
    size_t off = (size_t)k * sp->area;
    int me = part_of(c).rank;
    for (const hmpi__shm_part *p = x->taken; p < x->taken + x->ntaken; p++)
        if (off < p->bytes)
            TRY(hmpi__shm_get_from(c->s, c->shm_op, sp->gen + k, p->rank,
                                   sp->into_takers ? me : p->rank, (size_t)p->area * sp->area,
                                   p->at + off, min_size(sp->area, p->bytes - off)));
    return hmpi__shm_ack(c->s, c->shm_op, sp->gen + k);
}

/* Parts through the slots, in pieces of `area` bytes, in as many
 * generations as x->longest needs: each part this rank sends goes into area
 * `area` of a slot, and each part it takes comes out of one once the part's
 * writer (its `rank`) has published. An exchange's slot is the writer's
 * (every rank publishes, each generation); a scatter's (into_takers) is the
 * taker's, the sent part's `rank`, and only a rank that sends publishes:
 * the one writer fills a whole buffer of each taker, where areas of its own
 * slot would give each 1/p of one. Pieces one ahead (pieces_ahead). */
static int through_slots(hmpi__coll_ctx *c, const hmpi__shm_parts *x, size_t area, int into_takers)
{
    if (area == 0 && x->longest > 0)
        return MPI_ERR_INTERN; /* (callers keep an area per part) */
    TRY(node_steps_begin(c));
    slot_pieces sp = {x, area, into_takers, c->shm_gen};
    int n = area ? (int)pieces_of(x->longest, area) : 0;
    c->shm_gen += n;
    return pieces_ahead(c, n, 1, slots_give, slots_take, &sp);
}

int hmpi__shm_exchange(hmpi__coll_ctx *c, const hmpi__shm_parts *x)
{
    return through_slots(c, x, hmpi__shm_buffer_bytes(c->shm) / (size_t)x->areas, 0);
}

/* The lanes of a buffer as parts of bytes: this rank's own (empty where it
 * owns none), its other end `own_rank`, and every other one, each its
 * owner's (others: to free); in pieces of a buffer's whole elements. */
typedef struct lane_parts {
    hmpi__shm_part own, *others;
    int nothers;
    size_t longest, piece; /* the longest part's bytes; a piece's */
} lane_parts;

static hmpi__shm_part lane_part(const hmpi__shm_lanes *l, int j, int rank, char *buf, size_t esize)
{
    int len = lane_length(l, j);
    return (hmpi__shm_part){rank, 0, buf + (size_t)l->lo[j] * esize,
                            len > 0 ? (size_t)len * esize : 0};
}

static int lane_parts_of(const hmpi__coll_ctx *c, const hmpi__shm_lanes *l, char *buf, int own_rank,
                         lane_parts *p)
{
    size_t esize = (size_t)type_bytes(l->type);
    int mine = lanes_mine(c, l);
    *p = (lane_parts){.longest = (size_t)lanes_longest(l) * esize,
                      .piece = hmpi__shm_buffer_bytes(c->shm) / esize * esize};
    if (mine >= 0)
        p->own = lane_part(l, mine, own_rank, buf, esize);
    if (!(p->others = HMPI__ALLOC(hmpi__shm_part, (size_t)l->lanes)))
        return MPI_ERR_NO_MEM;
    for (int j = 0; j < l->lanes; j++)
        if (j != mine)
            p->others[p->nothers++] = lane_part(l, j, l->owner[j], buf, esize);
    return MPI_SUCCESS;
}

/* Every owner copies a piece of its part into its slot, the others (that
 * take them) copy it out. */
int hmpi__shm_lanes_allgather(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, char *buf, int takes)
{
    lane_parts p;
    TRY(lane_parts_of(c, l, buf, part_of(c).rank, &p));
    hmpi__shm_parts x = {.areas = 1,
                         .nsent = 1,
                         .ntaken = takes ? p.nothers : 0,
                         .longest = p.longest,
                         .sent = &p.own,
                         .taken = p.others};
    int rc = through_slots(c, &x, p.piece, 0);
    free(p.others);
    return rc;
}

/* `from` copies a piece of every other owner's part into that owner's
 * slot, which copies it out. */
int hmpi__shm_lanes_scatter(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, int from, char *buf)
{
    lane_parts p;
    int sends = part_of(c).rank == from;
    TRY(lane_parts_of(c, l, buf, from, &p));
    hmpi__shm_parts x = {.areas = 1,
                         .nsent = sends ? p.nothers : 0,
                         .ntaken = !sends,
                         .longest = p.longest,
                         .sent = p.others,
                         .taken = &p.own};
    int rc = through_slots(c, &x, p.piece, 1);
    free(p.others);
    return rc;
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
    bytes_view in, out;
    int root = a->root, is_root = c->rank == root, in_place = a->recvbuf == MPI_IN_PLACE, n = 0, rc;
    size_t block = block_of(a, !is_root);
    TRY(node_steps_begin(c));
    TRY(sides(c, a, is_root ? c->size : 0, !(is_root && in_place), 0, &in, &out));
    hmpi__shm_part own = {root, 0, out.at, block}, *sent = HMPI__ALLOC(hmpi__shm_part, c->size);
    if (!sent)
        return MPI_ERR_NO_MEM;
    for (int r = 0; is_root && r < c->size; r++)
        if (r != root)
            sent[n++] = (hmpi__shm_part){r, 0, in.at + (size_t)r * block, block};
    hmpi__shm_parts x = {.areas = 1,
                         .nsent = n,
                         .ntaken = !is_root,
                         .longest = block,
                         .sent = sent,
                         .taken = &own,
                         .own_from = is_root ? in.at + (size_t)root * block : NULL,
                         .own_to = out.at,
                         .own_bytes = is_root && !in_place ? block : 0};
    rc = through_slots(c, &x, hmpi__shm_buffer_bytes(c->shm), 1);
    free(sent);
    return rc == MPI_SUCCESS ? unview(c, &out) : rc;
}

/* A side of per-rank blocks as bytes: rank r's block at at + offset[r],
 * bytes[r] long; `most` the longest. In the user's buffer when its type is
 * contiguous, else in scratch, packed from it as `load` says and unpacked
 * into it by `unblocks` at the end: whole for blocks of one count (an
 * allgather), block by block for counts and displacements (the v forms;
 * the gaps between blocks untouched). */
typedef struct blocks {
    char *at;
    size_t *offset, *bytes, most;
    bytes_view whole; /* one count */
} blocks;

/* What scratch holds from the start: nothing, this rank's block, every
 * block but this rank's. */
enum { LOAD_NONE, LOAD_OWN, LOAD_OTHERS };

static int loads(int load, int r, int me)
{
    return (load == LOAD_OWN && r == me) || (load == LOAD_OTHERS && r != me);
}

/* Rank r's block of a buffer with displacements. */
static char *block_at(const void *buf, const int *displs, MPI_Aint extent, int r)
{
    return (char *)buf + (MPI_Aint)displs[r] * extent;
}

/* buf's blocks: `counts` and `displs` (NULL: `count` each, in rank order)
 * of type; with counts, those longer than `limit` bytes stay out of scratch
 * (they travel in the user's layout). */
static int blocks_of(hmpi__coll_ctx *c, const void *buf, int count, const int *counts,
                     const int *displs, MPI_Datatype type, int load, size_t limit, blocks *g)
{
    MPI_Aint lb, extent;
    size_t esize = (size_t)type_bytes(type), packed = 0, unused;
    int contiguous = hmpi__type_is_contiguous(type, 2, &unused);
    MPI_Type_get_extent(type, &lb, &extent);
    *g = (blocks){0};
    if (!(g->offset = hmpi__sched_alloc(c->s, sizeof(size_t) * (size_t)c->size)) ||
        !(g->bytes = hmpi__sched_alloc(c->s, sizeof(size_t) * (size_t)c->size)))
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++) {
        g->bytes[r] = (size_t)(counts ? counts[r] : count) * esize;
        g->offset[r] = counts && contiguous ? (size_t)displs[r] * (size_t)extent : packed;
        packed += !counts || g->bytes[r] <= limit ? g->bytes[r] : 0;
        g->most = g->bytes[r] > g->most ? g->bytes[r] : g->most;
    }
    if (!counts) {
        TRY(view(c, buf, count * c->size, type, load != LOAD_NONE, &g->whole));
        g->at = g->whole.at;
        return MPI_SUCCESS;
    }
    if (contiguous) {
        g->at = (char *)buf;
        return MPI_SUCCESS;
    }
    if (!(g->at = hmpi__sched_alloc(c->s, packed ? packed : 1)))
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++)
        if (loads(load, r, c->rank) && g->bytes[r] <= limit)
            TRY(hmpi__sched_pack(c->s, block_at(buf, displs, extent, r), counts[r], type,
                                 g->at + g->offset[r], (int)g->bytes[r]));
    return MPI_SUCCESS;
}

/* The blocks back into buf, but rank `skip`'s (-1: none) and those longer
 * than `limit` bytes. */
static int unblocks(hmpi__coll_ctx *c, const blocks *g, void *buf, const int *counts,
                    const int *displs, MPI_Datatype type, int skip, size_t limit)
{
    MPI_Aint lb, extent;
    if (!counts)
        return unview(c, &g->whole);
    if (g->at == buf)
        return MPI_SUCCESS;
    MPI_Type_get_extent(type, &lb, &extent);
    for (int r = 0; r < c->size; r++)
        if (r != skip && g->bytes[r] <= limit)
            TRY(hmpi__sched_unpack(c->s, g->at + g->offset[r], (int)g->bytes[r],
                                   block_at(buf, displs, extent, r), counts[r], type));
    return MPI_SUCCESS;
}

/* ---- the v forms of the rooted ones ------------------------------------------
 * Only the root knows every count: a generation count cannot be agreed
 * without a message. So a block of at most one buffer goes through its
 * slot in the one generation every rank takes, and a longer one by a
 * message in the user's own count and type (any size); each end of a block
 * decides by the block's bytes, which MPI makes the same at both (the
 * root's count and type, the other rank's). The root's own block is a
 * local copy. */

/* Bytes of count elements of type. */
static size_t bytes_of(int count, MPI_Datatype type)
{
    return (size_t)count * (size_t)type_bytes(type);
}

/* A block that passes through the segment (none: empty). */
static int through_segment(const hmpi__coll_ctx *c, size_t bytes)
{
    return bytes > 0 && bytes <= hmpi__shm_buffer_bytes(c->shm);
}

static int longer_than_segment(const hmpi__coll_ctx *c, size_t bytes)
{
    return bytes > hmpi__shm_buffer_bytes(c->shm);
}

/* The root's own block from sendbuf (gatherv) or into recvbuf (scatterv),
 * unless in place. */
static int own_block(hmpi__coll_ctx *c, const hmpi__coll_args *a, int gathers)
{
    MPI_Aint lb, extent;
    if ((gathers ? a->sendbuf : a->recvbuf) == MPI_IN_PLACE)
        return MPI_SUCCESS;
    MPI_Type_get_extent(gathers ? a->rtype : a->stype, &lb, &extent);
    return gathers
               ? hmpi__sched_copy(c->s, a->sendbuf, a->scount, a->stype,
                                  block_at(a->recvbuf, a->rdispls, extent, c->rank),
                                  a->rcounts[c->rank], a->rtype)
               : hmpi__sched_copy(c->s, block_at(a->sendbuf, a->sdispls, extent, c->rank),
                                  a->scounts[c->rank], a->stype, a->recvbuf, a->rcount, a->rtype);
}

/* The long blocks by messages, in a round after the segment's: each in
 * place in buf (counts, displs, type), received (gatherv) or sent. */
static int long_blocks(hmpi__coll_ctx *c, const blocks *g, const void *buf, const int *counts,
                       const int *displs, MPI_Datatype type, int receives)
{
    MPI_Aint lb, extent;
    int longer = 0;
    MPI_Type_get_extent(type, &lb, &extent);
    for (int r = 0; r < c->size; r++) {
        if (r == c->rank || !longer_than_segment(c, g->bytes[r]))
            continue;
        if (!longer++)
            TRY(hmpi__sched_round(c->s));
        char *at = block_at(buf, displs, extent, r);
        TRY(receives ? coll_recv(c, at, counts[r], type, r) : coll_send(c, at, counts[r], type, r));
    }
    return MPI_SUCCESS;
}

/* The root copies the short blocks out of their slots; the long ones come
 * by messages. */
static int gatherv_root(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__shm_op *op)
{
    blocks g;
    size_t piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(blocks_of(c, a->recvbuf, 0, a->rcounts, a->rdispls, a->rtype, LOAD_NONE, piece, &g));
    TRY(own_block(c, a, 1));
    for (int r = 0; r < c->size; r++)
        if (r != c->rank && through_segment(c, g.bytes[r]))
            TRY(hmpi__shm_get_from(c->s, op, 0, r, r, 0, g.at + g.offset[r], g.bytes[r]));
    TRY(hmpi__shm_ack(c->s, op, 0));
    TRY(unblocks(c, &g, a->recvbuf, a->rcounts, a->rdispls, a->rtype, c->rank, piece));
    return long_blocks(c, &g, a->recvbuf, a->rcounts, a->rdispls, a->rtype, 1);
}

int hmpi__gatherv_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view in;
    size_t n = bytes_of(a->scount, a->stype);
    TRY(begin(c, &op));
    if (c->rank == a->root)
        return gatherv_root(c, a, op);
    if (through_segment(c, n)) {
        TRY(view(c, a->sendbuf, a->scount, a->stype, 1, &in));
        TRY(hmpi__shm_put(c->s, op, 0, in.at, n, c->rank, 0));
    }
    TRY(hmpi__shm_publish(c->s, op, 0));
    TRY(hmpi__shm_ack(c->s, op, 0));
    if (!longer_than_segment(c, n))
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    return coll_send(c, a->sendbuf, a->scount, a->stype, a->root);
}

/* The root copies the short blocks into their slots; the long ones go by
 * messages. */
static int scatterv_root(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__shm_op *op)
{
    blocks g;
    size_t piece = hmpi__shm_buffer_bytes(c->shm);
    TRY(blocks_of(c, a->sendbuf, 0, a->scounts, a->sdispls, a->stype, LOAD_OTHERS, piece, &g));
    for (int r = 0; r < c->size; r++)
        if (r != c->rank && through_segment(c, g.bytes[r]))
            TRY(hmpi__shm_put(c->s, op, 0, g.at + g.offset[r], g.bytes[r], r, 0));
    TRY(hmpi__shm_publish(c->s, op, 0));
    TRY(hmpi__shm_ack(c->s, op, 0));
    TRY(own_block(c, a, 0)); /* while the others copy theirs out */
    return long_blocks(c, &g, a->sendbuf, a->scounts, a->sdispls, a->stype, 0);
}

int hmpi__scatterv_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    bytes_view out;
    size_t n = bytes_of(a->rcount, a->rtype);
    TRY(begin(c, &op));
    if (c->rank == a->root)
        return scatterv_root(c, a, op);
    if (through_segment(c, n)) {
        TRY(view(c, a->recvbuf, a->rcount, a->rtype, 0, &out));
        TRY(hmpi__shm_get_from(c->s, op, 0, a->root, c->rank, 0, out.at, n));
        TRY(unview(c, &out));
    }
    TRY(hmpi__shm_ack(c->s, op, 0));
    if (!longer_than_segment(c, n))
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    return coll_recv(c, a->recvbuf, a->rcount, a->rtype, a->root);
}

/* Every rank copies its block into its slot and every other one out, in
 * pieces of a buffer (as many as the longest block needs, the same on
 * every rank: an allgatherv's counts are everywhere). */
int hmpi__allgather_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    bytes_view in = {0};
    blocks g;
    int in_place = a->sendbuf == MPI_IN_PLACE, me = c->rank, n = 0, rc;
    TRY(node_steps_begin(c));
    if (!in_place)
        TRY(view(c, a->sendbuf, a->scount, a->stype, 1, &in));
    TRY(blocks_of(c, a->recvbuf, a->rcount, a->rcounts, a->rdispls, a->rtype,
                  in_place ? LOAD_OWN : LOAD_NONE, SIZE_MAX, &g));
    char *own = g.at + g.offset[me];
    hmpi__shm_part mine = {me, 0, in_place ? own : in.at, g.bytes[me]},
                   *taken = HMPI__ALLOC(hmpi__shm_part, c->size);
    if (!taken)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++)
        if (r != me)
            taken[n++] = (hmpi__shm_part){r, 0, g.at + g.offset[r], g.bytes[r]};
    hmpi__shm_parts x = {.areas = 1,
                         .nsent = 1,
                         .ntaken = n,
                         .longest = g.most,
                         .sent = &mine,
                         .taken = taken,
                         .own_from = in.at,
                         .own_to = own,
                         .own_bytes = in_place ? 0 : g.bytes[me]};
    rc = hmpi__shm_exchange(c, &x);
    free(taken);
    return rc == MPI_SUCCESS ? unblocks(c, &g, a->recvbuf, a->rcounts, a->rdispls, a->rtype,
                                        in_place ? me : -1, SIZE_MAX)
                             : rc;
}

/* Every rank copies a piece of each block into its area of its slot, and
 * its own areas of every other slot out. */
int hmpi__alltoall_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    bytes_view in, out;
    int in_place = a->sendbuf == MPI_IN_PLACE, me = c->rank, n = 0, rc;
    size_t block = block_of(a, 1);
    TRY(sides(c, a, in_place ? 0 : c->size, c->size, in_place, &in, &out));
    const char *src = in_place ? out.at : in.at;
    hmpi__shm_part *sent = HMPI__ALLOC(hmpi__shm_part, 2 * (size_t)c->size),
                   *taken = sent + c->size;
    if (!sent)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++)
        if (r != me) {
            sent[n] = (hmpi__shm_part){me, r, (char *)src + (size_t)r * block, block};
            taken[n++] = (hmpi__shm_part){r, me, out.at + (size_t)r * block, block};
        }
    hmpi__shm_parts x = {.areas = c->size,
                         .nsent = n,
                         .ntaken = n,
                         .longest = block,
                         .sent = sent,
                         .taken = taken,
                         .own_from = src + (size_t)me * block,
                         .own_to = out.at + (size_t)me * block,
                         .own_bytes = in_place ? 0 : block};
    rc = hmpi__shm_exchange(c, &x);
    free(sent);
    return rc == MPI_SUCCESS ? unview(c, &out) : rc;
}

/* ---- alltoallv ----------------------------------------------------------------
 * As the rooted v forms: no rank knows the others' counts, so the block
 * from i to j goes through area j of i's slot (a buffer's 1/p) in the one
 * generation every rank takes when it fits there, and by a message in the
 * users' own counts and types in a round after it when longer; both ends
 * decide by the block's bytes, which MPI makes the same at both. A rank's
 * own block is a typed local copy. In place, a rank's short blocks go into
 * its slot before its own copies out overwrite them, and its long ones are
 * sent from copies taken at the start, since their place receives. */

/* One side of an alltoallv in the user's terms. */
typedef struct side {
    const void *buf;
    const int *counts, *displs;
    MPI_Datatype type;
} side;

/* A block short enough for its area (none: empty). */
static int in_area(size_t bytes, size_t area)
{
    return bytes > 0 && bytes <= area;
}

static char *side_block(const side *d, int r)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(d->type, &lb, &extent);
    return block_at(d->buf, d->displs, extent, r);
}

/* In place: a copy of each long block this rank sends (copies[r]; NULL
 * where short), taken before anything lands. Else *copies NULL. */
static int long_copies(hmpi__coll_ctx *c, const side *d, int in_place, size_t area, char ***copies)
{
    *copies = NULL;
    if (!in_place)
        return MPI_SUCCESS;
    if (!(*copies = hmpi__sched_alloc(c->s, sizeof(char *) * (size_t)c->size)))
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < c->size; r++) {
        if (r == c->rank || bytes_of(d->counts[r], d->type) <= area)
            continue;
        if (!((*copies)[r] = hmpi__sched_scratch(c->s, d->counts[r], d->type)))
            return MPI_ERR_NO_MEM;
        TRY(hmpi__sched_copy(c->s, side_block(d, r), d->counts[r], d->type, (*copies)[r],
                             d->counts[r], d->type));
    }
    return MPI_SUCCESS;
}

/* Generation 0: each short block into its area of this rank's slot, each
 * short block to it out of its area of the sender's. */
static int exchange_short(hmpi__coll_ctx *c, hmpi__shm_op *op, const blocks *out, const blocks *in,
                          size_t area)
{
    int me = c->rank;
    for (int r = 0; r < c->size; r++)
        if (r != me && in_area(out->bytes[r], area))
            TRY(hmpi__shm_put(c->s, op, 0, out->at + out->offset[r], out->bytes[r], me,
                              (size_t)r * area));
    TRY(hmpi__shm_publish(c->s, op, 0));
    for (int r = 0; r < c->size; r++)
        if (r != me && in_area(in->bytes[r], area))
            TRY(hmpi__shm_get_from(c->s, op, 0, r, r, (size_t)me * area, in->at + in->offset[r],
                                   in->bytes[r]));
    return hmpi__shm_ack(c->s, op, 0);
}

/* The long blocks by messages, all in one round after the segment's (a
 * pair may send each other long blocks): received at their place in rs,
 * sent from theirs in ss or from their copies. */
static int exchange_long(hmpi__coll_ctx *c, const side *ss, const side *rs, const blocks *out,
                         const blocks *in, char *const *copies, size_t area)
{
    int any = 0;
    for (int r = 0; r < c->size; r++)
        any |= r != c->rank && (out->bytes[r] > area || in->bytes[r] > area);
    if (!any)
        return MPI_SUCCESS;
    TRY(hmpi__sched_round(c->s));
    for (int r = 0; r < c->size; r++)
        if (r != c->rank && in->bytes[r] > area)
            TRY(coll_recv(c, side_block(rs, r), rs->counts[r], rs->type, r));
    for (int r = 0; r < c->size; r++)
        if (r != c->rank && out->bytes[r] > area)
            TRY(coll_send(c, copies ? copies[r] : side_block(ss, r), ss->counts[r], ss->type, r));
    return MPI_SUCCESS;
}

int hmpi__alltoallv_shm(hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    hmpi__shm_op *op;
    blocks out, in; /* the bytes this rank sends (by destination) and receives */
    char **copies;
    int in_place = a->sendbuf == MPI_IN_PLACE, me = c->rank;
    size_t area = hmpi__shm_buffer_bytes(c->shm) / (size_t)c->size;
    side rs = {a->recvbuf, a->rcounts, a->rdispls, a->rtype};
    side ss = in_place ? rs : (side){a->sendbuf, a->scounts, a->sdispls, a->stype};
    TRY(begin(c, &op));
    TRY(long_copies(c, &ss, in_place, area, &copies));
    TRY(blocks_of(c, ss.buf, 0, ss.counts, ss.displs, ss.type, LOAD_OTHERS, area, &out));
    if (in_place) /* (one buffer: each block out before its place receives) */
        in = out;
    else
        TRY(blocks_of(c, rs.buf, 0, rs.counts, rs.displs, rs.type, LOAD_NONE, area, &in));
    TRY(exchange_short(c, op, &out, &in, area));
    if (!in_place) /* its own block, after its flag (the others wait for that) */
        TRY(hmpi__sched_copy(c->s, side_block(&ss, me), ss.counts[me], ss.type, side_block(&rs, me),
                             rs.counts[me], rs.type));
    TRY(unblocks(c, &in, a->recvbuf, a->rcounts, a->rdispls, a->rtype, me, area));
    return exchange_long(c, &ss, &rs, &out, &in, copies, area);
}

/* ---- eligibility and costs ------------------------------------------------------------------ */

int hmpi__coll_shm_usable(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    size_t piece, bytes;
    int parts = a->coll == HMPI__REDUCE_SCATTER_BLOCK ? c->size : 1;
    int reduction = a->coll == HMPI__REDUCE || a->coll == HMPI__ALLREDUCE ||
                    a->coll == HMPI__REDUCE_SCATTER_BLOCK;
    if (!c->shm)
        return 0;
    if (c->nodes > 1) /* the leaders' tree combines in any order */
        return hmpi__coll_shm_spans_nodes(a->coll) && (!reduction || c->commutative) &&
               (!reduction || hmpi__type_is_contiguous(a->rtype, 1, &bytes));
    piece = hmpi__shm_buffer_bytes(c->shm);
    if ((size_t)c->size > piece) /* alltoall: an area of the buffer per rank */
        return 0;
    if (!reduction)
        return 1;
    return hmpi__type_is_contiguous(a->rtype, 1, &bytes) && bytes * (size_t)parts <= piece;
}

/* A flag's trip, then everyone's reaction: a fan-in or a release. */
static double sync_cost(const hmpi__coll_ctx *c)
{
    return c->cost.shm_flag_us * hmpi__knomial_levels(c->largest, FAN_IN);
}

/* The lines of data a reader loads once the flags said they are there,
 * one at each level of the fan-in (a load, not a poll: less than a flag's
 * trip). */
static double line_trip(const hmpi__coll_ctx *c)
{
    return c->cost.shm_data_us * hmpi__knomial_levels(c->largest, FAN_IN);
}

/* The trip of data that a reader takes from one slot after the flags: none
 * for `bytes` that cross on the flag's line (at a buffer's start), else
 * a line's. */
static double data_trip(const hmpi__coll_ctx *c, double bytes)
{
    return bytes <= HMPI__SHM_WITH_FLAG_BYTES ? 0 : line_trip(c);
}

/* The leaders' binomial tree over the nodes, once (0 on one node). */
static double leaders_cost(const hmpi__coll_ctx *c, double bytes)
{
    return c->nodes > 1 ? hmpi__cost_tree(c, HMPI__LEVEL_NETWORK, c->nodes, bytes) : 0;
}

static double copy_cost(const hmpi__coll_ctx *c, double bytes)
{
    return hmpi__cost_shm_copy(&c->cost, bytes);
}

/* One core's copy of what other cores just wrote, while they copy alike. */
static double cross_cost(const hmpi__coll_ctx *c, double bytes)
{
    return hmpi__cost_shm_cross(&c->cost, bytes);
}

/* The pieces of `bytes` after the first. */
static double further_pieces(double bytes, double piece)
{
    return bytes > piece ? (double)pieces_of((size_t)bytes, (size_t)piece) - 1 : 0;
}

/* Each piece after the first waits for a flag besides its copy. */
static double pieces_cost(const hmpi__coll_ctx *c, double bytes, double piece)
{
    return further_pieces(bytes, piece) * c->cost.shm_flag_us;
}

/* The same where every rank gives pieces and takes the others', one piece
 * ahead (pieces_ahead): a further piece's flag comes while the rank copies
 * in its next one (`copied` bytes), only what that leaves of its trip is
 * waited for. (Not a reduce's or an allreduce's: there a piece costs
 * besides its flag, 2 ranks, 64 KiB: 16 KiB pieces 2-7 % slower than 32
 * KiB ones, one ahead or not.) */
static double ahead_pieces_cost(const hmpi__coll_ctx *c, double bytes, double piece, double copied)
{
    if (!runs_ahead(c, 1))
        return pieces_cost(c, bytes, piece);
    double left = c->cost.shm_flag_us - copy_cost(c, copied);
    return further_pieces(bytes, piece) * (left > 0 ? left : 0);
}

/* The node steps: in the reduce-scatter a rank that owns no part copies
 * every part in and an owner combines P inputs of its own; a flag each
 * piece, one ahead. */
double hmpi__cost_shm_lanes_reduce_scatter(const hmpi__coll_ctx *c, int lanes, int P,
                                           double part_bytes, double bytes)
{
    double buffer = (double)hmpi__shm_buffer_bytes(c->shm);
    return copy_cost(c, bytes) + (P - 1) * hmpi__cost_combine(&c->cost, part_bytes) +
           c->cost.shm_flag_us + ahead_pieces_cost(c, part_bytes, buffer / lanes, buffer);
}

double hmpi__cost_shm_spread(const hmpi__coll_ctx *c, double in, double out)
{
    return copy_cost(c, in) + copy_cost(c, out) + c->cost.shm_flag_us +
           pieces_cost(c, in, (double)hmpi__shm_buffer_bytes(c->shm));
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
    if (c->nodes > 1)
        return 2 * sync_cost(c) + 2 * leaders_cost(c, 0);
    return c->size <= FAN_IN ? c->cost.shm_flag_us : 2 * sync_cost(c);
}

double hmpi__cost_bcast_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a), piece = (double)hmpi__shm_buffer_bytes(c->shm);
    return sync_cost(c) + copy_cost(c, m) + copy_cost(c, m < piece ? m : piece) +
           pieces_cost(c, m, piece) + leaders_cost(c, m);
}

/* Every input copied in and combined whole, at the root or (to_all) by
 * every rank: p - 1 combinations, after a copy of the last rank's slot into
 * the result where an allreduce's rank is not one of the last two (which
 * put their own there while the flags came); a flag each further piece of
 * the pipeline. */
static double whole_reduce_cost(const hmpi__coll_ctx *c, int to_all, double p, double m)
{
    double piece = (double)hmpi__shm_buffer_bytes(c->shm);
    return sync_cost(c) + data_trip(c, m) + copy_cost(c, m) +
           (to_all && p > 2 ? cross_cost(c, m) : 0) + (p - 1) * hmpi__cost_combine(&c->cost, m) +
           pieces_cost(c, m, piece);
}

/* The others' slices in; one's own combined from theirs; the others'
 * results out, both read from the lines another core just wrote, as the
 * relay's copies are. */
static double sliced_reduce_cost(const hmpi__coll_ctx *c, double p, double m)
{
    double piece = (double)hmpi__shm_buffer_bytes(c->shm);
    return 3 * sync_cost(c) + copy_cost(c, m * (p - 1) / p) + 2 * cross_cost(c, m * (p - 1) / p) +
           hmpi__cost_combine(&c->cost, m / p) + copy_cost(c, m / p) + pieces_cost(c, m, piece) * 2;
}

double hmpi__cost_reduce_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a), p = c->largest, bcast = 0;
    int to_all = c->nodes == 1 && a->coll == HMPI__ALLREDUCE; /* (node_reduce's) */
    double node = reduces_whole(c, to_all, c->largest, m) ? whole_reduce_cost(c, to_all, p, m)
                                                          : sliced_reduce_cost(c, p, m);
    if (c->nodes > 1 && a->coll == HMPI__ALLREDUCE) /* down the tree, then the node's bcast */
        bcast = leaders_cost(c, m) + sync_cost(c) + 2 * copy_cost(c, m);
    return node + leaders_cost(c, m) + bcast;
}

/* The others' blocks in, then p - 1 of them combined into one's own. */
double hmpi__cost_reduce_scatter_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a);
    double buffer = (double)hmpi__shm_buffer_bytes(c->shm);
    return 2 * sync_cost(c) + copy_cost(c, m * (c->size - 1)) +
           (c->size - 1) * hmpi__cost_combine(&c->cost, m) +
           ahead_pieces_cost(c, m * c->size, buffer, buffer * (c->size - 1) / c->size);
}

/* The root copies every block, its own too, and the others' copies of
 * theirs overlap its own (a gather's first, while they copy theirs in; a
 * scatter's after its flag, while they copy theirs out) or its pieces
 * (the one before or after). A gather's blocks start their writers'
 * buffers; a scatter's lie in the takers' own slots, not on the root's
 * flag's line. */
double hmpi__cost_rooted_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a);
    double data = a->coll == HMPI__GATHER ? data_trip(c, m) : line_trip(c);
    return sync_cost(c) + data + copy_cost(c, m * c->size) +
           pieces_cost(c, m, (double)hmpi__shm_buffer_bytes(c->shm));
}

/* Allgather: a block in, the others' out (each at its writer's buffer's
 * start); alltoall: the others' blocks in and out, in areas of the
 * writers' buffers (alltoallv: empty blocks, as hmpi__coll_block_bytes
 * prices it, the same on every process). */
double hmpi__cost_exchange_shm(const hmpi__coll_ctx *c, const hmpi__coll_args *a)
{
    SHM_OR_NEVER(c);
    double m = hmpi__coll_block_bytes(c, a), others = m * (c->size - 1);
    int alltoall = a->coll == HMPI__ALLTOALL || a->coll == HMPI__ALLTOALLV;
    double piece = (double)hmpi__shm_buffer_bytes(c->shm) / (alltoall ? c->size : 1);
    return sync_cost(c) + (alltoall ? line_trip(c) : data_trip(c, m)) +
           copy_cost(c, alltoall ? others : m) + copy_cost(c, others) +
           ahead_pieces_cost(c, m, piece, alltoall ? piece * (c->size - 1) : piece);
}

/* The node's shared memory (see shm.h). */
#include "core/comm.h"
#include "core/config.h"
#include "core/op.h"
#include "core/pmpi.h"
#include "shm/shm_internal.h"
#include "util/backoff.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- channels ------------------------------------------------------------ */

static void chan_free(hmpi__shm_chan *ch)
{
    if (!ch)
        return;
    free(ch->flag);
    free(ch->buf);
    free(ch->seen);
    free(ch);
}

/* Did every rank succeed? (An allocation refused on some ranks leaves the
 * others' windows behind: MPI frees them at MPI_Finalize.) */
static int all_succeeded(MPI_Comm comm, int rc, int *ok)
{
    *ok = rc == MPI_SUCCESS;
    return HMPI__MPI(Allreduce)(MPI_IN_PLACE, ok, 1, MPI_INT, MPI_MIN, comm);
}

/* One window over the node: each rank's flags and buffers, zeroed by their
 * owner (first touch: on its NUMA node). Collective over shm->node. */
static int chan_create(hmpi__shm *shm, int index, hmpi__shm_chan **out)
{
    hmpi__shm_chan *ch = calloc(1, sizeof *ch);
    size_t stride = (HEAD_BYTES + shm->buffer_bytes + LINE - 1) / LINE * LINE;
    MPI_Aint bytes = (MPI_Aint)(sizeof(flags) + (size_t)shm->buffers * stride);
    MPI_Info info;
    void *mine;
    int rc, ok;
    *out = NULL;
    if (ch) {
        ch->flag = calloc((size_t)shm->size, sizeof *ch->flag);
        ch->buf = calloc((size_t)shm->size, sizeof *ch->buf);
        ch->seen = calloc((size_t)shm->size, sizeof *ch->seen);
    }
    /* a rank short of memory: no window anywhere on the node */
    rc = all_succeeded(shm->node,
                       ch && ch->flag && ch->buf && ch->seen ? MPI_SUCCESS : MPI_ERR_NO_MEM, &ok);
    if (rc != MPI_SUCCESS || !ok) {
        chan_free(ch);
        return rc != MPI_SUCCESS ? rc : MPI_ERR_NO_MEM;
    }
    HMPI__MPI(Info_create)(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    rc = MPI_Win_allocate_shared(bytes, 1, info, shm->node, &mine, &ch->win);
    MPI_Info_free(&info);
    if (rc != MPI_SUCCESS) {
        chan_free(ch);
        return rc;
    }
    memset(mine, 0, (size_t)bytes);
    for (int r = 0; r < shm->size; r++) {
        MPI_Aint size;
        int disp;
        void *base;
        MPI_Win_shared_query(ch->win, r, &size, &disp, &base);
        ch->flag[r] = base;
        ch->buf[r] = (char *)base + sizeof(flags);
    }
    MPI_Win_lock_all(MPI_MODE_NOCHECK, ch->win); /* loads and stores from now on */
    ch->shm = shm;
    ch->index = index;
    ch->stride = stride;
    ch->mask = (uint64_t)shm->buffers - 1;
    *out = ch;
    return HMPI__MPI(Barrier)(shm->node); /* every part zeroed before anyone polls it */
}

/* ---- the communicator's object ------------------------------------------ */

/* The channel's window, unlocked and freed (collective over the node). */
static void chan_close(hmpi__shm_chan *ch)
{
    MPI_Win_unlock_all(ch->win);
    MPI_Win_free(&ch->win);
}

/* Collectively: the windows and the node communicator (the object stays
 * until its last schedule lets go of it). */
static void shm_retire(hmpi__shared *obj)
{
    hmpi__shm *shm = (hmpi__shm *)obj;
    if (shm->retired)
        return;
    shm->retired = 1;
    for (int i = 0; i < shm->nchan; i++)
        chan_close(shm->chan[i]);
    if (shm->node != MPI_COMM_NULL)
        MPI_Comm_free(&shm->node);
}

static void shm_destroy(hmpi__shared *obj)
{
    hmpi__shm *shm = (hmpi__shm *)obj;
    shm_retire(obj); /* never cached (no memory): every rank gets here alike */
    for (int i = 0; i < shm->nchan; i++)
        chan_free(shm->chan[i]);
    free(shm);
}

/* A copy of the communicator (MPI_Comm_dup) makes its own: collectives on
 * the two may run at once. */
static int shm_fits(const hmpi__shared *obj, MPI_Comm comm)
{
    (void)obj;
    (void)comm;
    return 0;
}

/* This rank's node part of comm (the ranks of colour `node`, in comm's
 * order), MPI_COMM_NULL unless every node's part shares memory; whether
 * the machine runs more of comm's ranks than it has cores; and the least
 * of every rank's `sizes` (a slot's bytes, its buffers and the channels,
 * which every rank must take alike, whatever its environment). The same
 * everywhere.
 * Collective over comm's private duplicate, all. */
static int node_of(MPI_Comm all, int color, MPI_Comm *node, int *oversubscribed, int sizes[3])
{
    MPI_Comm machine;
    int rank, nsize, msize, figures[5], rc;
    *node = MPI_COMM_NULL;
    MPI_Comm_rank(all, &rank);
    TRY(HMPI__MPI(Comm_split)(all, color, rank, node));
    TRY(HMPI__MPI(Comm_split_type)(all, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine));
    MPI_Comm_size(*node, &nsize);
    MPI_Comm_size(machine, &msize);
    MPI_Comm_free(&machine);
    /* MPI_MAX of: a part that spans machines (negated: all share), more ranks than cores */
    int shares = 1;
    if (nsize > 1) { /* every rank of the part on this machine? */
        MPI_Comm part_machine;
        int psize;
        TRY(HMPI__MPI(Comm_split_type)(*node, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                                       &part_machine));
        MPI_Comm_size(part_machine, &psize);
        MPI_Comm_free(&part_machine);
        shares = psize == nsize;
    }
    figures[0] = !shares;
    figures[1] = msize > sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < 3; i++)
        figures[2 + i] = -sizes[i]; /* (the least: the largest negated) */
    rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, figures, 5, MPI_INT, MPI_MAX, all);
    if (rc != MPI_SUCCESS || figures[0])
        MPI_Comm_free(node);
    *oversubscribed = figures[1];
    for (int i = 0; i < 3; i++)
        sizes[i] = -figures[2 + i];
    return rc;
}

static int setting(int id, int lo, int hi)
{
    int v = hmpi__config_number(id);
    return v < lo ? lo : v > hi ? hi : v;
}

/* A rank's slot of `bytes` cut into `buffers` (the power of two at or
 * below, fewer where a buffer would hold less than MIN_BUFFER_BYTES),
 * each whole lines. */
static void cut_slot(hmpi__shm *shm, size_t bytes, int buffers)
{
    shm->buffers = 2;
    while (shm->buffers * 2 <= buffers && bytes / (size_t)(shm->buffers * 2) >= MIN_BUFFER_BYTES)
        shm->buffers *= 2;
    shm->buffer_bytes = bytes / (size_t)shm->buffers;
    shm->buffer_bytes -= shm->buffer_bytes % LINE;
}

/* An MPI error while the object was made: this rank's own memory freed;
 * the window and the node's communicator, whose release is collective,
 * are left to MPI_Finalize (the other ranks may not be there). rc. */
static int abandon(hmpi__shm *shm, int rc)
{
    chan_free(shm->chan[0]);
    free(shm);
    return rc;
}

/* The object of comm for this rank's node (colour), its blocking channel
 * made; node MPI_COMM_NULL when there can be none. Collective. */
static int shm_create(MPI_Comm comm, int color, hmpi__shm **out)
{
    hmpi__shm *shm = calloc(1, sizeof *shm);
    int rc, ok, usable, oversubscribed;
    int sizes[3] = {setting(HMPI__CFG_SHM_SLOT_BYTES, MIN_SLOT_BYTES, MAX_SLOT_BYTES),
                    setting(HMPI__CFG_SHM_BUFFERS, 2, MAX_BUFFERS),
                    setting(HMPI__CFG_SHM_CHANNELS, 0, MAX_CHANNELS - 1)};
    if (!shm)
        return MPI_ERR_NO_MEM;
    hmpi__shared_init(&shm->base, shm_destroy, shm_fits);
    shm->base.retire = shm_retire;
    if ((rc = hmpi__comm_private(comm, &shm->all)) != MPI_SUCCESS ||
        (rc = node_of(shm->all, color, &shm->node, &oversubscribed, sizes)) != MPI_SUCCESS) {
        free(shm);
        return rc;
    }
    cut_slot(shm, (size_t)sizes[0], sizes[1]);
    shm->max_channels = 1 + sizes[2];
    *out = shm;
    if (shm->node == MPI_COMM_NULL)
        return MPI_SUCCESS;
    MPI_Comm_set_errhandler(shm->node, MPI_ERRORS_RETURN);
    MPI_Comm_rank(shm->node, &shm->rank);
    MPI_Comm_size(shm->node, &shm->size);
    if (oversubscribed) /* a waiting rank holds a core another needs */
        hmpi__backoff_oversubscribed();
    rc = chan_create(shm, 0, &shm->chan[0]);
    if ((rc = all_succeeded(shm->all, rc, &ok)) != MPI_SUCCESS ||
        (ok && (rc = hmpi__shm_calibrate(shm, oversubscribed, &usable)) != MPI_SUCCESS))
        return abandon(shm, rc);
    if (ok && usable) {
        shm->nchan = 1;
        return MPI_SUCCESS;
    }
    if (ok) /* its flags may be raised (every rank alike): message passing */
        chan_close(shm->chan[0]);
    chan_free(shm->chan[0]);
    shm->chan[0] = NULL;
    MPI_Comm_free(&shm->node);
    return MPI_SUCCESS;
}

int hmpi__shm_get(MPI_Comm comm, int node, const char *fn, hmpi__shm **out)
{
    hmpi__shm *shm = (hmpi__shm *)hmpi__comm_slot(comm, HMPI__SLOT_SHM);
    int rc;
    *out = NULL;
#ifdef SMPI_H
    (void)fn; /* SMPI's ranks are threads of one simulator: none may spin on another */
    return MPI_SUCCESS;
#endif
    if (!shm) {
        if (!hmpi__config_number(HMPI__CFG_SHM))
            return MPI_SUCCESS;
        if ((rc = shm_create(comm, node, &shm)) != MPI_SUCCESS)
            return hmpi__error_code(rc, fn, "cannot make the node's shared-memory segment");
        if ((rc = hmpi__comm_slot_set(comm, HMPI__SLOT_SHM, &shm->base)) != MPI_SUCCESS)
            return hmpi__error_code(rc, fn, "out of memory");
    }
    *out = shm->node != MPI_COMM_NULL ? shm : NULL;
    return MPI_SUCCESS;
}

/* The lowest channel that every rank of the communicator has idle (every
 * node choosing alike), made when there is none and room for one; -1:
 * none. Collective. */
static int agree_idle(hmpi__shm *shm, int *index)
{
    uint64_t idle = 0;
    int rc, ok;
    *index = -1;
    for (int i = 1; i < shm->nchan; i++)
        if (!__atomic_load_n(&shm->chan[i]->leased, __ATOMIC_ACQUIRE))
            idle |= UINT64_C(1) << i;
    TRY(HMPI__MPI(Allreduce)(MPI_IN_PLACE, &idle, 1, MPI_UINT64_T, MPI_BAND, shm->all));
    if (idle) {
        *index = __builtin_ctzll(idle);
        return MPI_SUCCESS;
    }
    if (shm->nchan >= shm->max_channels)
        return MPI_SUCCESS;
    rc = chan_create(shm, shm->nchan, &shm->chan[shm->nchan]);
    TRY(all_succeeded(shm->all, rc, &ok));
    if (!ok) { /* refused: message passing from now on */
        chan_free(shm->chan[shm->nchan]);
        shm->chan[shm->nchan] = NULL;
        shm->max_channels = shm->nchan;
        return MPI_SUCCESS;
    }
    *index = shm->nchan++;
    return MPI_SUCCESS;
}

int hmpi__shm_acquire(hmpi__shm *shm, int exclusive, const char *fn, hmpi__shm_chan **out)
{
    int index = 0, rc;
    *out = NULL;
    if (exclusive && (rc = agree_idle(shm, &index)) != MPI_SUCCESS)
        return hmpi__error_code(rc, fn, "cannot agree on a shared-memory segment");
    if (index < 0)
        return MPI_SUCCESS;
    *out = shm->chan[index];
    if (index > 0)
        __atomic_store_n(&(*out)->leased, 1, __ATOMIC_RELEASE);
    hmpi__shared_ref(&shm->base);
    return MPI_SUCCESS;
}

void hmpi__shm_release(hmpi__shm_chan *ch)
{
    if (ch->index > 0)
        __atomic_store_n(&ch->leased, 0, __ATOMIC_RELEASE);
    hmpi__shared_unref(&ch->shm->base);
}

size_t hmpi__shm_buffer_bytes(const hmpi__shm_chan *ch)
{
    return ch->shm->buffer_bytes;
}

int hmpi__shm_buffers(const hmpi__shm_chan *ch)
{
    return ch->shm->buffers;
}

int hmpi__shm_rank(const hmpi__shm_chan *ch)
{
    return ch->shm->rank;
}

int hmpi__shm_size(const hmpi__shm_chan *ch)
{
    return ch->shm->size;
}

/* ---- steps ---------------------------------------------------------------- */

enum { BEGIN, PUT, PUBLISH, GET, WAIT, REDUCE, ACK, COPY };

typedef struct step {
    struct step *next; /* the next of its chain */
    hmpi__shm_op *op;
    int kind, gen;
    int rank, flag_rank; /* the slot's owner; whose ready flag to wait for */
    int first, n, scan;  /* WAIT, REDUCE: ranks [first, first + n); scan: checked so far */
    const int *ranks;    /* WAIT: ranks[0, n) instead of the range (NULL: the range) */
    size_t offset, bytes;
    const void *src; /* PUT, COPY: the data; REDUCE: this rank's input, NULL for its slot's */
    void *dst;       /* GET, COPY: where it goes; REDUCE: NULL for this rank's slot at dst_gen */
    int count, dst_gen;
    int commutative; /* REDUCE: mop's */
    int alike;       /* REDUCE: every rank combines the same inputs (rank order) */
    MPI_Datatype type;
    MPI_Op mop;
} step;

/* Steps added one after the other in a round: one call of the engine,
 * which resumes at the step that could not go on yet. */
typedef struct chain {
    hmpi__sched *s;
    step *first, *last;
    step *resume;        /* where it stopped, in s's run number resume_run */
    unsigned resume_run; /* (hmpi__sched_runs) */
} chain;

/* The value generation gen of the schedule has in this run. */
static uint64_t value(const hmpi__shm_op *op, int gen)
{
    return op->base + (uint64_t)gen + 1;
}

/* Has rank r published v? A reader that sees it so keeps the ack that v's
 * head gave with its flag. */
static int sees_published(hmpi__shm_chan *ch, int r, uint64_t v)
{
    if (!hmpi__shm_published(ch, r, v))
        return 0;
    uint64_t a = atomic_load_explicit(&hmpi__shm_head(ch, r, v)->acked, memory_order_acquire);
    if (a > ch->seen[r])
        ch->seen[r] = a;
    return 1;
}

/* The lowest ack of every rank: from their heads as last seen and this
 * rank's own (lines this core holds), else (load_lines) from the ack
 * lines themselves. */
static uint64_t least_ack(hmpi__shm_chan *ch, int load_lines)
{
    uint64_t least = UINT64_MAX;
    for (int r = 0; r < ch->shm->size; r++) {
        if (load_lines || r == ch->shm->rank) {
            uint64_t a = atomic_load_explicit(&ch->flag[r]->ack, memory_order_acquire);
            ch->seen[r] = a > ch->seen[r] ? a : ch->seen[r];
        }
        least = ch->seen[r] < least ? ch->seen[r] : least;
    }
    return least;
}

/* Has every rank read the buffer of v in its last use, generation v -
 * buffers? The other cores' ack lines are loaded only when their heads
 * have not told (a writer that waits for no one's flag, as a bcast's
 * root): at best once every `buffers` generations (the readers had caught
 * up at the last look), more often when they lag. */
static int writable(hmpi__shm_chan *ch, uint64_t v)
{
    uint64_t lag = hmpi__shm_lag(ch);
    if (ch->acked + lag < v)
        ch->acked = least_ack(ch, 0);
    if (ch->acked + lag < v)
        ch->acked = least_ack(ch, 1);
    return ch->acked + lag >= v;
}

/* Have ranks [first, first + n) published v? Resumes where the last poll stopped. */
static int range_ready(step *st, uint64_t v)
{
    while (st->scan < st->n &&
           sees_published(st->op->ch, st->ranks ? st->ranks[st->scan] : st->first + st->scan, v))
        st->scan++;
    if (st->scan < st->n)
        return 0;
    st->scan = 0;
    return 1;
}

/* Rank r's input to a combination into inout: its slot's, or this rank's
 * own at hand (not where that is inout, which the combination overwrites:
 * its slot then). */
static const void *input_of(const step *st, int r, uint64_t v, const void *inout)
{
    const hmpi__shm_chan *ch = st->op->ch;
    return st->src && st->src != inout && r == ch->shm->rank
               ? st->src
               : hmpi__shm_place(ch, r, v, st->offset);
}

/* inout = this rank's own input op every other's, a commutative op: its
 * own (in inout already, or not), the others' slots folded into it. */
static int fold_onto_own(const step *st, uint64_t v, void *inout, int me)
{
    if (st->src != inout)
        memcpy(inout, st->src, st->bytes);
    for (int r = st->first; r < st->first + st->n; r++)
        if (r != me)
            TRY(hmpi__reduce_local(input_of(st, r, v, inout), inout, st->count, st->type, st->mop));
    return MPI_SUCCESS;
}

int hmpi__shm_reduce_places_own(int rank, int n, MPI_Datatype type, MPI_Op mop, int alike)
{
    int commutative;
    if (alike)
        return rank == n - 1 ||
               (rank == n - 2 && hmpi__reduce_local_left(NULL, NULL, 0, type, mop));
    MPI_Op_commutative(mop, &commutative);
    return commutative;
}

/* inout = in[0] op in[1] op ... op in[n - 1] (MPI_Reduce_local's
 * inout = in op inout, from the last input down). Where every rank
 * combines the same inputs (alike: an allreduce), all keep that order
 * whatever the op, so that all get the same bits. Then the last rank,
 * whose own input starts the fold, and the last but one, whose own is its
 * first left operand, may have theirs in inout already (src == inout, put
 * there while the others' flags came, hmpi__shm_reduce_places_own): the
 * fold goes on from it, the last but one's in one of hmpi's own loops
 * (hmpi__reduce_local_left). Otherwise a commutative op with this rank's
 * own input at hand starts from it (fold_onto_own): a reduction's loads of
 * lines another core just wrote run at about twice a memcpy's pace (two
 * ranks, 16 KiB: 0.5 against 0.8 us). */
static int combine(const step *st, uint64_t v, void *inout)
{
    int me = st->op->ch->shm->rank, last = st->first + st->n - 1, from = last - 1;
    int placed = st->src == inout; /* this rank's input in inout */
    if (st->src && st->commutative && !st->alike && me >= st->first && me <= last)
        return fold_onto_own(st, v, inout, me);
    if (placed && me == last - 1) { /* its own left of the last's */
        if (!hmpi__reduce_local_left(inout, input_of(st, last, v, inout), st->count, st->type,
                                     st->mop))
            return MPI_ERR_INTERN; /* (placed only where hmpi__shm_reduce_places_own said so) */
        from = last - 2;
    } else if (!(placed && me == last))
        memcpy(inout, input_of(st, last, v, inout), st->bytes);
    for (int r = from; r >= st->first; r--)
        TRY(hmpi__reduce_local(input_of(st, r, v, inout), inout, st->count, st->type, st->mop));
    return MPI_SUCCESS;
}

/* The operation's generations in this run of its schedule, taken in turn
 * at its start. */
static int begin(hmpi__shm_op *op)
{
    if (op->ch->shm->retired)
        return MPI_ERR_COMM; /* its communicator was freed */
    op->base = op->ch->gen;
    op->ch->gen += (uint64_t)op->ngens;
    return MPI_SUCCESS;
}

static int run_step(step *st, int *done)
{
    hmpi__shm_chan *ch = st->op->ch;
    uint64_t v = value(st->op, st->gen);
    flags *mine = ch->flag[ch->shm->rank];
    *done = 0;
    switch (st->kind) {
    case BEGIN:
        TRY(begin(st->op));
        break;
    case PUT:
        if (!writable(ch, v))
            return MPI_SUCCESS;
        memcpy(hmpi__shm_place(ch, st->rank, v, st->offset), st->src, st->bytes);
        break;
    case PUBLISH:
        hmpi__shm_publish_now(ch, ch->shm->rank, v);
        break;
    case ACK:
        atomic_store_explicit(&mine->ack, v, memory_order_release);
        break;
    case GET:
        if (!sees_published(ch, st->flag_rank, v))
            return MPI_SUCCESS;
        memcpy(st->dst, hmpi__shm_place(ch, st->rank, v, st->offset), st->bytes);
        break;
    case WAIT:
        if (!range_ready(st, v))
            return MPI_SUCCESS;
        break;
    case REDUCE: {
        uint64_t dv = value(st->op, st->dst_gen);
        if ((!st->dst && !writable(ch, dv)) || !range_ready(st, v))
            return MPI_SUCCESS;
        TRY(combine(st, v, st->dst ? st->dst : hmpi__shm_place(ch, ch->shm->rank, dv, st->offset)));
        break;
    }
    case COPY:
        memcpy(st->dst, st->src, st->bytes);
        break;
    }
    *done = 1;
    return MPI_SUCCESS;
}

static int run_chain(void *arg, int *done)
{
    chain *c = arg;
    unsigned now = hmpi__sched_runs(c->s);
    step *st = c->resume && c->resume_run == now ? c->resume : c->first;
    for (; st; st = st->next) {
        int rc = run_step(st, done);
        if (rc != MPI_SUCCESS || !*done) {
            c->resume = st, c->resume_run = now;
            return rc;
        }
    }
    c->resume = NULL;
    return MPI_SUCCESS;
}

/* A step at the end of s: on the chain s ends with, or on a new one. */
static int add(hmpi__sched *s, const step *proto)
{
    step *st = hmpi__sched_alloc(s, sizeof *st);
    chain *c;
    if (!st)
        return MPI_ERR_NO_MEM;
    *st = *proto;
    if (st->kind != BEGIN && st->kind != COPY && st->gen >= st->op->ngens)
        st->op->ngens = st->gen + 1;
    if (st->kind == REDUCE && st->dst_gen >= st->op->ngens)
        st->op->ngens = st->dst_gen + 1;
    if ((c = hmpi__sched_last_call(s, run_chain))) {
        c->last = c->last->next = st;
        return MPI_SUCCESS;
    }
    if (!(c = hmpi__sched_alloc(s, sizeof *c)))
        return MPI_ERR_NO_MEM;
    *c = (chain){.s = s, .first = st, .last = st};
    return hmpi__sched_call(s, run_chain, c);
}

static void release_op(void *arg)
{
    hmpi__shm_release(((hmpi__shm_op *)arg)->ch);
}

int hmpi__shm_op_begin(hmpi__sched *s, hmpi__shm_chan *ch, hmpi__shm_op **out)
{
    hmpi__shm_op *op = hmpi__sched_alloc(s, sizeof *op);
    if (!op) {
        hmpi__shm_release(ch);
        return MPI_ERR_NO_MEM;
    }
    op->ch = ch;
    TRY(hmpi__sched_on_free(s, release_op, op));
    *out = op;
    step st = {.op = op, .kind = BEGIN};
    return add(s, &st);
}

/* A step that moves bytes between `local` (src or dst) and a place in a slot. */
static int move_step(hmpi__sched *s, hmpi__shm_op *op, int kind, int gen, int flag_rank, int rank,
                     size_t offset, const void *src, void *dst, size_t bytes)
{
    step st = {.op = op, .kind = kind, .gen = gen, .rank = rank, .flag_rank = flag_rank};
    st.offset = offset, st.bytes = bytes, st.src = src, st.dst = dst;
    return bytes ? add(s, &st) : MPI_SUCCESS;
}

/* A step that raises one of this rank's flags (PUBLISH, ACK) to gen. */
static int flag_step(hmpi__sched *s, hmpi__shm_op *op, int kind, int gen)
{
    step st = {.op = op, .kind = kind, .gen = gen};
    return add(s, &st);
}

int hmpi__shm_put(hmpi__sched *s, hmpi__shm_op *op, int gen, const void *src, size_t bytes,
                  int rank, size_t offset)
{
    return move_step(s, op, PUT, gen, rank, rank, offset, src, NULL, bytes);
}

int hmpi__shm_publish(hmpi__sched *s, hmpi__shm_op *op, int gen)
{
    return flag_step(s, op, PUBLISH, gen);
}

int hmpi__shm_ack(hmpi__sched *s, hmpi__shm_op *op, int gen)
{
    return flag_step(s, op, ACK, gen);
}

int hmpi__shm_get_from(hmpi__sched *s, hmpi__shm_op *op, int gen, int flag_rank, int rank,
                       size_t offset, void *dst, size_t bytes)
{
    return move_step(s, op, GET, gen, flag_rank, rank, offset, NULL, dst, bytes);
}

int hmpi__shm_copy(hmpi__sched *s, hmpi__shm_op *op, const void *src, void *dst, size_t bytes)
{
    return move_step(s, op, COPY, 0, -1, -1, 0, src, dst, bytes);
}

int hmpi__shm_wait(hmpi__sched *s, hmpi__shm_op *op, int gen, int first, int n)
{
    step st = {.op = op, .kind = WAIT, .gen = gen, .first = first, .n = n};
    return n > 0 ? add(s, &st) : MPI_SUCCESS;
}

int hmpi__shm_wait_ranks(hmpi__sched *s, hmpi__shm_op *op, int gen, const int *ranks, int n)
{
    step st = {.op = op, .kind = WAIT, .gen = gen, .n = n, .ranks = ranks};
    return n > 0 ? add(s, &st) : MPI_SUCCESS;
}

int hmpi__shm_reduce(hmpi__sched *s, hmpi__shm_op *op, int gen, int n, size_t offset, int count,
                     MPI_Datatype type, MPI_Op mop, const void *own, void *dst, int dst_gen,
                     int alike)
{
    int size, commutative;
    MPI_Type_size(type, &size);
    MPI_Op_commutative(mop, &commutative);
    step st = {.op = op,
               .kind = REDUCE,
               .gen = gen,
               .first = 0,
               .n = n,
               .offset = offset,
               .bytes = (size_t)count * (size_t)size,
               .src = own,
               .dst = dst,
               .count = count,
               .dst_gen = dst_gen,
               .commutative = commutative,
               .alike = alike,
               .type = type,
               .mop = mop};
    return count > 0 ? add(s, &st) : MPI_SUCCESS;
}

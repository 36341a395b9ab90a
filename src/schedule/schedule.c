/* Schedule engine: rounds of local steps and persistent requests. */
#include "schedule/schedule.h"
#include "core/config.h"
#include "core/op.h"
#include "core/pmpi.h"
#include "core/world.h"
#include "util/backoff.h"

#include <stdlib.h>
#include <string.h>

enum { STEP_MEMCPY, STEP_PACK, STEP_REDUCE, STEP_PACK_TO, STEP_UNPACK_FROM, STEP_CALL };

typedef struct step {
    int kind;
    const void *src;
    void *dst;
    int scount, dcount;
    MPI_Datatype stype, dtype;
    MPI_Op op;
    size_t bytes;      /* STEP_MEMCPY: bytes; STEP_PACK: pack buffer size */
    void *pack;        /* STEP_PACK: buffer */
    hmpi__sched_fn fn; /* STEP_CALL: fn(dst, &done) */
} step;

typedef struct release {
    void (*fn)(void *arg);
    void *arg;
} release;

/* A message of the schedule, kept to post it again in nonblocking mode. */
typedef struct message {
    const void *buf;
    int count;
    MPI_Datatype type;
    int peer, tag, kind; /* SEND, SSEND or RECV */
    MPI_Comm comm;
} message;

enum { RECV, SEND, SSEND };

typedef struct round {
    int first_step, nsteps;
    int first_req, nreqs;
    int first_after, nafter; /* listed: launch once after[first_after ..] completed */
    int listed;              /* made by hmpi__sched_round_after (its list may be empty) */
    int nsends;              /* its sends so far */
    int recv_after_send;     /* a receive comes after a send: launch reorders */
} round;

struct hmpi__sched {
    int nrounds, cap_rounds;
    round *rounds;
    int nsteps, cap_steps;
    step *steps;
    int nreqs, cap_reqs;
    MPI_Request *reqs;
    message *msgs;      /* [cap_reqs] */
    int nonblocking;    /* post msgs with MPI_Isend/Irecv instead of starting reqs */
    MPI_Comm pack_comm; /* its copies' MPI_Pack's (pack_comm()) */
    MPI_Status *status; /* [cap_reqs], so that waiting allocates nothing */
    int nbufs, cap_bufs;
    void **bufs;      /* scratch and pack buffers */
    size_t buf_bytes; /* their sum */
    int ntypes, cap_types;
    MPI_Datatype *types; /* derived datatypes the messages and steps use */
    int nafter, cap_after;
    int *after; /* the requests rounds made by hmpi__sched_round_after wait for */
    int nreleases, cap_releases;
    release *releases; /* hmpi__sched_on_free's */
    int current;       /* next round to launch; nrounds once all are launched */
    int entered;       /* round current is ready: its steps from next_step run */
    int next_step;     /* with entered: the first of its steps not done yet */
    int checked;       /* requests [0, checked) are known complete in this run */
    unsigned runs;     /* starts so far (hmpi__sched_runs) */
};

/* Grow an array of elements of size `size` to hold one more. */
static int reserve(void **array, int *cap, int count, size_t size)
{
    if (count < *cap)
        return 0;
    int ncap = *cap ? 2 * *cap : 8;
    void *grown = realloc(*array, (size_t)ncap * size);
    if (!grown)
        return -1;
    *array = grown;
    *cap = ncap;
    return 0;
}

/* How rounds post their messages. Persistent requests ("request caching")
 * by default; HMPI_P2P=nonblocking posts the same prepared messages with
 * MPI_Isend/MPI_Irecv, which is ~3x cheaper per message in Open MPI 4.1, and
 * the only correct way in SimGrid SMPI 3.32 (its persistent sends lose eager
 * messages restarted before the receive is posted): auto picks it there. */
static int nonblocking_mode(void)
{
    int mode = hmpi__config_number(HMPI__CFG_P2P);
    if (mode == HMPI__P2P_AUTO)
#if (defined(OPEN_MPI) && OPEN_MPI) || defined(SMPI_H)
        return 1;
#else
        return 0;
#endif
    return mode == HMPI__P2P_NONBLOCKING;
}

/* MPI_COMM_SELF, which outlives every communicator; under Sessions alone
 * the world's own, else the operation's (which the program may free before
 * a nonblocking operation's last copy). */
static MPI_Comm pack_comm(MPI_Comm comm)
{
    MPI_Comm self = hmpi__world_self();
    return self != MPI_COMM_NULL ? self : comm;
}

hmpi__sched *hmpi__sched_create(MPI_Comm comm)
{
    hmpi__sched *s = calloc(1, sizeof *s);
    if (s)
        s->nonblocking = nonblocking_mode(), s->pack_comm = pack_comm(comm);
    if (s && hmpi__sched_round(s) != MPI_SUCCESS) {
        free(s);
        return NULL;
    }
    return s;
}

void hmpi__sched_free(hmpi__sched *s)
{
    if (!s)
        return;
    for (int i = s->nreleases - 1; i >= 0; i--)
        s->releases[i].fn(s->releases[i].arg);
    free(s->releases);
    for (int i = 0; i < s->nreqs; i++)
        if (s->reqs[i] != MPI_REQUEST_NULL)
            HMPI__MPI(Request_free)(&s->reqs[i]);
    for (int i = 0; i < s->nbufs; i++)
        free(s->bufs[i]);
    for (int i = 0; i < s->ntypes; i++)
        MPI_Type_free(&s->types[i]);
    HMPI__FREE_ALL(s->types, s->after, s->rounds, s->steps, s->reqs, s->msgs, s->status, s->bufs,
                   s);
}

/* A new empty round at the end; NULL: no memory. */
static round *append_round(hmpi__sched *s)
{
    if (reserve((void **)&s->rounds, &s->cap_rounds, s->nrounds, sizeof(round)))
        return NULL;
    s->rounds[s->nrounds] = (round){s->nsteps, 0, s->nreqs, 0, 0, 0, 0, 0, 0};
    return &s->rounds[s->nrounds++];
}

static int is_empty(const round *r)
{
    return r->nsteps == 0 && r->nreqs == 0 && !r->listed;
}

int hmpi__sched_round(hmpi__sched *s)
{
    if (s->nrounds > 0 && is_empty(&s->rounds[s->nrounds - 1]))
        return MPI_SUCCESS; /* the open round is still empty: reuse it */
    return append_round(s) ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

int hmpi__sched_round_after(hmpi__sched *s, const int *requests, int n)
{
    round *last = &s->rounds[s->nrounds - 1];
    if (!is_empty(last) && !(last = append_round(s)))
        return MPI_ERR_NO_MEM;
    last->first_after = s->nafter;
    last->listed = 1;
    for (int i = 0; i < n; i++) {
        if (requests[i] < 0 || requests[i] >= s->nreqs)
            return MPI_ERR_INTERN; /* only requests already made can be waited for */
        if (reserve((void **)&s->after, &s->cap_after, s->nafter, sizeof(int)))
            return MPI_ERR_NO_MEM;
        s->after[s->nafter++] = requests[i];
        last->nafter++;
    }
    return MPI_SUCCESS;
}

int hmpi__sched_next_request(const hmpi__sched *s)
{
    return s->nreqs;
}

static round *open_round(hmpi__sched *s)
{
    return &s->rounds[s->nrounds - 1];
}

/* Steps must come before the requests of their round: a step added after a
 * request opens a new round. */
static int add_step(hmpi__sched *s, const step *st)
{
    if (open_round(s)->nreqs > 0 && hmpi__sched_round(s) != MPI_SUCCESS)
        return MPI_ERR_NO_MEM;
    if (reserve((void **)&s->steps, &s->cap_steps, s->nsteps, sizeof(step)))
        return MPI_ERR_NO_MEM;
    s->steps[s->nsteps++] = *st;
    open_round(s)->nsteps++;
    return MPI_SUCCESS;
}

static int keep_buffer(hmpi__sched *s, void *buf, size_t bytes)
{
    if (reserve((void **)&s->bufs, &s->cap_bufs, s->nbufs, sizeof(void *))) {
        free(buf);
        return -1;
    }
    s->bufs[s->nbufs++] = buf;
    s->buf_bytes += bytes;
    return 0;
}

/* Is type a predefined one, or contiguous copies of one, or gap-free
 * vectors and structs of such (what MPI 4's large counts build on MPI 3.1
 * libraries)? (A type that fills its extent may still store its elements
 * out of order.) */
static int type_is_in_order(MPI_Datatype type)
{
    int nints, naddrs, ntypes, combiner, ints[5], in_order = 0;
    MPI_Aint addrs[2];
    MPI_Datatype inner[2];
    MPI_Type_get_envelope(type, &nints, &naddrs, &ntypes, &combiner);
    if (combiner == MPI_COMBINER_NAMED)
        return 1;
    int shape_ok = (combiner == MPI_COMBINER_CONTIGUOUS || combiner == MPI_COMBINER_DUP) ||
                   (combiner == MPI_COMBINER_VECTOR && nints == 3) ||
                   (combiner == MPI_COMBINER_STRUCT && nints == 3 && naddrs == 2);
    if (!shape_ok || nints > 5 || naddrs > 2 || ntypes > 2)
        return 0;
    MPI_Type_get_contents(type, nints, naddrs, ntypes, ints, addrs, inner);
    in_order = 1;
    if (combiner == MPI_COMBINER_VECTOR) /* blocks that abut */
        in_order = ints[1] == ints[2];
    if (combiner == MPI_COMBINER_STRUCT) { /* two single blocks, the second where the first ends */
        MPI_Count first;
        MPI_Type_size_x(inner[0], &first);
        in_order = ints[1] == 1 && ints[2] == 1 && addrs[0] == 0 && addrs[1] == first;
    }
    for (int i = 0; i < ntypes; i++) {
        in_order = in_order && type_is_in_order(inner[i]);
        int ni, na, nt, c;
        MPI_Type_get_envelope(inner[i], &ni, &na, &nt, &c);
        if (c != MPI_COMBINER_NAMED)
            MPI_Type_free(&inner[i]);
    }
    return in_order;
}

/* Is the layout of count elements of type one block starting at the buffer? */
int hmpi__type_is_contiguous(MPI_Datatype type, int count, size_t *bytes)
{
    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Count size; /* elements past 2 GiB: MPI 4's large counts */
    MPI_Type_size_x(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    *bytes = (size_t)size * (size_t)count;
    return true_lb == 0 && true_extent == size && (count <= 1 || extent == size) &&
           type_is_in_order(type);
}

int hmpi__sched_copy_bytes(hmpi__sched *s, const void *src, void *dst, size_t bytes)
{
    step st = {STEP_MEMCPY, src, dst, 0, 0, MPI_BYTE, MPI_BYTE, MPI_OP_NULL, 0, NULL, NULL};
    st.bytes = bytes;
    return bytes && src != dst ? add_step(s, &st) : MPI_SUCCESS;
}

int hmpi__sched_copy(hmpi__sched *s, const void *src, int scount, MPI_Datatype stype, void *dst,
                     int dcount, MPI_Datatype dtype)
{
    size_t sbytes, dbytes;
    step st = {STEP_MEMCPY, src, dst, scount, dcount, stype, dtype, MPI_OP_NULL, 0, NULL, NULL};
    if (src == dst && scount == dcount && stype == dtype)
        return MPI_SUCCESS;
    if (hmpi__type_is_contiguous(stype, scount, &sbytes) &&
        hmpi__type_is_contiguous(dtype, dcount, &dbytes) && sbytes == dbytes) {
        st.bytes = sbytes;
        return sbytes ? add_step(s, &st) : MPI_SUCCESS;
    }
    int packsize;
    MPI_Pack_size(scount, stype, s->pack_comm, &packsize);
    st.kind = STEP_PACK;
    st.bytes = (size_t)packsize;
    st.pack = malloc(st.bytes ? st.bytes : 1);
    if (!st.pack || keep_buffer(s, st.pack, st.bytes))
        return MPI_ERR_NO_MEM;
    return add_step(s, &st);
}

int hmpi__sched_pack(hmpi__sched *s, const void *src, int count, MPI_Datatype type, void *packed,
                     int packed_bytes)
{
    step st = {STEP_PACK_TO, src,         packed, count, packed_bytes, type,
               MPI_PACKED,   MPI_OP_NULL, 0,      NULL,  NULL};
    return count > 0 ? add_step(s, &st) : MPI_SUCCESS;
}

int hmpi__sched_unpack(hmpi__sched *s, const void *packed, int packed_bytes, void *dst, int count,
                       MPI_Datatype type)
{
    step st = {STEP_UNPACK_FROM, packed, dst,  packed_bytes, count, MPI_PACKED, type,
               MPI_OP_NULL,      0,      NULL, NULL};
    return count > 0 ? add_step(s, &st) : MPI_SUCCESS;
}

int hmpi__sched_reduce(hmpi__sched *s, const void *in, void *inout, int count, MPI_Datatype type,
                       MPI_Op op)
{
    step st = {STEP_REDUCE, in, inout, count, count, type, type, op, 0, NULL, NULL};
    return count > 0 ? add_step(s, &st) : MPI_SUCCESS;
}

static int add_request(hmpi__sched *s, int kind, const void *buf, int count, MPI_Datatype type,
                       int peer, int tag, MPI_Comm comm)
{
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_SUCCESS, cap = s->cap_reqs;
    if (!s->nonblocking)
        rc = kind == SEND    ? MPI_Send_init(buf, count, type, peer, tag, comm, &req)
             : kind == SSEND ? MPI_Ssend_init(buf, count, type, peer, tag, comm, &req)
                             : MPI_Recv_init((void *)buf, count, type, peer, tag, comm, &req);
    if (rc != MPI_SUCCESS)
        return rc;
    if (reserve((void **)&s->reqs, &s->cap_reqs, s->nreqs, sizeof(MPI_Request)))
        goto fn_fail;
    if (cap != s->cap_reqs) {
        MPI_Status *st = realloc(s->status, (size_t)s->cap_reqs * sizeof *st);
        if (st)
            s->status = st;
        message *m = realloc(s->msgs, (size_t)s->cap_reqs * sizeof *m);
        if (m)
            s->msgs = m;
        if (!st || !m)
            goto fn_fail;
    }
    s->msgs[s->nreqs] = (message){buf, count, type, peer, tag, kind, comm};
    s->reqs[s->nreqs++] = req;
    round *r = open_round(s);
    r->nreqs++;
    if (kind == RECV)
        r->recv_after_send |= r->nsends > 0;
    else
        r->nsends++;
    return MPI_SUCCESS;
fn_fail:
    if (req != MPI_REQUEST_NULL)
        HMPI__MPI(Request_free)(&req);
    return MPI_ERR_NO_MEM;
}

int hmpi__sched_send(hmpi__sched *s, const void *buf, int count, MPI_Datatype type, int peer,
                     int tag, MPI_Comm comm)
{
    return peer == MPI_PROC_NULL ? MPI_SUCCESS
                                 : add_request(s, SEND, buf, count, type, peer, tag, comm);
}

int hmpi__sched_ssend(hmpi__sched *s, const void *buf, int count, MPI_Datatype type, int peer,
                      int tag, MPI_Comm comm)
{
    return peer == MPI_PROC_NULL ? MPI_SUCCESS
                                 : add_request(s, SSEND, buf, count, type, peer, tag, comm);
}

int hmpi__sched_recv(hmpi__sched *s, void *buf, int count, MPI_Datatype type, int peer, int tag,
                     MPI_Comm comm)
{
    return peer == MPI_PROC_NULL ? MPI_SUCCESS
                                 : add_request(s, RECV, buf, count, type, peer, tag, comm);
}

int hmpi__sched_keep_type(hmpi__sched *s, MPI_Datatype type)
{
    if (reserve((void **)&s->types, &s->cap_types, s->ntypes, sizeof(MPI_Datatype))) {
        MPI_Type_free(&type);
        return MPI_ERR_NO_MEM;
    }
    s->types[s->ntypes++] = type;
    return MPI_SUCCESS;
}

void *hmpi__sched_scratch(hmpi__sched *s, int count, MPI_Datatype type)
{
    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    size_t bytes = count > 0 ? (size_t)true_extent + (size_t)(count - 1) * (size_t)extent : 1;
    char *base = malloc(bytes ? bytes : 1);
    if (!base || keep_buffer(s, base, bytes))
        return NULL;
    return base - true_lb; /* so that the type's first byte lands on the buffer */
}

void *hmpi__sched_alloc(hmpi__sched *s, size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p || keep_buffer(s, p, bytes))
        return NULL;
    return p;
}

size_t hmpi__sched_bytes(const hmpi__sched *s)
{
    return s->buf_bytes;
}

int hmpi__sched_call(hmpi__sched *s, hmpi__sched_fn fn, void *arg)
{
    step st = {STEP_CALL,         NULL,        arg, 0,    0, MPI_DATATYPE_NULL,
               MPI_DATATYPE_NULL, MPI_OP_NULL, 0,   NULL, fn};
    return add_step(s, &st);
}

void *hmpi__sched_last_call(const hmpi__sched *s, hmpi__sched_fn fn)
{
    const round *open = &s->rounds[s->nrounds - 1];
    /* a step added now would open a new round once the open one has requests */
    if (open->nsteps == 0 || open->nreqs > 0)
        return NULL;
    const step *last = &s->steps[s->nsteps - 1];
    return last->kind == STEP_CALL && last->fn == fn ? last->dst : NULL;
}

unsigned hmpi__sched_runs(const hmpi__sched *s)
{
    return s->runs;
}

int hmpi__sched_on_free(hmpi__sched *s, void (*fn)(void *arg), void *arg)
{
    if (reserve((void **)&s->releases, &s->cap_releases, s->nreleases, sizeof(release))) {
        fn(arg);
        return MPI_ERR_NO_MEM;
    }
    s->releases[s->nreleases++] = (release){fn, arg};
    return MPI_SUCCESS;
}

/* Run one step; *done = 0 when a call step must be called again. */
static int run_step(const step *st, MPI_Comm pack_comm, int *done)
{
    *done = 1;
    switch (st->kind) {
    case STEP_CALL:
        return st->fn(st->dst, done);
    case STEP_MEMCPY:
        memcpy(st->dst, st->src, st->bytes);
        return MPI_SUCCESS;
    case STEP_PACK: {
        int position = 0, rc;
        rc = MPI_Pack(st->src, st->scount, st->stype, st->pack, (int)st->bytes, &position,
                      pack_comm);
        if (rc != MPI_SUCCESS)
            return rc;
        int used = position;
        position = 0;
        return MPI_Unpack(st->pack, used, &position, st->dst, st->dcount, st->dtype, pack_comm);
    }
    case STEP_PACK_TO: {
        int position = 0;
        return MPI_Pack(st->src, st->scount, st->stype, st->dst, st->dcount, &position, pack_comm);
    }
    case STEP_UNPACK_FROM: {
        int position = 0;
        return MPI_Unpack(st->src, st->scount, &position, st->dst, st->dcount, st->dtype,
                          pack_comm);
    }
    default:
        return hmpi__reduce_local(st->src, st->dst, st->scount, st->stype, st->op);
    }
}

/* Post message i (nonblocking mode) or start its persistent request. */
static int start_message(hmpi__sched *s, int i)
{
    const message *m = &s->msgs[i];
    if (!s->nonblocking)
        return HMPI__MPI(Start)(&s->reqs[i]);
    return m->kind == SEND
               ? MPI_Isend(m->buf, m->count, m->type, m->peer, m->tag, m->comm, &s->reqs[i])
           : m->kind == SSEND
               ? MPI_Issend(m->buf, m->count, m->type, m->peer, m->tag, m->comm, &s->reqs[i])
               : MPI_Irecv((void *)m->buf, m->count, m->type, m->peer, m->tag, m->comm,
                           &s->reqs[i]);
}

/* Start messages [from, to) in their order: one MPI_Startall in persistent
 * mode. */
static int start_messages(hmpi__sched *s, int from, int to)
{
    if (!s->nonblocking)
        return to > from ? HMPI__MPI(Startall)(to - from, &s->reqs[from]) : MPI_SUCCESS;
    for (int i = from; i < to; i++) {
        int rc = start_message(s, i);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

/* Run the steps of round `current` from the first not done yet, then start
 * its requests; *pending = 1 when a step must wait (its requests are not
 * started yet: the next call goes on from that step). The requests: the receives
 * first, so that a message finds its receive posted (no unexpected copy;
 * SimGrid SMPI starts a transfer only once its receive is posted, and each
 * send before it costs the sender its overhead: simulated 0.3 us a
 * message, allreduce over 64 nodes of one rank, 8 KiB 14.0 -> 10.8 us,
 * 64 KiB 26.8 -> 20.9; 1024 ranks 20.3 -> 17.1 and 34.9 -> 32.6). Sends
 * keep their order among themselves, and receives theirs: MPI's matching
 * is the same. */
static int launch(hmpi__sched *s, int *pending)
{
    const round *r = &s->rounds[s->current];
    int end = r->first_req + r->nreqs;
    *pending = 0;
    if (!s->entered) {
        s->entered = 1;
        s->next_step = r->first_step;
    }
    for (; s->next_step < r->first_step + r->nsteps; s->next_step++) {
        int done, rc = run_step(&s->steps[s->next_step], s->pack_comm, &done);
        if (rc != MPI_SUCCESS)
            return rc;
        if (!done) {
            *pending = 1;
            return MPI_SUCCESS;
        }
    }
    s->entered = 0;
    if (!r->recv_after_send) /* already receives first (most rounds): all at once */
        return start_messages(s, r->first_req, end);
    for (int pass = 0; pass < 2; pass++) /* receives, then sends */
        for (int i = r->first_req; i < end; i++)
            if ((s->msgs[i].kind == RECV) == (pass == 0)) {
                int rc = start_message(s, i);
                if (rc != MPI_SUCCESS)
                    return rc;
            }
    return MPI_SUCCESS;
}

int hmpi__sched_start(hmpi__sched *s)
{
    int pending;
    s->current = 0;
    s->checked = 0;
    s->entered = 0;
    s->runs++;
    int rc = launch(s, &pending);
    if (!pending)
        s->current = 1;
    return rc;
}

#define WAIT_ANY_MAX 64

#ifdef SMPI_H
/* Complete whichever of n requests arrives first; *index: which, or
 * MPI_UNDEFINED when none was active. */
static int wait_first(int n, MPI_Request *reqs, MPI_Status *status, int *index)
{
    MPI_Status arrived;
    TRY(HMPI__MPI(Waitany)(n, reqs, index, &arrived));
    if (*index != MPI_UNDEFINED)
        status[*index] = arrived;
    return MPI_SUCCESS;
}
#endif

/* Block until n requests complete. Under SimGrid SMPI, in the order they
 * arrive: SMPI charges an eager receive's CPU (smpi/or) when its request is
 * waited for, and a real library progresses every request while it waits
 * for one, so waiting in posting order would charge a receive that came
 * early only after the late ones (simulated 1024 ranks, 0.3 us a message:
 * allreduce of 8 KiB 22.2 -> 21.9 us, 1 MiB 205.2 -> 201.8, reduce of
 * 8 KiB 15.7 -> 14.8). SMPI's MPI_Waitany costs the simulator O(n) work a
 * call, its MPI_Waitall O(n^2) or more (5 s of wall time per 26-neighbour
 * exchange at 1024 ranks): past WAIT_ANY_MAX requests, each in turn. */
#ifndef SMPI_H
/* On a node with more ranks than cores, a wait polls and yields the core
 * between polls: a library that spins in its own wait (MPICH) would hold a
 * core the awaited process needs until the scheduler's time slice ends. */
static int poll_all(int n, MPI_Request *reqs, MPI_Status *status)
{
    int flag = 0;
    for (;;) {
        TRY(HMPI__MPI(Testall)(n, reqs, &flag, status));
        if (flag)
            return MPI_SUCCESS;
        sched_yield();
    }
}
#endif

static int wait_all(int n, MPI_Request *reqs, MPI_Status *status)
{
#ifdef SMPI_H
    if (n <= WAIT_ANY_MAX) {
        for (int i = 0, index = 0; i < n && index != MPI_UNDEFINED; i++)
            TRY(wait_first(n, reqs, status, &index));
        return MPI_SUCCESS;
    }
    for (int i = 0; i < n; i++) {
        int rc = HMPI__MPI(Wait)(&reqs[i], &status[i]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
#else
    return hmpi__backoff_yielding() ? poll_all(n, reqs, status)
                                    : HMPI__MPI(Waitall)(n, reqs, status);
#endif
}

/* A multiple completion's MPI_ERR_IN_STATUS: the first failed request's own error. */
static int in_status(int rc, int n, const MPI_Status *status)
{
    int klass;
    if (rc == MPI_SUCCESS || MPI_Error_class(rc, &klass) != MPI_SUCCESS ||
        klass != MPI_ERR_IN_STATUS)
        return rc;
    for (int i = 0; i < n; i++)
        if (status[i].MPI_ERROR != MPI_SUCCESS && status[i].MPI_ERROR != MPI_ERR_PENDING)
            return status[i].MPI_ERROR;
    return rc;
}

/* Have requests [from, to) completed? wait: block until they have. */
static int complete(hmpi__sched *s, int from, int to, int wait, int *flag)
{
    *flag = 1;
    if (to <= from)
        return MPI_SUCCESS;
    int rc = wait ? wait_all(to - from, &s->reqs[from], &s->status[from])
                  : HMPI__MPI(Testall)(to - from, &s->reqs[from], flag, &s->status[from]);
    return in_status(rc, to - from, &s->status[from]);
}

/* Block until request `target` completes. A real MPI library progresses
 * every request while it waits for one, so a message that arrives
 * meanwhile costs the receiver its CPU then, while it would idle. SimGrid
 * SMPI charges an eager receive's CPU (smpi/or) only when that very
 * request is waited for: a receive that no round waits for (at a leaf of
 * a tree) paid it all at the end, after the last message. Under SMPI,
 * complete whatever launched request arrives first until the target has
 * (simulated 1024 ranks, two-tree bcast of 1 MiB: 134.1 -> 125.4 us). */
static int wait_progressing(hmpi__sched *s, int target, int launched)
{
#ifdef SMPI_H
    if (s->nonblocking) {
        int index = 0;
        while (s->reqs[target] != MPI_REQUEST_NULL && index != MPI_UNDEFINED)
            TRY(wait_first(launched - s->checked, &s->reqs[s->checked], &s->status[s->checked],
                           &index));
        return MPI_SUCCESS;
    }
#else
    (void)launched;
    if (hmpi__backoff_yielding())
        return poll_all(1, &s->reqs[target], &s->status[target]);
#endif
    return HMPI__MPI(Wait)(&s->reqs[target], &s->status[target]);
}

/* May round r launch: the requests it names, or else every earlier one,
 * complete? */
static int ready(hmpi__sched *s, const round *r, int wait, int *flag)
{
    if (!r->listed) {
        TRY(complete(s, s->checked, r->first_req, wait, flag));
        if (*flag)
            s->checked = r->first_req;
        return MPI_SUCCESS;
    }
    *flag = 1;
    for (int i = r->first_after; *flag && i < r->first_after + r->nafter; i++) {
        if (wait)
            TRY(wait_progressing(s, s->after[i], r->first_req));
        else
            TRY(complete(s, s->after[i], s->after[i] + 1, 0, flag));
    }
    return MPI_SUCCESS;
}

/* While a step waits: let the requests already started progress (a peer
 * may wait for them; the MPI library moves them only inside its calls). */
static int progress_started(hmpi__sched *s)
{
    int flag;
    int started = s->rounds[s->current].first_req;
    TRY(complete(s, s->checked, started, 0, &flag));
    if (flag)
        s->checked = started;
    return MPI_SUCCESS;
}

/* In a blocking wait: that, pause, poll again. */
static int pause_step(hmpi__sched *s, int *polls)
{
    TRY(progress_started(s));
    hmpi__backoff(polls);
    return MPI_SUCCESS;
}

/* Launch every round whose turn has come, then complete the last ones'
 * requests; wait = block on each. */
static int progress(hmpi__sched *s, int wait, int *done)
{
    int flag, pending, polls = 0;
    while (s->current < s->nrounds) {
        if (!s->entered) {
            TRY(ready(s, &s->rounds[s->current], wait, &flag));
            if (!flag) {
                *done = 0;
                return MPI_SUCCESS;
            }
        }
        TRY(launch(s, &pending));
        if (pending && !wait) {
            TRY(progress_started(s));
            hmpi__backoff_idle();
            *done = 0;
            return MPI_SUCCESS;
        }
        if (pending) {
            TRY(pause_step(s, &polls));
            continue;
        }
        polls = 0;
        s->current++;
    }
    TRY(complete(s, s->checked, s->nreqs, wait, &flag));
    if (flag)
        s->checked = s->nreqs;
    *done = flag;
    return MPI_SUCCESS;
}

int hmpi__sched_test(hmpi__sched *s, int *done)
{
    return progress(s, 0, done);
}

int hmpi__sched_wait(hmpi__sched *s)
{
    int done;
    return progress(s, 1, &done);
}

void hmpi__sched_stats(const hmpi__sched *s, int *rounds, int *requests)
{
    *rounds = s->nrounds;
    *requests = s->nreqs;
}

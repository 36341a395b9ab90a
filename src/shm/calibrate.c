/* The node's costs, measured once when a communicator's segment is made
 * (shm.h): what the built-in cost model otherwise guesses for a generic
 * node. Between each node's ranks 0 and 1: half a round trip of messages
 * from empty to 1 MiB (the node level's curve, with the library's eager
 * and rendezvous protocols and whatever single-copy mechanism it has at
 * each size), half a flag's round
 * trip through the segment, and the rate at which data streams through it
 * as the collectives move it (one core copying pieces into its buffers
 * while the other copies them out) or one core copies 1 MiB of its own
 * memory (a user's buffer beyond the caches), the slower; the rate of a
 * block relayed between the two both ways at once (each copying what the
 * other just wrote); and the rate of the MPI library's own local reductions (MPI_Reduce_local),
 * which its collectives (`native`) run where hmpi runs its own. Short trips are timed in batches
 * (MPI_Wtime's resolution is coarse next to them), every figure the quickest of a few. One
 * allreduce gives every rank the slowest node's figures, so that all choose alike. Skipped with
 * HMPI_PROBE_LATENCY=0 and on machines with more ranks than cores (the
 * figures would time the scheduler). */
#include "core/config.h"
#include "core/pmpi.h"
#include "schedule/schedule.h"
#include "shm/shm_internal.h"

#include "util/backoff.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRIES 5          /* timed tries, the quickest kept, after one to warm up */
#define BATCH 64         /* round trips in a try of a flag or an empty message */
#define LARGE 262144     /* a stream's bytes */
#define STREAM (1 << 20) /* a copy's bytes beyond the caches */
#define WARM_UP 8192     /* untimed flag round trips first (~1 ms): both cores awake */
#define COMBINED 16384   /* bytes of a local reduction timed (in a core's cache) */
#define CROSSED 16384    /* bytes of a relayed block (a 64 KiB allreduce's slices on 2 ranks) */

/* The node's ranks 0 and 1 that measure, and their own communicator (the
 * node's other ranks take no part). */
typedef struct probe {
    hmpi__shm *shm;
    MPI_Comm pair;
    int rank; /* 0 or 1 */
} probe;

/* The quickest of TRIES tries (us a round), on every rank: one untimed
 * first; each try `rounds` rounds of trip(arg, round number from 1 on). */
static int quickest(int (*trip)(const probe *, void *, uint64_t), const probe *pr, void *arg,
                    int rounds, double *best)
{
    uint64_t round = 0;
    *best = 0;
    for (int i = 0; i <= TRIES; i++) {
        TRY(HMPI__MPI(Barrier)(pr->pair));
        double t0 = MPI_Wtime();
        for (int k = 0; k < rounds; k++)
            TRY(trip(pr, arg, ++round));
        double t = (MPI_Wtime() - t0) * 1e6 / rounds;
        if (i > 0 && (i == 1 || t < *best))
            *best = t;
    }
    return MPI_SUCCESS;
}

/* A message's bytes and buffers: each sends from a buffer it did not just
 * receive into, as a user's data usually is (a single-copy mechanism that
 * reads what the other core just wrote runs at its cache's pace instead).
 * The round trip runs as hmpi's algorithms post messages: a schedule of two
 * rounds (rank 0 sends, then receives the answer; rank 1 the reverse),
 * started and waited for by the engine, so that the node's curve holds the
 * engine's own cost of a round beside the library's, which every row that
 * passes messages pays. */
typedef struct message {
    char *out, *in;
    int bytes;
    hmpi__sched *trip;
} message;

static int message_trip(const probe *pr, message *m)
{
    int other = 1 - pr->rank;
    if (!(m->trip = hmpi__sched_create(pr->pair)))
        return MPI_ERR_NO_MEM;
    for (int k = 0; k < 2; k++) { /* rank 0: a send, then a receive; rank 1: the reverse */
        TRY(hmpi__sched_round(m->trip));
        TRY(k == pr->rank
                ? hmpi__sched_send(m->trip, m->out, m->bytes, MPI_BYTE, other, 0, pr->pair)
                : hmpi__sched_recv(m->trip, m->in, m->bytes, MPI_BYTE, other, 0, pr->pair));
    }
    return MPI_SUCCESS;
}

static int message_round(const probe *pr, void *arg, uint64_t round)
{
    const message *m = arg;
    (void)pr;
    (void)round;
    TRY(hmpi__sched_start(m->trip));
    return hmpi__sched_wait(m->trip);
}

/* Rank 0 raises its ready flag to `round`, rank 1 answers with its own.
 * With a sink (arg, a uint64_t), a line of data goes with the flag: rank 0
 * writes it first, rank 1 loads it once it sees the flag, then answers.
 * The line lies DATA_AT bytes into the buffer, past the flag's line and
 * its neighbour, which a core's prefetcher may fetch along. */
#define DATA_AT 256
static int flag_round(const probe *pr, void *arg, uint64_t round)
{
    hmpi__shm_chan *ch = pr->shm->chan[0];
    _Atomic uint64_t *data = (_Atomic uint64_t *)(void *)hmpi__shm_place(ch, 0, round, DATA_AT);
    uint64_t *sink = arg;
    if (pr->rank == 0 && sink)
        atomic_store_explicit(data, round, memory_order_relaxed);
    if (pr->rank == 0)
        hmpi__shm_publish_now(ch, 0, round);
    for (int polls = 0; !hmpi__shm_published(ch, 1 - pr->rank, round);)
        hmpi__backoff(&polls);
    if (pr->rank == 1 && sink)
        *sink += atomic_load_explicit(data, memory_order_relaxed);
    if (pr->rank == 1)
        hmpi__shm_publish_now(ch, 1, round);
    return MPI_SUCCESS;
}

/* LARGE bytes from rank 0's `src` to rank 1's `dst` through rank 0's
 * buffers, a buffer at a time, as the collectives pipeline them: piece k
 * goes into buffer k % buffers once rank 1 has copied out piece k - buffers. Pieces
 * are numbered on from one round to the next (flags only grow). */
typedef struct stream {
    char *src, *dst;
    size_t piece, pieces; /* piece: at most a buffer */
} stream;

static int stream_round(const probe *pr, void *arg, uint64_t round)
{
    const stream *st = arg;
    hmpi__shm_chan *ch = pr->shm->chan[0];
    uint64_t lag = hmpi__shm_lag(ch);
    for (size_t k = 0; k < st->pieces; k++) {
        uint64_t n = (round - 1) * st->pieces + k + 1; /* this piece's number, from 1 */
        char *buffer = hmpi__shm_place(ch, 0, n, 0);
        if (pr->rank == 0) {
            for (int polls = 0; n > lag && atomic_load_explicit(&ch->flag[1]->ack,
                                                                memory_order_acquire) < n - lag;)
                hmpi__backoff(&polls);
            memcpy(buffer, st->src + k * st->piece, st->piece);
            hmpi__shm_publish_now(ch, 0, n);
        } else {
            for (int polls = 0; !hmpi__shm_published(ch, 0, n);)
                hmpi__backoff(&polls);
            memcpy(st->dst + k * st->piece, buffer, st->piece);
            atomic_store_explicit(&ch->flag[1]->ack, n, memory_order_release);
        }
    }
    for (int polls = 0;
         pr->rank == 0 && /* rank 0 times the whole, its start the stream's */
         atomic_load_explicit(&ch->flag[1]->ack, memory_order_acquire) < round * st->pieces;)
        hmpi__backoff(&polls);
    return MPI_SUCCESS;
}

/* Flags back to 0 once both are done with them (the collectives count from 0). */
static int reset_flags(const probe *pr)
{
    hmpi__shm_chan *ch = pr->shm->chan[0];
    TRY(HMPI__MPI(Barrier)(pr->pair));
    for (uint64_t b = 0; b < hmpi__shm_lag(ch); b++) {
        buffer_head *head = hmpi__shm_head(ch, pr->rank, b);
        atomic_store_explicit(&head->acked, 0, memory_order_relaxed);
        atomic_store_explicit(&head->ready, 0, memory_order_release);
    }
    atomic_store_explicit(&ch->flag[pr->rank]->ack, 0, memory_order_release);
    return HMPI__MPI(Barrier)(pr->pair);
}

/* CROSSED bytes relayed between the two ranks, as the collectives'
 * exchanges move them (a reduction's slices into the slot the others read
 * its result from, an allgather's blocks): in round r each rank copies the
 * block the other published in round r - 1 into its own buffer of r
 * (once the other has read what it last put there) and publishes
 * it. Both cores at once read lines the other just wrote and write lines
 * the other last read. */
static int crossed_round(const probe *pr, void *arg, uint64_t round)
{
    const size_t *bytes = arg;
    hmpi__shm_chan *ch = pr->shm->chan[0];
    int other = 1 - pr->rank;
    uint64_t lag = hmpi__shm_lag(ch);
    for (int polls = 0; !hmpi__shm_published(ch, other, round - 1) ||
                        (round > lag && atomic_load_explicit(&ch->flag[other]->ack,
                                                             memory_order_acquire) < round - lag);)
        hmpi__backoff(&polls);
    memcpy(hmpi__shm_place(ch, pr->rank, round, 0), hmpi__shm_place(ch, other, round - 1, 0),
           *bytes);
    atomic_store_explicit(&ch->flag[pr->rank]->ack, round - 1, memory_order_release);
    hmpi__shm_publish_now(ch, pr->rank, round);
    return MPI_SUCCESS;
}

/* Bytes/us of a relayed block's copy (its round less the flag's trip), on
 * both ranks: each times its own rounds. */
static int crossed_rate(const probe *pr, double flag_us, double *rate)
{
    size_t bytes = pr->shm->buffer_bytes < CROSSED ? pr->shm->buffer_bytes : CROSSED;
    double t;
    TRY(quickest(crossed_round, pr, &bytes, BATCH / 4, &t));
    TRY(reset_flags(pr));
    t = t > 2 * flag_us ? t - flag_us : t; /* (a round shorter than a trip: the copy alone) */
    *rate = t > 0 ? (double)bytes / t : 0;
    return MPI_SUCCESS;
}

/* The first `bytes` of the data of rank 0's buffers, a buffer's at a
 * time: set to `value`, or (dst) copied out to dst. */
static void near_bytes(const hmpi__shm *shm, size_t bytes, int value, char *dst)
{
    for (size_t off = 0, k = 0; off < bytes; off += shm->buffer_bytes, k++) {
        size_t n = bytes - off < shm->buffer_bytes ? bytes - off : shm->buffer_bytes;
        char *src = hmpi__shm_place(shm->chan[0], 0, k, 0);
        if (dst)
            memcpy(dst + off, src, n);
        else
            memset(src, value, n);
    }
}

/* Bytes/us of rank 1's copy of HMPI__SHM_NEAR_BYTES that rank 0 just wrote
 * into its buffers (from the other core's cache; as hmpi-tune times it),
 * on rank 1. */
static int near_rate(const probe *pr, char *scratch, double *rate)
{
    size_t slot = (size_t)pr->shm->buffers * pr->shm->buffer_bytes;
    size_t bytes = slot < HMPI__SHM_NEAR_BYTES ? slot : HMPI__SHM_NEAR_BYTES;
    double best = 0;
    for (int i = 0; i <= TRIES; i++) {
        if (pr->rank == 0)
            near_bytes(pr->shm, bytes, i + 1, NULL);
        TRY(HMPI__MPI(Barrier)(pr->pair));
        double t0 = MPI_Wtime();
        if (pr->rank == 1)
            near_bytes(pr->shm, bytes, 0, scratch);
        double t = (MPI_Wtime() - t0) * 1e6;
        if (i > 0 && (i == 1 || t < best))
            best = t;
        TRY(HMPI__MPI(Barrier)(pr->pair));
    }
    if (pr->rank == 0)
        near_bytes(pr->shm, bytes, 0, NULL);
    *rate = pr->rank == 1 && best > 0 ? (double)bytes / best : 0;
    return MPI_SUCCESS;
}

/* Bytes/us of a stream through the segment (on rank 0: from its first
 * copy in to rank 1's last copy out), or of rank 1 copying its own memory;
 * the slower. On both ranks. */
static int stream_rate(const probe *pr, char *scratch, double *rate)
{
    size_t piece = pr->shm->buffer_bytes < LARGE / 2 ? pr->shm->buffer_bytes : LARGE / 2;
    stream st = {scratch, scratch + STREAM, piece, LARGE / piece};
    double t, far = 0, streamed;
    TRY(quickest(stream_round, pr, &st, 1, &t));
    TRY(reset_flags(pr));
    streamed = t > 0 ? (double)(st.pieces * piece) / t : 0;
    if (pr->rank == 1) {
        double best = 0;
        for (int i = 0; i <= TRIES; i++) {
            double t0 = MPI_Wtime();
            memcpy(scratch, scratch + STREAM, STREAM);
            double c = (MPI_Wtime() - t0) * 1e6;
            if (i > 0 && (i == 1 || c < best))
                best = c;
        }
        far = best > 0 ? STREAM / best : 0;
    }
    double rates[2] = {pr->rank == 0 ? streamed : 0, far};
    TRY(HMPI__MPI(Allreduce)(MPI_IN_PLACE, rates, 2, MPI_DOUBLE, MPI_MAX, pr->pair));
    *rate = rates[1] > 0 && rates[1] < rates[0] ? rates[1] : rates[0];
    return MPI_SUCCESS;
}

/* Bytes/us of the MPI library's MPI_Reduce_local summing COMBINED bytes
 * (of MPI_INT and of MPI_DOUBLE, the slower: libraries differ by type;
 * MPICH 4.0 sums ints one at a time), each the quickest of TRIES. */
static int library_combine_rate(char *scratch, double *rate)
{
    static const MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    double slowest = 0;
    memset(scratch, 0, 2 * COMBINED); /* (sums of zeros: no subnormal doubles) */
    for (int k = 0; k < 2; k++) {
        int size, count, reps = 16;
        double best = 0;
        MPI_Type_size(types[k], &size);
        count = COMBINED / size;
        for (int i = 0; i <= TRIES; i++) {
            double t0 = MPI_Wtime();
            for (int r = 0; r < reps; r++)
                TRY(HMPI__MPI(Reduce_local)(scratch, scratch + COMBINED, count, types[k], MPI_SUM));
            double t = (MPI_Wtime() - t0) * 1e6 / reps;
            if (i > 0 && (i == 1 || t < best))
                best = t;
        }
        if (best > slowest)
            slowest = best;
    }
    *rate = slowest > 0 ? COMBINED / slowest : 0;
    return MPI_SUCCESS;
}

/* The message sizes timed (the node level's points in the model): below,
 * at and past the libraries' eager limits (Open MPI's vader 4 KiB, MPICH
 * 4.0's ch4:ucx 8 KiB: 0.37 us there, 5 at 12 KiB; a point at 4 and 16
 * KiB only priced its 8 KiB at 1.6), and where a single-copy mechanism
 * takes over. */
static const double message_bytes[HMPI__SHM_MESSAGE_SIZES] = {0,     1024,  4096,   8192,   16384,
                                                              32768, 65536, 262144, 1048576};

/* Round trips of a try at a message size: enough to outlast the timer's step. */
static int rounds_at(double bytes)
{
    return bytes <= 4096 ? BATCH : bytes <= 65536 ? BATCH / 8 : 1;
}

/* rc on both ranks: a step that failed on one alone (out of memory)
 * fails on the other too, which would otherwise wait for it in the next. */
static int both(const probe *pr, int rc)
{
    int failed = rc != MPI_SUCCESS, any = 0;
    int agreed = HMPI__MPI(Allreduce)(&failed, &any, 1, MPI_INT, MPI_MAX, pr->pair);
    if (agreed != MPI_SUCCESS)
        return agreed;
    return failed ? rc : any ? MPI_ERR_OTHER : MPI_SUCCESS;
}

/* figures: [0] flag us, [1] and [2] us a byte of the stream and near copy
 * rates, [3] of the library's local reductions, [4] a flag's with a line
 * of data, [5] us a byte of a relayed block's copy, then each message
 * size's us (halves of round trips). Ranks 0 and 1 measure (rank 0 the
 * trips, rank 1 its copies and reductions, both the relay); 0
 * elsewhere (the allreduce takes the largest: the slower rank's). */
#define FIRST_MESSAGE 6
#define FIGURES (FIRST_MESSAGE + HMPI__SHM_MESSAGE_SIZES)
static int measure(const probe *pr, double figures[FIGURES])
{
    size_t bytes = pr->shm->buffer_bytes > 2 * STREAM ? pr->shm->buffer_bytes
                                                      : 2 * STREAM; /* messages, a stream, copies */
    char *buf = malloc(bytes);
    double trip = 0, data_trip = 0, rate = 0, near = 0, combine = 0, cross = 0;
    uint64_t seen = 0;
    int rc, ok = buf != NULL;
    TRY(HMPI__MPI(Allreduce)(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, pr->pair)); /* both or none */
    if (!ok) {
        free(buf);
        return MPI_ERR_NO_MEM;
    }
    memset(buf, 1, bytes);
    for (uint64_t round = 1; round <= WARM_UP; round++) /* an idle core runs slow at first */
        flag_round(pr, NULL, round);
    rc = reset_flags(pr);
    for (int i = 0; rc == MPI_SUCCESS && i < HMPI__SHM_MESSAGE_SIZES; i++) {
        message m = {buf, buf + STREAM, (int)message_bytes[i], NULL};
        if ((rc = both(pr, message_trip(pr, &m))) == MPI_SUCCESS)
            rc = quickest(message_round, pr, &m, rounds_at(message_bytes[i]), &trip);
        hmpi__sched_free(m.trip);
        figures[FIRST_MESSAGE + i] = pr->rank == 0 ? trip / 2 : 0;
    }
    if (rc == MPI_SUCCESS && (rc = quickest(flag_round, pr, NULL, BATCH, &trip)) == MPI_SUCCESS &&
        (rc = reset_flags(pr)) == MPI_SUCCESS &&
        (rc = quickest(flag_round, pr, &seen, BATCH, &data_trip)) == MPI_SUCCESS &&
        (rc = reset_flags(pr)) == MPI_SUCCESS &&
        (rc = stream_rate(pr, buf, &rate)) == MPI_SUCCESS &&
        (rc = near_rate(pr, buf, &near)) == MPI_SUCCESS)
        rc = crossed_rate(pr, trip / 2, &cross);
    if (rc == MPI_SUCCESS && pr->rank == 1) /* (local: rank 0 waits in the allreduce after) */
        rc = library_combine_rate(buf, &combine);
    free(buf);
    figures[0] = pr->rank == 0 ? trip / 2 : 0;
    figures[1] = pr->rank == 1 && rate > 0 ? 1 / rate : 0;
    figures[2] = pr->rank == 1 && near > 0 ? 1 / near : 0;
    figures[3] = pr->rank == 1 && combine > 0 ? 1 / combine : 0;
    figures[4] = pr->rank == 0 ? data_trip / 2 : 0;
    figures[5] = cross > 0 ? 1 / cross : 0;
    return rc;
}

/* HMPI_VERBOSE's line of the node's figures. */
static void say_costs(const hmpi__shm_costs *k)
{
    char sizes[128] = "", times[160] = "";
    size_t ns = 0, nt = 0;
    for (int i = 0; i < HMPI__SHM_MESSAGE_SIZES; i++) {
        ns += (size_t)snprintf(sizes + ns, sizeof sizes - ns, "%s%.0f", i ? " / " : "",
                               message_bytes[i] / 1024);
        nt += (size_t)snprintf(times + nt, sizeof times - nt, "%s%.2f", i ? " / " : "",
                               k->message_us[i]);
    }
    hmpi__verbose("node: flag %.3f us (a line of data after it %.3f), copy %.0f MB/s (%.0f from "
                  "a cache, %.0f crossed), messages of %s KiB %s us, the library's local sums %.0f "
                  "MB/s (cost model)",
                  k->flag_us, k->data_us, k->copy_bytes_per_us, k->near_bytes_per_us,
                  k->cross_bytes_per_us, sizes, times, k->library_combine_bytes_per_us);
}

int hmpi__shm_calibrate(hmpi__shm *shm, int oversubscribed, int *usable)
{
    /* every node's ranks 0 and 1 measure theirs, all take the slowest node's */
    double figures[FIGURES + 1] = {0}; /* and whether flags stayed raised */
    hmpi__shm_costs *k = &shm->costs;
    *usable = 1;
    if (oversubscribed || !hmpi__config_number(HMPI__CFG_PROBE_LATENCY))
        return MPI_SUCCESS; /* alike everywhere: the defaults */
    if (shm->size >= 2) {   /* ranks 0 and 1 measure on a communicator of their own */
        probe pr = {shm, MPI_COMM_NULL, shm->rank};
        TRY(HMPI__MPI(Comm_split)(shm->node, shm->rank < 2 ? 0 : MPI_UNDEFINED, shm->rank,
                                  &pr.pair));
        /* a measure that failed on either rank (rank 1's local sums alone)
         * makes both lower their flags; the defaults, everywhere */
        if (pr.pair != MPI_COMM_NULL && both(&pr, measure(&pr, figures)) != MPI_SUCCESS) {
            for (int i = 0; i < FIGURES; i++)
                figures[i] = 0;
            figures[FIGURES] = reset_flags(&pr) != MPI_SUCCESS; /* none left raised */
        }
        if (pr.pair != MPI_COMM_NULL)
            MPI_Comm_free(&pr.pair);
    }
    TRY(HMPI__MPI(Allreduce)(MPI_IN_PLACE, figures, FIGURES + 1, MPI_DOUBLE, MPI_MAX, shm->all));
    if (figures[FIGURES] > 0) { /* the blocking channel's flags may be raised: it cannot serve */
        *usable = 0;
        return MPI_SUCCESS;
    }
    for (int i = 0; i < FIGURES; i++)
        if (!(figures[i] > 0))
            return MPI_SUCCESS; /* no node of two ranks, or a timer too coarse: the defaults */
    k->flag_us = figures[0];
    k->copy_bytes_per_us = 1 / figures[1];
    k->near_bytes_per_us = 1 / figures[2];
    k->cross_bytes_per_us = 1 / figures[5];
    k->library_combine_bytes_per_us = 1 / figures[3];
    /* the round trip's more with the line: its load once the flag came */
    k->data_us = figures[4] > figures[0] ? 2 * (figures[4] - figures[0]) : 0;
    for (int i = 0; i < HMPI__SHM_MESSAGE_SIZES; i++) { /* a larger message never quicker */
        double us = figures[FIRST_MESSAGE + i];
        k->message_us[i] = i > 0 && us < k->message_us[i - 1] ? k->message_us[i - 1] : us;
    }
    k->measured = 1;
    if (shm->rank == 0)
        say_costs(k);
    return MPI_SUCCESS;
}

void hmpi__shm_model(const hmpi__shm *shm, hmpi__cost_model *cm)
{
    const hmpi__shm_costs *k = &shm->costs;
    if (!k->measured)
        return;
    cm->shm_flag_us = k->flag_us;
    cm->shm_data_us = k->data_us;
    cm->shm_bytes_per_us = k->copy_bytes_per_us;
    cm->shm_near_bytes_per_us = k->near_bytes_per_us;
    cm->shm_cross_bytes_per_us = k->cross_bytes_per_us;
    cm->library_combine_bytes_per_us = k->library_combine_bytes_per_us;
    hmpi__cost_model_node(cm, message_bytes, k->message_us, HMPI__SHM_MESSAGE_SIZES);
}

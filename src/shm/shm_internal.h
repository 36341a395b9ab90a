/* The node's shared memory, inside the module (shm.c, calibrate.c). */
#ifndef HMPI_SHM_INTERNAL_H
#define HMPI_SHM_INTERNAL_H

#include "core/comm.h"
#include "shm/shm.h"

#include <stdatomic.h>
#include <stdint.h>

#define LINE 64
#define MAX_CHANNELS 64 /* the blocking channel and up to 63 leased (a mask's bits) */
#define MIN_SLOT_BYTES 4096
#define MAX_SLOT_BYTES (16 << 20)
#define MIN_BUFFER_BYTES 1024
#define MAX_BUFFERS 64

/* A rank's ack flag, on a cache line of its own. Its `ready` flags are in
 * its buffers (struct buffer_head). */
typedef struct flags {
    _Atomic uint64_t ack;
    char pad[LINE - sizeof(uint64_t)];
} flags;

/* The head of each of a rank's buffers: the highest generation of the
 * buffer's (g % buffers) the rank published, and the rank's ack when it published
 * it. A buffer's data follows them on the same cache line, so that a
 * reader that sees the flag has its first bytes too (a small block costs
 * one line's trip, not two), and how far the rank had read: a writer that
 * waited for everyone's flags knows the acks it needs without loading the
 * others' ack lines. */
typedef struct buffer_head {
    _Atomic uint64_t ready;
    _Atomic uint64_t acked;
} buffer_head;
#define HEAD_BYTES sizeof(buffer_head)
_Static_assert(LINE - sizeof(buffer_head) == HMPI__SHM_WITH_FLAG_BYTES,
               "shm.h's HMPI__SHM_WITH_FLAG_BYTES is the rest of the head's line");

struct hmpi__shm_chan {
    hmpi__shm *shm;
    MPI_Win win;
    int index;      /* 0: the blocking collectives' */
    int leased;     /* atomic: a live schedule holds it */
    uint64_t gen;   /* generations taken so far, identical on every rank */
    uint64_t mask;  /* buffers - 1: generation g uses buffer g & mask */
    uint64_t acked; /* every rank's ack is known to have reached this */
    uint64_t *seen; /* [size]: each rank's ack as its heads last told (it only grows) */
    flags **flag;   /* [size] */
    char **buf;     /* [size]: each rank's buffers, one after the other, each a head and data */
    size_t stride;  /* bytes from one of a rank's buffers to the next (whole lines) */
};

/* The node's costs as measured (calibrate.c); measured 0: the defaults.
 * message_us: a message's time at each of calibrate.c's sizes. */
#define HMPI__SHM_MESSAGE_SIZES 9
typedef struct hmpi__shm_costs {
    double flag_us, copy_bytes_per_us, near_bytes_per_us, message_us[HMPI__SHM_MESSAGE_SIZES];
    double data_us;            /* a line of data loaded once its flag came (hmpi__cost_model's) */
    double cross_bytes_per_us; /* a block relayed both ways (hmpi__cost_model's) */
    double library_combine_bytes_per_us; /* the MPI library's MPI_Reduce_local */
    int measured;
} hmpi__shm_costs;

struct hmpi__shm {
    hmpi__shared base;
    MPI_Comm node; /* this node's part of comm, in comm's order; MPI_COMM_NULL: none usable */
    MPI_Comm all;  /* comm's private duplicate (borrowed): agreements over every node */
    int rank, size;
    size_t buffer_bytes; /* of one buffer */
    int buffers;         /* per rank and channel, a power of two */
    int max_channels;
    int nchan;
    hmpi__shm_chan *chan[MAX_CHANNELS];
    int retired;
    hmpi__shm_costs costs;
};

struct hmpi__shm_op {
    hmpi__shm_chan *ch;
    uint64_t base; /* generation k of the schedule is base + k + 1 in this run */
    int ngens;
};

/* Generations between two uses of a buffer: its buffers. */
static inline uint64_t hmpi__shm_lag(const hmpi__shm_chan *ch)
{
    return ch->mask + 1;
}

/* The head of rank `rank`'s buffer of generation v. */
static inline buffer_head *hmpi__shm_head(const hmpi__shm_chan *ch, int rank, uint64_t v)
{
    return (buffer_head *)(void *)(ch->buf[rank] + (v & ch->mask) * ch->stride);
}

/* Rank `rank`'s ready flag of generation v's buffer. */
static inline _Atomic uint64_t *hmpi__shm_ready_flag(const hmpi__shm_chan *ch, int rank, uint64_t v)
{
    return &hmpi__shm_head(ch, rank, v)->ready;
}

/* Byte `offset` of rank `rank`'s buffer of generation v. */
static inline char *hmpi__shm_place(const hmpi__shm_chan *ch, int rank, uint64_t v, size_t offset)
{
    return ch->buf[rank] + (v & ch->mask) * ch->stride + HEAD_BYTES + offset;
}

/* Has rank published generation v? A reader waits only for generations
 * their writer publishes, and the writer puts a later one in v's buffer
 * only once every reader has acked v: v's own flag tells (flags only
 * grow, and a rank's flags become visible in the order it raised them). */
static inline int hmpi__shm_published(const hmpi__shm_chan *ch, int rank, uint64_t v)
{
    return atomic_load_explicit(hmpi__shm_ready_flag(ch, rank, v), memory_order_acquire) >= v;
}

/* Rank `rank` publishes generation v (its own flag only), with its ack. */
static inline void hmpi__shm_publish_now(const hmpi__shm_chan *ch, int rank, uint64_t v)
{
    buffer_head *head = hmpi__shm_head(ch, rank, v);
    uint64_t ack = atomic_load_explicit(&ch->flag[rank]->ack, memory_order_relaxed);
    /* released: a reader that loads it (not the ready flag it acquired: a
     * rank that reads nothing may publish this head again meanwhile) sees
     * the reads it counts done */
    atomic_store_explicit(&head->acked, ack, memory_order_release);
    atomic_store_explicit(&head->ready, v, memory_order_release);
}

/* Measure the node's costs into shm->costs (collective over the
 * communicator; the defaults where a measure failed). *usable 0, on every
 * rank alike, when the blocking channel's flags could not be lowered again
 * after a failure: the channel must not serve. */
int hmpi__shm_calibrate(hmpi__shm *shm, int oversubscribed, int *usable);

#endif

/* The node's shared memory, inside the module (shm.c, calibrate.c). */
#ifndef HMPI_SHM_INTERNAL_H
#define HMPI_SHM_INTERNAL_H

#include "core/comm.h"
#include "shm/shm.h"

#include <stdint.h>

#define LINE 64
#define MAX_CHANNELS 64 /* the blocking channel and up to 63 leased (a mask's bits) */
#define MIN_SLOT_BYTES 4096
#define MAX_SLOT_BYTES (16 << 20)

/* A rank's flags, each on a cache line of its own. */
typedef struct flags {
    _Atomic uint64_t ready;
    char pad0[LINE - sizeof(uint64_t)];
    _Atomic uint64_t ack;
    char pad1[LINE - sizeof(uint64_t)];
} flags;

struct hmpi__shm_chan {
    hmpi__shm *shm;
    MPI_Win win;
    int index;      /* 0: the blocking collectives' */
    int leased;     /* atomic: a live schedule holds it */
    uint64_t gen;   /* generations taken so far, identical on every rank */
    uint64_t acked; /* every rank's ack is known to have reached this */
    flags **flag;   /* [size] */
    char **buf;     /* [size]: each rank's two buffers, one after the other */
};

/* The node's costs as measured (calibrate.c); measured 0: the defaults.
 * message_us: a message's time at each of calibrate.c's sizes. */
#define HMPI__SHM_MESSAGE_SIZES 7
typedef struct hmpi__shm_costs {
    double flag_us, copy_bytes_per_us, near_bytes_per_us, message_us[HMPI__SHM_MESSAGE_SIZES];
    int measured;
} hmpi__shm_costs;

struct hmpi__shm {
    hmpi__shared base;
    MPI_Comm node; /* this node's part of comm, in comm's order; MPI_COMM_NULL: none usable */
    MPI_Comm all;  /* comm's private duplicate (borrowed): agreements over every node */
    int rank, size;
    size_t half; /* bytes of one buffer */
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

/* Measure the node's costs into shm->costs (collective over the node). */
int hmpi__shm_calibrate(hmpi__shm *shm, int oversubscribed);

#endif

/* The node's costs, measured once when a communicator's segment is made
 * (shm.h): what the built-in cost model otherwise guesses for a generic
 * node. Between each node's ranks 0 and 1: the quickest half round trip of
 * an empty message and of 256 KiB (the node's message latency and rate,
 * with whatever single-copy mechanism the MPI library has), a flag's half
 * round trip through the segment, and one core's copy: of a buffer the
 * other core just wrote, and of 1 MiB of its own memory (a user's buffer
 * beyond the caches), the slower of the two. One allreduce gives every rank
 * the slowest node's figures, so that all choose alike. Skipped with
 * HMPI_PROBE_LATENCY=0 and on machines with more ranks than cores (the
 * figures would time the scheduler). */
#include "core/config.h"
#include "core/pmpi.h"
#include "shm/shm_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define TRIPS 8          /* timed round trips, the quickest kept, after one to warm up */
#define LARGE 262144     /* a message's bytes for its rate */
#define STREAM (1 << 20) /* a copy's bytes beyond the caches */

/* Half the quickest round trip of `bytes` between ranks 0 and 1 (us), on
 * rank 0. Each sends from a buffer it did not just receive into, as a
 * user's data usually is (a single-copy mechanism that reads what the
 * other core just wrote runs at its cache's pace instead). */
static int message_trip(hmpi__shm *shm, char *buf, int bytes, double *half)
{
    double best = 0;
    int other = 1 - shm->rank;
    char *in = buf + LARGE;
    for (int i = 0; i <= TRIPS; i++) {
        double t0 = MPI_Wtime();
        if (shm->rank == 0) {
            TRY(HMPI__MPI(Send)(buf, bytes, MPI_BYTE, other, 0, shm->node));
            TRY(HMPI__MPI(Recv)(in, bytes, MPI_BYTE, other, 0, shm->node, MPI_STATUS_IGNORE));
        } else {
            TRY(HMPI__MPI(Recv)(in, bytes, MPI_BYTE, other, 0, shm->node, MPI_STATUS_IGNORE));
            TRY(HMPI__MPI(Send)(buf, bytes, MPI_BYTE, other, 0, shm->node));
        }
        double trip = (MPI_Wtime() - t0) * 1e6;
        if (i > 0 && (i == 1 || trip < best))
            best = trip;
    }
    *half = best / 2;
    return MPI_SUCCESS;
}

/* Half the quickest round trip of a flag between ranks 0 and 1 (us), on
 * rank 0: a word of each one's first buffer, zero again afterwards. */
static int flag_trip(hmpi__shm *shm, double *half)
{
    hmpi__shm_chan *ch = shm->chan[0];
    _Atomic uint64_t *mine = (_Atomic uint64_t *)ch->buf[shm->rank];
    _Atomic uint64_t *theirs = (_Atomic uint64_t *)ch->buf[1 - shm->rank];
    double best = 0;
    for (uint64_t i = 1; i <= TRIPS + 1; i++) {
        double t0 = MPI_Wtime();
        if (shm->rank == 0)
            atomic_store_explicit(mine, i, memory_order_release);
        while (atomic_load_explicit(theirs, memory_order_acquire) < i)
            ;
        if (shm->rank == 1)
            atomic_store_explicit(mine, i, memory_order_release);
        double trip = (MPI_Wtime() - t0) * 1e6;
        if (i > 1 && (i == 2 || trip < best))
            best = trip;
    }
    *half = best / 2;
    TRY(HMPI__MPI(Barrier)(shm->node)); /* both done reading before either resets */
    atomic_store_explicit(mine, 0, memory_order_release);
    return MPI_SUCCESS;
}

/* The quickest of a few copies of bytes from src to dst (us). */
static double quickest_copy(char *dst, const char *src, size_t bytes)
{
    double best = 0;
    for (int i = 0; i <= TRIPS / 2; i++) {
        double t0 = MPI_Wtime();
        memcpy(dst, src, bytes);
        double t = (MPI_Wtime() - t0) * 1e6;
        if (i > 0 && (i == 1 || t < best))
            best = t;
    }
    return best;
}

/* Bytes/us of rank 1's copies, on rank 1: of a buffer rank 0 just wrote,
 * and of its own memory beyond the caches; the slower. */
static int copy_rate(hmpi__shm *shm, char *scratch, double *rate)
{
    char *src = shm->chan[0]->buf[0];
    double best = 0, near, far = 0;
    for (int i = 0; i <= TRIPS; i++) {
        if (shm->rank == 0)
            memset(src, i + 1, shm->half);
        TRY(HMPI__MPI(Barrier)(shm->node));
        double t0 = MPI_Wtime();
        if (shm->rank == 1)
            memcpy(scratch, src, shm->half);
        double t = (MPI_Wtime() - t0) * 1e6;
        if (i > 0 && (i == 1 || t < best))
            best = t;
        TRY(HMPI__MPI(Barrier)(shm->node));
    }
    if (shm->rank == 0)
        memset(src, 0, shm->half);
    near = best > 0 ? (double)shm->half / best : 0;
    if (shm->rank == 1) {
        double t = quickest_copy(scratch, scratch + STREAM, STREAM);
        far = t > 0 ? STREAM / t : 0;
    }
    *rate = far > 0 && far < near ? far : near;
    return MPI_SUCCESS;
}

/* Ranks 0 and 1 measure; figures 0 elsewhere (the allreduce takes the largest). */
static int measure(hmpi__shm *shm, double figures[4])
{
    size_t bytes = shm->half > 2 * STREAM ? shm->half : 2 * STREAM; /* LARGE, a buffer, streams */
    char *buf = malloc(bytes);
    double small = 0, large = 0;
    int rc = MPI_SUCCESS;
    if (!buf)
        return MPI_ERR_NO_MEM;
    memset(buf, 1, bytes);
    if ((rc = message_trip(shm, buf, 0, &small)) == MPI_SUCCESS &&
        (rc = message_trip(shm, buf, LARGE, &large)) == MPI_SUCCESS &&
        (rc = flag_trip(shm, &figures[0])) == MPI_SUCCESS)
        rc = copy_rate(shm, buf, &figures[1]);
    free(buf);
    if (shm->rank == 0) {
        figures[2] = small;
        figures[3] = large > small ? LARGE / (large - small) : 0;
    }
    if (shm->rank == 0)
        figures[1] = 0; /* rank 1's */
    else
        figures[0] = 0;
    return rc;
}

int hmpi__shm_calibrate(hmpi__shm *shm, int oversubscribed)
{
    /* flag us, copy us/byte, message us, message us/byte: every node's
     * ranks 0 and 1 measure theirs, all take the slowest node's */
    double figures[4] = {0, 0, 0, 0};
    if (oversubscribed || !hmpi__config_number(HMPI__CFG_PROBE_LATENCY))
        return MPI_SUCCESS; /* alike everywhere: the defaults */
    if (shm->size >= 2 && shm->rank < 2) {
        TRY(measure(shm, figures));
        figures[1] = figures[1] > 0 ? 1 / figures[1] : 0;
        figures[3] = figures[3] > 0 ? 1 / figures[3] : 0;
    }
    TRY(HMPI__MPI(Allreduce)(MPI_IN_PLACE, figures, 4, MPI_DOUBLE, MPI_MAX, shm->all));
    for (int i = 0; i < 4; i++)
        if (!(figures[i] > 0))
            return MPI_SUCCESS; /* no node of two ranks, or a timer too coarse: the defaults */
    shm->costs = (hmpi__shm_costs){figures[0], 1 / figures[1], figures[2], 1 / figures[3], 1};
    if (shm->rank == 0)
        hmpi__verbose("node: flag %.3f us, copy %.0f MB/s, message %.2f us and %.0f MB/s "
                      "(cost model)",
                      figures[0], 1 / figures[1], figures[2], 1 / figures[3]);
    return MPI_SUCCESS;
}

void hmpi__shm_model(const hmpi__shm *shm, hmpi__cost_model *cm)
{
    const hmpi__shm_costs *k = &shm->costs;
    if (!k->measured)
        return;
    cm->shm_flag_us = k->flag_us;
    cm->shm_bytes_per_us = k->copy_bytes_per_us;
    hmpi__cost_model_node(cm, k->message_us, k->message_bytes_per_us);
}

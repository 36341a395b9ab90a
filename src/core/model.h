/* The machine's cost model, shared by the collectives' and the isomorphic
 * collectives' automatic choices (model.c; doc/collectives.md, "The cost
 * model"). Private. */
#ifndef HMPI_CORE_MODEL_H
#define HMPI_CORE_MODEL_H

#include "hmpi_internal.h"

/* Per level of the machine, the latency of one message and the gap each
 * further message of a round adds, in us, at measured sizes (bytes
 * ascending), interpolated between them. */
enum { HMPI__LEVEL_NODE, HMPI__LEVEL_NETWORK, HMPI__NLEVELS };
#define HMPI__COST_POINTS 32
typedef struct hmpi__cost_curve {
    int n;
    double bytes[HMPI__COST_POINTS], latency[HMPI__COST_POINTS], gap[HMPI__COST_POINTS];
} hmpi__cost_curve;
typedef struct hmpi__cost_model {
    hmpi__cost_curve level[HMPI__NLEVELS];
    /* bytes/us each way between the packages (sockets) of one node, which
     * every message crossing between them shares (UPI, Infinity Fabric) */
    double package_bytes_per_us;
    /* the node's shared memory: a flag's trip from one core to another
     * (us), and the bytes/us of one core's copy through a segment: of up to
     * HMPI__SHM_NEAR_BYTES that another core just wrote (from its cache:
     * near), and of a stream beyond the caches (the rest of a larger one) */
    double shm_flag_us, shm_bytes_per_us, shm_near_bytes_per_us;
    /* a line of data that a reader loads once the flag said it is there:
     * the writer's cache's answer alone, no poll (us; the flag's unless
     * measured) */
    double shm_data_us;
    /* bytes/us of a copy that reads lines another core just wrote while
     * that core copies alike (a block relayed both ways at once: a
     * reduction's slices and results between the slots), the lines
     * crossing both ways (the near rate's unless measured) */
    double shm_cross_bytes_per_us;
    /* bytes/us of the MPI library's own local reductions (MPI_Reduce_local),
     * which its collectives run where hmpi runs its own; 0: not measured */
    double library_combine_bytes_per_us;
    int builtin; /* the defaults (no tuning file): measurements may refine them */
    /* the collectives' own times measured by hmpi-tune (NULL: none), kept
     * until MPI_Finalize */
    const struct hmpi__cost_times *times;
} hmpi__cost_model;

/* Messages at most this big go eager on common transports (UCX, Open MPI's
 * and MPICH's defaults are 8-16 KiB); a larger one waits for a rendezvous
 * round trip. Pipelines and segmented exchanges keep their pieces below. */
#define HMPI__EAGER_BYTES 8192

/* A copy through a segment of at most this runs at the near rate. */
#define HMPI__SHM_NEAR_BYTES 32768

/* The model of HMPI_TUNING_FILE (the defaults without one), read once;
 * *builtin: is it the defaults? */
int hmpi__cost_model_load(const char *fn, hmpi__cost_model *cm, int *builtin);
/* The built-in model (no tuning file) of a network whose messages take
 * network_latency_us between nodes (the defaults': 2 us). */
void hmpi__cost_model_builtin(hmpi__cost_model *cm, double network_latency_us);
/* The node level of cm as measured: a message of bytes[i] takes us[i]
 * (n sizes ascending, the first 0), each further one of a round adding the
 * overhead and a part of its transfer, as the defaults. */
void hmpi__cost_model_node(hmpi__cost_model *cm, const double *bytes, const double *us, int n);
/* Do two models give the same costs everywhere? */
int hmpi__cost_model_equal(const hmpi__cost_model *x, const hmpi__cost_model *y);
/* Modelled time (us) of a round in which one process sends `messages`
 * messages of `bytes` bytes each at level; 0 for no message. */
double hmpi__cost_round(const hmpi__cost_model *cm, int level, int messages, double bytes);

/* What each further message of `bytes` adds to a round at level. */
double hmpi__cost_gap(const hmpi__cost_model *cm, int level, double bytes);

/* The CPU a process pays per message: what a further message of no bytes
 * adds to a round between nodes (where nothing else shares it). */
double hmpi__cost_overhead(const hmpi__cost_model *cm);

/* The time `bytes` hold a node's network link when it streams messages back
 * to back: a large message's gap per byte, not a lone small message's share
 * of the bandwidth that the gap at `bytes` charges (SMPI's defaults and
 * measured NICs both fill the link with several small messages in flight). */
double hmpi__cost_stream(const hmpi__cost_model *cm, double bytes);

/* A round in which `senders` processes of one node each send `messages`
 * messages of `bytes` at level at once: each pays its own per-message cost
 * (the gap at 0 bytes), the bytes of all share the node's link. */
double hmpi__cost_node_round(const hmpi__cost_model *cm, int level, int senders, int messages,
                             double bytes);

/* The collectives' measured times (a tuning file's `collective` lines,
 * written by hmpi-tune): each algorithm's, the library's own (`native`)
 * among them, on a communicator of `ranks` ranks over `nodes` nodes, at a
 * block of `bytes`. Does cm have any for collective coll (MPI's name, lower
 * case) on such a communicator? */
int hmpi__cost_times_cover(const hmpi__cost_model *cm, const char *coll, int ranks, int nodes);
/* Algorithm alg's measured time (us) there, interpolated between the sizes
 * measured, proportional to bytes beyond the largest; -1 where alg was not
 * measured. */
double hmpi__cost_time(const hmpi__cost_model *cm, const char *coll, int ranks, int nodes,
                       const char *alg, double bytes);

/* Time for one core to copy `bytes` through the node's shared memory. */
double hmpi__cost_shm_copy(const hmpi__cost_model *cm, double bytes);

/* Time for one core to copy `bytes` that other cores just wrote while they
 * copy alike (shm_cross_bytes_per_us; beyond HMPI__SHM_NEAR_BYTES the
 * stream's rate where slower). */
double hmpi__cost_shm_cross(const hmpi__cost_model *cm, double bytes);

/* Time for a process to pass once over `bytes` of its own buffers: a local
 * copy, or the combination of a block it received into another (reading two,
 * writing one: memory-bound alike). Priced at the node's copy rate, measured
 * with the node (HMPI_PROBE_LATENCY) or by hmpi-tune (free under SimGrid
 * SMPI, which does not simulate computation); on one node of 2 ranks
 * here, an allreduce of 1 MiB by recursive doubling (a copy, a combination
 * of the whole vector) took 293 us against 174 for the ring (a combination
 * of half), with messages as long. */
double hmpi__cost_combine(const hmpi__cost_model *cm, double bytes);

/* Time for `bytes` to cross one way between the packages of one node, all
 * of them sharing the link (the messages of every process of a node step). */
double hmpi__cost_crossing(const hmpi__cost_model *cm, double bytes);

#endif

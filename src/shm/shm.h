/* The node's shared memory: segments that the ranks of a communicator
 * within one node share (MPI_Win_allocate_shared), and the schedule steps
 * that move and combine data through them (doc/design.md, "The node").
 * Private.
 *
 * A communicator's object (cached in its context, slot HMPI__SLOT_SHM) is
 * its ranks' on one node (each node its own) and holds channels. A channel is one window: each
 * rank's part is a line with its `ack` flag and a slot cut into buffers (HMPI_SHM_BUFFERS), each
 * headed by a `ready` flag on the line of its first bytes (a small block travels with its flag),
 * placed on the rank's own NUMA node by its first touch. The blocking collectives share channel 0
 * (MPI orders them, and one ends before the next starts); a persistent collective leases a channel
 * of its own for its lifetime, so that any number of them may be active at once.
 *
 * Data moves in generations. Every operation on a channel takes the next
 * generations in turn at its start, identical on every rank (collectives
 * start in the same order everywhere). In generation g a rank may write
 * buffer g % buffers of slots and raise its `ready` flag (that buffer's) to g; readers wait for
 * that flag, read, then raise their `ack` flag to g, which also says they
 * are done with every earlier generation. Before writing a buffer for g, a
 * rank waits until every ack has reached g - buffers, the buffer's last use. Flags
 * only grow; every wait spins briefly, then yields the core. */
#ifndef HMPI_SHM_SHM_H
#define HMPI_SHM_SHM_H

#include "core/model.h"
#include "schedule/schedule.h"

typedef struct hmpi__shm hmpi__shm;
typedef struct hmpi__shm_chan hmpi__shm_chan;
/* One schedule's use of a channel: the generations of its current run. */
typedef struct hmpi__shm_op hmpi__shm_op;

/* The shared-memory object of comm for this rank's node: the ranks of
 * colour `node` (the same on every rank of a node, as the locality table
 * numbers them; 0 everywhere for a communicator within one node) share
 * segments, each node its own. *out NULL when none can be had (HMPI_SHM=0,
 * SimGrid SMPI, a node's ranks on several machines, a window refused),
 * alike on every rank. Collective over comm on first use, then cached
 * (released with comm and at MPI_Finalize); borrowed. */
int hmpi__shm_get(MPI_Comm comm, int node, const char *fn, hmpi__shm **out);

/* The node's costs measured when comm's segment was made (HMPI_PROBE_LATENCY)
 * into the built-in model cm: its node level and its shared memory. */
void hmpi__shm_model(const hmpi__shm *shm, hmpi__cost_model *cm);

/* A channel for one schedule: with exclusive (persistent collectives) a
 * channel that no live schedule holds, agreed over the node (collective;
 * *out NULL once HMPI_SHM_CHANNELS are all held), else the blocking
 * collectives' channel. Give it to a schedule (hmpi__shm_op_begin) or back
 * (hmpi__shm_release). */
int hmpi__shm_acquire(hmpi__shm *shm, int exclusive, const char *fn, hmpi__shm_chan **out);
void hmpi__shm_release(hmpi__shm_chan *ch);

/* Bytes of one of a slot's buffers. */
size_t hmpi__shm_buffer_bytes(const hmpi__shm_chan *ch);
/* A slot's buffers: generation g uses buffer g % buffers, which takes
 * generation g + buffers once every rank has acked g. */
int hmpi__shm_buffers(const hmpi__shm_chan *ch);
/* A buffer's first bytes, which share its ready flag's cache line: a
 * reader that sees the flag has them (one line crosses, not two). */
#define HMPI__SHM_WITH_FLAG_BYTES 48
/* This rank's rank in its node's part of the communicator (comm's order),
 * and that part's size. */
int hmpi__shm_rank(const hmpi__shm_chan *ch);
int hmpi__shm_size(const hmpi__shm_chan *ch);

/* Begin the shared-memory steps of schedule s on ch (ownership of ch moves
 * to s, which releases it when freed): a step that takes the run's
 * generations at its start. Generations are numbered 0, 1, ... in the
 * schedule; *op: for the steps below. */
int hmpi__shm_op_begin(hmpi__sched *s, hmpi__shm_chan *ch, hmpi__shm_op **op);

/* Steps. `gen`: the generation in the schedule; (rank, offset): a place in
 * buffer gen % buffers of rank's slot; bytes fit in the buffer. */
/* Copy bytes from src to the place, once the buffer is free. */
int hmpi__shm_put(hmpi__sched *s, hmpi__shm_op *op, int gen, const void *src, size_t bytes,
                  int rank, size_t offset);
/* Raise this rank's ready flag to gen: what it wrote for gen is there. */
int hmpi__shm_publish(hmpi__sched *s, hmpi__shm_op *op, int gen);
/* Copy bytes from the place to dst once flag_rank has published gen. */
int hmpi__shm_get_from(hmpi__sched *s, hmpi__shm_op *op, int gen, int flag_rank, int rank,
                       size_t offset, void *dst, size_t bytes);
/* Wait until ranks [first, first + n) have published gen. */
int hmpi__shm_wait(hmpi__sched *s, hmpi__shm_op *op, int gen, int first, int n);
/* The same for ranks[0, n) (an array that outlives the schedule's runs). */
int hmpi__shm_wait_ranks(hmpi__sched *s, hmpi__shm_op *op, int gen, const int *ranks, int n);
/* Once ranks [0, n) have published gen: combine count elements of type
 * (contiguous) at offset of their slots, in rank order (slot 0 op slot 1 op
 * ...), this rank's own input taken from `own` instead of its slot when not
 * NULL (it need not copy it in), into dst; or, dst NULL, into this
 * rank's slot at (dst_gen, offset), once that buffer is free. `own` may be
 * dst itself, the input put there before, where
 * hmpi__shm_reduce_places_own says so: for a commutative op, the others are
 * combined into it; with `alike` (every rank combines the same inputs, each
 * its own in its slot too, and all get the same bits), the fold goes on
 * from it in rank order. */
int hmpi__shm_reduce(hmpi__sched *s, hmpi__shm_op *op, int gen, int n, size_t offset, int count,
                     MPI_Datatype type, MPI_Op mop, const void *own, void *dst, int dst_gen,
                     int alike);
/* May node rank `rank` of n put its own input into dst before such a
 * combination (own = dst)? For a commutative op, any rank not `alike`;
 * with `alike`, the last rank, whose input starts the fold, and the last
 * but one, whose input is its first left operand, where hmpi has a loop
 * for inout = inout op in. */
int hmpi__shm_reduce_places_own(int rank, int n, MPI_Datatype type, MPI_Op mop, int alike);
/* Raise this rank's ack flag to gen: it is done reading gen and before. */
int hmpi__shm_ack(hmpi__sched *s, hmpi__shm_op *op, int gen);
/* Copy bytes from src to dst, this rank's memory, between two of the steps
 * above: a rank's own block, while the others' flags come. */
int hmpi__shm_copy(hmpi__sched *s, hmpi__shm_op *op, const void *src, void *dst, size_t bytes);

#endif

/* The schedule engine shared by every nonblocking and persistent operation.
 *
 * A schedule is a sequence of rounds. A round first runs its local steps
 * (typed copies, MPI_Reduce_local), then starts its persistent point-to-point
 * requests; the next round launches when they all have completed (or, for a
 * round made by hmpi__sched_round_after, when the requests it names have). Everything — requests,
 * scratch buffers, pack buffers — is created while building (at _init); running a schedule
 * allocates nothing, and each run starts from round 0 again. */
#ifndef HMPI_SCHEDULE_H
#define HMPI_SCHEDULE_H

#include "core/error.h"

typedef struct hmpi__sched hmpi__sched;

/* A schedule whose copies pack for comm (MPI_Pack's communicator: the
 * operation's, valid under Sessions too, where MPI_COMM_SELF is not). */
hmpi__sched *hmpi__sched_create(MPI_Comm comm);
void hmpi__sched_free(hmpi__sched *s);

/* Building. Each call returns MPI_SUCCESS or an MPI error code. */
int hmpi__sched_round(hmpi__sched *s); /* start a new round */
/* Start a new round that launches as soon as the n requests listed have
 * completed (indices as hmpi__sched_next_request gave them), not every
 * earlier one: pipelines forward a piece the moment it arrives while the
 * pieces before are still on their way; with n = 0, right after the round
 * before it (steps that wait for other processes, not for requests). A
 * later ordinary round waits for everything before it, and the run
 * completes when every request has. */
int hmpi__sched_round_after(hmpi__sched *s, const int *requests, int n);
/* The index the next send or receive will have. */
int hmpi__sched_next_request(const hmpi__sched *s);
/* dst = src (count elements of each type; same type signature) */
int hmpi__sched_copy(hmpi__sched *s, const void *src, int scount, MPI_Datatype stype, void *dst,
                     int dcount, MPI_Datatype dtype);
/* dst = src, bytes of them (any number: spans past 2 GiB) */
int hmpi__sched_copy_bytes(hmpi__sched *s, const void *src, void *dst, size_t bytes);
/* Pack count elements of type at src into the bytes at packed (MPI_Pack),
 * and the reverse. Packed data travels as MPI_PACKED. */
int hmpi__sched_pack(hmpi__sched *s, const void *src, int count, MPI_Datatype type, void *packed,
                     int packed_bytes);
int hmpi__sched_unpack(hmpi__sched *s, const void *packed, int packed_bytes, void *dst, int count,
                       MPI_Datatype type);
/* inout = in op inout (MPI_Reduce_local) */
int hmpi__sched_reduce(hmpi__sched *s, const void *in, void *inout, int count, MPI_Datatype type,
                       MPI_Op op);
int hmpi__sched_send(hmpi__sched *s, const void *buf, int count, MPI_Datatype type, int peer,
                     int tag, MPI_Comm comm);
int hmpi__sched_recv(hmpi__sched *s, void *buf, int count, MPI_Datatype type, int peer, int tag,
                     MPI_Comm comm);
/* A synchronous-mode send: it completes once the receiver has the message
 * (a small send may complete at once, before its bytes have left), so that
 * a pipeline can pace itself on it. */
int hmpi__sched_ssend(hmpi__sched *s, const void *buf, int count, MPI_Datatype type, int peer,
                      int tag, MPI_Comm comm);
/* Hand a committed derived datatype over to the schedule, which frees it
 * with itself (also on failure: the type is freed at once). */
int hmpi__sched_keep_type(hmpi__sched *s, MPI_Datatype type);
/* Scratch for count elements of type, owned by the schedule (NULL: no memory). */
void *hmpi__sched_scratch(hmpi__sched *s, int count, MPI_Datatype type);
/* bytes of zeroed memory owned by the schedule, for its steps' arguments
 * (NULL: no memory). */
void *hmpi__sched_alloc(hmpi__sched *s, size_t bytes);
/* The bytes of memory the schedule owns (scratch, pack buffers, steps' arguments). */
size_t hmpi__sched_bytes(const hmpi__sched *s);

/* A local step that may have to wait for another process without a message
 * (a flag in the node's shared memory): fn(arg, &done) does its work and
 * sets done, or leaves done 0 when it cannot yet, to be called again (the
 * round's later steps and its requests wait for it). In a blocking wait the
 * engine polls it, spinning briefly, then yielding the core. arg: memory the
 * schedule owns (hmpi__sched_alloc) or outlives it. */
typedef int (*hmpi__sched_fn)(void *arg, int *done);
int hmpi__sched_call(hmpi__sched *s, hmpi__sched_fn fn, void *arg);
/* The arg of s's last step when it is a call of fn that a step added now
 * would directly follow (the same round, nothing between), else NULL: a
 * module extends that call instead of adding one (one engine call for a
 * run of its steps). */
void *hmpi__sched_last_call(const hmpi__sched *s, hmpi__sched_fn fn);
/* How many times s has started: a call step's progress kept from an
 * earlier run (one that failed) is stale. */
unsigned hmpi__sched_runs(const hmpi__sched *s);
/* fn(arg) when the schedule is freed (before its memory is), to give back
 * what its steps hold. */
int hmpi__sched_on_free(hmpi__sched *s, void (*fn)(void *arg), void *arg);

/* Is the layout of count elements of type one block of *bytes starting at
 * the buffer, the elements in order? */
int hmpi__type_is_contiguous(MPI_Datatype type, int count, size_t *bytes);

/* Running. */
int hmpi__sched_start(hmpi__sched *s);
/* *done = 1 when the run is complete. */
int hmpi__sched_test(hmpi__sched *s, int *done);
int hmpi__sched_wait(hmpi__sched *s);

/* Numbers for tests and benchmarks: rounds, requests. */
void hmpi__sched_stats(const hmpi__sched *s, int *rounds, int *requests);

#endif

/* The per-communicator context: one attribute per communicator holding the
 * private duplicate for library traffic, the tag counter, and the slots in
 * which modules cache what they computed for the communicator (its locality,
 * its isomorphic neighbourhood). Private.
 *
 * Slot objects are shared, reference-counted (one atomic idiom) and may be
 * shared between communicators with the same group: when MPI copies the
 * attribute (MPI_Comm_dup, and also MPI_Comm_create_group in Open MPI 4.1),
 * the copy shares the slots but trusts none of them until the first access on
 * the new communicator compares its group with the old one (MPI_IDENT) and
 * asks each slot whether it still fits; what does not is dropped, and the
 * module recomputes it. */
#ifndef HMPI_CORE_COMM_H
#define HMPI_CORE_COMM_H

#include "hmpi_internal.h"

enum hmpi__slot_id {
    HMPI__SLOT_LOCALITY,
    HMPI__SLOT_ISO,      /* HMPI_Iso_neighborhood_create's */
    HMPI__SLOT_CART_NBR, /* MPI's Cartesian neighbourhood, as an isomorphic one */
    HMPI__SLOT_COLL_CACHE,
    HMPI__SLOT_SHM, /* the node's shared memory (src/shm): after the schedules that use it */
    HMPI__NSLOTS
};

/* The header of every object cached in a slot (first member). */
typedef struct hmpi__shared {
    int refs;
    void (*destroy)(struct hmpi__shared *obj);
    /* NULL: any communicator with the same group fits; else 1 when obj still
     * describes comm (e.g. the same Cartesian topology). Local. */
    int (*fits)(const struct hmpi__shared *obj, MPI_Comm comm);
    /* NULL, or what must be given back collectively when the communicator
     * that made obj is freed (or at MPI_Finalize), even while others still
     * hold references: e.g. shared-memory windows. Called by every process
     * of the communicator, before the context drops its reference. */
    void (*retire)(struct hmpi__shared *obj);
} hmpi__shared;

void hmpi__shared_init(hmpi__shared *obj, void (*destroy)(hmpi__shared *),
                       int (*fits)(const hmpi__shared *, MPI_Comm));
void hmpi__shared_ref(hmpi__shared *obj);
void hmpi__shared_unref(hmpi__shared *obj);

/* MPI_Topo_test's answer for comm (MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH or
 * MPI_UNDEFINED). Under SimGrid SMPI, which lacks MPI_Topo_test, only
 * Cartesian communicators are told apart (by MPI_Cartdim_get). Local. */
int hmpi__topo_kind(MPI_Comm comm);

/* The object in slot of comm, or NULL. Local; borrowed (valid while comm
 * keeps it). */
hmpi__shared *hmpi__comm_slot(MPI_Comm comm, int slot);
/* Put obj (ownership moves to comm) in slot of comm, replacing what was
 * there. Local. On failure obj is released. */
int hmpi__comm_slot_set(MPI_Comm comm, int slot, hmpi__shared *obj);

/* How many times this was called on comm before (0 the first time, or
 * when no context can be made). Local; thread-safe. */
int hmpi__comm_count_use(MPI_Comm comm);

/* Collective on first use per communicator: its private duplicate, where all
 * library traffic goes. */
int hmpi__comm_private(MPI_Comm comm, MPI_Comm *dup);
/* The private duplicate and a fresh tag for one operation (every process
 * creates operations on comm in the same order). Collective on first use. */
int hmpi__comm_private_tag(MPI_Comm comm, MPI_Comm *dup, int *tag);
/* The private duplicate and the tag reserved for blocking operations, which
 * never overlap one another on comm (MPI orders a communicator's
 * collectives, and a blocking one ends before the next starts), so they
 * may share one tag: the messages of consecutive operations between two
 * processes match in order. Processes need not agree on which blocking
 * operations build a schedule and which reuse a cached one. Collective on
 * first use. */
int hmpi__comm_private_blocking(MPI_Comm comm, MPI_Comm *dup, int *tag);

#endif

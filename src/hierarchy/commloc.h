/* Locality cached on a communicator (attribute), shared by all modules. */
#ifndef HMPI_HIERARCHY_COMMLOC_H
#define HMPI_HIERARCHY_COMMLOC_H

#include "core/comm.h"
#include "core/model.h"
#include "locality/locality.h"

/* Paths of every rank of a communicator, for the local queries: per rank,
 * len + depth ids + depth kinds (about 5 x depth bytes). */
typedef struct hmpi__loctable {
    int n;          /* ranks */
    int depth;      /* entries per rank */
    uint8_t *len;   /* [n] */
    int32_t *id;    /* [n * depth] */
    uint8_t *kind;  /* [n * depth] */
    uint32_t *node; /* [n], lazily: bit m set when a split of comm happens at prefix length m */
    int *order;     /* [n], lazily: ranks sorted by path */
    int *machine;   /* [n], lazily: node (Machine, or board) index of each rank, in path order */
    int nmachines;  /* with machine: number of nodes, and their shape: */
    int largest, smallest; /* the most and fewest ranks on one node */
    int packages;          /* the most packages (sockets) one node's ranks live on */
    int ordered_nodes;     /* every node's ranks are one interval of ranks */
} hmpi__loctable;

typedef struct hmpi__commloc {
    hmpi__shared base; /* cached in the communicator's locality slot */
    int has_network;
    hmpi__path path; /* this process; ids resolved for this communicator */
    int has_level;   /* created by an hmpi split: the fields below are set */
    int num_comms, index;
    int kind;
    uint32_t aliases;
    hmpi__loctable *table;  /* NULL until attached */
    int latency_probed;     /* network_latency is set (hmpi__commloc_cost_model) */
    double network_latency; /* us, half an empty round trip to the farthest rank; 0: one node */
} hmpi__commloc;

/* Local lookup: the cached locality of comm, or NULL. */
hmpi__commloc *hmpi__commloc_find(MPI_Comm comm);

/* Collective: the locality of comm, computed and cached when missing; with
 * need_table, also the table of all ranks (one allgather, once per comm).
 * Returns an error code (not raised). */
int hmpi__commloc_ensure(MPI_Comm comm, int need_table, const char *fn, hmpi__commloc **cl);

/* Local: cache on child (created from parent by an hmpi split) the parent's
 * path, the level it represents and the parent's table restricted to it. */
int hmpi__commloc_attach_child(MPI_Comm child, const hmpi__commloc *parent, MPI_Comm parent_comm,
                               int kind, uint32_t aliases, int num_comms, int index,
                               hmpi__commloc **out);

/* Collective: the cost model of the automatic choices on comm: the tuning
 * file's (HMPI_TUNING_FILE), or the built-in defaults with the network
 * latency measured on comm, once (probe.c; HMPI_PROBE_LATENCY). Every
 * process calls it at the same point of its first collective on comm.
 * Returns an error code (not raised). */
int hmpi__commloc_cost_model(MPI_Comm comm, const char *fn, hmpi__cost_model *cm);

/* The split prefix lengths of every rank (lazily computed; see HMPI_Comm_level). */
const uint32_t *hmpi__loctable_nodes(hmpi__loctable *t);
/* Ranks sorted by path (lexicographic), lazily computed with the nodes. */
const int *hmpi__loctable_order(hmpi__loctable *t);
/* The node of every rank for the collectives (its Machine, or its board:
 * the Group right below a Machine split into Groups), numbered 0.. in path
 * order, and the number of nodes (lazily computed, once per table, with the
 * shape fields; ranks without a Machine in their path share one node).
 * NULL: no memory. */
const int *hmpi__loctable_machines(hmpi__loctable *t, int *nmachines);
/* Does order[k] (ranks sorted by path, machine[r]: rank r's node) begin
 * another node than order[k - 1]? */
int hmpi__starts_node(const int *machine, const int *order, int k);
/* HMPI_Comm_level of ranks i and j (Träff): MPI_ERR_NO_MEM or MPI_SUCCESS. */
int hmpi__loctable_level(hmpi__loctable *t, int i, int j, int *level);
/* Number of leading path elements that ranks a and b share. */
int hmpi__loctable_lcp(const hmpi__loctable *t, int a, int b);

/* The rank in parent of every rank of child, in child's order (n = the
 * size of child; the caller frees); NULL when out of memory. Local. */
int *hmpi__parent_ranks(MPI_Comm child, MPI_Comm parent);

#endif

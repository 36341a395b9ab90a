/* The ranks of a communicator grouped by node, for the algorithms that
 * work node by node (multi-lane, two-tree): nodes in path order, the
 * root's node at index 0 of a lane. Private. */
#ifndef HMPI_COLL_NODES_H
#define HMPI_COLL_NODES_H

#include "coll/coll.h"

typedef struct hmpi__nodes {
    int n;         /* nodes */
    int *first;    /* [n + 1]: node k's ranks are member[first[k] .. first[k + 1]) */
    int *member;   /* comm ranks grouped by node, each node in path order */
    int *lane;     /* [n]: the ranks of one lane, the root's node first */
    int root_node; /* node of the root (rank 0 without one) */
    int my_node;   /* node of this process */
    int my_local;  /* its index in its node */
    int my_index;  /* its node's index in a lane (lane_index) */
    int local;     /* ranks on its node */
    int smallest;  /* ranks on the smallest node */
    int ordered;   /* a non-commutative op: nodes and local ranks in rank order */
} hmpi__nodes;

/* Group c's ranks by node; root -1: none (node 0 leads). ordered: nodes and
 * their ranks in rank order (the caller checked the shape's ordered_nodes,
 * coll/shape.h), for non-commutative ops. */
int hmpi__nodes_make(const hmpi__coll_ctx *c, int root, int ordered, hmpi__nodes *nd);
void hmpi__nodes_free(hmpi__nodes *nd);
/* Index of node k in a lane, and the node at index k (its own inverse). */
int hmpi__nodes_lane_index(const hmpi__nodes *nd, int k);
/* Rank of local index j on node k. */
int hmpi__nodes_rank(const hmpi__nodes *nd, int k, int j);
/* nd->lane = lane j: local rank j of every node, the root's node first. */
void hmpi__nodes_fill_lane(hmpi__nodes *nd, int j);

/* May node steps go through the segment: the schedule has a channel, and
 * the communicator spans nodes (on one node the shm rows are the node's
 * algorithms, and the multi-node rows price as messages beside them)? The
 * same on every process; never under SimGrid SMPI, whose ranks cannot share
 * memory. */
int hmpi__nodes_segment_usable(const hmpi__coll_ctx *c);
/* *out: the segment's ranks of this node's local ranks (path order), an
 * array of the schedule; the segment's ranks are the node's in comm's
 * order. The schedule has a channel. */
int hmpi__nodes_segment_ranks(hmpi__coll_ctx *c, const hmpi__nodes *nd, int **out);

/* rank_at[k]: the rank at position k of path order (the nodes one after
 * the other), rank order when the ranks' nodes are unknown. */
int hmpi__nodes_path_order(const hmpi__coll_ctx *c, int *rank_at);

/* Run build with rank_at[] the ranks in path order (in rank order when
 * in_path_order is 0) and me this process's position in it; the order is
 * freed after. */
typedef int (*hmpi__positions_builder)(hmpi__coll_ctx *c, const hmpi__coll_args *a,
                                       const int *rank_at, int me);
int hmpi__nodes_build_at_positions(hmpi__coll_ctx *c, const hmpi__coll_args *a, int in_path_order,
                                   hmpi__positions_builder build);

/* Allreduce (commutative op) over the ranks g[0..n), this process at
 * index i, in place on buf: recursive doubling or (halving) Rabenseifner's
 * reduce-scatter and allgather, ranks past a power of two folded (lanes.c). */
int hmpi__list_allreduce(hmpi__coll_ctx *c, const int *g, int n, int i, void *buf, int count,
                         MPI_Datatype type, MPI_Op op, int halving);

/* Steps inside this process's node, over its local ranks (lanes.c). The
 * k-nomial radix of the cheapest broadcast of `bytes` over a node of n
 * ranks, and of the cheapest gather of blocks of `block` bytes to its first
 * (n: flat), with their modelled times. */
int hmpi__node_bcast_radix(const hmpi__coll_ctx *c, int n, double bytes, double *cost);
int hmpi__node_gather_radix(const hmpi__coll_ctx *c, int n, double block, double *cost);
/* The modelled times of hmpi__node_gather_ranges and hmpi__node_bcast,
 * which take the node's segment where the schedule has a channel and it
 * is modelled cheaper than those trees (each node by its own size). */
double hmpi__node_gather_cost(const hmpi__coll_ctx *c, int n, double block);
double hmpi__node_bcast_cost(const hmpi__coll_ctx *c, int n, double bytes);
/* Local rank j's bytes [lo[j], hi[j]) of buf to every other local rank,
 * for j < owners (the others own none), through the node's segment (the
 * schedule has a channel), and its modelled time for `in` bytes copied in
 * by an owner and `out` out by a rank (HMPI__COST_NEVER: no channel). */
int hmpi__node_allgather_segment(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, const int *lo,
                                 const int *hi, int owners);
double hmpi__node_allgather_segment_cost(const hmpi__coll_ctx *c, double in, double out);
/* Local rank j's bytes [off[j], off[j + 1]) of buf (off ascending, local + 1
 * of them) to the node's first, by a k-nomial tree whose subtrees hold
 * contiguous ranges (one message each), radix as for blocks of `block`. */
int hmpi__node_gather_ranges(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, const size_t *off,
                             double block);
/* buf's `bytes` from the node's first to its other ranks (k-nomial). */
int hmpi__node_bcast(hmpi__coll_ctx *c, const hmpi__nodes *nd, char *buf, int bytes);

/* The allgathers through a packed buffer of p blocks of B bytes in path
 * order (lanes.c): this process's block packed at `at` (from recvbuf in
 * place); then, after a round, every block unpacked to recvbuf, the buffer
 * rotated to start at path position `first`. */
int hmpi__allgather_pack_own(hmpi__coll_ctx *c, const hmpi__coll_args *a, char *at, int B);
int hmpi__allgather_unpack_all(hmpi__coll_ctx *c, const hmpi__coll_args *a, const hmpi__nodes *nd,
                               const char *packed, int first, int B);

/* A message of count elements to or from peer in segments of at most
 * HMPI__EAGER_BYTES, all posted in the open round (lanes.c). */
int hmpi__list_move_segmented(hmpi__coll_ctx *c, int send, const void *buf, int count,
                              MPI_Datatype type, int peer);
/* The segments hmpi__list_move_segmented cuts a message of `bytes` into. */
int hmpi__segments(double bytes);
/* A segmented exchange with one partner at level: its segments each way
 * in one round, and their receives. */
double hmpi__cost_segmented_exchange(const hmpi__coll_ctx *c, int level, double bytes);

/* Radix-r allreduce (commutative op) over g[0..n), this process at index i,
 * in place on buf: r-way reduce-scatter steps for the first `cuts` digits;
 * for the others, recursive multiplying on the part (each step an exchange
 * of the part among the r_s processes that differ in digit s only, reduced
 * in digit order: log_r rounds of r - 1 messages, for parts too short to
 * cut); then r-way allgather steps back. The radixes are those of
 * hmpi__kary_radixes(n, k) (kary.c). */
#define HMPI__KARY_MAX_STEPS 32
int hmpi__list_allreduce_kary(hmpi__coll_ctx *c, const int *g, int n, int i, int k, int cuts,
                              void *buf, int count, MPI_Datatype type, MPI_Op op);
/* acc = v_0 op v_1 op ... op v_{r-1}, v_d = acc (this process) and the
 * others in slots (in order, d skipped): the same order on every process
 * of a group, so that all hold the same bits (floating point is not
 * associative), and rank order for non-commutative ops. Combined from the
 * right, then copied to acc (kary.c). */
int hmpi__reduce_slots_in_order(hmpi__coll_ctx *c, void *acc, void *slots, int r, int d, int count,
                                MPI_Datatype type, MPI_Op op);
/* n's factors, each the largest divisor at most k of what remains, into
 * radix[]; their count, or 0 when a prime factor of n is above k. */
int hmpi__kary_radixes(int n, int k, int radix[HMPI__KARY_MAX_STEPS]);

#endif

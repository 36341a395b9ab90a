/* Collectives: the builders' contract. What a call's arguments are, what an
 * algorithm builds with, and what it may call; the algorithms themselves
 * are rows of algorithms.h. Private. */
#ifndef HMPI_COLL_H
#define HMPI_COLL_H

#include "coll/algorithms.h"
#include "coll/shape.h"
#include "core/comm.h"
#include "core/model.h"
#include "core/signatures.h"
#include "schedule/request.h"
#include "shm/shm.h"

/* HMPI__BARRIER, HMPI__BCAST, ...: in the order of HMPI__COLLECTIVES. */
enum hmpi__coll {
#define HMPI__COLL_ENUM(Name, name, NAME, SIG, PASS) HMPI__##NAME,
    HMPI__COLLECTIVES(HMPI__COLL_ENUM)
#undef HMPI__COLL_ENUM
        HMPI__NCOLLS
};
HMPI__COLLECTIVES(HMPI__DECLARE_ENTRY)

/* HMPI__ALG_AUTO, HMPI__ALG_HIERARCHICAL, ...: the value numbers of the
 * algorithm settings (core/config.c takes hmpi__coll_algorithm_names). */
enum hmpi__algorithm {
#define HMPI__ALG_ENUM(NAME, name) HMPI__ALG_##NAME,
    HMPI__COLL_ALGORITHM_NAMES(HMPI__ALG_ENUM)
#undef HMPI__ALG_ENUM
        HMPI__NALGS
};

/* The collective's name as MPI spells it after "MPI_", lower case. */
const char *hmpi__coll_name(int coll);

/* The arguments of any collective, as the user gave them. */
typedef struct hmpi__coll_args {
    int coll;
    const void *sendbuf;
    void *recvbuf;
    int scount, rcount; /* reductions and bcast: count in both */
    MPI_Datatype stype, rtype;
    int root;
    MPI_Op op;
    /* v and w collectives: per-process counts and displacements (units of
     * the type's extent; bytes for alltoallw), per-process types (alltoallw);
     * NULL for the others and on the sides a process does not use */
    const int *scounts, *sdispls, *rcounts, *rdispls;
    const MPI_Datatype *stypes, *rtypes;
} hmpi__coll_args;

/* What an algorithm builds with (and what its cost sees). */
typedef struct hmpi__coll_ctx {
    hmpi__sched *s;
    MPI_Comm comm; /* private duplicate: all traffic goes there */
    int tag;       /* this operation's own tag */
    int rank, size;
    int commutative;
    int past_int; /* the call's largest buffer spans more than INT_MAX bytes (HMPI__ANY_SIZE) */
    hmpi__loctable *table; /* locality of comm's ranks (hierarchical algorithms) */
    int nodes;             /* nodes the ranks live on (1 when unknown) */
    int largest, smallest; /* the most and fewest ranks on one node */
    int ordered_nodes;     /* every node's ranks are consecutive */
    int packages;          /* the most packages one node's ranks live on */
    uint32_t levels;       /* kinds the topology-aware tree may use; 0: all (hmpi_levels) */
    int lanes;             /* multi-lane algorithms: lanes per node; 0: automatic (hmpi_lanes) */
    int lane_radix; /* multi-lane allreduce: radix-r steps forced (hmpi_lane_radix); 0: auto */
    int lane_multiplying; /* with lane_radix: its last steps multiplying (hmpi_lane_multiplying) */
    int lane_trees;       /* multi-lane allreduce's node steps: 1 flat, k trees (hmpi_lane_trees) */
    int bcast_trees;      /* twotree: trees forced (hmpi_bcast_trees); 0: auto */
    hmpi__cost_model cost; /* the machine's cost model */
    int blocking;          /* a blocking call: its schedule runs to completion at once */
    int persistent;        /* a persistent request (_init) */
    int strict_order;      /* persistent: started in one order everywhere (MPI 4.1's assertion) */
    /* the node's shared memory: a channel for this schedule (NULL: none),
     * whether the call can use it (HMPI__NEEDS_SEGMENT), and whether the
     * builder gave it to the schedule (else the build gives it back) */
    hmpi__shm_chan *shm;
    int shm_usable, shm_taken;
    /* the node steps' use of it (hmpi__shm_lanes_*): their run, begun at
     * the first, and their next generation */
    hmpi__shm_op *shm_op;
    int shm_gen;
} hmpi__coll_ctx;

/* Prepare every message of the call's schedule in c->s. */
typedef int (*hmpi__coll_builder)(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Modelled time (us) of an algorithm for the call; identical on every
 * process. */
typedef double (*hmpi__coll_cost)(const hmpi__coll_ctx *c, const hmpi__coll_args *a);
#define HMPI__COST_NEVER 1e300
/* A cost function's answer for "as the cheapest row of the call that passes
 * messages (no segment)" (native on one node; select.c resolves it, adding
 * hmpi__cost_native_sums). */
#define HMPI__COST_AS_MESSAGES (-1.0)
/* What the MPI library's own local reductions, measured with the node
 * (src/shm/calibrate.c), cost beyond hmpi's in the call (native.c); 0
 * where unmeasured or no slower. */
double hmpi__cost_native_sums(const hmpi__coll_ctx *c, const hmpi__coll_args *a);

/* The builders and costs of the rows of algorithms.h. */
#define HMPI__DECLARE_ROW(COLL, ALG, build, needs, cost)                                           \
    int build(hmpi__coll_ctx *c, const hmpi__coll_args *a);                                        \
    double cost(const hmpi__coll_ctx *c, const hmpi__coll_args *a);
HMPI__COLL_ALGORITHMS(HMPI__DECLARE_ROW)
#undef HMPI__DECLARE_ROW

/* ---- what builders share ------------------------------------------------ */

/* Reduce count elements of input over a binomial tree rooted at tree_root,
 * in rank order when tree_root is 0; *result: the subtree's combination
 * (the whole at tree_root), input itself, scratch of the schedule or, at
 * tree_root, out (non-NULL: a buffer for the whole, not input). */
int hmpi__reduce_binomial_tree(hmpi__coll_ctx *c, const void *input, int count, MPI_Datatype type,
                               MPI_Op op, int tree_root, void *out, const void **result);
/* Steps on any tree, given this process's parent (-1 at the root) and its
 * children in sending order. Down: receive buf from the parent, send it to
 * the children, all at once or (one_per_round) one per round so that large
 * messages pipeline. Up (commutative op): receive every child into a slot,
 * combine with input, send to the parent; *result: the subtree's combination. */
int hmpi__tree_down(hmpi__coll_ctx *c, int parent, const int *children, int nchildren, void *buf,
                    int count, MPI_Datatype type, int one_per_round);
int hmpi__tree_up(hmpi__coll_ctx *c, int parent, const int *children, int nchildren,
                  const void *input, int count, MPI_Datatype type, MPI_Op op, const void **result);
/* Which sides of the call (send, receive) this process uses, as MPI
 * defines them (the root's, MPI_IN_PLACE). */
void hmpi__coll_sides(const hmpi__coll_args *a, int rank, int *uses_send, int *uses_recv);
/* Can the call use the schedule's shared-memory channel (c->shm): a type
 * the segment's pieces hold, contiguous for reductions? The same on every
 * process. */
int hmpi__coll_shm_usable(const hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Node steps through the schedule's segment (shm.c; the multi-lane
 * algorithms', the node gathers, bcasts and allgathers of lanes.c): a
 * vector of elements of `type` in `lanes` parts, part j elements [lo[j],
 * hi[j]) (hi NULL: up to lo[j + 1]) and owned by the node's rank owner[j]
 * (its rank in the segment). */
typedef struct hmpi__shm_lanes {
    int lanes;
    const int *lo, *owner, *hi;
    MPI_Datatype type;
} hmpi__shm_lanes;
/* Does the segment hold a piece of every part at once (an element of each)? */
int hmpi__shm_lanes_fit(const hmpi__coll_ctx *c, int lanes, int type_size);
/* Each owner combines its part of every rank's buf into its own buf (in
 * place; a commutative op in any order, else in rank order). */
int hmpi__shm_lanes_reduce_scatter(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, char *buf,
                                   MPI_Op op);
/* Each owner's part of its buf to every other rank's buf that takes them
 * (a node's gather: its first alone; a bcast: one part, all but its owner). */
int hmpi__shm_lanes_allgather(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, char *buf, int takes);
/* Rank `from`'s parts of its buf, each to its owner's buf (a node's
 * scatter from `from`, which has them all). */
int hmpi__shm_lanes_scatter(hmpi__coll_ctx *c, const hmpi__shm_lanes *l, int from, char *buf);
/* Parts that ranks of the node exchange through their slots, each buffer
 * cut into `areas` equal areas: this rank copies each part it sends (`at`,
 * `bytes`) into area `area` of its own slot, and each part it takes out of
 * area `area` of the slot of the segment's rank `rank` into `at`; in
 * pieces of an area, in as many generations as `longest` bytes need (the
 * longest part on any rank: the same on every rank). */
typedef struct hmpi__shm_part {
    int rank, area;
    char *at;
    size_t bytes;
} hmpi__shm_part;
typedef struct hmpi__shm_parts {
    int areas, nsent, ntaken;
    size_t longest;
    const hmpi__shm_part *sent, *taken;
    /* this rank's own block, own_bytes from own_from to own_to (none: 0),
     * copied once its last piece is published, while the others' come */
    const char *own_from;
    char *own_to;
    size_t own_bytes;
} hmpi__shm_parts;
int hmpi__shm_exchange(hmpi__coll_ctx *c, const hmpi__shm_parts *x);
/* Modelled times: the reduce-scatter over nodes of P ranks, parts of
 * `part_bytes` out of `bytes`; a spread in which a process copies `in`
 * bytes into its slot, in pieces, and `out` bytes from others' slots. */
double hmpi__cost_shm_lanes_reduce_scatter(const hmpi__coll_ctx *c, int lanes, int P,
                                           double part_bytes, double bytes);
double hmpi__cost_shm_spread(const hmpi__coll_ctx *c, double in, double out);
/* Modelled time of the combining alltoall for ngroups groups of per_group
 * processes and blocks of `block` bytes, at its best number of leaders per
 * group (*leaders) and, where may_segment (groups that are nodes, c->shm),
 * its node steps by messages or through the segment, the cheaper
 * (*through_segment). */
double hmpi__alltoall_leaders_cost(const hmpi__coll_ctx *c, int ngroups, int per_group,
                                   double block, int may_segment, int *leaders,
                                   int *through_segment);

/* The operation's messages: on its private duplicate, with its own tag. */
static inline int coll_send(hmpi__coll_ctx *c, const void *buf, int count, MPI_Datatype type,
                            int peer)
{
    return hmpi__sched_send(c->s, buf, count, type, peer, c->tag, c->comm);
}

/* A pipeline's piece: synchronous where a later piece paces on its
 * completion (a small standard send completes before its bytes leave),
 * else standard, whose receive every MPI library charges (SimGrid SMPI
 * charges none for a synchronous one: tests/sim/probe-overhead.sh). */
static inline int coll_piece_send(hmpi__coll_ctx *c, const void *buf, int count, MPI_Datatype type,
                                  int peer, int paced_on)
{
    return paced_on ? hmpi__sched_ssend(c->s, buf, count, type, peer, c->tag, c->comm)
                    : hmpi__sched_send(c->s, buf, count, type, peer, c->tag, c->comm);
}

static inline int coll_recv(hmpi__coll_ctx *c, void *buf, int count, MPI_Datatype type, int peer)
{
    return hmpi__sched_recv(c->s, buf, count, type, peer, c->tag, c->comm);
}

/* Address of block i of a buffer of blocks of count elements of type. */
void *hmpi__block(const void *buf, int i, int count, MPI_Datatype type);
/* Run build, a bcast that cuts the buffer into parts, on the call's bytes
 * (MPI_BYTE): a process whose datatype is not one block packs its buffer
 * into scratch first (the root) or unpacks it last (the others). MPI lets
 * the processes lay one type signature out each their own way (the root
 * n contiguous ints, the others a vector of n); parts cut in elements of
 * their own types would not match, parts cut in bytes do (flat.c). */
int hmpi__bcast_in_bytes(hmpi__coll_ctx *c, const hmpi__coll_args *a, hmpi__coll_builder build);
/* The bcast's arguments such a build sees, count · size MPI_BYTEs (the
 * buffer unchanged): the same on every process, for its cost. */
hmpi__coll_args hmpi__bcast_bytes(const hmpi__coll_args *a);
/* The blocks of ranks[0 .. n) in a buffer of one block of count elements
 * of type per rank (rank r's at block r): one committed indexed type, kept
 * by the schedule. */
int hmpi__coll_ranks_type(hmpi__coll_ctx *c, const int *ranks, int n, int count, MPI_Datatype type,
                          MPI_Datatype *out);

/* ---- what costs share (cost.c) ------------------------------------------- */

/* Bytes of one process's block, the same on every process: the block of
 * the fixed-count collectives, the mean block where every process knows
 * every count (allgatherv, reduce_scatter), 0 where none can. */
double hmpi__coll_block_bytes(const hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* The level a flat algorithm's messages cross: the network when the
 * ranks span nodes. */
int hmpi__coll_outer_level(const hmpi__coll_ctx *c);
/* A binomial tree over n members at level whose members post all their
 * children at once (hmpi's trees): the critical path's i-th sender shares
 * its link among i messages. */
double hmpi__cost_tree(const hmpi__coll_ctx *c, int level, int n, double bytes);
/* A binomial tree over all ranks that takes one child per round (hmpi's
 * binomial reduce): ceil(log2 p) rounds of one message and its
 * combination, those between nodes on the network (nodes in rank order:
 * the near ones inside). */
double hmpi__cost_binomial_rounds(const hmpi__coll_ctx *c, double bytes);
/* hmpi's binomial tree over all ranks: over the nodes, then inside them
 * (nodes in rank order), else every level across the network. */
double hmpi__cost_binomial_tree(const hmpi__coll_ctx *c, double bytes);
/* One exchange at level in which `senders` of a node's ranks each send
 * bytes and receive as many: the link shares the bytes, each process pays
 * the overhead of its send and of its receive. */
double hmpi__cost_exchange(const hmpi__coll_ctx *c, int level, int senders, double bytes);
/* One round in which every rank exchanges bytes with the rank `distance`
 * away: in rank order `distance` of a node's ranks cross its link (all of
 * them from the node's size on), otherwise all of them. */
double hmpi__cost_exchange_at(const hmpi__coll_ctx *c, int distance, double bytes);
/* rounds rounds in which every rank exchanges bytes with rank ^ 1, ^ 2,
 * ^ 4, ... (recursive doubling): in rank order the near rounds stay in the
 * node, the far ones put all of a node's ranks on its link at once;
 * otherwise every round does. (Partners at rank + 2^k: hmpi__cost_exchange_at.) */
double hmpi__cost_exchange_rounds(const hmpi__coll_ctx *c, int rounds, double bytes);
/* ceil(log2(n)), 0 for n <= 1. */
int hmpi__ceil_log2(int n);
/* Levels of a k-nomial tree over n positions: the smallest d with k^d >= n. */
int hmpi__knomial_levels(int n, int k);
/* Position q of the k-nomial tree over [0, n) rooted at 0, whose parent
 * clears q's lowest non-zero digit: returns that parent (-1 at the root);
 * *top: the weight of the highest digit q's children set (0: a leaf). Its
 * children are q + j * w for w = *top, *top / k, ..., 1 and j = 1 .. k - 1,
 * those below n (k = 2: the binomial tree). */
int hmpi__knomial_links(int q, int n, int k, long *top);

#endif

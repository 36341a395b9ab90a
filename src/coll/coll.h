/* Collectives: arguments, build context and algorithm builders. Private. */
#ifndef HMPI_COLL_H
#define HMPI_COLL_H

#include "core/comm.h"
#include "core/model.h"
#include "core/signatures.h"
#include "hierarchy/commloc.h"
#include "schedule/request.h"

enum hmpi__coll {
    HMPI__BARRIER,
    HMPI__BCAST,
    HMPI__REDUCE,
    HMPI__ALLREDUCE,
    HMPI__GATHER,
    HMPI__SCATTER,
    HMPI__ALLGATHER,
    HMPI__ALLTOALL,
    HMPI__REDUCE_SCATTER_BLOCK,
    HMPI__SCAN,
    HMPI__EXSCAN,
    HMPI__GATHERV,
    HMPI__SCATTERV,
    HMPI__ALLGATHERV,
    HMPI__ALLTOALLV,
    HMPI__ALLTOALLW,
    HMPI__REDUCE_SCATTER,
    HMPI__NCOLLS
};

/* MPI's collectives: X(Name, name, signature, pass) for each. */
#define HMPI__COLLECTIVES(X)                                                                       \
    X(Barrier, barrier, HMPI__SIG_BARRIER(comm), HMPI__PASS_BARRIER)                               \
    X(Bcast, bcast, HMPI__SIG_BCAST(comm), HMPI__PASS_BCAST)                                       \
    X(Reduce, reduce, HMPI__SIG_REDUCE(comm), HMPI__PASS_REDUCE)                                   \
    X(Allreduce, allreduce, HMPI__SIG_OP(comm), HMPI__PASS_OP)                                     \
    X(Scan, scan, HMPI__SIG_OP(comm), HMPI__PASS_OP)                                               \
    X(Exscan, exscan, HMPI__SIG_OP(comm), HMPI__PASS_OP)                                           \
    X(Gather, gather, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED)                                   \
    X(Scatter, scatter, HMPI__SIG_ROOTED(comm), HMPI__PASS_ROOTED)                                 \
    X(Allgather, allgather, HMPI__SIG_ALL(comm), HMPI__PASS_ALL)                                   \
    X(Alltoall, alltoall, HMPI__SIG_ALL(comm), HMPI__PASS_ALL)                                     \
    X(Reduce_scatter_block, reduce_scatter_block, HMPI__SIG_RSB(comm), HMPI__PASS_RSB)             \
    X(Gatherv, gatherv, HMPI__SIG_GATHERV(comm), HMPI__PASS_GATHERV)                               \
    X(Scatterv, scatterv, HMPI__SIG_SCATTERV(comm), HMPI__PASS_SCATTERV)                           \
    X(Allgatherv, allgatherv, HMPI__SIG_ALLGATHERV(comm), HMPI__PASS_ALLGATHERV)                   \
    X(Alltoallv, alltoallv, HMPI__SIG_ALLTOALLV(comm), HMPI__PASS_ALLTOALLV)                       \
    X(Alltoallw, alltoallw, HMPI__SIG_ALLTOALLW(comm), HMPI__PASS_ALLTOALLW)                       \
    X(Reduce_scatter, reduce_scatter, HMPI__SIG_REDUCE_SCATTER(comm), HMPI__PASS_REDUCE_SCATTER)
HMPI__COLLECTIVES(HMPI__DECLARE_ENTRY)

/* In the order of the values of hmpi_algorithm in the registry (core/config.c). */
enum hmpi__algorithm {
    HMPI__ALG_AUTO,
    HMPI__ALG_HIERARCHICAL,
    HMPI__ALG_BINOMIAL,
    HMPI__ALG_LINEAR,
    HMPI__ALG_RING,
    HMPI__ALG_RECURSIVE_DOUBLING,
    HMPI__ALG_PAIRWISE,
    HMPI__ALG_DISSEMINATION,
    HMPI__ALG_MULTILANE,
    HMPI__ALG_LEADERS,
    HMPI__NALGS
};

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

/* What an algorithm builds with. */
typedef struct hmpi__coll_ctx {
    hmpi__sched *s;
    MPI_Comm comm; /* private duplicate: all traffic goes there */
    int tag;       /* this operation's own tag */
    int rank, size;
    int commutative;
    hmpi__loctable *table; /* locality of comm's ranks (hierarchical algorithms) */
    uint32_t levels;       /* kinds the topology-aware tree may use; 0: all (hmpi_levels) */
    int lanes;             /* multi-lane algorithms: lanes per node; 0: automatic (hmpi_lanes) */
    hmpi__cost_model cost; /* the machine's cost model */
} hmpi__coll_ctx;

typedef int (*hmpi__coll_builder)(hmpi__coll_ctx *c, const hmpi__coll_args *a);

/* flat.c: algorithms that ignore the hardware. */
int hmpi__barrier_dissemination(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__bcast_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__bcast_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__reduce_binomial(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allreduce_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allreduce_ring(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Reduce count elements of input over a binomial tree rooted at tree_root,
 * in rank order when tree_root is 0; *result: the subtree's combination
 * (the whole at tree_root), input itself or scratch of the schedule. */
int hmpi__reduce_binomial_tree(hmpi__coll_ctx *c, const void *input, int count, MPI_Datatype type,
                               MPI_Op op, int tree_root, const void **result);
/* vector.c: the flat data-movement collectives, with one count per side or
 * per-process counts and displacements (v), and types (alltoallw). */
int hmpi__gather_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__scatter_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allgather_ring(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allgather_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__alltoall_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__alltoall_pairwise(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__reduce_scatter_block_reduce_scatter(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* scan.c: prefix reductions, in rank order. */
int hmpi__scan_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__exscan_recursive_doubling(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__scan_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__exscan_linear(hmpi__coll_ctx *c, const hmpi__coll_args *a);

/* topo.c: algorithms over the hardware hierarchy of the communicator. */
int hmpi__barrier_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__bcast_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__reduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allreduce_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__gather_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__scatter_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allgather_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__reduce_scatter_block_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Steps on any tree, given this process's parent (-1 at the root) and its
 * children in sending order. Down: receive buf from the parent, send it to
 * the children, all at once or (one_per_round) one per round so that large
 * messages pipeline. Up (commutative op): receive every child into a slot,
 * combine with input, send to the parent; *result: the subtree's combination. */
int hmpi__tree_down(hmpi__coll_ctx *c, int parent, const int *children, int nchildren, void *buf,
                    int count, MPI_Datatype type, int one_per_round);
int hmpi__tree_up(hmpi__coll_ctx *c, int parent, const int *children, int nchildren,
                  const void *input, int count, MPI_Datatype type, MPI_Op op, const void **result);

/* lanes.c: per node and per lane (Träff & Hunold); reductions with
 * non-commutative ops when the nodes are in rank order. */
int hmpi__bcast_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__reduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allreduce_multilane(hmpi__coll_ctx *c, const hmpi__coll_args *a);
int hmpi__allgather_leaders(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Is every node's set of ranks one interval of ranks (so that multi-lane
 * reductions can combine in rank order, for non-commutative ops)? */
int hmpi__nodes_in_rank_order(hmpi__loctable *t);
/* Do the ranks of the table live on more than one node? */
int hmpi__spans_nodes(hmpi__loctable *t);
/* How many nodes the table's ranks live on, and the most ranks on one. */
void hmpi__node_shape(hmpi__loctable *t, int *nnodes, int *largest);
/* alltoall.c: blocks combined at L leaders per group (node). */
int hmpi__alltoall_hierarchical(hmpi__coll_ctx *c, const hmpi__coll_args *a);
/* Modelled time of the combining alltoall for ngroups groups of per_group
 * processes and blocks of `block` bytes, at its best number of leaders per
 * group (*leaders). */
double hmpi__alltoall_leaders_cost(const hmpi__cost_model *m, int ngroups, int per_group,
                                   double block, int *leaders);

/* Index of a predefined op; user ops cannot be compared (-1). */
int hmpi__coll_op_id(MPI_Op op);

/* cache.c: the schedules of blocking calls, kept per communicator. */
typedef struct hmpi__coll_key {
    hmpi__coll_args args;
    int algorithm, lanes, p2p; /* the settings the schedule was built with */
    uint32_t levels;
    hmpi__cost_model cost;
} hmpi__coll_key;
/* May a blocking call with these arguments be cached (predefined types and
 * ops only, HMPI_COLL_CACHE > 0 in the environment of stamp)? */
int hmpi__coll_cacheable(const hmpi__coll_args *a, uint64_t stamp);
/* The cached request of comm for these arguments, valid in the
 * environment of this stamp (hmpi__config_env_stamp), or HMPI_REQUEST_NULL:
 * the fast path. Local. */
HMPI_Request hmpi__coll_cache_lookup(MPI_Comm comm, const hmpi__coll_args *a, uint64_t stamp);
/* The cached request of comm built from key (arguments and settings), or
 * HMPI_REQUEST_NULL; it becomes valid for stamp. Local. */
HMPI_Request hmpi__coll_cache_find(MPI_Comm comm, const hmpi__coll_key *key, uint64_t stamp);
/* Keep a persistent request built from key (ownership moves to the cache;
 * the least recently used entry goes when it is full). Local. */
int hmpi__coll_cache_put(MPI_Comm comm, const hmpi__coll_key *key, uint64_t stamp,
                         HMPI_Request request);
/* Forget (and free) a cached request whose run failed. Local. */
void hmpi__coll_cache_drop(MPI_Comm comm, HMPI_Request request);

/* The operation's messages: on its private duplicate, with its own tag. */
static inline int coll_send(hmpi__coll_ctx *c, const void *buf, int count, MPI_Datatype type,
                            int peer)
{
    return hmpi__sched_send(c->s, buf, count, type, peer, c->tag, c->comm);
}

static inline int coll_recv(hmpi__coll_ctx *c, void *buf, int count, MPI_Datatype type, int peer)
{
    return hmpi__sched_recv(c->s, buf, count, type, peer, c->tag, c->comm);
}

/* Address of block i of a buffer of blocks of count elements of type. */
void *hmpi__block(const void *buf, int i, int count, MPI_Datatype type);

#endif

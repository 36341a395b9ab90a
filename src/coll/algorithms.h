/* hmpi's collective algorithms, as data. Private.
 *
 * HMPI__COLL_ALGORITHM_NAMES: the names the settings take (hmpi_algorithm,
 * HMPI_COLL_ALGORITHM and the per-collective hmpi_<coll>_algorithm), auto
 * first; X(NAME, name).
 *
 * HMPI__COLL_ALGORITHMS: one row per implementation,
 * X(COLL, ALG, build, needs, cost):
 *   COLL   the collective (HMPI__<COLL>, core/signatures.h's list),
 *   ALG    its name (HMPI__ALG_<ALG>),
 *   build  the builder (coll.h's contract: prepare every message of the
 *          schedule),
 *   needs  what the call must offer for the builder to be correct
 *          (HMPI__NEEDS_*; forcing it otherwise is MPI_ERR_OP), and
 *          HMPI__ANY_SIZE where it takes buffers past INT_MAX bytes,
 *   cost   its modelled time in us on this communicator with these
 *          arguments (HMPI__COST_NEVER: auto never takes it here); it must
 *          give the same value on every process.
 * Every row accepts MPI_IN_PLACE where MPI allows it; the topology-aware
 * rows honour hmpi_levels. auto takes the cheapest eligible row (ties: the
 * first), by the tuning file's measured times where it has the
 * collective's on such a communicator. Each collective's first row is
 * native, the MPI library's own (native.c): it wins ties, and auto falls
 * back on it. Adding an algorithm: one file with its builder and cost, one
 * row here, its test (CONTRIBUTING.md). */
#ifndef HMPI_COLL_ALGORITHMS_H
#define HMPI_COLL_ALGORITHMS_H

#define HMPI__COLL_ALGORITHM_NAMES(X)                                                              \
    X(AUTO, auto)                                                                                  \
    X(HIERARCHICAL, hierarchical)                                                                  \
    X(BINOMIAL, binomial)                                                                          \
    X(LINEAR, linear)                                                                              \
    X(RING, ring)                                                                                  \
    X(RECURSIVE_DOUBLING, recursive_doubling)                                                      \
    X(PAIRWISE, pairwise)                                                                          \
    X(DISSEMINATION, dissemination)                                                                \
    X(MULTILANE, multilane)                                                                        \
    X(LEADERS, leaders)                                                                            \
    X(BRUCK, bruck)                                                                                \
    X(HALVING, halving)                                                                            \
    X(TWOTREE, twotree)                                                                            \
    X(LOGP, logp)                                                                                  \
    X(MULTIPORT, multiport)                                                                        \
    X(SHM, shm)                                                                                    \
    X(NATIVE, native)

/* What a row needs of the call. */
#define HMPI__NEEDS_COMMUTATIVE 1u /* a commutative op */
#define HMPI__NEEDS_ORDERED 2u     /* a commutative op, or every node's ranks consecutive */
/* every rank in one node's shared memory, a blocking or persistent call (a
 * channel: hmpi__coll_ctx's shm) and, for reductions, a contiguous datatype */
#define HMPI__NEEDS_SEGMENT 4u
/* Not a need: the row addresses buffers, scratch and copies of any size
 * (64-bit spans). A row without it takes only calls whose largest buffer
 * spans at most INT_MAX bytes; past that, auto passes it over and forcing it
 * runs the library's own collective. */
#define HMPI__ANY_SIZE 8u
/* Not a need either: the row's node steps go through the node's segment
 * where the schedule has a channel (hmpi__coll_ctx's shm), else pass
 * messages, so a channel is sought when the row is forced. */
#define HMPI__USES_SEGMENT 16u
/* With HMPI__NEEDS_SEGMENT: the row also runs where the communicator spans
 * nodes (each node through its own segment, its leader passing messages);
 * without it, the row serves a communicator within one node. */
#define HMPI__SPANS_NODES 32u

#define HMPI__COLL_ALGORITHMS(X)                                                                   \
    X(BARRIER, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                       \
    X(BARRIER, DISSEMINATION, hmpi__barrier_dissemination, 0, hmpi__cost_dissemination)            \
    X(BARRIER, HIERARCHICAL, hmpi__barrier_hierarchical, 0, hmpi__cost_barrier_hierarchical)       \
    X(BARRIER, SHM, hmpi__barrier_shm, HMPI__NEEDS_SEGMENT | HMPI__SPANS_NODES,                    \
      hmpi__cost_barrier_shm)                                                                      \
    X(BCAST, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                         \
    X(BCAST, BINOMIAL, hmpi__bcast_binomial, HMPI__ANY_SIZE, hmpi__cost_binomial)                  \
    X(BCAST, LINEAR, hmpi__bcast_linear, HMPI__ANY_SIZE, hmpi__cost_linear)                        \
    X(BCAST, HIERARCHICAL, hmpi__bcast_hierarchical, HMPI__USES_SEGMENT,                           \
      hmpi__cost_tree_hierarchical)                                                                \
    X(BCAST, MULTILANE, hmpi__bcast_multilane, HMPI__USES_SEGMENT, hmpi__cost_multilane)           \
    X(BCAST, TWOTREE, hmpi__bcast_twotree, HMPI__USES_SEGMENT, hmpi__cost_twotree)                 \
    X(BCAST, LOGP, hmpi__bcast_logp, 0, hmpi__cost_logp)                                           \
    X(BCAST, SHM, hmpi__bcast_shm, HMPI__NEEDS_SEGMENT | HMPI__SPANS_NODES | HMPI__ANY_SIZE,       \
      hmpi__cost_bcast_shm)                                                                        \
    X(REDUCE, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                        \
    X(REDUCE, BINOMIAL, hmpi__reduce_binomial, 0, hmpi__cost_binomial)                             \
    X(REDUCE, HIERARCHICAL, hmpi__reduce_hierarchical,                                             \
      HMPI__NEEDS_COMMUTATIVE | HMPI__USES_SEGMENT, hmpi__cost_tree_hierarchical)                  \
    X(REDUCE, MULTILANE, hmpi__reduce_multilane, HMPI__NEEDS_ORDERED | HMPI__USES_SEGMENT,         \
      hmpi__cost_multilane)                                                                        \
    X(REDUCE, LOGP, hmpi__reduce_logp, HMPI__NEEDS_COMMUTATIVE, hmpi__cost_logp)                   \
    X(REDUCE, SHM, hmpi__reduce_shm, HMPI__NEEDS_SEGMENT | HMPI__SPANS_NODES,                      \
      hmpi__cost_reduce_shm)                                                                       \
    X(ALLREDUCE, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                     \
    X(ALLREDUCE, RECURSIVE_DOUBLING, hmpi__allreduce_recursive_doubling, HMPI__ANY_SIZE,           \
      hmpi__cost_allreduce_recursive_doubling)                                                     \
    X(ALLREDUCE, HIERARCHICAL, hmpi__allreduce_hierarchical,                                       \
      HMPI__NEEDS_COMMUTATIVE | HMPI__USES_SEGMENT, hmpi__cost_tree_hierarchical)                  \
    X(ALLREDUCE, RING, hmpi__allreduce_ring, HMPI__NEEDS_COMMUTATIVE, hmpi__cost_allreduce_ring)   \
    X(ALLREDUCE, MULTILANE, hmpi__allreduce_multilane, HMPI__NEEDS_ORDERED | HMPI__USES_SEGMENT,   \
      hmpi__cost_multilane)                                                                        \
    X(ALLREDUCE, MULTIPORT, hmpi__allreduce_multiport, HMPI__NEEDS_COMMUTATIVE,                    \
      hmpi__cost_multiport)                                                                        \
    X(ALLREDUCE, SHM, hmpi__allreduce_shm, HMPI__NEEDS_SEGMENT | HMPI__SPANS_NODES,                \
      hmpi__cost_reduce_shm)                                                                       \
    X(GATHER, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                        \
    X(GATHER, LINEAR, hmpi__gather_linear, HMPI__ANY_SIZE, hmpi__cost_linear)                      \
    X(GATHER, HIERARCHICAL, hmpi__gather_hierarchical, HMPI__USES_SEGMENT,                         \
      hmpi__cost_rooted_hierarchical)                                                              \
    X(GATHER, BINOMIAL, hmpi__gather_binomial, 0, hmpi__cost_rooted_binomial)                      \
    X(GATHER, SHM, hmpi__gather_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_rooted_shm)                   \
    X(SCATTER, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                       \
    X(SCATTER, LINEAR, hmpi__scatter_linear, HMPI__ANY_SIZE, hmpi__cost_linear)                    \
    X(SCATTER, HIERARCHICAL, hmpi__scatter_hierarchical, HMPI__USES_SEGMENT,                       \
      hmpi__cost_rooted_hierarchical)                                                              \
    X(SCATTER, BINOMIAL, hmpi__scatter_binomial, 0, hmpi__cost_rooted_binomial)                    \
    X(SCATTER, SHM, hmpi__scatter_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_rooted_shm)                 \
    X(ALLGATHER, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                     \
    X(ALLGATHER, RING, hmpi__allgather_ring, HMPI__ANY_SIZE, hmpi__cost_allgather_ring)            \
    X(ALLGATHER, LINEAR, hmpi__allgather_linear, HMPI__ANY_SIZE, hmpi__cost_exchange_linear)       \
    X(ALLGATHER, HIERARCHICAL, hmpi__allgather_hierarchical, HMPI__USES_SEGMENT,                   \
      hmpi__cost_allgather_hierarchical)                                                           \
    X(ALLGATHER, LEADERS, hmpi__allgather_leaders, HMPI__USES_SEGMENT,                             \
      hmpi__cost_allgather_leaders)                                                                \
    X(ALLGATHER, MULTIPORT, hmpi__allgather_multiport, HMPI__USES_SEGMENT,                         \
      hmpi__cost_allgather_multiport)                                                              \
    X(ALLGATHER, BRUCK, hmpi__allgather_bruck, 0, hmpi__cost_bruck)                                \
    X(ALLGATHER, SHM, hmpi__allgather_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_exchange_shm)           \
    X(ALLTOALL, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                      \
    X(ALLTOALL, PAIRWISE, hmpi__alltoall_pairwise, HMPI__ANY_SIZE, hmpi__cost_pairwise)            \
    X(ALLTOALL, LINEAR, hmpi__alltoall_linear, HMPI__ANY_SIZE, hmpi__cost_exchange_linear)         \
    X(ALLTOALL, HIERARCHICAL, hmpi__alltoall_hierarchical, HMPI__USES_SEGMENT,                     \
      hmpi__cost_alltoall_leaders)                                                                 \
    X(ALLTOALL, BRUCK, hmpi__alltoall_bruck, 0, hmpi__cost_alltoall_bruck)                         \
    X(ALLTOALL, SHM, hmpi__alltoall_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_exchange_shm)             \
    X(REDUCE_SCATTER_BLOCK, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)          \
    X(REDUCE_SCATTER_BLOCK, BINOMIAL, hmpi__reduce_scatter_block_reduce_scatter, 0,                \
      hmpi__cost_reduce_scatter)                                                                   \
    X(REDUCE_SCATTER_BLOCK, HIERARCHICAL, hmpi__reduce_scatter_block_hierarchical,                 \
      HMPI__NEEDS_COMMUTATIVE | HMPI__USES_SEGMENT, hmpi__cost_reduce_scatter_hierarchical)        \
    X(REDUCE_SCATTER_BLOCK, HALVING, hmpi__reduce_scatter_block_halving, HMPI__NEEDS_COMMUTATIVE,  \
      hmpi__cost_halving)                                                                          \
    X(REDUCE_SCATTER_BLOCK, SHM, hmpi__reduce_scatter_block_shm, HMPI__NEEDS_SEGMENT,              \
      hmpi__cost_reduce_scatter_shm)                                                               \
    X(SCAN, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                          \
    X(SCAN, RECURSIVE_DOUBLING, hmpi__scan_recursive_doubling, 0, hmpi__cost_recursive_doubling)   \
    X(SCAN, LINEAR, hmpi__scan_linear, 0, hmpi__cost_chain)                                        \
    X(EXSCAN, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                        \
    X(EXSCAN, RECURSIVE_DOUBLING, hmpi__exscan_recursive_doubling, 0,                              \
      hmpi__cost_recursive_doubling)                                                               \
    X(EXSCAN, LINEAR, hmpi__exscan_linear, 0, hmpi__cost_chain)                                    \
    X(GATHERV, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                       \
    X(GATHERV, LINEAR, hmpi__gather_linear, HMPI__ANY_SIZE, hmpi__cost_linear)                     \
    X(GATHERV, SHM, hmpi__gatherv_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_rooted_shm)                 \
    X(SCATTERV, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                      \
    X(SCATTERV, LINEAR, hmpi__scatter_linear, HMPI__ANY_SIZE, hmpi__cost_linear)                   \
    X(SCATTERV, SHM, hmpi__scatterv_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_rooted_shm)               \
    X(ALLGATHERV, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                    \
    X(ALLGATHERV, RING, hmpi__allgather_ring, HMPI__ANY_SIZE, hmpi__cost_allgather_ring)           \
    X(ALLGATHERV, LINEAR, hmpi__allgather_linear, HMPI__ANY_SIZE, hmpi__cost_exchange_linear)      \
    X(ALLGATHERV, SHM, hmpi__allgather_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_exchange_shm)          \
    X(ALLTOALLV, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                     \
    X(ALLTOALLV, LINEAR, hmpi__alltoall_linear, HMPI__ANY_SIZE, hmpi__cost_exchange_linear)        \
    X(ALLTOALLV, PAIRWISE, hmpi__alltoall_pairwise, HMPI__ANY_SIZE, hmpi__cost_pairwise)           \
    X(ALLTOALLV, SHM, hmpi__alltoallv_shm, HMPI__NEEDS_SEGMENT, hmpi__cost_exchange_shm)           \
    X(ALLTOALLW, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                     \
    X(ALLTOALLW, LINEAR, hmpi__alltoall_linear, HMPI__ANY_SIZE, hmpi__cost_exchange_linear)        \
    X(ALLTOALLW, PAIRWISE, hmpi__alltoall_pairwise, HMPI__ANY_SIZE, hmpi__cost_pairwise)           \
    X(REDUCE_SCATTER, NATIVE, hmpi__coll_native, HMPI__ANY_SIZE, hmpi__cost_native)                \
    X(REDUCE_SCATTER, BINOMIAL, hmpi__reduce_scatter_block_reduce_scatter, 0,                      \
      hmpi__cost_reduce_scatter)

#endif

/* Isomorphic, sparse collectives: neighbourhoods and schedules. Private. */
#ifndef HMPI_ISO_H
#define HMPI_ISO_H

#include "core/comm.h"
#include "core/signatures.h"
#include "schedule/request.h"

/* The isomorphic algorithms: X(NAME, name), auto first. They give the enum
 * and the values of hmpi_iso_algorithm (hmpi__iso_algorithm_names). */
#define HMPI__ISO_ALGORITHMS(X)                                                                    \
    X(AUTO, auto) X(DIRECT, direct) X(DIMENSIONAL, dimensional) X(LOGARITHMIC, logarithmic)
enum hmpi__iso_alg {
#define HMPI__ISO_ENUM(NAME, name) HMPI__ISO_##NAME,
    HMPI__ISO_ALGORITHMS(HMPI__ISO_ENUM)
#undef HMPI__ISO_ENUM
        HMPI__ISO_NALGS
};

/* A combining route: phases, each along one dimension; in phase f block i
 * moves by step[f * s + i] (0: stays). Computed once per neighbourhood. */
typedef struct hmpi__iso_route {
    int nphases;
    int *dim;     /* [nphases] */
    int *step;    /* [nphases * s] */
    int messages; /* per process and call, at most (distinct steps per phase) */
    int *hops;    /* [s]: moves of each block */
} hmpi__iso_route;

/* The neighbourhood attached to a Cartesian communicator (attribute, shared
 * by duplicates). */
typedef struct hmpi__iso {
    hmpi__shared base; /* cached in the communicator's iso slot */
    int ndims, s;
    int *dims, *periods, *coords; /* [ndims]; coords of the calling process */
    int *offsets;                 /* [s * ndims], as given */
    int *norm;                    /* [s * ndims]: periodic ones in (-d/2, d/2] */
    int *targets, *sources;       /* [s], MPI_PROC_NULL where none */
    int indegree, outdegree;
    uint32_t hash;                            /* of s and the offsets, for HMPI_CHECK */
    hmpi__iso_route *routes[HMPI__ISO_NALGS]; /* combining routes, lazily */
} hmpi__iso;

/* The neighbourhood of comm, or NULL. Local. */
hmpi__iso *hmpi__iso_find(MPI_Comm comm);
/* Rank at coords + delta (MPI_PROC_NULL off a non-periodic dimension). */
int hmpi__iso_rank_at(const hmpi__iso *n, const int *coords, const int *delta, int sign);
/* The route of a combining algorithm (cached); NULL: no memory. */
const hmpi__iso_route *hmpi__iso_route_get(hmpi__iso *n, int alg);

/* One buffer block: count elements of type at addr (absolute). */
typedef struct hmpi__iso_block {
    char *addr;
    int count;
    MPI_Datatype type;
} hmpi__iso_block;

/* What a schedule builder needs: the blocks on both sides, their sizes in
 * bytes (identical on every process for the combining algorithms). */
typedef struct hmpi__iso_plan {
    hmpi__iso *n;
    hmpi__sched *s;
    MPI_Comm comm; /* private duplicate */
    int tag;
    hmpi__iso_block *send, *recv; /* [s] */
    int *bytes;                   /* [s] */
    int ports;                    /* direct: messages in flight at once; 0: all */
} hmpi__iso_plan;

/* ---- the neighbourhood collectives' arguments ----------------------------
 * Shared by the isomorphic collectives (iso_coll.c) and those on MPI's
 * process topologies (neighbor.c). */

enum hmpi__nbr_kind {
    HMPI__NBR_A2A,
    HMPI__NBR_A2AV,
    HMPI__NBR_A2AW,
    HMPI__NBR_AG,
    HMPI__NBR_AGV,
    HMPI__NBR_AGW,
    HMPI__NBR_RED,
    HMPI__NBR_SRED
};

/* The arguments of one call, as given. */
typedef struct hmpi__nbr_args {
    hmpi__iso *n;   /* the isomorphic neighbourhood (NULL: none) */
    int swap_pairs; /* receive blocks 2k and 2k+1 trade places (MPI's Cartesian order) */
    int kind;
    const void *sendbuf;
    int scount;
    MPI_Datatype stype;
    const int *scounts;
    const int *sdispls;       /* v: in extents */
    const MPI_Aint *sbdispls; /* w: in bytes */
    const MPI_Datatype *stypes;
    void *recvbuf;
    int rcount;
    MPI_Datatype rtype;
    const int *rcounts;
    const int *rdispls;
    const MPI_Aint *rbdispls;
    const MPI_Datatype *rtypes;
    int count; /* reductions */
    MPI_Datatype type;
    MPI_Op op;
} hmpi__nbr_args;

/* `a` from the arguments of the public functions (named as MPI names them):
 * the kind, then the fields each collective has. */
#define HMPI__NBR_ARGS(k, ...) hmpi__nbr_args a = {.kind = k, __VA_ARGS__}
#define HMPI__NBR_A2A_ARGS(k)                                                                      \
    HMPI__NBR_ARGS(k, .sendbuf = sendbuf, .scount = sendcount, .stype = sendtype,                  \
                   .recvbuf = recvbuf, .rcount = recvcount, .rtype = recvtype)
#define HMPI__NBR_A2AV_ARGS                                                                        \
    HMPI__NBR_ARGS(HMPI__NBR_A2AV, .sendbuf = sendbuf, .scounts = sendcounts, .sdispls = sdispls,  \
                   .stype = sendtype, .recvbuf = recvbuf, .rcounts = recvcounts,                   \
                   .rdispls = rdispls, .rtype = recvtype)
#define HMPI__NBR_A2AW_ARGS                                                                        \
    HMPI__NBR_ARGS(HMPI__NBR_A2AW, .sendbuf = sendbuf, .scounts = sendcounts, .sbdispls = sdispls, \
                   .stypes = sendtypes, .recvbuf = recvbuf, .rcounts = recvcounts,                 \
                   .rbdispls = rdispls, .rtypes = recvtypes)
#define HMPI__NBR_AGV_ARGS                                                                         \
    HMPI__NBR_ARGS(HMPI__NBR_AGV, .sendbuf = sendbuf, .scount = sendcount, .stype = sendtype,      \
                   .recvbuf = recvbuf, .rcounts = recvcounts, .rdispls = displs,                   \
                   .rtype = recvtype)

/* MPI's neighbourhood collectives on process topologies (neighbor.c):
 * X(Name, name, NAME, signature, pass) for each. */
#define HMPI__NEIGHBOR_COLLECTIVES(X)                                                              \
    X(Neighbor_allgather, neighbor_allgather, NEIGHBOR_ALLGATHER, HMPI__SIG_ALL(comm),             \
      HMPI__PASS_ALL)                                                                              \
    X(Neighbor_allgatherv, neighbor_allgatherv, NEIGHBOR_ALLGATHERV, HMPI__SIG_ALLGATHERV(comm),   \
      HMPI__PASS_ALLGATHERV)                                                                       \
    X(Neighbor_alltoall, neighbor_alltoall, NEIGHBOR_ALLTOALL, HMPI__SIG_ALL(comm),                \
      HMPI__PASS_ALL)                                                                              \
    X(Neighbor_alltoallv, neighbor_alltoallv, NEIGHBOR_ALLTOALLV, HMPI__SIG_ALLTOALLV(comm),       \
      HMPI__PASS_ALLTOALLV)                                                                        \
    X(Neighbor_alltoallw, neighbor_alltoallw, NEIGHBOR_ALLTOALLW,                                  \
      HMPI__SIG_NEIGHBOR_ALLTOALLW(comm), HMPI__PASS_ALLTOALLW)
HMPI__NEIGHBOR_COLLECTIVES(HMPI__DECLARE_ENTRY)

/* Local checks of the blocks towards peers[0..nblocks-1] (MPI_PROC_NULL:
 * not significant); codes not raised. The receive side's block of slot i
 * is i ^ a->swap_pairs. */
int hmpi__nbr_check_send(const char *fn, const hmpi__nbr_args *a, int nblocks, const int *peers);
int hmpi__nbr_check_recv(const char *fn, const hmpi__nbr_args *a, int nblocks, const int *peers);
/* Block i of either side (reductions' receive blocks have no address). */
hmpi__iso_block hmpi__nbr_send_block(const hmpi__nbr_args *a, int i);
hmpi__iso_block hmpi__nbr_recv_block(const hmpi__nbr_args *a, int i);

/* Run an isomorphic collective (a->n set) through the entry pipeline. */
int hmpi__iso_entry(MPI_Comm comm, const char *fn, hmpi__nbr_args *a, MPI_Info info, int form,
                    HMPI_Request *request);
/* The neighbourhood of MPI's Cartesian neighbourhood collectives on comm:
 * offsets -e_d, +e_d for every dimension d (cached on comm). Local; code not
 * raised. */
int hmpi__iso_cart_neighbors(MPI_Comm comm, const char *fn, hmpi__iso **n);

int hmpi__iso_direct(hmpi__iso_plan *p);
int hmpi__iso_routed(hmpi__iso_plan *p, const hmpi__iso_route *r);

#endif

/* Isomorphic, sparse collectives: neighbourhoods and schedules. Private. */
#ifndef HMPI_ISO_H
#define HMPI_ISO_H

#include "core/comm.h"
#include "schedule/request.h"

/* In the order of the values of hmpi_iso_algorithm in the registry (core/config.c). */
enum hmpi__iso_alg {
    HMPI__ISO_AUTO,
    HMPI__ISO_DIRECT,
    HMPI__ISO_DIMENSIONAL,
    HMPI__ISO_LOGARITHMIC,
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

int hmpi__iso_direct(hmpi__iso_plan *p);
int hmpi__iso_routed(hmpi__iso_plan *p, const hmpi__iso_route *r);

#endif

/* The schedules of blocking collectives, kept per communicator (cache.c).
 * Private. */
#ifndef HMPI_COLL_CACHE_H
#define HMPI_COLL_CACHE_H

#include "coll/coll.h"

typedef struct hmpi__coll_key {
    hmpi__coll_args args;
    int algorithm, lanes, lane_radix, lane_multiplying, lane_trees, bcast_trees,
        p2p; /* the settings it was built with */
    uint32_t levels;
    hmpi__cost_model cost;
} hmpi__coll_key;
/* May a blocking call with these arguments be cached (predefined types and
 * ops only, HMPI_COLL_CACHE > 0 in the environment of stamp)? */
int hmpi__coll_cacheable(const hmpi__coll_args *a, uint64_t stamp);
/* The cached request of comm for these arguments, valid in the
 * environment of this stamp (hmpi__config_number_now), or HMPI_REQUEST_NULL:
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

#endif

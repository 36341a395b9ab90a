/* Algorithm choice (select.c). Private. */
#ifndef HMPI_COLL_SELECT_H
#define HMPI_COLL_SELECT_H

#include "coll/coll.h"

/* The algorithm asked for a call of coll: hmpi_<coll>_algorithm (info,
 * then environment) when set; else hmpi_algorithm from info; else the
 * environment's HMPI_COLL_ALGORITHM where coll has that algorithm, auto
 * where it does not. A code (not raised) for a bad value. */
int hmpi__coll_algorithm_setting(const char *fn, int coll, MPI_Info info, int *alg);

/* Would algorithm alg (auto: any row) of coll use the node's segment on a
 * communicator over `nodes` nodes, so that the call should seek a channel? */
int hmpi__coll_seeks_segment(int coll, int alg, int nodes);

/* Does coll's `shm` row run on a communicator over several nodes? */
int hmpi__coll_shm_spans_nodes(int coll);

/* The builder of algorithm alg for the call (auto: the cheapest row the
 * call can use). MPI_ERR_INFO_VALUE when alg does not implement the
 * collective, MPI_ERR_OP when the call's op does not allow it (codes not
 * raised). */
int hmpi__coll_select(const char *fn, const hmpi__coll_args *a, int alg, const hmpi__coll_ctx *c,
                      hmpi__coll_builder *out);

#endif

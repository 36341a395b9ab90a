/* The built-in model's price of the MPI library's own collective (native)
 * on one node: hmpi's cheapest message-passing row's, plus what the
 * library's local reductions, measured with the node (src/shm/calibrate.c),
 * cost beyond hmpi's own. MPICH 4.0's MPI_Reduce_local sums ints at
 * 15 GB/s here, hmpi's kernels at 50-120: its blocking reduce of 4 KiB on
 * 2 ranks took 1.15 us where hmpi's took 0.5, yet the model priced the two
 * alike and took native. Linked with hmpi's objects; one rank. */
#include "coll/coll.h"
#include "testutil.h"

#include <math.h>

/* The bytes any algorithm's busiest process combines (a reduce's half a
 * vector on 2 ranks, a reduce-scatter's other block) at the library's rate
 * against hmpi's; nothing where unmeasured, no slower, or no reduction. */
static void native_sums(void)
{
    hmpi__coll_ctx c;
    memset(&c, 0, sizeof c);
    c.size = 2, c.nodes = 1, c.largest = c.smallest = 2;
    hmpi__cost_model_builtin(&c.cost, 2.0);
    c.cost.shm_bytes_per_us = c.cost.shm_near_bytes_per_us = 50000; /* hmpi's: 50 GB/s */
    hmpi__coll_args reduce = {HMPI__REDUCE, NULL, NULL, 1024, 1024, MPI_INT, MPI_INT, 0,
                              MPI_SUM,      NULL, NULL, NULL, NULL, NULL,    NULL};
    hmpi__coll_args rsb = reduce, bcast = reduce;
    rsb.coll = HMPI__REDUCE_SCATTER_BLOCK, bcast.coll = HMPI__BCAST, bcast.op = MPI_OP_NULL;
    CHECK(hmpi__cost_native_sums(&c, &reduce) == 0); /* not measured */
    c.cost.library_combine_bytes_per_us = 10000;     /* MPICH 4.0's int sums here: 15 GB/s */
    CHECK(fabs(hmpi__cost_native_sums(&c, &reduce) - (2048 / 1e4 - 2048 / 5e4)) < 1e-9);
    CHECK(fabs(hmpi__cost_native_sums(&c, &rsb) - (4096 / 1e4 - 4096 / 5e4)) < 1e-9);
    CHECK(hmpi__cost_native_sums(&c, &bcast) == 0);
    c.cost.library_combine_bytes_per_us = 100000; /* quicker than hmpi's passes */
    CHECK(hmpi__cost_native_sums(&c, &reduce) == 0);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    native_sums();
    MPI_Finalize();
    return 0;
}

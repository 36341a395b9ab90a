/* The network latency of a communicator, measured once for the cost
 * model's defaults (commloc.h). The built-in model knows a generic
 * cluster's bandwidths and per-message CPU, which vary little between
 * InfiniBand or Slingshot machines, but its latency between nodes (2 us)
 * can be off by four times (the switches crossed, the cables' length):
 * the latency-bound choices, which tree and how wide, then go wrong
 * (simulated 1024 ranks on 1 us links, bcast of 8 KiB: 34.0 us with the
 * defaults, 26.6 with a tuning file, whose only large difference is the
 * latency: 8.7 us). A few empty round trips from rank 0 to the rank
 * farthest from it (the fewest levels in common: the most switches
 * between them) measure it, and one bcast gives every process the same
 * value, so that all choose alike. */
#include "core/pmpi.h"
#include "hierarchy/commloc.h"

#include "core/config.h"

#define PROBE_TRIPS 8 /* timed round trips, the quickest kept, after one to warm up */

/* The rank farthest from rank 0 (the fewest path elements in common, the
 * first such), or -1 when every rank shares rank 0's node. Local. */
static int farthest_from_first(hmpi__loctable *t)
{
    int nmachines, farthest = -1, fewest = 0;
    const int *machine = hmpi__loctable_machines(t, &nmachines);
    if (!machine || nmachines < 2)
        return -1;
    for (int r = 1; r < t->n; r++) {
        int common = hmpi__loctable_lcp(t, 0, r);
        if (machine[r] != machine[0] && (farthest < 0 || common < fewest))
            farthest = r, fewest = common;
    }
    return farthest;
}

/* Half the quickest empty round trip between ranks 0 and peer (us), on
 * rank 0; every other process returns at once. */
static int round_trip(MPI_Comm dup, int tag, int peer, double *half)
{
    int rank;
    double best = 0;
    MPI_Comm_rank(dup, &rank);
    if (rank != 0 && rank != peer)
        return MPI_SUCCESS;
    int other = rank == 0 ? peer : 0;
    for (int i = 0; i <= PROBE_TRIPS; i++) {
        double t0 = MPI_Wtime();
        if (rank == 0) {
            TRY(HMPI__MPI(Send)(NULL, 0, MPI_BYTE, other, tag, dup));
            TRY(HMPI__MPI(Recv)(NULL, 0, MPI_BYTE, other, tag, dup, MPI_STATUS_IGNORE));
        } else {
            TRY(HMPI__MPI(Recv)(NULL, 0, MPI_BYTE, other, tag, dup, MPI_STATUS_IGNORE));
            TRY(HMPI__MPI(Send)(NULL, 0, MPI_BYTE, other, tag, dup));
        }
        double trip = (MPI_Wtime() - t0) * 1e6;
        if (i > 0 && (i == 1 || trip < best))
            best = trip;
    }
    *half = best / 2;
    return MPI_SUCCESS;
}

/* Collective: measure comm's network latency into cl, once. */
static int probe(MPI_Comm comm, hmpi__commloc *cl)
{
    MPI_Comm dup;
    int tag, peer = farthest_from_first(cl->table);
    double latency = 0;
    if (peer >= 0) { /* every process computed the same peer from the same table */
        TRY(hmpi__comm_private_blocking(comm, &dup, &tag));
        TRY(round_trip(dup, tag, peer, &latency));
        TRY(HMPI__MPI(Bcast)(&latency, 1, MPI_DOUBLE, 0, dup));
        int rank;
        MPI_Comm_rank(comm, &rank);
        if (rank == 0)
            hmpi__verbose("network latency to rank %d, the farthest: %.2f us (cost model)", peer,
                          latency);
    }
    cl->network_latency = latency;
    cl->latency_probed = 1;
    return MPI_SUCCESS;
}

int hmpi__commloc_cost_model(MPI_Comm comm, const char *fn, hmpi__cost_model *cm)
{
    hmpi__cfg_value probing;
    hmpi__commloc *cl;
    int builtin;
    TRY(hmpi__cost_model_load(fn, cm, &builtin));
    TRY(hmpi__config_get(HMPI__CFG_PROBE_LATENCY, MPI_INFO_NULL, fn, &probing));
    if (!builtin || !probing.number)
        return MPI_SUCCESS;
    TRY(hmpi__commloc_ensure(comm, 1, fn, &cl));
    if (!cl->latency_probed) {
        int rc = probe(comm, cl);
        if (rc != MPI_SUCCESS)
            return hmpi__error_code(rc, fn, "measuring the network latency failed");
    }
    if (cl->network_latency > 0)
        hmpi__cost_model_builtin(cm, cl->network_latency);
    return MPI_SUCCESS;
}

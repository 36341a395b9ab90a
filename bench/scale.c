/* bench/scale: collectives at scale, one CSV row per measurement. Made for
 * SimGrid SMPI (scripts/simulate.sh), where MPI_Wtime is simulated time and
 * the MPI library's collectives are SMPI's selector (mpich, ompi, ...); it
 * runs on a real machine as well.
 *
 *   bench/scale [--colls bcast,allreduce] [--sizes 4,8192] [--reps N]
 *               [--placement ordered|shuffled|roundrobin] [--node-size K]
 *               [--variants mpi,hmpi,hmpi:ring,...] [--label TEXT] [--header]
 *
 * Each row: label,ranks,placement,collective,bytes,variant,microseconds —
 * the median over repetitions of the slowest rank's time for one operation.
 * `bytes` is the buffer of one process: bcast's buffer, the reduction vector,
 * and for allgather and alltoall the whole receive buffer (a block is
 * bytes / ranks, at least one byte; gather and scatter: the root's buffer
 * likewise; reduce_scatter_block: the input vector, the block its p-th); for the isomorphic
 * alltoall on a periodic 3-D grid (iso_moore3d: 26 neighbours, iso_vn3d: 6), one block. Variants:
 * `mpi` the blocking MPI call; `hmpi` the persistent hmpi collective (HMPI_<coll>_init once, then
 * HMPI_Start
 * + HMPI_Wait) with the automatic choice; `hmpi:ALG` the same with hmpi_algorithm=ALG
 * (`hmpi:ALG*N`: and hmpi_lanes=N) (hmpi_iso_algorithm for the isomorphic ones, which have no `mpi`
 * variant: SMPI has no neighbourhood collectives). For the isomorphic ones, more rows:
 * `cart_create` (MPI_Cart_create), `iso_create` (HMPI_Iso_neighborhood_create on it) and
 * `VARIANT/init` (the persistent request's schedule set-up), the slowest rank's time of one call.
 *
 * Placements: `ordered` is MPI_COMM_WORLD; `shuffled` renumbers the ranks at
 * random (MPI_Comm_split, fixed seed); `roundrobin` deals consecutive ranks
 * to consecutive nodes of --node-size ranks each. */
#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SMPI_H /* shared buffers: contents do not matter, memory does at 4096 ranks */
#define BENCH_MALLOC(n) SMPI_SHARED_MALLOC(n)
#define BENCH_FREE(p) SMPI_SHARED_FREE(p)
#else
#define BENCH_MALLOC(n) calloc(n, 1)
#define BENCH_FREE(p) free(p)
#endif

enum {
    BCAST,
    REDUCE,
    ALLREDUCE,
    ALLGATHER,
    ALLTOALL,
    BARRIER,
    GATHER,
    SCATTER,
    REDUCE_SCATTER_BLOCK,
    ISO_MOORE3D,
    ISO_VN3D,
    NCOLL
};
static const char *const coll_names[NCOLL] = {"bcast",       "reduce",   "allreduce",
                                              "allgather",   "alltoall", "barrier",
                                              "gather",      "scatter",  "reduce_scatter_block",
                                              "iso_moore3d", "iso_vn3d"};

static int is_iso(int coll)
{
    return coll == ISO_MOORE3D || coll == ISO_VN3D;
}

typedef struct op {
    int coll, count; /* elements: bytes (data) or ints (reductions); per block for all* */
    MPI_Datatype type;
    MPI_Comm comm;
    MPI_Comm cart; /* iso: the periodic 3-D grid (comm is it, with the neighbourhood) */
    char *sbuf, *rbuf;
    double cart_create, iso_create; /* iso: slowest rank's time in each call */
} op;

static int reps = 5;

static int hmpi_init(const op *o, MPI_Info info, HMPI_Request *req)
{
    int c = o->count;
    MPI_Datatype t = o->type;
    switch (o->coll) {
    case BCAST:
        return HMPI_Bcast_init(o->rbuf, c, t, 0, o->comm, info, req);
    case REDUCE:
        return HMPI_Reduce_init(o->sbuf, o->rbuf, c, t, MPI_SUM, 0, o->comm, info, req);
    case ALLREDUCE:
        return HMPI_Allreduce_init(o->sbuf, o->rbuf, c, t, MPI_SUM, o->comm, info, req);
    case ALLGATHER:
        return HMPI_Allgather_init(o->sbuf, c, t, o->rbuf, c, t, o->comm, info, req);
    case ALLTOALL:
        return HMPI_Alltoall_init(o->sbuf, c, t, o->rbuf, c, t, o->comm, info, req);
    case GATHER:
        return HMPI_Gather_init(o->sbuf, c, t, o->rbuf, c, t, 0, o->comm, info, req);
    case SCATTER:
        return HMPI_Scatter_init(o->sbuf, c, t, o->rbuf, c, t, 0, o->comm, info, req);
    case REDUCE_SCATTER_BLOCK:
        return HMPI_Reduce_scatter_block_init(o->sbuf, o->rbuf, c, t, MPI_SUM, o->comm, info, req);
    case ISO_MOORE3D:
    case ISO_VN3D:
        return HMPI_Iso_neighbor_alltoall_init(o->sbuf, c, t, o->rbuf, c, t, o->comm, info, req);
    default:
        return HMPI_Barrier_init(o->comm, info, req);
    }
}

static void mpi_blocking(const op *o)
{
    int c = o->count;
    MPI_Datatype t = o->type;
    switch (o->coll) {
    case BCAST:
        MPI_Bcast(o->rbuf, c, t, 0, o->comm);
        break;
    case REDUCE:
        MPI_Reduce(o->sbuf, o->rbuf, c, t, MPI_SUM, 0, o->comm);
        break;
    case ALLREDUCE:
        MPI_Allreduce(o->sbuf, o->rbuf, c, t, MPI_SUM, o->comm);
        break;
    case ALLGATHER:
        MPI_Allgather(o->sbuf, c, t, o->rbuf, c, t, o->comm);
        break;
    case ALLTOALL:
        MPI_Alltoall(o->sbuf, c, t, o->rbuf, c, t, o->comm);
        break;
    case GATHER:
        MPI_Gather(o->sbuf, c, t, o->rbuf, c, t, 0, o->comm);
        break;
    case SCATTER:
        MPI_Scatter(o->sbuf, c, t, o->rbuf, c, t, 0, o->comm);
        break;
    case REDUCE_SCATTER_BLOCK:
        MPI_Reduce_scatter_block(o->sbuf, o->rbuf, c, t, MPI_SUM, o->comm);
        break;
    default:
        MPI_Barrier(o->comm);
    }
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* Every rank starts at the same moment. Under SMPI the clock is global:
 * agree on a moment a little ahead and wait for it in simulated time, so no
 * barrier's exit skew (which differs between MPI selectors) enters the
 * measurement. Elsewhere, a barrier. Returns the start time. */
static double synchronized_start(MPI_Comm comm)
{
    MPI_Barrier(comm);
#ifdef SMPI_H
    double now = MPI_Wtime(), start;
    MPI_Allreduce(&now, &start, 1, MPI_DOUBLE, MPI_MAX, comm);
    start += 5e-3; /* more than an allreduce's exit skew at 4096 ranks */
    if (start > MPI_Wtime())
        smpi_execute(start - MPI_Wtime());
    return start;
#else
    return MPI_Wtime();
#endif
}

/* One variant: a warm-up, then reps timed operations; the slowest rank's
 * time of each, and their median. hreq: NULL for the MPI library. */
static double measure(const op *o, HMPI_Request *hreq)
{
    double t[64];
    int n = reps < 64 ? reps : 64;
    for (int r = -1; r < n; r++) {
        double t0 = synchronized_start(o->comm);
        if (hreq) {
            HMPI_Start(hreq);
            HMPI_Wait(hreq, MPI_STATUS_IGNORE);
        } else
            mpi_blocking(o);
        if (r >= 0)
            t[r] = MPI_Wtime() - t0;
    }
    MPI_Allreduce(MPI_IN_PLACE, t, n, MPI_DOUBLE, MPI_MAX, o->comm);
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

/* The slowest rank's time in the last hmpi _init call (schedule set-up). */
static double last_init;

/* Time one variant; a negative time when hmpi refused it (e.g. an
 * algorithm that does not implement the collective). */
static double run_variant(const op *o, const char *variant)
{
    if (strcmp(variant, "mpi") == 0) /* (SMPI has no neighbourhood collectives) */
        return is_iso(o->coll) ? -1 : measure(o, NULL);
    MPI_Info info = MPI_INFO_NULL;
    HMPI_Request req = HMPI_REQUEST_NULL;
    if (strncmp(variant, "hmpi:", 5) == 0) {
        char alg[64];
        snprintf(alg, sizeof alg, "%s", variant + 5);
        char *lanes = strchr(alg, '*'); /* "ALG*N": N lanes (leaders) per node */
        MPI_Info_create(&info);
        if (lanes) {
            *lanes++ = '\0';
            MPI_Info_set(info, "hmpi_lanes", lanes);
        }
        MPI_Info_set(info, is_iso(o->coll) ? "hmpi_iso_algorithm" : "hmpi_algorithm", alg);
    }
    double t0 = synchronized_start(o->comm);
    int rc = hmpi_init(o, info, &req);
    last_init = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &last_init, 1, MPI_DOUBLE, MPI_MAX, o->comm);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (rc != MPI_SUCCESS)
        return -1;
    double t = measure(o, &req);
    HMPI_Request_free(&req);
    return t;
}

/* The radius-1 Moore (26 offsets) or von Neumann (6) neighbourhood of a
 * periodic 3-D grid over comm; returns the number of offsets. */
static int iso_grid(op *o, int moore, MPI_Comm comm)
{
    int size, dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, offs[27 * 3], s = 0;
    MPI_Comm_size(comm, &size);
    MPI_Dims_create(size, 3, dims);
    double t0 = synchronized_start(comm);
    MPI_Cart_create(comm, 3, dims, periods, 0, &o->cart);
    o->cart_create = MPI_Wtime() - t0;
    for (int x = -1; x <= 1; x++)
        for (int y = -1; y <= 1; y++)
            for (int z = -1; z <= 1; z++) {
                int far = abs(x) + abs(y) + abs(z);
                if (far == 0 || (!moore && far > 1))
                    continue;
                offs[3 * s] = x, offs[3 * s + 1] = y, offs[3 * s + 2] = z;
                s++;
            }
    t0 = synchronized_start(comm);
    HMPI_Iso_neighborhood_create(o->cart, s, offs, &o->comm);
    o->iso_create = MPI_Wtime() - t0;
    double times[2] = {o->cart_create, o->iso_create};
    MPI_Allreduce(MPI_IN_PLACE, times, 2, MPI_DOUBLE, MPI_MAX, comm);
    o->cart_create = times[0], o->iso_create = times[1];
    return s;
}

static void setup(op *o, int coll, long bytes, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    o->coll = coll;
    o->comm = comm;
    o->cart_create = o->iso_create = 0;
    o->cart = MPI_COMM_NULL;
    if (is_iso(coll)) { /* bytes: one block, to each neighbour */
        int s = iso_grid(o, coll == ISO_MOORE3D, comm);
        o->type = MPI_BYTE;
        o->count = (int)bytes;
        o->sbuf = BENCH_MALLOC((size_t)s * bytes + 64);
        o->rbuf = BENCH_MALLOC((size_t)s * bytes + 64);
        return;
    }
    int reduction = coll == REDUCE || coll == ALLREDUCE || coll == REDUCE_SCATTER_BLOCK;
    int blocks = coll == ALLGATHER || coll == ALLTOALL || coll == GATHER || coll == SCATTER ||
                 coll == REDUCE_SCATTER_BLOCK; /* bytes: a buffer of `size` blocks */
    int esize = reduction ? 4 : 1;
    o->type = reduction ? MPI_INT : MPI_BYTE;
    if (blocks)
        o->count = bytes / ((size_t)size * esize) > 0 ? (int)(bytes / ((size_t)size * esize)) : 1;
    else
        o->count = coll == BARRIER ? 0 : (int)((bytes + esize - 1) / esize);
    size_t total = (size_t)o->count * esize * (blocks ? (size_t)size : 1) + 64;
    o->sbuf = BENCH_MALLOC(total);
    o->rbuf = BENCH_MALLOC(total);
}

/* The communicator of a placement, from MPI_COMM_WORLD. */
static MPI_Comm placed(const char *placement, int node_size)
{
    int rank, size, key;
    MPI_Comm comm;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (strcmp(placement, "shuffled") == 0) { /* the same permutation everywhere */
        int *perm = malloc(sizeof(int) * (size_t)size);
        unsigned long x = 2026;
        for (int i = 0; i < size; i++)
            perm[i] = i;
        for (int i = size - 1; i > 0; i--) {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
            int j = (int)((x >> 33) % (unsigned long)(i + 1)), t = perm[i];
            perm[i] = perm[j], perm[j] = t;
        }
        key = perm[rank];
        free(perm);
    } else if (strcmp(placement, "roundrobin") == 0) {
        int nodes = (size + node_size - 1) / node_size;
        key = (rank % node_size) * nodes + rank / node_size;
    } else
        key = rank;
    MPI_Comm_split(MPI_COMM_WORLD, 0, key, &comm);
    return comm;
}

static int split_list(char *s, char **items, int max)
{
    int n = 0;
    for (char *p = s; p && *p && n < max;) {
        items[n++] = p;
        p = strchr(p, ',');
        if (p)
            *p++ = '\0';
    }
    return n;
}

int main(int argc, char **argv)
{
    char colls_arg[256] = "bcast,reduce,allreduce,allgather,alltoall";
    char sizes_arg[256] = "4,8192,65536,1048576", variants_arg[512] = "mpi,hmpi";
    const char *placement = "ordered", *label = "";
    int node_size = 16, header = 0, rank, size;
    MPI_Init(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (strcmp(argv[i], "--colls") == 0)
            snprintf(colls_arg, sizeof colls_arg, "%s", v), i++;
        else if (strcmp(argv[i], "--sizes") == 0)
            snprintf(sizes_arg, sizeof sizes_arg, "%s", v), i++;
        else if (strcmp(argv[i], "--variants") == 0)
            snprintf(variants_arg, sizeof variants_arg, "%s", v), i++;
        else if (strcmp(argv[i], "--reps") == 0)
            reps = atoi(v) > 0 ? atoi(v) : reps, i++;
        else if (strcmp(argv[i], "--placement") == 0)
            placement = v, i++;
        else if (strcmp(argv[i], "--node-size") == 0)
            node_size = atoi(v) > 0 ? atoi(v) : node_size, i++;
        else if (strcmp(argv[i], "--label") == 0)
            label = v, i++;
        else if (strcmp(argv[i], "--header") == 0)
            header = 1;
    }
    char *colls[NCOLL], *sizes[32], *variants[32];
    int ncolls = split_list(colls_arg, colls, NCOLL), nsizes = split_list(sizes_arg, sizes, 32),
        nvariants = split_list(variants_arg, variants, 32);
    MPI_Comm comm = placed(placement, node_size);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN); /* a refused variant is skipped */
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank == 0 && header)
        printf("label,ranks,placement,collective,bytes,variant,microseconds\n");
    for (int c = 0; c < ncolls; c++) {
        int coll = 0;
        while (coll < NCOLL && strcmp(coll_names[coll], colls[c]) != 0)
            coll++;
        if (coll == NCOLL)
            continue;
        for (int s = 0; s < nsizes; s++) {
            long bytes = atol(sizes[s]);
            op o;
            setup(&o, coll, bytes, comm);
            if (rank == 0 && is_iso(coll))
                printf("%s,%d,%s,%s,%ld,cart_create,%.3f\n%s,%d,%s,%s,%ld,iso_create,%.3f\n", label,
                       size, placement, coll_names[coll], bytes, o.cart_create * 1e6, label, size,
                       placement, coll_names[coll], bytes, o.iso_create * 1e6);
            for (int v = 0; v < nvariants; v++) {
                double t = run_variant(&o, variants[v]);
                if (rank == 0 && t >= 0) {
                    printf("%s,%d,%s,%s,%ld,%s,%.3f\n", label, size, placement, coll_names[coll],
                           bytes, variants[v], t * 1e6);
                    if (is_iso(coll)) /* the schedule's set-up, once per persistent request */
                        printf("%s,%d,%s,%s,%ld,%s/init,%.3f\n", label, size, placement,
                               coll_names[coll], bytes, variants[v], last_init * 1e6);
                    fflush(stdout);
                }
            }
            BENCH_FREE(o.sbuf);
            BENCH_FREE(o.rbuf);
            if (o.cart != MPI_COMM_NULL) /* o.comm: the same, carrying the neighbourhood */
                MPI_Comm_free(&o.cart);
        }
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}

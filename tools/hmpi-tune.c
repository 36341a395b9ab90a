/* hmpi-tune: measure the machine for hmpi's cost model and write a tuning
 * file (HMPI_TUNING_FILE; doc/collectives.md, "The cost model").
 *
 *   mpiexec -n P hmpi-tune [-o FILE] [--sizes 4,1024,...] [--reps N] [--max-fanout K]
 *
 * Run it on at least two nodes (real, virtual with HMPI_TOPOLOGY, or a
 * SimGrid platform under smpirun) with several ranks per node. For each
 * level, node (ranks of rank 0's node) and network (one rank per node), and
 * each size m, rank 0 sends m bytes to k peers at once, k = 1, 2, 4, ...
 * up to K (64), the farthest last, which alone answers with an empty
 * message once its bytes are in; the round's time is that minus the
 * answer's latency. The file gets, per level and size, the latency (the
 * round with one peer) and the gap: what each further message of a round
 * adds in the model, its sender's CPU plus its bytes on the link
 * (gap_of). When rank 0's node has two packages (sockets) or more, the
 * link between the first two: every rank of one exchanges the largest size
 * with a partner in the other at once, both ways; the bytes each way over
 * the slowest pair's time make the file's `package` line. Through a window
 * of node 0's shared memory (not under SimGrid, whose ranks cannot wait on
 * each other), its first two ranks time a flag's half round trip, a line
 * of data loaded after it, a copy of what the other just wrote, one of 1
 * MiB of their own memory and a block relayed between them both ways at
 * once: the `shm` line.
 *
 * Then the collectives themselves, with which auto chooses on a
 * communicator of the same shape rather than by the model: on node 0's
 * ranks, and on all ranks when there are several nodes, every algorithm of
 * hmpi forced in turn and the library's own (native), persistent, and the
 * library's blocking collective (native-blocking: what native runs in a
 * blocking call, plus a run of hmpi's engine around it), at each size
 * (bytes of one rank's block), the slowest rank's median over --coll-reps
 * with buffers rotated between repetitions: the `collective` lines. On one
 * node only the node level and the collectives are measured (the file's
 * network is then the built-in model's). */
#include "coll/algorithms.h"
#include "collcalls.h"

#include <hmpi.h>

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 32
#define TAG 7

static int reps = 5;
static int max_fanout = 64; /* beyond, the time's slope over k is the same */
static int coll_reps = 30;

/* hmpi's algorithm names (auto first, skipped), from its own list. */
static const char *const algorithm_names[] = {
#define NAME_OF(NAME, name) #name,
    HMPI__COLL_ALGORITHM_NAMES(NAME_OF)
#undef NAME_OF
};
#define NALGORITHMS ((int)(sizeof algorithm_names / sizeof algorithm_names[0]))
#define TIMED_LIMIT (1u << 30) /* bytes of a rank's buffers past which a size is not timed */

/* Median over reps of a round in comm: rank 0 sends m bytes to the last
 * k ranks at once, the farthest last (every k has the same latency, the
 * worst), and waits for the farthest's empty answer: the time until the
 * round's last message is in, with no other answer's CPU on rank 0. Every
 * rank of comm calls. */
static double fan_out(MPI_Comm comm, int k, int m, char *buf, MPI_Request *reqs)
{
    int rank, size;
    double times[64];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Barrier(comm);
    for (int r = -1; r < reps; r++) { /* one warm-up */
        double t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Irecv(NULL, 0, MPI_BYTE, size - 1, TAG, comm, &reqs[k]);
            for (int p = 0; p < k; p++)
                MPI_Isend(buf, m, MPI_BYTE, size - k + p, TAG, comm, &reqs[p]);
            for (int q = 0; q <= k; q++) /* (MPICH's MPI_Waitall trips gcc's bounds check) */
                MPI_Wait(&reqs[q], MPI_STATUS_IGNORE);
        } else if (rank >= size - k) {
            MPI_Recv(buf, m, MPI_BYTE, 0, TAG, comm, MPI_STATUS_IGNORE);
            if (rank == size - 1)
                MPI_Send(NULL, 0, MPI_BYTE, 0, TAG, comm);
        }
        if (r >= 0)
            times[r] = (MPI_Wtime() - t0) * 1e6;
    }
    qsort(times, (size_t)reps, sizeof times[0], cmp_double);
    return times[reps / 2];
}

/* Fan-outs measured: 1, 2, 4, ... and kmax; 0 after the last. */
static int next_fanout(int k, int kmax)
{
    return k == kmax ? 0 : k * 2 < kmax ? k * 2 : kmax;
}

typedef struct level {
    const char *name;
    MPI_Comm comm; /* rank 0 and its peers at this level */
    int size;
} level;

/* The model's gap at size m from the measured slopes over k: a sender's
 * messages overlap its CPU with their bytes on the link, so a slope is the
 * larger of the two, where the model adds them (doc/collectives.md, "The
 * cost model"): the CPU (the slope at the smallest size, overhead) plus the
 * bytes at the bandwidth of the largest size, or the slope where it is
 * more (smaller messages reach less of the bandwidth). */
static double gap_of(double slope, int m, double overhead, double slope_max, int m_max)
{
    double link = m_max > 0 && slope_max > overhead ? (double)m * slope_max / m_max : 0;
    double sum = overhead + link;
    return slope > sum ? slope : sum;
}

/* Latency and gap of one level at each size, from rank 0's fan-outs. */
static void measure(const level *lv, const int *sizes, int nsizes, char *buf, MPI_Request *reqs,
                    double *latency, double *gap)
{
    int smallest = 0, largest = 0;
    int kmax = lv->size - 1 < max_fanout ? lv->size - 1 : max_fanout;
    double answer = fan_out(lv->comm, 1, 0, buf, reqs) / 2;
    for (int s = 0; s < nsizes; s++) {
        double sk = 0, st = 0, skk = 0, skt = 0, t1 = 0;
        int n = 0;
        for (int k = 1; k > 0; k = next_fanout(k, kmax)) {
            double t = fan_out(lv->comm, k, sizes[s], buf, reqs) - answer;
            if (k == 1)
                t1 = t;
            sk += k, st += t, skk += (double)k * k, skt += k * t, n++;
        }
        latency[s] = t1 > 0 ? t1 : 0;
        gap[s] = n > 1 ? (n * skt - sk * st) / (n * skk - sk * sk) : 0;
        if (gap[s] < 0)
            gap[s] = 0;
        smallest = sizes[s] < sizes[smallest] ? s : smallest;
        largest = sizes[s] > sizes[largest] ? s : largest;
    }
    double overhead = gap[smallest], slope_max = gap[largest];
    for (int s = 0; s < nsizes; s++)
        gap[s] = gap_of(gap[s], sizes[s], overhead, slope_max, sizes[largest]);
}

/* Node rank of each rank's package leader (the package's lowest rank),
 * through hmpi's Package level, and this rank's index in its package. */
static void packages_of(MPI_Comm node, int *leader_at, int *index)
{
    MPI_Comm pkg;
    MPI_Info info;
    int me, leader;
    MPI_Comm_rank(node, &me);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "Package");
    HMPI_Comm_split_type(node, HMPI_COMM_TYPE_HW_GUIDED, me, info, &pkg);
    MPI_Info_free(&info);
    leader = me, *index = 0;
    if (pkg != MPI_COMM_NULL) {
        MPI_Allreduce(&me, &leader, 1, MPI_INT, MPI_MIN, pkg);
        MPI_Comm_rank(pkg, index);
        MPI_Comm_free(&pkg);
    }
    MPI_Allgather(&leader, 1, MPI_INT, leader_at, 1, MPI_INT, node);
}

/* Bytes/us each way between the first two packages of node (node rank 0's,
 * and the next): the i-th rank of each exchanges m bytes with the other's
 * i-th at once, both ways; the median over reps of the slowest pair's time.
 * 0 when the node has one package. Every rank of node calls. */
static double package_link(MPI_Comm node, int m, char *buf, char *rbuf)
{
    int me, size, index, second = -1, partner = -1, in_first = 0, in_second = 0;
    double times[64];
    MPI_Comm_rank(node, &me);
    MPI_Comm_size(node, &size);
    int *leader_at = malloc(sizeof(int) * (size_t)size);
    int *index_at = malloc(sizeof(int) * (size_t)size);
    packages_of(node, leader_at, &index);
    MPI_Allgather(&index, 1, MPI_INT, index_at, 1, MPI_INT, node);
    int first = leader_at[0], mine = leader_at[me];
    for (int r = 0; r < size && second < 0; r++)
        if (leader_at[r] == r && r != first)
            second = r;
    int other = mine == first ? second : mine == second ? first : -1; /* partner's package */
    for (int r = 0; r < size; r++) {
        in_first += leader_at[r] == first;
        in_second += leader_at[r] == second;
        if (other >= 0 && leader_at[r] == other && index_at[r] == index)
            partner = r;
    }
    for (int rep = -1; rep < reps && second >= 0; rep++) { /* one warm-up */
        MPI_Request req[2];
        double t, slowest;
        MPI_Barrier(node);
        t = MPI_Wtime();
        if (partner >= 0) {
            MPI_Irecv(rbuf, m, MPI_BYTE, partner, TAG, node, &req[0]);
            MPI_Isend(buf, m, MPI_BYTE, partner, TAG, node, &req[1]);
            MPI_Wait(&req[0], MPI_STATUS_IGNORE);
            MPI_Wait(&req[1], MPI_STATUS_IGNORE);
        }
        t = (MPI_Wtime() - t) * 1e6;
        MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, node);
        if (rep >= 0)
            times[rep] = slowest;
    }
    free(leader_at);
    free(index_at);
    if (second < 0)
        return 0;
    int pairs = in_first < in_second ? in_first : in_second;
    qsort(times, (size_t)reps, sizeof *times, cmp_double);
    return times[reps / 2] > 0 ? (double)pairs * m / times[reps / 2] : 0;
}

#define SHM_STREAM (1 << 20)
#define SHM_TRIPS 64 /* flag trips timed together: MPI_Wtime's step is coarse */
/* A rank's part of the window: the flags of two series of trips (lines
 * apart), the second's data line, then the bytes copied. */
#define SHM_SECOND_FLAG 128
#define SHM_DATA_AT 256     /* from a flag: past its line and the neighbour a prefetcher takes */
#define SHM_RELAY_FLAGS 384 /* a relay's ready flag, then its ack a line further */
#define SHM_BYTES_AT 512
#define SHM_RELAYS 16 /* relay rounds timed together */
#define LINE_LONGS (64 / sizeof(long))
#ifndef SMPI_H
/* The quickest of reps batches of flag trips between ranks 0 and 1 (us a
 * way), each rank's flag at `at` in its part; with data, rank 0 writes a
 * line SHM_DATA_AT further before its flag, which rank 1 loads once it has
 * seen the flag (as a reader takes a block that did not travel with its
 * flag). */
static double flag_trip_us(char *mine, char *theirs, int me, size_t at, int data)
{
    _Atomic long *flag = (_Atomic long *)(mine + at), *peer = (_Atomic long *)(theirs + at);
    _Atomic long *line =
        (_Atomic long *)(me == 0 ? mine + at + SHM_DATA_AT : theirs + at + SHM_DATA_AT);
    double best = 0;
    for (long i = 0, k = 0; i <= reps; i++) { /* one batch to warm up */
        double t = MPI_Wtime();
        for (int j = 0; j < SHM_TRIPS; j++) {
            k++;
            if (me == 0 && data)
                atomic_store_explicit(line, k, memory_order_relaxed);
            if (me == 0)
                atomic_store(flag, k);
            while (atomic_load(peer) < k)
                sched_yield(); /* more ranks than cores (virtual clusters) */
            if (me == 1 && data)
                (void)atomic_load_explicit(line, memory_order_relaxed); /* (atomic: kept) */
            if (me == 1)
                atomic_store(flag, k);
        }
        t = (MPI_Wtime() - t) * 1e6 / SHM_TRIPS / 2;
        if (i > 0 && (i == 1 || t < best))
            best = t;
    }
    return best;
}

/* The quickest of reps batches of a relay between ranks 0 and 1 (us a
 * round, on each): in round k each copies the block of `bytes` the other
 * published in round k - 1 into its own buffer of k's parity (once the
 * other has read what it put there last), then publishes it, as the
 * collectives' exchanges move slices and blocks: both cores read lines the
 * other just wrote and write lines the other last read. */
static double relay_us(char *mine, char *theirs, size_t bytes)
{
    _Atomic long *ready = (_Atomic long *)(mine + SHM_RELAY_FLAGS), *ack = ready + LINE_LONGS;
    _Atomic long *peer_ready = (_Atomic long *)(theirs + SHM_RELAY_FLAGS);
    _Atomic long *peer_ack = peer_ready + LINE_LONGS;
    double best = 0;
    for (long i = 0, k = 0; i <= reps; i++) { /* one batch to warm up */
        double t = MPI_Wtime();
        for (int j = 0; j < SHM_RELAYS; j++) {
            k++;
            while (atomic_load(peer_ready) < k - 1 || atomic_load(peer_ack) < k - 2)
                sched_yield(); /* more ranks than cores (virtual clusters) */
            memcpy(mine + SHM_BYTES_AT + (size_t)(k & 1) * bytes,
                   theirs + SHM_BYTES_AT + (size_t)((k - 1) & 1) * bytes, bytes);
            atomic_store(ack, k - 1);
            atomic_store(ready, k);
        }
        t = (MPI_Wtime() - t) * 1e6 / SHM_RELAYS;
        if (i > 0 && (i == 1 || t < best))
            best = t;
    }
    return best;
}
#endif

/* Node ranks 0 and 1's flag half round trip (us), what a line of data
 * loaded after its flag adds to a round trip (us), and bytes/us of a copy
 * of `bytes` the other just wrote (near: from its cache) and of a copy of 1
 * MiB of rank 1's own memory where slower (stream: beyond the caches), and
 * of a relayed half of `bytes` (cross: both copying at once; the slower
 * rank's), through a window of the node's shared memory, on node rank 0 (0
 * where there is none: SimGrid, a refused window). Every rank of node calls. */
static void shm_costs(MPI_Comm node, int bytes, double *flag_us, double *data_us, double *stream,
                      double *near, double *cross)
{
    *flag_us = *data_us = *stream = *near = *cross = 0;
#ifndef SMPI_H
    MPI_Win win;
    char *mine, *theirs = NULL;
    int me, unit, ok;
    MPI_Aint size;
    double best_trip = 0, best[3] = {0, 0, 0}; /* near, stream, relay: us */
    MPI_Comm_rank(node, &me);
    MPI_Comm_set_errhandler(node, MPI_ERRORS_RETURN);
    ok = HMPI_Win_allocate_shared(SHM_BYTES_AT + bytes, 1, MPI_INFO_NULL, node, &mine, &win) ==
         MPI_SUCCESS;
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, node);
    if (!ok)
        return;
    if (me < 2)
        MPI_Win_shared_query(win, 1 - me, &size, &unit, &theirs);
    char *scratch = malloc((size_t)bytes + 2 * SHM_STREAM);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    memset(mine, 0, SHM_BYTES_AT); /* the flags start at 0 */
    MPI_Win_sync(win);
    MPI_Barrier(node);
    if (me < 2) {
        best_trip = flag_trip_us(mine, theirs, me, 0, 0);
        double with_data = flag_trip_us(mine, theirs, me, SHM_SECOND_FLAG, 1);
        *data_us = with_data > best_trip ? 2 * (with_data - best_trip) : 0; /* once a trip */
    }
    for (int rep = -1; rep < reps; rep++) { /* rank 1 copies what rank 0 just wrote */
        if (me == 0)
            memset(mine + SHM_BYTES_AT, rep + 2, (size_t)bytes);
        MPI_Barrier(node);
        double t = MPI_Wtime();
        if (me == 1)
            memcpy(scratch, theirs + SHM_BYTES_AT, (size_t)bytes);
        t = (MPI_Wtime() - t) * 1e6;
        if (rep >= 0 && (rep == 0 || t < best[0]))
            best[0] = t;
        MPI_Barrier(node);
    }
    for (int rep = -1; me == 1 && scratch && rep < 4; rep++) { /* and its own memory */
        double t = MPI_Wtime();
        memcpy(scratch + bytes, scratch + bytes + SHM_STREAM, SHM_STREAM);
        t = (MPI_Wtime() - t) * 1e6;
        if (rep >= 0 && (rep == 0 || t < best[1]))
            best[1] = t;
    }
    MPI_Barrier(node);
    double relay = me < 2 ? relay_us(mine, theirs, (size_t)bytes / 2) : 0;
    if (me == 1) {
        best[2] = relay;
        MPI_Send(best, 3, MPI_DOUBLE, 0, TAG, node);
    }
    if (me == 0) {
        MPI_Recv(best, 3, MPI_DOUBLE, 1, TAG, node, MPI_STATUS_IGNORE);
        best[2] = relay > best[2] ? relay : best[2];
    }
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    free(scratch);
    *flag_us = best_trip;
    *near = best[0] > 0 ? bytes / best[0] : 0;
    *stream = best[1] > 0 && SHM_STREAM / best[1] < *near ? SHM_STREAM / best[1] : *near;
    double copy_us = best[2] > 2 * best_trip ? best[2] - best_trip : best[2]; /* less its flag */
    *cross = copy_us > 0 ? bytes / 2 / copy_us : 0;
#else
    (void)node;
    (void)bytes;
#endif
}

/* One `collective` line (a time of -1: the calls failed; none). */
static void write_time(FILE *f, int coll, int size, int nodes, int block, const char *alg,
                       double us)
{
    if (f && us >= 0)
        fprintf(f, "collective %s %d %d %d %s %.3f\n", names[coll], size, nodes, block, alg, us);
}

/* What a run of hmpi's engine costs beyond its steps, on this process:
 * Start + Wait of a persistent barrier on MPI_COMM_SELF, the median of
 * ENGINE_BATCHES batches. native in a blocking call runs the library's
 * collective as a step of a run; hmpi's algorithms' times include their
 * runs, the library's collective is timed alone: its `native-blocking`
 * line adds this. */
#define ENGINE_BATCHES 31
#define ENGINE_RUNS 100
static double engine_run_us(void)
{
    double t[ENGINE_BATCHES];
    HMPI_Request r;
    if (HMPI_Barrier_init(MPI_COMM_SELF, MPI_INFO_NULL, &r) != MPI_SUCCESS)
        return 0;
    for (int b = 0; b < ENGINE_BATCHES; b++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < ENGINE_RUNS; i++) {
            HMPI_Start(&r);
            HMPI_Wait(&r, MPI_STATUS_IGNORE);
        }
        t[b] = (MPI_Wtime() - t0) * 1e6 / ENGINE_RUNS;
    }
    HMPI_Request_free(&r);
    qsort(t, ENGINE_BATCHES, sizeof *t, cmp_double);
    return t[ENGINE_BATCHES / 2];
}

/* Every algorithm of each collective and size on comm (ranks over nodes),
 * the `collective` lines on comm's rank 0 into f (NULL elsewhere). Sizes
 * whose buffers would pass TIMED_LIMIT bytes a rank are left out. */
static void time_collectives(MPI_Comm comm, int nodes, const int *colls, int ncolls,
                             const int *sizes, int nsizes, FILE *f)
{
    int size;
    bench_sets s;
    double engine = engine_run_us(), library;
    MPI_Comm_size(comm, &size);
    MPI_Allreduce(MPI_IN_PLACE, &engine, 1, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN); /* forced algorithms may refuse */
    for (int c = 0; c < ncolls; c++)
        for (int i = 0; i < nsizes && (i == 0 || colls[c] != BARRIER); i++) {
            if (2.0 * (sizes[i] + 4) * size > TIMED_LIMIT ||
                !bench_sets_make(&s, colls[c], sizes[i], comm))
                continue;
            int block = colls[c] == BARRIER ? 0 : s.b[0].count * (is_reduction(colls[c]) ? 4 : 1);
            for (int a = 1; a < NALGORITHMS; a++) /* auto is the choice itself */
                if (bench_sets_init(&s, algorithm_names[a]))
                    write_time(f, colls[c], size, nodes, block, algorithm_names[a],
                               bench_time(&s, BENCH_PERSISTENT, coll_reps));
            /* what native runs in a blocking call: the library's blocking
             * collective, in a run of hmpi's engine */
            library = bench_time(&s, BENCH_MPI, coll_reps);
            write_time(f, colls[c], size, nodes, block, "native-blocking",
                       library >= 0 ? library + engine : library);
            bench_sets_free(&s);
        }
}

/* The collective lines kept in tmp, appended to f. */
static void copy_times(FILE *tmp, FILE *f)
{
    char line[256];
    if (!tmp)
        return;
    rewind(tmp);
    fprintf(f, "# collective name ranks nodes block_bytes algorithm us: the slowest rank's median, "
               "persistent\n");
    while (fgets(line, sizeof line, tmp))
        fputs(line, f);
}

/* The node as hmpi's collectives see it: the machine, or its board when
 * hwloc splits the machine into Groups (NUMAlink blades). */
static void collectives_node(MPI_Comm *node)
{
    MPI_Comm board;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "Group");
    HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, node);
    HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, 0, info, &board);
    MPI_Info_free(&info);
    if (board != MPI_COMM_NULL) {
        MPI_Comm_free(node);
        *node = board;
    }
}

static int parse_sizes(const char *text, int *sizes)
{
    int n = 0;
    const char *p = text;
    while (*p && n < MAX_SIZES) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0)
            return -1;
        sizes[n++] = (int)v;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return -1;
    }
    return n;
}

int main(int argc, char **argv)
{
    const char *out = "hmpi-tuning.txt";
    int sizes[MAX_SIZES],
        nsizes = parse_sizes("4,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576",
                             sizes);
    int colls[NCOLL], ncolls = NCOLL, coll_sizes[MAX_SIZES], ncoll_sizes;
    int rank, size, local_rank, maxsize = 0, code = 0;
    for (int c = 0; c < NCOLL; c++)
        colls[c] = c;
    ncoll_sizes = parse_sizes("8,64,1024,8192,65536,262144,1048576", coll_sizes);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = v, i++;
        else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc)
            nsizes = parse_sizes(v, sizes), i++;
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = atoi(v), i++;
        else if (strcmp(argv[i], "--max-fanout") == 0 && i + 1 < argc)
            max_fanout = atoi(v), i++;
        else if (strcmp(argv[i], "--colls") == 0 && i + 1 < argc)
            ncolls = strcmp(v, "none") == 0 ? 0 : parse_list(v, colls, NCOLL, 1), i++;
        else if (strcmp(argv[i], "--coll-sizes") == 0 && i + 1 < argc)
            ncoll_sizes = parse_sizes(v, coll_sizes), i++;
        else if (strcmp(argv[i], "--coll-reps") == 0 && i + 1 < argc)
            coll_reps = atoi(v), i++;
        else
            nsizes = -1;
    }
    if (nsizes <= 0 || reps < 1 || reps > 64 || max_fanout < 1 || ncoll_sizes <= 0 ||
        coll_reps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: hmpi-tune [-o FILE] [--sizes 4,1024,...] [--reps 1-64] "
                            "[--max-fanout K] [--colls bcast,allreduce,...|none] "
                            "[--coll-sizes 8,64,...] [--coll-reps N]\n");
        MPI_Finalize();
        return 2;
    }
    for (int s = 0; s < nsizes; s++)
        maxsize = sizes[s] > maxsize ? sizes[s] : maxsize;

    /* The levels: rank 0's node, and the first rank of every node. */
    MPI_Comm node, leaders;
    collectives_node(&node);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_split(MPI_COMM_WORLD, local_rank == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);
    level levels[2] = {{"node", node, 0}, {"network", leaders, 0}};
    MPI_Comm_size(node, &levels[0].size);
    if (leaders != MPI_COMM_NULL)
        MPI_Comm_size(leaders, &levels[1].size);
    MPI_Bcast(&levels[1].size, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&levels[0].size, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (levels[0].size < 2) {
        if (rank == 0)
            fprintf(stderr, "hmpi-tune: needs two ranks or more on the first node (here %d)\n",
                    levels[0].size);
        MPI_Finalize();
        return 2;
    }

    char *buf = calloc((size_t)maxsize + 1, 1), *rbuf = calloc((size_t)maxsize + 1, 1);
    MPI_Request *reqs = malloc(sizeof(MPI_Request) * 2 * (size_t)(size > 1 ? size : 2));
    double latency[2][MAX_SIZES], gap[2][MAX_SIZES];
    int lowest; /* rank 0's node: the one whose lowest world rank is 0 */
    MPI_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, node);
    double package = 0; /* bytes/us each way between node 0's packages; 0: one package */
    double flag_us = 0, data_us = 0, copy_bytes_per_us = 0, near_bytes_per_us = 0; /* node 0's */
    double cross_bytes_per_us = 0;
    if (lowest == 0) {
        measure(&levels[0], sizes, nsizes, buf, reqs, latency[0], gap[0]);
        package = package_link(node, maxsize, buf, rbuf);
        shm_costs(node, 32768, &flag_us, &data_us, &copy_bytes_per_us, &near_bytes_per_us,
                  &cross_bytes_per_us);
    }
    int nlevels = levels[1].size > 1 ? 2 : 1; /* one node: no network to measure */
    if (leaders != MPI_COMM_NULL && nlevels == 2)
        measure(&levels[1], sizes, nsizes, buf, reqs, latency[1], gap[1]);
    FILE *times = rank == 0 ? tmpfile() : NULL; /* the collective lines, until the file */
    if (lowest == 0)
        time_collectives(node, 1, colls, ncolls, coll_sizes, ncoll_sizes, times);
    if (nlevels == 2)
        time_collectives(MPI_COMM_WORLD, levels[1].size, colls, ncolls, coll_sizes, ncoll_sizes,
                         times);
    if (rank == 0) {
        FILE *f = fopen(out, "w");
        if (!f) {
            fprintf(stderr, "hmpi-tune: cannot write %s\n", out);
            code = 1;
        } else {
            fprintf(f,
                    "# hmpi tuning file, written by hmpi-tune: %d ranks, %d nodes, %d ranks on "
                    "node 0\n# level bytes latency_us gap_us\n",
                    size, levels[1].size, levels[0].size);
            for (int l = 0; l < nlevels; l++)
                for (int s = 0; s < nsizes; s++)
                    fprintf(f, "%-7s %8d %10.3f %10.4f\n", levels[l].name, sizes[s], latency[l][s],
                            gap[l][s]);
            if (package > 0)
                fprintf(f,
                        "# package bytes_per_us: each way between node 0's first two packages\n"
                        "package %10.1f\n",
                        package);
            if (flag_us > 0 && copy_bytes_per_us > 0)
                fprintf(f,
                        "# shm flag_us bytes_per_us near_bytes_per_us data_us cross_bytes_per_us, "
                        "node 0's first two ranks:\n# a flag's trip, a copy beyond the caches, "
                        "one of what the other core just wrote,\n# a line of data loaded after "
                        "its flag, a copy of a block relayed both ways at once\n"
                        "shm %9.3f %10.1f %10.1f %9.3f %10.1f\n",
                        flag_us, copy_bytes_per_us, near_bytes_per_us, data_us, cross_bytes_per_us);
            copy_times(times, f);
            fclose(f);
            printf("hmpi-tune: %d nodes, %d ranks on node 0; wrote %s\n", levels[1].size,
                   levels[0].size, out);
            printf("%-8s %9s %12s %12s\n", "level", "bytes", "latency_us", "gap_us");
            for (int l = 0; l < nlevels; l++)
                for (int s = 0; s < nsizes; s++)
                    printf("%-8s %9d %12.3f %12.4f\n", levels[l].name, sizes[s], latency[l][s],
                           gap[l][s]);
            if (package > 0)
                printf("package  %.1f bytes/us each way\n", package);
            if (flag_us > 0 && copy_bytes_per_us > 0)
                printf("shm      flag %.3f us, a data line after it %.3f us, copy %.1f bytes/us "
                       "(%.1f from a cache, %.1f relayed both ways)\n",
                       flag_us, data_us, copy_bytes_per_us, near_bytes_per_us, cross_bytes_per_us);
            if (ncolls > 0)
                printf("collectives: %d timed, each algorithm and the library's own (the "
                       "'collective' lines)\n",
                       ncolls);
        }
    }
    if (times)
        fclose(times);
    if (leaders != MPI_COMM_NULL)
        MPI_Comm_free(&leaders);
    MPI_Comm_free(&node);
    free(buf);
    free(rbuf);
    free(reqs);
    MPI_Finalize();
    return code;
}

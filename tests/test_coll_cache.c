/* The schedule cache of the blocking collectives: an identical call reuses
 * the schedule (no new point-to-point requests are prepared), new buffers,
 * arguments or settings build another; results are always those of the MPI
 * library's own collective, also when processes hit and miss differently
 * (their buffers differ), between nonblocking operations in flight, after
 * eviction, with derived datatypes (never cached), on duplicates, and for
 * the v forms, whose arrays are compared by contents.
 *
 * The program counts the persistent requests hmpi prepares through the
 * profiling interface (HMPI_P2P=persistent: every built schedule calls
 * MPI_Send_init / MPI_Recv_init, a cached one calls neither). */
#include "testutil.h"

#include <stdint.h>

static int rank, size;
static long prepared; /* MPI_Send_init and MPI_Recv_init calls */

int MPI_Send_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    prepared++;
    return PMPI_Send_init(buf, count, type, dest, tag, comm, request);
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    prepared++;
    return PMPI_Recv_init(buf, count, type, source, tag, comm, request);
}

/* Requests prepared by one hmpi call (summed over the processes). */
static long prepared_by_allreduce(const int *in, int *out, int n, MPI_Comm comm)
{
    long before = prepared, mine, all;
    CHECK_MPI(HMPI_Allreduce(in, out, n, MPI_INT, MPI_SUM, comm));
    mine = prepared - before;
    MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, comm);
    return all;
}

static void fill(int *v, int n, int seed)
{
    for (int i = 0; i < n; i++)
        v[i] = seed * 1000 + rank * 10 + i % 7;
}

static void check_allreduce(const int *in, const int *out, int n, MPI_Comm comm)
{
    int *ref = malloc(sizeof(int) * (size_t)n);
    MPI_Allreduce(in, ref, n, MPI_INT, MPI_SUM, comm);
    for (int i = 0; i < n; i++)
        CHECK_INT(out[i], ref[i]);
    free(ref);
}

/* The same call again builds nothing; new contents are used. */
static void reuse(void)
{
    enum { N = 100 };
    int in[N], out[N];
    fill(in, N, 1);
    long first = prepared_by_allreduce(in, out, N, MPI_COMM_WORLD);
    check_allreduce(in, out, N, MPI_COMM_WORLD);
    CHECK(first > 0);
    for (int it = 2; it < 6; it++) {
        fill(in, N, it);
        CHECK_INT(prepared_by_allreduce(in, out, N, MPI_COMM_WORLD), 0);
        check_allreduce(in, out, N, MPI_COMM_WORLD);
    }
    /* another count, another output buffer: new schedules */
    int out2[N];
    CHECK(prepared_by_allreduce(in, out, N - 1, MPI_COMM_WORLD) > 0);
    CHECK(prepared_by_allreduce(in, out2, N, MPI_COMM_WORLD) > 0);
    check_allreduce(in, out2, N, MPI_COMM_WORLD);
}

/* Odd ranks switch buffers every call (a miss, then hits on both), even
 * ranks keep theirs (hits): the blocking tag keeps the messages matched. */
static void uneven_hits(void)
{
    enum { N = 33 };
    int a[N], b[N], out_a[N], out_b[N];
    for (int it = 0; it < 8; it++) {
        int use_b = rank % 2 && it % 2;
        int *in = use_b ? b : a, *out = use_b ? out_b : out_a;
        fill(in, N, it);
        CHECK_MPI(HMPI_Allreduce(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
        check_allreduce(in, out, N, MPI_COMM_WORLD);
        int root = it % size, x = root == rank ? 40 + it : -1;
        CHECK_MPI(HMPI_Bcast(&x, 1, MPI_INT, root, MPI_COMM_WORLD));
        CHECK_INT(x, 40 + it);
    }
}

/* Cached blocking calls while nonblocking ones are in flight. */
static void with_nonblocking(void)
{
    int x = rank, sum = -1, in[4], out[4];
    HMPI_Request r;
    for (int it = 0; it < 4; it++) {
        CHECK_MPI(HMPI_Iallreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r));
        fill(in, 4, it);
        CHECK_MPI(HMPI_Allreduce(in, out, 4, MPI_INT, MPI_MAX, MPI_COMM_WORLD));
        CHECK_MPI(HMPI_Barrier(MPI_COMM_WORLD));
        CHECK_MPI(HMPI_Wait(&r, MPI_STATUS_IGNORE));
        CHECK_INT(sum, size * (size - 1) / 2);
        for (int i = 0; i < 4; i++)
            CHECK_INT(out[i], it * 1000 + (size - 1) * 10 + i % 7);
    }
}

/* A full cache (the default's 16 entries, 64 at most): calls on 16
 * buffers in turn each build once, then all of them hit, round after
 * round (the heads' hash table and its probes); with HMPI_COLL_CACHE=64,
 * 64 buffers alike. */
static void full_cache(void)
{
    enum { N = 4, MOST = 64 };
    static int out[MOST][N];
    int in[N];
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int entries = 16; entries <= MOST; entries *= 4) {
        char value[8];
        snprintf(value, sizeof value, "%d", entries);
        setenv("HMPI_COLL_CACHE", value, 1);
        for (int round = 0; round < 3; round++)
            for (int k = 0; k < entries; k++) {
                fill(in, N, round * MOST + k);
                long built = prepared_by_allreduce(in, out[k], N, comm);
                if (round > 0)
                    CHECK_INT(built, 0);
                else if (entries == 16)
                    CHECK(size == 1 || built > 0);
                check_allreduce(in, out[k], N, comm);
            }
    }
    unsetenv("HMPI_COLL_CACHE");
    MPI_Comm_free(&comm);
}

/* HMPI_COLL_CACHE=2: a third schedule evicts the least recently used. */
static void eviction(void)
{
    enum { N = 8 };
    int in[N], out[3][N];
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    setenv("HMPI_COLL_CACHE", "2", 1);
    fill(in, N, 7);
    CHECK(prepared_by_allreduce(in, out[0], N, comm) > 0);
    CHECK(prepared_by_allreduce(in, out[1], N, comm) > 0);
    CHECK_INT(prepared_by_allreduce(in, out[0], N, comm), 0);
    CHECK(prepared_by_allreduce(in, out[2], N, comm) > 0); /* evicts out[1]'s */
    CHECK_INT(prepared_by_allreduce(in, out[0], N, comm), 0);
    CHECK(prepared_by_allreduce(in, out[1], N, comm) > 0);
    for (int k = 0; k < 3; k++)
        check_allreduce(in, out[k], N, comm);
    setenv("HMPI_COLL_CACHE", "0", 1); /* none: every call builds */
    CHECK(prepared_by_allreduce(in, out[0], N, comm) > 0);
    CHECK(prepared_by_allreduce(in, out[0], N, comm) > 0);
    unsetenv("HMPI_COLL_CACHE");
    MPI_Comm_free(&comm);
}

/* HMPI_COLL_CACHE_BYTES: a schedule whose scratch exceeds the bound is not
 * kept (every call builds it, and frees it on return); entries that do not
 * fit together evict each other, though their number would allow both. */
static void byte_bound(void)
{
    enum { SMALL = 8, MID = 600, BIG = 4096 };
    int *in = calloc(BIG, sizeof(int)),
        *out[2] = {calloc(BIG, sizeof(int)), calloc(BIG, sizeof(int))};
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    setenv("HMPI_COLL_ALGORITHM", "recursive_doubling", 1); /* scratch of the vector's size */
    setenv("HMPI_COLL_CACHE_BYTES", "4096", 1);
    fill(in, BIG, 9);
    for (int it = 0; it < 2; it++) { /* 16 KiB of scratch: never kept */
        CHECK(prepared_by_allreduce(in, out[0], BIG, comm) > 0);
        check_allreduce(in, out[0], BIG, comm);
    }
    prepared_by_allreduce(in, out[0], SMALL, comm);
    CHECK_INT(prepared_by_allreduce(in, out[0], SMALL, comm), 0);
    check_allreduce(in, out[0], SMALL, comm);
    /* 2400 B each: the second evicts the first, and the first the second */
    CHECK(prepared_by_allreduce(in, out[0], MID, comm) > 0);
    CHECK(prepared_by_allreduce(in, out[1], MID, comm) > 0);
    CHECK(prepared_by_allreduce(in, out[0], MID, comm) > 0);
    CHECK(prepared_by_allreduce(in, out[1], MID, comm) > 0);
    check_allreduce(in, out[1], MID, comm);
    unsetenv("HMPI_COLL_CACHE_BYTES"); /* the default bound keeps both */
    prepared_by_allreduce(in, out[0], MID, comm);
    prepared_by_allreduce(in, out[1], MID, comm);
    CHECK_INT(prepared_by_allreduce(in, out[0], MID, comm), 0);
    CHECK_INT(prepared_by_allreduce(in, out[1], MID, comm), 0);
    check_allreduce(in, out[0], MID, comm);
    unsetenv("HMPI_COLL_ALGORITHM");
    MPI_Comm_free(&comm);
    free(in);
    free(out[0]);
    free(out[1]);
}

/* A changed setting builds again; a duplicate does not inherit the cache. */
static void settings_and_dups(void)
{
    enum { N = 16 };
    int in[N], out[N];
    MPI_Comm dup;
    fill(in, N, 3);
    prepared_by_allreduce(in, out, N, MPI_COMM_WORLD);
    CHECK_INT(prepared_by_allreduce(in, out, N, MPI_COMM_WORLD), 0);
    setenv("HMPI_COLL_ALGORITHM", "recursive_doubling", 1);
    CHECK(prepared_by_allreduce(in, out, N, MPI_COMM_WORLD) > 0);
    check_allreduce(in, out, N, MPI_COMM_WORLD);
    unsetenv("HMPI_COLL_ALGORITHM");
    CHECK_INT(prepared_by_allreduce(in, out, N, MPI_COMM_WORLD), 0); /* still cached */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    CHECK(prepared_by_allreduce(in, out, N, dup) > 0);
    CHECK_INT(prepared_by_allreduce(in, out, N, dup), 0);
    check_allreduce(in, out, N, dup);
    MPI_Comm_free(&dup);
}

/* Derived datatypes and user ops are never cached (their handles may be
 * freed and reused), and stay correct. */
static void user_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type; /* a pair of ints */
    for (int i = 0; i < 2 * *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static void not_cached(void)
{
    MPI_Datatype pair;
    MPI_Op op;
    int in[2] = {rank, 2 * rank}, out[2];
    long before, mine, all;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Op_create(user_op, 1, &op);
    for (int it = 0; it < 2; it++) {
        before = prepared;
        CHECK_MPI(HMPI_Allreduce(in, out, 1, pair, op, MPI_COMM_WORLD));
        CHECK_INT(out[0], size * (size - 1) / 2);
        CHECK_INT(out[1], size * (size - 1));
        mine = prepared - before;
        MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        CHECK(all > 0);
    }
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
}

/* Requests prepared by a call (summed over the processes) of `call`. */
#define PREPARED_BY(call, comm, all)                                                               \
    do {                                                                                           \
        long before_ = prepared, mine_;                                                            \
        CHECK_MPI(call);                                                                           \
        mine_ = prepared - before_;                                                                \
        MPI_Allreduce(&mine_, &(all), 1, MPI_LONG, MPI_SUM, comm);                                 \
    } while (0)

/* Rank r gives count(r) ints: allgatherv's counts and displacements. */
static void layout(int *counts, int *displs, int reversed)
{
    for (int r = 0, at = 0; r < size; r++) {
        counts[r] = reversed ? size - r : r + 1;
        displs[r] = at;
        at += counts[r];
    }
}

static void check_allgatherv(const int *in, const int *out, const int *counts, const int *displs)
{
    int total = displs[size - 1] + counts[size - 1];
    int *ref = malloc(sizeof(int) * (size_t)total);
    MPI_Allgatherv(in, counts[rank], MPI_INT, ref, counts, displs, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < total; i++)
        CHECK_INT(out[i], ref[i]);
    free(ref);
}

/* The v forms: the same arrays' contents hit (and the arrays of a side a
 * process does not use are never read: a non-root's gatherv counts), new
 * contents in the same arrays build again. By messages (linear), whose
 * requests are counted. */
static void vector_forms(void)
{
    enum { MAX = 64 * 65 / 2 };
    int in[64], out[MAX], counts[64], displs[64], *ignored = (int *)(uintptr_t)8;
    long all;
    CHECK(size <= 64);
    setenv("HMPI_COLL_ALGORITHM", "linear", 1);
    layout(counts, displs, 0);
    for (int it = 0; it < 3; it++) {
        fill(in, size, it);
        PREPARED_BY(HMPI_Allgatherv(in, counts[rank], MPI_INT, out, counts, displs, MPI_INT,
                                    MPI_COMM_WORLD),
                    MPI_COMM_WORLD, all);
        CHECK(it == 0 ? all > 0 : all == 0);
        check_allgatherv(in, out, counts, displs);
    }
    layout(counts, displs, 1); /* new contents, the same arrays */
    PREPARED_BY(
        HMPI_Allgatherv(in, counts[rank], MPI_INT, out, counts, displs, MPI_INT, MPI_COMM_WORLD),
        MPI_COMM_WORLD, all);
    CHECK(all > 0);
    check_allgatherv(in, out, counts, displs);
    for (int it = 0; it < 2; it++) { /* the root's arrays only */
        fill(in, size, it);
        PREPARED_BY(HMPI_Gatherv(in, counts[rank], MPI_INT, out, rank ? ignored + it : counts,
                                 rank ? ignored : displs, MPI_INT, 0, MPI_COMM_WORLD),
                    MPI_COMM_WORLD, all);
        CHECK(it == 0 ? all > 0 : all == 0);
        for (int r = 0; rank == 0 && r < size; r++)
            for (int i = 0; i < counts[r]; i++)
                CHECK_INT(out[displs[r] + i], it * 1000 + r * 10 + i % 7);
    }
    unsetenv("HMPI_COLL_ALGORITHM");
}

int main(int argc, char **argv)
{
    setenv("HMPI_P2P", "persistent", 1);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    reuse();
    uneven_hits();
    with_nonblocking();
    eviction();
    full_cache();
    byte_bound();
    settings_and_dups();
    not_cached();
    vector_forms();
    if (rank == 0)
        printf("test_coll_cache: %d ranks, %d checks passed\n", size, test_checks);
    MPI_Finalize();
    return 0;
}

/* MPI 4.0's large-count collectives (standard names only): every _c form
 * with counts that fit in an int against the MPI library's int form; the
 * persistent forms run in hmpi (it refuses an unknown hmpi_algorithm, a
 * library would ignore it); gatherv and scatterv whose root alone has
 * displacements past INT_MAX (a bit over 2 GiB of virtual memory, barely
 * touched); and, with --big, counts past 2^31 on one case each that fits
 * in memory: a bcast of 2^31 + 8 bytes (blocking and persistent) and a
 * persistent allreduce of 2^31 + 3 unsigned chars. */
#include "mpi4_check.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define N 5

static void fill(int *a, int n, int seed)
{
    for (int i = 0; i < n; i++)
        a[i] = seed * 1000 + i;
}

/* A persistent request, started twice, then freed. */
static void run_twice(MPI_Request *r)
{
    for (int k = 0; k < 2; k++) {
        MPI_Start(r);
        MPI_Wait(r, MPI_STATUS_IGNORE);
    }
    MPI_Request_free(r);
}

static void small_counts(void)
{
    int *s = malloc(sizeof(int) * N * p), *r = malloc(sizeof(int) * N * p);
    int *want = malloc(sizeof(int) * N * p);
    MPI_Count *counts = malloc(sizeof(MPI_Count) * p);
    MPI_Aint *displs = malloc(sizeof(MPI_Aint) * p);
    int *icounts = malloc(sizeof(int) * p), *idispls = malloc(sizeof(int) * p);
    MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * p);
    MPI_Count *bcounts = malloc(sizeof(MPI_Count) * p);
    MPI_Aint *bdispls = malloc(sizeof(MPI_Aint) * p);
    MPI_Request req;
    for (int i = 0; i < p; i++) {
        counts[i] = N;
        displs[i] = (MPI_Aint)i * N;
        icounts[i] = N;
        idispls[i] = i * N;
        types[i] = MPI_INT;
        bcounts[i] = N;
        bdispls[i] = (MPI_Aint)i * N * (MPI_Aint)sizeof(int);
    }
    /* bcast: blocking, nonblocking, persistent */
    fill(r, N, me == 1 % p ? 7 : 0);
    MPI_Bcast_c(r, N, MPI_INT, 1 % p, MPI_COMM_WORLD);
    fill(want, N, 7);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    fill(r, N, me == 0 ? 8 : 0);
    MPI_Ibcast_c(r, N, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    fill(want, N, 8);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    fill(r, N, me == 0 ? 9 : 0);
    MPI_Bcast_init_c(r, N, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    run_twice(&req);
    fill(want, N, 9);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);

    /* reductions */
    fill(s, N, me);
    MPI_Allreduce(s, want, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce_c(s, r, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    memset(r, 0, sizeof(int) * N);
    MPI_Allreduce_init_c(s, r, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    MPI_Scan(s, want, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Iscan_c(s, r, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    MPI_Reduce(s, want, N, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce_init_c(s, r, N, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(me != 0 || memcmp(r, want, sizeof(int) * N) == 0);
    memcpy(r, s, sizeof(int) * N);
    MPI_Reduce_local_c(s, r, N, MPI_INT, MPI_SUM);
    for (int i = 0; i < N; i++)
        CHECK(r[i] == 2 * s[i]);

    /* pairs and vectors */
    fill(s, N * p, me);
    MPI_Alltoall(s, N, MPI_INT, want, N, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall_init_c(s, N, MPI_INT, r, N, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(memcmp(r, want, sizeof(int) * N * p) == 0);
    memset(r, 0, sizeof(int) * N * p);
    MPI_Ialltoallv_c(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(memcmp(r, want, sizeof(int) * N * p) == 0);
    memset(r, 0, sizeof(int) * N * p);
    MPI_Alltoallw_init_c(s, bcounts, bdispls, types, r, bcounts, bdispls, types, MPI_COMM_WORLD,
                         MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(memcmp(r, want, sizeof(int) * N * p) == 0);
    MPI_Allgather(s, N, MPI_INT, want, N, MPI_INT, MPI_COMM_WORLD);
    MPI_Allgatherv_c(s, N, MPI_INT, r, counts, displs, MPI_INT, MPI_COMM_WORLD);
    CHECK(memcmp(r, want, sizeof(int) * N * p) == 0);
    memset(r, 0, sizeof(int) * N * p);
    MPI_Gatherv_init_c(s, N, MPI_INT, r, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &req);
    run_twice(&req);
    CHECK(me != 0 || memcmp(r, want, sizeof(int) * N * p) == 0);
    MPI_Reduce_scatter(s, want, icounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_scatter_init_c(s, r, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(memcmp(r, want, sizeof(int) * N) == 0);
    (void)idispls;

    /* a neighbourhood: the periodic ring */
    MPI_Comm ring;
    int dims[1] = {p}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    fill(s, 2 * N, me);
    MPI_Neighbor_alltoall(s, N, MPI_INT, want, N, MPI_INT, ring);
    MPI_Neighbor_alltoall_init_c(s, N, MPI_INT, r, N, MPI_INT, ring, MPI_INFO_NULL, &req);
    run_twice(&req);
    CHECK(memcmp(r, want, sizeof(int) * 2 * N) == 0);
    MPI_Neighbor_allgatherv_c(s, N, MPI_INT, r, counts, displs, MPI_INT, ring);
    MPI_Neighbor_allgather(s, N, MPI_INT, want, N, MPI_INT, ring);
    CHECK(memcmp(r, want, sizeof(int) * 2 * N) == 0);
    MPI_Comm_free(&ring);

    /* hmpi runs the persistent forms, and names the _c function */
    MPI_Info info;
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "no-such-algorithm");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc = MPI_Bcast_init_c(r, N, MPI_INT, 0, MPI_COMM_WORLD, info, &req);
    CHECK(rc != MPI_SUCCESS);
    MPI_Error_string(rc, msg, &len);
    CHECK(strstr(msg, "MPI_Bcast_init_c") != NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Info_free(&info);
    free(s), free(r), free(want), free(counts), free(displs), free(icounts), free(idispls);
    free(types), free(bcounts), free(bdispls);
}

/* A side MPI ignores does not choose the way: the root of an in-place
 * scatter passes a receive count whose bytes pass INT_MAX (2^29 ints,
 * ignored), the others receive 4 ints each; every process must take the
 * same way (counting the ignored side sent the root into hmpi and the
 * others into the library: a hang). */
static void ignored_side(void)
{
    int *s = malloc(sizeof(int) * 4 * (size_t)p), r[4];
    MPI_Request req;
    for (int i = 0; i < 4 * p; i++)
        s[i] = 3 * i + 1;
    if (me == 0)
        MPI_Iscatter_c(s, 4, MPI_INT, MPI_IN_PLACE, (MPI_Count)1 << 29, MPI_INT, 0, MPI_COMM_WORLD,
                       &req);
    else
        MPI_Iscatter_c(NULL, 0, MPI_DATATYPE_NULL, r, 4, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int i = 0; me != 0 && i < 4; i++)
        CHECK(r[i] == 3 * (4 * me + i) + 1);
    free(s);
}

/* ---- the root alone past INT_MAX --------------------------------------------- */

/* Only the root's arrays of a gatherv or scatterv are significant: there
 * its blocks lie past 2^31 bytes of its buffer (MPI_BYTE: displacements
 * past INT_MAX), the others pass no arrays. Every process must take the
 * same way (the root alone took the library's _c form, or refused, and the
 * others waited forever). The root's buffer is a bit over 2 GiB of
 * virtual memory, touched only around the blocks. MPI 4.0 libraries: the
 * exact bytes, and nothing written around them; MPI 3.1 libraries:
 * MPI_ERR_COUNT on every process, naming the function. */

#if MPI_VERSION >= 4
#define LIBRARY_HAS_C 1 /* the library's own _c forms take these calls */
#else
#define LIBRARY_HAS_C 0 /* MPI 3.1: hmpi refuses them */
#endif

enum { GATHERV, SCATTERV };
enum { BLOCKING, NONBLOCKING, PERSISTENT };

#define BLOCK 24  /* bytes to or from each process */
#define STRIDE 64 /* between the blocks in the root's buffer */
#define GUARD 8   /* bytes around each block that nothing may write */
#define SENTINEL 0xEE

static unsigned char pattern(int rank, int j, int round)
{
    return (unsigned char)(1 + 37 * rank + 5 * j + 11 * round);
}

/* Does a[-GUARD, BLOCK + GUARD) hold rank's block of round, guards intact? */
static int block_right(const unsigned char *a, int rank, int round)
{
    int bad = 0;
    for (int j = -GUARD; j < BLOCK + GUARD; j++)
        bad += a[j] != (j < 0 || j >= BLOCK ? SENTINEL : pattern(rank, j, round));
    return bad == 0;
}

/* Round's data where they are sent from, sentinels where they go. */
static void set_blocks(int coll, unsigned char *big, unsigned char *mine, const MPI_Aint *displs,
                       int round)
{
    memset(mine - GUARD, SENTINEL, BLOCK + 2 * GUARD);
    for (int j = 0; coll == GATHERV && j < BLOCK; j++)
        mine[j] = pattern(me, j, round);
    for (int i = 0; me == 0 && i < p; i++) {
        memset(big + displs[i] - GUARD, SENTINEL, BLOCK + 2 * GUARD);
        for (int j = 0; coll == SCATTERV && j < BLOCK; j++)
            big[displs[i] + j] = pattern(i, j, round);
    }
}

static void check_blocks(int coll, const unsigned char *big, const unsigned char *mine,
                         const MPI_Aint *displs, int round)
{
    if (coll == SCATTERV)
        CHECK(block_right(mine, me, round));
    for (int i = 0; coll == GATHERV && me == 0 && i < p; i++)
        CHECK(block_right(big + displs[i], i, round));
}

/* The call: done (blocking), or its request made (nonblocking: started). */
static int vector_call(int coll, int form, unsigned char *big, unsigned char *mine,
                       const MPI_Count *c, const MPI_Aint *d, MPI_Comm comm, MPI_Request *req)
{
    if (coll == GATHERV && form == BLOCKING)
        return MPI_Gatherv_c(mine, BLOCK, MPI_BYTE, big, c, d, MPI_BYTE, 0, comm);
    if (coll == GATHERV && form == NONBLOCKING)
        return MPI_Igatherv_c(mine, BLOCK, MPI_BYTE, big, c, d, MPI_BYTE, 0, comm, req);
    if (coll == GATHERV)
        return MPI_Gatherv_init_c(mine, BLOCK, MPI_BYTE, big, c, d, MPI_BYTE, 0, comm,
                                  MPI_INFO_NULL, req);
    if (form == BLOCKING)
        return MPI_Scatterv_c(big, c, d, MPI_BYTE, mine, BLOCK, MPI_BYTE, 0, comm);
    if (form == NONBLOCKING)
        return MPI_Iscatterv_c(big, c, d, MPI_BYTE, mine, BLOCK, MPI_BYTE, 0, comm, req);
    return MPI_Scatterv_init_c(big, c, d, MPI_BYTE, mine, BLOCK, MPI_BYTE, 0, comm, MPI_INFO_NULL,
                               req);
}

/* One collective in one form (persistent: started twice, rounds round and
 * round + 1), each round's bytes checked; the call's code. */
static int run_past(int coll, int form, unsigned char *big, const MPI_Count *counts,
                    const MPI_Aint *displs, MPI_Comm comm, int round)
{
    unsigned char buf[BLOCK + 2 * GUARD], *mine = buf + GUARD;
    const MPI_Count *c = me == 0 ? counts : NULL;
    const MPI_Aint *d = me == 0 ? displs : NULL;
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_SUCCESS;
    for (int k = 0; rc == MPI_SUCCESS && k < (form == PERSISTENT ? 2 : 1); k++) {
        set_blocks(coll, big, mine, displs, round + k);
        if (k == 0)
            rc = vector_call(coll, form, big, mine, c, d, comm, &req);
        if (rc == MPI_SUCCESS && form == PERSISTENT)
            MPI_Start(&req);
        if (rc == MPI_SUCCESS && form != BLOCKING)
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            check_blocks(coll, big, mine, displs, round + k);
    }
    if (rc == MPI_SUCCESS && form == PERSISTENT)
        MPI_Request_free(&req);
    return rc;
}

static void refused(int rc, const char *fn)
{
    char msg[MPI_MAX_ERROR_STRING];
    int cls = MPI_SUCCESS, len = 0;
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_COUNT);
    MPI_Error_string(rc, msg, &len);
    CHECK(strstr(msg, fn) != NULL);
}

static void root_past_int_max(void)
{
    static const char *const names[2][3] = {
        {"MPI_Gatherv_c", "MPI_Igatherv_c", "MPI_Gatherv_init_c"},
        {"MPI_Scatterv_c", "MPI_Iscatterv_c", "MPI_Scatterv_init_c"}};
    const MPI_Aint base = (MPI_Aint)INT_MAX + 1;
    unsigned char *big = me == 0 ? malloc((size_t)base + (size_t)STRIDE * (size_t)p) : NULL;
    int have = me != 0 || big != NULL;
    MPI_Bcast(&have, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!have) {
        if (me == 0)
            printf("mpi4_large: no 2 GiB of virtual memory: displacements past INT_MAX at the "
                   "root alone not checked\n");
        return;
    }
    MPI_Count *counts = malloc(sizeof(MPI_Count) * p);
    MPI_Aint *displs = malloc(sizeof(MPI_Aint) * p);
    MPI_Comm comm;
    for (int i = 0; i < p; i++) {
        counts[i] = BLOCK;
        displs[i] = base + (MPI_Aint)STRIDE * i;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    for (int coll = GATHERV; coll <= SCATTERV; coll++)
        for (int form = BLOCKING; form <= PERSISTENT; form++) {
            /* (on MPI 3.1 a nonblocking one refuses at the root alone) */
            if (form == NONBLOCKING && !LIBRARY_HAS_C)
                continue;
            int rc = run_past(coll, form, big, counts, displs, comm, 4 * coll + form);
            if (LIBRARY_HAS_C)
                CHECK(rc == MPI_SUCCESS);
            else
                refused(rc, names[coll][form]);
        }
    MPI_Comm_free(&comm);
    free(counts), free(displs), free(big);
}

/* 2^31 + 8 bytes from rank 0: a pattern that shows a lost or moved block.
 * Blocking, persistent, and nonblocking with the others' count and type not
 * the root's (n / 8 of an 8-byte type: a count that fits, the same bytes;
 * every process must take the same way, which the count alone did not say). */
static void big_bcast(void)
{
    const MPI_Count n = ((MPI_Count)1 << 31) + 8;
    unsigned char *b = malloc((size_t)n);
    MPI_Datatype eight;
    MPI_Request req;
    CHECK(b != NULL);
    MPI_Type_contiguous(8, MPI_BYTE, &eight);
    MPI_Type_commit(&eight);
    for (int round = 0; round < 3; round++) {
        for (MPI_Count i = 0; i < n; i += 4096)
            b[i] = me == 0 ? (unsigned char)(i / 4096 + round) : 0;
        b[n - 1] = me == 0 ? (unsigned char)(77 + round) : 0;
        if (round == 0) {
            MPI_Bcast_c(b, n, MPI_BYTE, 0, MPI_COMM_WORLD);
        } else if (round == 1) {
            MPI_Bcast_init_c(b, n, MPI_BYTE, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
            MPI_Start(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            MPI_Request_free(&req);
        } else {
            if (me == 0)
                MPI_Ibcast_c(b, n, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
            else
                MPI_Ibcast_c(b, n / 8, eight, 0, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        int bad = 0;
        for (MPI_Count i = 0; i < n; i += 4096)
            bad += b[i] != (unsigned char)(i / 4096 + round);
        CHECK(bad == 0);
        CHECK(b[n - 1] == 77 + round);
    }
    MPI_Type_free(&eight);
    free(b);
}

/* 2^31 + 3 unsigned chars summed: element i of rank r is (i + r) % 7. */
static void big_allreduce(void)
{
    const MPI_Count n = ((MPI_Count)1 << 31) + 3;
    unsigned char *s = malloc((size_t)n), *r = malloc((size_t)n);
    MPI_Request req;
    CHECK(s && r);
    for (MPI_Count i = 0; i < n; i++)
        s[i] = (unsigned char)((i + me) % 7);
    MPI_Allreduce_init_c(s, r, n, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    MPI_Start(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Request_free(&req);
    int bad = 0;
    for (MPI_Count i = 0; i < n; i += 997) {
        unsigned sum = 0;
        for (int q = 0; q < p; q++)
            sum += (unsigned)((i + q) % 7);
        bad += r[i] != (unsigned char)sum;
    }
    unsigned last = 0;
    for (int q = 0; q < p; q++)
        last += (unsigned)((n - 1 + q) % 7);
    CHECK(bad == 0);
    CHECK(r[n - 1] == (unsigned char)last);
    free(s);
    free(r);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    /* first: MPICH 4.0.2's own persistent collectives hang once a
     * persistent send to MPI_PROC_NULL has been freed (hmpi's request
     * proxies are such sends; small_counts frees some) */
    root_past_int_max();
    small_counts();
    ignored_side();
    if (argc > 1 && strcmp(argv[1], "--big") == 0) {
        big_bcast();
        big_allreduce();
    }
    checks_done("mpi4_large");
    MPI_Finalize();
    return 0;
}

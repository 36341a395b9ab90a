/* MPI 4.0's large-count collectives (standard names only): every _c form
 * with counts that fit in an int against the MPI library's int form; the
 * persistent forms run in hmpi (it refuses an unknown hmpi_algorithm, a
 * library would ignore it); and, with --big, counts past 2^31 on one case
 * each that fits in memory: a bcast of 2^31 + 8 bytes (blocking and
 * persistent) and a persistent allreduce of 2^31 + 3 unsigned chars. */
#include "mpi4_check.h"

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

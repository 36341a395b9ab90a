/* Buffers past 2 GiB (2^31 bytes) at 2 ranks: every call the MPI library
 * accepts (each count an int, spans and totals past INT_MAX bytes), hmpi
 * accepts and computes exactly, in place and not, blocking and persistent.
 * Results are checked element by element against what the call must give
 * (a formula of the sender, the part and the index, periodic in the index),
 * so that no reference copy doubles the memory. Sized to fit CI: about 4.5 GB a rank at most.
 *
 *   test_big [PART_BYTES [CASE ...]]   (default 1.1e9: two parts make 2.2 GB;
 *                                       every case) */
#include "testutil.h"

#include <stdint.h>

static int rank, size;
static long part;       /* elements (int32) of one rank's part */
static int32_t *big[2]; /* two buffers of size parts, made once (their pages fault once) */

/* Every element is a function of two small numbers and its index, periodic
 * in the index: buffers are filled and checked a period at a time (memcpy,
 * memcmp), at the speed of memory. */
#define PERIOD 65536L
typedef int32_t (*element_fn)(int a, int b, long i);

/* The element i of the part for rank `to` that rank `from` contributes. */
static int32_t value(int from, int to, long i)
{
    return (int32_t)((from << 24) | (to << 16) | (int)(i % PERIOD));
}

/* Allreduce's input on rank r, and the sum over `ranks` ranks of it. */
static int32_t addend(int r, int unused, long i)
{
    (void)unused;
    return r + (int32_t)(i & 7);
}

static int32_t sum_of_addends(int ranks, int unused, long i)
{
    (void)unused;
    return ranks * (ranks - 1) / 2 + ranks * (int32_t)(i & 7);
}

/* Reduce_scatter_block's block for rank `to`: the sum over `ranks` ranks of value(r, to, i). */
static int32_t sum_of_values(int ranks, int to, long i)
{
    int32_t sum = 0;
    for (int r = 0; r < ranks; r++)
        sum += value(r, to, i);
    return sum;
}

static int32_t zero(int a, int b, long i)
{
    (void)a, (void)b, (void)i;
    return 0;
}

static int32_t period[PERIOD];

static void make_period(element_fn f, int a, int b)
{
    for (long i = 0; i < PERIOD; i++)
        period[i] = f(a, b, i);
}

/* at[0, n) = f(a, b, i). */
static void fill(int32_t *at, long n, element_fn f, int a, int b)
{
    make_period(f, a, b);
    for (long off = 0; off < n; off += PERIOD)
        memcpy(at + off, period, sizeof(int32_t) * (size_t)(n - off < PERIOD ? n - off : PERIOD));
}

/* at[0, n) == f(a, b, i), or the first element that is not is named. */
static void expect(const int32_t *at, long n, element_fn f, int a, int b)
{
    make_period(f, a, b);
    for (long off = 0; off < n; off += PERIOD) {
        long len = n - off < PERIOD ? n - off : PERIOD;
        if (memcmp(at + off, period, sizeof(int32_t) * (size_t)len) != 0)
            for (long i = 0; i < len; i++)
                CHECK_INT(at[off + i], period[i]);
    }
}

/* Buffer k of the two, of n <= size * part elements. */
static int32_t *ints(int k, long n)
{
    CHECK(n <= size * part);
    return big[k];
}

/* Part j of buf. */
static int32_t *part_at(int32_t *buf, int j)
{
    return buf + (long)j * part;
}

/* Blocking, or persistent (init, start, wait, free). */
typedef enum { BLOCKING, PERSISTENT } form;

static void run(form f, int rc, HMPI_Request *req)
{
    CHECK_MPI(rc);
    if (f == PERSISTENT) {
        CHECK_MPI(HMPI_Start(req));
        CHECK_MPI(HMPI_Wait(req, MPI_STATUS_IGNORE));
        CHECK_MPI(HMPI_Request_free(req));
    }
}

/* Alltoall and allgather (the same signature), a part per block. */
typedef int (*exchange_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
typedef int (*exchange_init_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                MPI_Comm, MPI_Info, HMPI_Request *);

static void exchange(form f, exchange_fn blocking, exchange_init_fn init, const void *sb,
                     void *recv)
{
    HMPI_Request req;
    int cnt = (int)part;
    run(f,
        f == BLOCKING ? blocking(sb, cnt, MPI_INT32_T, recv, cnt, MPI_INT32_T, MPI_COMM_WORLD)
                      : init(sb, cnt, MPI_INT32_T, recv, cnt, MPI_INT32_T, MPI_COMM_WORLD,
                             MPI_INFO_NULL, &req),
        &req);
}

/* Alltoall: part j of rank r goes to rank j. In place the receive buffer
 * (2 parts, past 2 GiB) is also the send buffer. */
static void alltoall(int in_place, form f)
{
    int32_t *recv = ints(0, size * part), *send = in_place ? NULL : ints(1, size * part);
    for (int j = 0; j < size; j++)
        fill(part_at(in_place ? recv : send, j), part, value, rank, j);
    exchange(f, HMPI_Alltoall, HMPI_Alltoall_init, in_place ? MPI_IN_PLACE : send, recv);
    for (int j = 0; j < size; j++)
        expect(part_at(recv, j), part, value, j, rank);
}

/* Alltoallv in place, the parts in reverse order in the buffer. */
static void alltoallv_in_place(void)
{
    int32_t *recv = ints(0, size * part);
    int *counts = malloc(sizeof(int) * (size_t)size), *displs = malloc(sizeof(int) * (size_t)size);
    MPI_Datatype whole; /* one part: displacements count in parts */
    MPI_Type_contiguous((int)part, MPI_INT32_T, &whole);
    MPI_Type_commit(&whole);
    for (int j = 0; j < size; j++) {
        counts[j] = 1;
        displs[j] = size - 1 - j;
    }
    for (int j = 0; j < size; j++) /* part for rank j at slot size-1-j */
        fill(part_at(recv, size - 1 - j), part, value, rank, j);
    CHECK_MPI(HMPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, recv, counts, displs,
                             whole, MPI_COMM_WORLD));
    for (int j = 0; j < size; j++) /* part from rank j at slot size-1-j */
        expect(part_at(recv, size - 1 - j), part, value, j, rank);
    MPI_Type_free(&whole);
    free(counts);
    free(displs);
}

/* Allgather: every rank's part to every rank (receive buffer past 2 GiB). */
static void allgather(int in_place, form f)
{
    int32_t *recv = ints(0, size * part), *send = in_place ? NULL : ints(1, part);
    fill(in_place ? part_at(recv, rank) : send, part, value, rank, 0);
    exchange(f, HMPI_Allgather, HMPI_Allgather_init, in_place ? MPI_IN_PLACE : send, recv);
    for (int j = 0; j < size; j++)
        expect(part_at(recv, j), part, value, j, 0);
}

/* Allreduce (sum) of a vector past 2 GiB: element i of rank r is r + (i & 7). */
static void allreduce(int in_place, form f)
{
    long n = size * part;
    int32_t *recv = ints(0, n), *send = in_place ? NULL : ints(1, n);
    HMPI_Request req;
    fill(in_place ? recv : send, n, addend, rank, 0);
    const void *sb = in_place ? MPI_IN_PLACE : send;
    run(f,
        f == BLOCKING ? HMPI_Allreduce(sb, recv, (int)n, MPI_INT32_T, MPI_SUM, MPI_COMM_WORLD)
                      : HMPI_Allreduce_init(sb, recv, (int)n, MPI_INT32_T, MPI_SUM, MPI_COMM_WORLD,
                                            MPI_INFO_NULL, &req),
        &req);
    expect(recv, n, sum_of_addends, size, 0);
}

/* Reduce_scatter_block (sum): the input past 2 GiB, each rank's block a part. */
static void reduce_scatter_block(int in_place)
{
    int32_t *send = ints(0, size * part), *recv = in_place ? send : ints(1, part);
    for (int j = 0; j < size; j++)
        fill(part_at(send, j), part, value, rank, j);
    CHECK_MPI(HMPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : send, recv, (int)part,
                                        MPI_INT32_T, MPI_SUM, MPI_COMM_WORLD));
    expect(recv, part, sum_of_values, size, rank);
}

/* Bcast of a buffer past 2 GiB from the last rank. */
static void bcast(void)
{
    long n = size * part;
    int32_t *buf = ints(0, n);
    fill(buf, n, rank == size - 1 ? value : zero, rank, 1);
    CHECK_MPI(HMPI_Bcast(buf, (int)n, MPI_INT32_T, size - 1, MPI_COMM_WORLD));
    expect(buf, n, value, size - 1, 1);
}

static void alltoall_in_place(void)
{
    alltoall(1, BLOCKING);
}
static void alltoall_init_in_place(void)
{
    alltoall(1, PERSISTENT);
}
static void alltoall_blocking(void)
{
    alltoall(0, BLOCKING);
}
static void allgather_in_place(void)
{
    allgather(1, BLOCKING);
}
static void allgather_init(void)
{
    allgather(0, PERSISTENT);
}
static void allreduce_in_place(void)
{
    allreduce(1, BLOCKING);
}
static void allreduce_init(void)
{
    allreduce(0, PERSISTENT);
}
static void reduce_scatter_block_in_place(void)
{
    reduce_scatter_block(1);
}
static void reduce_scatter_block_blocking(void)
{
    reduce_scatter_block(0);
}

/* A forced algorithm: taken (linear, ring: any size) or, where it takes
 * at most INT_MAX bytes (bruck), the library's collective instead. */
static void forced(const char *setting, const char *alg, void (*call)(void))
{
    setenv(setting, alg, 1);
    call();
    unsetenv(setting);
}
static void alltoall_linear_in_place(void)
{
    forced("HMPI_ALLTOALL_ALGORITHM", "linear", alltoall_in_place);
}
static void alltoall_bruck(void)
{
    forced("HMPI_ALLTOALL_ALGORITHM", "bruck", alltoall_blocking);
}
static void alltoallv_linear_in_place(void)
{
    forced("HMPI_ALLTOALLV_ALGORITHM", "linear", alltoallv_in_place);
}
static void allgather_ring_in_place(void)
{
    forced("HMPI_ALLGATHER_ALGORITHM", "ring", allgather_in_place);
}

static const struct {
    const char *name;
    void (*run)(void);
} cases[] = {
    {"alltoall-in-place", alltoall_in_place},
    {"alltoall_init-in-place", alltoall_init_in_place},
    {"alltoall", alltoall_blocking},
    {"alltoall-linear-in-place", alltoall_linear_in_place},
    {"alltoall-bruck", alltoall_bruck},
    {"alltoallv-in-place", alltoallv_in_place},
    {"alltoallv-linear-in-place", alltoallv_linear_in_place},
    {"allgather-in-place", allgather_in_place},
    {"allgather_init", allgather_init},
    {"allgather-ring-in-place", allgather_ring_in_place},
    {"allreduce-in-place", allreduce_in_place},
    {"allreduce_init", allreduce_init},
    {"reduce_scatter_block-in-place", reduce_scatter_block_in_place},
    {"reduce_scatter_block", reduce_scatter_block_blocking},
    {"bcast", bcast},
};

/* Is case `name` among the program's arguments (none: every case)? */
static int wanted(const char *name, int argc, char **argv)
{
    for (int k = 2; k < argc; k++)
        if (strcmp(argv[k], name) == 0)
            return 1;
    return argc <= 2;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    part = (long)((argc > 1 ? atof(argv[1]) : 1.1e9) / sizeof(int32_t));
    CHECK(part <= 0x7fffffffL && (long)size * part <= 0x7fffffffL); /* every count an int */
    for (int k = 0; k < 2; k++)
        CHECK((big[k] = malloc(sizeof(int32_t) * (size_t)(size * part))) != NULL);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        if (wanted(cases[k].name, argc, argv)) {
            MPI_Barrier(MPI_COMM_WORLD);
            if (rank == 0 && getenv("HMPI_TEST_VERBOSE"))
                printf("test_big: %.1f s: %s\n", MPI_Wtime(), cases[k].name);
            cases[k].run();
        }
    free(big[0]);
    free(big[1]);
    test_done("big buffers");
    MPI_Finalize();
    return 0;
}

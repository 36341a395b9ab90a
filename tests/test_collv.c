/* The v and w collectives against the MPI library's own, byte for byte
 * (holes of derived datatypes included): Gatherv, Scatterv, Allgatherv,
 * Alltoallv, Alltoallw, Reduce_scatter x algorithm x datatype (int, vector
 * with holes) x root x in place x communicator (world, shuffled). Counts
 * vary by process and include zeros; blocks lie in reverse rank order with
 * gaps. Persistent requests run three times with new contents, and the
 * count arrays are overwritten after _init (hmpi reads them there); the
 * nonblocking and blocking forms run too. `test_collv long`: gatherv,
 * scatterv and alltoallv through the segment (shm) alone, with blocks
 * longer than its buffer (alltoallv: than a rank's area of it). */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

enum { GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV, ALLTOALLW, REDUCE_SCATTER, NCOLLS };
static const char *const names[NCOLLS] = {"gatherv",   "scatterv",  "allgatherv",
                                          "alltoallv", "alltoallw", "reduce_scatter"};
static const char *const algs[NCOLLS][5] = {
    {"auto", "native", "linear", "shm"},         {"auto", "native", "linear", "shm"},
    {"auto", "native", "ring", "linear", "shm"}, {"auto", "native", "linear", "pairwise", "shm"},
    {"auto", "native", "pairwise", NULL},        {"auto", "native", "binomial", NULL}};

static MPI_Datatype vec_type, quad_type;
static MPI_Op matmul_op;
static int cases;

/* 2x2 matrix product modulo a prime: associative, not commutative. */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *a = in, *b = inout;
    (void)type;
    for (int i = 0; i < *len; i++, a += 4, b += 4) {
        long long p = 65521;
        int r0 = (int)((a[0] * (long long)b[0] + a[1] * (long long)b[2]) % p);
        int r1 = (int)((a[0] * (long long)b[1] + a[1] * (long long)b[3]) % p);
        int r2 = (int)((a[2] * (long long)b[0] + a[3] * (long long)b[2]) % p);
        int r3 = (int)((a[2] * (long long)b[1] + a[3] * (long long)b[3]) % p);
        b[0] = r0, b[1] = r1, b[2] = r2, b[3] = r3;
    }
}

static MPI_Aint extent(MPI_Datatype t)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(t, &lb, &ext);
    return ext;
}

/* One side of a case: per-process counts, displacements (reverse order,
 * one element of gap) and, for alltoallw, types and byte displacements. */
struct layout {
    int counts[64], displs[64];
    MPI_Datatype types[64];
    size_t bytes;
};

static void lay_out(struct layout *l, int size, int w, MPI_Datatype type, int (*count)(int, int),
                    int me, int as_sender)
{
    MPI_Aint at = 0;
    for (int i = size - 1; i >= 0; i--) {
        l->counts[i] = as_sender ? count(me, i) : count(i, me);
        l->types[i] = w && (i + me) % 2 ? vec_type : type; /* one per pair */
        l->displs[i] = w ? (int)at : (int)(at / extent(type));
        at += (l->counts[i] + 1) * extent(l->types[i]);
    }
    l->bytes = (size_t)at + 64;
}

/* Wrecks the count arrays: hmpi must have read them at _init. */
static void wreck(struct layout *l, int size)
{
    for (int i = 0; i < size; i++)
        l->counts[i] = -7, l->displs[i] = 1 << 30;
}

static void fill(char *a, char *b, size_t bytes, int rank, int run)
{
    int *x = (int *)a, *y = (int *)b;
    for (size_t i = 0; i < bytes / sizeof(int); i++)
        x[i] = y[i] = (int)((rank * 131 + run * 17 + (int)i * 7) % 1000 + 1);
}

struct vcase {
    int coll, root, in_place;
    const char *alg;
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
};

/* `long` (argument): every third rank's block, and the last rank's (a
 * root), is of 3000 elements, longer than a segment's buffer of 2 KiB
 * (HMPI_SHM_SLOT_BYTES=8192, four buffers). */
static int long_blocks, last_rank;

/* Gatherv, allgatherv: what the sender contributes; scatterv: what the
 * receiver gets; reduce_scatter: the part of rank `from` (0 on rank 0, 3, ...). */
static int own_count(int from, int to)
{
    (void)to;
    return long_blocks && (from % 3 == 2 || from == last_rank) ? 3000 : from % 3 + 1;
}

static int to_count(int from, int to)
{
    return own_count(to, from);
}

static int part_count(int from, int to)
{
    (void)to;
    return from % 3;
}

/* Alltoall: elements rank `from` sends rank `to` (0 to 3; `long`: 3000
 * where from + 2 to is 2 mod 3, one way of a pair only, and the last
 * rank's own block). */
static int count_of(int from, int to)
{
    int longer = (from + 2 * to) % 3 == 2 || (from == to && to == last_rank);
    return long_blocks && longer ? 3000 : (from + 2 * to) % 4;
}

/* In place, an alltoall's counts must be symmetric (`long`: 3000 where
 * from + to is 1 mod 3, both ways of a pair, some rank's own). */
static int symmetric_count(int from, int to)
{
    return long_blocks && (from + to) % 3 == 1 ? 3000 : (from + to) % 4;
}

/* Run one form of the case: 0 persistent (init only), 1 nonblocking, 2
 * blocking; the reference with mine == NULL. */
static int call(const struct vcase *k, int form, struct layout *s, struct layout *r, char *sbuf,
                char *rbuf, MPI_Info info, HMPI_Request *req, int reference)
{
    int rank, size;
    MPI_Comm_rank(k->comm, &rank);
    MPI_Comm_size(k->comm, &size);
    const void *sb = sbuf;
    void *rb = rbuf;
    int root = rank == k->root, c1 = own_count(rank, 0);
    MPI_Datatype t = k->type;
    if (k->in_place) {
        if (k->coll == SCATTERV)
            rb = root ? MPI_IN_PLACE : rb;
        else if (k->coll != GATHERV || root)
            sb = MPI_IN_PLACE;
    }
    switch (k->coll) {
    case GATHERV:
        return reference   ? MPI_Gatherv(sb, c1, t, rb, r->counts, r->displs, t, k->root, k->comm)
               : form == 0 ? HMPI_Gatherv_init(sb, c1, t, rb, r->counts, r->displs, t, k->root,
                                               k->comm, info, req)
               : form == 1
                   ? HMPI_Igatherv(sb, c1, t, rb, r->counts, r->displs, t, k->root, k->comm, req)
                   : HMPI_Gatherv(sb, c1, t, rb, r->counts, r->displs, t, k->root, k->comm);
    case SCATTERV:
        return reference   ? MPI_Scatterv(sb, s->counts, s->displs, t, rb, c1, t, k->root, k->comm)
               : form == 0 ? HMPI_Scatterv_init(sb, s->counts, s->displs, t, rb, c1, t, k->root,
                                                k->comm, info, req)
               : form == 1
                   ? HMPI_Iscatterv(sb, s->counts, s->displs, t, rb, c1, t, k->root, k->comm, req)
                   : HMPI_Scatterv(sb, s->counts, s->displs, t, rb, c1, t, k->root, k->comm);
    case ALLGATHERV:
        return reference   ? MPI_Allgatherv(sb, c1, t, rb, r->counts, r->displs, t, k->comm)
               : form == 0 ? HMPI_Allgatherv_init(sb, c1, t, rb, r->counts, r->displs, t, k->comm,
                                                  info, req)
               : form == 1 ? HMPI_Iallgatherv(sb, c1, t, rb, r->counts, r->displs, t, k->comm, req)
                           : HMPI_Allgatherv(sb, c1, t, rb, r->counts, r->displs, t, k->comm);
    case ALLTOALLV:
        return reference   ? MPI_Alltoallv(sb, s->counts, s->displs, t, rb, r->counts, r->displs, t,
                                           k->comm)
               : form == 0 ? HMPI_Alltoallv_init(sb, s->counts, s->displs, t, rb, r->counts,
                                                 r->displs, t, k->comm, info, req)
               : form == 1 ? HMPI_Ialltoallv(sb, s->counts, s->displs, t, rb, r->counts, r->displs,
                                             t, k->comm, req)
                           : HMPI_Alltoallv(sb, s->counts, s->displs, t, rb, r->counts, r->displs,
                                            t, k->comm);
    case ALLTOALLW:
        return reference   ? MPI_Alltoallw(sb, s->counts, s->displs, s->types, rb, r->counts,
                                           r->displs, r->types, k->comm)
               : form == 0 ? HMPI_Alltoallw_init(sb, s->counts, s->displs, s->types, rb, r->counts,
                                                 r->displs, r->types, k->comm, info, req)
               : form == 1 ? HMPI_Ialltoallw(sb, s->counts, s->displs, s->types, rb, r->counts,
                                             r->displs, r->types, k->comm, req)
                           : HMPI_Alltoallw(sb, s->counts, s->displs, s->types, rb, r->counts,
                                            r->displs, r->types, k->comm);
    default:
        return reference ? MPI_Reduce_scatter(sb, rb, r->counts, t, k->op, k->comm)
               : form == 0
                   ? HMPI_Reduce_scatter_init(sb, rb, r->counts, t, k->op, k->comm, info, req)
               : form == 1 ? HMPI_Ireduce_scatter(sb, rb, r->counts, t, k->op, k->comm, req)
                           : HMPI_Reduce_scatter(sb, rb, r->counts, t, k->op, k->comm);
    }
}

/* The layouts of a case on this process. */
static void layouts(const struct vcase *k, int rank, int size, struct layout *s, struct layout *r)
{
    int w = k->coll == ALLTOALLW, a2a = k->coll == ALLTOALLV || w;
    int (*count)(int, int) = a2a && k->in_place          ? symmetric_count
                             : a2a                       ? count_of
                             : k->coll == REDUCE_SCATTER ? part_count
                             : k->coll == SCATTERV       ? to_count
                                                         : own_count;
    lay_out(s, size, w, k->type, count, rank, 1);
    lay_out(r, size, w, k->type, count, rank, 0);
    if (k->coll == REDUCE_SCATTER) { /* the whole vector on the send side, r's counts */
        size_t total = 0;
        for (int i = 0; i < size; i++)
            total += (size_t)part_count(i, 0);
        s->bytes = r->bytes = total * (size_t)extent(k->type) + 64;
    }
}

static void run_case(const struct vcase *k)
{
    int rank, size;
    MPI_Comm_rank(k->comm, &rank);
    MPI_Comm_size(k->comm, &size);
    struct layout s, r, hs, hr; /* the reference's arrays; hmpi's (wrecked after _init) */
    last_rank = size - 1;
    layouts(k, rank, size, &s, &r);
    size_t sbytes = s.bytes, rbytes = r.bytes;
    if (k->in_place && k->coll != SCATTERV && k->coll != GATHERV)
        sbytes = rbytes = sbytes > rbytes ? sbytes : rbytes;
    char *sm = malloc(sbytes), *sr = malloc(sbytes), *rm = malloc(rbytes), *rr = malloc(rbytes);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", k->alg);
    if (getenv("HMPI_TEST_TRACE")) /* which case, before it runs */
        fprintf(stderr, "[rank %d] %s alg=%s type=%s root=%d in_place=%d\n", rank, names[k->coll],
                k->alg, k->type == MPI_INT ? "int" : "derived", k->root, k->in_place);
    for (int form = 0; form < 3; form++) {
        HMPI_Request req = HMPI_REQUEST_NULL;
        int runs = form == 0 ? 3 : 1;
        hs = s, hr = r;
        if (form == 0) {
            CHECK_MPI(call(k, 0, &hs, &hr, sm, rm, info, &req, 0));
            wreck(&hs, size), wreck(&hr, size);
        }
        for (int run = 0; run < runs; run++) {
            fill(sm, sr, sbytes, rank, run + 5 * form);
            fill(rm, rr, rbytes, rank + 1000, run + 5 * form);
            if (k->in_place && k->coll != SCATTERV && k->coll != GATHERV)
                fill(rm, rr, rbytes, rank, run + 5 * form); /* the input lives there */
            if (form == 0) {
                CHECK_MPI(HMPI_Start(&req));
                CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            } else {
                CHECK_MPI(call(k, form, &hs, &hr, sm, rm, info, &req, 0));
                if (form == 1)
                    CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            }
            CHECK_MPI(call(k, form, &s, &r, sr, rr, info, &req, 1));
            /* in place, reduce_scatter defines only the part (MPI may use the rest) */
            size_t cmp = k->in_place && k->coll == REDUCE_SCATTER
                             ? (size_t)part_count(rank, 0) * (size_t)extent(k->type)
                             : rbytes;
            if (memcmp(rm, rr, cmp) != 0) {
                size_t i = 0;
                while (rm[i] == rr[i])
                    i++;
                fprintf(stderr,
                        "[rank %d] %s alg=%s form=%d root=%d in_place=%d run=%d: byte %zu\n", rank,
                        names[k->coll], k->alg, form, k->root, k->in_place, run, i);
            }
            CHECK(memcmp(rm, rr, cmp) == 0);
        }
        if (form == 0)
            CHECK_MPI(HMPI_Request_free(&req));
    }
    MPI_Info_free(&info);
    free(sm), free(sr), free(rm), free(rr);
    cases++;
}

/* The cases of collective `only` (every one: -1) on comm. */
static void run_all(MPI_Comm comm, int only)
{
    int size, shared = test_one_node(comm);
    MPI_Comm_size(comm, &size);
    for (int coll = 0; coll < NCOLLS; coll++)
        for (int ai = 0; ai < 5 && algs[coll][ai] && (only < 0 || coll == only); ai++) {
            if (long_blocks && strcmp(algs[coll][ai], "shm") != 0)
                continue; /* (long blocks: what the segment's rows do with them) */
            for (int ti = 0; ti < 2 && (shared || strcmp(algs[coll][ai], "shm") != 0); ti++)
                for (int root = 0; root < (coll <= SCATTERV ? 2 : 1); root++)
                    for (int ip = 0; ip < 2; ip++) {
                        struct vcase k = {
                            coll, root ? size - 1 : 0, ip, algs[coll][ai], MPI_INT, MPI_SUM, comm};
                        if (coll == REDUCE_SCATTER && ti == 1)
                            k.type = quad_type, k.op = matmul_op; /* non-commutative */
                        else if (ti == 1)
                            k.type = vec_type;
                        run_case(&k);
                    }
        }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size <= 64);
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec_type);
    MPI_Type_commit(&vec_type);
    MPI_Type_contiguous(4, MPI_INT, &quad_type);
    MPI_Type_commit(&quad_type);
    MPI_Op_create(matmul, 0, &matmul_op);
    MPI_Comm shuffled;
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
    long_blocks = argc > 1 && strcmp(argv[1], "long") == 0;
    const int long_colls[] = {GATHERV, SCATTERV, ALLTOALLV};
    for (int i = 0; i < (long_blocks ? 3 : 1); i++) {
        int only = long_blocks ? long_colls[i] : -1; /* (-1: every collective) */
        run_all(MPI_COMM_WORLD, only);
        run_all(shuffled, only);
    }
    if (!test_one_node(MPI_COMM_WORLD)) { /* the shm v forms on each node, of its own size */
        MPI_Comm node;
        CHECK_MPI(HMPI_Comm_split_type(shuffled, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
        run_all(node, GATHERV);
        run_all(node, SCATTERV);
        run_all(node, ALLGATHERV);
        run_all(node, ALLTOALLV);
        MPI_Comm_free(&node);
    }
    MPI_Comm_free(&shuffled);
    MPI_Type_free(&vec_type);
    MPI_Type_free(&quad_type);
    MPI_Op_free(&matmul_op);
    if (rank == 0)
        printf("test_collv: %d cases, %d checks passed on %d ranks\n", cases, test_checks, size);
    MPI_Finalize();
    return 0;
}

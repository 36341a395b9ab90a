/* One collective case against the MPI library's own, byte for byte (holes of
 * derived datatypes included): the persistent form started three times with
 * new contents (once progressed by HMPI_Test), then the nonblocking and the
 * blocking forms. Shared by test_coll (exhaustive) and test_stress (random). */
#ifndef HMPI_TESTS_COLLCASE_H
#define HMPI_TESTS_COLLCASE_H

#include "testutil.h"

#include <stdint.h>

enum {
    BARRIER,
    BCAST,
    REDUCE,
    ALLREDUCE,
    GATHER,
    SCATTER,
    ALLGATHER,
    ALLTOALL,
    RSB,
    SCAN,
    EXSCAN,
    NCOLL
};
static const char *const coll_name[NCOLL] = {"barrier",   "bcast",    "reduce",
                                             "allreduce", "gather",   "scatter",
                                             "allgather", "alltoall", "reduce_scatter_block",
                                             "scan",      "exscan"};
/* "algorithm/levels" also sets the info key hmpi_levels, "algorithm*N"
 * hmpi_lanes ("twotree*N": hmpi_bcast_trees) */
#define NALG 13
static const char *const algs[NCOLL][NALG] = {
    {"auto", "native", "dissemination", "hierarchical", "hierarchical/Machine", NULL},
    {"auto", "native", "binomial", "linear", "hierarchical", "hierarchical/Machine,Core",
     "multilane", "multilane*3", "multilane*1", "twotree", "twotree*3", "twotree*8", "logp"},
    {"auto", "native", "binomial", "hierarchical", "hierarchical/Switch,NUMANode", "multilane",
     "multilane*2", "multilane*1", "logp"},
    {"auto", "native", "recursive_doubling", "hierarchical", "ring", "hierarchical/Machine",
     "multilane", "multilane*4", "multilane*1", "multiport"},
    {"auto", "native", "linear", "hierarchical", "hierarchical/numa", "binomial", NULL},
    {"auto", "native", "linear", "hierarchical", "hierarchical/Machine", "binomial", NULL},
    {"auto", "native", "ring", "linear", "hierarchical", "hierarchical/L2Cache", "leaders",
     "multiport", "bruck"},
    {"auto", "native", "pairwise", "linear", "hierarchical", "hierarchical/NUMANode,L2Cache",
     "hierarchical*1", "hierarchical*3", "bruck"},
    {"auto", "native", "binomial", "hierarchical", "hierarchical/Machine", "halving", NULL},
    {"auto", "native", "recursive_doubling", "linear", NULL},
    {"auto", "native", "recursive_doubling", "linear", NULL},
};

/* Algorithms that refuse non-commutative ops. */
static inline int commutative_only(const char *alg, int coll)
{
    return strncmp(alg, "hierarchical", 12) == 0 || (coll == ALLREDUCE && !strcmp(alg, "ring")) ||
           strncmp(alg, "multilane", 9) == 0 || !strcmp(alg, "halving") || !strcmp(alg, "logp") ||
           (coll == ALLREDUCE && !strcmp(alg, "multiport"));
}

/* ints with holes; 4 contiguous ints; 2 ints stored in reverse order (fills
 * its extent, yet is not contiguous) */
static MPI_Datatype vec_type, quad_type, swap_type;
static int collcase_keep_going; /* count mismatches instead of aborting */
static long collcase_mismatches;

static const char *type_name(MPI_Datatype t)
{
    return t == MPI_INT ? "int" : t == vec_type ? "vector" : t == quad_type ? "quad" : "swapped";
}
static MPI_Op matmul_op;

/* 2x2 matrix product modulo a prime on quad elements: associative, not commutative. */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *a = in, *b = inout;
    (void)type;
    for (int i = 0; i < *len; i++, a += 4, b += 4) {
        int64_t p = 65521;
        int r0 = (int)(((int64_t)a[0] * b[0] + (int64_t)a[1] * b[2]) % p);
        int r1 = (int)(((int64_t)a[0] * b[1] + (int64_t)a[1] * b[3]) % p);
        int r2 = (int)(((int64_t)a[2] * b[0] + (int64_t)a[3] * b[2]) % p);
        int r3 = (int)(((int64_t)a[2] * b[1] + (int64_t)a[3] * b[3]) % p);
        b[0] = r0, b[1] = r1, b[2] = r2, b[3] = r3;
    }
}

struct side {
    char *mine, *ref; /* the same initial bytes; hmpi writes mine, MPI writes ref */
    size_t bytes;
};

static void alloc_side(struct side *s, size_t bytes)
{
    s->bytes = bytes + 64;
    s->mine = malloc(s->bytes);
    s->ref = malloc(s->bytes);
}

/* Fill with values that depend on rank, run and position; holes get a sentinel too. */
static void fill(struct side *s, int rank, int run)
{
    int *m = (int *)s->mine, *r = (int *)s->ref;
    for (size_t i = 0; i < s->bytes / sizeof(int); i++)
        m[i] = r[i] = (int)((rank * 131 + run * 17 + (int)i * 7) % 1000 + 1);
}

struct caseinfo {
    int coll, count, root, run;
    MPI_Datatype type;
    MPI_Op op;
    const char *alg;
    MPI_Comm comm;
    int in_place;
};

/* The buffers a case passes, MPI_IN_PLACE where it asks and MPI allows. */
static void buffers(const struct caseinfo *k, int rank, void *send, void *recv, void **sb,
                    void **rb)
{
    *sb = send;
    *rb = recv;
    if (!k->in_place)
        return;
    if (k->coll == SCATTER) {
        if (rank == k->root)
            *rb = MPI_IN_PLACE;
        return;
    }
    int root_only = k->coll == REDUCE || k->coll == GATHER;
    if (!root_only || rank == k->root)
        *sb = MPI_IN_PLACE;
}

static int start_ours(const struct caseinfo *k, struct side *snd, struct side *rcv, int form,
                      HMPI_Request *req)
{
    int rank;
    MPI_Comm_rank(k->comm, &rank);
    MPI_Info info;
    char alg[64];
    snprintf(alg, sizeof alg, "%s", k->alg);
    char *levels = strchr(alg, '/'), *lanes = strchr(alg, '*');
    if (levels)
        *levels++ = '\0';
    if (lanes)
        *lanes++ = '\0';
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", alg);
    if (levels)
        MPI_Info_set(info, "hmpi_levels", levels);
    if (lanes)
        MPI_Info_set(info, strcmp(alg, "twotree") == 0 ? "hmpi_bcast_trees" : "hmpi_lanes", lanes);
    void *sb, *rb;
    buffers(k, rank, snd->mine, rcv->mine, &sb, &rb);
    int c = k->count, root = k->root;
    MPI_Datatype t = k->type;
    int rc = MPI_SUCCESS;
#define FORM(init, nb, bl, ...)                                                                    \
    (form == 0 ? init(__VA_ARGS__, info, req) : form == 1 ? nb(__VA_ARGS__, req) : bl(__VA_ARGS__))
    switch (k->coll) {
    case BARRIER:
        rc = form == 0   ? HMPI_Barrier_init(k->comm, info, req)
             : form == 1 ? HMPI_Ibarrier(k->comm, req)
                         : HMPI_Barrier(k->comm);
        break;
    case BCAST:
        rc = FORM(HMPI_Bcast_init, HMPI_Ibcast, HMPI_Bcast, rb, c, t, root, k->comm);
        break;
    case REDUCE:
        rc = FORM(HMPI_Reduce_init, HMPI_Ireduce, HMPI_Reduce, sb, rb, c, t, k->op, root, k->comm);
        break;
    case ALLREDUCE:
        rc = FORM(HMPI_Allreduce_init, HMPI_Iallreduce, HMPI_Allreduce, sb, rb, c, t, k->op,
                  k->comm);
        break;
    case GATHER:
        rc = FORM(HMPI_Gather_init, HMPI_Igather, HMPI_Gather, sb, c, t, rb, c, t, root, k->comm);
        break;
    case SCATTER:
        rc =
            FORM(HMPI_Scatter_init, HMPI_Iscatter, HMPI_Scatter, sb, c, t, rb, c, t, root, k->comm);
        break;
    case ALLGATHER:
        rc =
            FORM(HMPI_Allgather_init, HMPI_Iallgather, HMPI_Allgather, sb, c, t, rb, c, t, k->comm);
        break;
    case ALLTOALL:
        rc = FORM(HMPI_Alltoall_init, HMPI_Ialltoall, HMPI_Alltoall, sb, c, t, rb, c, t, k->comm);
        break;
    case RSB:
        rc = FORM(HMPI_Reduce_scatter_block_init, HMPI_Ireduce_scatter_block,
                  HMPI_Reduce_scatter_block, sb, rb, c, t, k->op, k->comm);
        break;
    case SCAN:
        rc = FORM(HMPI_Scan_init, HMPI_Iscan, HMPI_Scan, sb, rb, c, t, k->op, k->comm);
        break;
    case EXSCAN:
        rc = FORM(HMPI_Exscan_init, HMPI_Iexscan, HMPI_Exscan, sb, rb, c, t, k->op, k->comm);
        break;
    }
    MPI_Info_free(&info);
    return rc;
}

static void run_reference(const struct caseinfo *k, struct side *snd, struct side *rcv)
{
    int rank;
    MPI_Comm_rank(k->comm, &rank);
    void *sb, *rb;
    buffers(k, rank, snd->ref, rcv->ref, &sb, &rb);
    int c = k->count, root = k->root;
    MPI_Datatype t = k->type;
    switch (k->coll) {
    case BARRIER:
        MPI_Barrier(k->comm);
        break;
    case BCAST:
        MPI_Bcast(rb, c, t, root, k->comm);
        break;
    case REDUCE:
        if (sb == MPI_IN_PLACE) { /* MPICH 4.0.2 crashes in place at a root != 0 from ~1000
                                   * ints on: reduce from a copy, which MPI defines alike */
            void *copy = malloc(rcv->bytes);
            memcpy(copy, rb, rcv->bytes);
            MPI_Reduce(copy, rb, c, t, k->op, root, k->comm);
            free(copy);
            break;
        }
        MPI_Reduce(sb, rb, c, t, k->op, root, k->comm);
        break;
    case ALLREDUCE:
        MPI_Allreduce(sb, rb, c, t, k->op, k->comm);
        break;
    case GATHER:
        MPI_Gather(sb, c, t, rb, c, t, root, k->comm);
        break;
    case SCATTER:
        MPI_Scatter(sb, c, t, rb, c, t, root, k->comm);
        break;
    case ALLGATHER:
        MPI_Allgather(sb, c, t, rb, c, t, k->comm);
        break;
    case ALLTOALL:
        MPI_Alltoall(sb, c, t, rb, c, t, k->comm);
        break;
    case RSB:
        MPI_Reduce_scatter_block(sb, rb, c, t, k->op, k->comm);
        if (sb == MPI_IN_PLACE) { /* past the result, undefined: MPICH uses it as scratch */
            MPI_Aint lb, extent;
            MPI_Type_get_extent(t, &lb, &extent);
            size_t block = (size_t)extent * (size_t)c;
            memcpy(rcv->ref + block, rcv->mine + block, rcv->bytes - block);
        }
        break;
    case SCAN:
        MPI_Scan(sb, rb, c, t, k->op, k->comm);
        break;
    case EXSCAN:
        MPI_Exscan(sb, rb, c, t, k->op, k->comm);
        if (rank == 0) /* undefined there (hmpi leaves it alone) */
            memcpy(rcv->ref, rcv->mine, rcv->bytes);
        break;
    }
}

static void compare(const struct caseinfo *k, const struct side *rcv, const char *form)
{
    if (memcmp(rcv->mine, rcv->ref, rcv->bytes) != 0) {
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        size_t i = 0;
        while (rcv->mine[i] == rcv->ref[i])
            i++;
        fprintf(stderr,
                "[rank %d] %s %s alg=%s count=%d type=%s root=%d in_place=%d run=%d: byte %zu "
                "differs\n",
                rank, form, coll_name[k->coll], k->alg, k->count, type_name(k->type), k->root,
                k->in_place, k->run, i);
        collcase_mismatches++;
    }
    if (!collcase_keep_going)
        CHECK(memcmp(rcv->mine, rcv->ref, rcv->bytes) == 0);
}

static void run_case(struct caseinfo *k)
{
    int size, rank;
    MPI_Aint lb, extent;
    MPI_Comm_size(k->comm, &size);
    MPI_Comm_rank(k->comm, &rank);
    MPI_Type_get_extent(k->type, &lb, &extent);
    size_t block = (size_t)extent * (size_t)k->count;
    struct side snd, rcv;
    alloc_side(&snd, block * (size_t)size);
    alloc_side(&rcv, block * (size_t)size);
    /* persistent: init once, three runs with new contents */
    HMPI_Request req = HMPI_REQUEST_NULL;
    CHECK_MPI(start_ours(k, &snd, &rcv, 0, &req));
    for (k->run = 0; k->run < 3; k->run++) {
        fill(&snd, rank, k->run);
        fill(&rcv, rank + 1000, k->run);
        CHECK_MPI(HMPI_Start(&req));
        if (k->run == 1) { /* progress through HMPI_Test */
            int flag = 0, rc = MPI_SUCCESS;
            while (!flag && rc == MPI_SUCCESS)
                rc = HMPI_Test(&req, &flag, MPI_STATUS_IGNORE);
            CHECK_MPI(rc);
        } else {
            CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        }
        run_reference(k, &snd, &rcv);
        compare(k, &rcv, "persistent");
    }
    CHECK_MPI(HMPI_Request_free(&req));
    CHECK(req == HMPI_REQUEST_NULL);
    for (int form = 1; form <= 2; form++) { /* nonblocking, blocking */
        fill(&snd, rank, 7 + form);
        fill(&rcv, rank + 1000, 7 + form);
        HMPI_Request nb = HMPI_REQUEST_NULL;
        CHECK_MPI(start_ours(k, &snd, &rcv, form, &nb));
        if (form == 1) {
            CHECK(nb != HMPI_REQUEST_NULL);
            CHECK_MPI(HMPI_Wait(&nb, MPI_STATUS_IGNORE));
            CHECK(nb == HMPI_REQUEST_NULL);
        }
        run_reference(k, &snd, &rcv);
        compare(k, &rcv, form == 1 ? "nonblocking" : "blocking");
    }
    free(snd.mine);
    free(snd.ref);
    free(rcv.mine);
    free(rcv.ref);
}

static inline int is_reduction(int coll)
{
    return coll == REDUCE || coll == ALLREDUCE || coll == RSB || coll == SCAN || coll == EXSCAN;
}

static inline int is_rooted(int coll)
{
    return coll == BCAST || coll == REDUCE || coll == GATHER || coll == SCATTER;
}

static inline int has_in_place(int coll)
{
    return coll != BARRIER && coll != BCAST;
}

/* Where a case stands in the matrix the exhaustive tests walk: indices of
 * its count, datatype, root and op, and in place or not. */
struct casepos {
    int ci, ti, ri, oi, ip;
};

/* Every case of coll on comm with algorithm alg that MPI allows (a barrier
 * moves nothing; reductions of ints with the predefined ops, of quads with
 * the user op) and `wanted` keeps: counts 0, 1, 5, 300, 20000 (80 KB:
 * large-message algorithms) x int, vector with holes, quad, swapped x roots
 * 0, last, middle x sum, max, a non-commutative op x in place or not. How
 * many ran. */
static inline int collcase_run_matrix(int coll, MPI_Comm comm, const char *alg,
                                      int (*wanted)(int coll, const char *alg,
                                                    const struct casepos *p))
{
    static const int counts[] = {0, 1, 5, 300, 20000};
    MPI_Datatype types[] = {MPI_INT, vec_type, quad_type, swap_type};
    MPI_Op ops[] = {MPI_SUM, MPI_MAX, matmul_op};
    int size, ran = 0;
    MPI_Comm_size(comm, &size);
    int roots[] = {0, size - 1, size / 2};
    for (int ci = 0; ci < 5; ci++)
        for (int ti = 0; ti < 4; ti++)
            for (int ri = 0; ri < (is_rooted(coll) ? 3 : 1); ri++)
                for (int oi = 0; oi < (is_reduction(coll) ? 3 : 1); oi++)
                    for (int ip = 0; ip < (has_in_place(coll) ? 2 : 1); ip++) {
                        struct casepos p = {ci, ti, ri, oi, ip};
                        if (coll == BARRIER && (ci || ti))
                            continue;
                        /* MPI libraries refuse predefined ops on derived types */
                        if (is_reduction(coll) && (ti == 1 || ti == 3 || (oi == 2) != (ti == 2)))
                            continue;
                        if (!wanted(coll, alg, &p))
                            continue;
                        struct caseinfo k = {coll,    counts[ci], roots[ri], 0, types[ti],
                                             ops[oi], alg,        comm,      ip};
                        run_case(&k);
                        ran++;
                    }
    return ran;
}

/* The datatypes and the non-commutative op of the cases. */
static void collcase_init(void)
{
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec_type); /* x . x . x : holes between */
    MPI_Type_commit(&vec_type);
    MPI_Type_contiguous(4, MPI_INT, &quad_type);
    MPI_Type_commit(&quad_type);
    int swapped[] = {1, 0};
    MPI_Type_create_indexed_block(2, 1, swapped, MPI_INT, &swap_type);
    MPI_Type_commit(&swap_type);
    MPI_Op_create(matmul, 0, &matmul_op);
}

static void collcase_finalize(void)
{
    MPI_Type_free(&vec_type);
    MPI_Type_free(&quad_type);
    MPI_Type_free(&swap_type);
    MPI_Op_free(&matmul_op);
}

#endif

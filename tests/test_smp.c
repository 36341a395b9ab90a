/* SMP-aware topology functions: relate, map + permute, graph and Cartesian
 * creation with reordering (exact graphs, multigraph weights, pinned and
 * excluded processes, crossing weights never worse than the identity and
 * close to optimal on the 4-node cluster), and their errors.
 *
 *   test_smp [nodes]   nodes: processes per node of the virtual cluster, to
 *                      know the optimum (0: skip the optimality checks) */
#include "testutil.h"

#include <stdint.h>

static int rank, size, per_node;

static uint32_t rng = 777;
static int rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 8) % (uint32_t)n);
}

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void relate(void)
{
    MPI_Comm dup, rev, sub, subrev, odd;
    int r;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2 ? MPI_UNDEFINED : 0, rank, &sub);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2 ? MPI_UNDEFINED : 0, size - rank, &subrev);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &odd);
    CHECK_MPI(HMPI_Comm_relate(MPI_COMM_WORLD, MPI_COMM_WORLD, &r));
    CHECK_INT(r, MPI_IDENT);
    CHECK_MPI(HMPI_Comm_relate(MPI_COMM_WORLD, dup, &r));
    CHECK_INT(r, MPI_CONGRUENT);
    CHECK_MPI(HMPI_Comm_relate(MPI_COMM_WORLD, rev, &r));
    CHECK_INT(r, size > 1 ? MPI_SIMILAR : MPI_CONGRUENT);
    if (sub != MPI_COMM_NULL && size > 1) {
        CHECK_MPI(HMPI_Comm_relate(MPI_COMM_WORLD, sub, &r));
        CHECK_INT(r, HMPI_SUPERCOMM_STRICT);
        CHECK_MPI(HMPI_Comm_relate(sub, MPI_COMM_WORLD, &r));
        CHECK_INT(r, HMPI_SUBCOMM_STRICT);
        CHECK_MPI(HMPI_Comm_relate(subrev, rev, &r));
        CHECK_INT(r, HMPI_SUBCOMM_STRICT); /* both reversed: same relative order */
        CHECK_MPI(HMPI_Comm_relate(subrev, MPI_COMM_WORLD, &r));
        CHECK_INT(r, size > 2 ? HMPI_SUBCOMM : HMPI_SUBCOMM_STRICT);
        CHECK_MPI(HMPI_Comm_relate(MPI_COMM_WORLD, subrev, &r));
        CHECK_INT(r, size > 2 ? HMPI_SUPERCOMM : HMPI_SUPERCOMM_STRICT);
    }
    if (size >= 4) { /* a parity class against a half: they overlap, neither contains */
        MPI_Comm half;
        MPI_Comm_split(MPI_COMM_WORLD, rank < size / 2, rank, &half);
        CHECK_MPI(HMPI_Comm_relate(odd, half, &r));
        CHECK_INT(r, MPI_UNEQUAL);
        MPI_Comm_free(&half);
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&rev);
    MPI_Comm_free(&odd);
    if (sub != MPI_COMM_NULL) {
        MPI_Comm_free(&sub);
        MPI_Comm_free(&subrev);
    }
}

/* torank / fromrank against their definitions, then the data moves. */
static void map_and_permute(void)
{
    /* a sub-communicator of every third process left out, in reverse order */
    MPI_Comm sub;
    int in = rank % 3 != 1;
    MPI_Comm_split(MPI_COMM_WORLD, in ? 0 : MPI_UNDEFINED, size - rank, &sub);
    int subrank = -1, subsize = 0, to, from;
    if (sub != MPI_COMM_NULL) {
        MPI_Comm_rank(sub, &subrank);
        MPI_Comm_size(sub, &subsize);
    }
    int *subranks = malloc(sizeof(int) * (size_t)size);
    MPI_Allgather(&subrank, 1, MPI_INT, subranks, 1, MPI_INT, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &subsize, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    CHECK_MPI(HMPI_Comm_map(MPI_COMM_WORLD, sub, &to, &from));
    int expect_to = MPI_PROC_NULL;
    for (int b = 0; b < size; b++)
        if (subranks[b] == rank)
            expect_to = b;
    CHECK_INT(to, rank < subsize ? expect_to : MPI_PROC_NULL);
    CHECK_INT(from, in ? subrank : MPI_PROC_NULL);
    /* redistribute: base rank i's data lands on sub rank i */
    int data = 1000 + rank, got = -1;
    CHECK_MPI(HMPI_Permute(&data, 1, MPI_INT, to, &got, 1, MPI_INT, from, MPI_COMM_WORLD));
    CHECK_INT(got, in ? 1000 + subrank : -1);
    free(subranks);
    if (sub != MPI_COMM_NULL)
        MPI_Comm_free(&sub);
}

/* Crossing weights of comm's topology (levels 1..n). */
static int crossing(MPI_Comm comm, long *cross)
{
    int n = 0;
    CHECK_MPI(HMPI_Topo_crossing(comm, 16, cross, &n));
    return n;
}

static int sorted_cmp(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* Graph_create from local lists: the MPI graph is the symmetrised
 * multigraph over identity positions; pinned stay; excluded get NULL. */
static void graph_exact(void)
{
    int *pos = malloc(sizeof(int) * (size_t)size), n = 0;
    int excluded = size > 3 && rank == size - 2, pinned = rank % 4 == 0;
    for (int b = 0; b < size; b++)
        pos[b] = size > 3 && b == size - 2 ? -1 : n++;
    /* b lists b+1 twice and b+3 once (skipping the excluded one) */
    int nb[3], d = 0;
    int next = (rank + 1) % size, far = (rank + 3) % size;
    if (pos[next] >= 0 && next != rank)
        nb[d++] = next, nb[d++] = next;
    if (pos[far] >= 0 && far != rank)
        nb[d++] = far;
    MPI_Comm g;
    CHECK_MPI(HMPI_Graph_create(MPI_COMM_WORLD, excluded ? -1 : d, nb, !pinned, MPI_INFO_NULL, &g));
    if (excluded) {
        CHECK(g == MPI_COMM_NULL);
        free(pos);
        return;
    }
    int gsize, grank, topo;
    MPI_Comm_size(g, &gsize);
    MPI_Comm_rank(g, &grank);
    MPI_Topo_test(g, &topo);
    CHECK_INT(gsize, n);
    CHECK_INT(topo, MPI_GRAPH);
    if (pinned)
        CHECK_INT(grank, pos[rank]);
    /* expected neighbours of vertex grank: m(u,v) = max of both directions */
    int *count = calloc((size_t)n * n, sizeof(int));
    for (int b = 0; b < size; b++) {
        if (pos[b] < 0)
            continue;
        int bn = (b + 1) % size, bf = (b + 3) % size;
        if (pos[bn] >= 0 && bn != b)
            count[pos[b] * n + pos[bn]] += 2;
        if (pos[bf] >= 0 && bf != b)
            count[pos[b] * n + pos[bf]] += 1;
    }
    int expect[64], ne = 0, got[64], ng;
    for (int v = 0; v < n; v++) {
        int a = count[grank * n + v], c = count[v * n + grank], m = a > c ? a : c;
        for (int k = 0; k < m && ne < 64; k++)
            expect[ne++] = v;
    }
    MPI_Graph_neighbors_count(g, grank, &ng);
    CHECK_INT(ng, ne);
    MPI_Graph_neighbors(g, grank, 64, got);
    qsort(got, (size_t)ng, sizeof(int), sorted_cmp);
    for (int k = 0; k < ne; k++)
        CHECK_INT(got[k], expect[k]);
    free(count);
    free(pos);
    MPI_Comm_free(&g);
}

/* A ring over a scrambled order: reordering must find the nodes. */
static void ring(void)
{
    int *perm = malloc(sizeof(int) * (size_t)size), at = 0;
    for (int i = 0; i < size; i++)
        perm[i] = i;
    shuffle(perm, size);
    for (int i = 0; i < size; i++)
        if (perm[i] == rank)
            at = i;
    int nb[2] = {perm[(at + 1) % size], perm[(at + size - 1) % size]};
    int d = size > 2 ? 2 : size - 1;
    MPI_Comm mapped, identity;
    long cm[16], ci[16];
    CHECK_MPI(HMPI_Graph_create(MPI_COMM_WORLD, d, nb, 1, MPI_INFO_NULL, &mapped));
    CHECK_MPI(HMPI_Graph_create(MPI_COMM_WORLD, d, nb, 0, MPI_INFO_NULL, &identity));
    int lm = crossing(mapped, cm), li = crossing(identity, ci);
    CHECK_INT(lm, li);
    for (int l = 0; l < lm; l++)
        CHECK(cm[l] <= ci[l]);
    if (per_node > 0 && size > per_node && rank == 0) { /* a ring crosses nodes >= nodes times */
        int nodes = size / per_node;
        printf("ring over %d nodes: %ld node crossings mapped, %ld identity (optimum %d)\n", nodes,
               cm[0], ci[0], nodes);
        CHECK(cm[0] <= 2 * nodes);
    }
    MPI_Comm_free(&mapped);
    MPI_Comm_free(&identity);
    free(perm);
}

/* An R x C grid over a shuffled communicator: no more crossings than the
 * unshuffled row-major layout, with Graph_create and with Cart_create. */
static void grid(void)
{
    int dims[2] = {0, 0}, periods[2] = {0, 0};
    MPI_Dims_create(size, 2, dims);
    MPI_Comm shuffled, row_major, g, c;
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &row_major);
    long cr[16], cg[16], cc[16];
    int lr = crossing(row_major, cr);
    int srank, nb[4], d = 0;
    MPI_Comm_rank(shuffled, &srank);
    int r = srank / dims[1], col = srank % dims[1];
    if (r > 0)
        nb[d++] = srank - dims[1];
    if (r < dims[0] - 1)
        nb[d++] = srank + dims[1];
    if (col > 0)
        nb[d++] = srank - 1;
    if (col < dims[1] - 1)
        nb[d++] = srank + 1;
    CHECK_MPI(HMPI_Graph_create(shuffled, d, nb, 1, MPI_INFO_NULL, &g));
    CHECK_MPI(HMPI_Cart_create(shuffled, 2, dims, periods, 0, NULL, 1, MPI_INFO_NULL, &c));
    int lg = crossing(g, cg), lc = crossing(c, cc);
    CHECK_INT(lg, lr);
    CHECK_INT(lc, lr);
    for (int l = 0; l < lr; l++) {
        if (cg[l] > cr[l] || cc[l] > cr[l])
            fprintf(stderr, "level %d: graph %ld cart %ld row-major %ld\n", l + 1, cg[l], cc[l],
                    cr[l]);
        CHECK(cg[l] <= cr[l]);
        CHECK(cc[l] <= cr[l]);
    }
    if (rank == 0)
        printf("%d x %d grid, shuffled: level-1 crossings graph %ld, cart %ld, row-major %ld\n",
               dims[0], dims[1], cg[0], cc[0], cr[0]);
    int topo, cd[2], cp[2], cco[2];
    MPI_Topo_test(c, &topo);
    CHECK_INT(topo, MPI_CART);
    MPI_Cart_get(c, 2, cd, cp, cco);
    CHECK_INT(cd[0], dims[0]);
    CHECK_INT(cd[1], dims[1]);
    /* with diagonals, weights, and every process pinned: the identity */
    MPI_Comm pinned;
    int mult[3] = {1, 4, 2}, prank, srank2;
    CHECK_MPI(HMPI_Cart_create(shuffled, 2, dims, periods, 1, mult, 0, MPI_INFO_NULL, &pinned));
    MPI_Comm_rank(pinned, &prank);
    MPI_Comm_rank(shuffled, &srank2);
    CHECK_INT(prank, srank2);
    MPI_Comm_free(&pinned);
    /* periodic, diagonal and weighted, reordered: a valid Cartesian communicator */
    int per[2] = {1, 1};
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_map_effort", "best");
    CHECK_MPI(HMPI_Cart_create(shuffled, 2, dims, per, 1, mult, 1, info, &pinned));
    MPI_Info_free(&info);
    MPI_Topo_test(pinned, &topo);
    CHECK_INT(topo, MPI_CART);
    MPI_Comm_free(&pinned);
    MPI_Comm_free(&g);
    MPI_Comm_free(&c);
    MPI_Comm_free(&row_major);
    MPI_Comm_free(&shuffled);
}

/* Random sparse multigraphs: never worse than the identity at any level. */
static void random_graphs(void)
{
    for (int t = 0; t < 3; t++) {
        int nb[8], d = rnd(6);
        for (int k = 0; k < d; k++)
            nb[k] = rnd(size);
        for (int k = 0; k < d; k++) /* the same random stream on every process */
            if (nb[k] == rank)
                nb[k] = (rank + 1) % size;
        int dd = size > 1 ? d : 0;
        MPI_Comm m, id;
        long cm[16], ci[16];
        const char *efforts[] = {"fast", "default", "best"};
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_map_effort", efforts[t]);
        CHECK_MPI(HMPI_Graph_create(MPI_COMM_WORLD, dd, nb, rank % 5 != 2, info, &m));
        CHECK_MPI(HMPI_Graph_create(MPI_COMM_WORLD, dd, nb, 0, MPI_INFO_NULL, &id));
        MPI_Info_free(&info);
        int l = crossing(m, cm);
        crossing(id, ci);
        for (int k = 0; k < l; k++)
            CHECK(cm[k] <= ci[k]);
        MPI_Comm_free(&m);
        MPI_Comm_free(&id);
    }
}

static void errors(void)
{
    MPI_Comm out = MPI_COMM_NULL;
    int nb[1] = {size + 5}, dims[2] = {size, 2}, periods[2] = {0, 0}, mult[2] = {1, -1}, r;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* one process gives a bad neighbour: every process fails, none hangs */
    int rc = HMPI_Graph_create(MPI_COMM_WORLD, rank == 0 ? 1 : 0, nb, 1, MPI_INFO_NULL, &out);
    expect_error(rc, rank == 0 ? MPI_ERR_RANK : MPI_ERR_ARG, "HMPI_Graph_create",
                 rank == 0 ? "'neighbors'" : "process 0");
    CHECK(out == MPI_COMM_NULL);
    expect_error(HMPI_Graph_create(MPI_COMM_WORLD, -2, nb, 1, MPI_INFO_NULL, &out), MPI_ERR_ARG,
                 "HMPI_Graph_create", "'degree' (-2)");
    if (size > 1) { /* naming a process that left itself out */
        int zero[1] = {0};
        expect_error(
            HMPI_Graph_create(MPI_COMM_WORLD, rank == 0 ? -1 : 1, zero, 1, MPI_INFO_NULL, &out),
            MPI_ERR_RANK, "HMPI_Graph_create", "neighbour 0 left itself out");
    }
    expect_error(
        HMPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, NULL, 1, MPI_INFO_NULL, &out),
        MPI_ERR_DIMS, "HMPI_Cart_create", "more than the");
    dims[1] = 1;
    expect_error(
        HMPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, mult, 1, MPI_INFO_NULL, &out),
        MPI_ERR_ARG, "HMPI_Cart_create", "'multiplicity[1]' (-1)");
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_map_effort", "extreme");
    expect_error(HMPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, NULL, 1, info, &out),
                 MPI_ERR_INFO_VALUE, "HMPI_Cart_create", "'extreme'");
    /* only one process is wrong: it returned before the others' collective
     * once; now every process fails and none hangs */
    int ring[1] = {(rank + 1) % size};
    expect_error(
        HMPI_Graph_create(MPI_COMM_WORLD, 1, ring, 1, rank == 0 ? info : MPI_INFO_NULL, &out),
        rank == 0 ? MPI_ERR_INFO_VALUE : MPI_ERR_ARG, "HMPI_Graph_create",
        rank == 0 ? "'extreme'" : "process 0");
    int one_bad[2] = {1, rank == 0 ? -1 : 1};
    expect_error(
        HMPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, one_bad, 1, MPI_INFO_NULL, &out),
        MPI_ERR_ARG, "HMPI_Cart_create", rank == 0 ? "'multiplicity[1]'" : "another process");
    MPI_Info_free(&info);
    expect_error(HMPI_Comm_relate(MPI_COMM_NULL, MPI_COMM_WORLD, &r), MPI_ERR_COMM,
                 "HMPI_Comm_relate", "'comm1'");
    expect_error(HMPI_Permute(&r, 1, MPI_INT, size, &r, 1, MPI_INT, 0, MPI_COMM_WORLD),
                 MPI_ERR_RANK, "HMPI_Permute", "'torank'");
    expect_error(HMPI_Topo_crossing(MPI_COMM_WORLD, 1, (long[1]){0}, &r), MPI_ERR_TOPOLOGY,
                 "HMPI_Topo_crossing", "no graph or Cartesian");
    if (getenv("HMPI_CHECK") && size > 1) { /* inconsistent dims across processes */
        int d2[2] = {rank == 0 ? 1 : size, rank == 0 ? size : 1};
        expect_error(
            HMPI_Cart_create(MPI_COMM_WORLD, 2, d2, periods, 0, NULL, 1, MPI_INFO_NULL, &out),
            MPI_ERR_ARG, "HMPI_Cart_create", "different 'ndims'");
    }
    CHECK(out == MPI_COMM_NULL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    per_node = argc > 1 ? atoi(argv[1]) : 0;
    relate();
    map_and_permute();
    graph_exact();
    ring();
    grid();
    random_graphs();
    errors();
    test_done("smp topology functions");
    MPI_Finalize();
    return 0;
}

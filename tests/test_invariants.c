/* Properties that must hold on any cluster, for any rank order:
 * - each unguided split gives strict subsets, numbered by lowest parent rank;
 * - HMPI_Comm_hsplit_with_roots and HMPI_Hierarchy_create give the same
 *   groups as the split_type walk, with the right roots and conduits;
 * - HMPI_Comm_level(i, j) equals the number of walk levels where i and j
 *   share a communicator, for every pair;
 * - a communicator whose rank order is scrambled gets the same groups.
 * Runs on the cluster named by HMPI_TOPOLOGY, or on the real machine. */
#include "testutil.h"

#define MAXL 30

/* Identity of each level's communicator: its lowest world rank, -1 if none. */
struct walk {
    int depth;
    int id[MAXL];
};

static int min_world_rank(MPI_Comm comm)
{
    int n, lo;
    int *r = world_ranks(comm, &n);
    lo = r[0];
    for (int i = 1; i < n; i++)
        lo = r[i] < lo ? r[i] : lo;
    free(r);
    return lo;
}

/* Expected (num, index) of comm among the communicators split from parent. */
static void expected_numbering(MPI_Comm parent, MPI_Comm comm, int *num, int *index)
{
    int psize, prank, lowest = -1;
    MPI_Comm_size(parent, &psize);
    MPI_Comm_rank(parent, &prank);
    if (comm != MPI_COMM_NULL) { /* lowest parent rank in comm */
        int mine = prank;
        MPI_Allreduce(&prank, &mine, 1, MPI_INT, MPI_MIN, comm);
        lowest = mine;
    }
    int *all = malloc(sizeof(int) * (size_t)psize);
    MPI_Allgather(&lowest, 1, MPI_INT, all, 1, MPI_INT, parent);
    *num = 0;
    *index = 0;
    for (int i = 0; i < psize; i++)
        if (all[i] == i) { /* i is the lowest rank of its communicator */
            (*num)++;
            *index += i < lowest;
        }
    free(all);
}

static void check_level(MPI_Comm parent, MPI_Comm comm)
{
    int num, index, enum_, eindex, result;
    expected_numbering(parent, comm, &enum_, &eindex);
    if (comm == MPI_COMM_NULL)
        return;
    MPI_Comm_compare(parent, comm, &result);
    CHECK_INT(result, MPI_UNEQUAL);
    level_type(comm, &num, &index);
    CHECK_INT(num, enum_);
    CHECK_INT(index, eindex);
}

static struct walk walk_split_type(MPI_Comm base)
{
    struct walk w = {0, {0}};
    MPI_Comm cur = base, next;
    while (cur != MPI_COMM_NULL) {
        int r;
        MPI_Comm_rank(cur, &r);
        CHECK_MPI(HMPI_Comm_split_type(cur, HMPI_COMM_TYPE_HW_UNGUIDED, r, MPI_INFO_NULL, &next));
        check_level(cur, next);
        if (cur != base)
            MPI_Comm_free(&cur);
        if (next != MPI_COMM_NULL)
            w.id[w.depth++] = min_world_rank(next);
        cur = next;
    }
    return w;
}

/* hsplit_with_roots: same groups; roots = rank 0 of each new communicator. */
static void check_roots_walk(MPI_Comm base, const struct walk *w)
{
    MPI_Comm cur = base, next, roots;
    int depth = 0;
    while (cur != MPI_COMM_NULL) {
        CHECK_MPI(HMPI_Comm_hsplit_with_roots(cur, MPI_INFO_NULL, &next, &roots));
        int nrank = -1;
        if (next != MPI_COMM_NULL) {
            CHECK(depth < w->depth);
            CHECK_INT(min_world_rank(next), w->id[depth]);
            MPI_Comm_rank(next, &nrank);
            depth++;
        }
        CHECK((nrank == 0) == (roots != MPI_COMM_NULL));
        if (roots != MPI_COMM_NULL) { /* ordered by their rank in cur */
            MPI_Group rg, cg;
            int n;
            MPI_Comm_size(roots, &n);
            int *in = malloc(sizeof(int) * (size_t)n), *out = malloc(sizeof(int) * (size_t)n);
            for (int i = 0; i < n; i++)
                in[i] = i;
            MPI_Comm_group(roots, &rg);
            MPI_Comm_group(cur, &cg);
            MPI_Group_translate_ranks(rg, n, in, cg, out);
            for (int i = 1; i < n; i++)
                CHECK(out[i - 1] < out[i]);
            MPI_Group_free(&rg);
            MPI_Group_free(&cg);
            free(in);
            free(out);
            MPI_Comm_free(&roots);
        }
        if (cur != base)
            MPI_Comm_free(&cur);
        cur = next;
    }
    CHECK_INT(depth, w->depth);
}

static void check_hierarchy(MPI_Comm base, const struct walk *w)
{
    HMPI_Hierarchy h;
    int depth, max_depth, global_max;
    CHECK_MPI(HMPI_Hierarchy_create(base, MPI_INFO_NULL, &h));
    CHECK_MPI(HMPI_Hierarchy_depth(h, &depth));
    CHECK_MPI(HMPI_Hierarchy_max_depth(h, &max_depth));
    CHECK_INT(depth, w->depth);
    MPI_Allreduce(&depth, &global_max, 1, MPI_INT, MPI_MAX, base);
    CHECK_INT(max_depth, global_max);
    MPI_Comm c, conduit, next;
    CHECK_MPI(HMPI_Hierarchy_level_comm(h, 0, &c));
    CHECK(c == base);
    for (int l = 1; l <= depth; l++) {
        CHECK_MPI(HMPI_Hierarchy_level_comm(h, l, &c));
        CHECK_INT(min_world_rank(c), w->id[l - 1]);
    }
    for (int l = 0; l <= depth && l < max_depth; l++) { /* conduit: ranks 0 of level l+1 */
        int nrank = -1;
        if (l < depth) {
            CHECK_MPI(HMPI_Hierarchy_conduit_comm(h, l, &conduit));
            CHECK_MPI(HMPI_Hierarchy_level_comm(h, l + 1, &next));
            MPI_Comm_rank(next, &nrank);
        } else {
            conduit = MPI_COMM_NULL;
        }
        CHECK((nrank == 0) == (conduit != MPI_COMM_NULL));
        CHECK_MPI(HMPI_Hierarchy_level_comm(h, l, &c));
        int is_root = nrank == 0, roots = 0, csize = -1;
        MPI_Allreduce(&is_root, &roots, 1, MPI_INT, MPI_SUM, c);
        if (conduit != MPI_COMM_NULL)
            MPI_Comm_size(conduit, &csize);
        CHECK(conduit == MPI_COMM_NULL || csize == roots);
    }
    CHECK_MPI(HMPI_Hierarchy_free(&h));
    CHECK(h == NULL);
}

/* Comm_level against the walk, for every pair of ranks of base. */
static void check_comm_level(MPI_Comm base, const struct walk *w)
{
    int size, rank;
    MPI_Comm_size(base, &size);
    MPI_Comm_rank(base, &rank);
    struct walk *all = malloc(sizeof *all * (size_t)size);
    MPI_Allgather(w, (int)sizeof *w, MPI_BYTE, all, (int)sizeof *w, MPI_BYTE, base);
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++) {
            int level, expected = 0;
            if (i == j)
                expected = all[i].depth;
            else
                while (expected < all[i].depth && expected < all[j].depth &&
                       all[i].id[expected] == all[j].id[expected])
                    expected++;
            CHECK_MPI(HMPI_Comm_level(base, i, j, &level));
            CHECK_INT(level, expected);
        }
    free(all);
}

static void check_base(MPI_Comm base, struct walk *out)
{
    struct walk w = walk_split_type(base);
    check_roots_walk(base, &w);
    check_hierarchy(base, &w);
    check_comm_level(base, &w);
    *out = w;
}

int main(int argc, char **argv)
{
    int rank, size;
    struct walk ordered, scrambled, reversed;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    check_base(MPI_COMM_WORLD, &ordered);

    /* Rank orders unrelated to the hardware give the same groups. */
    MPI_Comm shuffled, backwards;
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7919 + 13) % (size * 7919 + 1), &shuffled);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &backwards);
    check_base(shuffled, &scrambled);
    check_base(backwards, &reversed);
    CHECK_INT(scrambled.depth, ordered.depth);
    CHECK_INT(reversed.depth, ordered.depth);
    for (int l = 0; l < ordered.depth; l++) {
        CHECK_INT(scrambled.id[l], ordered.id[l]);
        CHECK_INT(reversed.id[l], ordered.id[l]);
    }
    MPI_Comm_free(&shuffled);
    MPI_Comm_free(&backwards);

    /* A duplicate shares the locality and the level information. */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    check_base(dup, &scrambled);
    CHECK_INT(scrambled.depth, ordered.depth);
    MPI_Comm_free(&dup);
    test_done("invariants");
    MPI_Finalize();
    return 0;
}

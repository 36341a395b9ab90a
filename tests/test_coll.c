/* Collectives against the MPI library's own, byte for byte (holes of derived
 * datatypes included): every collective x algorithm x count (0, 1, odd,
 * large) x datatype (int, vector with holes, contiguous of 4) x root x op
 * (sum, max, a non-commutative user op) x communicator (world, shuffled,
 * subset). Persistent requests are started three times with new contents;
 * the nonblocking and blocking forms run too.
 *   test_coll [collective ...]   (default: all) */
#include "collcase.h"

static int cases;

static void run_coll(int coll, MPI_Comm comm)
{
    static const int counts[] = {0, 1, 5, 300, 20000}; /* 80 KB: large-message algorithms */
    MPI_Datatype types[] = {MPI_INT, vec_type, quad_type, swap_type};
    MPI_Op ops[] = {MPI_SUM, MPI_MAX, matmul_op};
    int size;
    MPI_Comm_size(comm, &size);
    int roots[] = {0, size - 1, size / 2};
    for (int ai = 0; ai < NALG && algs[coll][ai]; ai++)
        for (int ci = 0; ci < 5; ci++)
            for (int ti = 0; ti < 4; ti++)
                for (int ri = 0; ri < (is_rooted(coll) ? 3 : 1); ri++)
                    for (int oi = 0; oi < (is_reduction(coll) ? 3 : 1); oi++)
                        for (int ip = 0; ip < (has_in_place(coll) ? 2 : 1); ip++) {
                            if (coll == BARRIER && (ci || ti))
                                continue;
                            /* reductions: ints with the predefined ops, quads
                             * with the user op (MPI libraries refuse predefined
                             * ops on derived types); holes: data movement only */
                            if (is_reduction(coll) && (ti == 1 || (oi == 2) != (ti == 2)))
                                continue;
                            if (ti == 3 && (ci >= 3 || is_reduction(coll)))
                                continue; /* data movement, small counts */
                            if (ci >= 3 && ti != 0 && coll == ALLTOALL)
                                continue; /* keep the big cases small */
                            int multilane = strncmp(algs[coll][ai], "multilane", 9) == 0;
                            if (strchr(algs[coll][ai], '*') && (ci < 2 || ci > 3 || ti != 0))
                                continue; /* forced lane counts: how parts split, ints */
                            if (ci == 4 && !(coll == ALLREDUCE && ai == 0) &&
                                !(multilane && ti == 0 && oi == 0 && ip == 0 && ri < 2))
                                continue; /* the largest count: allreduce's auto choice and
                                           * multilane's large-message paths only */
                            if (commutative_only(algs[coll][ai], coll) && oi == 2)
                                continue; /* these reductions need commutative ops */
                            struct caseinfo k = {coll,    counts[ci],     roots[ri], 0, types[ti],
                                                 ops[oi], algs[coll][ai], comm,      ip};
                            run_case(&k);
                            cases++;
                        }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    collcase_init();

    MPI_Comm shuffled, subset;
    MPI_Comm_split(MPI_COMM_WORLD, 0, (rank * 7 + 3) % size, &shuffled);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 1 ? MPI_UNDEFINED : 0, size - rank, &subset);
    MPI_Comm comms[] = {MPI_COMM_WORLD, shuffled, subset};
    for (int coll = 0; coll < NCOLL; coll++) {
        int wanted = argc == 1;
        for (int i = 1; i < argc; i++)
            wanted |= strcmp(argv[i], coll_name[coll]) == 0;
        if (!wanted)
            continue;
        for (int ci = 0; ci < 3; ci++)
            if (comms[ci] != MPI_COMM_NULL)
                run_coll(coll, comms[ci]);
    }
    if (subset != MPI_COMM_NULL)
        MPI_Comm_free(&subset);
    MPI_Comm_free(&shuffled);
    collcase_finalize();
    if (rank == 0)
        printf("collectives: %d cases on rank 0\n", cases);
    test_done("collectives");
    MPI_Finalize();
    return 0;
}

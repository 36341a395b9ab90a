/* A long randomized differential test: random communicators (the world, a
 * duplicate, shuffled splits, MPI_Comm_create_group of random subsets in
 * random order, MPI_Comm_create), collectives, algorithms, level limits,
 * counts, roots, datatypes (holes, permuted, contiguous), ops (non-commutative
 * included), in place or not; each case persistent (three starts with new
 * contents), nonblocking and blocking, compared byte for byte with the MPI
 * library. Every process draws the same cases from one seed, so no process
 * ever waits on a case another skipped.
 *
 *   HMPI_STRESS_CASES=N (default 200)  HMPI_STRESS_SEED=S (default 1)
 *   HMPI_STRESS_SHM=1: every rank on one node; half the cases of the
 *   collectives that have it force the node's shared memory (shm)
 *   HMPI_STRESS_TRACE=1 prints each case before it runs
 *   Ends with "stress: C cases, M mismatches"; exits 1 on a mismatch. */
#include "collcase.h"

static uint64_t state;

/* xorshift64*: the same sequence on every process. */
static uint32_t draw(uint32_t n)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return n ? (uint32_t)((state * 2685821657736338717ull) >> 33) % n : 0;
}

static long env_long(const char *name, long fallback)
{
    const char *v = getenv(name);
    return v && *v ? atol(v) : fallback;
}

/* A random permutation of 0..n-1 in ranks. */
static void shuffle(int *ranks, int n)
{
    for (int i = 0; i < n; i++)
        ranks[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)draw((uint32_t)i + 1), t = ranks[i];
        ranks[i] = ranks[j];
        ranks[j] = t;
    }
}

enum { WORLD, DUP, SPLIT, CREATE_GROUP, CREATE, NKINDS };
static const char *const comm_kind_name[NKINDS] = {"world", "dup", "split", "create_group",
                                                   "create"};

/* A random communicator; *members: its size (the same draw everywhere). */
static MPI_Comm random_comm(int rank, int size, int *kind, int *members)
{
    int *order = malloc(sizeof(int) * size), colours = 1 + (int)draw(3), n;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Group world, group;
    *kind = (int)draw(NKINDS);
    shuffle(order, size);
    switch (*kind) {
    case WORLD:
        comm = MPI_COMM_WORLD;
        *members = size;
        break;
    case DUP:
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        *members = size;
        break;
    case SPLIT: /* colour by rank, random keys: ranks shuffled; keep the group of rank 0's colour */
        MPI_Comm_split(MPI_COMM_WORLD, rank % colours == 0 ? 0 : MPI_UNDEFINED, order[rank], &comm);
        *members = (size + colours - 1) / colours;
        break;
    default: /* a random subset in random order */
        n = 1 + (int)draw((uint32_t)size);
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, n, order, &group);
        int in = 0;
        for (int i = 0; i < n; i++)
            in |= order[i] == rank;
        if (*kind == CREATE)
            MPI_Comm_create(MPI_COMM_WORLD, group, &comm);
        else if (in)
            MPI_Comm_create_group(MPI_COMM_WORLD, group, 5, &comm);
        MPI_Group_free(&group);
        MPI_Group_free(&world);
        *members = n;
    }
    free(order);
    return comm;
}

static int shm_cases; /* HMPI_STRESS_SHM */

static int has_shm(int coll)
{
    return coll != SCAN && coll != EXSCAN;
}

/* Draw one valid case of collective coll on a communicator of n processes. */
static void random_case(struct caseinfo *k, int n)
{
    static const int counts[] = {0, 1, 2, 3, 7, 16, 61, 300, 1025};
    MPI_Datatype types[] = {MPI_INT, vec_type, quad_type, swap_type};
    int nalg = 0;
    while (nalg < NALG && algs[k->coll][nalg])
        nalg++;
    k->alg = algs[k->coll][draw((uint32_t)nalg)];
    if (shm_cases && has_shm(k->coll) && draw(2) && n > 1)
        k->alg = "shm";
    k->count = counts[draw(k->coll == ALLTOALL || k->coll == GATHER ? 7 : 9)];
    k->root = (int)draw((uint32_t)n);
    k->in_place = has_in_place(k->coll) && draw(2);
    k->op = MPI_SUM;
    if (is_reduction(k->coll)) { /* ints with predefined ops, quads with the user op */
        int user = !commutative_only(k->alg, k->coll) && draw(3) == 0;
        k->type = user ? quad_type : MPI_INT;
        k->op = user ? matmul_op : draw(2) ? MPI_SUM : MPI_MAX;
    } else {
        k->type = types[draw(4)];
        if (k->type == swap_type && k->count > 300)
            k->count = 7;
    }
}

int main(int argc, char **argv)
{
    int rank, size, kind, members;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long ncases = env_long("HMPI_STRESS_CASES", 200), seed = env_long("HMPI_STRESS_SEED", 1);
    int trace = (int)env_long("HMPI_STRESS_TRACE", 0); /* print each case before running it */
    shm_cases = (int)env_long("HMPI_STRESS_SHM", 0);
    double t0 = MPI_Wtime();
    state = 0x9e3779b97f4a7c15ull ^ (uint64_t)seed;
    collcase_init();
    collcase_keep_going = 1;
    long done = 0, per_kind[NKINDS] = {0};
    for (long c = 0; c < ncases;) {
        MPI_Comm comm = random_comm(rank, size, &kind, &members);
        for (int i = 0; i < 8 && c < ncases; i++, c++) { /* several cases per communicator */
            struct caseinfo k = {.coll = (int)draw(NCOLL)};
            random_case(&k, members);
            if (comm == MPI_COMM_NULL)
                continue;
            k.comm = comm;
            if (trace)
                fprintf(stderr,
                        "[rank %d] case %ld: %s on %s (%d ranks) alg=%s count=%d type=%s "
                        "root=%d in_place=%d op=%s\n",
                        rank, c, coll_name[k.coll], comm_kind_name[kind], members, k.alg, k.count,
                        type_name(k.type), k.root, k.in_place,
                        k.op == matmul_op ? "matmul"
                        : k.op == MPI_SUM ? "sum"
                                          : "max");
            run_case(&k);
            done++;
            per_kind[kind]++;
        }
        if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD)
            MPI_Comm_free(&comm);
    }
    long mismatches = collcase_mismatches, total = 0;
    MPI_Allreduce(MPI_IN_PLACE, &mismatches, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce(&done, &total, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    collcase_finalize();
    if (rank == 0) {
        printf("stress: seed %ld, %d ranks, %.1f s; cases by communicator:", seed, size,
               MPI_Wtime() - t0);
        for (int i = 0; i < NKINDS; i++)
            printf(" %s %ld", comm_kind_name[i], per_kind[i]);
        printf("\nstress: %ld cases, %ld mismatches\n", ncases, mismatches);
    }
    MPI_Finalize();
    return mismatches ? 1 : 0;
}

/* Every allreduce algorithm, forced and auto, blocking and persistent,
 * gives every rank the same bytes (MPI's advice to implementors): random
 * doubles of mixed magnitudes (so that the order of the additions shows in
 * the last bits) under MPI_SUM, MPI_MAX, MPI_MIN, a commutative user op and
 * a non-commutative one (2 x 2 matrix products), at several counts, in
 * place and not; and the
 * predefined reductions of the common types equal the library's, every
 * operation each takes.
 *
 *   test_identical [ROUNDS]   (default 3: three random vectors per case) */
#include "testutil.h"

#include <stdint.h>

static int rank, size;

static const char *const algorithms[] = {"auto", "native",    "recursive_doubling", "hierarchical",
                                         "ring", "multilane", "multiport",          "shm"};
enum { NALGS = sizeof algorithms / sizeof *algorithms };

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        ((double *)inout)[i] += ((const double *)in)[i];
}

/* inout = in x inout, 2 x 2 matrices (4 doubles each): associative, not
 * commutative. */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const double *a = in;
    double *b = inout;
    for (int m = 0; m < *len; m++, a += 4, b += 4) {
        double r[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
                       a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
        memcpy(b, r, sizeof r);
    }
}

/* Random doubles from 1e-6 to 1e6 in magnitude, either sign. */
static void fill(double *v, int n, unsigned *seed)
{
    for (int i = 0; i < n; i++) {
        double x = (double)rand_r(seed) / RAND_MAX - 0.5;
        int e = rand_r(seed) % 13 - 6;
        for (; e > 0; e--)
            x *= 10;
        for (; e < 0; e++)
            x /= 10;
        v[i] = x;
    }
}

/* Do all ranks hold the same n bytes at v? */
static int same_everywhere(const void *v, size_t n)
{
    char *root = malloc(n ? n : 1);
    memcpy(root, v, n);
    MPI_Bcast(root, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
    int differs = memcmp(root, v, n) != 0, any;
    MPI_Allreduce(&differs, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    free(root);
    return !any;
}

typedef struct op_case {
    const char *name;
    MPI_Op op;
    MPI_Datatype type; /* MPI_DOUBLE, or the 2 x 2 matrix */
    int doubles;       /* per element */
} op_case;

/* One allreduce with algorithm alg (blocking or persistent); 0 when the
 * algorithm cannot take the call (MPI_ERR_OP: the op is not commutative;
 * MPI_ERR_ARG: no shared memory), alike on every rank. */
static int allreduce(const char *alg, int persistent, const void *in, double *out, int count,
                     const op_case *o)
{
    int rc, klass;
    if (!persistent) {
        setenv("HMPI_ALLREDUCE_ALGORITHM", alg, 1);
        rc = HMPI_Allreduce(in, out, count, o->type, o->op, MPI_COMM_WORLD);
        unsetenv("HMPI_ALLREDUCE_ALGORITHM");
    } else {
        HMPI_Request req;
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, "hmpi_allreduce_algorithm", alg);
        rc = HMPI_Allreduce_init(in, out, count, o->type, o->op, MPI_COMM_WORLD, info, &req);
        MPI_Info_free(&info);
        if (rc == MPI_SUCCESS) {
            for (int k = 0; k < 2; k++) { /* started twice: the same result */
                CHECK_MPI(HMPI_Start(&req));
                CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
            }
            CHECK_MPI(HMPI_Request_free(&req));
        }
    }
    if (rc == MPI_SUCCESS)
        return 1;
    HMPI_Error_class(rc, &klass);
    CHECK(klass == MPI_ERR_OP || klass == MPI_ERR_ARG);
    return 0;
}

static void report(const char *alg, int persistent, int in_place, const op_case *o, int count)
{
    if (rank == 0)
        fprintf(stderr, "test_identical: %s %s%s, %s of %d: ranks differ\n", alg,
                persistent ? "persistent" : "blocking", in_place ? " in place" : "", o->name,
                count);
}

static void floating(int rounds)
{
    static const int counts[] = {1, 3, 64, 1000, 20011};
    MPI_Datatype mat;
    MPI_Op usum, umat;
    MPI_Type_contiguous(4, MPI_DOUBLE, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(user_sum, 1, &usum);
    MPI_Op_create(matmul, 0, &umat);
    const op_case ops[] = {{"MPI_SUM", MPI_SUM, MPI_DOUBLE, 1},
                           {"MPI_MAX", MPI_MAX, MPI_DOUBLE, 1},
                           {"MPI_MIN", MPI_MIN, MPI_DOUBLE, 1},
                           {"user sum (commutative)", usum, MPI_DOUBLE, 1},
                           {"matrix product (not commutative)", umat, mat, 4}};
    unsigned seed = 12345u + 7919u * (unsigned)rank;
    int taken = 0, cases = 0, bad = 0;
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
        for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
            int n = counts[c] * ops[o].doubles;
            double *in = malloc(sizeof(double) * (size_t)n),
                   *out = malloc(sizeof(double) * (size_t)n);
            for (int r = 0; r < rounds; r++) {
                fill(in, n, &seed);
                for (int a = 0; a < NALGS; a++)
                    for (int k = 0; k < 4; k++) {
                        int persistent = k & 1, in_place = k >> 1;
                        if (in_place)
                            memcpy(out, in, sizeof(double) * (size_t)n);
                        else
                            memset(out, 0, sizeof(double) * (size_t)n);
                        cases++;
                        if (!allreduce(algorithms[a], persistent, in_place ? MPI_IN_PLACE : in, out,
                                       counts[c], &ops[o]))
                            continue;
                        taken++;
                        if (!same_everywhere(out, sizeof(double) * (size_t)n)) {
                            report(algorithms[a], persistent, in_place, &ops[o], counts[c]);
                            bad++;
                        }
                    }
            }
            free(in);
            free(out);
        }
    CHECK_INT(bad, 0);
    CHECK(taken > cases / 2);
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Type_free(&mat);
}

/* The common types and the predefined operations on them (hmpi runs
 * them in loops of its own). */
static const struct {
    const char *name;
    MPI_Datatype type;
    int real, is_signed;
} types[] = {{"MPI_INT", MPI_INT, 0, 1},
             {"MPI_UNSIGNED", MPI_UNSIGNED, 0, 0},
             {"MPI_LONG", MPI_LONG, 0, 1},
             {"MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG, 0, 0},
             {"MPI_LONG_LONG", MPI_LONG_LONG, 0, 1},
             {"MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG, 0, 0},
             {"MPI_INT32_T", MPI_INT32_T, 0, 1},
             {"MPI_UINT32_T", MPI_UINT32_T, 0, 0},
             {"MPI_INT64_T", MPI_INT64_T, 0, 1},
             {"MPI_UINT64_T", MPI_UINT64_T, 0, 0},
             {"MPI_FLOAT", MPI_FLOAT, 1, 1},
             {"MPI_DOUBLE", MPI_DOUBLE, 1, 1}};
enum { SUM, PROD, MAX, MIN, BAND, BOR, BXOR, LAND, LOR, LXOR, NOPS };
static const struct {
    const char *name;
    MPI_Op op;
} ops[NOPS] = {{"MPI_SUM", MPI_SUM},   {"MPI_PROD", MPI_PROD}, {"MPI_MAX", MPI_MAX},
               {"MPI_MIN", MPI_MIN},   {"MPI_BAND", MPI_BAND}, {"MPI_BOR", MPI_BOR},
               {"MPI_BXOR", MPI_BXOR}, {"MPI_LAND", MPI_LAND}, {"MPI_LOR", MPI_LOR},
               {"MPI_LXOR", MPI_LXOR}};
enum { N_PREDEFINED = 1031 };

/* Rank r's input of type t: integers of any magnitude, a fourth of them 0;
 * reals small whole numbers and halves (their sums and products exact in
 * any order). The same on every rank. */
static void input_of(size_t t, int r, int width, void *buf)
{
    unsigned seed = 99u + 1000u * (unsigned)t + (unsigned)r;
    for (int i = 0; i < N_PREDEFINED; i++) {
        uint64_t bits =
            (uint64_t)rand_r(&seed) << 33 ^ (uint64_t)rand_r(&seed) << 11 ^ (uint64_t)rand_r(&seed);
        double real = (double)(rand_r(&seed) % 7 - 3) / (rand_r(&seed) % 2 + 1);
        if (rand_r(&seed) % 4 == 0)
            bits = 0;
        if (types[t].real && width == 4)
            ((float *)buf)[i] = (float)real;
        else if (types[t].real)
            ((double *)buf)[i] = real;
        else
            memcpy((char *)buf + (size_t)i * (size_t)width, &bits, (size_t)width);
    }
}

/* An integer of `width` bytes at p, widened (sign-extended where signed). */
static int64_t load_int(const void *p, int width, int is_signed)
{
    if (width == 4) {
        uint32_t u;
        memcpy(&u, p, 4);
        return is_signed ? (int64_t)(int32_t)u : (int64_t)u;
    }
    int64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* a op b, of integers as load_int gives them (unsigned 64-bit ones as
 * their bits): MPI's definition, wrapping. */
static uint64_t int_op(int op, int64_t a, int64_t b, int width, int is_signed)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    int greater = is_signed || width == 4 ? a > b : ua > ub;
    switch (op) {
    case SUM:
        return ua + ub;
    case PROD:
        return ua * ub;
    case MAX:
        return greater ? ua : ub;
    case MIN:
        return greater ? ub : ua;
    case BAND:
        return ua & ub;
    case BOR:
        return ua | ub;
    case BXOR:
        return ua ^ ub;
    case LAND:
        return a && b;
    case LOR:
        return a || b;
    default:
        return !a != !b;
    }
}

static double real_op(int op, double a, double b)
{
    switch (op) {
    case SUM:
        return a + b;
    case PROD:
        return a * b;
    case MAX:
        return a > b ? a : b;
    default:
        return a < b ? a : b;
    }
}

/* The reduction of every rank's input of type t under op, by MPI's
 * definition, into ref. */
static void reference(size_t t, int op, int width, void *ref, void *scratch)
{
    input_of(t, 0, width, ref);
    for (int r = 1; r < size; r++) {
        input_of(t, r, width, scratch);
        for (int i = 0; i < N_PREDEFINED; i++) {
            char *x = (char *)ref + (size_t)i * (size_t)width;
            const char *y = (const char *)scratch + (size_t)i * (size_t)width;
            if (types[t].real && width == 4)
                *(float *)x = (float)real_op(op, *(float *)x, *(const float *)y);
            else if (types[t].real)
                *(double *)x = real_op(op, *(double *)x, *(const double *)y);
            else {
                uint64_t v =
                    int_op(op, load_int(x, width, types[t].is_signed),
                           load_int(y, width, types[t].is_signed), width, types[t].is_signed);
                memcpy(x, &v, (size_t)width); /* (the low bytes: little-endian) */
            }
        }
    }
}

/* Every algorithm's allreduce of n elements of type under op against ref,
 * MPI's definition: hmpi's own always, the library's own (native, and auto
 * where it takes native) where the library's MPI_Allreduce gives ref too;
 * a case the library gets wrong counted in *library_wrong. `what` names
 * the case in a failure. */
static void against_definition(const void *in, void *out, void *lib, const void *ref, int n,
                               MPI_Datatype type, MPI_Op op, const char *what, int *library_wrong)
{
    int width;
    MPI_Type_size(type, &width);
    size_t bytes = (size_t)n * (size_t)width;
    MPI_Allreduce(in, lib, n, type, op, MPI_COMM_WORLD);
    int library_right = memcmp(lib, ref, bytes) == 0;
    *library_wrong += !library_right;
    for (int a = 0; a < NALGS; a++) {
        int theirs = strcmp(algorithms[a], "native") == 0 || strcmp(algorithms[a], "auto") == 0;
        setenv("HMPI_ALLREDUCE_ALGORITHM", algorithms[a], 1);
        int rc = HMPI_Allreduce(in, out, n, type, op, MPI_COMM_WORLD);
        unsetenv("HMPI_ALLREDUCE_ALGORITHM");
        if (rc != MPI_SUCCESS || (theirs && !library_right))
            continue; /* (shm without shared memory; the library's own error) */
        if (memcmp(out, ref, bytes) != 0) {
            fprintf(stderr, "[rank %d] %s: %s is not MPI's\n", rank, algorithms[a], what);
            CHECK(0);
        }
    }
}

/* The predefined reductions of the common types, every operation each
 * takes: hmpi's algorithms give MPI's definition exactly; the library's
 * own (native, and auto where it takes native) wherever the library is
 * right (Open MPI 4.1's MPI_MAX and MPI_MIN compare unsigned long as
 * signed, MPICH 4.0's every unsigned type). */
static void predefined(void)
{
    static uint64_t in[N_PREDEFINED], out[N_PREDEFINED], ref[N_PREDEFINED], lib[N_PREDEFINED],
        scratch[N_PREDEFINED];
    int library_wrong = 0;
    for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
        int width;
        MPI_Type_size(types[t].type, &width);
        CHECK(width == 4 || width == 8);
        input_of(t, rank, width, in);
        for (int o = 0; o < NOPS; o++) {
            if (types[t].real && o > MIN)
                continue; /* (bitwise and logical: integers only) */
            char what[64];
            reference(t, o, width, ref, scratch);
            snprintf(what, sizeof what, "%s of %s", ops[o].name, types[t].name);
            against_definition(in, out, lib, ref, N_PREDEFINED, types[t].type, ops[o].op, what,
                               &library_wrong);
        }
    }
    if (rank == 0 && library_wrong)
        printf("the library's own reductions differ from MPI's definition in %d cases "
               "(hmpi's are right)\n",
               library_wrong);
}

/* Sums of 8- and 16-bit integers wrap (two's complement, as MPI defines
 * them), at every size: hmpi's own algorithms always; the library's own
 * collective (native, and auto where it takes native) wherever the library
 * itself is right (Debian's Open MPI 4.1 op/avx saturates them from 16
 * bytes on). */
static void small_integers(void)
{
    static const int sizes[] = {1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000};
    const struct {
        MPI_Datatype type;
        int width, base;
    } kinds[] = {{MPI_INT8_T, 1, 100}, {MPI_INT16_T, 2, 30000}};
    char in[2000], out[2000], ref[2000], lib[2000];
    int library_wrong = 0;
    for (size_t t = 0; t < sizeof kinds / sizeof *kinds; t++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int n = sizes[z], w = kinds[t].width;
            for (int i = 0; i < n; i++) {
                long mine = kinds[t].base + rank + i % 7, sum = 0;
                for (int r = 0; r < size; r++)
                    sum += kinds[t].base + r + i % 7;
                if (w == 1) {
                    ((int8_t *)in)[i] = (int8_t)(uint8_t)mine;
                    ((int8_t *)ref)[i] = (int8_t)(uint8_t)sum;
                } else {
                    ((int16_t *)in)[i] = (int16_t)(uint16_t)mine;
                    ((int16_t *)ref)[i] = (int16_t)(uint16_t)sum;
                }
            }
            char what[64];
            snprintf(what, sizeof what, "%d-bit sum of %d", 8 * w, n);
            against_definition(in, out, lib, ref, n, kinds[t].type, MPI_SUM, what, &library_wrong);
        }
    if (rank == 0 && getenv("HMPI_TEST_VERBOSE"))
        printf("test_identical: the library's own sums of small integers wrong at %d sizes\n",
               library_wrong);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    floating(argc > 1 ? atoi(argv[1]) : 3);
    predefined();
    small_integers();
    test_done("identical results");
    MPI_Finalize();
    return 0;
}

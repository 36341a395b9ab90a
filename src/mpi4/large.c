/* MPI 4.0's large-count collectives (MPI_Bcast_c, MPI_Ibcast_c,
 * MPI_Bcast_init_c, ...: counts as MPI_Count, displacements as MPI_Aint).
 *
 * Counts that fit in an int, with blocks of at most INT_MAX bytes, take the
 * int form of this library (hmpi's persistent collectives; the others as
 * HMPI_MPI4_COLLECTIVES says), on every MPI library. Larger ones go to the
 * MPI library's own _c form where it has one (MPI 4.0: MPICH). On MPI 3.1
 * libraries (Open MPI 4.1) hmpi runs them itself:
 *   - a count past INT_MAX becomes one element of a derived datatype of
 *     that many elements (a vector of INT_MAX-element blocks and the rest);
 *   - reductions take that datatype with an operation of this file that
 *     applies the predefined one, INT_MAX elements at a time
 *     (MPI_Reduce_local);
 *   - the vector forms' counts and displacements past INT_MAX are refused
 *     (MPI_ERR_COUNT, naming the function): they need an MPI 4.0 library.
 * Nonblocking and persistent forms with such datatypes run in hmpi, whose
 * request owns them.
 *
 * Every process of a collective must take the same way, or the messages
 * never match. Where that is decided (how_decided):
 *   - the non-vector forms decide alone, on a block's bytes, which every
 *     process knows alike (its count and type need not be alike);
 *   - the vector forms' arrays differ between processes (a gatherv's
 *     recvcounts and displs are the root's alone). On libraries with the
 *     _c forms, the blocking and nonblocking ones always take the
 *     library's _c form, right for any counts, without reading them; the
 *     persistent ones agree in one allreduce of the flag "past INT_MAX"
 *     (hmpi's _init synchronizes anyway): hmpi's int form when no process
 *     is past it, else the library's _init_c form. On MPI 3.1 libraries the
 *     blocking and persistent ones agree the same way, so that every
 *     process refuses together; the nonblocking ones cannot agree without
 *     blocking their initiation (two on different communicators may be
 *     started in different orders): each process decides on its own
 *     arrays, and one whose arrays pass INT_MAX refuses alone there, while
 *     the others' operation never completes.
 * An agreement covers both groups of an intercommunicator, where hmpi's
 * int forms refuse the communicator (MPI_ERR_COMM) on every process. */
#include "mpi4/mpi4.h"

#include "core/error.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#if MPI_VERSION >= 4
#define LIBRARY_HAS_C 1 /* the MPI library has the _c forms */
#else
#define LIBRARY_HAS_C 0
#endif

/* ---- counts and arrays ------------------------------------------------------ */

/* A count the int form takes as it is (negative ones it refuses itself). */
static int fits(MPI_Count c)
{
    return c <= INT_MAX;
}

static int narrow(MPI_Count c)
{
    return c < INT_MIN ? -1 : (int)c;
}

int hmpi__mpi4_group_size(MPI_Comm comm)
{
    int inter = 0, size = 0;
    if (comm == MPI_COMM_NULL)
        return 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        PMPI_Comm_remote_size(comm, &size);
    else
        PMPI_Comm_size(comm, &size);
    return size;
}

void hmpi__mpi4_degrees(MPI_Comm comm, int *indegree, int *outdegree)
{
    int topo = MPI_UNDEFINED, n = 0, rank = 0, weighted = 0;
    *indegree = *outdegree = 0;
    if (comm == MPI_COMM_NULL)
        return;
    PMPI_Topo_test(comm, &topo);
    if (topo == MPI_CART) {
        PMPI_Cartdim_get(comm, &n);
        *indegree = *outdegree = 2 * n;
    } else if (topo == MPI_GRAPH) {
        PMPI_Comm_rank(comm, &rank);
        PMPI_Graph_neighbors_count(comm, rank, &n);
        *indegree = *outdegree = n;
    } else if (topo == MPI_DIST_GRAPH) {
        PMPI_Dist_graph_neighbors_count(comm, indegree, outdegree, &weighted);
    }
}

/* Up to four arrays narrowed to int for one call. */
typedef struct narrowed {
    int *a[4];
    int n;
    int too_large; /* an element past INT_MAX */
} narrowed;

/* An int array of n that w frees. */
static int *narrowed_array(narrowed *w, int n)
{
    int *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    if (a)
        w->a[w->n++] = a;
    return a;
}

/* counts[0..n) (c) or displs[0..n) (d) as ints (NULL stays NULL): a count
 * past INT_MAX, or a displacement out of int's range, marks w too large. */
static int narrow_array(narrowed *w, const MPI_Count *c, const MPI_Aint *d, int n, int **out)
{
    int *a = *out = NULL;
    if ((c || d) && !(a = narrowed_array(w, n)))
        return MPI_ERR_NO_MEM;
    for (int i = 0; c && i < n; i++) {
        w->too_large |= c[i] > INT_MAX;
        a[i] = narrow(c[i]);
    }
    for (int i = 0; d && i < n; i++) {
        int outside = d[i] > INT_MAX || d[i] < INT_MIN;
        w->too_large |= outside;
        a[i] = outside ? 0 : (int)d[i];
    }
    *out = a;
    return MPI_SUCCESS;
}

static int narrow_counts(narrowed *w, const MPI_Count *c, int n, int **out)
{
    return narrow_array(w, c, NULL, n, out);
}

static int narrow_displs(narrowed *w, const MPI_Aint *d, int n, int **out)
{
    return narrow_array(w, NULL, d, n, out);
}

static void narrowed_free(narrowed *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->a[i]);
}

static int is_inter(MPI_Comm comm)
{
    int inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
    return inter;
}

/* Is the calling process the root of a rooted collective on comm? */
static int at_root(MPI_Comm comm, int root)
{
    int rank = -1;
    if (is_inter(comm))
        return root == MPI_ROOT;
    PMPI_Comm_rank(comm, &rank);
    return rank == root;
}

/* ---- one element of count elements ------------------------------------------ */

/* count elements of base as one element: INT_MAX-element blocks and the
 * rest; with resize, its extent is count extents of base (for arrays of
 * blocks: gather, alltoall). */
static int big_type(MPI_Count count, MPI_Datatype base, int resize, MPI_Datatype *out)
{
    MPI_Aint lb, extent;
    MPI_Count blocks = count / INT_MAX, rest = count % INT_MAX;
    MPI_Datatype vec = MPI_DATATYPE_NULL, tail = MPI_DATATYPE_NULL, t = MPI_DATATYPE_NULL;
    int rc = PMPI_Type_get_extent(base, &lb, &extent);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_vector((int)blocks, INT_MAX, INT_MAX, base, &vec);
    if (rc == MPI_SUCCESS && rest > 0) {
        int lens[2] = {1, 1};
        MPI_Aint displs[2] = {0, (MPI_Aint)(blocks * INT_MAX) * extent};
        rc = PMPI_Type_contiguous((int)rest, base, &tail);
        MPI_Datatype parts[2] = {vec, tail};
        if (rc == MPI_SUCCESS)
            rc = PMPI_Type_create_struct(2, lens, displs, parts, &t);
    } else if (rc == MPI_SUCCESS) {
        t = vec; /* no rest: the blocks are the whole */
        vec = MPI_DATATYPE_NULL;
    }
    if (rc == MPI_SUCCESS && resize) {
        MPI_Datatype r = MPI_DATATYPE_NULL;
        rc = PMPI_Type_create_resized(t, lb, (MPI_Aint)count * extent, &r);
        PMPI_Type_free(&t);
        t = r;
    }
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_commit(&t);
    if (vec != MPI_DATATYPE_NULL)
        PMPI_Type_free(&vec);
    if (tail != MPI_DATATYPE_NULL)
        PMPI_Type_free(&tail);
    if (rc == MPI_SUCCESS)
        *out = t;
    else if (t != MPI_DATATYPE_NULL)
        PMPI_Type_free(&t);
    return rc;
}

/* (count, type) for the int form: as is, or (on MPI 3.1 libraries) one big
 * element, made into *owned. Marks w too large when the count or its bytes
 * pass INT_MAX: the bytes of a block are the same on every process, its
 * count and type need not be (the root n MPI_BYTEs, the others n / 8 of an
 * 8-byte type), and every process must take the same way. */
static int as_int_form(narrowed *w, MPI_Count count, MPI_Datatype type, int resize, int *icount,
                       MPI_Datatype *itype, MPI_Datatype *owned)
{
    MPI_Count size = 0;
    *icount = narrow(count);
    *itype = type;
    if (count > 0 && type != MPI_DATATYPE_NULL)
        PMPI_Type_size_x(type, &size);
    if (fits(count) && (size <= 0 || count <= INT_MAX / size))
        return MPI_SUCCESS;
    w->too_large = 1;
    if (LIBRARY_HAS_C || fits(count))
        return MPI_SUCCESS; /* the library's _c form takes it, or the int form as it is */
    int rc = big_type(count, type, resize, owned);
    if (rc == MPI_SUCCESS) {
        *icount = 1;
        *itype = *owned;
    }
    return rc;
}

/* ---- reductions of big elements ---------------------------------------------- */

/* The base type and element count of a big_type() (unresized). */
static int big_type_decode(MPI_Datatype t, MPI_Datatype *base, MPI_Count *count)
{
    int ni, na, nd, combiner, ints[3];
    MPI_Aint aints[2];
    MPI_Datatype types[2];
    PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (combiner == MPI_COMBINER_VECTOR) {
        PMPI_Type_get_contents(t, 3, 0, 1, ints, aints, types);
        *base = types[0];
        *count = (MPI_Count)ints[0] * ints[1];
        return MPI_SUCCESS;
    }
    if (combiner == MPI_COMBINER_CONTIGUOUS) {
        PMPI_Type_get_contents(t, 1, 0, 1, ints, aints, types);
        *base = types[0];
        *count = ints[0];
        return MPI_SUCCESS;
    }
    if (combiner == MPI_COMBINER_STRUCT && ni == 3 && nd == 2) {
        MPI_Count a = 0, b = 0;
        PMPI_Type_get_contents(t, 3, 2, 2, ints, aints, types);
        big_type_decode(types[0], base, &a);
        big_type_decode(types[1], base, &b);
        PMPI_Type_free(&types[0]);
        PMPI_Type_free(&types[1]);
        *count = a + b;
        return MPI_SUCCESS;
    }
    return MPI_ERR_TYPE;
}

/* MPI_Reduce_local of count elements, INT_MAX at a time. */
static int reduce_in_chunks(const void *in, void *inout, MPI_Count count, MPI_Datatype type,
                            MPI_Op op)
{
    MPI_Aint lb, extent;
    int rc = PMPI_Type_get_extent(type, &lb, &extent);
    for (MPI_Count done = 0; rc == MPI_SUCCESS && done < count;) {
        int chunk = count - done > INT_MAX ? INT_MAX : (int)(count - done);
        rc = PMPI_Reduce_local((const char *)in + done * extent, (char *)inout + done * extent,
                               chunk, type, op);
        done += chunk;
    }
    return rc;
}

static void big_apply(MPI_Op op, void *in, void *inout, int len, MPI_Datatype t)
{
    MPI_Datatype base;
    MPI_Count n = 0;
    MPI_Aint big_lb, big_extent;
    if (big_type_decode(t, &base, &n) != MPI_SUCCESS)
        return;
    PMPI_Type_get_extent(t, &big_lb, &big_extent);
    for (int e = 0; e < len; e++)
        reduce_in_chunks((char *)in + (MPI_Aint)e * big_extent,
                         (char *)inout + (MPI_Aint)e * big_extent, n, base, op);
}

/* One commutative user operation per predefined one. */
#define BIG_OPS(X)                                                                                 \
    X(MAX) X(MIN) X(SUM) X(PROD) X(LAND) X(BAND) X(LOR) X(BOR) X(LXOR) X(BXOR) X(MAXLOC) X(MINLOC)

#define BIG_OP_FN(NAME)                                                                            \
    static void big_##NAME(void *in, void *inout, int *len, MPI_Datatype *t)                       \
    {                                                                                              \
        big_apply(MPI_##NAME, in, inout, *len, *t);                                                \
    }
BIG_OPS(BIG_OP_FN)

static pthread_mutex_t big_ops_lock = PTHREAD_MUTEX_INITIALIZER;

/* The operation of big elements that applies op, or MPI_OP_NULL. */
static MPI_Op big_op(MPI_Op op)
{
#define BIG_OP_ROW(NAME) {MPI_##NAME, big_##NAME},
    static struct {
        MPI_Op predefined;
        MPI_User_function *fn;
    } rows[] = {BIG_OPS(BIG_OP_ROW)};
    static MPI_Op made[sizeof rows / sizeof rows[0]];
    MPI_Op result = MPI_OP_NULL;
    pthread_mutex_lock(&big_ops_lock);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].predefined == op) {
            if (made[i] == MPI_OP_NULL || made[i] == 0)
                PMPI_Op_create(rows[i].fn, 1, &made[i]);
            result = made[i];
        }
    pthread_mutex_unlock(&big_ops_lock);
    return result;
}

/* (count, type, op) of a reduction for the int form. */
static int reduction_int_form(const char *fn, MPI_Comm comm, narrowed *w, MPI_Count count,
                              MPI_Datatype type, MPI_Op op, int *icount, MPI_Datatype *itype,
                              MPI_Op *iop, MPI_Datatype *owned)
{
    *iop = op;
    if (!fits(count) && !LIBRARY_HAS_C) {
        *iop = big_op(op);
        if (*iop == MPI_OP_NULL)
            return hmpi__error(comm, MPI_ERR_OP, fn,
                               "a count past INT_MAX (%lld) takes a predefined 'op' on an MPI "
                               "3.1 library",
                               (long long)count);
    }
    return as_int_form(w, count, type, 0, icount, itype, owned);
}

/* ---- the way of a call ------------------------------------------------------------ */

/* How the processes of a call come to take one way (the file's header). */
typedef enum {
    DECIDE_ALONE,   /* on what this process sees: alike everywhere, or MPI 3.1's nonblocking */
    DECIDE_AGREE,   /* one agreement over the communicator (agree) */
    DECIDE_LIBRARY, /* the library's _c form, whatever the counts */
} decision;

static decision how_decided(enum hmpi__form form, int vector)
{
    if (!vector)
        return DECIDE_ALONE; /* on a block's bytes, known alike */
    if (form == HMPI__FORM_PERSISTENT)
        return DECIDE_AGREE; /* hmpi's _init synchronizes anyway */
    if (LIBRARY_HAS_C)
        return DECIDE_LIBRARY;
    /* a nonblocking initiation must not wait for the other processes */
    return form == HMPI__FORM_BLOCKING ? DECIDE_AGREE : DECIDE_ALONE;
}

/* v[0..2) replaced by their maxima over every process of comm. On an
 * intercommunicator MPI_Allreduce gives each group the other group's: a
 * second one, of each process's own values and the other group's maxima,
 * gives each group the maxima of both. */
static int max_over_all(MPI_Comm comm, int v[2])
{
    int other[2] = {0, 0};
    int rc = PMPI_Allreduce(v, other, 2, MPI_INT, MPI_MAX, comm);
    if (rc == MPI_SUCCESS && is_inter(comm)) {
        int both[2] = {v[0] > other[0] ? v[0] : other[0], v[1] > other[1] ? v[1] : other[1]};
        rc = PMPI_Allreduce(both, other, 2, MPI_INT, MPI_MAX, comm);
    }
    if (rc == MPI_SUCCESS)
        v[0] = other[0], v[1] = other[1];
    return rc;
}

/* w->too_large made every process's (one allreduce): past INT_MAX
 * anywhere. A process whose PREPARE failed (rc: no memory for the narrowed
 * arrays) takes part, and then every process fails (raised on comm). No
 * communicator, nothing to agree on: the int form refuses it, naming fn. */
static int agree(MPI_Comm comm, const char *fn, narrowed *w, int rc)
{
    int v[2] = {w->too_large, rc != MPI_SUCCESS};
    if (comm == MPI_COMM_NULL)
        return rc;
    int arc = max_over_all(comm, v);
    if (arc != MPI_SUCCESS)
        return arc; /* the library raised it */
    w->too_large = v[0];
    if (rc != MPI_SUCCESS)
        return hmpi__error(comm, rc, fn, "no memory to narrow the counts and displacements");
    if (v[1])
        return hmpi__error(comm, MPI_ERR_OTHER, fn,
                           "another process had no memory to narrow its counts and displacements");
    return MPI_SUCCESS;
}

/* ---- the three forms ----------------------------------------------------------- */

#if LIBRARY_HAS_C
#define LIBRARY_C(call) P##call
#else
#define LIBRARY_C(call) MPI_ERR_COUNT /* not reached: nothing goes there */
#endif

/* Every form's locals: types and arrays made for the int form. */
#define LOCALS                                                                                     \
    MPI_Datatype owned[HMPI__PROXY_OWNED] = {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};                \
    narrowed w = {{NULL, NULL, NULL, NULL}, 0, 0};                                                 \
    int rc = MPI_SUCCESS

/* Before PREPARE: the calls that take the library's _c form whatever their
 * counts, without narrowing them. */
#define LIBRARY_ALWAYS(form, vector, call_c)                                                       \
    if (how_decided(form, vector) == DECIDE_LIBRARY)                                               \
        return LIBRARY_C(call_c);

/* After PREPARE: w.too_large agreed where it must be; then past INT_MAX,
 * the library's _c form where it has one; on MPI 3.1 libraries the vector
 * forms refuse, the others go on with big elements. */
#define TOO_LARGE(form, vector, call_c)                                                            \
    if (how_decided(form, vector) == DECIDE_AGREE)                                                 \
        rc = agree(comm, fn, &w, rc);                                                              \
    if (rc == MPI_SUCCESS && w.too_large && (LIBRARY_HAS_C || (vector))) {                         \
        hmpi__mpi4_free_types(owned);                                                              \
        narrowed_free(&w);                                                                         \
        if (LIBRARY_HAS_C)                                                                         \
            return LIBRARY_C(call_c);                                                              \
        return hmpi__error(comm, MPI_ERR_COUNT, fn,                                                \
                           "counts or displacements past INT_MAX (on this process or another) "    \
                           "need an MPI 4.0 library");                                             \
    }

/* A nonblocking or persistent form after TOO_LARGE: hmpi's past INT_MAX on
 * an intracommunicator (with big elements, which its request owns; on
 * every process, whatever its own count), for a vector form (hmpi copies
 * the narrowed arrays at the start; the library's int form would read them
 * after they are freed), when persistent, or as HMPI_MPI4_COLLECTIVES says;
 * else the MPI library's int form (an intercommunicator's, big elements
 * too: hmpi takes none). */
#define REQUEST_FORM(form, vector, hmpi_call, library_call)                                        \
    do {                                                                                           \
        HMPI_Request large_r = HMPI_REQUEST_NULL;                                                  \
        if (rc == MPI_SUCCESS &&                                                                   \
            ((vector) || (w.too_large && !is_inter(comm)) || (form) == HMPI__FORM_PERSISTENT ||    \
             hmpi__mpi4_takes(comm, fn))) {                                                        \
            rc = hmpi_call;                                                                        \
            if (rc == MPI_SUCCESS) {                                                               \
                narrowed_free(&w);                                                                 \
                return hmpi__mpi4_wrap_owning(large_r, (form) == HMPI__FORM_PERSISTENT, owned,     \
                                              comm, fn, request);                                  \
            }                                                                                      \
        } else if (rc == MPI_SUCCESS) {                                                            \
            rc = library_call;                                                                     \
        }                                                                                          \
        hmpi__mpi4_free_types(owned);                                                              \
        narrowed_free(&w);                                                                         \
        return rc;                                                                                 \
    } while (0)

/* SIG: the _c form's parameters; PASS_C: its arguments; PREPARE: makes the
 * int form's arguments PASS_INT (owned[0] is set first when anything is
 * made); VECTOR: 1 for the vector forms, whose processes see different
 * arrays. Each form decides its way by how_decided, in LIBRARY_ALWAYS and
 * TOO_LARGE. Errors name the _c function. */
#define LARGE_FORMS(Name, name, SIG, PASS_C, PREPARE, PASS_INT, VECTOR)                            \
    HMPI_API int MPI_##Name##_c(SIG)                                                               \
    {                                                                                              \
        static const char fn[] = "MPI_" #Name "_c";                                                \
        LOCALS;                                                                                    \
        LIBRARY_ALWAYS(HMPI__FORM_BLOCKING, VECTOR, MPI_##Name##_c(PASS_C))                        \
        PREPARE                                                                                    \
        TOO_LARGE(HMPI__FORM_BLOCKING, VECTOR, MPI_##Name##_c(PASS_C))                             \
        if (rc == MPI_SUCCESS && hmpi__mpi4_takes(comm, fn))                                       \
            rc = hmpi__mpi_##name(fn, HMPI__FORM_BLOCKING, PASS_INT, MPI_INFO_NULL, NULL);         \
        else if (rc == MPI_SUCCESS)                                                                \
            rc = PMPI_##Name(PASS_INT);                                                            \
        hmpi__mpi4_free_types(owned);                                                              \
        narrowed_free(&w);                                                                         \
        return rc;                                                                                 \
    }                                                                                              \
    HMPI_API int MPI_I##name##_c(SIG, MPI_Request *request)                                        \
    {                                                                                              \
        static const char fn[] = "MPI_I" #name "_c";                                               \
        LOCALS;                                                                                    \
        LIBRARY_ALWAYS(HMPI__FORM_NONBLOCKING, VECTOR, MPI_I##name##_c(PASS_C, request))           \
        PREPARE                                                                                    \
        TOO_LARGE(HMPI__FORM_NONBLOCKING, VECTOR, MPI_I##name##_c(PASS_C, request))                \
        REQUEST_FORM(                                                                              \
            HMPI__FORM_NONBLOCKING, VECTOR,                                                        \
            hmpi__mpi_##name(fn, HMPI__FORM_NONBLOCKING, PASS_INT, MPI_INFO_NULL, &large_r),       \
            PMPI_I##name(PASS_INT, request));                                                      \
    }                                                                                              \
    HMPI_API int MPI_##Name##_init_c(SIG, MPI_Info info, MPI_Request *request)                     \
    {                                                                                              \
        static const char fn[] = "MPI_" #Name "_init_c";                                           \
        LOCALS;                                                                                    \
        LIBRARY_ALWAYS(HMPI__FORM_PERSISTENT, VECTOR, MPI_##Name##_init_c(PASS_C, info, request))  \
        PREPARE                                                                                    \
        TOO_LARGE(HMPI__FORM_PERSISTENT, VECTOR, MPI_##Name##_init_c(PASS_C, info, request))       \
        REQUEST_FORM(HMPI__FORM_PERSISTENT, VECTOR,                                                \
                     hmpi__mpi_##name(fn, HMPI__FORM_PERSISTENT, PASS_INT, info, &large_r),        \
                     MPI_ERR_INTERN);                                                              \
    }

#define P(...) __VA_ARGS__ /* one macro argument of several */

/* ---- bcast, and count-and-type pairs on both sides ------------------------------ */

LARGE_FORMS(Bcast, bcast,
            P(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm),
            P(buffer, count, datatype, root, comm), int c;
            MPI_Datatype t; rc = as_int_form(&w, count, datatype, 0, &c, &t, &owned[0]);
            , P(buffer, c, t, root, comm), 0)

/* Which sides of a pair form count: each unless MPI_IN_PLACE (a side MPI
 * ignores: counting it could send the root another way than the others);
 * of gather the receive side at the root only, of scatter the send side. */
#define PAIR_PREPARE(send_counts, recv_counts)                                                     \
    int sc = narrow(sendcount), rcnt = narrow(recvcount);                                          \
    MPI_Datatype st = sendtype, rt = recvtype;                                                     \
    if ((recv_counts) && recvbuf != MPI_IN_PLACE)                                                  \
        rc = as_int_form(&w, recvcount, recvtype, 1, &rcnt, &rt, &owned[0]);                       \
    if (rc == MPI_SUCCESS && (send_counts) && sendbuf != MPI_IN_PLACE)                             \
        rc = as_int_form(&w, sendcount, sendtype, 1, &sc, &st,                                     \
                         owned[0] == MPI_DATATYPE_NULL ? &owned[0] : &owned[1]);

#define SIG_PAIR                                                                                   \
    const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,                \
        MPI_Count recvcount, MPI_Datatype recvtype
#define PASS_PAIR_C sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype
#define PASS_PAIR sendbuf, sc, st, recvbuf, rcnt, rt

#define PAIR_FORMS(Name, name)                                                                     \
    LARGE_FORMS(Name, name, P(SIG_PAIR, MPI_Comm comm), P(PASS_PAIR_C, comm), PAIR_PREPARE(1, 1),  \
                P(PASS_PAIR, comm), 0)
PAIR_FORMS(Allgather, allgather)
PAIR_FORMS(Alltoall, alltoall)
PAIR_FORMS(Neighbor_allgather, neighbor_allgather)
PAIR_FORMS(Neighbor_alltoall, neighbor_alltoall)
LARGE_FORMS(Gather, gather, P(SIG_PAIR, int root, MPI_Comm comm), P(PASS_PAIR_C, root, comm),
            PAIR_PREPARE(1, at_root(comm, root)), P(PASS_PAIR, root, comm), 0)
LARGE_FORMS(Scatter, scatter, P(SIG_PAIR, int root, MPI_Comm comm), P(PASS_PAIR_C, root, comm),
            PAIR_PREPARE(at_root(comm, root), 1), P(PASS_PAIR, root, comm), 0)

/* ---- reductions ------------------------------------------------------------------ */

#define OP_PREPARE(count)                                                                          \
    int c;                                                                                         \
    MPI_Datatype t;                                                                                \
    MPI_Op o;                                                                                      \
    rc = reduction_int_form(fn, comm, &w, count, datatype, op, &c, &t, &o, &owned[0]);

#define SIG_OP(count)                                                                              \
    const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op

#define OP_FORMS(Name, name)                                                                       \
    LARGE_FORMS(Name, name, P(SIG_OP(count), MPI_Comm comm),                                       \
                P(sendbuf, recvbuf, count, datatype, op, comm), OP_PREPARE(count),                 \
                P(sendbuf, recvbuf, c, t, o, comm), 0)
OP_FORMS(Allreduce, allreduce)
OP_FORMS(Scan, scan)
OP_FORMS(Exscan, exscan)
LARGE_FORMS(Reduce, reduce, P(SIG_OP(count), int root, MPI_Comm comm),
            P(sendbuf, recvbuf, count, datatype, op, root, comm), OP_PREPARE(count),
            P(sendbuf, recvbuf, c, t, o, root, comm), 0)
LARGE_FORMS(Reduce_scatter_block, reduce_scatter_block, P(SIG_OP(recvcount), MPI_Comm comm),
            P(sendbuf, recvbuf, recvcount, datatype, op, comm), OP_PREPARE(recvcount),
            P(sendbuf, recvbuf, c, t, o, comm), 0)

HMPI_API int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count,
                                MPI_Datatype datatype, MPI_Op op)
{
    if (fits(count))
        return PMPI_Reduce_local(inbuf, inoutbuf, narrow(count), datatype, op);
#if LIBRARY_HAS_C
    return PMPI_Reduce_local_c(inbuf, inoutbuf, count, datatype, op);
#else
    return reduce_in_chunks(inbuf, inoutbuf, count, datatype, op);
#endif
}

/* ---- the vector forms --------------------------------------------------------------- */

/* narrow one array of n into the int pointer name (NULL when not significant) */
#define NARROW(kind, arr, n, name, significant)                                                    \
    int *name = NULL;                                                                              \
    if (rc == MPI_SUCCESS && (significant))                                                        \
        rc = narrow_##kind(&w, arr, n, &name);

LARGE_FORMS(
    Gatherv, gatherv,
    P(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
      const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
      MPI_Comm comm),
    P(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm),
    int p = hmpi__mpi4_group_size(comm);
    int root_here = at_root(comm, root); w.too_large = !fits(sendcount) && sendbuf != MPI_IN_PLACE;
    NARROW(counts, recvcounts, p, rcounts, root_here) NARROW(displs, displs, p, rdispls, root_here),
    P(sendbuf, narrow(sendcount), sendtype, recvbuf, rcounts, rdispls, recvtype, root, comm), 1)

LARGE_FORMS(
    Scatterv, scatterv,
    P(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
      MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
      MPI_Comm comm),
    P(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm),
    int p = hmpi__mpi4_group_size(comm);
    int root_here = at_root(comm, root); w.too_large = !fits(recvcount) && recvbuf != MPI_IN_PLACE;
    NARROW(counts, sendcounts, p, scounts, root_here) NARROW(displs, displs, p, sdispls, root_here),
    P(sendbuf, scounts, sdispls, sendtype, recvbuf, narrow(recvcount), recvtype, root, comm), 1)

#define ALLGATHERV_FORMS(Name, name, in_n)                                                         \
    LARGE_FORMS(                                                                                   \
        Name, name,                                                                                \
        P(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,          \
          const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,            \
          MPI_Comm comm),                                                                          \
        P(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), int in = 0;  \
        int out = 0; hmpi__mpi4_degrees(comm, &in, &out); (void)out;                               \
        w.too_large = !fits(sendcount) && sendbuf != MPI_IN_PLACE;                                 \
        NARROW(counts, recvcounts, in_n, rcounts, 1) NARROW(displs, displs, in_n, rdispls, 1),     \
        P(sendbuf, narrow(sendcount), sendtype, recvbuf, rcounts, rdispls, recvtype, comm), 1)
ALLGATHERV_FORMS(Allgatherv, allgatherv, hmpi__mpi4_group_size(comm))
ALLGATHERV_FORMS(Neighbor_allgatherv, neighbor_allgatherv, in)

#define ALLTOALLV_FORMS(Name, name, out_n, in_n)                                                   \
    LARGE_FORMS(                                                                                   \
        Name, name,                                                                                \
        P(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],             \
          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],                      \
          const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm),                         \
        P(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),   \
        int in = 0;                                                                                \
        int out = 0; hmpi__mpi4_degrees(comm, &in, &out); int sends = sendbuf != MPI_IN_PLACE;     \
        NARROW(counts, sendcounts, out_n, scounts, sends)                                          \
            NARROW(displs, sdispls, out_n, sd, sends) NARROW(counts, recvcounts, in_n, rcounts, 1) \
                NARROW(displs, rdispls, in_n, rd, 1),                                              \
        P(sendbuf, scounts, sd, sendtype, recvbuf, rcounts, rd, recvtype, comm), 1)
ALLTOALLV_FORMS(Alltoallv, alltoallv, hmpi__mpi4_group_size(comm), hmpi__mpi4_group_size(comm))
ALLTOALLV_FORMS(Neighbor_alltoallv, neighbor_alltoallv, out, in)

LARGE_FORMS(Alltoallw, alltoallw,
            P(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
              const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
              const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
            P(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
              comm),
            int p = hmpi__mpi4_group_size(comm);
            int sends = sendbuf != MPI_IN_PLACE;
            NARROW(counts, sendcounts, p, scounts, sends) NARROW(displs, sdispls, p, sd, sends)
                NARROW(counts, recvcounts, p, rcounts, 1) NARROW(displs, rdispls, p, rd, 1),
            P(sendbuf, scounts, sd, sendtypes, recvbuf, rcounts, rd, recvtypes, comm), 1)

/* MPI_Aint displacements already: only the counts narrow */
LARGE_FORMS(Neighbor_alltoallw, neighbor_alltoallw,
            P(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
              const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
              const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
            P(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
              comm),
            int in = 0;
            int out = 0; hmpi__mpi4_degrees(comm, &in, &out);
            NARROW(counts, sendcounts, out, scounts, 1) NARROW(counts, recvcounts, in, rcounts, 1),
            P(sendbuf, scounts, sdispls, sendtypes, recvbuf, rcounts, rdispls, recvtypes, comm), 1)

LARGE_FORMS(Reduce_scatter, reduce_scatter,
            P(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
            P(sendbuf, recvbuf, recvcounts, datatype, op, comm),
            int p = hmpi__mpi4_group_size(comm);
            NARROW(counts, recvcounts, p, rcounts, 1),
            P(sendbuf, recvbuf, rcounts, datatype, op, comm), 1)

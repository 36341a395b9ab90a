/* Algorithm choice: the rows of algorithms.h, the settings that force one,
 * and auto, the cheapest row a call can use by the machine's cost model. */
#include "coll/select.h"
#include "core/config.h"
#include "core/error.h"

#include <stdio.h>

const char *const hmpi__coll_algorithm_names[] = {
#define NAME_OF(NAME, name) #name,
    HMPI__COLL_ALGORITHM_NAMES(NAME_OF)
#undef NAME_OF
        NULL};
_Static_assert(sizeof hmpi__coll_algorithm_names / sizeof hmpi__coll_algorithm_names[0] ==
                   HMPI__NALGS + 1,
               "one name per algorithm");

static const char *const coll_names[] = {
#define COLL_NAME(Name, name, NAME, SIG, PASS) #name,
    HMPI__COLLECTIVES(COLL_NAME)
#undef COLL_NAME
};
_Static_assert(sizeof coll_names / sizeof coll_names[0] == HMPI__NCOLLS, "one name per collective");

/* The per-collective settings follow hmpi_algorithm in the collectives' order. */
#define CHECK_SETTING(Name, name, NAME, SIG, PASS)                                                 \
    _Static_assert(HMPI__CFG_ALGORITHM_OF(HMPI__##NAME) == HMPI__CFG_##NAME##_ALGORITHM,           \
                   "registry order of hmpi_" #name "_algorithm");
HMPI__COLLECTIVES(CHECK_SETTING)
#undef CHECK_SETTING

typedef struct row {
    int coll, alg;
    hmpi__coll_builder build;
    unsigned needs;
    hmpi__coll_cost cost;
} row;

static const row rows[] = {
#define ROW(COLL, ALG, build, needs, cost) {HMPI__##COLL, HMPI__ALG_##ALG, build, needs, cost},
    HMPI__COLL_ALGORITHMS(ROW)
#undef ROW
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

const char *hmpi__coll_name(int coll)
{
    return coll >= 0 && coll < HMPI__NCOLLS ? coll_names[coll] : "?";
}

static const char *algorithm_name(int alg)
{
    return alg >= 0 && alg < HMPI__NALGS ? hmpi__coll_algorithm_names[alg] : "?";
}

static int find_row(int coll, int alg)
{
    for (int i = 0; i < NROWS; i++)
        if (rows[i].coll == coll && rows[i].alg == alg)
            return i;
    return -1;
}

/* "linear, pairwise": the algorithms of coll, for messages. */
static void algorithms_of(int coll, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < NROWS && used < len; i++)
        if (rows[i].coll == coll)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                     algorithm_name(rows[i].alg));
}

int hmpi__coll_algorithm_setting(const char *fn, int coll, MPI_Info info, int *alg)
{
    hmpi__cfg_value own, global;
    int rc;
    if ((rc = hmpi__config_get(HMPI__CFG_ALGORITHM_OF(coll), info, fn, &own)) ||
        (rc = hmpi__config_get(HMPI__CFG_COLL_ALGORITHM, info, fn, &global)))
        return rc;
    if (own.source != HMPI__FROM_DEFAULT)
        *alg = own.number;
    else if (global.source == HMPI__FROM_ENV && find_row(coll, global.number) < 0)
        *alg = HMPI__ALG_AUTO; /* the process-wide setting applies where it exists */
    else
        *alg = global.number;
    return MPI_SUCCESS;
}

/* Does row r go through the segment on a communicator over `nodes` nodes?
 * The node steps of the multi-node rows only where it spans nodes; the
 * `shm` rows on one node, and on several where they span nodes. */
static int row_uses_segment(const row *r, int nodes)
{
    if (r->needs & HMPI__USES_SEGMENT)
        return nodes > 1;
    return (r->needs & HMPI__NEEDS_SEGMENT) && (nodes == 1 || (r->needs & HMPI__SPANS_NODES));
}

int hmpi__coll_seeks_segment(int coll, int alg, int nodes)
{
    for (int i = 0; i < NROWS; i++)
        if (rows[i].coll == coll && (alg == HMPI__ALG_AUTO || rows[i].alg == alg) &&
            row_uses_segment(&rows[i], nodes))
            return 1;
    return 0;
}

int hmpi__coll_shm_spans_nodes(int coll)
{
    int i = find_row(coll, HMPI__ALG_SHM);
    return i >= 0 && (rows[i].needs & HMPI__SPANS_NODES);
}

static int eligible(const row *r, const hmpi__coll_ctx *c)
{
    if (c->past_int && !(r->needs & HMPI__ANY_SIZE))
        return 0;
    if ((r->needs & HMPI__NEEDS_COMMUTATIVE) && !c->commutative)
        return 0;
    if ((r->needs & HMPI__NEEDS_SEGMENT) && !c->shm_usable)
        return 0;
    return !(r->needs & HMPI__NEEDS_ORDERED) || c->commutative || c->ordered_nodes;
}

static int forced(const char *fn, const hmpi__coll_args *a, int alg, const hmpi__coll_ctx *c,
                  hmpi__coll_builder *out)
{
    char have[256];
    int i = find_row(a->coll, alg);
    if (i < 0) {
        algorithms_of(a->coll, have, sizeof have);
        return hmpi__error_code(MPI_ERR_INFO_VALUE, fn,
                                "algorithm '%s' does not implement %s (it has: %s)",
                                algorithm_name(alg), hmpi__coll_name(a->coll), have);
    }
    if ((rows[i].needs & HMPI__NEEDS_SEGMENT) && !c->shm_usable)
        return hmpi__error_code(MPI_ERR_ARG, fn,
                                "algorithm '%s' needs the ranks of each node to share memory, a "
                                "blocking or persistent call, a free segment (HMPI_SHM, "
                                "HMPI_SHM_CHANNELS), a contiguous 'datatype' for reductions and, "
                                "over several nodes, a barrier, bcast, or reduce or allreduce "
                                "with a commutative 'op'",
                                algorithm_name(alg));
    if (c->past_int && !(rows[i].needs & HMPI__ANY_SIZE)) { /* the library takes it */
        if (c->rank == 0)
            hmpi__verbose("%s: algorithm '%s' takes buffers of at most INT_MAX bytes: the MPI "
                          "library's %s instead",
                          fn, algorithm_name(alg), hmpi__coll_name(a->coll));
        i = find_row(a->coll, HMPI__ALG_NATIVE);
    }
    if (!eligible(&rows[i], c))
        return hmpi__error_code(MPI_ERR_OP, fn, "algorithm '%s' needs a commutative 'op'%s",
                                algorithm_name(alg),
                                rows[i].needs & HMPI__NEEDS_ORDERED
                                    ? " or the ranks of every node numbered consecutively"
                                    : "");
    *out = rows[i].build;
    return MPI_SUCCESS;
}

/* HMPI_VERBOSE: what auto weighed, once per call on the communicator's rank 0. */
static void tell_choice(const char *fn, const hmpi__coll_args *a, const hmpi__coll_ctx *c, int best,
                        const double *costs, int measured)
{
    char line[512];
    size_t used = 0;
    if (c->rank != 0 || !hmpi__verbose_enabled())
        return;
    for (int i = 0; i < NROWS && used < sizeof line; i++)
        if (rows[i].coll == a->coll && costs[i] < HMPI__COST_NEVER)
            used += (size_t)snprintf(line + used, sizeof line - used, " %s %.1f",
                                     algorithm_name(rows[i].alg), costs[i]);
    hmpi__verbose("%s: auto took %s for %s on %d ranks, %d nodes (%s us:%s)", fn,
                  algorithm_name(rows[best].alg), hmpi__coll_name(a->coll), c->size, c->nodes,
                  measured ? "measured" : "modelled", line);
}

/* Row i's time for the call: measured by hmpi-tune when the tuning file
 * has the collective's times on such a communicator (never for a row it
 * did not time), else modelled. The times are the persistent form's, but
 * for native in a blocking call, which runs the library's blocking
 * collective: its own time (native-blocking) where measured. */
static double row_cost(int i, const hmpi__coll_ctx *c, const hmpi__coll_args *a, int measured)
{
    const char *coll = hmpi__coll_name(a->coll);
    double bytes, us = -1;
    if (!measured)
        return rows[i].cost(c, a);
    bytes = hmpi__coll_block_bytes(c, a);
    if (rows[i].alg == HMPI__ALG_NATIVE && c->blocking)
        us = hmpi__cost_time(&c->cost, coll, c->size, c->nodes, "native-blocking", bytes);
    if (us < 0)
        us = hmpi__cost_time(&c->cost, coll, c->size, c->nodes, algorithm_name(rows[i].alg), bytes);
    return us >= 0 ? us : HMPI__COST_NEVER;
}

/* Every eligible row's cost for the call into costs (HMPI__COST_NEVER for
 * the others), a row priced as messages at the cheapest message-passing
 * row's (and the library's own sums); the cheapest row (ties: the first). */
static int price_rows(const hmpi__coll_ctx *c, const hmpi__coll_args *a, int measured,
                      double *costs)
{
    double messages = HMPI__COST_NEVER; /* the cheapest row that passes messages */
    int best = -1;
    for (int i = 0; i < NROWS; i++) {
        costs[i] = HMPI__COST_NEVER;
        if (rows[i].coll != a->coll || !eligible(&rows[i], c))
            continue;
        costs[i] = row_cost(i, c, a, measured);
        if (costs[i] >= 0 && costs[i] < messages && !(rows[i].needs & HMPI__NEEDS_SEGMENT))
            messages = costs[i];
    }
    for (int i = 0; i < NROWS; i++) {
        if (rows[i].coll != a->coll || !eligible(&rows[i], c))
            continue;
        if (costs[i] == HMPI__COST_AS_MESSAGES) /* the library's messages, its own sums */
            costs[i] = messages + hmpi__cost_native_sums(c, a);
        if (best < 0 || costs[i] < costs[best])
            best = i;
    }
    return best;
}

int hmpi__coll_select(const char *fn, const hmpi__coll_args *a, int alg, const hmpi__coll_ctx *c,
                      hmpi__coll_builder *out)
{
    double costs[NROWS];
    int best, measured;
    if (alg != HMPI__ALG_AUTO)
        return forced(fn, a, alg, c, out);
    measured = hmpi__cost_times_cover(&c->cost, hmpi__coll_name(a->coll), c->size, c->nodes);
    best = price_rows(c, a, measured, costs);
    if (measured && costs[best] >= HMPI__COST_NEVER) /* nothing measured the call can use */
        best = price_rows(c, a, measured = 0, costs);
    tell_choice(fn, a, c, best, costs, measured);
    /* every collective's first row, native, has no needs: where nothing
     * measured or modelled is finite, auto takes the library's own */
    *out = rows[best].build;
    return MPI_SUCCESS;
}

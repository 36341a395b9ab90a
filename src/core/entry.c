/* The entry pipeline and the agreement helpers (see entry.h). */
#include "core/entry.h"
#include "core/config.h"
#include "core/pmpi.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int hmpi__allreduce_range(MPI_Comm comm, int n, const long *mine, long *lo, long *hi)
{
    /* every fixed-size agreement (splits: 34 values) fits the stack */
    long stack[2 * 64], *v = n <= 64 ? stack : malloc(2 * (size_t)n * sizeof *v);
    if (!v)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++) {
        int none = mine[i] == HMPI__NO_VALUE;
        v[i] = mine[i];
        v[n + i] = none ? HMPI__NO_VALUE : -mine[i]; /* neutral for MPI_MAX */
    }
    int rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, v, 2 * n, MPI_LONG, MPI_MAX, comm);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
        hi[i] = v[i];
        lo[i] = v[n + i] == HMPI__NO_VALUE ? HMPI__NO_VALUE : -v[n + i];
    }
    if (v != stack)
        free(v);
    return rc;
}

int hmpi__any_failed(MPI_Comm comm, int failed, int *any)
{
    long mine = failed != 0, lo, hi;
    int rc = hmpi__allreduce_range(comm, 1, &mine, &lo, &hi);
    *any = rc == MPI_SUCCESS && hi > 0;
    return rc;
}

int hmpi__check_enabled(void)
{
    return hmpi__config_number(HMPI__CFG_CHECK);
}

/* An item's value, named when it has names. */
static void value_text(const hmpi__agree_item *item, long value, char *out, size_t size)
{
    const char *name = item->name ? item->name(value) : NULL;
    if (name)
        snprintf(out, size, "%s", name);
    else
        snprintf(out, size, "%ld", value);
}

/* The error of an item that differs: its least and greatest values, and
 * the first process giving each (one more allreduce; every process gets
 * here alike). */
static int disagreement(MPI_Comm comm, const char *fn, const hmpi__agree_item *item)
{
    struct {
        long value;
        int rank;
    } ends[2];
    char least[64], most[64];
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int none = item->value == HMPI__NO_VALUE; /* no opinion: neither end */
    ends[0].value = none ? LONG_MAX : item->value;
    ends[1].value = none ? LONG_MAX : -item->value; /* the greatest as the least */
    ends[0].rank = ends[1].rank = rank;
    int rc = HMPI__MPI(Allreduce)(MPI_IN_PLACE, ends, 2, MPI_LONG_INT, MPI_MINLOC, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    value_text(item, ends[0].value, least, sizeof least);
    value_text(item, -ends[1].value, most, sizeof most);
    return hmpi__error_code(item->err_class, fn,
                            "HMPI_CHECK: the %s differs across the communicator's %d processes: "
                            "%s at rank %d, %s at rank %d (this is rank %d)",
                            item->what, size, least, ends[0].rank, most, ends[1].rank, rank);
}

int hmpi__check_agreement(MPI_Comm comm, const char *fn, int local_rc, int n,
                          const hmpi__agree_item *items)
{
    /* always HMPI__AGREE_MAX items: a process that failed has none to give */
    long mine[HMPI__AGREE_MAX + 1], lo[HMPI__AGREE_MAX + 1], hi[HMPI__AGREE_MAX + 1];
    mine[0] = local_rc != MPI_SUCCESS;
    for (int i = 0; i < HMPI__AGREE_MAX; i++)
        mine[1 + i] = i < n && local_rc == MPI_SUCCESS ? items[i].value : HMPI__NO_VALUE;
    int rc = hmpi__allreduce_range(comm, HMPI__AGREE_MAX + 1, mine, lo, hi);
    if (rc != MPI_SUCCESS)
        return rc;
    if (local_rc != MPI_SUCCESS)
        return local_rc;
    if (hi[0] > 0)
        return hmpi__error_code(MPI_ERR_ARG, fn,
                                "HMPI_CHECK: another process passed invalid arguments");
    for (int i = 0; i < n; i++)
        if (lo[1 + i] != hi[1 + i])
            return disagreement(comm, fn, &items[i]);
    return MPI_SUCCESS;
}

/* Errors about the call itself: raised at once, no agreement possible. */
static int check_call(const hmpi__entry *e)
{
    int rc = MPI_SUCCESS, inter = 0;
    HMPI__ERRTEST_COMM(e->comm, e->ops->comm_name, rc, e->fn);
    MPI_Comm_test_inter(e->comm, &inter);
    HMPI__ERRTEST(inter, rc, MPI_ERR_COMM, e->fn,
                  "argument '%s' is an intercommunicator (not supported)", e->ops->comm_name);
    HMPI__ERRTEST(e->form != HMPI__FORM_BLOCKING && !e->request, rc, MPI_ERR_ARG, e->fn,
                  "argument 'request' is NULL");
fn_fail:
    return rc;
}

static int agree(const hmpi__entry *e, int local_rc)
{
    hmpi__agree_item items[HMPI__AGREE_MAX];
    int n = local_rc == MPI_SUCCESS && e->ops->agreement ? e->ops->agreement(e, items) : 0;
    return hmpi__check_agreement(e->comm, e->fn, local_rc, n, items);
}

int hmpi__entry_run(hmpi__entry *e)
{
    void *op = NULL;
    int rc;
    int checking = hmpi__config_number_now(HMPI__CFG_CHECK, &e->stamp);
    /* a call identical to one that passed every check, on the same
     * communicator (whose cache goes with it), needs none */
    if (!checking && e->ops->reuse && e->ops->reuse(e, &op)) {
        rc = e->ops->launch(op, e->form, e->request);
        return rc == MPI_SUCCESS ? rc : hmpi__raise(e->comm, rc);
    }
    if ((rc = check_call(e)) != MPI_SUCCESS)
        return hmpi__raise(e->comm, rc);
    rc = e->ops->check(e);
    if (checking)
        rc = agree(e, rc);
    if (rc == MPI_SUCCESS)
        rc = e->ops->build(e, &op);
    if (rc == MPI_SUCCESS)
        rc = e->ops->launch(op, e->form, e->request);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(e->comm, rc);
}

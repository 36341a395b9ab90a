/* What the generated C side of the Fortran modules shares: sentinels,
 * buffer descriptors, handle arrays, statuses and strings. */
#include "fortran/fortran.h"

#include "core/error.h"
#include "iso/iso.h"

#include <stdint.h>
#include <string.h>

/* mpi_f08's sentinels, recognized by address (hmpi_f_sentinels) */
static void *f_in_place, *f_bottom, *f_status_ignore, *f_statuses_ignore;

/* Open MPI 4.1's and MPICH 4.0's mpi_f08 type(MPI_Status) is their C
 * MPI_Status, field for field (MPICH's MPI_Status_c2f08 is a copy, and lives
 * in its Fortran library) */
#define F08_STATUS_SIZE sizeof(MPI_Status)
#if MPI_VERSION >= 4
_Static_assert(sizeof(MPI_F08_status) == sizeof(MPI_Status), "mpi_f08's status is not C's");
#endif

HMPI_API void hmpi_f_sentinels(CFI_cdesc_t *in_place, CFI_cdesc_t *bottom, void *status_ignore,
                               void *statuses_ignore)
{
    f_in_place = in_place->base_addr;
    f_bottom = bottom->base_addr;
    f_status_ignore = status_ignore;
    f_statuses_ignore = statuses_ignore;
}

/* Fortran's rule: every dimension follows the previous ones without a gap. */
static int contiguous(const CFI_cdesc_t *d)
{
    ptrdiff_t expect = (ptrdiff_t)d->elem_len;
    for (int r = 0; r < d->rank; r++) {
        if (d->dim[r].extent <= 0)
            return 1; /* empty: nothing to address */
        if (d->dim[r].extent > 1 && d->dim[r].sm != expect)
            return 0;
        expect *= d->dim[r].extent;
    }
    return 1;
}

int hmpi__f_buffer(const CFI_cdesc_t *d, const char *fn, const char *arg, MPI_Comm comm, void **out)
{
    if (d->base_addr && d->base_addr == f_in_place) {
        *out = MPI_IN_PLACE;
        return MPI_SUCCESS;
    }
    if (d->base_addr && d->base_addr == f_bottom) {
        *out = MPI_BOTTOM;
        return MPI_SUCCESS;
    }
    if (!contiguous(d))
        return hmpi__error(comm, MPI_ERR_BUFFER, fn,
                           "argument '%s' is not contiguous (pass a contiguous array, or "
                           "describe the layout with a derived datatype)",
                           arg);
    *out = d->base_addr;
    return MPI_SUCCESS;
}

int hmpi__f_types(const MPI_Fint *f, int n, const char *fn, const char *arg, MPI_Comm comm,
                  MPI_Datatype **out)
{
    MPI_Datatype *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
    if (!c)
        return hmpi__error(comm, MPI_ERR_NO_MEM, fn, "no memory for argument '%s' (%d types)", arg,
                           n);
    for (int i = 0; i < n; i++)
        c[i] = MPI_Type_f2c(f[i]);
    *out = c;
    return MPI_SUCCESS;
}

int hmpi__f_degree(MPI_Comm comm, int which)
{
    int in = 0, out = 0;
    hmpi__mpi4_degrees(comm, &in, &out);
    return which == 0 ? out : in;
}

int hmpi__f_iso_count(MPI_Comm comm)
{
    /* silent: without a neighbourhood the call itself reports the error */
    const hmpi__iso *n = comm == MPI_COMM_NULL ? NULL : hmpi__iso_find(comm);
    return n ? n->s : 0;
}

MPI_Status *hmpi__f_status_in(void *f08, MPI_Status *local)
{
    return f08 == f_status_ignore ? MPI_STATUS_IGNORE : local;
}

void hmpi__f_status_out(const MPI_Status *c, void *f08)
{
    if (c == MPI_STATUS_IGNORE)
        return;
    memcpy(f08, c, sizeof *c);
}

int hmpi__f_statuses_in(void *f08, int count, MPI_Status *stack, int nstack, MPI_Status **out)
{
    if (f08 == f_statuses_ignore) {
        *out = MPI_STATUSES_IGNORE;
        return MPI_SUCCESS;
    }
    if (count <= nstack) {
        *out = stack;
        return MPI_SUCCESS;
    }
    *out = malloc((size_t)count * sizeof **out);
    return *out ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

void hmpi__f_statuses_out(const MPI_Status *c, int count, void *f08)
{
    if (c == MPI_STATUSES_IGNORE)
        return;
    for (int i = 0; i < count; i++)
        hmpi__f_status_out(&c[i], (char *)f08 + (size_t)i * F08_STATUS_SIZE);
}

void hmpi__f_string_out(const char *c, char *f, int flen)
{
    size_t n = strlen(c);
    if (flen <= 0)
        return;
    if (n > (size_t)flen)
        n = (size_t)flen;
    memcpy(f, c, n);
    memset(f + n, ' ', (size_t)flen - n);
}

int hmpi__f_string_in(const char *f, int flen, char **out)
{
    size_t n = flen > 0 ? (size_t)flen : 0;
    while (n > 0 && f[n - 1] == ' ')
        n--;
    if (!(*out = malloc(n + 1)))
        return MPI_ERR_NO_MEM;
    if (n > 0)
        memcpy(*out, f, n);
    (*out)[n] = '\0';
    return MPI_SUCCESS;
}

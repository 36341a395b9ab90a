/* The C side of hmpi's Fortran modules (hmpi, hmpi_mpi4_f08): what the
 * generated functions (tools/fortran-gen.py) share. Built into
 * libhmpi_mpi4 when a Fortran compiler with ISO_Fortran_binding.h is
 * found. Private. */
#ifndef HMPI_FORTRAN_INTERNAL_H
#define HMPI_FORTRAN_INTERNAL_H

#include "mpi4/mpi4.h"

#include <ISO_Fortran_binding.h>
#include <stdlib.h>

/* Tells the addresses of mpi_f08's MPI_IN_PLACE, MPI_BOTTOM,
 * MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE (the modules call it once). */
HMPI_API void hmpi_f_sentinels(CFI_cdesc_t *in_place, CFI_cdesc_t *bottom, void *status_ignore,
                               void *statuses_ignore);

/* The address of the buffer d describes (MPI_IN_PLACE and MPI_BOTTOM
 * translated); MPI_ERR_BUFFER, named after fn's argument, unless it is
 * contiguous. */
int hmpi__f_buffer(const CFI_cdesc_t *d, const char *fn, const char *arg, MPI_Comm comm,
                   void **out);

/* n Fortran datatype handles as a new C array (freed by the caller). */
int hmpi__f_types(const MPI_Fint *f, int n, const char *fn, const char *arg, MPI_Comm comm,
                  MPI_Datatype **out);

/* Array lengths of datatype arguments (besides hmpi__mpi4_group_size): a
 * process topology's out- (which 0) or in-degree (which 1), an isomorphic
 * neighbourhood's size. 0 when comm has none. */
int hmpi__f_degree(MPI_Comm comm, int which);
int hmpi__f_iso_count(MPI_Comm comm);

/* Statuses: MPI_STATUS(ES)_IGNORE, or C storage to convert to mpi_f08's
 * type(MPI_Status) after the call. */
MPI_Status *hmpi__f_status_in(void *f08, MPI_Status *local);
void hmpi__f_status_out(const MPI_Status *c, void *f08);
int hmpi__f_statuses_in(void *f08, int count, MPI_Status *stack, int nstack, MPI_Status **out);
void hmpi__f_statuses_out(const MPI_Status *c, int count, void *f08);

/* c into a Fortran CHARACTER(len=flen), blank-padded. */
void hmpi__f_string_out(const char *c, char *f, int flen);

/* A Fortran CHARACTER(len=flen) as a new C string (freed by the caller),
 * its trailing blanks dropped; MPI_ERR_NO_MEM. */
int hmpi__f_string_in(const char *f, int flen, char **out);

#endif

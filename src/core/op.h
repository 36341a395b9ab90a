/* Predefined reduction operations against datatypes (MPI 4.0 §6.9.2).
 * Private. */
#ifndef HMPI_CORE_OP_H
#define HMPI_CORE_OP_H

#include "hmpi_internal.h"

/* MPI_SUCCESS, or an MPI_ERR_OP code (not raised) naming fn, when op is a
 * predefined operation that is not defined on type. Local: each process
 * decides alone, and every process of a collective decides the same. */
int hmpi__op_check(const char *fn, MPI_Op op, MPI_Datatype type);

/* The index of a predefined operation in hmpi's list of them, the same on
 * every process; -1 for user-defined operations, which cannot be compared
 * across processes. */
int hmpi__op_id(MPI_Op op);

/* inout = in op inout, as MPI_Reduce_local. Sums of 8- and 16-bit integers
 * are hmpi's own (wrapping, as two's complement and MPI do): Debian's Open
 * MPI 4.1 op/avx saturates them from 16 bytes on (100 + 100 = 127 in
 * MPI_INT8_T), where its own collectives, which reduce in other pieces,
 * meet it at other sizes (doc/collectives.md, "Local reductions"). */
int hmpi__reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op);

/* inout = inout op in (inout the left operand), in one of hmpi's own
 * loops: 1, or 0 where it has none for type and op (nothing done; not an
 * error code). With count 0 (the buffers NULL): whether it has one. */
int hmpi__reduce_local_left(void *inout, const void *in, int count, MPI_Datatype type, MPI_Op op);

#endif

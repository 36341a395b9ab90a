/* Library-wide state: created on first use, released when MPI_Finalize runs
 * (delete callback of an attribute on MPI_COMM_SELF). */
#ifndef HMPI_UTIL_STATE_H
#define HMPI_UTIL_STATE_H

/* Make sure the finalize hook is installed. Idempotent and thread-safe. */
void hmpi__state_ensure(void);

/* Release hooks of the modules, called once from the finalize hook. */
void hmpi__error_release(void);
void hmpi__locality_release(void);
void hmpi__commloc_release(void);
void hmpi__coll_release(void);
void hmpi__iso_release(void);

#endif

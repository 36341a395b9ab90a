/* Release at MPI_Finalize: modules register hooks, the core calls them.
 * Private. */
#ifndef HMPI_CORE_FINALIZE_H
#define HMPI_CORE_FINALIZE_H

/* A module's release function: frees its caches, keyvals and attributes of
 * predefined communicators. MPI libraries run it while MPI is still fully
 * usable (mpi_usable = 1); SimGrid SMPI runs it after finalize (0): then it
 * may free memory only, and make no MPI call. */
typedef void hmpi__finalize_hook(int mpi_usable);

/* Register hook once (a second registration of the same function is
 * ignored). Hooks run in reverse order of registration, like atexit().
 * Thread-safe; installs the MPI_Finalize trigger on first use. */
void hmpi__at_finalize(hmpi__finalize_hook *hook);

/* Under Sessions alone (no MPI_Init): run every hook now, MPI still
 * usable; the sessions layer calls it before the last session ends.
 * Nothing in the world model, where MPI_Finalize does it. */
void hmpi__finalize_run(void);

/* Make sure the trigger is installed (for the core's own caches). */
void hmpi__finalize_ensure(void);

#endif

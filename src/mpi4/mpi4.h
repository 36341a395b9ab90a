/* libhmpi_mpi4: MPI 4 for unmodified programs, through the MPI profiling
 * interface (this library defines MPI_X and calls PMPI_X). Private.
 *
 * Every operation hmpi runs for the program is handed out as a real
 * MPI_Request of the MPI library: a persistent send to MPI_PROC_NULL on
 * the operation's communicator (valid under Sessions, where MPI_COMM_SELF
 * is not), created inactive and never started, so that the library
 * accepts it anywhere a request goes. A table maps it to hmpi's request;
 * the completion functions look requests up there (only while such
 * requests exist) and pass everything else to the MPI library.
 *
 * The rest of hmpi is built for this library with HMPI_PMPI (core/pmpi.h):
 * its own calls go to PMPI_X, never into these wrappers. */
#ifndef HMPI_MPI4_INTERNAL_H
#define HMPI_MPI4_INTERNAL_H

#include "coll/coll.h"
#include "hierarchy/split.h"
#include "hmpi_internal.h"
#include "iso/iso.h"
#include "schedule/request.h"

#include <hmpi_mpi4.h>

/* Datatypes a proxy owns (the large-count forms' on MPI 3.1 libraries). */
#define HMPI__PROXY_OWNED 2

/* An hmpi operation behind an MPI_Request. */
typedef struct hmpi__proxy {
    MPI_Request handle; /* what the program holds */
    HMPI_Request req;   /* hmpi's (running while req->active); NULL once a
                           nonblocking one completed */
    int persistent;
    int finished; /* complete inside hmpi, not yet reported to the program */
    MPI_Datatype owned[HMPI__PROXY_OWNED]; /* freed with the proxy, or MPI_DATATYPE_NULL */
} hmpi__proxy;

/* Hand r out as an MPI_Request (nonblocking ones are already started).
 * On failure r is freed and the error raised on comm. */
int hmpi__mpi4_wrap(HMPI_Request r, int persistent, MPI_Comm comm, const char *fn,
                    MPI_Request *out);

/* The same, the proxy owning the datatypes owned[] (MPI_DATATYPE_NULL
 * where none; freed with it, or at once on failure). */
int hmpi__mpi4_wrap_owning(HMPI_Request r, int persistent, MPI_Datatype owned[HMPI__PROXY_OWNED],
                           MPI_Comm comm, const char *fn, MPI_Request *out);

/* Frees the datatypes of owned[] that are not MPI_DATATYPE_NULL (NULL: none). */
void hmpi__mpi4_free_types(MPI_Datatype owned[HMPI__PROXY_OWNED]);

/* The size of comm's group (remote group of an intercommunicator), and the
 * in- and out-degree of its process topology (0 without one). */
int hmpi__mpi4_group_size(MPI_Comm comm);
void hmpi__mpi4_degrees(MPI_Comm comm, int *indegree, int *outdegree);

/* HMPI_MPI4_COLLECTIVES: should this blocking or nonblocking collective on
 * comm run in hmpi? Collective (all processes of comm take the same way). */
int hmpi__mpi4_takes(MPI_Comm comm, const char *fn);

/* ---- the hardware process sets (psets.c) ----------------------------------
 * Made once by hmpi__psets_make, collective over world (a communicator of
 * every process of mpi://WORLD, in its order); then local and thread-safe.
 * Index i in [0, hmpi__psets_count()). */
#define HMPI__MAX_PSETS 40
void hmpi__psets_make(MPI_Comm world);
int hmpi__psets_count(void);
/* Set i's name copied into name: 0 when there is no set i (any more). */
int hmpi__psets_name(int i, char name[MPI_MAX_PSET_NAME_LEN]);
int hmpi__psets_size(int i);
/* i of the set of that name (case-insensitive), or -1. */
int hmpi__psets_find(const char *name);
/* Set i as a group of world, a group of mpi://WORLD. */
int hmpi__psets_group(int i, MPI_Group world, MPI_Group *group);
/* A new info of MPI_Session_get_pset_info for a set of size processes. */
void hmpi__psets_size_info(int size, MPI_Info *info);
/* name out as MPI_Session_get_nth_pset gives it: at most *pset_len - 1
 * characters and a NUL (none when *pset_len is 0); *pset_len becomes the
 * whole name's length plus 1. */
void hmpi__psets_name_out(const char *name, int *pset_len, char *pset_name);

#ifdef HMPI_MPI4_DECLARES_SESSIONS
/* MPI initialized, by the program or as a session initializes it (at
 * MPI_THREAD_SINGLE), before the Fortran MPI_Session_init converts its
 * handles; the error of a finalized MPI. */
int hmpi__mpi4_sessions_init_mpi(void);
#endif

#endif

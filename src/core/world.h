/* The process's world: MPI_COMM_WORLD in the world model (MPI_Init); under
 * MPI 4.0's Sessions alone, where MPI_COMM_WORLD and MPI_COMM_SELF are not
 * valid, mpi://WORLD and mpi://SELF as the sessions layer (src/mpi4) tells
 * them: it reports each session's beginning and end. Private. */
#ifndef HMPI_CORE_WORLD_H
#define HMPI_CORE_WORLD_H

#include <mpi.h>

/* 1 when MPI_Init has run and MPI_Finalize not: MPI_COMM_WORLD and
 * MPI_COMM_SELF are usable. */
int hmpi__world_model(void);

/* 1 when MPI is usable: the world model, or a session open. */
int hmpi__mpi_usable(void);

/* This process's rank in its world and the world's size: MPI_COMM_WORLD's,
 * else mpi://WORLD's as the sessions told it; -1 when neither is known
 * (Sessions without libhmpi_mpi4's MPI_Session_init). */
int hmpi__world_position(int *rank, int *size);

/* A communicator of this process alone that lives as long as MPI is usable
 * (for MPI_Pack's argument): MPI_COMM_SELF, else the sessions'; otherwise
 * MPI_COMM_NULL. */
MPI_Comm hmpi__world_self(void);

/* The sessions open. */
int hmpi__world_sessions(void);

/* A session began: rank and size are the process's in mpi://WORLD (size
 * 0: not known); self, a communicator of mpi://SELF that the world keeps
 * while sessions are open (the first one given; MPI_COMM_NULL: none). */
void hmpi__world_session_begin(int rank, int size, MPI_Comm self);

/* The communicator of mpi://SELF, handed back to be freed before the last
 * session ends (MPI_COMM_NULL: none); the world has none after. */
MPI_Comm hmpi__world_release_self(void);

/* A session ended. */
void hmpi__world_session_end(void);

#endif

/* The process's world: MPI_COMM_WORLD in the world model (MPI_Init); under
 * MPI 4.0's Sessions alone, where MPI_COMM_WORLD and MPI_COMM_SELF are not
 * valid, mpi://WORLD as the sessions layer (src/mpi4) tells it: it reports
 * each session's beginning and end. Private. */
#ifndef HMPI_CORE_WORLD_H
#define HMPI_CORE_WORLD_H

/* 1 when MPI_Init has run and MPI_Finalize not: MPI_COMM_WORLD and
 * MPI_COMM_SELF are usable. */
int hmpi__world_model(void);

/* 1 when MPI is usable: the world model, or a session open. */
int hmpi__mpi_usable(void);

/* This process's rank in its world and the world's size: MPI_COMM_WORLD's,
 * else mpi://WORLD's as the first session told, else 0 and 1. */
void hmpi__world_position(int *rank, int *size);

/* A session began; rank and size are the process's in mpi://WORLD (size
 * 0: not known). */
void hmpi__world_session_begin(int rank, int size);

/* A session ends: the number still open. */
int hmpi__world_session_end(void);

#endif

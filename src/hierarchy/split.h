/* Split primitives shared by the hierarchy functions. Private. */
#ifndef HMPI_HIERARCHY_SPLIT_H
#define HMPI_HIERARCHY_SPLIT_H

#include "hierarchy/commloc.h"

/* Result of the one allreduce that starts every split. */
typedef struct hmpi__agreement {
    int common;    /* path elements shared by every process of comm */
    int has_child; /* some process has an element at depth `common` */
    int type;      /* agreed split type code (see split.c) */
    int kind;      /* agreed guided kind, -1 when unknown or inconsistent */
    int extra[2];  /* maximum of the callers' extra values */
} hmpi__agreement;

/* kind argument of processes that have no guided level to agree on */
#define HMPI__NO_KIND (-2)
/* kind of a guided split that names a device (locality.h: hmpi__device_element) */
#define HMPI__KIND_DEVICE 64
/* kind of a guided split by binding (MPICH's `bindset`): the processes of a
 * node bound to the same processing units */
#define HMPI__KIND_BINDSET 65
/* kind of a guided split by MPICH's `hbm`: the processes nearest one NUMA
 * node of high-bandwidth memory (locality.h, hmpi__path's hbm) */
#define HMPI__KIND_HBM 66

/* One allreduce over comm: common path prefix, split type, guided kind (-1:
 * unknown, which makes the agreed kind -1), and two extra values. */
int hmpi__agree(MPI_Comm comm, const hmpi__path *path, int type, int kind, const int extra[2],
                hmpi__agreement *out);

/* One unguided step with roots, key = rank in comm. leader_extra carries a
 * value pair from comm's rank 0 to all of comm through the same allreduce
 * (the hierarchy uses it to finish the previous level). On return,
 * the numbering of newcomm is known on its rank 0 (newcl), learned holds the
 * pair sent by comm's rank 0. */
int hmpi__unguided_step(MPI_Comm comm, hmpi__commloc *cl, const int leader_extra[2], int learned[2],
                        MPI_Comm *newcomm, MPI_Comm *rootscomm, hmpi__commloc **newcl,
                        const char *fn);

/* Guided split at kind with key, plus roots (rootscomm may be NULL). */
int hmpi__guided_split(MPI_Comm comm, hmpi__commloc *cl, int kind, int key, MPI_Comm *newcomm,
                       MPI_Comm *rootscomm, const char *fn);

/* HMPI_Comm_split_type and HMPI_Get_hw_resource_info, errors naming fn
 * (libhmpi_mpi4's MPI_ functions are the other callers). */
int hmpi__comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm,
                          const char *fn);
int hmpi__get_hw_resource_info(MPI_Info *hw_info, const char *fn);

/* HMPI_Get_hw_resource_types without its argument checks; the code not
 * raised. Collective. */
int hmpi__hw_resource_types(MPI_Comm comm, int *ntypes, char types[][HMPI_MAX_LEVEL_NAME],
                            int maxtypes, const char *fn);

#endif

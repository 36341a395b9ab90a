/* The multi-lane allreduce tests' case: a persistent HMPI_Allreduce_init
 * with the multilane algorithm and the given integer settings, started
 * three times with new contents and compared with MPI_Allreduce. */
#ifndef HMPI_LANECASE_H
#define HMPI_LANECASE_H

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>

/* settings: nsettings (info key, value) pairs; check_op: the op
 * MPI_Allreduce checks with (the same, or its built-in equal). Returns the
 * schedule's messages on this process. */
static int lane_allreduce_case(const char *const *keys, const int *values, int nsettings, int count,
                               MPI_Datatype type, MPI_Op op, MPI_Op check_op)
{
    int *in = malloc(sizeof(double) * (size_t)count), *out = malloc(sizeof(double) * (size_t)count);
    int *want = malloc(sizeof(double) * (size_t)count), rank, rounds, messages;
    char text[16];
    MPI_Info info;
    HMPI_Request req;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "multilane");
    for (int s = 0; s < nsettings; s++) {
        snprintf(text, sizeof text, "%d", values[s]);
        MPI_Info_set(info, keys[s], text);
    }
    CHECK_MPI(HMPI_Allreduce_init(in, out, count, type, op, MPI_COMM_WORLD, info, &req));
    CHECK_MPI(HMPI_Request_get_schedule_info(req, &rounds, &messages));
    for (int run = 0; run < 3; run++) {
        for (int i = 0; i < count; i++) {
            int v = (rank * 37 + i * 11 + run * 5) % 101 - 50;
            if (type == MPI_INT)
                in[i] = v;
            else
                ((double *)in)[i] = v + 0.25;
        }
        CHECK_MPI(HMPI_Start(&req));
        CHECK_MPI(HMPI_Wait(&req, MPI_STATUS_IGNORE));
        MPI_Allreduce(in, want, count, type, check_op, MPI_COMM_WORLD);
        for (int i = 0; i < count; i++)
            if (type == MPI_INT)
                CHECK_INT(out[i], want[i]);
            else /* small integers and quarters: exact in any order */
                CHECK(((double *)out)[i] == ((double *)want)[i]);
    }
    CHECK_MPI(HMPI_Request_free(&req));
    MPI_Info_free(&info);
    free(in);
    free(out);
    free(want);
    return messages;
}

/* MPI_Init, and the communicator of this process's node (virtual clusters
 * included); *rank: in MPI_COMM_WORLD. */
static MPI_Comm lane_test_init(int *argc, char ***argv, int *rank)
{
    MPI_Comm node;
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    CHECK_MPI(
        HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, *rank, MPI_INFO_NULL, &node));
    return node;
}

#endif

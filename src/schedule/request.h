/* Requests: a schedule plus its state, shared by every operation module. */
#ifndef HMPI_SCHEDULE_REQUEST_H
#define HMPI_SCHEDULE_REQUEST_H

#include "schedule/schedule.h"

struct hmpi_request {
    hmpi__sched *sched;
    int persistent; /* inactive after completion; else freed by completion */
    int active;
    MPI_Comm comm;    /* the user's communicator: its error handler */
    const char *name; /* the function that created it */
};

/* Wrap a built schedule (ownership moves to the request). */
int hmpi__request_create(hmpi__sched *s, int persistent, MPI_Comm comm, const char *name,
                         HMPI_Request *out);

#endif

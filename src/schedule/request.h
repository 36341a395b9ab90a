/* Requests: a schedule plus its state, shared by every operation module. */
#ifndef HMPI_SCHEDULE_REQUEST_H
#define HMPI_SCHEDULE_REQUEST_H

#include "core/entry.h"
#include "schedule/schedule.h"

struct hmpi_request {
    hmpi__sched *sched;
    int persistent; /* inactive after completion; else freed by completion */
    int active;
    MPI_Comm comm;    /* the user's communicator: its error handler */
    const char *name; /* the function that created it */
};

/* Finish an entry point with the request just built: persistent, hand it
 * over; nonblocking, start it and hand it over; blocking, start and wait
 * (which frees it). */
int hmpi__request_launch(HMPI_Request r, int form, HMPI_Request *request);
/* The same, as the entry pipeline's launch step (op: an HMPI_Request). */
int hmpi__request_launch_op(void *op, int form, void *request);

/* Wrap a built schedule: ownership moves to the request on every path (on
 * failure the schedule is freed and the code, not raised, names name). */
int hmpi__request_create(hmpi__sched *s, int persistent, MPI_Comm comm, const char *name,
                         HMPI_Request *out);

/* Start and complete, for library code (errors not raised). */
int hmpi__request_start(HMPI_Request r, const char *fn);
int hmpi__request_wait(HMPI_Request *request, MPI_Status *status);
/* Advance a request; *flag = 1 when complete (a nonblocking one is then
 * freed, a persistent one inactive). */
int hmpi__request_test(HMPI_Request *request, int *flag, MPI_Status *status);
/* The status of a completed collective: MPI_ANY_SOURCE, MPI_ANY_TAG, no
 * element (MPI_STATUS_IGNORE: nothing). */
void hmpi__request_empty_status(MPI_Status *status);
void hmpi__request_destroy(HMPI_Request *request);

#endif

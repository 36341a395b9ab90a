/* HMPI_Start/Wait/Test/Request_free: progress happens only inside these calls. */
#include "schedule/request.h"

#include <stdlib.h>

int hmpi__request_create(hmpi__sched *s, int persistent, MPI_Comm comm, const char *name,
                         HMPI_Request *out)
{
    struct hmpi_request *r = malloc(sizeof *r);
    if (!r)
        return MPI_ERR_NO_MEM;
    *r = (struct hmpi_request){s, persistent, 0, comm, name};
    *out = r;
    return MPI_SUCCESS;
}

int hmpi__request_launch(HMPI_Request r, int form, HMPI_Request *request)
{
    int rc;
    if (form == HMPI__FORM_PERSISTENT) {
        *request = r;
        return MPI_SUCCESS;
    }
    if ((rc = HMPI_Start(&r)) != MPI_SUCCESS) {
        HMPI_Request_free(&r);
        return rc;
    }
    if (form == HMPI__FORM_NONBLOCKING) {
        *request = r;
        return MPI_SUCCESS;
    }
    return HMPI_Wait(&r, MPI_STATUS_IGNORE);
}

static void empty_status(MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
}

static void destroy(HMPI_Request *request)
{
    hmpi__sched_free((*request)->sched);
    free(*request);
    *request = HMPI_REQUEST_NULL;
}

/* A run just finished: persistent requests go inactive, others are freed. */
static void completed(HMPI_Request *request, MPI_Status *status)
{
    (*request)->active = 0;
    if (!(*request)->persistent)
        destroy(request);
    empty_status(status);
}

int HMPI_Start(HMPI_Request *request)
{
    static const char fn[] = "HMPI_Start";
    if (!request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument 'request' is NULL");
    HMPI_Request r = *request;
    if (!r)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_REQUEST, fn,
                           "argument 'request' is HMPI_REQUEST_NULL");
    if (r->active)
        return hmpi__error(r->comm, MPI_ERR_REQUEST, fn,
                           "argument 'request' (%s) is already active", r->name);
    r->active = 1;
    int rc = hmpi__sched_start(r->sched);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(r->comm, rc);
}

int HMPI_Startall(int count, HMPI_Request requests[])
{
    if (count < 0)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COUNT, "HMPI_Startall",
                           "argument 'count' (%d) is negative", count);
    if (count > 0 && !requests)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Startall",
                           "argument 'requests' is NULL");
    for (int i = 0; i < count; i++) {
        int rc = HMPI_Start(&requests[i]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

int HMPI_Wait(HMPI_Request *request, MPI_Status *status)
{
    if (!request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Wait", "argument 'request' is NULL");
    HMPI_Request r = *request;
    if (!r || !r->active) { /* null or inactive: returns at once, empty status */
        empty_status(status);
        return MPI_SUCCESS;
    }
    int rc = hmpi__sched_wait(r->sched);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(r->comm, rc);
    completed(request, status);
    return MPI_SUCCESS;
}

int HMPI_Waitall(int count, HMPI_Request requests[], MPI_Status statuses[])
{
    if (count < 0)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COUNT, "HMPI_Waitall",
                           "argument 'count' (%d) is negative", count);
    if (count > 0 && !requests)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Waitall",
                           "argument 'requests' is NULL");
    for (int i = 0; i < count; i++) {
        int rc = HMPI_Wait(&requests[i],
                           statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

int HMPI_Test(HMPI_Request *request, int *flag, MPI_Status *status)
{
    if (!request || !flag)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Test", "argument '%s' is NULL",
                           !request ? "request" : "flag");
    HMPI_Request r = *request;
    if (!r || !r->active) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    int done = 0, rc = hmpi__sched_test(r->sched, &done);
    if (rc != MPI_SUCCESS)
        return hmpi__raise(r->comm, rc);
    *flag = done;
    if (done)
        completed(request, status);
    return MPI_SUCCESS;
}

int HMPI_Request_free(HMPI_Request *request)
{
    static const char fn[] = "HMPI_Request_free";
    if (!request || !*request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_REQUEST, fn, "argument 'request' is %s",
                           !request ? "NULL" : "HMPI_REQUEST_NULL");
    if ((*request)->active)
        return hmpi__error((*request)->comm, MPI_ERR_REQUEST, fn,
                           "argument 'request' (%s) is active: complete it first",
                           (*request)->name);
    destroy(request);
    return MPI_SUCCESS;
}

int HMPI_Request_get_schedule_info(HMPI_Request request, int *rounds, int *messages)
{
    if (!request || !rounds || !messages)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Request_get_schedule_info",
                           "argument '%s' is NULL",
                           !request  ? "request"
                           : !rounds ? "rounds"
                                     : "messages");
    hmpi__sched_stats(request->sched, rounds, messages);
    return MPI_SUCCESS;
}

/* HMPI_Start/Wait/Test/Request_free: progress happens only inside these calls. */
#include "schedule/request.h"

#include <stdio.h>
#include <stdlib.h>

int hmpi__request_create(hmpi__sched *s, int persistent, MPI_Comm comm, const char *name,
                         HMPI_Request *out)
{
    struct hmpi_request *r = malloc(sizeof *r);
    if (!r) {
        hmpi__sched_free(s);
        return hmpi__error_code(MPI_ERR_NO_MEM, name, "out of memory");
    }
    *r = (struct hmpi_request){s, persistent, 0, comm, name};
    *out = r;
    return MPI_SUCCESS;
}

void hmpi__request_destroy(HMPI_Request *request)
{
    hmpi__sched_free((*request)->sched);
    free(*request);
    *request = HMPI_REQUEST_NULL;
}

void hmpi__request_empty_status(MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
}

/* A run just finished: persistent requests go inactive, others are freed. */
static void completed(HMPI_Request *request, MPI_Status *status)
{
    (*request)->active = 0;
    if (!(*request)->persistent)
        hmpi__request_destroy(request);
    hmpi__request_empty_status(status);
}

/* An error of the MPI library met while running r's schedule (a message
 * on hmpi's private communicator), told as r's function's on the user's
 * communicator, with the likely cause when it is a message's: processes
 * that called different collectives. */
__attribute__((cold, noinline)) static int told_failure(HMPI_Request r, int rc)
{
    char what[MPI_MAX_ERROR_STRING], name[MPI_MAX_OBJECT_NAME];
    int len, klass;
    if (hmpi__error_is_own(rc) || MPI_Error_class(rc, &klass) != MPI_SUCCESS)
        return rc;
    MPI_Error_string(rc, what, &len);
    if (MPI_Comm_get_name(r->comm, name, &len) != MPI_SUCCESS || len == 0)
        snprintf(name, sizeof name, "(unnamed)");
    return hmpi__error_code(
        klass, r->name, "a message of the collective on communicator %s failed: %s%s", name, what,
        klass == MPI_ERR_TRUNCATE || klass == MPI_ERR_TYPE || klass == MPI_ERR_COUNT
            ? " (did every process call the same collectives in the same "
              "order? HMPI_CHECK=1 checks that they agree)"
            : "");
}

/* (success inline: the failure's buffers cost every start and wait a frame) */
static inline int told(HMPI_Request r, int rc)
{
    return rc == MPI_SUCCESS ? rc : told_failure(r, rc);
}

int hmpi__request_start(HMPI_Request r, const char *fn)
{
    if (r->active)
        return hmpi__error_code(MPI_ERR_REQUEST, fn, "argument 'request' (%s) is already active",
                                r->name);
    r->active = 1;
    return told(r, hmpi__sched_start(r->sched));
}

int hmpi__request_wait(HMPI_Request *request, MPI_Status *status)
{
    HMPI_Request r = *request;
    if (!r || !r->active) { /* null or inactive: returns at once, empty status */
        hmpi__request_empty_status(status);
        return MPI_SUCCESS;
    }
    int rc = told(r, hmpi__sched_wait(r->sched));
    if (rc == MPI_SUCCESS)
        completed(request, status);
    return rc;
}

int hmpi__request_test(HMPI_Request *request, int *flag, MPI_Status *status)
{
    HMPI_Request r = *request;
    int done = 0, rc;
    if (!r || !r->active) { /* null or inactive: complete, empty status */
        *flag = 1;
        hmpi__request_empty_status(status);
        return MPI_SUCCESS;
    }
    if ((rc = hmpi__sched_test(r->sched, &done)) != MPI_SUCCESS)
        return told(r, rc);
    *flag = done;
    if (done)
        completed(request, status);
    return MPI_SUCCESS;
}

int hmpi__request_launch(HMPI_Request r, int form, HMPI_Request *request)
{
    int rc;
    if (form == HMPI__FORM_PERSISTENT) {
        *request = r;
        return MPI_SUCCESS;
    }
    if ((rc = hmpi__request_start(r, r->name)) != MPI_SUCCESS) {
        r->active = 0;
        hmpi__request_destroy(&r);
        return rc;
    }
    if (form == HMPI__FORM_NONBLOCKING) {
        *request = r;
        return MPI_SUCCESS;
    }
    return hmpi__request_wait(&r, MPI_STATUS_IGNORE);
}

int hmpi__request_launch_op(void *op, int form, void *request)
{
    return hmpi__request_launch(op, form, request);
}

/* ---- the public functions -------------------------------------------------- */

int HMPI_Start(HMPI_Request *request)
{
    static const char fn[] = "HMPI_Start";
    if (!request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument 'request' is NULL");
    if (!*request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_REQUEST, fn,
                           "argument 'request' is HMPI_REQUEST_NULL");
    int rc = hmpi__request_start(*request, fn);
    return rc == MPI_SUCCESS ? rc : hmpi__raise((*request)->comm, rc);
}

int HMPI_Startall(int count, HMPI_Request requests[])
{
    static const char fn[] = "HMPI_Startall";
    int rc = MPI_SUCCESS;
    HMPI__ERRTEST_COUNT(count, "count", rc, fn);
    HMPI__ERRTEST(count > 0 && !requests, rc, MPI_ERR_ARG, fn, "argument 'requests' is NULL");
    for (int i = 0; i < count; i++) {
        HMPI__ERRTEST(!requests[i], rc, MPI_ERR_REQUEST, fn,
                      "argument 'requests[%d]' is HMPI_REQUEST_NULL", i);
        if ((rc = hmpi__request_start(requests[i], fn)) != MPI_SUCCESS)
            return hmpi__raise(requests[i]->comm, rc);
    }
    return MPI_SUCCESS;
fn_fail:
    return hmpi__raise(MPI_COMM_NULL, rc);
}

int HMPI_Wait(HMPI_Request *request, MPI_Status *status)
{
    if (!request)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Wait", "argument 'request' is NULL");
    MPI_Comm comm = *request ? (*request)->comm : MPI_COMM_NULL;
    int rc = hmpi__request_wait(request, status);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
}

int HMPI_Waitall(int count, HMPI_Request requests[], MPI_Status statuses[])
{
    static const char fn[] = "HMPI_Waitall";
    int rc = MPI_SUCCESS;
    HMPI__ERRTEST_COUNT(count, "count", rc, fn);
    HMPI__ERRTEST(count > 0 && !requests, rc, MPI_ERR_ARG, fn, "argument 'requests' is NULL");
    for (int i = 0; i < count; i++) {
        MPI_Comm comm = requests[i] ? requests[i]->comm : MPI_COMM_NULL;
        rc = hmpi__request_wait(&requests[i],
                                statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i]);
        if (rc != MPI_SUCCESS)
            return hmpi__raise(comm, rc);
    }
    return MPI_SUCCESS;
fn_fail:
    return hmpi__raise(MPI_COMM_NULL, rc);
}

int HMPI_Test(HMPI_Request *request, int *flag, MPI_Status *status)
{
    if (!request || !flag)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Test", "argument '%s' is NULL",
                           !request ? "request" : "flag");
    MPI_Comm comm = *request ? (*request)->comm : MPI_COMM_NULL;
    int rc = hmpi__request_test(request, flag, status);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
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
    hmpi__request_destroy(request);
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

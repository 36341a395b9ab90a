/* The schedule engine's call steps, as modules extend them: a call step
 * waits (done 0) and the round's later steps wait with it; the engine calls
 * it again until it is done; hmpi__sched_last_call names a call only while
 * a step added now would directly follow it (the same round, no request
 * between); hmpi__sched_runs counts the starts. Asserts exact values over
 * several runs, on every rank alone (MPI_COMM_SELF); and a round made
 * after no request launches without waiting for the requests before it
 * (ranks 0 and 1). Linked with hmpi's objects. */
#include "schedule/schedule.h"
#include "testutil.h"

#include <stdlib.h>

#define RUNS 3
#define WAITS 2 /* calls that find the step not ready, each run */

typedef struct counter {
    int calls;  /* every call */
    int value;  /* set once done: the run's number */
    int *ready; /* how many calls are still to come before done */
} counter;

static int slow_step(void *arg, int *done)
{
    counter *c = arg;
    c->calls++;
    *done = *c->ready == 0;
    if (*done)
        c->value++;
    else
        (*c->ready)--;
    return MPI_SUCCESS;
}

static int other_step(void *arg, int *done)
{
    (void)arg;
    *done = 1;
    return MPI_SUCCESS;
}

/* Which call a step added now would follow, as the schedule grows. */
static void last_call(void)
{
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_SELF);
    int ready = 0, a = 1, b = 2, x = 0, y = 0;
    counter c = {0, 0, &ready};
    CHECK(s != NULL);
    CHECK(hmpi__sched_last_call(s, slow_step) == NULL); /* no step yet */
    CHECK_MPI(hmpi__sched_call(s, slow_step, &c));
    CHECK(hmpi__sched_last_call(s, slow_step) == &c);
    CHECK(hmpi__sched_last_call(s, other_step) == NULL); /* another function's */
    CHECK_MPI(hmpi__sched_copy(s, &a, 1, MPI_INT, &x, 1, MPI_INT));
    CHECK(hmpi__sched_last_call(s, slow_step) == NULL); /* a copy between */
    CHECK_MPI(hmpi__sched_call(s, slow_step, &c));
    CHECK(hmpi__sched_last_call(s, slow_step) == &c);
    CHECK_MPI(hmpi__sched_send(s, &b, 1, MPI_INT, 0, 5, MPI_COMM_SELF));
    CHECK_MPI(hmpi__sched_recv(s, &y, 1, MPI_INT, 0, 5, MPI_COMM_SELF));
    CHECK(hmpi__sched_last_call(s, slow_step) == NULL); /* a new step opens a round */
    CHECK_MPI(hmpi__sched_round(s));
    CHECK(hmpi__sched_last_call(s, slow_step) == NULL); /* an empty round */
    CHECK(hmpi__sched_runs(s) == 0);
    for (int run = 1; run <= RUNS; run++) {
        x = y = 0;
        CHECK_MPI(hmpi__sched_start(s));
        CHECK_MPI(hmpi__sched_wait(s));
        CHECK(hmpi__sched_runs(s) == (unsigned)run);
        CHECK(x == 1 && y == 2);
        CHECK(c.value == 2 * run); /* both calls, each run */
    }
    hmpi__sched_free(s);
}

/* A call that is not ready holds the round's later steps back: the copy
 * after it reads what it wrote, in every run. */
static void waits(void)
{
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_SELF);
    int ready, seen = 0;
    counter c = {0, 0, &ready};
    CHECK(s != NULL);
    CHECK_MPI(hmpi__sched_call(s, slow_step, &c));
    CHECK_MPI(hmpi__sched_copy(s, &c.value, 1, MPI_INT, &seen, 1, MPI_INT));
    for (int run = 1; run <= RUNS; run++) {
        int done = 0;
        ready = WAITS;
        CHECK_MPI(hmpi__sched_start(s));
        CHECK(seen == run - 1); /* the copy has not run */
        CHECK_MPI(hmpi__sched_test(s, &done));
        CHECK(!done);
        CHECK_MPI(hmpi__sched_wait(s));
        CHECK(seen == run);
        CHECK(c.calls == run * (WAITS + 1));
    }
    hmpi__sched_free(s);
}

/* Rank 0 receives from rank 1, then, in a round after no request, calls a
 * step and sends to rank 1, which sends only once it has received: an
 * ordinary round would wait for the receive, and neither would go on. The
 * second run by hmpi__sched_test, which must move the receive while the
 * step waits. */
static void after_nothing(int rank)
{
    int ready, sent = 0, got = 0;
    counter c = {0, 0, &ready};
    if (rank > 1)
        return;
    if (rank == 1) {
        for (int run = 1; run <= RUNS; run++) {
            MPI_Recv(&got, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(got == 10 * run);
            MPI_Send(&run, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
        }
        return;
    }
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_WORLD);
    CHECK(s != NULL);
    CHECK_MPI(hmpi__sched_recv(s, &got, 1, MPI_INT, 1, 7, MPI_COMM_WORLD));
    CHECK_MPI(hmpi__sched_round_after(s, NULL, 0));
    CHECK_MPI(hmpi__sched_call(s, slow_step, &c));
    CHECK_MPI(hmpi__sched_send(s, &sent, 1, MPI_INT, 1, 8, MPI_COMM_WORLD));
    for (int run = 1; run <= RUNS; run++) {
        int done = 0;
        ready = WAITS;
        sent = 10 * run;
        CHECK_MPI(hmpi__sched_start(s));
        if (run == 2)
            while (!done)
                CHECK_MPI(hmpi__sched_test(s, &done));
        else
            CHECK_MPI(hmpi__sched_wait(s));
        CHECK(got == run);
        CHECK(c.value == run && c.calls == run * (WAITS + 1));
    }
    hmpi__sched_free(s);
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    last_call();
    waits();
    after_nothing(rank);
    if (rank == 0)
        printf("schedule call steps: %d checks: ok\n", test_checks);
    MPI_Finalize();
    return 0;
}

/* The one step from a built schedule to a request (hmpi__request_create),
 * which every module ends its build with, owns the schedule on every path:
 * when the request cannot be allocated the schedule is freed, not leaked
 * (iso/neighbor.c leaked it), and the code names the function. Linked with
 * hmpi's objects and -Wl,--wrap for malloc, calloc, realloc and free, so
 * that the test counts hmpi's live blocks and can fail one allocation. */
#include "core/error.h"
#include "schedule/request.h"
#include "testutil.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static long live;     /* blocks hmpi (and this test) hold */
static int fail_next; /* the next allocation fails */

void *__wrap_malloc(size_t n)
{
    if (fail_next) {
        fail_next = 0;
        return NULL;
    }
    void *p = __real_malloc(n);
    live += p != NULL;
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    void *p = __real_calloc(n, size);
    live += p != NULL;
    return p;
}

void *__wrap_realloc(void *old, size_t n)
{
    void *p = __real_realloc(old, n);
    live += old == NULL && p != NULL;
    return p;
}

void __wrap_free(void *p)
{
    live -= p != NULL;
    __real_free(p);
}

/* A schedule with something to free: a round and scratch memory. */
static hmpi__sched *some_schedule(void)
{
    hmpi__sched *s = hmpi__sched_create(MPI_COMM_WORLD);
    CHECK(s != NULL);
    CHECK_MPI(hmpi__sched_round(s));
    CHECK(hmpi__sched_scratch(s, 1000, MPI_INT) != NULL);
    return s;
}

int main(int argc, char **argv)
{
    HMPI_Request r = HMPI_REQUEST_NULL;
    int klass;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* error codes are kept per message until MPI_Finalize: make this one first */
    expect_error(hmpi__error_code(MPI_ERR_NO_MEM, "HMPI_Test_init", "out of memory"),
                 MPI_ERR_NO_MEM, "HMPI_Test_init", "out of memory");
    long before = live;

    hmpi__sched *s = some_schedule();
    CHECK(live > before);
    fail_next = 1; /* the request's own block */
    int rc = hmpi__request_create(s, 1, MPI_COMM_WORLD, "HMPI_Test_init", &r);
    CHECK(rc != MPI_SUCCESS);
    CHECK_MPI(HMPI_Error_class(rc, &klass));
    CHECK_INT(klass, MPI_ERR_NO_MEM);
    expect_error(rc, MPI_ERR_NO_MEM, "HMPI_Test_init", "out of memory");
    CHECK(r == HMPI_REQUEST_NULL); /* output written only on success */
    CHECK_INT(live, before);       /* the schedule went with the failure */

    s = some_schedule();
    CHECK_MPI(hmpi__request_create(s, 1, MPI_COMM_WORLD, "HMPI_Test_init", &r));
    CHECK(r != HMPI_REQUEST_NULL);
    hmpi__request_destroy(&r);
    CHECK_INT(live, before);

    printf("test_request_create: %d checks passed\n", test_checks);
    MPI_Finalize();
    return 0;
}

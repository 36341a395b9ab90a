/* MPI 4.0's Sessions with hmpi's hardware process sets (libhmpi_mpi4 on an
 * MPI 3.1 library), standard names only. Run on share/clusters/goglin-4nodes.conf
 * (nodes of 2 packages of one NUMA node and L3, with 2 L2 caches of 2 cores
 * each; 8 ranks a node bound to cores) with 8 or 16 ranks: the session
 * initializes MPI itself; every process set's mpi_size, group and
 * communicator against what the node gives; the same names in
 * MPI_COMM_TYPE_RESOURCE_GUIDED; errors. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi4_check.h"

/* Process set, the size of each process's instance. */
static const struct {
    const char *name;
    int size;
} expected[] = {
    {"mpi://WORLD", -1},   {"mpi://SELF", 1},      {"mpix://SHARED", 8},  {"hmpi://Machine", 8},
    {"hmpi://Package", 4}, {"hmpi://NUMANode", 4}, {"hmpi://L3Cache", 4}, {"hmpi://L2Cache", 2},
    {"hmpi://Core", 1},    {"hmpi://PU", 1},
};
#define NEXPECTED (int)(sizeof expected / sizeof expected[0])

static int pset_size(MPI_Session s, const char *name)
{
    MPI_Info info;
    char value[32];
    int flag = 0;
    CHECK(MPI_Session_get_pset_info(s, name, &info) == MPI_SUCCESS);
    MPI_Info_get(info, "mpi_size", sizeof value - 1, value, &flag);
    MPI_Info_free(&info);
    CHECK(flag);
    return atoi(value);
}

/* The listed sets: the expected ones in this order, each of its size. */
static void check_list(MPI_Session s)
{
    int n = 0, len;
    char name[MPI_MAX_PSET_NAME_LEN];
    CHECK(MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n) == MPI_SUCCESS);
    CHECK(n == NEXPECTED);
    for (int i = 0; i < n && i < NEXPECTED; i++) {
        len = 0;
        CHECK(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL) == MPI_SUCCESS);
        CHECK(len == (int)strlen(expected[i].name) + 1);
        CHECK(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name) == MPI_SUCCESS);
        CHECK(strcmp(name, expected[i].name) == 0);
        CHECK(pset_size(s, name) == (expected[i].size < 0 ? p : expected[i].size));
    }
    len = 5; /* truncated to 4 characters and the NUL; the whole length back */
    CHECK(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name) == MPI_SUCCESS);
    CHECK(strcmp(name, "mpi:") == 0 && len == (int)strlen("mpi://WORLD") + 1);
}

/* A communicator from each set, and the same from MPI_COMM_TYPE_RESOURCE_GUIDED. */
static void check_communicators(MPI_Session s)
{
    for (int i = 0; i < NEXPECTED; i++) {
        MPI_Group g, cg;
        MPI_Comm c, guided;
        MPI_Info info;
        int size, sum = 0, result;
        CHECK(MPI_Group_from_session_pset(s, expected[i].name, &g) == MPI_SUCCESS);
        CHECK(MPI_Comm_create_from_group(g, expected[i].name, MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                         &c) == MPI_SUCCESS);
        MPI_Comm_size(c, &size);
        CHECK(size == (expected[i].size < 0 ? p : expected[i].size));
        MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, c); /* world ranks of the instance */
        int first = expected[i].size < 0 ? 0 : me / expected[i].size * expected[i].size;
        CHECK(sum == size * first + size * (size - 1) / 2);
        MPI_Info_create(&info);
        MPI_Info_set(info, "mpi_pset_name", expected[i].name);
        CHECK(MPI_Comm_split_type(c, MPI_COMM_TYPE_RESOURCE_GUIDED, 0, info, &guided) ==
              MPI_SUCCESS);
        MPI_Info_free(&info);
        MPI_Comm_group(guided, &cg);
        MPI_Group_compare(g, cg, &result);
        CHECK(result == MPI_IDENT);
        MPI_Group_free(&cg);
        MPI_Group_free(&g);
        MPI_Comm_free(&guided);
        MPI_Comm_free(&c);
    }
}

static MPI_Session handled_session;
static int handled_code, handled;

static void on_error(MPI_Session *session, int *code, ...)
{
    handled_session = *session;
    handled_code = *code;
    handled++;
}

/* A session error handler of the program's: called with the session and the
 * code, by hmpi's errors and MPI_Session_call_errhandler. */
static void check_session_handler(MPI_Session s)
{
    MPI_Errhandler e, got;
    MPI_Group g;
    CHECK(MPI_Session_create_errhandler(on_error, &e) == MPI_SUCCESS);
    CHECK(MPI_Session_set_errhandler(s, e) == MPI_SUCCESS);
    CHECK(MPI_Session_get_errhandler(s, &got) == MPI_SUCCESS && got == e);
    MPI_Errhandler_free(&got);
    int rc = MPI_Group_from_session_pset(s, "hmpi://Drawer", &g);
    CHECK(rc != MPI_SUCCESS && handled == 1 && handled_session == s && handled_code == rc);
    CHECK(MPI_Session_call_errhandler(s, MPI_ERR_OTHER) == MPI_SUCCESS);
    CHECK(handled == 2 && handled_code == MPI_ERR_OTHER);
    CHECK(MPI_Session_set_errhandler(s, MPI_ERRORS_RETURN) == MPI_SUCCESS);
    MPI_Errhandler_free(&e);
    CHECK(MPI_Group_from_session_pset(s, "hmpi://Drawer", &g) != MPI_SUCCESS && handled == 2);
}

static void check_info_and_errors(MPI_Session s)
{
    MPI_Info info;
    MPI_Group g;
    MPI_Errhandler e;
    char value[64];
    int flag = 0, n;
    CHECK(MPI_Session_get_info(s, &info) == MPI_SUCCESS);
    MPI_Info_get(info, "thread_level", sizeof value - 1, value, &flag);
    CHECK(flag && strncmp(value, "MPI_THREAD_", 11) == 0);
    MPI_Info_free(&info);
    CHECK(MPI_Session_get_errhandler(s, &e) == MPI_SUCCESS && e == MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&e);
    CHECK(MPI_Group_from_session_pset(s, "hmpi://Drawer", &g) != MPI_SUCCESS);
    CHECK(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, NEXPECTED, &n, value) != MPI_SUCCESS);
    CHECK(MPI_Session_get_num_psets(MPI_SESSION_NULL, MPI_INFO_NULL, &n) != MPI_SUCCESS);
}

int main(void)
{
    MPI_Session s = MPI_SESSION_NULL, again = MPI_SESSION_NULL;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "thread_level", "MPI_THREAD_FUNNELED");
    if (MPI_Session_init(info, MPI_ERRORS_RETURN, &s) != MPI_SUCCESS)
        return 1;
    MPI_Info_free(&info);
    MPI_Comm_rank(MPI_COMM_WORLD, &me); /* (the world model beside the session) */
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    check_list(s);
    check_communicators(s);
    check_info_and_errors(s);
    check_session_handler(s);
    /* a second session beside the first, then both finalized */
    CHECK(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &again) == MPI_SUCCESS);
    check_list(again);
    CHECK(MPI_Session_finalize(&again) == MPI_SUCCESS && again == MPI_SESSION_NULL);
    checks_done("mpi4_sessions");
    CHECK(MPI_Session_finalize(&s) == MPI_SUCCESS && s == MPI_SESSION_NULL);
    return 0; /* libhmpi_mpi4 finalizes the MPI it initialized at exit */
}

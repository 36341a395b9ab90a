/* MPI 4.0's Sessions with hmpi's hardware process sets (libhmpi_mpi4 on an
 * MPI 3.1 library), standard names only. Run on share/clusters/goglin-4nodes.conf
 * (nodes of 2 packages of one NUMA node and L3, with 2 L2 caches of 2 cores
 * each; 8 ranks a node bound to cores) with 4, 8 or 16 ranks: the session
 * initializes MPI itself; every process set's mpi_size, group and
 * communicator against what the node gives; the same names in
 * MPI_COMM_TYPE_RESOURCE_GUIDED; errors; MPI_Intercomm_create_from_groups;
 * the sessions' Fortran handles (MPI_Session_c2f, MPI_Session_f2c).
 *
 * `mpi4_sessions intercomm` checks MPI_Intercomm_create_from_groups alone,
 * at any number of ranks and on any machine; `intercomm-world` the same
 * after the program's own MPI_Init. */
#include <limits.h>
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

/* The size of set i's instances with p ranks (the first ones of a node
 * when p is smaller than it). */
static int set_size(int i)
{
    return expected[i].size < 0 || expected[i].size > p ? p : expected[i].size;
}

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
        CHECK(pset_size(s, name) == set_size(i));
    }
    len = 5; /* truncated to 4 characters and the NUL; the whole length back (an hmpi set's:
                MPICH answers for its own) */
    CHECK(MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 2, &len, name) == MPI_SUCCESS);
    CHECK(strcmp(name, "mpix") == 0 && len == (int)strlen("mpix://SHARED") + 1);
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
        CHECK(size == set_size(i));
        MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, c); /* world ranks of the instance */
        int first = me / set_size(i) * set_size(i);
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

#ifdef HMPI_MPI4_DECLARES_SESSIONS /* hmpi's own Sessions */
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

/* ---- MPI_Intercomm_create_from_groups ---------------------------------- */

/* A split of mpi://WORLD into two disjoint sides: the side of world rank r. */
typedef int side_fn(int r);

static int parity(int r) /* the even ranks and the odd ones */
{
    return r % 2;
}

static int first_or_rest(int r) /* rank 0, and the others */
{
    return r > 0;
}

/* The group of the world ranks on side `which` of split, in rank order. */
static MPI_Group side_group(MPI_Group world, side_fn *split, int which)
{
    MPI_Group g;
    int n = 0, *ranks = malloc((size_t)p * sizeof *ranks);
    CHECK(ranks != NULL);
    for (int r = 0; r < p; r++)
        if (split(r) == which)
            ranks[n++] = r;
    MPI_Group_incl(world, n, ranks, &g);
    free(ranks);
    return g;
}

/* The sum of r + 1 over the world ranks r on side `which`. */
static long side_sum(side_fn *split, int which)
{
    long sum = 0;
    for (int r = 0; r < p; r++)
        if (split(r) == which)
            sum += r + 1;
    return sum;
}

static int comm_errors; /* calls of on_comm_error */

static void on_comm_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm, (void)code;
    comm_errors++;
}

/* One intercommunicator of split, each side led by its last rank, and what
 * it must be: inter, sizes, groups, the handler passed, an allreduce across
 * (each side gets the sum of the other's r + 1). Freed by the caller. */
static MPI_Comm check_one_intercomm(MPI_Group world, side_fn *split, const char *tag,
                                    MPI_Errhandler errhandler)
{
    int mine = split(me), flag = 0, result, size, rank, lsize, rsize;
    MPI_Group local = side_group(world, split, mine), remote = side_group(world, split, !mine);
    MPI_Group got;
    MPI_Comm inter = MPI_COMM_NULL;
    MPI_Errhandler e;
    MPI_Info info;
    long sum = 0, value = me + 1;
    MPI_Group_size(local, &lsize);
    MPI_Group_size(remote, &rsize);
    MPI_Group_rank(local, &rank);
    MPI_Info_create(&info); /* (an empty info: taken as it is) */
    /* remote_leader is significant at the local leader only: -1 elsewhere */
    CHECK(MPI_Intercomm_create_from_groups(local, lsize - 1, remote,
                                           rank == lsize - 1 ? rsize - 1 : -1, tag, info,
                                           errhandler, &inter) == MPI_SUCCESS);
    MPI_Info_free(&info);
    CHECK(MPI_Comm_test_inter(inter, &flag) == MPI_SUCCESS && flag);
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Comm_rank(inter, &rank);
    MPI_Group_rank(local, &result);
    CHECK(size == lsize && rank == result);
    MPI_Group_size(remote, &result);
    CHECK(rsize == result);
    MPI_Comm_remote_group(inter, &got);
    MPI_Group_compare(got, remote, &result);
    CHECK(result == MPI_IDENT);
    MPI_Group_free(&got);
    MPI_Comm_group(inter, &got);
    MPI_Group_compare(got, local, &result);
    CHECK(result == MPI_IDENT);
    MPI_Group_free(&got);
    CHECK(MPI_Comm_get_errhandler(inter, &e) == MPI_SUCCESS && e == errhandler);
    MPI_Errhandler_free(&e);
    CHECK(MPI_Allreduce(&value, &sum, 1, MPI_LONG, MPI_SUM, inter) == MPI_SUCCESS);
    CHECK(sum == side_sum(split, !mine));
    MPI_Group_free(&local);
    MPI_Group_free(&remote);
    return inter;
}

/* Each argument error: its class, the output left as it was, nothing sent
 * (every process fails alike); empty groups. */
static void check_intercomm_errors(MPI_Group world, MPI_Errhandler counting)
{
    int mine = parity(me), cls;
    MPI_Group local = side_group(world, parity, mine), remote = side_group(world, parity, !mine);
    MPI_Comm out = MPI_COMM_SELF;
    int lsize, rsize, lrank, rc;
    MPI_Group_size(local, &lsize);
    MPI_Group_size(remote, &rsize);
    MPI_Group_rank(local, &lrank);
#define EXPECT_ERROR(call, class)                                                                  \
    do {                                                                                           \
        rc = (call);                                                                               \
        CHECK(rc != MPI_SUCCESS && MPI_Error_class(rc, &cls) == MPI_SUCCESS && cls == (class));    \
        CHECK(out == MPI_COMM_SELF);                                                               \
    } while (0)
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, 0, remote, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, NULL),
                 MPI_ERR_ARG);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, 0, remote, 0, NULL, MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_ARG);
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    CHECK(strstr(text, "MPI_Intercomm_create_from_groups") && strstr(text, "'stringtag'"));
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(MPI_GROUP_NULL, 0, remote, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_GROUP);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, 0, MPI_GROUP_NULL, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_GROUP);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, -1, remote, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_RANK);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, lsize, remote, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_RANK);
    /* remote_leader counts at the local leader only: each process leads here */
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, lrank, remote, rsize, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_RANK);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(local, lrank, remote, -1, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_RANK);
    /* the calling process in neither group; in both */
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(remote, 0, remote, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_GROUP);
    EXPECT_ERROR(MPI_Intercomm_create_from_groups(world, 0, local, 0, "t", MPI_INFO_NULL,
                                                  MPI_ERRORS_RETURN, &out),
                 MPI_ERR_GROUP);
    /* the passed handler is called, and the code still returned */
    comm_errors = 0;
    EXPECT_ERROR(
        MPI_Intercomm_create_from_groups(local, 0, remote, 0, NULL, MPI_INFO_NULL, counting, &out),
        MPI_ERR_ARG);
    CHECK(comm_errors == 1);
#undef EXPECT_ERROR
    /* MPI_GROUP_EMPTY on either side (MPI 4.1): MPI_COMM_NULL, locally */
    CHECK(MPI_Intercomm_create_from_groups(local, 0, MPI_GROUP_EMPTY, 0, "t", MPI_INFO_NULL,
                                           counting, &out) == MPI_SUCCESS &&
          out == MPI_COMM_NULL);
    out = MPI_COMM_SELF;
    CHECK(MPI_Intercomm_create_from_groups(MPI_GROUP_EMPTY, 0, remote, -1, "t", MPI_INFO_NULL,
                                           counting, &out) == MPI_SUCCESS &&
          out == MPI_COMM_NULL);
    CHECK(comm_errors == 1);
    MPI_Group_free(&local);
    MPI_Group_free(&remote);
}

/* The program's wildcard receive on MPI_COMM_WORLD, open across a creation,
 * matches none of hmpi's messages: then it takes the process's own. */
static void check_world_untouched(MPI_Request *wild, int *got)
{
    int flag = 1, mark = -me - 1;
    CHECK(MPI_Test(wild, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && !flag);
    MPI_Send(&mark, 1, MPI_INT, me, 7, MPI_COMM_WORLD);
    MPI_Wait(wild, MPI_STATUS_IGNORE);
    CHECK(*got == mark);
}

/* Intercommunicators of an even/odd split and of rank 0 against the rest,
 * three alive at once (the even/odd one twice in a row, by two string
 * tags), the program's wildcard receive on MPI_COMM_WORLD open across them;
 * errors. */
static void check_intercomm(MPI_Session s)
{
    MPI_Group world;
    MPI_Errhandler counting;
    MPI_Request wild;
    int got = INT_MIN;
    if (p < 2) /* (two sides need two processes) */
        return;
    CHECK(MPI_Group_from_session_pset(s, "mpi://WORLD", &world) == MPI_SUCCESS);
    MPI_Comm_create_errhandler(on_comm_error, &counting);
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &wild);
    MPI_Comm a = check_one_intercomm(world, parity, "even-odd", MPI_ERRORS_RETURN);
    MPI_Comm b = check_one_intercomm(world, first_or_rest, "first-rest", counting);
    MPI_Comm c = check_one_intercomm(world, parity, "even-odd again", counting);
    check_world_untouched(&wild, &got);
    MPI_Comm_free(&a);
    MPI_Comm_free(&b);
    MPI_Comm_free(&c);
    check_intercomm_errors(world, counting);
    MPI_Errhandler_free(&counting);
    MPI_Group_free(&world);
}

/* MPI_Intercomm_create_from_groups alone: from a session that initialized
 * MPI, or (world != 0) after the program's MPI_Init. */
static int intercomm_only(int world)
{
    MPI_Session s = MPI_SESSION_NULL;
    if (world)
        MPI_Init(NULL, NULL);
    if (MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s) != MPI_SUCCESS)
        return 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    check_intercomm(s);
    checks_done(world ? "mpi4_sessions intercomm-world" : "mpi4_sessions intercomm");
    CHECK(MPI_Session_finalize(&s) == MPI_SUCCESS);
    if (world)
        MPI_Finalize();
    return 0;
}

/* Two sessions' Fortran handles (MPI_Session_c2f, _f2c): distinct, not
 * MPI_SESSION_NULL's (0), each back to its session; again's returned. */
static MPI_Fint check_fortran_handles(MPI_Session s, MPI_Session again)
{
    MPI_Fint f = MPI_Session_c2f(s), f_again = MPI_Session_c2f(again);
    CHECK(MPI_Session_c2f(MPI_SESSION_NULL) == 0 && MPI_Session_f2c(0) == MPI_SESSION_NULL);
    CHECK(f != 0 && f_again != 0 && f != f_again);
    CHECK(MPI_Session_f2c(f) == s && MPI_Session_f2c(f_again) == again);
    CHECK(MPI_Session_f2c(-1) == MPI_SESSION_NULL && MPI_Session_f2c(1 << 20) == MPI_SESSION_NULL);
    return f_again;
}

#else
/* An MPI 4.0 library's own Sessions (MPICH 4.0), hmpi's sets beside its
 * own, without MPI_Init: the list and the communicators of two sessions at
 * once. (MPICH 4.0.2 aborts on every Sessions error whatever the handler,
 * and crashes in a session begun after the last one ended: neither is
 * tried.) */
/* hmpi's persistent collectives on a communicator of the session (no
 * MPI_COMM_WORLD, no MPI_COMM_SELF), restarted 3 times: an allreduce, and a
 * bcast of every other int (a vector type, which hmpi packs). */
static void check_persistent(MPI_Comm comm)
{
    MPI_Request r[2];
    MPI_Datatype every_other;
    int sum[3], mine[3], root[6];
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    CHECK(MPI_Allreduce_init(mine, sum, 3, MPI_INT, MPI_SUM, comm, MPI_INFO_NULL, &r[0]) ==
          MPI_SUCCESS);
    CHECK(MPI_Bcast_init(root, 1, every_other, p - 1, comm, MPI_INFO_NULL, &r[1]) == MPI_SUCCESS);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 3; i++)
            mine[i] = me * (i + round + 1);
        for (int i = 0; i < 6; i++)
            root[i] = me == p - 1 || i % 2 ? 7 * i + round : -1;
        CHECK(MPI_Startall(2, r) == MPI_SUCCESS && MPI_Waitall(2, r, MPI_STATUSES_IGNORE) == 0);
        for (int i = 0; i < 3; i++)
            CHECK(sum[i] == (i + round + 1) * p * (p - 1) / 2);
        for (int i = 0; i < 6; i++)
            CHECK(root[i] == 7 * i + round);
    }
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    MPI_Type_free(&every_other);
}

static int comm_handled;

static void count_comm_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
    comm_handled++;
}

/* hmpi's errors on a communicator of the session go through its handler
 * (there is no world to ask whether MPI is initialized). */
static void check_comm_errors(MPI_Comm comm)
{
    MPI_Errhandler e;
    MPI_Request r;
    int x = 0;
    CHECK(MPI_Comm_create_errhandler(count_comm_error, &e) == MPI_SUCCESS);
    CHECK(MPI_Comm_set_errhandler(comm, e) == MPI_SUCCESS);
    CHECK(MPI_Bcast_init(&x, 1, MPI_INT, p + 5, comm, MPI_INFO_NULL, &r) != MPI_SUCCESS);
    CHECK(comm_handled == 1);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&e);
}

static int beside(void)
{
    MPI_Session s = MPI_SESSION_NULL, again = MPI_SESSION_NULL;
    MPI_Group world;
    MPI_Comm all;
    if (MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s) != MPI_SUCCESS)
        return 1;
    CHECK(MPI_Group_from_session_pset(s, "mpi://WORLD", &world) == MPI_SUCCESS);
    MPI_Group_rank(world, &me);
    MPI_Group_size(world, &p);
    check_list(s);
    check_communicators(s);
    CHECK(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &again) == MPI_SUCCESS);
    check_list(again);
    check_communicators(again);
    CHECK(MPI_Session_finalize(&again) == MPI_SUCCESS && again == MPI_SESSION_NULL);
    check_list(s); /* (the sets stay while a session is open) */
    CHECK(MPI_Comm_create_from_group(world, "tally", MPI_INFO_NULL, MPI_ERRORS_RETURN, &all) ==
          MPI_SUCCESS);
    check_persistent(all);
    check_comm_errors(all);
    checks_done_on("mpi4_sessions beside", all);
    MPI_Comm_free(&all);
    MPI_Group_free(&world);
    CHECK(MPI_Session_finalize(&s) == MPI_SUCCESS && s == MPI_SESSION_NULL);
    return 0;
}
#endif

int main(int argc, char **argv)
{
#ifndef HMPI_MPI4_DECLARES_SESSIONS
    (void)argc;
    (void)argv;
    return beside();
#else
    MPI_Session s = MPI_SESSION_NULL, again = MPI_SESSION_NULL;
    MPI_Info info;
    if (argc > 1)
        return intercomm_only(strcmp(argv[1], "intercomm-world") == 0);
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
    check_intercomm(s);
    /* a second session beside the first, then both finalized */
    CHECK(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &again) == MPI_SUCCESS);
    check_list(again);
    MPI_Fint f_again = check_fortran_handles(s, again);
    CHECK(MPI_Session_finalize(&again) == MPI_SUCCESS && again == MPI_SESSION_NULL);
    CHECK(MPI_Session_f2c(f_again) == MPI_SESSION_NULL); /* (a finalized session's) */
    checks_done("mpi4_sessions");
    CHECK(MPI_Session_finalize(&s) == MPI_SUCCESS && s == MPI_SESSION_NULL);
    return 0; /* libhmpi_mpi4 finalizes the MPI it initialized at exit */
#endif
}

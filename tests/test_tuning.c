/* The cost model's tuning file (HMPI_TUNING_FILE): auto takes the cheapest
 * algorithm by the model, so a machine without a per-message cost gets a
 * bcast in one round, a machine with a large one a binomial tree; results stay exact either way;
 * bad files fail with MPI_ERR_FILE naming the function, the file and the line; a file that
 * hmpi-tune wrote (argv[1]) loads and gives exact results; the isomorphic
 * choice counts the messages leaving a node; the combining alltoall takes
 * more leaders per node when moving bytes inside a node costs. Run on a virtual cluster of 4
 * nodes x 2 ranks (small-cluster); with --package-lanes, on nodes of two sockets, the
 * package line's bandwidth changes the multi-lane allreduce's shape. A
 * file's `collective` lines decide the choice on the communicator they
 * measured (the library's own collective, native, among them); with
 * --one-node FILE, what hmpi-tune wrote on one node (no network lines). */
#include "testutil.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int rank, size;
static char dir[64];
static long library_bcasts; /* MPI_Bcast calls, hmpi's native row's among them */

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    library_bcasts++;
    return PMPI_Bcast(buf, count, type, root, comm);
}

/* Does a blocking bcast of n ints from root 0 under the tuning file call
 * the library's own (the native row)? Checks the data. */
static int blocking_bcast_is_native(const char *file, int n)
{
    int *x = malloc(sizeof(int) * (size_t)n);
    long before;
    setenv("HMPI_TUNING_FILE", file, 1);
    for (int i = 0; i < n; i++)
        x[i] = rank == 0 ? 3 * i + 2 : -1;
    before = library_bcasts;
    CHECK_MPI(HMPI_Bcast(x, n, MPI_INT, 0, MPI_COMM_WORLD));
    int native = library_bcasts > before;
    for (int i = 0; i < n; i++)
        CHECK_INT(x[i], 3 * i + 2);
    unsetenv("HMPI_TUNING_FILE");
    free(x);
    return native;
}

/* A file in this run's directory with the given lines (rank 0 writes). */
static const char *tuning_file(const char *name, const char *text)
{
    static char path[16][128]; /* one per file of this test */
    static int next;
    char *p = path[next++ % 16];
    snprintf(p, 128, "%s/%s", dir, name);
    if (rank == 0) {
        FILE *f = fopen(p, "w");
        CHECK(f != NULL);
        fputs(text, f);
        fclose(f);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return p;
}

/* Start, complete and free a persistent request; *rounds and *messages:
 * its schedule's on this process. */
static void run_once(HMPI_Request *req, int *rounds, int *messages)
{
    CHECK_MPI(HMPI_Request_get_schedule_info(*req, rounds, messages));
    CHECK_MPI(HMPI_Start(req));
    CHECK_MPI(HMPI_Wait(req, MPI_STATUS_IGNORE));
    CHECK_MPI(HMPI_Request_free(req));
}

/* hmpi-tune's gaps are the model's, a message's CPU plus its bytes at the
 * largest size's bandwidth or more: at every size of a level, at least the
 * straight line from the smallest size's gap (the CPU) to the largest's.
 * Every line parses, both levels are there, a package line (a positive
 * bandwidth) when the node measured has two packages (want_package), and a
 * whole shm line (this machine's ranks share memory). */
static void measured_gaps(const char *file, int want_package, int want_network, int want_times)
{
    int packages = 0, shm = 0, timed = 0;
    enum { MOST = 64 };
    char line[256], name[16];
    double bytes[MOST], gap[MOST], latency;
    int level[MOST], n = 0, smallest[2] = {-1, -1}, largest[2] = {-1, -1};
    FILE *f = fopen(file, "r");
    CHECK(f != NULL);
    while (f && n < MOST && fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        if (strncmp(line, "package ", 8) == 0) {
            double per_us = 0;
            CHECK(sscanf(line + 8, "%lf", &per_us) == 1 && per_us > 0);
            packages++;
            continue;
        }
        if (strncmp(line, "collective ", 11) == 0) { /* a collective's time, one algorithm */
            char coll[32], alg[32];
            int ranks = 0, nodes = 0;
            double block = -1, us = 0;
            CHECK(sscanf(line + 11, "%31s %d %d %lf %31s %lf", coll, &ranks, &nodes, &block, alg,
                         &us) == 6);
            CHECK(ranks >= 2 && nodes >= 1 && nodes <= ranks && block >= 0 && us > 0);
            timed++;
            continue;
        }
        if (strncmp(line, "shm ", 4) == 0) { /* node 0's shared memory: a flag, two copies, */
            double flag_us = 0, per_us = 0, near_per_us = 0, data_us = -1; /* a data line, */
            double cross_per_us = 0;                                       /* a relay's copy */
            CHECK(sscanf(line + 4, "%lf %lf %lf %lf %lf", &flag_us, &per_us, &near_per_us, &data_us,
                         &cross_per_us) == 5 &&
                  flag_us > 0 && per_us > 0 && near_per_us >= per_us && data_us >= 0 &&
                  cross_per_us > 0);
            shm++;
            continue;
        }
        CHECK(sscanf(line, "%15s %lf %lf %lf", name, &bytes[n], &latency, &gap[n]) == 4);
        level[n] = strcmp(name, "network") == 0;
        CHECK(level[n] || strcmp(name, "node") == 0);
        CHECK(latency >= 0 && gap[n] >= 0);
        int *lo = &smallest[level[n]], *hi = &largest[level[n]];
        if (*lo < 0 || bytes[n] < bytes[*lo])
            *lo = n;
        if (*hi < 0 || bytes[n] > bytes[*hi])
            *hi = n;
        n++;
    }
    if (f)
        fclose(f);
    CHECK_INT(packages, want_package);
    CHECK_INT(shm, 1);                /* this machine's ranks share memory */
    CHECK((timed > 0) == want_times); /* CTest has hmpi-tune time the bcast, or not */
    CHECK(smallest[0] >= 0 && (smallest[1] >= 0) == want_network);
    for (int i = 0; i < n && smallest[0] >= 0; i++) {
        int lo = smallest[level[i]], hi = largest[level[i]];
        double span = bytes[hi] - bytes[lo], t = span > 0 ? (bytes[i] - bytes[lo]) / span : 0;
        CHECK(gap[i] >= gap[lo] + t * (gap[hi] - gap[lo]) - 1e-3); /* 4 decimals written */
    }
}

/* Rounds (most over processes) and the root's messages of a bcast of n
 * ints from root 0 under the tuning file; checks the data against MPI's. */
static void bcast_shape(const char *file, int n, int *rounds, int *root_messages)
{
    int *x = malloc(sizeof(int) * (size_t)n), *want = malloc(sizeof(int) * (size_t)n), mine, msgs;
    HMPI_Request req;
    setenv("HMPI_TUNING_FILE", file, 1);
    for (int i = 0; i < n; i++)
        want[i] = rank == 0 ? 7 * i + 1 : -1;
    MPI_Bcast(want, n, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        x[i] = rank == 0 ? 7 * i + 1 : -1;
    CHECK_MPI(HMPI_Bcast_init(x, n, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req));
    run_once(&req, &mine, &msgs);
    for (int i = 0; i < n; i++)
        CHECK_INT(x[i], want[i]);
    MPI_Allreduce(&mine, rounds, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Bcast(&msgs, 1, MPI_INT, 0, MPI_COMM_WORLD);
    *root_messages = msgs;
    unsetenv("HMPI_TUNING_FILE");
    free(x);
    free(want);
}

/* Messages of rank 0's schedule for a multi-lane allreduce of n ints under
 * the tuning file; checks the sum against MPI's. */
static int multilane_messages(const char *file, int n)
{
    int *in = malloc(sizeof(int) * (size_t)n), *out = malloc(sizeof(int) * (size_t)n);
    int *want = malloc(sizeof(int) * (size_t)n), rounds, msgs;
    MPI_Info info;
    HMPI_Request req;
    setenv("HMPI_TUNING_FILE", file, 1);
    for (int i = 0; i < n; i++)
        in[i] = rank + i % 7;
    MPI_Allreduce(in, want, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "multilane");
    CHECK_MPI(HMPI_Allreduce_init(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD, info, &req));
    MPI_Info_free(&info);
    run_once(&req, &rounds, &msgs);
    for (int i = 0; i < n; i++)
        CHECK_INT(out[i], want[i]);
    MPI_Bcast(&msgs, 1, MPI_INT, 0, MPI_COMM_WORLD);
    unsetenv("HMPI_TUNING_FILE");
    free(in);
    free(out);
    free(want);
    return msgs;
}

/* On nodes of two sockets, the link between them (the file's package line)
 * weighs in the multi-lane choice: a 1 MiB allreduce takes another shape
 * when crossing costs 1 byte/us than when it costs nothing, exact both ways
 * (--package-lanes: goglin-4nodes, 16 ranks). */
static void package_lanes(void)
{
    static const char curves[] = "network 0 2 0.3\nnetwork 1048576 86 84\n"
                                 "node 0 0.5 0.3\nnode 1048576 42 5.5\n";
    char slow[256], fast[256];
    snprintf(slow, sizeof slow, "%spackage 1\n", curves);
    snprintf(fast, sizeof fast, "%spackage 1e9\n", curves);
    int slow_msgs = multilane_messages(tuning_file("package-slow.txt", slow), 1 << 18);
    int fast_msgs = multilane_messages(tuning_file("package-fast.txt", fast), 1 << 18);
    CHECK(slow_msgs != fast_msgs);
}

/* Allreduce and allgather agree with MPI's under a model. */
static void results_under(const char *file)
{
    int in[5], out[5], want[5], *all = malloc(sizeof(int) * (size_t)size),
                                *all_want = malloc(sizeof(int) * (size_t)size);
    setenv("HMPI_TUNING_FILE", file, 1);
    for (int i = 0; i < 5; i++)
        in[i] = rank * 10 + i;
    CHECK_MPI(HMPI_Allreduce(in, out, 5, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    MPI_Allreduce(in, want, 5, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < 5; i++)
        CHECK_INT(out[i], want[i]);
    CHECK_MPI(HMPI_Allgather(&rank, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD));
    MPI_Allgather(&rank, 1, MPI_INT, all_want, 1, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        CHECK_INT(all[i], all_want[i]);
    unsetenv("HMPI_TUNING_FILE");
    free(all);
    free(all_want);
}

/* One isomorphic alltoall over the 26 neighbours of a periodic 2 x 2 x 2
 * grid (one block each) with algorithm alg under the tuning file: the
 * messages of rank 0's schedule (sends + receives) and the received blocks. */
static int iso_moore(const char *file, const char *alg, int recv[26])
{
    int dims[3] = {2, 2, 2}, periods[3] = {1, 1, 1}, offs[26 * 3], s = 0, send[26], rounds, msgs;
    for (int a = -1; a <= 1; a++)
        for (int b = -1; b <= 1; b++)
            for (int c = -1; c <= 1; c++)
                if (a || b || c)
                    offs[3 * s] = a, offs[3 * s + 1] = b, offs[3 * s + 2] = c, s++;
    for (int i = 0; i < 26; i++)
        send[i] = 100 * rank + i, recv[i] = -1;
    MPI_Comm cart, iso;
    MPI_Info info;
    HMPI_Request req;
    setenv("HMPI_TUNING_FILE", file, 1);
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart));
    CHECK_MPI(HMPI_Iso_neighborhood_create(cart, s, offs, &iso));
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_iso_algorithm", alg);
    CHECK_MPI(HMPI_Iso_neighbor_alltoall_init(send, 1, MPI_INT, recv, 1, MPI_INT, iso, info, &req));
    run_once(&req, &rounds, &msgs);
    MPI_Info_free(&info);
    MPI_Comm_free(&cart);
    unsetenv("HMPI_TUNING_FILE");
    MPI_Bcast(&msgs, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return msgs;
}

/* The isomorphic choice charges a round with all the messages leaving a
 * node through its link. On 4 nodes x 2 ranks the 2 x 2 x 2 grid's nodes
 * are its z lines: direct sends 24 of a rank's 26 messages off the node (48
 * per node), dimensional 1 per process in the x and y phases. With 0.5 us
 * per further message, one sender alone would still send directly (10 + 25
 * x 0.5 = 22.5 us against 3 x 10 us), its node's 48 do not (33.5 against
 * 21.1): auto combines. Without a per-message cost it sends directly. */
static void iso_node_share(const char *flat)
{
    const char *busy = tuning_file("busy.txt", "network 0 10 0.5\nnode 0 0.1 0\n");
    int got[26], want[26];
    CHECK_INT(iso_moore(flat, "direct", want), 52);
    CHECK_INT(iso_moore(busy, "auto", got), 6); /* 3 phases, one send and receive each */
    for (int i = 0; i < 26; i++)
        CHECK_INT(got[i], want[i]);
    CHECK_INT(iso_moore(flat, "auto", got), 52);
    for (int i = 0; i < 26; i++)
        CHECK_INT(got[i], want[i]);
}

/* A forced combining alltoall of n ints per block under the tuning file:
 * rank 0's messages (sends + receives); checks the data against MPI's. */
static int alltoall_messages(const char *file, int n)
{
    size_t len = (size_t)n * size;
    int *in = malloc(sizeof(int) * len), *out = malloc(sizeof(int) * len),
        *want = malloc(sizeof(int) * len), rounds, msgs;
    MPI_Info info;
    HMPI_Request req;
    for (size_t i = 0; i < len; i++)
        in[i] = rank * 100000 + (int)i, out[i] = -1;
    MPI_Alltoall(in, n, MPI_INT, want, n, MPI_INT, MPI_COMM_WORLD);
    setenv("HMPI_TUNING_FILE", file, 1);
    MPI_Info_create(&info);
    MPI_Info_set(info, "hmpi_algorithm", "hierarchical");
    CHECK_MPI(HMPI_Alltoall_init(in, n, MPI_INT, out, n, MPI_INT, MPI_COMM_WORLD, info, &req));
    run_once(&req, &rounds, &msgs);
    MPI_Info_free(&info);
    unsetenv("HMPI_TUNING_FILE");
    for (size_t i = 0; i < len; i++)
        CHECK_INT(out[i], want[i]);
    MPI_Bcast(&msgs, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(in);
    free(out);
    free(want);
    return msgs;
}

/* The combining alltoall's leaders per node (4 nodes x 2 ranks). When the
 * cost inside a node does not grow with the bytes, one leader (rank 0)
 * takes its member's blocks (1 receive), trades with the 3 other nodes' (6)
 * and hands its member its column (1). When it grows, both ranks lead:
 * rank 0 serves nodes 0 and 2 and takes the blocks of nodes 0 and 2, its
 * partner the others: 1 + 1 exchanged in each of the 3 steps. */
static void alltoall_leaders(const char *flat)
{
    const char *wide = tuning_file("wide.txt", "network 0 10 0\nnode 0 1 0\nnode 1e6 101 1\n");
    CHECK_INT(alltoall_messages(flat, 1000), 8);
    CHECK_INT(alltoall_messages(wide, 1000), 6);
    CHECK_INT(alltoall_messages(wide, 3), 6);
}

/* rank 0's messages in auto's allgather of one int under the tuning file;
 * the result checked against MPI's. */
static int allgather_messages(const char *file)
{
    int *all = malloc(sizeof(int) * (size_t)size), *want = malloc(sizeof(int) * (size_t)size);
    int rounds, msgs;
    HMPI_Request req;
    setenv("HMPI_TUNING_FILE", file, 1);
    MPI_Allgather(&rank, 1, MPI_INT, want, 1, MPI_INT, MPI_COMM_WORLD);
    CHECK_MPI(HMPI_Allgather_init(&rank, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL,
                                  &req));
    run_once(&req, &rounds, &msgs);
    unsetenv("HMPI_TUNING_FILE");
    for (int i = 0; i < size; i++)
        CHECK_INT(all[i], want[i]);
    MPI_Bcast(&msgs, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(all);
    free(want);
    return msgs;
}

static void bad_file(const char *file, const char *text);

/* The nodes of the cluster as hmpi sees them. */
static int count_nodes(void)
{
    MPI_Comm node;
    int local, leaders, first;
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    MPI_Comm_rank(node, &local);
    first = local == 0;
    MPI_Allreduce(&first, &leaders, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&node);
    return leaders;
}

/* A file's `collective` lines decide where they measured this communicator:
 * auto takes the fastest algorithm measured, interpolated between sizes
 * (the library's own, native: one round, no message of hmpi's), the model
 * elsewhere (another communicator's lines do not count). */
static void measured_choice(void)
{
    char text[1024];
    int nodes = count_nodes(), rounds, msgs;
    /* 12 bytes: native 4 us against linear's 5 (at 4 bytes 1 and 2, at 20 7 and 8);
     * 4000 bytes: linear 3 against native 6; the library's blocking bcast
     * 0.5 at 12 bytes, 9 at 4000 */
    snprintf(text, sizeof text,
             "network 0 10 0\nnode 0 1 0\n"
             "collective bcast %d %d 4 native 1\ncollective bcast %d %d 20 native 7\n"
             "collective bcast %d %d 4 linear 2\ncollective bcast %d %d 20 linear 8\n"
             "collective bcast %d %d 4000 native 6\ncollective bcast %d %d 4000 linear 3\n"
             "collective bcast %d %d 12 native-blocking 0.5\n"
             "collective bcast %d %d 4000 native-blocking 9\n"
             "collective bcast %d %d 4 binomial 0.5 # another shape: not this one\n",
             size, nodes, size, nodes, size, nodes, size, nodes, size, nodes, size, nodes, size,
             nodes, size, nodes, size + 1, nodes);
    const char *timed = tuning_file("timed.txt", text);
    /* blocking: native by the library's blocking time, then linear */
    CHECK(blocking_bcast_is_native(timed, 3));
    CHECK(!blocking_bcast_is_native(timed, 1000));
    bcast_shape(timed, 3, &rounds, &msgs);
    CHECK_INT(rounds, 1);
    CHECK_INT(msgs, 0); /* the library's own bcast */
    bcast_shape(timed, 1000, &rounds, &msgs);
    CHECK_INT(rounds, 1);
    CHECK_INT(msgs, size - 1); /* linear */
    results_under(timed);
    /* the same lines for another communicator: the model decides, as
     * without them */
    int model_rounds, model_msgs;
    bcast_shape(tuning_file("untimed.txt", "network 0 10 0\nnode 0 1 0\n"), 3, &model_rounds,
                &model_msgs);
    snprintf(text, sizeof text,
             "network 0 10 0\nnode 0 1 0\ncollective bcast %d %d 12 native 1\n"
             "collective bcast %d %d 12 linear 9\n",
             size + 1, nodes, size + 1, nodes);
    bcast_shape(tuning_file("other.txt", text), 3, &rounds, &msgs);
    CHECK_INT(rounds, model_rounds);
    CHECK_INT(msgs, model_msgs);
    bad_file(tuning_file("timed-bad.txt", "network 0 10 0\nnode 0 1 0\n"
                                          "collective bcast 8 1 4 native\n"),
             "line 3");
}

static void bad_file(const char *file, const char *text)
{
    int x = 0;
    setenv("HMPI_TUNING_FILE", file, 1);
    expect_error(HMPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_FILE, "HMPI_Bcast", text);
    unsetenv("HMPI_TUNING_FILE");
}

/* Removes the test's directory and every file written into it. */
static void remove_dir(const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL)
        return;
    char p[PATH_MAX];
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        unlink(p);
    }
    closedir(d);
    rmdir(path);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* A fresh directory each run: a fixed name (the pid) meets a leftover of an earlier run. */
    if (rank == 0) {
        snprintf(dir, sizeof dir, "/tmp/hmpi-tuning-XXXXXX");
        CHECK(mkdtemp(dir) != NULL);
    }
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);

    if (argc > 1 && strcmp(argv[1], "--package-lanes") == 0) {
        package_lanes();
        goto done;
    }
    if (argc > 2 && strcmp(argv[1], "--one-node") == 0) { /* hmpi-tune on one node */
        if (rank == 0)
            measured_gaps(argv[2], 0, 0, 1);
        results_under(argv[2]);
        measured_choice();
        goto done;
    }
    /* No per-message cost: the root reaches every rank in one round. */
    const char *flat = tuning_file("flat.txt", "# flat\nnetwork 0 10 0\nnode 0 1 0\n");
    /* 100 us per further message: a binomial tree, one child per round. */
    const char *deep = tuning_file("deep.txt", "network 0 10 100\nnetwork 1e6 110 200\n"
                                               "node 0 1 0 # inside a node\n");
    int flat_rounds, flat_msgs, deep_rounds, deep_msgs;
    bcast_shape(flat, 3, &flat_rounds, &flat_msgs);
    bcast_shape(deep, 3, &deep_rounds, &deep_msgs);
    CHECK_INT(flat_msgs, size - 1); /* linear: everybody at once, 10 us against 11 in two steps */
    CHECK_INT(flat_rounds, 1);
    /* 100 us per further message: one message per round, a binary tree over
     * the nodes (2 children) and then the node's other rank (21 us; hmpi's
     * binomial tree posts its children at once, 121 us) */
    CHECK_INT(deep_msgs, 3);
    CHECK_INT(deep_rounds, 3);
    results_under(flat);
    results_under(deep);
    /* 100 us per further message, sent or received: the leaders' allgather
     * (at rank 0, a leader: its node's block in, two doubling rounds of a
     * send and a receive, the whole out; Bruck's and the ring pay 3 and 7
     * rounds of a receive); without a per-message cost everything at once
     * (linear: 7 + 7). */
    if (size == 8) {
        CHECK_INT(allgather_messages(deep), 6);
        CHECK_INT(allgather_messages(flat), 14);
    }
    measured_choice();
    iso_node_share(flat);
    if (size == 8)
        alltoall_leaders(flat);

    bad_file("/nonexistent/tuning.txt", "cannot read tuning file '/nonexistent/tuning.txt'");
    bad_file(tuning_file("bad.txt", "network 0 10 0\nswitch 0 1 0\n"), "line 2");
    bad_file(tuning_file("neg.txt", "network 0 -1 0\nnode 0 1 0\n"), "line 1");
    bad_file(tuning_file("half.txt", "network 0 10 0\n"), "has no 'node' line");
    bad_file(tuning_file("package-0.txt", "network 0 10 0\nnode 0 1 0\npackage 0\n"), "line 3");
    bad_file(tuning_file("package-2.txt", "network 0 10 0\npackage 10 20\nnode 0 1 0\n"),
             "'package BYTES_PER_US'");
    bad_file(tuning_file("shm-6.txt", "network 0 10 0\nnode 0 1 0\nshm 0.1 8000 40000 0 9000 1\n"),
             "line 3");
    bad_file(tuning_file("shm-0.txt", "network 0 10 0\nnode 0 1 0\nshm 0.1 0 40000\n"), "line 3");
    /* The node's shared memory given, with or without its near rate, its
     * data line and its relay's rate: exact results. */
    results_under(tuning_file("shm-2.txt", "network 0 10 0\nnode 0 1 0\nshm 0.1 8000\n"));
    results_under(tuning_file("shm-3.txt", "network 0 10 0\nnode 0 1 0\nshm 0.06 8000 40000\n"));
    results_under(
        tuning_file("shm-4.txt", "network 0 10 0\nnode 0 1 0\nshm 0.06 8000 40000 0.005\n"));
    results_under(
        tuning_file("shm-5.txt", "network 0 10 0\nnode 0 1 0\nshm 0.06 8000 40000 0.005 20000\n"));
    /* The link between packages given (6.4 GB/s each way): exact results. */
    results_under(tuning_file("package.txt", "network 0 10 0\nnode 0 1 0\npackage 6400\n"));
    /* A good file again after bad ones. */
    results_under(flat);
    /* What hmpi-tune once measured on a loaded machine: no gap inside a
     * node. The LogP tree's growth waited forever on the link (a rounding
     * of link_free - slack back to the present). */
    const char *busy_ci = tuning_file("zero-gap.txt", "node 4 0.776 0\nnode 65536 62.728 0\n"
                                                      "network 4 2.805 0.4455\n"
                                                      "network 65536 48.472 47.065\n");
    results_under(busy_ci);
    bcast_shape(busy_ci, 1000, &flat_rounds, &flat_msgs);
    /* The file hmpi-tune measured on this run's cluster (CTest runs it first). */
    if (argc > 1) {
        if (rank == 0) {
            CHECK(access(argv[1], R_OK) == 0);
            measured_gaps(argv[1], argc > 2 && strcmp(argv[2], "package") == 0, 1,
                          !(argc > 2 && strcmp(argv[2], "untimed") == 0));
        }
        results_under(argv[1]);
        bcast_shape(argv[1], 1000, &flat_rounds, &flat_msgs);
    }

done:
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        remove_dir(dir);
    if (rank == 0)
        printf("test_tuning: %d checks passed on %d ranks\n", test_checks, size);
    MPI_Finalize();
    return 0;
}

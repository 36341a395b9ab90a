/* Test helpers: exact assertions that abort the whole job with a message. */
#ifndef HMPI_TESTUTIL_H
#define HMPI_TESTUTIL_H

#include <hmpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int test_checks;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        test_checks++;                                                                             \
        if (!(cond)) {                                                                             \
            int r_;                                                                                \
            MPI_Comm_rank(MPI_COMM_WORLD, &r_);                                                    \
            fprintf(stderr, "[rank %d] %s:%d: check failed: %s\n", r_, __FILE__, __LINE__, #cond); \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_INT(a, b)                                                                            \
    do {                                                                                           \
        long a_ = (long)(a), b_ = (long)(b);                                                       \
        test_checks++;                                                                             \
        if (a_ != b_) {                                                                            \
            int r_;                                                                                \
            MPI_Comm_rank(MPI_COMM_WORLD, &r_);                                                    \
            fprintf(stderr, "[rank %d] %s:%d: %s == %ld, expected %s == %ld\n", r_, __FILE__,      \
                    __LINE__, #a, a_, #b, b_);                                                     \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                           \
        test_checks++;                                                                             \
        if (strcmp(a_, b_) != 0) {                                                                 \
            int r_;                                                                                \
            MPI_Comm_rank(MPI_COMM_WORLD, &r_);                                                    \
            fprintf(stderr, "[rank %d] %s:%d: %s is \"%s\", expected \"%s\"\n", r_, __FILE__,      \
                    __LINE__, #a, a_, b_);                                                         \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                          \
        }                                                                                          \
    } while (0)

#define CHECK_MPI(call) CHECK_INT((call), MPI_SUCCESS)

/* rc is an error of class klass whose string names fn and contains text. */
static inline void expect_error(int rc, int klass, const char *fn, const char *text)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len, got, r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    CHECK(rc != MPI_SUCCESS);
    CHECK_MPI(HMPI_Error_class(rc, &got));
    MPI_Error_string(rc, msg, &len);
    if (got != klass || !strstr(msg, fn) || !strstr(msg, text))
        fprintf(stderr, "[rank %d] class %d (expected %d), \"%s\" (expected %s ... %s)\n", r, got,
                klass, msg, fn, text);
    CHECK_INT(got, klass);
    CHECK(strstr(msg, fn) != NULL);
    CHECK(strstr(msg, text) != NULL);
}

/* World ranks of the members of comm, in comm order (caller frees). */
static inline int *world_ranks(MPI_Comm comm, int *n)
{
    MPI_Group g, w;
    MPI_Comm_size(comm, n);
    int *in = malloc(sizeof(int) * (size_t)*n), *out = malloc(sizeof(int) * (size_t)*n);
    for (int i = 0; i < *n; i++)
        in[i] = i;
    MPI_Comm_group(comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &w);
    MPI_Group_translate_ranks(g, *n, in, w, out);
    MPI_Group_free(&g);
    MPI_Group_free(&w);
    free(in);
    return out;
}

/* Does comm contain exactly the world ranks expected[0..n), in this order? */
static inline int has_members(MPI_Comm comm, const int *expected, int n)
{
    int size;
    if (comm == MPI_COMM_NULL)
        return n == 0;
    int *r = world_ranks(comm, &size);
    int same = size == n;
    for (int i = 0; same && i < n; i++)
        same = r[i] == expected[i];
    free(r);
    return same;
}

static inline const char *level_type(MPI_Comm comm, int *num, int *index)
{
    static char type[HMPI_MAX_LEVEL_NAME];
    int len, n, i;
    CHECK_MPI(HMPI_Comm_get_hlevel_info(comm, num ? num : &n, index ? index : &i, type, &len));
    CHECK_INT(len, strlen(type));
    return type;
}

/* HMPI_Comm_split_type of MPI_COMM_WORLD by type with info key
 * mpi_hw_resource_type = level. */
static inline MPI_Comm split_by_level(const char *level, int key, int type)
{
    MPI_Info info;
    MPI_Comm comm;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", level);
    CHECK_MPI(HMPI_Comm_split_type(MPI_COMM_WORLD, type, key, info, &comm));
    MPI_Info_free(&info);
    return comm;
}

/* This process's diagnostics (stderr) go to a file of its own from
 * test_capture_begin on; test_capture_end reads them into text (size
 * bytes at most) and puts stderr back. */
typedef struct test_capture {
    char path[32];
    int saved; /* stderr before */
} test_capture;

static inline void test_capture_begin(test_capture *c)
{
    strcpy(c->path, "/tmp/hmpi-test-XXXXXX");
    int fd = mkstemp(c->path);
    c->saved = dup(2);
    CHECK(fd >= 0 && c->saved >= 0);
    fflush(stderr);
    CHECK(dup2(fd, 2) == 2);
    close(fd);
}

static inline void test_capture_end(test_capture *c, char *text, size_t size)
{
    fflush(stderr);
    FILE *f = fopen(c->path, "r");
    CHECK(f != NULL);
    size_t len = fread(text, 1, size - 1, f);
    text[len] = '\0';
    fclose(f);
    unlink(c->path);
    dup2(c->saved, 2);
    close(c->saved);
}

/* How many times needle occurs in text. */
static inline int test_occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* Is every rank of comm on one node of the machine hmpi sees (its shared
 * memory: the shm algorithms)? The same answer everywhere. */
static inline int test_one_node(MPI_Comm comm)
{
    MPI_Comm node;
    int size, nsize, all;
    MPI_Comm_size(comm, &size);
    CHECK_MPI(HMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    MPI_Comm_size(node, &nsize);
    MPI_Comm_free(&node);
    all = nsize == size;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, comm);
    return all;
}

/* Every process reports success; rank 0 prints the tally. */
static inline void test_done(const char *name)
{
    int rank, total;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Reduce(&test_checks, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %d checks passed\n", name, total);
}

#endif

/* The cost model of the collectives' automatic choice (doc/collectives.md,
 * "The cost model"). A round in which one process sends k messages of m
 * bytes at one level of the machine costs
 *
 *     round(level, k, m) = latency(level, m) + (k - 1) * gap(level, m)
 *
 * latency: one message alone, from the send to its delivery; gap: what each
 * further message of the same round adds (the sender's overhead, and the
 * bytes that share its link). Both are measured by hmpi-tune at a few sizes
 * (a tuning file, HMPI_TUNING_FILE) and interpolated linearly between them,
 * extrapolated from the last two beyond. Without a file, the defaults model
 * a generic cluster. Levels: between ranks of one node, and between nodes.
 * Besides, the link between a node's packages, which every process's
 * crossing bytes share (a tuning file's `package` line, else the default),
 * and the node's shared memory: a flag's trip between two cores and one
 * core's copy rate (a tuning file's `shm` line, else the defaults). */
#include "core/model.h"
#include "core/config.h"
#include "core/error.h"
#include "core/finalize.h"
#include "core/signatures.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef hmpi__cost_curve curve;

/* One `collective` line: COLL RANKS NODES BYTES ALGORITHM US. */
typedef struct timed {
    char coll[32], alg[32];
    int ranks, nodes;
    double bytes, us;
} timed;

struct hmpi__cost_times {
    int n, cap;
    timed *t;
    struct hmpi__cost_times *retired; /* the next in the list of earlier files' */
};

typedef struct model {
    char path[HMPI__CFG_STRLEN]; /* the tuning file read, "" for the defaults */
    hmpi__cost_model cost;
} model;

static const char *const level_names[HMPI__NLEVELS] = {"node", "network"};

/* A generic cluster (InfiniBand or similar through UCX): between nodes
 * 2 us and 100 Gbit/s (12.5 GB/s), inside a node 0.5 us and 25 GB/s, and
 * 0.3 us of CPU per message, what each further message of a round adds
 * besides its bytes (between nodes all of them, which share the link;
 * inside a node an eighth, the receivers copying in parallel). Messages reach the full bandwidth
 * from 64 KiB on; smaller ones a part of it, as measured eager and rendezvous protocols do (the
 * share at each size below; SMPI's default bandwidth factors are alike). */
#define NET_BYTES_PER_US 12.5e3
#define NODE_BYTES_PER_US 25e3
#define OVERHEAD_US 0.3
#define NETWORK_LATENCY_US 2.0    /* without a probe (hierarchy/probe.c) */
#define NODE_SERIAL 0.125         /* share of a node message's copy that a further one adds */
#define PACKAGE_BYTES_PER_US 40e3 /* each way, two or three UPI / Infinity Fabric links */
#define SHM_FLAG_US 0.1           /* a cache line from one core to another and back */
#define SHM_BYTES_PER_US 50e3     /* one core's copy: a node message makes two */
static const struct {
    double bytes, share;
} ramp[] = {{0, 0.6}, {4096, 0.6}, {16384, 0.7}, {65536, 0.95}, {1048576, 1.0}};

static pthread_mutex_t model_lock = PTHREAD_MUTEX_INITIALIZER;
static model current;
static int current_valid;
static struct hmpi__cost_times *retired; /* earlier files' times, until MPI_Finalize */

static int add_point(curve *cv, double bytes, double latency, double gap)
{
    int i = cv->n;
    if (cv->n == HMPI__COST_POINTS)
        return -1;
    while (i > 0 && cv->bytes[i - 1] > bytes) { /* keep the points sorted by size */
        cv->bytes[i] = cv->bytes[i - 1], cv->latency[i] = cv->latency[i - 1];
        cv->gap[i] = cv->gap[i - 1];
        i--;
    }
    cv->bytes[i] = bytes, cv->latency[i] = latency, cv->gap[i] = gap;
    cv->n++;
    return 0;
}

/* The point of cv at `bytes`, interpolated between its neighbours, added. */
static void add_between(curve *cv, double bytes)
{
    int i = 1;
    while (i < cv->n - 1 && cv->bytes[i] < bytes)
        i++;
    double t = (bytes - cv->bytes[i - 1]) / (cv->bytes[i] - cv->bytes[i - 1]);
    add_point(cv, bytes, cv->latency[i - 1] + t * (cv->latency[i] - cv->latency[i - 1]),
              cv->gap[i - 1] + t * (cv->gap[i] - cv->gap[i - 1]));
}

/* The curve of a level whose messages take latency_us, then bytes at a
 * share of bytes_per_us (ramp), each further one adding the overhead and
 * `serial` of its transfer. */
static void level_curve(curve *cv, double latency_us, double bytes_per_us, double serial)
{
    cv->n = 0;
    for (size_t i = 0; i < sizeof ramp / sizeof ramp[0]; i++) {
        double transfer = ramp[i].bytes / (ramp[i].share * bytes_per_us);
        add_point(cv, ramp[i].bytes, latency_us + transfer, OVERHEAD_US + serial * transfer);
    }
}

/* A model with no level yet: the node's package link and shared memory at
 * their defaults, until measured or given. */
static void node_defaults(hmpi__cost_model *cm)
{
    memset(cm, 0, sizeof *cm);
    cm->package_bytes_per_us = PACKAGE_BYTES_PER_US;
    cm->shm_flag_us = cm->shm_data_us = SHM_FLAG_US;
    cm->shm_bytes_per_us = cm->shm_near_bytes_per_us = cm->shm_cross_bytes_per_us =
        SHM_BYTES_PER_US;
}

void hmpi__cost_model_builtin(hmpi__cost_model *cm, double network_latency_us)
{
    node_defaults(cm);
    cm->builtin = 1;
    /* what a further message's bytes add: all of them on the node's network
     * link; inside a node the receivers copy in parallel, so a sender's
     * further messages add little besides their overhead */
    level_curve(&cm->level[HMPI__LEVEL_NODE], 0.5, NODE_BYTES_PER_US, NODE_SERIAL);
    level_curve(&cm->level[HMPI__LEVEL_NETWORK], network_latency_us, NET_BYTES_PER_US, 1.0);
    /* past the eager limit, a network message waits for its rendezvous, a
     * request and its answer: two latencies more (simulated 1024 ranks on
     * 1 us links, reduce of 64 KiB: 73.7 us, 167.7 priced without) */
    curve *net = &cm->level[HMPI__LEVEL_NETWORK];
    add_between(net, HMPI__EAGER_BYTES);
    add_between(net, HMPI__EAGER_BYTES + 1);
    for (int i = 0; i < net->n; i++)
        if (net->bytes[i] > HMPI__EAGER_BYTES)
            net->latency[i] += 2 * network_latency_us;
}

void hmpi__cost_model_node(hmpi__cost_model *cm, const double *bytes, const double *us, int n)
{
    curve *cv = &cm->level[HMPI__LEVEL_NODE];
    cv->n = 0;
    for (int i = 0; i < n && i < HMPI__COST_POINTS; i++) {
        double transfer = us[i] > us[0] ? us[i] - us[0] : 0;
        add_point(cv, bytes[i], us[i], OVERHEAD_US + NODE_SERIAL * transfer);
    }
}

static int level_of(const char *name, size_t len)
{
    for (int l = 0; l < HMPI__NLEVELS; l++)
        if (strlen(level_names[l]) == len && strncmp(level_names[l], name, len) == 0)
            return l;
    return -1;
}

static int add_time(model *m, const timed *t)
{
    struct hmpi__cost_times *ts = (struct hmpi__cost_times *)m->cost.times;
    if (!ts && !(ts = calloc(1, sizeof *ts)))
        return -1;
    m->cost.times = ts;
    if (ts->n == ts->cap) {
        int cap = ts->cap ? 2 * ts->cap : 64;
        timed *grown = realloc(ts->t, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        ts->t = grown, ts->cap = cap;
    }
    ts->t[ts->n++] = *t;
    return 0;
}

/* The next word of *p into out (at most len - 1 characters); 0 when none. */
static int next_word(const char **p, char *out, size_t len)
{
    size_t n = 0;
    while (**p == ' ' || **p == '\t')
        (*p)++;
    while (**p && **p != ' ' && **p != '\t' && **p != '\n' && **p != '\r' && **p != '#') {
        if (n + 1 < len)
            out[n++] = **p;
        (*p)++;
    }
    out[n] = '\0';
    return n > 0 && n + 1 < len;
}

/* Is name one of MPI's collectives (lower case, after "MPI_")? */
static int is_collective(const char *name)
{
    static const char *const names[] = {
#define NAME_OF(Name, name, NAME, SIG, PASS) #name,
        HMPI__COLLECTIVES(NAME_OF)
#undef NAME_OF
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

/* After "collective": COLL RANKS NODES BYTES ALGORITHM US (whole numbers
 * of ranks and nodes, no more nodes than ranks; the algorithm's name is
 * the collectives' business: a name no row has is never looked up). */
static int parse_time(const char *p, model *m)
{
    timed t;
    char number[32];
    char *end;
    double v[3];
    if (!next_word(&p, t.coll, sizeof t.coll))
        return -1;
    for (int i = 0; i < 3; i++) {
        if (!next_word(&p, number, sizeof number))
            return -1;
        errno = 0;
        v[i] = strtod(number, &end);
        if (*end || errno || v[i] < 0 || (i < 2 && (v[i] < 1 || v[i] > 1e9)))
            return -1;
    }
    if (!next_word(&p, t.alg, sizeof t.alg) || !next_word(&p, number, sizeof number))
        return -1;
    errno = 0;
    t.us = strtod(number, &end);
    if (*end || errno || !(t.us > 0) || !isfinite(t.us) || !isfinite(v[2]))
        return -1;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if ((*p && *p != '#') || v[0] != (int)v[0] || v[1] != (int)v[1] || v[1] > v[0] ||
        !is_collective(t.coll))
        return -1;
    t.ranks = (int)v[0], t.nodes = (int)v[1], t.bytes = v[2];
    return add_time(m, &t);
}

/* One line: "LEVEL BYTES LATENCY_US GAP_US", "package BYTES_PER_US" (the
 * link between a node's packages, each way), "shm FLAG_US BYTES_PER_US
 * [NEAR_BYTES_PER_US [DATA_US [CROSS_BYTES_PER_US]]]" (the node's shared
 * memory; without DATA_US a flag's trip prices a data line, without
 * CROSS_BYTES_PER_US the near rate an exchange's copies) or "collective COLL RANKS NODES BYTES
 * ALGORITHM US" (a collective's time); '#' starts a comment. 0 on success,
 * 1 for a blank line, -1 when malformed. */
static int parse_line(const char *line, model *m)
{
    const char *p = line;
    char *end;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '#' || *p == '\n' || *p == '\0')
        return 1;
    const char *word = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    int level = level_of(word, (size_t)(p - word));
    if (level < 0 && p - word == 10 && strncmp(word, "collective", 10) == 0)
        return parse_time(p, m);
    int package = level < 0 && p - word == 7 && strncmp(word, "package", 7) == 0;
    int shm = level < 0 && p - word == 3 && strncmp(word, "shm", 3) == 0;
    int values = package ? 1 : shm ? 5 : 3, required = package ? 1 : shm ? 2 : 3, got = 0;
    double v[5] = {0, 0, 0, 0, 0};
    for (; got < values; got++) {
        errno = 0;
        v[got] = strtod(p, &end);
        if (end == p && got >= required)
            break;
        if (end == p || errno || !(v[got] >= 0) || !isfinite(v[got]))
            return -1;
        p = end;
    }
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if ((level < 0 && !package && !shm) || (*p && *p != '#') || ((package || shm) && v[0] <= 0) ||
        (shm && v[1] <= 0))
        return -1;
    if (shm) {
        m->cost.shm_flag_us = v[0];
        m->cost.shm_data_us = got > 3 ? v[3] : v[0];
        m->cost.shm_bytes_per_us = v[1];
        m->cost.shm_near_bytes_per_us = v[2] > 0 ? v[2] : v[1];
        m->cost.shm_cross_bytes_per_us = v[4] > 0 ? v[4] : m->cost.shm_near_bytes_per_us;
        return 0;
    }
    if (package) {
        m->cost.package_bytes_per_us = v[0];
        return 0;
    }
    return add_point(&m->cost.level[level], v[0], v[1], v[2]);
}

/* The order of the times: collective, ranks, nodes, algorithm, bytes. */
static int compare_key(const timed *t, const char *coll, int ranks, int nodes, const char *alg)
{
    int c = strcmp(t->coll, coll);
    if (c == 0)
        c = t->ranks != ranks ? (t->ranks > ranks) - (t->ranks < ranks)
                              : (t->nodes > nodes) - (t->nodes < nodes);
    return c ? c : strcmp(t->alg, alg);
}

static int compare_timed(const void *x, const void *y)
{
    const timed *a = x, *b = y;
    int c = compare_key(a, b->coll, b->ranks, b->nodes, b->alg);
    return c ? c : (a->bytes > b->bytes) - (a->bytes < b->bytes);
}

/* The first of ts's times not before the key (ts->n: none). */
static int lower_bound(const struct hmpi__cost_times *ts, const char *coll, int ranks, int nodes,
                       const char *alg)
{
    int lo = 0, hi = ts->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (compare_key(&ts->t[mid], coll, ranks, nodes, alg) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void free_times(struct hmpi__cost_times *ts)
{
    while (ts) {
        struct hmpi__cost_times *next = ts->retired;
        free(ts->t);
        free(ts);
        ts = next;
    }
}

/* MPI_Finalize: the times of every file read (no schedule keeps them past it). */
static void release_times(int mpi_usable)
{
    (void)mpi_usable;
    pthread_mutex_lock(&model_lock);
    if (current_valid)
        free_times((struct hmpi__cost_times *)current.cost.times);
    free_times(retired);
    retired = NULL;
    current_valid = 0;
    pthread_mutex_unlock(&model_lock);
}

static int load_file(const char *path, model *m, const char *fn)
{
    char line[512];
    int lineno = 0, rc = MPI_SUCCESS;
    FILE *f = fopen(path, "r");
    if (!f)
        return hmpi__error_code(MPI_ERR_FILE, fn, "cannot read tuning file '%s' (HMPI_TUNING_FILE)",
                                path);
    node_defaults(&m->cost);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (parse_line(line, m) < 0) {
            rc = hmpi__error_code(
                MPI_ERR_FILE, fn,
                "tuning file '%s', line %d: expected 'node|network BYTES "
                "LATENCY_US GAP_US', 'package BYTES_PER_US', 'shm FLAG_US "
                "BYTES_PER_US [NEAR_BYTES_PER_US [DATA_US [CROSS_BYTES_PER_US]]]' or 'collective "
                "COLL RANKS NODES BYTES "
                "ALGORITHM US'",
                path, lineno);
            break;
        }
    }
    fclose(f);
    if (rc == MPI_SUCCESS && m->cost.times) /* looked up by halving */
        qsort(m->cost.times->t, (size_t)m->cost.times->n, sizeof(timed), compare_timed);
    if (rc == MPI_SUCCESS && m->cost.level[HMPI__LEVEL_NODE].n == 0)
        rc = hmpi__error_code(MPI_ERR_FILE, fn, "tuning file '%s' has no '%s' line", path,
                              level_names[HMPI__LEVEL_NODE]);
    if (rc == MPI_SUCCESS && m->cost.level[HMPI__LEVEL_NETWORK].n == 0) {
        hmpi__cost_model builtin; /* a file of one node: the network of the defaults */
        hmpi__cost_model_builtin(&builtin, NETWORK_LATENCY_US);
        m->cost.level[HMPI__LEVEL_NETWORK] = builtin.level[HMPI__LEVEL_NETWORK];
    }
    if (rc != MPI_SUCCESS)
        free_times((struct hmpi__cost_times *)m->cost.times);
    return rc;
}

/* The model for the current HMPI_TUNING_FILE, read once per file name. */
static int model_get(const char *fn, model *out)
{
    hmpi__cfg_value file;
    int rc;
    if ((rc = hmpi__config_get(HMPI__CFG_TUNING_FILE, MPI_INFO_NULL, fn, &file)) != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&model_lock);
    if (!current_valid || strcmp(current.path, file.text) != 0) {
        model m;
        snprintf(m.path, sizeof m.path, "%s", file.text);
        if (file.text[0] == '\0')
            hmpi__cost_model_builtin(&m.cost, NETWORK_LATENCY_US);
        else
            rc = load_file(file.text, &m, fn);
        if (rc == MPI_SUCCESS) {
            struct hmpi__cost_times *old = (struct hmpi__cost_times *)current.cost.times;
            if (current_valid && old) { /* cached schedules' keys may still point at them */
                old->retired = retired;
                retired = old;
            }
            current = m, current_valid = 1;
            hmpi__at_finalize(release_times);
        }
    }
    if (rc == MPI_SUCCESS)
        *out = current;
    pthread_mutex_unlock(&model_lock);
    return rc;
}

/* y at x on the piecewise-linear curve through (xs, ys). */
static double interpolate(const double *xs, const double *ys, int n, double x)
{
    if (n == 1 || x <= xs[0])
        return ys[0];
    int i = 1;
    while (i < n - 1 && x > xs[i])
        i++;
    double t = (x - xs[i - 1]) / (xs[i] - xs[i - 1]), y = ys[i - 1] + t * (ys[i] - ys[i - 1]);
    return y > 0 ? y : 0;
}

int hmpi__cost_model_load(const char *fn, hmpi__cost_model *cm, int *builtin)
{
    model m;
    TRY(model_get(fn, &m));
    *cm = m.cost;
    *builtin = m.path[0] == '\0';
    return MPI_SUCCESS;
}

double hmpi__cost_round(const hmpi__cost_model *cm, int level, int messages, double bytes)
{
    const curve *cv = &cm->level[level];
    if (messages <= 0)
        return 0;
    return interpolate(cv->bytes, cv->latency, cv->n, bytes) +
           (messages - 1) * interpolate(cv->bytes, cv->gap, cv->n, bytes);
}

double hmpi__cost_gap(const hmpi__cost_model *cm, int level, double bytes)
{
    const curve *cv = &cm->level[level];
    return interpolate(cv->bytes, cv->gap, cv->n, bytes);
}

double hmpi__cost_overhead(const hmpi__cost_model *cm)
{
    return hmpi__cost_gap(cm, HMPI__LEVEL_NETWORK, 0);
}

double hmpi__cost_stream(const hmpi__cost_model *cm, double bytes)
{
    const double large = 1 << 20;
    double per_byte =
        (hmpi__cost_gap(cm, HMPI__LEVEL_NETWORK, large) - hmpi__cost_overhead(cm)) / large;
    return per_byte > 0 ? bytes * per_byte : 0;
}

double hmpi__cost_node_round(const hmpi__cost_model *cm, int level, int senders, int messages,
                             double bytes)
{
    double shared = hmpi__cost_gap(cm, level, bytes) -
                    hmpi__cost_gap(cm, level, 0); /* the bytes' part of the gap */
    if (messages <= 0 || senders <= 0)
        return 0;
    return hmpi__cost_round(cm, level, messages, bytes) +
           (senders - 1.0) * messages * (shared > 0 ? shared : 0);
}

/* A copy of `bytes` through the segment: its first HMPI__SHM_NEAR_BYTES at
 * `near` bytes/us (in a cache), the rest at `far`. */
static double copy_time(double bytes, double near, double far)
{
    double cached = bytes < HMPI__SHM_NEAR_BYTES ? bytes : HMPI__SHM_NEAR_BYTES;
    return bytes > 0 ? cached / near + (bytes - cached) / far : 0;
}

double hmpi__cost_shm_copy(const hmpi__cost_model *cm, double bytes)
{
    return copy_time(bytes, cm->shm_near_bytes_per_us, cm->shm_bytes_per_us);
}

double hmpi__cost_shm_cross(const hmpi__cost_model *cm, double bytes)
{
    double cross = cm->shm_cross_bytes_per_us, stream = cm->shm_bytes_per_us;
    return copy_time(bytes, cross, stream < cross ? stream : cross);
}

double hmpi__cost_combine(const hmpi__cost_model *cm, double bytes)
{
#ifdef SMPI_H
    (void)cm, (void)bytes;
    return 0; /* SimGrid SMPI simulates messages, not computation (scripts/simulate.sh) */
#else
    return hmpi__cost_shm_copy(cm, bytes);
#endif
}

double hmpi__cost_crossing(const hmpi__cost_model *cm, double bytes)
{
    return bytes > 0 ? bytes / cm->package_bytes_per_us : 0;
}

static int same_shape(const timed *t, const char *coll, int ranks, int nodes)
{
    return t->ranks == ranks && t->nodes == nodes && strcmp(t->coll, coll) == 0;
}

int hmpi__cost_times_cover(const hmpi__cost_model *cm, const char *coll, int ranks, int nodes)
{
    const struct hmpi__cost_times *ts = cm->times;
    int i = ts ? lower_bound(ts, coll, ranks, nodes, "") : 0;
    return ts && i < ts->n && same_shape(&ts->t[i], coll, ranks, nodes);
}

double hmpi__cost_time(const hmpi__cost_model *cm, const char *coll, int ranks, int nodes,
                       const char *alg, double bytes)
{
    const struct hmpi__cost_times *ts = cm->times;
    const timed *below = NULL, *above = NULL; /* the nearest sizes measured each side */
    for (int i = ts ? lower_bound(ts, coll, ranks, nodes, alg) : 0;
         ts && i < ts->n && compare_key(&ts->t[i], coll, ranks, nodes, alg) == 0; i++) {
        const timed *t = &ts->t[i]; /* ascending bytes */
        if (t->bytes <= bytes)
            below = t;
        if (t->bytes >= bytes && !above)
            above = t;
    }
    if (!below && !above)
        return -1;
    if (!above) /* past the largest size: the same rate */
        return below->bytes > 0 ? below->us * bytes / below->bytes : below->us;
    if (!below || above->bytes == below->bytes)
        return above->us;
    return below->us +
           (above->us - below->us) * (bytes - below->bytes) / (above->bytes - below->bytes);
}

int hmpi__cost_model_equal(const hmpi__cost_model *x, const hmpi__cost_model *y)
{
    if (x->times != y->times || x->package_bytes_per_us != y->package_bytes_per_us ||
        x->shm_flag_us != y->shm_flag_us || x->shm_data_us != y->shm_data_us ||
        x->shm_bytes_per_us != y->shm_bytes_per_us ||
        x->shm_near_bytes_per_us != y->shm_near_bytes_per_us ||
        x->shm_cross_bytes_per_us != y->shm_cross_bytes_per_us ||
        x->library_combine_bytes_per_us != y->library_combine_bytes_per_us ||
        x->builtin != y->builtin)
        return 0;
    for (int l = 0; l < HMPI__NLEVELS; l++) {
        const curve *a = &x->level[l], *b = &y->level[l];
        if (a->n != b->n)
            return 0;
        for (int i = 0; i < a->n; i++)
            if (a->bytes[i] != b->bytes[i] || a->latency[i] != b->latency[i] ||
                a->gap[i] != b->gap[i])
                return 0;
    }
    return 1;
}

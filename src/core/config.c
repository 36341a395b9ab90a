/* The configuration registry (see config.h). */
#include "core/config.h"
#include "core/error.h"
#include "util/tls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum cfg_type { CFG_BOOL, CFG_INT, CFG_ENUM, CFG_STRING, CFG_LEVELS };

static const char *const type_names[] = {"bool", "int", "enum", "string", "levels"};

#define NAME_OF(NAME, name) #name,
static const char *const p2p_modes[] = {HMPI__P2P_MODES(NAME_OF) NULL};
static const char *const efforts[] = {HMPI__EFFORTS(NAME_OF) NULL};
static const char *const mpi4_modes[] = {HMPI__MPI4_MODES(NAME_OF) NULL};
#undef NAME_OF

typedef struct cfg_var {
    const char *env;  /* environment variable, or NULL */
    const char *info; /* info key, or NULL */
    int type;
    const char *const *names; /* CFG_ENUM: allowed values */
    const char *def;          /* default, as text */
    const char *doc;
} cfg_var;

_Static_assert(HMPI__NCFG <= 64, "the per-environment cache keeps a bit per setting");

static const cfg_var registry[HMPI__NCFG] = {
    [HMPI__CFG_TOPOLOGY] = {"HMPI_TOPOLOGY", NULL, CFG_STRING, NULL, "",
                            "virtual cluster file: all locality comes from it (read once)"},
    [HMPI__CFG_NETWORK_TOPOLOGY] = {"HMPI_NETWORK_TOPOLOGY", NULL, CFG_STRING, NULL, "",
                                    "Slurm topology.conf (tree plugin) giving the switches above "
                                    "the real nodes (read once)"},
    [HMPI__CFG_SLURM_ADDR] = {"SLURM_TOPOLOGY_ADDR", NULL, CFG_STRING, NULL, "",
                              "set by Slurm: this node's switch path, e.g. s0.s3.node7"},
    [HMPI__CFG_SLURM_PATTERN] = {"SLURM_TOPOLOGY_ADDR_PATTERN", NULL, CFG_STRING, NULL, "",
                                 "set by Slurm: the kinds of SLURM_TOPOLOGY_ADDR's elements"},
    [HMPI__CFG_HW_RESOURCE_TYPE] = {NULL, "mpi_hw_resource_type", CFG_STRING, NULL, "",
                                    "guided splits: the level (MPI 4.0); unknown or missing "
                                    "gives MPI_COMM_NULL, as the standard says"},
    [HMPI__CFG_PSET_NAME] = {NULL, "mpi_pset_name", CFG_STRING, NULL, "",
                             "HMPI_COMM_TYPE_RESOURCE_GUIDED: the process set (mpi://WORLD, "
                             "mpi://SELF); unknown gives MPI_COMM_NULL"},
    [HMPI__CFG_LEVELS] = {NULL, "hmpi_levels", CFG_LEVELS, NULL, "",
                          "comma-separated level names that HMPI_Hierarchy_create and the "
                          "topology-aware collectives may use (empty: all)"},
    [HMPI__CFG_COLL_ALGORITHM] = {"HMPI_COLL_ALGORITHM", "hmpi_algorithm", CFG_ENUM,
                                  hmpi__coll_algorithm_names, "auto",
                                  "algorithm of the collectives; the environment's value applies "
                                  "to those that have it, the info key's must exist"},
    [HMPI__CFG_LANES] = {"HMPI_LANES", "hmpi_lanes", CFG_INT, NULL, "0",
                         "multi-lane collectives: lanes per node; combining alltoall: leaders "
                         "per node (0: the cost model's choice; at most the ranks of the "
                         "smallest node)"},
    [HMPI__CFG_LANE_RADIX] = {"HMPI_LANE_RADIX", "hmpi_lane_radix", CFG_INT, NULL, "0",
                              "multi-lane allreduce: radix of the lanes' reduce-scatter and "
                              "allgather between nodes, r-way steps of at most this radix "
                              "(recursive multiplying for parts of fewer elements than nodes; "
                              "0: the cost model's choice of step; a node count with a larger "
                              "prime factor keeps it)"},
    [HMPI__CFG_LANE_MULTIPLYING] = {"HMPI_LANE_MULTIPLYING", "hmpi_lane_multiplying", CFG_INT, NULL,
                                    "0",
                                    "multi-lane allreduce with hmpi_lane_radix: its last N steps "
                                    "exchange the part whole (recursive multiplying) instead of a "
                                    "reduce-scatter and an allgather step (0: every step the "
                                    "vector can be cut in reduce-scatters)"},
    [HMPI__CFG_LANE_TREES] = {"HMPI_LANE_TREES", "hmpi_lane_trees", CFG_INT, NULL, "0",
                              "multi-lane allreduce with several lanes and a commutative op: "
                              "the node steps, 1 flat (every lane's owner takes the node's "
                              "parts in one round), k >= 2 a k-nomial tree per part (0: the "
                              "cost model's choice)"},
    [HMPI__CFG_BCAST_TREES] = {"HMPI_BCAST_TREES", "hmpi_bcast_trees", CFG_INT, NULL, "0",
                               "pipelined tree bcast (twotree): trees over the nodes, 2 "
                               "(binary, Sanders et al.) or 3 to 8 (k-ary, for few pieces) "
                               "(0: the cost model's choice)"},
    [HMPI__CFG_COLL_CACHE] = {"HMPI_COLL_CACHE", NULL, CFG_INT, NULL, "16",
                              "blocking collectives: schedules kept per communicator for "
                              "identical later calls (predefined types and ops; 0: none)"},
    [HMPI__CFG_COLL_CACHE_BYTES] = {"HMPI_COLL_CACHE_BYTES", NULL, CFG_INT, NULL, "8388608",
                                    "blocking collectives: the bytes of scratch the kept "
                                    "schedules of a communicator may hold together; a call "
                                    "whose schedule needs more runs uncached (its scratch freed "
                                    "when it returns)"},
    [HMPI__CFG_TUNING_FILE] = {"HMPI_TUNING_FILE", NULL, CFG_STRING, NULL, "",
                               "cost model of the automatic algorithm choice, written by "
                               "hmpi-tune (empty: a generic cluster's defaults; read once)"},
    [HMPI__CFG_PROBE_LATENCY] = {"HMPI_PROBE_LATENCY", NULL, CFG_BOOL, NULL, "1",
                                 "without a tuning file: measure the network's latency once per "
                                 "communicator (a few empty round trips from rank 0 to the rank "
                                 "farthest from it, and one bcast) for the defaults' cost model"},
    [HMPI__CFG_MPI4_COLLECTIVES] = {"HMPI_MPI4_COLLECTIVES", NULL, CFG_ENUM, mpi4_modes,
                                    "persistent",
                                    "libhmpi_mpi4: which MPI collectives run in hmpi: the "
                                    "persistent ones (and the HW splits), all of them, or auto "
                                    "(blocking and nonblocking ones too on communicators that "
                                    "span several nodes)"},
    [HMPI__CFG_MPI4_AFTER] = {"HMPI_MPI4_AFTER", NULL, CFG_INT, NULL, "16",
                              "libhmpi_mpi4, all and auto: the first N blocking and nonblocking "
                              "collectives of each communicator go to the MPI library, so that a "
                              "communicator used a few times does not pay hmpi's set-up (a "
                              "private duplicate, the locality; 0: hmpi's from the first)"},
    [HMPI__CFG_P2P] = {"HMPI_P2P", NULL, CFG_ENUM, p2p_modes, "auto",
                       "how schedule rounds post their messages: persistent requests or "
                       "MPI_Isend/Irecv (auto: the cheaper for this MPI library)"},
    [HMPI__CFG_SHM] = {"HMPI_SHM", NULL, CFG_BOOL, NULL, "1",
                       "collectives may move data inside each node through a segment of its "
                       "shared memory (MPI_Win_allocate_shared, made at a communicator's first "
                       "blocking or persistent collective; never under SimGrid)"},
    [HMPI__CFG_SHM_SLOT_BYTES] = {"HMPI_SHM_SLOT_BYTES", NULL, CFG_INT, NULL, "65536",
                                  "shared-memory collectives: each rank's part of a segment, "
                                  "cut into HMPI_SHM_BUFFERS buffers that pipeline large messages "
                                  "(4096 to 16777216, read when the segment is made)"},
    [HMPI__CFG_SHM_BUFFERS] = {"HMPI_SHM_BUFFERS", NULL, CFG_INT, NULL, "4",
                               "shared-memory collectives: buffers in a rank's part of a "
                               "segment; a writer may run that many operations less one ahead "
                               "of its slowest reader (2 to 64, taken down to a power of two "
                               "and to one per KiB; the least of every rank's, when the "
                               "segment is made)"},
    [HMPI__CFG_SHM_CHANNELS] = {"HMPI_SHM_CHANNELS", NULL, CFG_INT, NULL, "8",
                                "shared-memory collectives: segments a communicator may make "
                                "for its persistent collectives, one each while it lives (the "
                                "blocking ones share one more); past them, message passing"},
    [HMPI__CFG_ISO_ALGORITHM] = {"HMPI_ISO_ALGORITHM", "hmpi_iso_algorithm", CFG_ENUM,
                                 hmpi__iso_algorithm_names, "auto",
                                 "algorithm of the isomorphic neighbourhood collectives"},
    [HMPI__CFG_ISO_PORTS] = {"HMPI_ISO_PORTS", "hmpi_iso_ports", CFG_INT, NULL, "0",
                             "direct isomorphic algorithm: messages in flight at once (0: all)"},
    [HMPI__CFG_MAP_EFFORT] = {"HMPI_MAP_EFFORT", "hmpi_map_effort", CFG_ENUM, efforts, "default",
                              "Scotch effort when placing graph and Cartesian communicators"},
    [HMPI__CFG_CHECK] = {"HMPI_CHECK", NULL, CFG_BOOL, NULL, "0",
                         "collectives verify across processes that their arguments agree "
                         "(one extra allreduce per call)"},
    [HMPI__CFG_STRICT_ORDER] = {NULL, "mpi_assert_strict_persistent_collective_ordering", CFG_BOOL,
                                NULL, "false",
                                "persistent collectives (MPI 4.1): the program starts them in the "
                                "same order on every process, so that the library's own "
                                "collective (native) posts on the communicator's private "
                                "duplicate instead of one of its own per request"},
    [HMPI__CFG_VERBOSE] = {"HMPI_VERBOSE", NULL, CFG_BOOL, NULL, "0",
                           "diagnostics on stderr (hmpi prints nothing otherwise)"},
/* hmpi_<coll>_algorithm, generated from the collectives' list */
#define COLL_ALGORITHM_VAR(Name, name, NAME, SIG, PASS)                                            \
    [HMPI__CFG_##NAME##_ALGORITHM] = {"HMPI_" #NAME "_ALGORITHM",                                  \
                                      "hmpi_" #name "_algorithm",                                  \
                                      CFG_ENUM,                                                    \
                                      hmpi__coll_algorithm_names,                                  \
                                      "auto",                                                      \
                                      "algorithm of MPI_" #Name " (over hmpi_algorithm)"},
    HMPI__COLLECTIVES(COLL_ALGORITHM_VAR)
#undef COLL_ALGORITHM_VAR
};

/* ---- parsing ------------------------------------------------------------ */

static int parse_bool(const char *s, int *out)
{
    static const char *const yes[] = {"1", "true", "yes", "on", NULL};
    static const char *const no[] = {"0", "false", "no", "off", NULL};
    for (int i = 0; yes[i]; i++)
        if (!strcasecmp(s, yes[i]) || !strcasecmp(s, no[i])) {
            *out = !strcasecmp(s, yes[i]);
            return 0;
        }
    int n;
    if (hmpi__parse_int(s, s + strlen(s), &n) == 0) { /* HMPI_VERBOSE=2 */
        *out = n != 0;
        return 0;
    }
    return -1;
}

static int parse_enum(const char *const *names, const char *s, int *out)
{
    for (int i = 0; names[i]; i++)
        if (!strcasecmp(s, names[i])) {
            *out = i;
            return 0;
        }
    return -1;
}

/* Comma- or space-separated level names; no hidden-state tokenizer. */
static int parse_levels(const char *s, uint32_t *mask, char *bad, size_t badlen)
{
    *mask = 0;
    while (*s) {
        size_t n = strcspn(s, ", ");
        if (n > 0) {
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)n, s);
            int kind = hmpi__kind_parse(word);
            if (kind < 0) {
                snprintf(bad, badlen, "%s", word);
                return -1;
            }
            *mask |= 1u << kind;
        }
        s += n + (s[n] != '\0');
    }
    return 0;
}

static void allowed_values(int id, char *buf, size_t len)
{
    const cfg_var *v = &registry[id];
    size_t used = 0;
    buf[0] = '\0';
    switch (v->type) {
    case CFG_BOOL:
        snprintf(buf, len, "0, 1, true, false, yes, no, on, off");
        break;
    case CFG_INT:
        snprintf(buf, len, "a non-negative integer");
        break;
    case CFG_ENUM:
        for (int i = 0; v->names[i] && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", v->names[i]);
        break;
    case CFG_LEVELS:
        snprintf(buf, len, "level names (Machine, Package, NUMANode, L3Cache, Core, ...)");
        break;
    default:
        snprintf(buf, len, "any text");
    }
}

/* Parse out->text as setting id: 0, or -1 with the offending word in bad. */
static int parse_text(int id, hmpi__cfg_value *out, char *bad, size_t badlen)
{
    const cfg_var *v = &registry[id];
    switch (v->type) {
    case CFG_BOOL:
        return parse_bool(out->text, &out->number);
    case CFG_INT:
        return hmpi__parse_int(out->text, out->text + strlen(out->text), &out->number);
    case CFG_ENUM:
        return parse_enum(v->names, out->text, &out->number);
    case CFG_LEVELS:
        return parse_levels(out->text, &out->mask, bad, badlen);
    default:
        return 0;
    }
}

/* Parse as setting id; on failure a code naming where the value came from. */
static int parse(int id, const char *fn, hmpi__cfg_value *out)
{
    const cfg_var *v = &registry[id];
    char bad[64] = "", allowed[256], what[128];
    if (parse_text(id, out, bad, sizeof bad) == 0)
        return MPI_SUCCESS;
    allowed_values(id, allowed, sizeof allowed);
    if (out->source == HMPI__FROM_INFO)
        snprintf(what, sizeof what, "argument 'info': key '%s'", v->info);
    else
        snprintf(what, sizeof what, "environment variable %s", v->env);
    if (bad[0])
        return hmpi__error_code(MPI_ERR_INFO_VALUE, fn,
                                "%s has value '%s': unknown level '%s' in '%s' (expected %s)", what,
                                out->text, bad, v->info ? v->info : v->env, allowed);
    return hmpi__error_code(MPI_ERR_INFO_VALUE, fn, "%s has value '%s': expected %s", what,
                            out->text, allowed);
}

/* The value of info's key, if info has it (truncated to len - 1 bytes). */
static int info_get(MPI_Info info, const char *key, char *value, int len)
{
    int flag = 0;
    /* a key the library cannot hold (MPI 4.1's 48-character strict-ordering
     * assertion against Open MPI 4.1's MPI_MAX_INFO_KEY of 36) is not there */
    if (info == MPI_INFO_NULL || strlen(key) >= MPI_MAX_INFO_KEY)
        return 0;
    if (MPI_Info_get(info, key, len - 1, value, &flag) != MPI_SUCCESS)
        return 0;
    if (flag)
        value[len - 1] = '\0';
    return flag;
}

/* The raw text: info key, else environment, else default. */
static void lookup(int id, MPI_Info info, hmpi__cfg_value *out)
{
    const cfg_var *v = &registry[id];
    const char *env = v->env ? getenv(v->env) : NULL;
    out->source = HMPI__FROM_DEFAULT;
    if (v->info && info_get(info, v->info, out->text, sizeof out->text)) {
        out->source = HMPI__FROM_INFO;
        return;
    }
    if (env && *env) {
        snprintf(out->text, sizeof out->text, "%s", env);
        out->source = HMPI__FROM_ENV;
        return;
    }
    snprintf(out->text, sizeof out->text, "%s", v->def);
}

int hmpi__config_get(int id, MPI_Info info, const char *fn, hmpi__cfg_value *value)
{
    memset(value, 0, sizeof *value);
    lookup(id, info, value);
    return parse(id, fn, value);
}

extern char **environ;

/* Does the entry ("NAME=value") hold a setting of hmpi (HMPI_*, SLURM_*)? */
static int is_setting(const char *entry)
{
    return strncmp(entry, "HMPI_", 5) == 0 || strncmp(entry, "SLURM_", 6) == 0;
}

/* The last environment seen by this thread: its array, its length and
 * last entry, the positions and addresses of its settings' entries, and its
 * stamp (a hash of those). setenv and putenv give a changed entry a new
 * address and append a new one; unsetenv shifts the entries down: each
 * changes one of the remembered positions, the length or the last entry.
 * (Between two hmpi calls, a setting added, another variable removed and
 * the last one set again to its very string would go unseen: the whole
 * array compared at every call cost a tenth of a small blocking call.) */
#define ENV_MEMO 64
typedef struct env_memo {
    char **array, *last;
    size_t n;
    uint64_t stamp;
    int nset; /* -1: more settings than remembered (rescan each time) */
    struct {
        size_t at;
        char *entry;
    } set[ENV_MEMO];
} env_memo;

static int env_unchanged(const env_memo *m)
{
    char **env = environ;
    if (!m->array || m->array != env || m->nset < 0 || env[m->n] != NULL ||
        (m->n && env[m->n - 1] != m->last))
        return 0;
    for (int i = 0; i < m->nset; i++)
        if (env[m->set[i].at] != m->set[i].entry)
            return 0;
    return 1;
}

/* FNV-1a over the settings' entries' addresses, remembered in m. */
static uint64_t env_rescan(env_memo *m)
{
    uint64_t h = 1469598103934665603ull;
    size_t n = 0;
    int nset = 0;
    for (char **e = environ; e && *e; e++, n++) {
        if (!is_setting(*e))
            continue;
        h = (h ^ (uint64_t)(uintptr_t)*e) * 1099511628211ull;
        if (nset >= 0 && nset < ENV_MEMO)
            m->set[nset].at = n, m->set[nset++].entry = *e;
        else
            nset = -1;
    }
    m->array = environ;
    m->n = n;
    m->last = n ? environ[n - 1] : NULL;
    m->nset = nset;
    m->stamp = (h ^ (uint64_t)(nset + 1)) * 1099511628211ull;
    return m->stamp;
}

static uint64_t stamp_of(env_memo *m)
{
    return env_unchanged(m) ? m->stamp : env_rescan(m); /* the common case: a few comparisons */
}

/* The numbers of the settings without info, parsed once per environment. */
typedef struct known_numbers {
    uint64_t stamp;
    uint64_t known; /* bit per setting id */
    int number[HMPI__NCFG];
} known_numbers;

/* This thread's settings' numbers and environment: one thread-local, read
 * through one address per call (hmpi__tls_once), its hot fields first. */
typedef struct thread_view {
    known_numbers numbers;
    env_memo env;
} thread_view;

static _Thread_local thread_view this_thread;

static int number_of_environment(int id)
{
    hmpi__cfg_value v, fallback;
    char bad[64];
    memset(&v, 0, sizeof v);
    lookup(id, MPI_INFO_NULL, &v);
    if (parse_text(id, &v, bad, sizeof bad) == 0)
        return v.number;
    memset(&fallback, 0, sizeof fallback);
    snprintf(fallback.text, sizeof fallback.text, "%s", registry[id].def);
    return parse_text(id, &fallback, bad, sizeof bad) == 0 ? fallback.number : 0;
}

static int number_of(known_numbers *k, int id, uint64_t stamp)
{
    if (k->stamp != stamp) {
        k->stamp = stamp;
        k->known = 0;
    }
    if (!(k->known & (1ull << id))) {
        k->number[id] = number_of_environment(id);
        k->known |= 1ull << id;
    }
    return k->number[id];
}

int hmpi__config_number_now(int id, uint64_t *stamp)
{
    thread_view *t = hmpi__tls_once(&this_thread);
    *stamp = stamp_of(&t->env);
    return number_of(&t->numbers, id, *stamp);
}

int hmpi__config_number(int id)
{
    uint64_t stamp;
    return hmpi__config_number_now(id, &stamp);
}

int hmpi__config_number_in(int id, uint64_t stamp)
{
    thread_view *t = hmpi__tls_once(&this_thread);
    return number_of(&t->numbers, id, stamp);
}

const char *hmpi__config_name(int id, int number)
{
    const char *const *names = registry[id].names;
    for (int i = 0; names && names[i]; i++)
        if (i == number)
            return names[i];
    return "?";
}

/* ---- the public listing ------------------------------------------------- */

int HMPI_Config_count(int *count)
{
    if (!count)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, "HMPI_Config_count",
                           "argument 'count' is NULL");
    *count = HMPI__NCFG;
    return MPI_SUCCESS;
}

int HMPI_Config_get(int index, HMPI_Config_var *var)
{
    static const char fn[] = "HMPI_Config_get";
    static const char *const sources[] = {"default", "environment", "info"};
    static _Thread_local char allowed[256], current[HMPI__CFG_STRLEN];
    char bad[64];
    if (!var)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn, "argument 'var' is NULL");
    if (index < 0 || index >= HMPI__NCFG)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_ARG, fn,
                           "argument 'index' (%d) is not in 0..%d (see HMPI_Config_count)", index,
                           HMPI__NCFG - 1);
    const cfg_var *v = &registry[index];
    hmpi__cfg_value value;
    memset(&value, 0, sizeof value);
    lookup(index, MPI_INFO_NULL, &value);
    allowed_values(index, allowed, sizeof allowed);
    snprintf(current, sizeof current, "%s", value.text);
    *var = (HMPI_Config_var){.env = v->env,
                             .info_key = v->info,
                             .type = type_names[v->type],
                             .allowed = allowed,
                             .default_value = v->def,
                             .value = current,
                             .source = sources[value.source],
                             .doc = v->doc,
                             .valid = parse_text(index, &value, bad, sizeof bad) == 0};
    return MPI_SUCCESS;
}

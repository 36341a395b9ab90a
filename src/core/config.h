/* The configuration registry: every environment variable and info key hmpi
 * reads, with its type, allowed values, default and documentation; one
 * parser; one precedence (info key over environment over default); one error
 * class (MPI_ERR_INFO_VALUE) for a bad value, reported only when the value is
 * used. Private; listed by HMPI_Config_get() and `hmpi-topo --config`. */
#ifndef HMPI_CORE_CONFIG_H
#define HMPI_CORE_CONFIG_H

#include "core/signatures.h"
#include "hmpi_internal.h"

enum hmpi__cfg_id {
    HMPI__CFG_TOPOLOGY,
    HMPI__CFG_NETWORK_TOPOLOGY,
    HMPI__CFG_SLURM_ADDR,
    HMPI__CFG_SLURM_PATTERN,
    HMPI__CFG_HW_RESOURCE_TYPE,
    HMPI__CFG_PSET_NAME,
    HMPI__CFG_LEVELS,
    HMPI__CFG_COLL_ALGORITHM,
/* hmpi_<coll>_algorithm, one per collective, in HMPI__COLLECTIVES' order */
#define HMPI__CFG_COLL_ENUM(Name, name, NAME, SIG, PASS) HMPI__CFG_##NAME##_ALGORITHM,
    HMPI__COLLECTIVES(HMPI__CFG_COLL_ENUM)
#undef HMPI__CFG_COLL_ENUM
        HMPI__CFG_LANES,
    HMPI__CFG_LANE_RADIX,
    HMPI__CFG_LANE_MULTIPLYING,
    HMPI__CFG_LANE_TREES,
    HMPI__CFG_BCAST_TREES,
    HMPI__CFG_COLL_CACHE,
    HMPI__CFG_COLL_CACHE_BYTES,
    HMPI__CFG_TUNING_FILE,
    HMPI__CFG_PROBE_LATENCY,
    HMPI__CFG_P2P,
    HMPI__CFG_SHM,
    HMPI__CFG_SHM_SLOT_BYTES,
    HMPI__CFG_SHM_BUFFERS,
    HMPI__CFG_SHM_CHANNELS,
    HMPI__CFG_ISO_ALGORITHM,
    HMPI__CFG_ISO_PORTS,
    HMPI__CFG_MAP_EFFORT,
    HMPI__CFG_MPI4_COLLECTIVES,
    HMPI__CFG_MPI4_AFTER,
    HMPI__CFG_CHECK,
    HMPI__CFG_STRICT_ORDER,
    HMPI__CFG_VERBOSE,
    HMPI__NCFG
};

/* The setting of collective coll's algorithm (coll: enum hmpi__coll). */
#define HMPI__CFG_ALGORITHM_OF(coll) (HMPI__CFG_COLL_ALGORITHM + 1 + (coll))

/* The values of the enumerated settings core owns: X(NAME, name), giving
 * the enums below and the registry's names (config.c). */
#define HMPI__P2P_MODES(X) X(AUTO, auto) X(PERSISTENT, persistent) X(NONBLOCKING, nonblocking)
#define HMPI__EFFORTS(X) X(FAST, fast) X(DEFAULT, default) X(BEST, best)
#define HMPI__MPI4_MODES(X) X(PERSISTENT, persistent) X(ALL, all) X(AUTO, auto)
#define HMPI__CFG_VALUE(prefix, NAME) prefix##NAME,
#define HMPI__P2P_VALUE(NAME, name) HMPI__CFG_VALUE(HMPI__P2P_, NAME)
#define HMPI__EFFORT_VALUE(NAME, name) HMPI__CFG_VALUE(HMPI__EFFORT_, NAME)
#define HMPI__MPI4_VALUE(NAME, name) HMPI__CFG_VALUE(HMPI__MPI4_, NAME)
enum hmpi__p2p_mode { HMPI__P2P_MODES(HMPI__P2P_VALUE) };
enum hmpi__effort { HMPI__EFFORTS(HMPI__EFFORT_VALUE) };
enum hmpi__mpi4_mode { HMPI__MPI4_MODES(HMPI__MPI4_VALUE) };

/* The values of the algorithm settings, NULL-terminated, from the lists of
 * the modules that implement them (coll/algorithms.h, iso/iso.h): the
 * registry points at them, as the context holds slots the modules fill. */
extern const char *const hmpi__coll_algorithm_names[];
extern const char *const hmpi__iso_algorithm_names[];

/* Where a value came from. */
enum hmpi__cfg_source { HMPI__FROM_DEFAULT, HMPI__FROM_ENV, HMPI__FROM_INFO };

#define HMPI__CFG_STRLEN 1024

/* A parsed value: `number` for booleans, integers and enumerations (the
 * index of the name), `mask` for level lists (bit per enum hmpi__kind),
 * `text` always (the raw value, "" for an unset string). */
typedef struct hmpi__cfg_value {
    int number;
    uint32_t mask;
    int source;
    char text[HMPI__CFG_STRLEN];
} hmpi__cfg_value;

/* The value of setting id for a call with info (MPI_INFO_NULL: none).
 * Returns MPI_SUCCESS, or a code (not raised) of class MPI_ERR_INFO_VALUE
 * whose message names fn, the key or variable, the value and what is
 * allowed. Thread-safe; reads the environment at each call, so that a
 * program's setenv() before a call takes effect. */
int hmpi__config_get(int id, MPI_Info info, const char *fn, hmpi__cfg_value *value);

/* Boolean and integer settings without info, for paths that cannot report
 * an error: the default when the value is bad. Parsed once per state of the
 * environment (its stamp, below). */
int hmpi__config_number(int id);

/* hmpi__config_number, and the stamp of the environment it was read in: a
 * fingerprint that changes when setenv, unsetenv or putenv change the set
 * of entries or any entry's string (not when a program writes into a string
 * it gave putenv). One pass over environ, no string compared: cheap enough
 * for every call. */
int hmpi__config_number_now(int id, uint64_t *stamp);
/* hmpi__config_number for an environment whose stamp the caller just took
 * (hmpi__config_number_now): one pass over environ for all the settings of
 * a call. */
int hmpi__config_number_in(int id, uint64_t stamp);

/* Name of the enumerated value number of setting id ("?" out of range). */
const char *hmpi__config_name(int id, int number);

#endif

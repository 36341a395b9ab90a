/* The configuration registry: every environment variable and info key hmpi
 * reads, with its type, allowed values, default and documentation; one
 * parser; one precedence (info key over environment over default); one error
 * class (MPI_ERR_INFO_VALUE) for a bad value, reported only when the value is
 * used. Private; listed by HMPI_Config_get() and `hmpi-topo --config`. */
#ifndef HMPI_CORE_CONFIG_H
#define HMPI_CORE_CONFIG_H

#include "hmpi_internal.h"

enum hmpi__cfg_id {
    HMPI__CFG_TOPOLOGY,
    HMPI__CFG_NETWORK_TOPOLOGY,
    HMPI__CFG_SLURM_ADDR,
    HMPI__CFG_SLURM_PATTERN,
    HMPI__CFG_HW_RESOURCE_TYPE,
    HMPI__CFG_LEVELS,
    HMPI__CFG_COLL_ALGORITHM,
    HMPI__CFG_LANES,
    HMPI__CFG_COLL_CACHE,
    HMPI__CFG_TUNING_FILE,
    HMPI__CFG_P2P,
    HMPI__CFG_ISO_ALGORITHM,
    HMPI__CFG_ISO_PORTS,
    HMPI__CFG_MAP_EFFORT,
    HMPI__CFG_MPI4_COLLECTIVES,
    HMPI__CFG_CHECK,
    HMPI__CFG_VERBOSE,
    HMPI__NCFG
};

/* Values of the enumerated settings, in the order of their names. */
enum hmpi__p2p_mode { HMPI__P2P_AUTO, HMPI__P2P_PERSISTENT, HMPI__P2P_NONBLOCKING };
enum hmpi__effort { HMPI__EFFORT_FAST, HMPI__EFFORT_DEFAULT, HMPI__EFFORT_BEST };

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
 * environment (see hmpi__config_env_stamp). */
int hmpi__config_number(int id);

/* A fingerprint of the environment: it changes when setenv, unsetenv or
 * putenv change the set of entries or any entry's string (not when a
 * program writes into a string it gave putenv). One pass over environ, no
 * string compared: cheap enough for every call. */
uint64_t hmpi__config_env_stamp(void);
/* hmpi__config_number for an environment whose stamp the caller just took:
 * one pass over environ for all the settings of a call. */
int hmpi__config_number_in(int id, uint64_t stamp);

/* Name of the enumerated value number of setting id ("?" out of range). */
const char *hmpi__config_name(int id, int number);

#endif

/* Line-oriented Key=Value configuration files (Slurm topology.conf style,
 * hmpi virtual cluster files): '#' comments, blank lines, double-quoted values.
 * Pure C, no MPI: fuzzed on its own. */
#ifndef HMPI_UTIL_CONF_H
#define HMPI_UTIL_CONF_H

#include <stddef.h>

typedef struct hmpi__conf_word {
    char *key;
    char *value;
} hmpi__conf_word;

typedef struct hmpi__conf_line {
    int lineno;
    int nwords;
    hmpi__conf_word *words;
} hmpi__conf_line;

typedef struct hmpi__conf {
    int nlines;
    hmpi__conf_line *lines;
} hmpi__conf;

/* Parse text (not necessarily terminated). On error returns -1 and writes
 * "line N: what" into err. */
int hmpi__conf_parse(const char *text, size_t len, hmpi__conf *out, char *err, size_t errlen);
void hmpi__conf_free(hmpi__conf *conf);
/* Value of key (case-insensitive) in line, or NULL. */
const char *hmpi__conf_value(const hmpi__conf_line *line, const char *key);
/* Index of the first key of line that is not in the NULL-terminated list, or -1. */
int hmpi__conf_unknown_key(const hmpi__conf_line *line, const char *const known[]);

/* Maximum number of names a hostlist may expand to. */
#define HMPI__HOSTLIST_MAX (1 << 18)

/* Expand a Slurm hostlist ("n[0-3]", "n[0,2,5-7],fat", "r[0-1]n[00-15]").
 * On success *names is a malloc'd array of *count malloc'd strings. */
int hmpi__hostlist_expand(const char *expr, char ***names, int *count, char *err, size_t errlen);
void hmpi__hostlist_free(char **names, int count);

#endif

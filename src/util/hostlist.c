/* Slurm hostlist expansion: "n[0-3]", "n[0,2,5-7],fat", "r[0-1]n[00-15]". */
#include "util/conf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GROUPS 8
#define MAX_RANGES 256
#define MAX_NAME 256

struct range {
    long first, last;
    int width; /* zero-padding width, 0 for none */
};

struct group { /* one "[...]" */
    int nranges;
    struct range r[MAX_RANGES];
    long count;
};

struct item { /* literal0 [g0] literal1 [g1] ... literalN */
    int ngroups;
    const char *lit[MAX_GROUPS + 1];
    int litlen[MAX_GROUPS + 1];
    struct group g[MAX_GROUPS];
};

static int parse_number(const char **s, const char *end, long *v, int *digits)
{
    const char *p = *s;
    long x = 0;
    while (p < end && *p >= '0' && *p <= '9' && p - *s < 9)
        x = x * 10 + (*p++ - '0');
    if (p == *s || (p < end && *p >= '0' && *p <= '9'))
        return -1;
    *digits = (int)(p - *s);
    *v = x;
    *s = p;
    return 0;
}

static int parse_group(const char *s, const char *end, struct group *g, char *err, size_t errlen)
{
    g->nranges = 0;
    g->count = 0;
    while (s < end) {
        struct range r;
        int d1, d2;
        if (g->nranges == MAX_RANGES) {
            snprintf(err, errlen, "hostlist: more than %d ranges in brackets", MAX_RANGES);
            return -1;
        }
        if (parse_number(&s, end, &r.first, &d1)) {
            snprintf(err, errlen, "hostlist: expected a number in brackets");
            return -1;
        }
        r.last = r.first;
        d2 = d1;
        if (s < end && *s == '-') {
            s++;
            if (parse_number(&s, end, &r.last, &d2)) {
                snprintf(err, errlen, "hostlist: expected a number after '-'");
                return -1;
            }
        }
        if (r.last < r.first) {
            snprintf(err, errlen, "hostlist: range %ld-%ld is decreasing", r.first, r.last);
            return -1;
        }
        r.width = d1 > 1 ? d1 : 0;
        (void)d2;
        g->r[g->nranges++] = r;
        g->count += r.last - r.first + 1;
        if (g->count > HMPI__HOSTLIST_MAX) {
            snprintf(err, errlen, "hostlist: more than %d names", HMPI__HOSTLIST_MAX);
            return -1;
        }
        if (s < end && *s != ',') {
            snprintf(err, errlen, "hostlist: unexpected '%c' in brackets", *s);
            return -1;
        }
        if (s < end)
            s++;
    }
    if (g->nranges == 0) {
        snprintf(err, errlen, "hostlist: empty brackets");
        return -1;
    }
    return 0;
}

/* Parse one comma-free item [s, end). Returns the number of names or -1. */
static long parse_item(const char *s, const char *end, struct item *it, char *err, size_t errlen)
{
    long count = 1;
    it->ngroups = 0;
    it->lit[0] = s;
    while (s < end) {
        if (*s == ']') {
            snprintf(err, errlen, "hostlist: unmatched ']'");
            return -1;
        }
        if (*s != '[') {
            s++;
            continue;
        }
        if (it->ngroups == MAX_GROUPS) {
            snprintf(err, errlen, "hostlist: more than %d bracket groups", MAX_GROUPS);
            return -1;
        }
        it->litlen[it->ngroups] = (int)(s - it->lit[it->ngroups]);
        const char *close = memchr(s, ']', (size_t)(end - s));
        if (!close) {
            snprintf(err, errlen, "hostlist: unmatched '['");
            return -1;
        }
        if (parse_group(s + 1, close, &it->g[it->ngroups], err, errlen))
            return -1;
        count *= it->g[it->ngroups].count;
        if (count > HMPI__HOSTLIST_MAX) {
            snprintf(err, errlen, "hostlist: more than %d names", HMPI__HOSTLIST_MAX);
            return -1;
        }
        it->ngroups++;
        s = close + 1;
        it->lit[it->ngroups] = s;
    }
    it->litlen[it->ngroups] = (int)(end - it->lit[it->ngroups]);
    if (it->ngroups == 0 && it->litlen[0] == 0) {
        snprintf(err, errlen, "hostlist: empty name");
        return -1;
    }
    return count;
}

/* The index-th value of group g. */
static void group_value(const struct group *g, long index, long *value, int *width)
{
    for (int i = 0; i < g->nranges; i++) {
        long n = g->r[i].last - g->r[i].first + 1;
        if (index < n) {
            *value = g->r[i].first + index;
            *width = g->r[i].width;
            return;
        }
        index -= n;
    }
}

static char *item_name(const struct item *it, long index)
{
    char buf[MAX_NAME];
    size_t used = 0;
    long divisor = 1;
    for (int k = it->ngroups - 1; k >= 0; k--)
        divisor *= it->g[k].count;
    for (int k = 0; k <= it->ngroups; k++) {
        int n = snprintf(buf + used, sizeof buf - used, "%.*s", it->litlen[k], it->lit[k]);
        if (n < 0 || (size_t)n >= sizeof buf - used)
            return NULL;
        used += (size_t)n;
        if (k == it->ngroups)
            break;
        divisor /= it->g[k].count;
        long value = 0;
        int width = 0;
        group_value(&it->g[k], (index / divisor) % it->g[k].count, &value, &width);
        n = snprintf(buf + used, sizeof buf - used, "%0*ld", width, value);
        if (n < 0 || (size_t)n >= sizeof buf - used)
            return NULL;
        used += (size_t)n;
    }
    return strdup(buf);
}

/* Next top-level comma (outside brackets) or end. */
static const char *item_end(const char *s, const char *end)
{
    int depth = 0;
    for (; s < end; s++) {
        if (*s == '[')
            depth++;
        else if (*s == ']')
            depth--;
        else if (*s == ',' && depth == 0)
            return s;
    }
    return end;
}

int hmpi__hostlist_expand(const char *expr, char ***names, int *count, char *err, size_t errlen)
{
    const char *end = expr + strlen(expr);
    struct item *it = malloc(sizeof *it);
    char **out = NULL;
    long total = 0, filled = 0;
    if (!it) {
        snprintf(err, errlen, "hostlist: out of memory");
        return -1;
    }
    for (int pass = 0; pass < 2; pass++) { /* pass 0 counts, pass 1 fills */
        for (const char *s = expr; s <= end;) {
            const char *e = item_end(s, end);
            long n = parse_item(s, e, it, err, errlen);
            if (n < 0)
                goto fn_fail;
            if (pass == 0) {
                total += n;
                if (total > HMPI__HOSTLIST_MAX) {
                    snprintf(err, errlen, "hostlist: more than %d names", HMPI__HOSTLIST_MAX);
                    goto fn_fail;
                }
            } else {
                for (long i = 0; i < n; i++) {
                    out[filled] = item_name(it, i);
                    if (!out[filled]) {
                        snprintf(err, errlen, "hostlist: name too long or out of memory");
                        goto fn_fail;
                    }
                    filled++;
                }
            }
            s = e + 1;
        }
        if (pass == 0 && !(out = calloc((size_t)total, sizeof *out))) {
            snprintf(err, errlen, "hostlist: out of memory");
            goto fn_fail;
        }
    }
    free(it);
    *names = out;
    *count = (int)total;
    return 0;
fn_fail:
    free(it);
    hmpi__hostlist_free(out, (int)filled);
    return -1;
}

void hmpi__hostlist_free(char **names, int count)
{
    if (!names)
        return;
    for (int i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

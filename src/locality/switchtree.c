/* Switch trees in the Slurm topology.conf tree-plugin syntax:
 *   SwitchName=top Switches=s[0-1]
 *   SwitchName=s0 Nodes=n[0-1] LinkSpeed=100
 * Several top switches are allowed (the Cluster element sits above them). */
#include "locality/locality.h"
#include "util/conf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Sorted index over an array of names, for O(log n) lookups. */
static char **sort_base;

static int by_name(const void *a, const void *b)
{
    return strcmp(sort_base[*(const int *)a], sort_base[*(const int *)b]);
}

/* Build a sorted index of names; returns the first duplicate's index in *dup. */
static int *index_names(char **names, int n, int *dup)
{
    int *idx = malloc((size_t)(n ? n : 1) * sizeof *idx);
    *dup = -1;
    if (!idx)
        return NULL;
    for (int i = 0; i < n; i++)
        idx[i] = i;
    sort_base = names; /* parsing happens under the locality lock: no concurrent sort */
    qsort(idx, (size_t)n, sizeof *idx, by_name);
    for (int i = 1; i < n && *dup < 0; i++)
        if (strcmp(names[idx[i - 1]], names[idx[i]]) == 0)
            *dup = idx[i];
    return idx;
}

static int lookup(char **names, const int *idx, int n, const char *name)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(names[idx[mid]], name);
        if (c == 0)
            return idx[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int append_names(char ***names, int *n, char **more, int nmore)
{
    char **grown = realloc(*names, (size_t)(*n + nmore) * sizeof **names);
    if (!grown)
        return -1;
    memcpy(grown + *n, more, (size_t)nmore * sizeof *more);
    *names = grown;
    *n += nmore;
    return 0;
}

static int is_switch_line(const hmpi__conf_line *line)
{
    return strcasecmp(line->words[0].key, "SwitchName") == 0;
}

/* Pass 1: declare every switch. */
static int declare_switches(const hmpi__conf *conf, hmpi__switchtree *t, char *err, size_t errlen)
{
    static const char *const known[] = {"SwitchName", "Switches", "Nodes", "LinkSpeed", NULL};
    for (int l = 0; l < conf->nlines; l++) {
        const hmpi__conf_line *line = &conf->lines[l];
        if (!is_switch_line(line))
            continue;
        int bad = hmpi__conf_unknown_key(line, known);
        if (bad >= 0) {
            snprintf(err, errlen, "line %d: unknown key '%.64s' in a SwitchName line",
                     line->lineno, line->words[bad].key);
            return -1;
        }
        char **names, sub[256];
        int n;
        if (hmpi__hostlist_expand(line->words[0].value, &names, &n, sub, sizeof sub)) {
            snprintf(err, errlen, "line %d: SwitchName: %s", line->lineno, sub);
            return -1;
        }
        if (append_names(&t->name, &t->nswitch, names, n)) {
            hmpi__hostlist_free(names, n);
            snprintf(err, errlen, "line %d: out of memory", line->lineno);
            return -1;
        }
        free(names);
    }
    int dup;
    free(t->name_idx);
    t->name_idx = index_names(t->name, t->nswitch, &dup);
    if (!t->name_idx) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (dup >= 0) {
        snprintf(err, errlen, "switch '%.64s' is defined twice", t->name[dup]);
        return -1;
    }
    return 0;
}

/* Pass 2: link children switches and nodes to their switch. */
static int link_children(const hmpi__conf *conf, hmpi__switchtree *t, char *err, size_t errlen)
{
    int sw = 0;
    for (int l = 0; l < conf->nlines; l++) {
        const hmpi__conf_line *line = &conf->lines[l];
        if (!is_switch_line(line))
            continue;
        char **own;
        int nown;
        if (hmpi__hostlist_expand(line->words[0].value, &own, &nown, err, errlen))
            return -1;
        hmpi__hostlist_free(own, nown);
        for (int s = sw; s < sw + nown; s++) {
            const char *children = hmpi__conf_value(line, "Switches");
            const char *nodes = hmpi__conf_value(line, "Nodes");
            char **names, sub[256];
            int n;
            if (children) {
                if (hmpi__hostlist_expand(children, &names, &n, sub, sizeof sub)) {
                    snprintf(err, errlen, "line %d: Switches: %s", line->lineno, sub);
                    return -1;
                }
                for (int i = 0; i < n; i++) {
                    int c = lookup(t->name, t->name_idx, t->nswitch, names[i]);
                    const char *why = c < 0 ? "is not defined" : c == s ? "is its own child"
                                    : t->parent[c] >= 0 ? "has two parents" : NULL;
                    if (why) {
                        snprintf(err, errlen, "line %d: switch '%.64s' %s", line->lineno,
                                 names[i], why);
                        hmpi__hostlist_free(names, n);
                        return -1;
                    }
                    t->parent[c] = s;
                }
                hmpi__hostlist_free(names, n);
            }
            if (nodes) {
                if (hmpi__hostlist_expand(nodes, &names, &n, sub, sizeof sub)) {
                    snprintf(err, errlen, "line %d: Nodes: %s", line->lineno, sub);
                    return -1;
                }
                int *grown = realloc(t->node_sw, (size_t)(t->nnodes + n) * sizeof *grown);
                if (!grown || append_names(&t->node, &t->nnodes, names, n)) {
                    if (grown)
                        t->node_sw = grown;
                    hmpi__hostlist_free(names, n);
                    snprintf(err, errlen, "line %d: out of memory", line->lineno);
                    return -1;
                }
                t->node_sw = grown;
                for (int i = 0; i < n; i++)
                    t->node_sw[t->nnodes - n + i] = s;
                free(names);
            }
        }
        sw += nown;
    }
    return 0;
}

/* Reject cycles: every switch must reach a top switch within nswitch steps. */
static int check_acyclic(const hmpi__switchtree *t, char *err, size_t errlen)
{
    for (int s = 0; s < t->nswitch; s++) {
        int steps = 0;
        for (int p = s; p >= 0; p = t->parent[p])
            if (++steps > t->nswitch) {
                snprintf(err, errlen, "switch '%.64s' is part of a cycle", t->name[s]);
                return -1;
            }
    }
    return 0;
}

int hmpi__switchtree_build(const hmpi__conf *conf, hmpi__switchtree *tree, char *err,
                           size_t errlen)
{
    hmpi__switchtree t;
    memset(&t, 0, sizeof t);
    if (declare_switches(conf, &t, err, errlen))
        goto fn_fail;
    t.parent = malloc((size_t)(t.nswitch ? t.nswitch : 1) * sizeof *t.parent);
    if (!t.parent) {
        snprintf(err, errlen, "out of memory");
        goto fn_fail;
    }
    for (int s = 0; s < t.nswitch; s++)
        t.parent[s] = -1;
    if (link_children(conf, &t, err, errlen) || check_acyclic(&t, err, errlen))
        goto fn_fail;
    int dup;
    t.node_idx = index_names(t.node, t.nnodes, &dup);
    if (!t.node_idx) {
        snprintf(err, errlen, "out of memory");
        goto fn_fail;
    }
    if (dup >= 0) {
        snprintf(err, errlen, "node '%.64s' is under two switches", t.node[dup]);
        goto fn_fail;
    }
    *tree = t;
    return 0;
fn_fail:
    hmpi__switchtree_free(&t);
    return -1;
}

void hmpi__switchtree_free(hmpi__switchtree *t)
{
    hmpi__hostlist_free(t->name, t->nswitch);
    hmpi__hostlist_free(t->node, t->nnodes);
    free(t->parent);
    free(t->node_sw);
    free(t->name_idx);
    free(t->node_idx);
    memset(t, 0, sizeof *t);
}

int hmpi__switchtree_find_node(const hmpi__switchtree *t, const char *name)
{
    return t->node_idx ? lookup(t->node, t->node_idx, t->nnodes, name) : -1;
}

int hmpi__switchtree_path(const hmpi__switchtree *t, int node, hmpi__path *path)
{
    int chain[HMPI__MAX_DEPTH], n = 0;
    for (int s = t->node_sw[node]; s >= 0; s = t->parent[s]) {
        if (n == HMPI__MAX_DEPTH)
            return -1;
        chain[n++] = s;
    }
    if (path->len + n > HMPI__MAX_DEPTH)
        return -1;
    while (n > 0) {
        int s = chain[--n];
        path->elem[path->len++] =
            (hmpi__elem){s, HMPI__KIND_SWITCH, 1u << HMPI__KIND_SWITCH};
    }
    return 0;
}

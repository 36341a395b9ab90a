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

/* Take over the n names expanded from one line: append them to *list and
 * index them in map (a name seen before is an error: "twice"); at most
 * HMPI__MAX_NODES in all ("kinds" in the message). names is freed. */
static int add_names(char ***list, int *count, hmpi__namemap *map, char **names, int n,
                     const hmpi__conf_line *line, const char *twice, const char *kinds, char *err,
                     size_t errlen)
{
    if (append_names(list, count, names, n)) {
        hmpi__hostlist_free(names, n);
        snprintf(err, errlen, "line %d: out of memory", line->lineno);
        return -1;
    }
    free(names);
    for (int i = *count - n; i < *count; i++) {
        int old = hmpi__namemap_put(map, (*list)[i], i);
        if (old != -1) {
            snprintf(err, errlen, old == -2 ? "line %d: out of memory" : "line %d: %s '%.64s' %s",
                     line->lineno, kinds, (*list)[i], twice);
            return -1;
        }
    }
    if (*count > HMPI__MAX_NODES) {
        snprintf(err, errlen, "line %d: more than %d %ss", line->lineno, HMPI__MAX_NODES, kinds);
        return -1;
    }
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
            snprintf(err, errlen, "line %d: unknown key '%.64s' in a SwitchName line", line->lineno,
                     line->words[bad].key);
            return -1;
        }
        char **names, sub[256];
        int n;
        if (hmpi__hostlist_expand(line->words[0].value, &names, &n, sub, sizeof sub)) {
            snprintf(err, errlen, "line %d: SwitchName: %s", line->lineno, sub);
            return -1;
        }
        if (add_names(&t->name, &t->nswitch, &t->switch_map, names, n, line, "is defined twice",
                      "switch", err, errlen))
            return -1;
    }
    return 0;
}

/* Pass 2: link children switches and nodes to their switch. */
/* Switches=list of line: their parent is switch s. */
static int link_switches(hmpi__switchtree *t, const hmpi__conf_line *line, const char *children,
                         int s, char *err, size_t errlen)
{
    char **names, sub[256];
    int n;
    if (hmpi__hostlist_expand(children, &names, &n, sub, sizeof sub)) {
        snprintf(err, errlen, "line %d: Switches: %s", line->lineno, sub);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int c = hmpi__namemap_get(&t->switch_map, names[i]);
        const char *why = c < 0               ? "is not defined"
                          : c == s            ? "is its own child"
                          : t->parent[c] >= 0 ? "has two parents"
                                              : NULL;
        if (why) {
            snprintf(err, errlen, "line %d: switch '%.64s' %s", line->lineno, names[i], why);
            hmpi__hostlist_free(names, n);
            return -1;
        }
        t->parent[c] = s;
    }
    hmpi__hostlist_free(names, n);
    return 0;
}

/* Nodes=list of line: they hang under switch s (each node under one switch). */
static int link_nodes(hmpi__switchtree *t, const hmpi__conf_line *line, const char *nodes, int s,
                      char *err, size_t errlen)
{
    char **names, sub[256];
    int n;
    if (hmpi__hostlist_expand(nodes, &names, &n, sub, sizeof sub)) {
        snprintf(err, errlen, "line %d: Nodes: %s", line->lineno, sub);
        return -1;
    }
    int *grown = realloc(t->node_sw, (size_t)(t->nnodes + n) * sizeof *grown);
    if (!grown) {
        hmpi__hostlist_free(names, n);
        snprintf(err, errlen, "line %d: out of memory", line->lineno);
        return -1;
    }
    t->node_sw = grown;
    for (int i = 0; i < n; i++)
        t->node_sw[t->nnodes + i] = s;
    return add_names(&t->node, &t->nnodes, &t->node_map, names, n, line, "is under two switches",
                     "node", err, errlen);
}

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
        const char *children = hmpi__conf_value(line, "Switches");
        const char *nodes = hmpi__conf_value(line, "Nodes");
        for (int s = sw; s < sw + nown; s++)
            if ((children && link_switches(t, line, children, s, err, errlen)) ||
                (nodes && link_nodes(t, line, nodes, s, err, errlen)))
                return -1;
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

int hmpi__switchtree_build(const hmpi__conf *conf, hmpi__switchtree *tree, char *err, size_t errlen)
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
    hmpi__namemap_free(&t->switch_map);
    hmpi__namemap_free(&t->node_map);
    memset(t, 0, sizeof *t);
}

int hmpi__switchtree_find_node(const hmpi__switchtree *t, const char *name)
{
    return hmpi__namemap_get(&t->node_map, name);
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
        path->elem[path->len++] = (hmpi__elem){s, HMPI__KIND_SWITCH, 1u << HMPI__KIND_SWITCH};
    }
    return 0;
}

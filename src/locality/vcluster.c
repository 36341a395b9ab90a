/* Virtual cluster files (HMPI_TOPOLOGY): network, node hardware, ranks.
 *
 * Every process parses and validates the whole file in the same way, so a
 * broken file fails on all processes alike (never a hang). Node hardware is
 * an hwloc topology loaded once per distinct description. */
#include "locality/locality.h"
#include "util/conf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_SYNTHETIC_OBJECTS (1L << 20)

enum bind_mode { BIND_NONE, BIND_SPREAD, BIND_RANGE };

struct topo_spec {
    char *text; /* synthetic description, or the XML path after '@' */
    int is_xml;
    int line; /* first NodeName line using it */
    hwloc_topology_t topo;
};

struct vnode {
    char *name;
    int spec;
    int net; /* index in the switch tree, -1 without network */
};

struct vrank {
    int line; /* 0: not described */
    int node;
    int mode;
    int kind; /* hmpi kind of Bind objects */
    int first, last;
};

struct hmpi__vcluster {
    const char *filename;
    hmpi__switchtree net;
    int has_network;
    int nspecs;
    struct topo_spec *specs;
    int nnodes;
    struct vnode *nodes;
    hmpi__namemap node_map; /* name -> node */
    int world_size;
    struct vrank *ranks;
};

/* Parsing context: where errors go. */
struct ctx {
    hmpi__vcluster *vc;
    const char *dir;
    int flags;
    char *err;
    size_t errlen;
};

static int fail(struct ctx *c, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct ctx *c, int line, const char *fmt, ...)
{
    char what[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(c->err, c->errlen, "virtual cluster file '%s', line %d: %s", c->vc->filename, line,
                 what);
    else
        snprintf(c->err, c->errlen, "virtual cluster file '%s': %s", c->vc->filename, what);
    return -1;
}

static int find_node(const hmpi__vcluster *vc, const char *name)
{
    return hmpi__namemap_get(&vc->node_map, name);
}

static int spec_index(struct ctx *c, const char *value, int line)
{
    hmpi__vcluster *vc = c->vc;
    int is_xml = value[0] == '@';
    const char *text = value + is_xml;
    for (int i = 0; i < vc->nspecs; i++)
        if (vc->specs[i].is_xml == is_xml && strcmp(vc->specs[i].text, text) == 0)
            return i;
    struct topo_spec *grown = realloc(vc->specs, (size_t)(vc->nspecs + 1) * sizeof *grown);
    if (!grown)
        return fail(c, line, "out of memory");
    vc->specs = grown;
    struct topo_spec *s = &vc->specs[vc->nspecs];
    s->text = strdup(text);
    s->is_xml = is_xml;
    s->line = line;
    s->topo = NULL;
    if (!s->text)
        return fail(c, line, "out of memory");
    return vc->nspecs++;
}

static int parse_node_line(struct ctx *c, const hmpi__conf_line *line)
{
    static const char *const known[] = {"NodeName", "Topology", NULL};
    hmpi__vcluster *vc = c->vc;
    int bad = hmpi__conf_unknown_key(line, known);
    if (bad >= 0)
        return fail(c, line->lineno, "unknown key '%.64s' in a NodeName line",
                    line->words[bad].key);
    const char *topology = hmpi__conf_value(line, "Topology");
    if (!topology || !*topology)
        return fail(c, line->lineno, "NodeName line without Topology=");
    int spec = spec_index(c, topology, line->lineno);
    if (spec < 0)
        return -1;
    char **names, sub[256];
    int n;
    if (hmpi__hostlist_expand(line->words[0].value, &names, &n, sub, sizeof sub))
        return fail(c, line->lineno, "NodeName: %s", sub);
    struct vnode *grown = realloc(vc->nodes, (size_t)(vc->nnodes + n) * sizeof *grown);
    if (!grown) {
        hmpi__hostlist_free(names, n);
        return fail(c, line->lineno, "out of memory");
    }
    vc->nodes = grown;
    for (int i = 0; i < n; i++) {
        int old = hmpi__namemap_put(&vc->node_map, names[i], vc->nnodes);
        if (old != -1 || vc->nnodes >= HMPI__MAX_NODES) {
            int rc = old == -2  ? fail(c, line->lineno, "out of memory")
                     : old >= 0 ? fail(c, line->lineno, "node '%.64s' is described twice", names[i])
                                : fail(c, line->lineno, "more than %d nodes", HMPI__MAX_NODES);
            for (int j = i; j < n; j++) /* names[0..i) already belong to vc */
                free(names[j]);
            free(names);
            return rc;
        }
        vc->nodes[vc->nnodes++] = (struct vnode){names[i], spec, -1};
    }
    free(names);
    return 0;
}

/* "first" or "first-last" */
static int parse_range(const char *v, int *first, int *last)
{
    const char *dash = strchr(v, '-'), *end = v + strlen(v);
    if (!dash)
        return hmpi__parse_int(v, end, first) || ((*last = *first), 0);
    if (hmpi__parse_int(v, dash, first) || hmpi__parse_int(dash + 1, end, last) || *last < *first)
        return -1;
    return 0;
}

/* Bind=none | type | type:index | type:first-last */
static int parse_bind(struct ctx *c, const char *v, int line, struct vrank *r)
{
    char type[64];
    const char *colon = strchr(v, ':');
    size_t tlen = colon ? (size_t)(colon - v) : strlen(v);
    r->mode = BIND_NONE;
    if (!v[0] || strcasecmp(v, "none") == 0)
        return 0;
    if (tlen >= sizeof type)
        return fail(c, line, "unknown object type in Bind=%.64s", v);
    memcpy(type, v, tlen);
    type[tlen] = '\0';
    r->kind = hmpi__kind_parse(type);
    if (r->kind < 0 || r->kind <= HMPI__KIND_SWITCH)
        return fail(c, line, "unknown object type '%s' in Bind=%.64s", type, v);
    if (!colon) {
        r->mode = BIND_SPREAD;
        return 0;
    }
    r->mode = BIND_RANGE;
    if (parse_range(colon + 1, &r->first, &r->last))
        return fail(c, line, "bad index or range in Bind=%.64s", v);
    return 0;
}

static int parse_rank_line(struct ctx *c, const hmpi__conf_line *line)
{
    static const char *const known[] = {"Rank", "Node", "Bind", NULL};
    hmpi__vcluster *vc = c->vc;
    int bad = hmpi__conf_unknown_key(line, known), first, last;
    if (bad >= 0)
        return fail(c, line->lineno, "unknown key '%.64s' in a Rank line", line->words[bad].key);
    if (parse_range(line->words[0].value, &first, &last))
        return fail(c, line->lineno, "bad rank or range Rank=%.64s", line->words[0].value);
    const char *node = hmpi__conf_value(line, "Node");
    if (!node)
        return fail(c, line->lineno, "Rank line without Node=");
    struct vrank r = {line->lineno, find_node(vc, node), BIND_NONE, 0, 0, 0};
    if (r.node < 0)
        return fail(c, line->lineno, "unknown node '%.64s' (no NodeName line describes it)", node);
    const char *bind = hmpi__conf_value(line, "Bind");
    if (bind && parse_bind(c, bind, line->lineno, &r))
        return -1;
    for (long k = first; k <= last && k < vc->world_size; k++) {
        struct vrank rk = r;
        if (r.mode == BIND_SPREAD) /* rank first+i -> object i */
            rk.first = rk.last = (int)(k - first);
        vc->ranks[k] = rk;
    }
    return 0;
}

/* Reject synthetic descriptions with absurd object counts before hwloc sees them. */
static int synthetic_too_large(const char *text)
{
    long total = 1;
    for (const char *p = strchr(text, ':'); p; p = strchr(p + 1, ':')) {
        long n = 0;
        const char *q = p + 1;
        while (*q >= '0' && *q <= '9' && n <= MAX_SYNTHETIC_OBJECTS)
            n = n * 10 + (*q++ - '0');
        if (q == p + 1)
            continue;
        if (n > MAX_SYNTHETIC_OBJECTS || (n && total > MAX_SYNTHETIC_OBJECTS / n))
            return 1;
        if (n)
            total *= n;
    }
    return 0;
}

static int load_spec(struct ctx *c, struct topo_spec *s)
{
    char path[4096];
    if (s->topo)
        return 0;
    if (!s->is_xml && synthetic_too_large(s->text))
        return fail(c, s->line, "synthetic description '%.64s' has more than %ld objects", s->text,
                    MAX_SYNTHETIC_OBJECTS);
    if (s->is_xml && (c->flags & HMPI__VCLUSTER_NO_FILES))
        return fail(c, s->line, "XML files are disabled here ('@%.64s')", s->text);
    if (hwloc_topology_init(&s->topo))
        return fail(c, s->line, "hwloc_topology_init failed");
    hwloc_topology_set_io_types_filter(s->topo, HWLOC_TYPE_FILTER_KEEP_IMPORTANT); /* devices */
    int rc;
    if (s->is_xml) {
        if (s->text[0] == '/' || !c->dir)
            snprintf(path, sizeof path, "%s", s->text);
        else
            snprintf(path, sizeof path, "%s/%s", c->dir, s->text);
        rc = hwloc_topology_set_xml(s->topo, path);
    } else {
        rc = hwloc_topology_set_synthetic(s->topo, s->text);
    }
    if (rc == 0)
        rc = hwloc_topology_load(s->topo);
    if (rc != 0) {
        hwloc_topology_destroy(s->topo);
        s->topo = NULL;
        if (s->is_xml)
            return fail(c, s->line, "cannot load hwloc XML file '%.200s'", path);
        return fail(c, s->line, "invalid hwloc synthetic description \"%.100s\"", s->text);
    }
    return 0;
}

/* Depth of the Bind type in the node's topology, or an error. */
static int bind_depth(struct ctx *c, const struct vrank *r, hwloc_topology_t topo, int *depth)
{
    hwloc_obj_type_t type;
    const char *kname = hmpi__kind_name(r->kind);
    const char *node = c->vc->nodes[r->node].name;
    if (hmpi__hwloc_type_of_kind(r->kind, &type))
        return fail(c, r->line, "cannot bind to %s objects", kname);
    *depth = hwloc_get_type_depth(topo, type);
    if (*depth == HWLOC_TYPE_DEPTH_UNKNOWN)
        return fail(c, r->line, "node '%.64s' has no %s objects", node, kname);
    if (*depth == HWLOC_TYPE_DEPTH_MULTIPLE)
        return fail(c, r->line, "%s objects of node '%.64s' are at several depths", kname, node);
    return 0;
}

static int validate_rank(struct ctx *c, int rank)
{
    hmpi__vcluster *vc = c->vc;
    struct vrank *r = &vc->ranks[rank];
    struct vnode *node = &vc->nodes[r->node];
    if (load_spec(c, &vc->specs[node->spec]))
        return -1;
    if (vc->has_network && node->net < 0)
        return fail(c, r->line, "node '%.64s' of rank %d is under no switch", node->name, rank);
    if (r->mode == BIND_NONE)
        return 0;
    int depth = 0;
    hwloc_topology_t topo = vc->specs[node->spec].topo;
    if (bind_depth(c, r, topo, &depth))
        return -1;
    int count = (int)hwloc_get_nbobjs_by_depth(topo, depth);
    if (r->last >= count) {
        if (r->mode == BIND_SPREAD)
            return fail(c, r->line, "rank %d needs %s %d but node '%.64s' has only %d", rank,
                        hmpi__kind_name(r->kind), r->last, node->name, count);
        return fail(c, r->line, "%s index %d out of range on node '%.64s' (%d objects)",
                    hmpi__kind_name(r->kind), r->last, node->name, count);
    }
    return 0;
}

static int attach_network(struct ctx *c, const hmpi__conf *conf)
{
    hmpi__vcluster *vc = c->vc;
    char sub[384];
    for (int l = 0; l < conf->nlines && !vc->has_network; l++)
        vc->has_network = strcasecmp(conf->lines[l].words[0].key, "SwitchName") == 0;
    if (!vc->has_network)
        return 0;
    if (hmpi__switchtree_build(conf, &vc->net, sub, sizeof sub))
        return fail(c, 0, "%s", sub);
    for (int n = 0; n < vc->nnodes; n++)
        vc->nodes[n].net = hmpi__switchtree_find_node(&vc->net, vc->nodes[n].name);
    return 0;
}

static int parse_lines(struct ctx *c, const hmpi__conf *conf)
{
    for (int l = 0; l < conf->nlines; l++) {
        const hmpi__conf_line *line = &conf->lines[l];
        const char *directive = line->words[0].key;
        if (strcasecmp(directive, "NodeName") == 0) {
            if (parse_node_line(c, line))
                return -1;
        } else if (strcasecmp(directive, "SwitchName") != 0 && strcasecmp(directive, "Rank") != 0) {
            return fail(c, line->lineno, "unknown key '%.64s'", directive);
        }
    }
    if (attach_network(c, conf))
        return -1;
    for (int l = 0; l < conf->nlines; l++)
        if (strcasecmp(conf->lines[l].words[0].key, "Rank") == 0 &&
            parse_rank_line(c, &conf->lines[l]))
            return -1;
    return 0;
}

int hmpi__vcluster_parse(const char *text, size_t len, const char *filename, const char *dir,
                         int world_size, int flags, hmpi__vcluster **out, char *err, size_t errlen)
{
    hmpi__conf conf = {0, NULL};
    hmpi__vcluster *vc = calloc(1, sizeof *vc);
    struct ctx c = {vc, dir, flags, err, errlen};
    char sub[384];
    if (!vc) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    vc->filename = filename;
    vc->world_size = world_size;
    vc->ranks = calloc((size_t)(world_size > 0 ? world_size : 1), sizeof *vc->ranks);
    if (!vc->ranks) {
        fail(&c, 0, "out of memory");
        goto fn_fail;
    }
    if (hmpi__conf_parse(text, len, &conf, sub, sizeof sub)) {
        fail(&c, 0, "%s", sub);
        goto fn_fail;
    }
    if (parse_lines(&c, &conf))
        goto fn_fail;
    int last_line = conf.nlines ? conf.lines[conf.nlines - 1].lineno : 0;
    for (int r = 0; r < world_size; r++) {
        if (!vc->ranks[r].line) {
            fail(&c, last_line, "rank %d of %d is not described by any Rank line", r, world_size);
            goto fn_fail;
        }
        if (validate_rank(&c, r))
            goto fn_fail;
    }
    hmpi__conf_free(&conf);
    *out = vc;
    return 0;
fn_fail:
    hmpi__conf_free(&conf);
    hmpi__vcluster_free(vc);
    return -1;
}

int hmpi__vcluster_rank_path(const hmpi__vcluster *vc, int rank, hmpi__path *path, int *node,
                             const char **node_name, hmpi__devices *devices)
{
    const struct vrank *r = &vc->ranks[rank];
    const struct vnode *nd = &vc->nodes[r->node];
    hwloc_topology_t topo = vc->specs[nd->spec].topo;
    hwloc_bitmap_t set = NULL;
    int rc = -1;
    path->len = 0;
    path->elem[path->len++] = (hmpi__elem){0, HMPI__KIND_CLUSTER, 1u << HMPI__KIND_CLUSTER};
    if (vc->has_network && hmpi__switchtree_path(&vc->net, nd->net, path))
        return -1;
    int machine_pos = path->len;
    if (r->mode != BIND_NONE) {
        hwloc_obj_type_t type;
        hmpi__hwloc_type_of_kind(r->kind, &type);
        int depth = hwloc_get_type_depth(topo, type);
        set = hwloc_bitmap_alloc();
        if (!set)
            return -1;
        for (int i = r->first; i <= r->last; i++)
            hwloc_bitmap_or(set, set, hwloc_get_obj_by_depth(topo, depth, (unsigned)i)->cpuset);
    }
    if (hmpi__hw_path(topo, set, path, devices) == 0) {
        path->elem[machine_pos].id = r->node;
        *node = r->node;
        *node_name = nd->name;
        rc = 0;
    }
    hwloc_bitmap_free(set);
    return rc;
}

uint32_t hmpi__vcluster_node_kinds(const hmpi__vcluster *vc, int rank)
{
    return hmpi__hw_kinds(vc->specs[vc->nodes[vc->ranks[rank].node].spec].topo);
}

int hmpi__vcluster_has_network(const hmpi__vcluster *vc)
{
    return vc->has_network;
}

void hmpi__vcluster_free(hmpi__vcluster *vc)
{
    if (!vc)
        return;
    for (int i = 0; i < vc->nspecs; i++) {
        free(vc->specs[i].text);
        if (vc->specs[i].topo)
            hwloc_topology_destroy(vc->specs[i].topo);
    }
    for (int i = 0; i < vc->nnodes; i++)
        free(vc->nodes[i].name);
    free(vc->specs);
    free(vc->nodes);
    hmpi__namemap_free(&vc->node_map);
    free(vc->ranks);
    hmpi__switchtree_free(&vc->net);
    free(vc);
}

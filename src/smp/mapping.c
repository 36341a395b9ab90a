/* Placement of an application graph onto the processes of a communicator.
 *
 * The processes (slots) form the hardware tree of their paths (switches,
 * nodes, packages, NUMA nodes, caches, cores). Going down from the root,
 * the vertices of each subtree are partitioned among its children in
 * proportion to the children's numbers of processes, with Scotch
 * (SCOTCH_graphMapFixed on a weighted complete graph of the children;
 * pinned vertices stay fixed in the child that holds their slot), then
 * balanced exactly by greedy moves of the least-connected vertices. Heavy
 * edges thus stay inside the deepest objects. The identity placement is
 * kept unless the result crosses no more weight at every level. */
#include "smp/mapping.h"

#include <stdint.h>
#include <stdio.h>

#include <scotch.h>
#include <stdlib.h>
#include <string.h>

typedef struct mapper {
    hmpi__loctable *t;
    const int *slot_rank;
    const hmpi__graph *g;
    const int *pinned;
    int effort;
    int *place;
    int *part;    /* [n] child of each vertex in the current step */
    int *local;   /* [n] vertex -> index in the current step, -1 outside */
    int *childof; /* [n] slot -> child in the current step */
} mapper;

static int slot_lcp(const mapper *M, int a, int b)
{
    return hmpi__loctable_lcp(M->t, M->slot_rank[a], M->slot_rank[b]);
}

/* Scotch: the free vertices of verts into k children of the given sizes. */
static int scotch_parts(mapper *M, const int *verts, int nv, int k, const int *cap)
{
    const hmpi__graph *g = M->g;
    SCOTCH_Num *xadj = HMPI__ALLOC(SCOTCH_Num, (size_t)nv + 1), *adj = NULL, *w = NULL;
    SCOTCH_Num *parts = HMPI__ALLOC(SCOTCH_Num, (size_t)nv + 1);
    SCOTCH_Num *sizes = HMPI__ALLOC(SCOTCH_Num, (size_t)k + 1);
    long m = 0;
    int rc = -1;
    for (int i = 0; i < nv; i++)
        for (int e = g->xadj[verts[i]]; e < g->xadj[verts[i] + 1]; e++)
            m += M->local[g->adj[e]] >= 0 && g->adj[e] != verts[i];
    adj = HMPI__ALLOC(SCOTCH_Num, (size_t)m + 1);
    w = HMPI__ALLOC(SCOTCH_Num, (size_t)m + 1);
    if (!xadj || !adj || !w || !parts || !sizes)
        goto fn_exit;
    m = 0;
    for (int i = 0; i < nv; i++) {
        xadj[i] = (SCOTCH_Num)m;
        for (int e = g->xadj[verts[i]]; e < g->xadj[verts[i] + 1]; e++) {
            int j = M->local[g->adj[e]];
            if (j >= 0 && g->adj[e] != verts[i]) {
                adj[m] = j;
                w[m++] = g->w[e];
            }
        }
        parts[i] = M->pinned[verts[i]] >= 0 ? M->part[verts[i]] : -1;
    }
    xadj[nv] = (SCOTCH_Num)m;
    for (int c = 0; c < k; c++)
        sizes[c] = cap[c];
    SCOTCH_Graph graph;
    SCOTCH_Arch arch;
    SCOTCH_Strat strat;
    static const SCOTCH_Num flags[] = {SCOTCH_STRATSPEED, SCOTCH_STRATDEFAULT, SCOTCH_STRATQUALITY};
    SCOTCH_graphInit(&graph);
    SCOTCH_archInit(&arch);
    SCOTCH_stratInit(&strat);
    if (SCOTCH_graphBuild(&graph, 0, nv, xadj, NULL, NULL, NULL, (SCOTCH_Num)m, adj, w) == 0 &&
        SCOTCH_archCmpltw(&arch, k, sizes) == 0 &&
        SCOTCH_stratGraphMapBuild(&strat, flags[M->effort] | SCOTCH_STRATBALANCE, k, 0.0) == 0 &&
        SCOTCH_graphMapFixed(&graph, &arch, &strat, parts) == 0) {
        rc = 0;
        for (int i = 0; i < nv; i++)
            if (M->pinned[verts[i]] < 0)
                M->part[verts[i]] = parts[i] >= 0 && parts[i] < k ? (int)parts[i] : 0;
    }
    SCOTCH_stratExit(&strat);
    SCOTCH_archExit(&arch);
    SCOTCH_graphExit(&graph);
fn_exit:
    free(xadj);
    free(adj);
    free(w);
    free(parts);
    free(sizes);
    return rc;
}

/* Weight between vertex v and the vertices of the step in child c. */
static long link_to(const mapper *M, int v, int c)
{
    long s = 0;
    for (int e = M->g->xadj[v]; e < M->g->xadj[v + 1]; e++) {
        int u = M->g->adj[e];
        if (M->local[u] >= 0 && u != v && M->part[u] == c)
            s += M->g->w[e];
    }
    return s;
}

/* Exact sizes: move free vertices out of over-full children, each time the
 * move that loses the least weight. */
static void balance(mapper *M, const int *verts, int nv, int k, const int *cap, int *count)
{
    for (;;) {
        int over = -1;
        for (int c = 0; c < k && over < 0; c++)
            if (count[c] > cap[c])
                over = c;
        if (over < 0)
            return;
        long best = 0;
        int bv = -1, bc = -1;
        for (int i = 0; i < nv; i++) {
            int v = verts[i];
            if (M->part[v] != over || M->pinned[v] >= 0)
                continue;
            long here = link_to(M, v, over);
            for (int c = 0; c < k; c++)
                if (count[c] < cap[c]) {
                    long gain = link_to(M, v, c) - here;
                    if (bv < 0 || gain > best)
                        best = gain, bv = v, bc = c;
                }
        }
        if (bv < 0)
            return; /* cannot happen: pinned vertices respect capacities */
        M->part[bv] = bc;
        count[over]--;
        count[bc]++;
    }
}

/* Place verts (nv of them) onto slots (sorted by path, ns == nv). */
/* The children of a range of slots: runs that share the element below their
 * common prefix. first[c] is child c's first slot (first[k] = ns), cap[c]
 * its size; returns k. */
static int split_children(mapper *M, const int *slots, int ns, int *first, int *cap)
{
    int m = slot_lcp(M, slots[0], slots[0]), k = 0;
    for (int s = 1; s < ns; s++) {
        int l = slot_lcp(M, slots[s - 1], slots[s]);
        m = l < m ? l : m;
    }
    for (int s = 0; s < ns; s++) {
        if (s == 0 || slot_lcp(M, slots[s - 1], slots[s]) <= m)
            first[k++] = s;
        M->childof[slots[s]] = k - 1;
    }
    first[k] = ns;
    for (int c = 0; c < k; c++)
        cap[c] = first[c + 1] - first[c];
    return k;
}

/* Which child each vertex goes to: pinned ones where they are pinned, free
 * ones by Scotch (in order without it), then exact balance. */
static void assign_children(mapper *M, int *verts, int ns, int k, const int *cap, int *count)
{
    int nfree = 0;
    for (int i = 0; i < ns; i++) {
        M->local[verts[i]] = i;
        M->part[verts[i]] = M->pinned[verts[i]] >= 0 ? M->childof[M->pinned[verts[i]]] : 0;
        nfree += M->pinned[verts[i]] < 0;
        count[M->part[verts[i]]] += M->pinned[verts[i]] >= 0;
    }
    if (nfree > 0 && scotch_parts(M, verts, ns, k, cap) != 0)
        for (int i = 0, c = 0; i < ns; i++) /* no Scotch result: fill in order */
            if (M->pinned[verts[i]] < 0) {
                while (count[c] >= cap[c] && c < k - 1)
                    c++;
                M->part[verts[i]] = c;
                count[c]++;
            }
    memset(count, 0, sizeof(int) * (size_t)k);
    for (int i = 0; i < ns; i++)
        count[M->part[verts[i]]]++;
    balance(M, verts, ns, k, cap, count);
    for (int i = 0; i < ns; i++)
        M->local[verts[i]] = -1;
}

/* Group verts by child, stably; at is scratch of k ints. 0, or -1 (no memory). */
static int group_by_child(const mapper *M, int *verts, int ns, int k, const int *cap, int *at)
{
    int *sorted = HMPI__ALLOC(int, ns);
    if (!sorted)
        return -1;
    for (int c = 0, pos = 0; c < k; c++) {
        at[c] = pos;
        pos += cap[c];
    }
    for (int i = 0; i < ns; i++)
        sorted[at[M->part[verts[i]]]++] = verts[i];
    memcpy(verts, sorted, sizeof(int) * (size_t)ns);
    free(sorted);
    return 0;
}

static int place_range(mapper *M, const int *slots, int ns, int *verts)
{
    if (ns == 1) {
        M->place[verts[0]] = slots[0];
        return 0;
    }
    int *first = HMPI__ALLOC(int, (size_t)ns + 1), *cap = HMPI__ALLOC(int, ns);
    int *count = HMPI__ALLOC(int, ns), rc = -1;
    if (first && cap && count) {
        int k = split_children(M, slots, ns, first, cap);
        assign_children(M, verts, ns, k, cap, count);
        rc = group_by_child(M, verts, ns, k, cap, count);
        for (int c = 0; c < k && rc == 0; c++) /* then recurse */
            rc = place_range(M, slots + first[c], cap[c], verts + first[c]);
    }
    free(first);
    free(cap);
    free(count);
    return rc;
}

void hmpi__crossing(const hmpi__loctable *t, const int *slot_rank, const hmpi__graph *g,
                    const int *place, long *cross)
{
    memset(cross, 0, sizeof(long) * ((size_t)t->depth + 1));
    for (int u = 0; u < g->n; u++)
        for (int e = g->xadj[u]; e < g->xadj[u + 1]; e++) {
            int v = g->adj[e];
            if (v <= u)
                continue;
            int l = hmpi__loctable_lcp(t, slot_rank[place[u]], slot_rank[place[v]]);
            for (int m = l + 1; m <= t->depth; m++)
                cross[m] += g->w[e];
        }
}

static const int *path_sorted_slots(hmpi__loctable *t, const int *slot_rank, int n, int *slots)
{
    const int *order = hmpi__loctable_order(t);
    int *slot_of = HMPI__ALLOC(int, (size_t)t->n + 1);
    if (!order || !slot_of) {
        free(slot_of);
        return NULL;
    }
    for (int r = 0; r < t->n; r++)
        slot_of[r] = -1;
    for (int s = 0; s < n; s++)
        slot_of[slot_rank[s]] = s;
    int k = 0;
    for (int i = 0; i < t->n; i++)
        if (slot_of[order[i]] >= 0)
            slots[k++] = slot_of[order[i]];
    free(slot_of);
    return slots;
}

int hmpi__map_graph(hmpi__loctable *t, const int *slot_rank, const hmpi__graph *g,
                    const int *pinned, int effort, int *place)
{
    int n = g->n, rc = MPI_SUCCESS;
    int *slots = HMPI__ALLOC(int, (size_t)n + 1), *verts = HMPI__ALLOC(int, (size_t)n + 1);
    int *scratch = HMPI__ALLOC(int, 3 * ((size_t)n + 1));
    long *cross_map = HMPI__ALLOC(long, (size_t)t->depth + 1);
    long *cross_id = HMPI__ALLOC(long, (size_t)t->depth + 1);
    int *identity = HMPI__ALLOC(int, (size_t)n + 1);
    if (!slots || !verts || !scratch || !cross_map || !cross_id || !identity ||
        !path_sorted_slots(t, slot_rank, n, slots)) {
        rc = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    mapper M = {t,       slot_rank,       g,
                pinned,  effort,          place,
                scratch, scratch + n + 1, scratch + 2 * ((size_t)n + 1)};
    for (int v = 0; v < n; v++) {
        verts[v] = v;
        identity[v] = v;
        M.local[v] = -1;
    }
    if (n > 0 && place_range(&M, slots, n, verts) != 0) {
        rc = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    hmpi__crossing(t, slot_rank, g, place, cross_map);
    hmpi__crossing(t, slot_rank, g, identity, cross_id);
    for (int m = 0; m <= t->depth; m++)
        if (cross_map[m] > cross_id[m]) { /* worse somewhere: keep the identity */
            memcpy(place, identity, sizeof(int) * (size_t)n);
            break;
        }
fn_exit:
    free(slots);
    free(verts);
    free(scratch);
    free(cross_map);
    free(cross_id);
    free(identity);
    return rc;
}

static int by_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

int hmpi__graph_from_edges(int n, long m, const int *u, const int *v, const int *w, hmpi__graph *g)
{
    /* both directions, sorted by (from, to), duplicates merged */
    int *e = HMPI__ALLOC(int, 3 * (2 * (size_t)m + 1));
    memset(g, 0, sizeof *g);
    g->n = n;
    g->xadj = HMPI__ALLOC(int, (size_t)n + 1);
    if (!e || !g->xadj) {
        free(e);
        free(g->xadj);
        return MPI_ERR_NO_MEM;
    }
    long k = 0;
    for (long i = 0; i < m; i++) {
        if (u[i] == v[i])
            continue; /* a process talking to itself crosses nothing */
        e[3 * k] = u[i], e[3 * k + 1] = v[i], e[3 * k + 2] = w[i], k++;
        e[3 * k] = v[i], e[3 * k + 1] = u[i], e[3 * k + 2] = w[i], k++;
    }
    qsort(e, (size_t)k, 3 * sizeof(int), by_pair);
    long j = 0;
    for (long i = 0; i < k; i++) {
        if (j > 0 && e[3 * (j - 1)] == e[3 * i] && e[3 * (j - 1) + 1] == e[3 * i + 1]) {
            e[3 * (j - 1) + 2] += e[3 * i + 2];
            continue;
        }
        memmove(e + 3 * j, e + 3 * i, 3 * sizeof(int));
        j++;
    }
    g->adj = HMPI__ALLOC(int, (size_t)j + 1);
    g->w = HMPI__ALLOC(int, (size_t)j + 1);
    if (!g->adj || !g->w) {
        free(e);
        hmpi__graph_free(g);
        return MPI_ERR_NO_MEM;
    }
    for (long i = 0; i < j; i++) {
        g->xadj[e[3 * i] + 1]++;
        g->adj[i] = e[3 * i + 1];
        g->w[i] = e[3 * i + 2];
    }
    for (int x = 0; x < n; x++)
        g->xadj[x + 1] += g->xadj[x];
    free(e);
    return MPI_SUCCESS;
}

void hmpi__graph_free(hmpi__graph *g)
{
    free(g->xadj);
    free(g->adj);
    free(g->w);
    memset(g, 0, sizeof *g);
}

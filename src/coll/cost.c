/* What the algorithms' costs share (coll.h). Two rules make them faithful
 * to what the schedules do: a process that posts k messages in one round
 * pays round(level, k, m) (its link carries them all), and when several
 * ranks of a node cross the network in one round, the node's link carries
 * the bytes of all of them while each pays its own per-message CPU
 * (hmpi__cost_node_round). */
#include "coll/coll.h"

int hmpi__ceil_log2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        k++;
    return k;
}

int hmpi__knomial_levels(int n, int k)
{
    int levels = 0;
    for (long span = 1; span < n; span *= k)
        levels++;
    return levels;
}

int hmpi__knomial_links(int q, int n, int k, long *top)
{
    long weight = 1; /* q's lowest non-zero digit's (at the root: past n) */
    while (weight < n && q % (weight * k) == 0)
        weight *= k;
    if (q == 0) {
        for (*top = 1; *top * k < n;)
            *top *= k;
        return -1;
    }
    *top = weight / k;
    return q - (int)(q % (weight * k));
}

int hmpi__coll_outer_level(const hmpi__coll_ctx *c)
{
    return c->nodes > 1 ? HMPI__LEVEL_NETWORK : HMPI__LEVEL_NODE;
}

double hmpi__cost_tree(const hmpi__coll_ctx *c, int level, int n, double bytes)
{
    double t = 0;
    for (int j = 1; j <= hmpi__ceil_log2(n); j++)
        t += hmpi__cost_round(&c->cost, level, j, bytes);
    return t;
}

double hmpi__cost_binomial_tree(const hmpi__coll_ctx *c, double bytes)
{
    if (c->nodes > 1 && c->ordered_nodes) /* the far levels cross nodes, the near ones do not */
        return hmpi__cost_tree(c, HMPI__LEVEL_NETWORK, c->nodes, bytes) +
               hmpi__cost_tree(c, HMPI__LEVEL_NODE, c->largest, bytes);
    return hmpi__cost_tree(c, hmpi__coll_outer_level(c), c->size, bytes);
}

double hmpi__cost_exchange(const hmpi__coll_ctx *c, int level, int senders, double bytes)
{
    const hmpi__cost_model *m = &c->cost;
    double receive = hmpi__cost_gap(m, level, 0);
    return hmpi__cost_node_round(m, level, senders, 1, bytes) + receive;
}

double hmpi__cost_exchange_rounds(const hmpi__coll_ctx *c, int rounds, double bytes)
{
    if (c->nodes <= 1)
        return rounds * hmpi__cost_exchange(c, HMPI__LEVEL_NODE, 1, bytes);
    if (!c->ordered_nodes)
        return rounds * hmpi__cost_exchange(c, HMPI__LEVEL_NETWORK, c->largest, bytes);
    /* in rank order the first rounds stay in the node, the others cross it */
    int inside = hmpi__ceil_log2(c->largest) < rounds ? hmpi__ceil_log2(c->largest) : rounds;
    return inside * hmpi__cost_exchange(c, HMPI__LEVEL_NODE, 1, bytes) +
           (rounds - inside) * hmpi__cost_exchange(c, HMPI__LEVEL_NETWORK, c->largest, bytes);
}

double hmpi__cost_exchange_at(const hmpi__coll_ctx *c, int distance, double bytes)
{
    if (c->nodes <= 1)
        return hmpi__cost_exchange(c, HMPI__LEVEL_NODE, 1, bytes);
    int crossing = !c->ordered_nodes || distance >= c->largest ? c->largest : distance;
    return hmpi__cost_exchange(c, HMPI__LEVEL_NETWORK, crossing, bytes);
}

double hmpi__cost_binomial_rounds(const hmpi__coll_ctx *c, double bytes)
{
    const hmpi__cost_model *m = &c->cost;
    double combines = hmpi__ceil_log2(c->size) * hmpi__cost_combine(m, bytes);
    if (c->nodes > 1 && c->ordered_nodes) /* the far rounds cross nodes, the near ones do not */
        return hmpi__ceil_log2(c->nodes) * hmpi__cost_round(m, HMPI__LEVEL_NETWORK, 1, bytes) +
               hmpi__ceil_log2(c->largest) * hmpi__cost_round(m, HMPI__LEVEL_NODE, 1, bytes) +
               combines;
    if (c->nodes <= 1)
        return hmpi__ceil_log2(c->size) * hmpi__cost_round(m, HMPI__LEVEL_NODE, 1, bytes) +
               combines;
    /* ranks in any order: round k's p / 2^(k+1) senders spread over the nodes */
    double t = combines;
    for (int senders = c->size / 2; senders >= 1; senders /= 2) {
        int per_node = (senders + c->nodes - 1) / c->nodes;
        t += hmpi__cost_node_round(m, HMPI__LEVEL_NETWORK, per_node, 1, bytes);
    }
    return t;
}

/* What the algorithms' costs share (coll.h): the level a flat algorithm's
 * messages cross, the rounds of a logarithmic tree over all ranks. */
#include "coll/coll.h"

int hmpi__ceil_log2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        k++;
    return k;
}

int hmpi__coll_outer_level(const hmpi__coll_ctx *c)
{
    return c->nodes > 1 ? HMPI__LEVEL_NETWORK : HMPI__LEVEL_NODE;
}

double hmpi__cost_log_rounds(const hmpi__coll_ctx *c, double bytes)
{
    const hmpi__cost_model *m = &c->cost;
    if (c->nodes > 1 && c->ordered_nodes) /* the far rounds leave the node, the near ones do not */
        return hmpi__ceil_log2(c->nodes) * hmpi__cost_round(m, HMPI__LEVEL_NETWORK, 1, bytes) +
               hmpi__ceil_log2(c->largest) * hmpi__cost_round(m, HMPI__LEVEL_NODE, 1, bytes);
    return hmpi__ceil_log2(c->size) * hmpi__cost_round(m, hmpi__coll_outer_level(c), 1, bytes);
}

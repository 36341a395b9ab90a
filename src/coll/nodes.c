/* Ranks grouped by node (nodes.h). */
#include "coll/nodes.h"

#include <stdlib.h>
#include <string.h>

void hmpi__nodes_free(hmpi__nodes *nd)
{
    free(nd->first);
    free(nd->member);
    free(nd->lane);
}

/* Index of node k in a lane, and the node at index k (the map is its own
 * inverse), so that the root's node is index 0 while nodes under one switch
 * stay neighbours in the lanes' trees and exchanges: on a power-of-two count
 * k XOR root_node (every exchange pairs the nodes it pairs with the root on
 * node 0), else the root's node and node 0 trade places. */
int hmpi__nodes_lane_index(const hmpi__nodes *nd, int k)
{
    if (nd->ordered) /* combined in node order: node 0 leads */
        return k;
    if ((nd->n & (nd->n - 1)) == 0)
        return k ^ nd->root_node;
    return k == nd->root_node ? 0 : k == 0 ? nd->root_node : k;
}

/* Nodes in path order; on the root's node the root comes first (root -1:
 * no root, node 0 first in the lanes). Ordered (the caller checked the
 * shape's ordered_nodes): nodes and their members in rank order, the root
 * where it is. */
int hmpi__nodes_make(const hmpi__coll_ctx *c, int root, int ordered, hmpi__nodes *nd)
{
    const int *order = hmpi__loctable_order(c->table);
    int p = c->size, root_at = 0, nmachines;
    const int *machine = hmpi__loctable_machines(c->table, &nmachines);
    memset(nd, 0, sizeof *nd);
    nd->ordered = ordered;
    nd->first = HMPI__ALLOC(int, (size_t)p + 1);
    nd->member = HMPI__ALLOC(int, (size_t)p);
    nd->lane = HMPI__ALLOC(int, (size_t)p);
    if (!order || !machine || !nd->first || !nd->member || !nd->lane) {
        hmpi__nodes_free(nd);
        return MPI_ERR_NO_MEM;
    }
    for (int k = 0; k < p; k++) {
        int r = ordered ? k : order[k];
        if (ordered ? k == 0 || machine[k] != machine[k - 1] : hmpi__starts_node(machine, order, k))
            nd->first[nd->n++] = k;
        if ((nd->member[k] = r) == root)
            nd->root_node = nd->n - 1, root_at = k;
    }
    nd->first[nd->n] = p;
    if (root >= 0 && !ordered) { /* the root leads its node */
        nd->member[root_at] = nd->member[nd->first[nd->root_node]];
        nd->member[nd->first[nd->root_node]] = root;
    }
    nd->smallest = p;
    for (int k = 0; k < nd->n; k++) {
        int size = nd->first[k + 1] - nd->first[k];
        nd->smallest = size < nd->smallest ? size : nd->smallest;
        for (int i = nd->first[k]; i < nd->first[k + 1]; i++)
            if (nd->member[i] == c->rank)
                nd->my_node = k, nd->my_local = i - nd->first[k], nd->local = size;
    }
    nd->my_index = hmpi__nodes_lane_index(nd, nd->my_node);
    return MPI_SUCCESS;
}

/* Rank of local index j on node k. */
int hmpi__nodes_rank(const hmpi__nodes *nd, int k, int j)
{
    return nd->member[nd->first[k] + j];
}

/* Lane j: local rank j of every node, the root's node first. */
void hmpi__nodes_fill_lane(hmpi__nodes *nd, int j)
{
    for (int k = 0; k < nd->n; k++)
        nd->lane[k] = hmpi__nodes_rank(nd, hmpi__nodes_lane_index(nd, k), j);
}

int hmpi__nodes_segment_usable(const hmpi__coll_ctx *c)
{
    return c->shm && c->nodes > 1;
}

typedef struct by_rank {
    int rank, local;
} by_rank;

static int by_rank_order(const void *x, const void *y)
{
    return ((const by_rank *)x)->rank - ((const by_rank *)y)->rank;
}

int hmpi__nodes_segment_ranks(hmpi__coll_ctx *c, const hmpi__nodes *nd, int **out)
{
    int P = nd->local, *ranks = hmpi__sched_alloc(c->s, sizeof(int) * (size_t)P);
    by_rank *sorted = malloc(sizeof *sorted * (size_t)P);
    const int *member = nd->member + nd->first[nd->my_node];
    int rc = ranks && sorted ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && hmpi__shm_size(c->shm) != P)
        rc = MPI_ERR_INTERN; /* the segment is not the node's */
    for (int j = 0; rc == MPI_SUCCESS && j < P; j++)
        sorted[j] = (by_rank){member[j], j};
    if (rc == MPI_SUCCESS)
        qsort(sorted, (size_t)P, sizeof *sorted, by_rank_order);
    for (int i = 0; rc == MPI_SUCCESS && i < P; i++)
        ranks[sorted[i].local] = i;
    free(sorted);
    *out = ranks;
    return rc;
}

int hmpi__nodes_path_order(const hmpi__coll_ctx *c, int *rank_at)
{
    const int *order = c->nodes > 1 ? hmpi__loctable_order(c->table) : NULL;
    if (c->nodes > 1 && !order)
        return MPI_ERR_NO_MEM;
    for (int k = 0; k < c->size; k++)
        rank_at[k] = order ? order[k] : k;
    return MPI_SUCCESS;
}

int hmpi__nodes_build_at_positions(hmpi__coll_ctx *c, const hmpi__coll_args *a, int in_path_order,
                                   hmpi__positions_builder build)
{
    int me = 0, rc = MPI_SUCCESS, *rank_at = HMPI__ALLOC(int, (size_t)c->size);
    if (!rank_at)
        return MPI_ERR_NO_MEM;
    if (in_path_order)
        rc = hmpi__nodes_path_order(c, rank_at);
    for (int k = 0; !in_path_order && k < c->size; k++)
        rank_at[k] = k;
    while (rc == MPI_SUCCESS && rank_at[me] != c->rank)
        me++;
    if (rc == MPI_SUCCESS)
        rc = build(c, a, rank_at, me);
    free(rank_at);
    return rc;
}

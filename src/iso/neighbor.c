/* The neighbourhood collectives of MPI's process topologies (MPI-4.0 §8.6,
 * §8.7), in three forms: HMPI_Neighbor_<name>, HMPI_Ineighbor_<name> and
 * HMPI_Neighbor_<name>_init.
 *
 * Cartesian communicators reuse the isomorphic collectives: their
 * neighbourhood is the offsets -e_d, +e_d of every dimension d, so the
 * combining algorithms apply. MPI-4.0 (erratum of mpi-forum issue 153) wants
 * the block sent towards -e_d received as the one from +e_d, even when a
 * periodic dimension of size 1 or 2 makes both neighbours one process: the
 * isomorphic receive slot of offset o comes from rank - o, so MPI's receive
 * blocks 2d and 2d+1 are the slots of +e_d and -e_d, a swapped pair.
 *
 * Graph and distributed-graph communicators send along their out-edges and
 * receive along their in-edges, all at once, in list order: the k-th edge
 * from one process to another matches the k-th edge the other lists from it,
 * repeated edges and self edges included (MPI-4.0 §8.6). */
#include "iso/iso.h"

#include "core/comm.h"
#include "core/entry.h"

#include <stdlib.h>

/* The edges of a graph or distributed-graph communicator, in MPI's order. */
typedef struct edges {
    int indegree, outdegree;
    int *sources, *destinations; /* one allocation */
} edges;

typedef struct graph_args {
    hmpi__nbr_args a;
    edges g;
} graph_args;

static int edges_get(MPI_Comm comm, int topo, const char *fn, edges *g)
{
    int rank, weighted;
    g->sources = NULL;
    if (topo == MPI_GRAPH) {
        MPI_Comm_rank(comm, &rank);
        MPI_Graph_neighbors_count(comm, rank, &g->indegree);
        g->outdegree = g->indegree;
    } else {
        MPI_Dist_graph_neighbors_count(comm, &g->indegree, &g->outdegree, &weighted);
    }
    /* room for the weights too, which MPI may write (MPI_UNWEIGHTED is not
     * an array to every compiler) */
    g->sources = HMPI__ALLOC(int, 2 * ((size_t)g->indegree + g->outdegree) + 1);
    if (!g->sources)
        return hmpi__error_code(MPI_ERR_NO_MEM, fn, "out of memory");
    g->destinations = g->sources + g->indegree;
    if (topo == MPI_GRAPH) {
        MPI_Graph_neighbors(comm, rank, g->indegree, g->sources);
        for (int i = 0; i < g->outdegree; i++)
            g->destinations[i] = g->sources[i];
    } else {
        int *weights = g->destinations + g->outdegree;
        MPI_Dist_graph_neighbors(comm, g->indegree, g->sources, weights, g->outdegree,
                                 g->destinations, weights + g->indegree);
    }
    return MPI_SUCCESS;
}

static int graph_check(const hmpi__entry *e)
{
    const graph_args *ga = e->args;
    int rc = hmpi__nbr_check_send(e->fn, &ga->a, ga->g.outdegree, ga->g.destinations);
    return rc == MPI_SUCCESS ? hmpi__nbr_check_recv(e->fn, &ga->a, ga->g.indegree, ga->g.sources)
                             : rc;
}

static int graph_agreement(const hmpi__entry *e, hmpi__agree_item items[HMPI__AGREE_MAX])
{
    const graph_args *ga = e->args;
    items[0] = (hmpi__agree_item){ga->a.kind, "collective", MPI_ERR_ARG, NULL};
    return 1;
}

/* One round: every receive and every send, each list in its order. */
static int graph_build(const hmpi__entry *e, void **op)
{
    const graph_args *ga = e->args;
    hmpi__sched *s = hmpi__sched_create(e->comm);
    MPI_Comm dup;
    int tag, rc;
    if (!s)
        return hmpi__error_code(MPI_ERR_NO_MEM, e->fn, "out of memory");
    if ((rc = hmpi__comm_private_tag(e->comm, &dup, &tag)) != MPI_SUCCESS ||
        (rc = hmpi__sched_round(s)) != MPI_SUCCESS)
        goto fn_fail;
    for (int i = 0; i < ga->g.indegree; i++) {
        hmpi__iso_block b = hmpi__nbr_recv_block(&ga->a, i);
        if (ga->g.sources[i] != MPI_PROC_NULL &&
            (rc = hmpi__sched_recv(s, b.addr, b.count, b.type, ga->g.sources[i], tag, dup)))
            goto fn_fail;
    }
    for (int i = 0; i < ga->g.outdegree; i++) {
        hmpi__iso_block b = hmpi__nbr_send_block(&ga->a, i);
        if (ga->g.destinations[i] != MPI_PROC_NULL &&
            (rc = hmpi__sched_send(s, b.addr, b.count, b.type, ga->g.destinations[i], tag, dup)))
            goto fn_fail;
    }
    return hmpi__request_create(s, e->form == HMPI__FORM_PERSISTENT, e->comm, e->fn,
                                (HMPI_Request *)op);
fn_fail:
    hmpi__sched_free(s);
    return rc;
}

static const hmpi__entry_ops graph_ops = {"comm",          NULL,        graph_check,
                                          graph_agreement, graph_build, hmpi__request_launch_op};

/* Dispatch on comm's topology. */
static int entry(MPI_Comm comm, const char *fn, hmpi__nbr_args *a, MPI_Info info, int form,
                 HMPI_Request *request)
{
    int topo, rc;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    topo = hmpi__topo_kind(comm);
    if (topo == MPI_CART) {
        if ((rc = hmpi__iso_cart_neighbors(comm, fn, &a->n)) != MPI_SUCCESS)
            return hmpi__raise(comm, rc);
        a->swap_pairs = 1;
        return hmpi__iso_entry(comm, fn, a, info, form, request);
    }
    if (topo != MPI_GRAPH && topo != MPI_DIST_GRAPH)
        return hmpi__error(comm, MPI_ERR_TOPOLOGY, fn,
                           "argument 'comm' has no process topology (Cartesian, graph or "
                           "distributed graph)");
    graph_args ga = {.a = *a};
    if ((rc = edges_get(comm, topo, fn, &ga.g)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    hmpi__entry e = {&graph_ops, fn, comm, form, request, info, &ga, 0};
    rc = hmpi__entry_run(&e);
    free(ga.g.sources);
    return rc;
}

/* ---- the public functions ---------------------------------------------- */

/* `a` of each collective (NAME_ARGS), from MPI's names of its arguments. */
#define NEIGHBOR_ALLGATHER_ARGS HMPI__NBR_A2A_ARGS(HMPI__NBR_AG)
#define NEIGHBOR_ALLGATHERV_ARGS HMPI__NBR_AGV_ARGS
#define NEIGHBOR_ALLTOALL_ARGS HMPI__NBR_A2A_ARGS(HMPI__NBR_A2A)
#define NEIGHBOR_ALLTOALLV_ARGS HMPI__NBR_A2AV_ARGS
#define NEIGHBOR_ALLTOALLW_ARGS HMPI__NBR_A2AW_ARGS

/* Each collective's internal entry (hmpi__mpi_neighbor_<name>) and its
 * three public forms. */
HMPI__NEIGHBOR_COLLECTIVES(HMPI__MPI_OPERATION)

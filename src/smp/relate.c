/* Träff 2003 §3 and Appendices A-B: how two communicators relate, the
 * redistribution map between a communicator and a sub-communicator, and the
 * permutation that moves data along it. */
#include "smp/smp.h"

/* ---- relate, map, permute ---------------------------------------------- */

/* Is the intersection of a and b (in a's order) b itself, and in order? */
static int contains(MPI_Group a, MPI_Group b)
{
    MPI_Group inter;
    int result;
    MPI_Group_intersection(a, b, &inter);
    MPI_Group_compare(inter, b, &result);
    MPI_Group_free(&inter);
    return result;
}

int HMPI_Comm_relate(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    static const char fn[] = "HMPI_Comm_relate";
    MPI_Group g1, g2;
    int r;
    if (comm1 == MPI_COMM_NULL || comm2 == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument '%s' is MPI_COMM_NULL",
                           comm1 == MPI_COMM_NULL ? "comm1" : "comm2");
    if (!result)
        return hmpi__error(comm1, MPI_ERR_ARG, fn, "argument 'result' is NULL");
    MPI_Comm_compare(comm1, comm2, &r);
    if (r == MPI_UNEQUAL) {
        MPI_Comm_group(comm1, &g1);
        MPI_Comm_group(comm2, &g2);
        int super = contains(g1, g2), sub = contains(g2, g1);
        if (super == MPI_IDENT || super == MPI_SIMILAR)
            r = super == MPI_IDENT ? HMPI_SUPERCOMM_STRICT : HMPI_SUPERCOMM;
        else if (sub == MPI_IDENT || sub == MPI_SIMILAR)
            r = sub == MPI_IDENT ? HMPI_SUBCOMM_STRICT : HMPI_SUBCOMM;
        MPI_Group_free(&g1);
        MPI_Group_free(&g2);
    }
    *result = r;
    return MPI_SUCCESS;
}

/* The exchange of Appendix B: the process with basecomm rank r < |sub| learns
 * who has subcomm rank r (sub == MPI_GROUP_NULL: not a member). */
static int exchange_map(MPI_Comm dup, int tag, MPI_Group base, MPI_Group sub, int rank, int subrank,
                        int subsize, int *to)
{
    int there;
    if (sub == MPI_GROUP_NULL)
        return rank < subsize
                   ? MPI_Recv(to, 1, MPI_INT, MPI_ANY_SOURCE, tag, dup, MPI_STATUS_IGNORE)
                   : MPI_SUCCESS;
    if (rank < subsize) /* who has my rank in subcomm */
        MPI_Group_translate_ranks(sub, 1, &rank, base, to);
    /* the basecomm process with my subcomm rank may not be in subcomm: tell it
     * who I am (it cannot work it out alone) */
    MPI_Group_translate_ranks(base, 1, &subrank, sub, &there);
    return there == MPI_UNDEFINED ? MPI_Send(&rank, 1, MPI_INT, subrank, tag, dup) : MPI_SUCCESS;
}

int HMPI_Comm_map(MPI_Comm basecomm, MPI_Comm subcomm, int *torank, int *fromrank)
{
    static const char fn[] = "HMPI_Comm_map";
    MPI_Comm dup;
    MPI_Group base, sub = MPI_GROUP_NULL;
    int rank, subrank = MPI_UNDEFINED, to = MPI_PROC_NULL, tag, rc = MPI_SUCCESS;
    long mine[2] = {0, 0}, lo[2], hi[2]; /* sub size; my sub is not made of base processes */
    HMPI__ERRTEST_COMM(basecomm, "basecomm", rc, fn);
    HMPI__ERRTEST_ARGNULL(torank, "torank", rc, fn);
    HMPI__ERRTEST_ARGNULL(fromrank, "fromrank", rc, fn);
    MPI_Comm_rank(basecomm, &rank);
    MPI_Comm_group(basecomm, &base);
    if (subcomm != MPI_COMM_NULL) {
        int me_in_base, subsize;
        MPI_Comm_group(subcomm, &sub);
        MPI_Group_rank(sub, &subrank);
        MPI_Group_size(sub, &subsize);
        MPI_Group_translate_ranks(sub, 1, &subrank, base, &me_in_base);
        mine[0] = subsize;
        mine[1] = me_in_base != rank;
    }
    if ((rc = hmpi__allreduce_range(basecomm, 2, mine, lo, hi)) == MPI_SUCCESS &&
        (rc = hmpi__comm_private_tag(basecomm, &dup, &tag)) == MPI_SUCCESS) {
        if (hi[1])
            rc = hmpi__error_code(MPI_ERR_COMM, fn,
                                  "'subcomm' is not a sub-communicator of 'basecomm'");
        else
            rc = exchange_map(dup, tag, base, sub, rank, subrank, (int)hi[0], &to);
    }
    if (sub != MPI_GROUP_NULL)
        MPI_Group_free(&sub);
    MPI_Group_free(&base);
    if (rc != MPI_SUCCESS)
        goto fn_fail;
    *torank = to;
    *fromrank = subrank == MPI_UNDEFINED ? MPI_PROC_NULL : subrank;
    return MPI_SUCCESS;
fn_fail:
    return hmpi__raise(basecomm, rc);
}

int HMPI_Permute(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int torank,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int fromrank, MPI_Comm comm)
{
    static const char fn[] = "HMPI_Permute";
    MPI_Comm dup;
    int size, tag, rc;
    if (comm == MPI_COMM_NULL)
        return hmpi__error(MPI_COMM_NULL, MPI_ERR_COMM, fn, "argument 'comm' is MPI_COMM_NULL");
    MPI_Comm_size(comm, &size);
    if (torank != MPI_PROC_NULL && (torank < 0 || torank >= size))
        return hmpi__error(comm, MPI_ERR_RANK, fn, "argument 'torank' (%d) is not a rank", torank);
    if (fromrank != MPI_PROC_NULL && (fromrank < 0 || fromrank >= size))
        return hmpi__error(comm, MPI_ERR_RANK, fn, "argument 'fromrank' (%d) is not a rank",
                           fromrank);
    if (sendcount < 0 || recvcount < 0)
        return hmpi__error(comm, MPI_ERR_COUNT, fn, "argument '%s' (%d) is negative",
                           sendcount < 0 ? "sendcount" : "recvcount",
                           sendcount < 0 ? sendcount : recvcount);
    if ((rc = hmpi__comm_private_tag(comm, &dup, &tag)) != MPI_SUCCESS)
        return hmpi__raise(comm, rc);
    rc = MPI_Sendrecv(sendbuf, sendcount, sendtype, torank, tag, recvbuf, recvcount, recvtype,
                      fromrank, tag, dup, MPI_STATUS_IGNORE);
    return rc == MPI_SUCCESS ? rc : hmpi__raise(comm, rc);
}

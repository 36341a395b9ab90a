/* Radix-r allreduce over a list of ranks (one per node: a lane), commutative
 * ops: Rabenseifner's reduce-scatter and allgather with r-way steps instead
 * of halving and doubling. The n processes are numbered in mixed radix
 * (n = r_0 r_1 ... r_{m-1}, each r_s at most k); step s cuts the current
 * range in r_s parts among the r_s processes that differ in digit s only,
 * each keeping the part of its digit, reduced from all of them. The
 * allgather walks back. The same bytes cross each link as with r = 2, in
 * log_r n latency-bound steps each way instead of log_2 n; every message
 * goes in eager segments, all posted at once. After `cuts` such steps the
 * rest of the digits may exchange the part whole instead (recursive
 * multiplying): one step each instead of two, r - 1 times the part's
 * bytes instead of twice its r-th; where the part is small, the latency
 * it saves is the larger. */
#include "coll/coll.h"
#include "coll/nodes.h"

int hmpi__kary_radixes(int n, int k, int radix[HMPI__KARY_MAX_STEPS])
{
    int m = 0;
    while (n > 1) {
        int r = k < n ? k : n;
        while (r > 1 && n % r != 0)
            r--;
        if (r < 2 || m == HMPI__KARY_MAX_STEPS)
            return 0; /* a prime factor above k */
        radix[m++] = r;
        n /= r;
    }
    return m;
}

/* Part j of r of the range [lo, hi). */
static int sub_lo(int lo, int hi, int r, int j)
{
    return lo + (int)((long)(hi - lo) * j / r);
}

/* The t-th partner (t = 1 .. r - 1) of the process of digit d: digits
 * d + r/2, d + r/2 + 1, ... modulo r, d skipped. Every process starts with
 * a different one (all starting with digit 0 sent it r - 1 messages at
 * once), and with the one half-way round its group, which with the nodes
 * in order is the farthest, its messages the slowest (simulated 1024
 * ranks, 1 MiB: 201.8 -> 197.3 us; from digit d + 1 on, 198.8). */
static int rotated(int d, int t, int r)
{
    return (d + (t + r / 2 - 1) % (r - 1) + 1) % r;
}

/* The index, in the list, of the process whose digit s is j instead of d. */
static int partner(int i, int stride, int d, int j)
{
    return i + (j - d) * stride;
}

/* Recursive multiplying over digits from .. m - 1 (the strides of the
 * digits below multiplied into `step`): each step exchanges the count
 * elements at buf among the r processes that differ in that digit only,
 * and each reduces the r vectors in digit order into buf. */
static int multiply(hmpi__coll_ctx *c, const int *g, int i, const int *radix, int from, int m,
                    int step, void *buf, int count, MPI_Datatype type, MPI_Op op)
{
    int most = 2;
    void *slots;
    for (int s = from; s < m; s++)
        most = radix[s] > most ? radix[s] : most;
    if (from == m || count == 0)
        return MPI_SUCCESS;
    if (!(slots = hmpi__sched_scratch(c->s, (most - 1) * count, type)))
        return MPI_ERR_NO_MEM;
    for (int s = from; s < m; step *= radix[s], s++) {
        int r = radix[s], d = i / step % r;
        TRY(hmpi__sched_round(c->s));
        for (int t = 1; t < r; t++)
            TRY(hmpi__list_move_segmented(c, 1, buf, count, type,
                                          g[partner(i, step, d, rotated(d, t, r))]));
        for (int t = 1; t < r; t++) { /* slot j (j > d: j - 1) for digit j, the order reduced in */
            int j = rotated(d, t, r);
            TRY(hmpi__list_move_segmented(c, 0, hmpi__block(slots, j < d ? j : j - 1, count, type),
                                          count, type, g[partner(i, step, d, j)]));
        }
        TRY(hmpi__sched_round(c->s));
        TRY(hmpi__reduce_slots_in_order(c, buf, slots, r, d, count, type, op));
    }
    return MPI_SUCCESS;
}

int hmpi__list_allreduce_kary(hmpi__coll_ctx *c, const int *g, int n, int i, int k, int cuts,
                              void *buf, int count, MPI_Datatype type, MPI_Op op)
{
    int radix[HMPI__KARY_MAX_STEPS], m = hmpi__kary_radixes(n, k, radix), step = 1;
    int lo[HMPI__KARY_MAX_STEPS + 1] = {0}, hi[HMPI__KARY_MAX_STEPS + 1] = {count};
    int digit[HMPI__KARY_MAX_STEPS], stride[HMPI__KARY_MAX_STEPS];
    void *tmp = NULL;
    if (m == 0)
        return MPI_ERR_INTERN; /* the cost model offers it only where it factors */
    cuts = cuts < m ? cuts : m;
    /* r - 1 slots of the kept part, which may be one element above a
     * range's r-th: at most count + r - 1 elements */
    if (cuts > 0 && !(tmp = hmpi__sched_scratch(c->s, count + k, type)))
        return MPI_ERR_NO_MEM;
    for (int s = 0; s < cuts; step *= radix[s], s++) {
        int r = radix[s], d = i / step % r, keep = sub_lo(lo[s], hi[s], r, d);
        int len = sub_lo(lo[s], hi[s], r, d + 1) - keep, slot = 0;
        digit[s] = d, stride[s] = step;
        TRY(hmpi__sched_round(c->s));
        for (int t = 1; t < r; t++) {
            int j = rotated(d, t, r), at = sub_lo(lo[s], hi[s], r, j),
                peer = g[partner(i, step, d, j)];
            TRY(hmpi__list_move_segmented(c, 1, hmpi__block(buf, at, 1, type),
                                          sub_lo(lo[s], hi[s], r, j + 1) - at, type, peer));
            TRY(hmpi__list_move_segmented(c, 0, hmpi__block(tmp, slot++ * len, 1, type), len, type,
                                          peer));
        }
        TRY(hmpi__sched_round(c->s));
        for (int j = 0; len > 0 && j < slot; j++)
            TRY(hmpi__sched_reduce(c->s, hmpi__block(tmp, j * len, 1, type),
                                   hmpi__block(buf, keep, 1, type), len, type, op));
        lo[s + 1] = keep, hi[s + 1] = keep + len;
    }
    TRY(multiply(c, g, i, radix, cuts, m, step, hmpi__block(buf, lo[cuts], 1, type),
                 hi[cuts] - lo[cuts], type, op));
    for (int s = cuts - 1; s >= 0; s--) { /* allgather: the steps backwards */
        int r = radix[s], d = digit[s];
        TRY(hmpi__sched_round(c->s));
        for (int t = 1; t < r; t++) {
            int j = rotated(d, t, r), at = sub_lo(lo[s], hi[s], r, j);
            int peer = g[partner(i, stride[s], d, j)];
            TRY(hmpi__list_move_segmented(c, 1, hmpi__block(buf, lo[s + 1], 1, type),
                                          hi[s + 1] - lo[s + 1], type, peer));
            TRY(hmpi__list_move_segmented(c, 0, hmpi__block(buf, at, 1, type),
                                          sub_lo(lo[s], hi[s], r, j + 1) - at, type, peer));
        }
    }
    return MPI_SUCCESS;
}

int hmpi__reduce_slots_in_order(hmpi__coll_ctx *c, void *acc, void *slots, int r, int d, int count,
                                MPI_Datatype type, MPI_Op op)
{
    void *right = d == r - 1 ? acc : hmpi__block(slots, r - 2, count, type);
    for (int j = r - 2; j >= 0; j--)
        TRY(hmpi__sched_reduce(c->s,
                               j == d ? acc : hmpi__block(slots, j < d ? j : j - 1, count, type),
                               right, count, type, op));
    return right == acc ? MPI_SUCCESS
                        : hmpi__sched_copy(c->s, right, count, type, acc, count, type);
}

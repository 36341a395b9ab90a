/* The schedule cache of the blocking collectives. A blocking call builds a
 * persistent request, starts it and waits; the request then stays in a small
 * per-communicator cache (slot HMPI__SLOT_COLL_CACHE), keyed by everything
 * its schedule was built from: the arguments (buffers included), the
 * algorithm settings and the cost model. An identical later call starts it
 * again: no locality lookup, no model evaluation, no allocation. The
 * settings come from the environment only (blocking calls have no info):
 * an entry remembers the environment's stamp it was valid in, so that a hit
 * costs one pass over environ and no parsing; when the environment changed,
 * the settings are read again and compared. Solvers
 * that call MPI_Allreduce on the same buffers every iteration are the case
 * this serves.
 *
 * Only predefined datatypes and ops take part: a derived type or a user op
 * could be freed and its handle reused for something else. The v forms'
 * counts and displacements (those of the sides a process uses) are kept
 * and compared by contents, O(p) a call as the call itself: a program may
 * change them in the same arrays. Alltoallw's type arrays are not cached. The cache is the
 * communicator's own (fits: the same handle), so an MPI_Comm_dup does not
 * inherit it, and MPI_Comm_free releases it. Processes may hit and miss
 * differently (their buffers differ): every blocking collective therefore
 * posts on the communicator's reserved blocking tag, never on the tag
 * counter that nonblocking and persistent operations share.
 *
 * The entries' scratch is bounded in bytes (HMPI_COLL_CACHE_BYTES): a call
 * of a vector as large as memory allows must not leave its scratch behind,
 * so a schedule that needs more than the bound is not kept, and older entries
 * make room for a new one. */
#include "coll/cache.h"
#include "core/config.h"
#include "core/op.h"
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 64
/* Buckets of the heads' hash table: twice the entries, so that a lookup
 * probes one or two (a scan of 16 heads cost 170 instructions a call). */
#define BUCKET_BITS 7
#define BUCKETS (1 << BUCKET_BITS)

typedef struct entry {
    /* what a lookup reads, beside its arguments (the key's first field) */
    uint64_t stamp; /* the environment it was last found valid in */
    HMPI_Request request;
    unsigned long last_use;
    hmpi__coll_key key; /* its v form's arrays: `arrays`, its own copies */
    int *arrays;
    size_t bytes; /* the memory its schedule holds */
} entry;

/* An entry's arguments that tell most calls apart, beside every other
 * entry's: a lookup reads these few lines, then only the entry that
 * matches (an entry spans kilobytes, the cost model in its key: reading
 * each one's arguments costs a call that comes after other work a cache
 * miss per entry kept). */
typedef struct head {
    const void *sendbuf;
    void *recvbuf;
    int coll, rcount;
} head;

typedef struct cache {
    hmpi__shared base;
    MPI_Comm comm; /* the user's communicator this cache belongs to */
    int n;
    size_t bytes; /* the entries' */
    unsigned long clock;
    unsigned char bucket[BUCKETS]; /* i + 1 where the head of e[i] hashes (linear probes), 0 */
    head head[MAX_ENTRIES];        /* of e[i], at i */
    entry e[MAX_ENTRIES];
} cache;

static head head_of(const hmpi__coll_args *a)
{
    return (head){a->sendbuf, a->recvbuf, a->coll, a->rcount};
}

static int same_head(const head *x, const head *y)
{
    return x->sendbuf == y->sendbuf && x->recvbuf == y->recvbuf && x->coll == y->coll &&
           x->rcount == y->rcount;
}

static unsigned bucket_of(const head *h)
{
    uint64_t x = hmpi__hash_word(0, (uint64_t)(uintptr_t)h->sendbuf);
    x = hmpi__hash_word(x, (uint64_t)(uintptr_t)h->recvbuf);
    x = hmpi__hash_word(x, (uint64_t)(unsigned)h->coll << 32 | (unsigned)h->rcount);
    return hmpi__hash_top(x, BUCKET_BITS);
}

static unsigned next_bucket(unsigned b)
{
    return (b + 1) & (BUCKETS - 1);
}

/* The heads' table anew, after the entries moved (a miss's path). */
static void index_heads(cache *c)
{
    memset(c->bucket, 0, sizeof c->bucket);
    for (int i = 0; i < c->n; i++) {
        unsigned b = bucket_of(&c->head[i]);
        while (c->bucket[b])
            b = next_bucket(b);
        c->bucket[b] = (unsigned char)(i + 1);
    }
}

static void destroy(hmpi__shared *obj)
{
    cache *c = (cache *)obj;
    for (int i = 0; i < c->n; i++) {
        hmpi__request_destroy(&c->e[i].request);
        free(c->e[i].arrays);
    }
    free(c);
}

static int fits(const hmpi__shared *obj, MPI_Comm comm)
{
    return ((const cache *)obj)->comm == comm;
}

static int is_named(MPI_Datatype type)
{
    /* the last named types seen: a predefined type's handle is never freed,
     * so never reused for a derived one (no negative answer is kept) */
    static _Thread_local MPI_Datatype named[2];
    int ni, na, nd, combiner;
    if (type == MPI_DATATYPE_NULL || type == named[0] || type == named[1])
        return 1;
    if (MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) != MPI_SUCCESS ||
        combiner != MPI_COMBINER_NAMED)
        return 0;
    named[1] = named[0], named[0] = type;
    return 1;
}

int hmpi__coll_cacheable(const hmpi__coll_args *a, uint64_t stamp)
{
    if (hmpi__config_number_in(HMPI__CFG_COLL_CACHE, stamp) <= 0)
        return 0;
    if (a->stypes || a->rtypes)
        return 0; /* alltoallw: a type per process, each of which might be derived */
    return is_named(a->stype) && is_named(a->rtype) &&
           (a->op == MPI_OP_NULL || hmpi__op_id(a->op) >= 0);
}

/* The v forms' per-process arrays, of comm's size. */
enum { SCOUNTS, SDISPLS, RCOUNTS, RDISPLS, NARRAYS };

/* The arrays of the sides this process uses (MPI ignores the others, which
 * may be anything): NULL where none. */
static void arrays_of(const hmpi__coll_args *a, int rank, const int *out[NARRAYS])
{
    int send, recv;
    hmpi__coll_sides(a, rank, &send, &recv);
    out[SCOUNTS] = send ? a->scounts : NULL, out[SDISPLS] = send ? a->sdispls : NULL;
    out[RCOUNTS] = recv ? a->rcounts : NULL, out[RDISPLS] = recv ? a->rdispls : NULL;
}

/* Where this process is and how many there are: the arrays' length. */
typedef struct place {
    int rank, size;
} place;

static place place_of(MPI_Comm comm)
{
    place p;
    MPI_Comm_rank(comm, &p.rank);
    MPI_Comm_size(comm, &p.size);
    return p;
}

/* The same contents, array by array (x and y the same collective, root and
 * buffers: the same sides). */
static int same_arrays(const hmpi__coll_args *x, const hmpi__coll_args *y, place p)
{
    const int *ax[NARRAYS], *ay[NARRAYS];
    arrays_of(x, p.rank, ax);
    arrays_of(y, p.rank, ay);
    for (int i = 0; i < NARRAYS; i++)
        if (!ax[i] != !ay[i] || (ax[i] && memcmp(ax[i], ay[i], sizeof(int) * (size_t)p.size)))
            return 0;
    return 1;
}

/* The arguments besides the head's. */
static int same_rest(const hmpi__coll_args *x, const hmpi__coll_args *y, place p)
{
    return x->scount == y->scount && x->stype == y->stype && x->rtype == y->rtype &&
           x->root == y->root && x->op == y->op &&
           (!(x->scounts || x->rcounts || y->scounts || y->rcounts) || same_arrays(x, y, p));
}

static int same_args(const hmpi__coll_args *x, const hmpi__coll_args *y, place p)
{
    head hx = head_of(x), hy = head_of(y);
    return same_head(&hx, &hy) && same_rest(x, y, p);
}

static int same_key(const hmpi__coll_key *x, const hmpi__coll_key *y, place p)
{
    return same_args(&x->args, &y->args, p) && x->algorithm == y->algorithm &&
           x->levels == y->levels && x->lanes == y->lanes && x->lane_radix == y->lane_radix &&
           x->lane_multiplying == y->lane_multiplying && x->lane_trees == y->lane_trees &&
           x->bcast_trees == y->bcast_trees && x->p2p == y->p2p &&
           hmpi__cost_model_equal(&x->cost, &y->cost);
}

HMPI_Request hmpi__coll_cache_lookup(MPI_Comm comm, const hmpi__coll_args *a, uint64_t stamp)
{
    cache *c = (cache *)hmpi__comm_slot(comm, HMPI__SLOT_COLL_CACHE);
    place p = c && (a->scounts || a->rcounts) ? place_of(comm) : (place){0, 0};
    head h = head_of(a);
    for (unsigned b = c ? bucket_of(&h) : 0; c && c->bucket[b]; b = next_bucket(b)) {
        int i = c->bucket[b] - 1;
        if (same_head(&c->head[i], &h) && c->e[i].stamp == stamp &&
            same_rest(&c->e[i].key.args, a, p)) {
            c->e[i].last_use = ++c->clock;
            return c->e[i].request;
        }
    }
    return HMPI_REQUEST_NULL;
}

HMPI_Request hmpi__coll_cache_find(MPI_Comm comm, const hmpi__coll_key *key, uint64_t stamp)
{
    cache *c = (cache *)hmpi__comm_slot(comm, HMPI__SLOT_COLL_CACHE);
    place p = c && (key->args.scounts || key->args.rcounts) ? place_of(comm) : (place){0, 0};
    for (int i = 0; c && i < c->n; i++)
        if (same_key(&c->e[i].key, key, p)) {
            c->e[i].stamp = stamp; /* the environment changed, not these settings */
            c->e[i].last_use = ++c->clock;
            return c->e[i].request;
        }
    return HMPI_REQUEST_NULL;
}

/* The cache of comm, made on first use. */
static cache *cache_of(MPI_Comm comm)
{
    cache *c = (cache *)hmpi__comm_slot(comm, HMPI__SLOT_COLL_CACHE);
    if (c)
        return c;
    if (!(c = calloc(1, sizeof *c)))
        return NULL;
    hmpi__shared_init(&c->base, destroy, fits);
    c->comm = comm;
    return hmpi__comm_slot_set(comm, HMPI__SLOT_COLL_CACHE, &c->base) == MPI_SUCCESS ? c : NULL;
}

/* Forget entry i (its request freed). */
static void evict(cache *c, int i)
{
    hmpi__request_destroy(&c->e[i].request);
    free(c->e[i].arrays);
    c->bytes -= c->e[i].bytes;
    c->e[i] = c->e[--c->n];
    c->head[i] = c->head[c->n];
}

static int least_recent(const cache *c)
{
    int old = 0;
    for (int i = 1; i < c->n; i++)
        if (c->e[i].last_use < c->e[old].last_use)
            old = i;
    return old;
}

/* Room for one more entry of `bytes`: the least recently used entries go
 * until there is. */
static entry *place_for(cache *c, int capacity, size_t bytes, size_t bound)
{
    while (c->n > 0 && (c->n >= capacity || c->bytes + bytes > bound))
        evict(c, least_recent(c));
    c->bytes += bytes;
    return &c->e[c->n++];
}

/* The key's arrays of the sides this process uses, copied into one block
 * of its own (*arrays, NULL where it has none; *bytes grows by it); those of
 * the other sides NULL. */
static int keep_arrays(hmpi__coll_key *key, place p, int **arrays, size_t *bytes)
{
    const int *in[NARRAYS];
    int n = 0;
    *arrays = NULL;
    if (!key->args.scounts && !key->args.rcounts)
        return MPI_SUCCESS;
    arrays_of(&key->args, p.rank, in);
    for (int i = 0; i < NARRAYS; i++)
        n += in[i] != NULL;
    if (n && !(*arrays = malloc(sizeof(int) * (size_t)p.size * (size_t)n)))
        return MPI_ERR_NO_MEM;
    const int **slot[NARRAYS] = {&key->args.scounts, &key->args.sdispls, &key->args.rcounts,
                                 &key->args.rdispls};
    for (int i = 0, k = 0; i < NARRAYS; i++) {
        int *copy = in[i] ? *arrays + (size_t)p.size * (size_t)k++ : NULL;
        if (copy)
            memcpy(copy, in[i], sizeof(int) * (size_t)p.size);
        *slot[i] = copy;
    }
    *bytes += sizeof(int) * (size_t)p.size * (size_t)n;
    return MPI_SUCCESS;
}

int hmpi__coll_cache_put(MPI_Comm comm, const hmpi__coll_key *key, uint64_t stamp,
                         HMPI_Request request)
{
    int capacity = hmpi__config_number_in(HMPI__CFG_COLL_CACHE, stamp);
    int bound = hmpi__config_number_in(HMPI__CFG_COLL_CACHE_BYTES, stamp);
    size_t bytes = hmpi__sched_bytes(request->sched);
    hmpi__coll_key kept = *key;
    int *arrays = NULL;
    cache *c;
    if (keep_arrays(&kept, place_of(comm), &arrays, &bytes) != MPI_SUCCESS ||
        bytes > (size_t)(bound > 0 ? bound : 0) || !(c = cache_of(comm))) {
        free(arrays);
        return MPI_ERR_NO_MEM; /* run once, uncached */
    }
    capacity = capacity < MAX_ENTRIES ? capacity : MAX_ENTRIES;
    entry *e = place_for(c, capacity > 0 ? capacity : 1, bytes, (size_t)bound);
    *e = (entry){.stamp = stamp,
                 .request = request,
                 .last_use = ++c->clock,
                 .key = kept,
                 .arrays = arrays,
                 .bytes = bytes};
    c->head[e - c->e] = head_of(&kept.args);
    index_heads(c);
    return MPI_SUCCESS;
}

void hmpi__coll_cache_drop(MPI_Comm comm, HMPI_Request request)
{
    cache *c = (cache *)hmpi__comm_slot(comm, HMPI__SLOT_COLL_CACHE);
    for (int i = 0; c && i < c->n; i++)
        if (c->e[i].request == request) {
            request->active = 0;
            evict(c, i);
            index_heads(c);
            return;
        }
}

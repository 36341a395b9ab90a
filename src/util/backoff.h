/* Waiting for another process on the same node: spin briefly, then yield
 * the core, so that runs with more ranks than cores (CI runs 32 ranks on
 * two) let the process being waited for run. Pure C. Private. */
#ifndef HMPI_UTIL_BACKOFF_H
#define HMPI_UTIL_BACKOFF_H

#include <sched.h>

/* Polls that spin before each further poll yields; none once the node is
 * known to have more ranks than cores (hmpi__backoff_oversubscribed). */
#define HMPI__BACKOFF_SPINS 200
extern int hmpi__backoff_spins;

/* The node runs more processes than it has cores: yield at once. */
static inline void hmpi__backoff_oversubscribed(void)
{
    __atomic_store_n(&hmpi__backoff_spins, 0, __ATOMIC_RELAXED);
}

/* Does every wait yield at once (a node with more ranks than cores)? */
static inline int hmpi__backoff_yielding(void)
{
    return __atomic_load_n(&hmpi__backoff_spins, __ATOMIC_RELAXED) == 0;
}

/* The pause before the next poll; *polls counts this wait's polls (start at 0). */
static inline void hmpi__backoff(int *polls)
{
    if (*polls < __atomic_load_n(&hmpi__backoff_spins, __ATOMIC_RELAXED)) {
        (*polls)++;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ __volatile__("yield");
#endif
        return;
    }
    sched_yield();
}

/* A poll that found nothing to do and returns to its caller (MPI_Test):
 * on an oversubscribed node, give the core away, as MPI libraries do then,
 * so that a caller's loop of tests lets the awaited process run. */
static inline void hmpi__backoff_idle(void)
{
    if (__atomic_load_n(&hmpi__backoff_spins, __ATOMIC_RELAXED) == 0)
        sched_yield();
}

#endif

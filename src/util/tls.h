/* Thread-locals on hot paths. Pure C. Private. */
#ifndef HMPI_UTIL_TLS_H
#define HMPI_UTIL_TLS_H

/* p, opaque to the optimizer. GCC recomputes a thread-local's address at
 * each use, even through a pointer that holds it, and in a shared library
 * each computation is a call to __tls_get_addr; an address taken through
 * this is computed once:  state *s = hmpi__tls_once(&this_thread_state); */
static inline void *hmpi__tls_once(void *p)
{
    __asm__("" : "+r"(p));
    return p;
}

#endif

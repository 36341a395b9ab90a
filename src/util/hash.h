/* FNV-1a hashing, the one hash of hmpi (names, offsets, prefixes, argument
 * fingerprints). Pure C. Private. */
#ifndef HMPI_UTIL_HASH_H
#define HMPI_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a, 32 bits: start with HMPI__HASH_INIT, fold values in one by one. */
#define HMPI__HASH_INIT 2166136261u
static inline uint32_t hmpi__hash_u32(uint32_t h, uint32_t value)
{
    for (int b = 0; b < 4; b++)
        h = (h ^ ((value >> (8 * b)) & 0xffu)) * 16777619u;
    return h;
}
static inline uint32_t hmpi__hash_ints(uint32_t h, const int *values, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = hmpi__hash_u32(h, (uint32_t)values[i]);
    return h;
}
static inline uint32_t hmpi__hash_bytes(uint32_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}
/* A non-negative int of a hash, for MPI colours and agreement checks. */
static inline int hmpi__hash_int(uint32_t h)
{
    return (int)(h & 0x7fffffffu);
}

#endif

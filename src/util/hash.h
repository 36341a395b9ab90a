/* FNV-1a hashing, the one hash of hmpi (names, offsets, prefixes, argument
 * fingerprints), and a multiplicative mix for the hot lookups keyed by a few
 * words (addresses), where a byte at a time would cost more than the lookup.
 * Pure C. Private. */
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
/* Fold a word into h (start with 0): its high bits mix all of the words'
 * (Fibonacci hashing); take a table index from them (hmpi__hash_top). */
static inline uint64_t hmpi__hash_word(uint64_t h, uint64_t word)
{
    return (h ^ word) * 0x9e3779b97f4a7c15ull + (h >> 29);
}
/* The top `bits` bits of a folded hash: an index of a table of 2^bits. */
static inline unsigned hmpi__hash_top(uint64_t h, int bits)
{
    return (unsigned)(h >> (64 - bits));
}

/* A non-negative int of a hash, for MPI colours and agreement checks. */
static inline int hmpi__hash_int(uint32_t h)
{
    return (int)(h & 0x7fffffffu);
}

#endif

/* Open-addressing hash map from names to indices (FNV-1a, linear probing). */
#include "util/namemap.h"
#include "util/hash.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t hash(const char *s)
{
    return hmpi__hash_bytes(HMPI__HASH_INIT, s, strlen(s));
}

void hmpi__namemap_init(hmpi__namemap *m)
{
    memset(m, 0, sizeof *m);
}

void hmpi__namemap_free(hmpi__namemap *m)
{
    free(m->key);
    free(m->value);
    hmpi__namemap_init(m);
}

static int slot(const hmpi__namemap *m, const char *key)
{
    uint32_t mask = (uint32_t)m->capacity - 1, i = hash(key) & mask;
    while (m->key[i] && strcmp(m->key[i], key) != 0)
        i = (i + 1) & mask;
    return (int)i;
}

static int grow(hmpi__namemap *m)
{
    hmpi__namemap bigger;
    bigger.capacity = m->capacity ? 2 * m->capacity : 64;
    bigger.count = m->count;
    bigger.key = calloc((size_t)bigger.capacity, sizeof *bigger.key);
    bigger.value = calloc((size_t)bigger.capacity, sizeof *bigger.value);
    if (!bigger.key || !bigger.value) {
        free(bigger.key);
        free(bigger.value);
        return -1;
    }
    for (int i = 0; i < m->capacity; i++)
        if (m->key[i]) {
            int s = slot(&bigger, m->key[i]);
            bigger.key[s] = m->key[i];
            bigger.value[s] = m->value[i];
        }
    hmpi__namemap_free(m);
    *m = bigger;
    return 0;
}

int hmpi__namemap_put(hmpi__namemap *m, const char *key, int value)
{
    if (2 * (m->count + 1) > m->capacity && grow(m))
        return -2;
    int s = slot(m, key);
    if (m->key[s])
        return m->value[s];
    m->key[s] = key;
    m->value[s] = value;
    m->count++;
    return -1;
}

int hmpi__namemap_get(const hmpi__namemap *m, const char *key)
{
    if (!m->capacity)
        return -1;
    int s = slot(m, key);
    return m->key[s] ? m->value[s] : -1;
}

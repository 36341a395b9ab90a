/* A string -> int map (open addressing) for node and switch names. Pure C. */
#ifndef HMPI_UTIL_NAMEMAP_H
#define HMPI_UTIL_NAMEMAP_H

typedef struct hmpi__namemap {
    int capacity; /* power of two */
    int count;
    const char **key; /* borrowed: the caller keeps the strings alive */
    int *value;
} hmpi__namemap;

void hmpi__namemap_init(hmpi__namemap *m);
void hmpi__namemap_free(hmpi__namemap *m);
/* Insert key -> value; returns the existing value when key is present, -1
 * after an insertion, -2 when out of memory. */
int hmpi__namemap_put(hmpi__namemap *m, const char *key, int value);
/* Value of key, or -1. */
int hmpi__namemap_get(const hmpi__namemap *m, const char *key);

#endif

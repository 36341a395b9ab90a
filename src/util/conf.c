/* Key=Value line tokenizer. */
#include "util/conf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_WORDS 64

static char *dup_range(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static void free_words(hmpi__conf_word *words, int n)
{
    for (int i = 0; i < n; i++) {
        free(words[i].key);
        free(words[i].value);
    }
    free(words);
}

/* Tokenize one line [s, e) into words; returns the word count or -1. */
static int split_line(const char *s, const char *e, int lineno, hmpi__conf_word **out, char *err,
                      size_t errlen)
{
    hmpi__conf_word *words = calloc(MAX_WORDS, sizeof *words);
    int n = 0;
    if (!words) {
        snprintf(err, errlen, "line %d: out of memory", lineno);
        return -1;
    }
    while (s < e) {
        while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
            s++;
        if (s == e || *s == '#')
            break;
        const char *k = s;
        while (s < e && *s != '=' && *s != ' ' && *s != '\t' && *s != '#' && *s != '"')
            s++;
        if (s == e || *s != '=' || s == k) {
            snprintf(err, errlen, "line %d: expected Key=Value, found '%.*s'", lineno,
                     (int)(s - k < 40 ? s - k + (s < e) : 40), k);
            goto fn_fail;
        }
        const char *kend = s++;
        const char *v = s, *vend;
        if (s < e && *s == '"') {
            v = ++s;
            while (s < e && *s != '"')
                s++;
            if (s == e) {
                snprintf(err, errlen, "line %d: unterminated quoted value of '%.*s'", lineno,
                         (int)(kend - k > 40 ? 40 : kend - k), k);
                goto fn_fail;
            }
            vend = s++;
            if (s < e && *s != ' ' && *s != '\t' && *s != '\r' && *s != '#') {
                snprintf(err, errlen, "line %d: unexpected text after quoted value of '%.*s'",
                         lineno, (int)(kend - k > 40 ? 40 : kend - k), k);
                goto fn_fail;
            }
        } else {
            while (s < e && *s != ' ' && *s != '\t' && *s != '\r' && *s != '#')
                s++;
            vend = s;
        }
        if (n == MAX_WORDS) {
            snprintf(err, errlen, "line %d: more than %d words", lineno, MAX_WORDS);
            goto fn_fail;
        }
        words[n].key = dup_range(k, (size_t)(kend - k));
        words[n].value = dup_range(v, (size_t)(vend - v));
        n++;
        if (!words[n - 1].key || !words[n - 1].value) {
            snprintf(err, errlen, "line %d: out of memory", lineno);
            goto fn_fail;
        }
    }
    *out = words;
    return n;
fn_fail:
    free_words(words, n);
    return -1;
}

int hmpi__conf_parse(const char *text, size_t len, hmpi__conf *out, char *err, size_t errlen)
{
    hmpi__conf conf = {0, NULL};
    int capacity = 0, lineno = 0;
    const char *s = text, *end = text + len;
    while (s < end) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (!e)
            e = end;
        lineno++;
        if (memchr(s, '\0', (size_t)(e - s))) {
            snprintf(err, errlen, "line %d: NUL character", lineno);
            goto fn_fail;
        }
        hmpi__conf_word *words = NULL;
        int n = split_line(s, e, lineno, &words, err, errlen);
        if (n < 0)
            goto fn_fail;
        if (n == 0) {
            free(words);
        } else {
            if (conf.nlines == capacity) {
                int ncap = capacity ? 2 * capacity : 16;
                hmpi__conf_line *grown = realloc(conf.lines, (size_t)ncap * sizeof *grown);
                if (!grown) {
                    free_words(words, n);
                    snprintf(err, errlen, "line %d: out of memory", lineno);
                    goto fn_fail;
                }
                conf.lines = grown;
                capacity = ncap;
            }
            conf.lines[conf.nlines++] = (hmpi__conf_line){lineno, n, words};
        }
        s = e + 1;
    }
    *out = conf;
    return 0;
fn_fail:
    hmpi__conf_free(&conf);
    return -1;
}

void hmpi__conf_free(hmpi__conf *conf)
{
    for (int i = 0; i < conf->nlines; i++)
        free_words(conf->lines[i].words, conf->lines[i].nwords);
    free(conf->lines);
    conf->lines = NULL;
    conf->nlines = 0;
}

const char *hmpi__conf_value(const hmpi__conf_line *line, const char *key)
{
    for (int i = 0; i < line->nwords; i++)
        if (strcasecmp(line->words[i].key, key) == 0)
            return line->words[i].value;
    return NULL;
}

int hmpi__conf_unknown_key(const hmpi__conf_line *line, const char *const known[])
{
    for (int i = 0; i < line->nwords; i++) {
        int found = 0;
        for (int k = 0; known[k] && !found; k++)
            found = strcasecmp(line->words[i].key, known[k]) == 0;
        if (!found)
            return i;
    }
    return -1;
}

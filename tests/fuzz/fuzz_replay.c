/* Replay fuzz inputs (files or folders of files) through the fuzz target:
 * the regression test of the parsers. Exits non-zero only by crashing. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint8_t *buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, 1 << 20, f) : 0;
    fclose(f);
    if (buf)
        LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

static int replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *d = opendir(path);
    struct dirent *e;
    int count = 0;
    char child[4096];
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        count += replay(child);
    }
    if (d)
        closedir(d);
    return count;
}

int main(int argc, char **argv)
{
    int count = 0;
    for (int i = 1; i < argc; i++)
        count += replay(argv[i]);
    printf("fuzz_replay: %d inputs replayed without a crash\n", count);
    return count > 0 ? 0 : 1;
}

/* Fuzz target for every parser of untrusted text: virtual cluster files
 * (with hostlists, switch trees, bindings and hwloc synthetic descriptions)
 * and Slurm topology.conf files. The first byte picks the parser and the
 * world size; the rest is the file. XML files are never opened.
 * Built with libFuzzer by scripts/fuzz.sh, and replayed on the kept corpus
 * by fuzz_replay (a CTest test). */
#include "locality/locality.h"
#include "util/conf.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void parse_topology_conf(const char *text, size_t len)
{
    hmpi__conf conf;
    hmpi__switchtree tree;
    char err[512];
    if (hmpi__conf_parse(text, len, &conf, err, sizeof err))
        return;
    if (hmpi__switchtree_build(&conf, &tree, err, sizeof err) == 0) {
        hmpi__path path;
        for (int n = 0; n < tree.nnodes && n < 64; n++) {
            path.len = 0;
            hmpi__switchtree_path(&tree, n, &path);
        }
        hmpi__switchtree_free(&tree);
    }
    hmpi__conf_free(&conf);
}

static void parse_virtual_cluster(const char *text, size_t len, int world)
{
    hmpi__vcluster *vc;
    char err[512];
    if (hmpi__vcluster_parse(text, len, "fuzz.conf", NULL, world, HMPI__VCLUSTER_NO_FILES, &vc, err,
                             sizeof err))
        return;
    for (int r = 0; r < world; r++) {
        hmpi__path path;
        int node;
        const char *name;
        hmpi__vcluster_rank_path(vc, r, &path, &node, &name, NULL);
    }
    hmpi__vcluster_free(vc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *text = (const char *)data + 1;
    if (data[0] & 1)
        parse_topology_conf(text, size - 1);
    else
        parse_virtual_cluster(text, size - 1, 1 + (data[0] >> 2));
    return 0;
}

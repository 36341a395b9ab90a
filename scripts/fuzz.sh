#!/usr/bin/env bash
# Fuzz the parsers with libFuzzer (clang from Debian), then merge the inputs
# that found new coverage into tests/fuzz/corpus, which CTest replays.
#   FUZZ_SECONDS=300 scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh clang libclang-rt-dev >/dev/null
out=build/fuzz
mkdir -p "$out" "$out/new" tests/fuzz/corpus
src="src/util/conf.c src/util/hostlist.c src/util/namemap.c src/util/levels.c src/util/parse.c
     src/locality/switchtree.c src/locality/vcluster.c src/locality/hwpath.c
     tests/fuzz/fuzz_parsers.c"
OMPI_CC=clang mpicc.openmpi -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -Iinclude -Isrc $(pkg-config --cflags hwloc) $src $(pkg-config --libs hwloc) \
  -o "$out/fuzz_parsers"
export LSAN_OPTIONS="suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0"
"$out/fuzz_parsers" -max_total_time="${FUZZ_SECONDS:-120}" -max_len=4096 -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 "$out/new" tests/fuzz/corpus
"$out/fuzz_parsers" -merge=1 tests/fuzz/corpus "$out/new"
echo "corpus: $(ls tests/fuzz/corpus | wc -l) inputs in tests/fuzz/corpus"

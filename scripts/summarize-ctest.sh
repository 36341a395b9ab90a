#!/usr/bin/env bash
# Sum the "N% tests passed, F tests failed out of T" lines of CTest logs and
# print the closing line "N passed, N failed". Exit 1 when anything failed.
set -u
passed=0; failed=0
for log in "$@"; do
  name=$(basename "$log" .log)
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "$name: no CTest result (build or launch failure)"; failed=$((failed + 1)); continue
  fi
  f=$(echo "$line" | sed -E 's/.*passed, ([0-9]+) tests? failed out of ([0-9]+).*/\1/')
  t=$(echo "$line" | sed -E 's/.*failed out of ([0-9]+).*/\1/')
  echo "$name: $((t - f)) passed, $f failed"
  passed=$((passed + t - f)); failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

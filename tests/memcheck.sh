#!/usr/bin/env bash
# Run an MPI test under valgrind and fail on any error or leak record whose
# stack passes through hmpi (the MPI library's own init leaks are ignored).
# Still-reachable blocks count too: a communicator hmpi created and never
# freed is memory MPI still holds, allocated under an hmpi frame.
#   memcheck.sh MPIEXEC NPROCS PROGRAM [ARGS...]
set -u
mpiexec=$1; np=$2; shift 2
logs=$(mktemp -d)
supp=/usr/share/openmpi/openmpi-valgrind.supp
[ -f "$supp" ] && supp_opt="--suppressions=$supp" || supp_opt=""
"$mpiexec" -n "$np" valgrind -q --leak-check=full --show-leak-kinds=all --track-origins=no \
  $supp_opt --suppressions="$(dirname "$0")/valgrind.supp" --log-file="$logs/%p.log" "$@"
rc=$?
python3 - "$logs" "$rc" <<'PY'
import glob, re, sys
logs, rc = sys.argv[1], int(sys.argv[2])
bad = 0
for f in sorted(glob.glob(logs + "/*.log")):
    for block in re.split(r"\n==\d+== \n", open(f).read()):
        if re.search(r"\b(HMPI_\w+|hmpi__\w+) \(|libhmpi", block):
            bad += 1
            if bad <= 5:
                print("\n".join(l.split("== ", 1)[-1] for l in block.splitlines()[:16]))
                print("---")
print(f"memcheck: {len(glob.glob(logs + '/*.log'))} processes, {bad} records through hmpi, "
      f"exit code {rc}")
sys.exit(1 if bad or rc else 0)
PY
status=$?
rm -rf "$logs"
exit $status

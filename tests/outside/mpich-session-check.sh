#!/bin/sh
# Build MPICH's Sessions tests (tests/outside/mpich-session, unmodified) with
# hmpicc in the variants of MPICH's Makefile.am, and run them at sizes of
# their testlist; fail unless every run exits 0 and prints "No Errors".
#   mpich-session-check.sh SRC DIR HMPICC MPIEXEC [launcher options...]
# With SESSION_TOPOLOGY, a virtual cluster file, two runs more on it.
# SESSION_SKIP lists programs not run (those the MPI library fails alone).
set -eu
src=$1 dir=$2 cc=$3 mpiexec=$4
shift 4
opts="$*" # the launcher's options (no spaces inside any)
rm -rf "$dir"
mkdir -p "$dir"
build() { # program, source, flags...
    prog=$1 source=$2
    shift 2
    "$cc" -I"$src" "$@" "$src/$source" -o "$dir/$prog" >"$dir/$prog.build.log" 2>&1 ||
        { cat "$dir/$prog.build.log"; exit 1; }
}
build session session.c
build session_mult_init session.c -DMULT_INIT
build session_mult_init_with_world session.c -DMULT_INIT -DWITH_WORLD
build session_re_init session.c -DRE_INIT
build session_mod_group session.c -DMOD_GROUP
build session_mod_group_re_init session.c -DMOD_GROUP -DRE_INIT
build session_psets session_psets.c
build session_self session_self.c
build session_self_with_world session_self.c -DWITH_WORLD
build session_inter session_inter.c
failed=0
run() { # ranks, program, its arguments...
    n=$1 prog=$2
    shift 2
    case " ${SESSION_SKIP:-} " in *" $prog "*)
        echo "skip $prog $n $* (the MPI library fails it alone)"
        return ;;
    esac
    # shellcheck disable=SC2086
    if "$mpiexec" -n "$n" $opts "$dir/$prog" "$@" >"$dir/out" 2>&1 && grep -q "No Errors" "$dir/out"
    then
        echo "ok   $prog $n $*"
    else
        echo "FAIL $prog $n $*"
        cat "$dir/out"
        failed=1
    fi
}
run 4 session
run 4 session_mult_init 5
run 4 session_mult_init_with_world
run 4 session_re_init
run 4 session_mod_group
run 2 session_mod_group_re_init
run 1 session_psets
run 4 session_psets
run 1 session_self
run 4 session_self_with_world
run 5 session_inter
if [ -n "${SESSION_TOPOLOGY:-}" ]; then # hmpi's hardware process sets too
    export HMPI_TOPOLOGY="$SESSION_TOPOLOGY"
    run 4 session_psets
    run 4 session_mod_group
fi
exit $failed

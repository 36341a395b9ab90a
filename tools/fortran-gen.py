#!/usr/bin/env python3
"""Generate hmpi's Fortran 2008 bindings from the C headers.

The C headers are the one list: every `HMPI_API int HMPI_X(...)` of
include/hmpi.h, and the MPI 4 names include/hmpi_mpi4.h declares for the MPI
library at hand, become
  - a C function `hmpi_f_x` (built into libhmpi_mpi4) that converts Fortran
    handles (MPI_Fint), descriptors of assumed-rank buffers (ISO_Fortran_binding.h),
    statuses and strings, then calls the C function;
  - a Fortran procedure of the same name in module `hmpi` (HMPI_*) or
    `hmpi_mpi4_f08` (MPI_*), with mpi_f08 handle types and an optional
    `ierror`, that calls it through a bind(C) interface.
Parameter directions come from the Doxygen `\\param[in|out|in,out]` lines.
MPI 4.0's Sessions, where hmpi_mpi4.h declares them (Open MPI 4.1), add
type(MPI_Session) and a little Fortran written here (SESSIONS_DECLS,
SESSIONS_CONTAINS: the type, its operators and MPI_Session_create_errhandler,
whose C side is src/fortran/sessions.c).

Usage: fortran-gen.py --include DIR --out DIR [--f08-lacks=NAMES] -- mpicc -E
"""
import argparse
import os
import re
import subprocess
import sys

# Functions with no Fortran form: HMPI_Config_get returns C strings in a
# struct (use `hmpi-topo --config`); HMPI_Win_allocate_shared a C pointer
# (Fortran programs call MPI_Win_allocate_shared on a level communicator).
SKIP = {"HMPI_Config_get", "HMPI_Win_allocate_shared"}

HANDLES = {"MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Info", "MPI_Group", "MPI_Errhandler",
           "MPI_Session"}
# the f2c/c2f conversion functions' stem: MPI_Type_f2c for MPI_Datatype
STEM = {"MPI_Comm": "Comm", "MPI_Datatype": "Type", "MPI_Op": "Op", "MPI_Info": "Info",
        "MPI_Group": "Group", "MPI_Errhandler": "Errhandler", "MPI_Session": "Session"}
# Called before MPI is initialized: the C side has MPI initialized (as the
# session would) before it converts the handles.
BEFORE_INIT = {"MPI_Session_init"}
# Sessions with a Fortran form written by hand (SESSIONS_CONTAINS): its
# argument is a Fortran procedure.
HAND_WRITTEN = {"MPI_Session_create_errhandler"}
OPAQUE = {"HMPI_Request", "HMPI_Hierarchy"}


class Param:
    def __init__(self, ctype, name, array, direction):
        self.ctype, self.name, self.array, self.dir = ctype, name, array, direction
        self.sizes = self.sized_by = None  # MPI's sized strings: see pair_sized_strings


def pair_sized_strings(params):
    """An `int *` [in,out] right before a `char *` is MPI's size of that
    string (MPI_Session_get_nth_pset's pset_len): in C it counts the NUL,
    in Fortran it does not."""
    for a, b in zip(params, params[1:]):
        if a.ctype == "int *" and a.dir == "in,out" and b.ctype == "char *" and not b.array:
            a.sizes, b.sized_by = b.name, a.name
    return params


def parse_prototypes(text, prefix):
    """[(name, [Param], doc)] of `<decl> int <prefix>X(...);` in text."""
    out = []
    pat = re.compile(r"(/\*\*(?:(?!\*/).)*\*/)?\s*(?:HMPI_API|HMPI_MPI4_DECL)\s+int\s+(" + prefix +
                     r"\w+)\s*\(([^;]*?)\)\s*;", re.S)
    for m in pat.finditer(text):
        doc, name, args = m.group(1) or "", m.group(2), m.group(3)
        dirs = dict((p, d) for d, p in re.findall(r"\\param\[([a-z,]+)\]\s+(\w+)", doc))
        params = []
        args = " ".join(args.split())
        if args in ("", "void"):
            out.append((name, params, doc))
            continue
        for a in args.split(","):
            a = a.strip()
            mm = re.match(r"(.*?)(\w+)\s*((?:\[[^\]]*\])*)$", a)
            ctype, pname, arr = mm.group(1).strip(), mm.group(2), mm.group(3)
            params.append(Param(" ".join(ctype.split()), pname, arr, dirs.get(pname, "in")))
        out.append((name, pair_sized_strings(params), doc))
    return out


def cpp_values(cpp, include, names):
    """The integer values names take after `#include <hmpi_mpi4.h>`."""
    src = "#include <hmpi_mpi4.h>\n" + "".join(
        "#ifdef %s\nHMPI_F_VALUE \"%s\" = %s\n#endif\n" % (n, n, n) for n in names)
    res = subprocess.run(cpp + ["-P", "-I", include, "-x", "c", "-"], input=src,
                         capture_output=True, text=True, check=True)
    vals = {}
    for line in res.stdout.splitlines():
        m = re.match(r'HMPI_F_VALUE "(\w+)" = (.*)$', line.strip())
        if m:
            # integers, casts dropped: ((MPI_Session)0x38000000) is MPICH's
            # session handle, an integer in Fortran too
            expr = re.sub(r"\(\s*[A-Za-z_]\w*\s*\)(?=\s*[\w(])", "", m.group(2))
            try:
                vals[m.group(1)] = int(eval(re.sub(r"(?<=\d)[uUlL]+", "", expr), {}))
            except (SyntaxError, NameError, TypeError):
                pass  # not an integer constant (a pointer): never needed here
    return vals


# ---- one parameter, four views: C shim parameter, C call argument (with the
# ---- code before and after the call), Fortran interface dummy, Fortran
# ---- procedure dummy and the actual argument it passes


def array_length(fn, p):
    """C expression: how many handles the array parameter p holds."""
    if "Iso_" in fn:
        return "hmpi__f_iso_count(comm_c)"
    if "Neighbor_" in fn:
        return "hmpi__f_degree(comm_c, %d)" % (0 if p.name.startswith("send") else 1)
    return "hmpi__mpi4_group_size(comm_c)"


def view(fn, p):
    """dict with cparam, carg, pre, post, iface, fdecl, fpass (lists for
    decls) for parameter p of C function fn."""
    t, n = p.ctype, p.name
    fint = "integer(c_int)"
    v = dict(pre=[], post=[])
    intent = {"in": "in", "out": "out", "in,out": "inout"}[p.dir]
    if t == "int" and not p.array:
        v.update(cparam="int %s" % n, carg=n, iface="%s, value :: %s" % (fint, n),
                 fdecl="integer, intent(in) :: %s" % n, fpass=n)
    elif t == "int *" and n == "flag":  # a Fortran LOGICAL, as in mpi_f08
        v.update(cparam="int *%s" % n, carg=n, iface="%s, intent(out) :: %s" % (fint, n),
                 fdecl="logical, intent(out) :: %s" % n, fpass="c_" + n,
                 flocal="integer(c_int) :: c_%s" % n, fafter="%s = c_%s /= 0" % (n, n))
    elif t == "int *" and p.sizes:  # C's size of a string counts its NUL, Fortran's not
        s = p.sizes
        v.update(cparam="int *%s" % n, carg="&%s_c" % n,
                 pre=["int %s_c = *%s > 0 ? (*%s < %s_len ? *%s : %s_len) + 1 : *%s;" %
                      (n, n, n, s, n, s, n)],
                 iface="%s, intent(inout) :: %s" % (fint, n),
                 fdecl="integer, intent(inout) :: %s" % n, fpass=n)
    elif t == "int *" or (t in ("int", "const int") and p.array):
        arr = "(*)" if p.array else ""
        ct = "const int *" if t.startswith("const") else "int *"
        v.update(cparam="%s%s" % (ct, n), carg=n,
                 iface="%s, intent(%s) :: %s%s" % (fint, intent, n, arr),
                 fdecl="integer, intent(%s) :: %s%s" % (intent, n, arr), fpass=n)
    elif t == "long" and p.array:
        v.update(cparam="long *%s" % n, carg=n, iface="integer(c_long), intent(%s) :: %s(*)" %
                 (intent, n), fdecl="integer(c_long), intent(%s) :: %s(*)" % (intent, n), fpass=n)
    elif t == "MPI_Count" and not p.array:  # large counts (MPI 4.0's _c forms)
        v.update(cparam="MPI_Count %s" % n, carg=n,
                 iface="integer(MPI_COUNT_KIND), value :: %s" % n,
                 fdecl="integer(MPI_COUNT_KIND), intent(in) :: %s" % n, fpass=n)
    elif t == "const MPI_Count" and p.array:
        v.update(cparam="const MPI_Count *%s" % n, carg=n,
                 iface="integer(MPI_COUNT_KIND), intent(in) :: %s(*)" % n,
                 fdecl="integer(MPI_COUNT_KIND), intent(in) :: %s(*)" % n, fpass=n)
    elif t == "const MPI_Aint" and p.array:
        v.update(cparam="const MPI_Aint *%s" % n, carg=n,
                 iface="integer(MPI_ADDRESS_KIND), intent(in) :: %s(*)" % n,
                 fdecl="integer(MPI_ADDRESS_KIND), intent(in) :: %s(*)" % n, fpass=n)
    elif t in HANDLES and not p.array:
        v.update(cparam="MPI_Fint %s" % n, carg="%s_c" % n,
                 pre=["%s %s_c = MPI_%s_f2c(%s);" % (t, n, STEM[t], n)],
                 iface="%s, value :: %s" % (fint, n),
                 fdecl="type(%s), intent(in) :: %s" % (t, n), fpass="%s%%MPI_VAL" % n)
    elif t[:-2] in HANDLES and t.endswith(" *"):
        h = t[:-2]
        first = "MPI_%s_f2c(*%s)" % (STEM[h], n) if p.dir == "in,out" else h.upper() + "_NULL"
        out = "inout" if p.dir == "in,out" else "out"
        v.update(cparam="MPI_Fint *%s" % n, carg="&%s_c" % n,
                 pre=["%s %s_c = %s;" % (h, n, first)],
                 post=["*%s = MPI_%s_c2f(%s_c);" % (n, STEM[h], n)],
                 iface="%s, intent(%s) :: %s" % (fint, out, n),
                 fdecl="type(%s), intent(%s) :: %s" % (h, out, n), fpass="%s%%MPI_VAL" % n)
    elif t == "const MPI_Datatype" and p.array:
        v.update(cparam="const MPI_Fint *%s" % n, carg="%s_c" % n,
                 pre=["MPI_Datatype *%s_c = NULL;" % n],
                 convert=("%s_c" % n, n, array_length(fn, p)),
                 iface="type(MPI_Datatype), intent(in) :: %s(*)" % n,
                 fdecl="type(MPI_Datatype), intent(in) :: %s(*)" % n, fpass=n)
    elif t in ("void *", "const void *"):
        const = t.startswith("const")
        v.update(cparam="CFI_cdesc_t *%s" % n, carg="%s_c" % n, buffer=n,
                 iface="type(*), dimension(..)%s :: %s" % (", intent(in)" if const else "", n),
                 fdecl="type(*), dimension(..)%s, asynchronous :: %s" %
                 (", intent(in)" if const else "", n), fpass=n)
    elif t in ("HMPI_Request *", "HMPI_Hierarchy *"):
        v.update(cparam="%s%s" % (t, n), carg=n,
                 iface="type(%s), intent(%s) :: %s" % (t[:-2], intent, n),
                 fdecl="type(%s), intent(%s) :: %s" % (t[:-2], intent, n), fpass=n)
    elif t in OPAQUE and p.array:
        v.update(cparam="%s *%s" % (t, n), carg=n,
                 iface="type(%s), intent(%s) :: %s(*)" % (t, intent, n),
                 fdecl="type(%s), intent(%s) :: %s(*)" % (t, intent, n), fpass=n)
    elif t in OPAQUE:
        v.update(cparam="const %s *%s" % (t, n), carg="*" + n,
                 iface="type(%s), intent(in) :: %s" % (t, n),
                 fdecl="type(%s), intent(in) :: %s" % (t, n), fpass=n)
    elif t == "MPI_Status *" or (t == "MPI_Status" and p.array):
        v.update(cparam="void *%s" % n, carg="%s_c" % n, status=(n, bool(p.array)),
                 iface="type(MPI_Status) :: %s%s" % (n, "(*)" if p.array else ""),
                 fdecl="type(MPI_Status) :: %s%s" % (n, "(*)" if p.array else ""), fpass=n)
    elif t == "const char *":  # trailing blanks are not part of a Fortran string
        v.update(cparam="const char *%s, int %s_len" % (n, n), carg="%s_c" % n, strlen=True,
                 pre=["char *%s_c = NULL;" % n],
                 gets=["hmpi__f_string_in(%s, %s_len, &%s_c)" % (n, n, n)],
                 cleanup=["free(%s_c);" % n],
                 iface="character(kind=c_char), intent(in) :: %s(*)\n%s, value :: %s_len" %
                 (n, fint, n),
                 fdecl="character(len=*), intent(in) :: %s" % n, fpass="%s, len(%s)" % (n, n))
    elif t == "char *" and p.sized_by:  # at most the size asked and the Fortran length
        s = p.sized_by
        v.update(cparam="char *%s, int %s_len" % (n, n), carg="%s_c" % n, strlen=True,
                 pre=["char *%s_c = calloc(%s_c > 0 ? (size_t)%s_c : 1, 1);" % (n, s, s)],
                 gets=["(%s_c ? MPI_SUCCESS : MPI_ERR_NO_MEM)" % n],
                 post=["if (*%s > 0)\n        hmpi__f_string_out(%s_c, %s, %s_len);" % (s, n, n, n),
                       "*%s = %s_c - 1;" % (s, s)],
                 cleanup=["free(%s_c);" % n],
                 iface="character(kind=c_char) :: %s(*)\n%s, value :: %s_len" % (n, fint, n),
                 fdecl="character(len=*), intent(out) :: %s" % n, fpass="%s, len(%s)" % (n, n))
    elif t == "char *" or (t == "char" and p.array):
        many = bool(p.array)
        v.update(cparam="char *%s, int %s_len" % (n, n), carg="%s_c" % n, string=(n, many),
                 strlen=True,
                 iface="character(kind=c_char) :: %s(*)\n%s, value :: %s_len" % (n, fint, n),
                 fdecl="character(len=*), intent(out) :: %s%s" % (n, "(*)" if many else ""),
                 fpass="%s, len(%s)" % (n, n))
    elif t == "HMPI_Request" and not p.array:
        v.update(cparam="const HMPI_Request *%s" % n, carg="*" + n,
                 iface="type(HMPI_Request), intent(in) :: %s" % n,
                 fdecl="type(HMPI_Request), intent(in) :: %s" % n, fpass=n)
    elif t == "MPI_Request *":
        v.update(cparam="MPI_Fint *%s" % n, carg="&%s_c" % n, pre=["MPI_Request %s_c = MPI_REQUEST_NULL;" % n],
                 post=["*%s = MPI_Request_c2f(%s_c);" % (n, n)],
                 iface="%s, intent(out) :: %s" % (fint, n),
                 fdecl="type(MPI_Request), intent(out) :: %s" % n, fpass="%s%%MPI_VAL" % n)
    else:
        raise SystemExit("fortran-gen: %s: no Fortran form for parameter '%s %s%s'" %
                         (fn, t, n, p.array))
    return v


def with_directions(params, counterpart):
    """params with the directions of the HMPI_ counterpart's parameters."""
    dirs = dict((q.name, q.dir) for q in counterpart)
    for q in params:
        q.dir = dirs.get(q.name, q.dir)
    return params


def shim_name(fn):
    """hmpi_f_bcast_init for HMPI_Bcast_init, hmpi_f_mpi_bcast_init for MPI_Bcast_init."""
    return "hmpi_f_" + (fn[5:] if fn.startswith("HMPI_") else fn).lower()


def gen_c(funcs):
    out = []
    for fn, params in funcs:
        views = [view(fn, p) for p in params]
        cparams = ", ".join(v["cparam"] for v in views) or "void"
        comm = next((p.name for p in params if p.ctype == "MPI_Comm"), None)
        checks = any("buffer" in v or "convert" in v for v in views)
        body = []
        if fn in BEFORE_INIT:
            body += ["int ready = hmpi__mpi4_sessions_init_mpi();",
                     "if (ready != MPI_SUCCESS)\n        return ready;"]
        for v in views:
            body += v["pre"]
        if checks:
            body.append("static const char fn[] = \"%s\";" % fn)
            if comm != "comm":
                body.append("MPI_Comm comm_c = %s;" % (comm + "_c" if comm else "MPI_COMM_NULL"))
        cleanup = []
        gets = []  # steps before the call that may fail
        posts = []
        for p, v in zip(params, views):
            n = p.name
            if "buffer" in v:
                body.append("void *%s_c = NULL;" % n)
                gets.append("hmpi__f_buffer(%s, fn, \"%s\", comm_c, &%s_c)" % (n, n, n))
            if "convert" in v:
                dst, src, length = v["convert"]
                gets.append("hmpi__f_types(%s, %s, fn, \"%s\", comm_c, &%s)" % (src, length, n, dst))
                cleanup.append("free(%s_c);" % n)
            if "status" in v:
                many = v["status"][1]
                if many:
                    cnt = next(q.name for q in params if q.name in ("count", "incount"))
                    body.append("MPI_Status %s_stack[16], *%s_c = NULL;" % (n, n))
                    gets.append("hmpi__f_statuses_in(%s, %s, %s_stack, 16, &%s_c)" % (n, cnt, n, n))
                    posts.append("hmpi__f_statuses_out(%s_c, %s, %s);" % (n, cnt, n))
                    cleanup.append("if (%s_c != %s_stack && %s_c != MPI_STATUSES_IGNORE)\n"
                                   "        free(%s_c);" % (n, n, n, n))
                else:
                    body.append("MPI_Status %s_s, *%s_c = hmpi__f_status_in(%s, &%s_s);" % (n, n, n, n))
                    posts.append("hmpi__f_status_out(%s_c, %s);" % (n, n))
            if "string" in v:
                if v["string"][1]:
                    body.append("char (*%s_c)[HMPI_MAX_LEVEL_NAME] =\n"
                                "        calloc(maxtypes > 0 ? (size_t)maxtypes : 1, sizeof *%s_c);" % (n, n))
                    gets.append("(%s_c ? MPI_SUCCESS : MPI_ERR_NO_MEM)" % n)
                    posts.append("for (int i = 0; i < *ntypes && i < maxtypes; i++)\n"
                                 "        hmpi__f_string_out(%s_c[i], %s + (size_t)i * (size_t)%s_len, %s_len);"
                                 % (n, n, n, n))
                    cleanup.append("free(%s_c);" % n)
                else:
                    body.append("char %s_c[HMPI_MAX_LEVEL_NAME] = \"\";" % n)
                    posts.append("hmpi__f_string_out(%s_c, %s, %s_len);" % (n, n, n))
            gets += v.get("gets", [])
            posts += v["post"]
            cleanup += v.get("cleanup", [])
        call = "%s(%s)" % (fn, ", ".join(v["carg"] for v in views))
        if not gets and not posts and not cleanup:
            body.append("return %s;" % call)
        else:
            body.append("int rc = %s;" % (gets[0] if gets else "MPI_SUCCESS"))
            for g in gets[1:]:
                body.append("if (rc == MPI_SUCCESS)\n        rc = %s;" % g)
            body.append("if (rc == MPI_SUCCESS)\n        rc = %s;" % call)
            if posts:
                # statuses are set also when one of several failed
                body.append("if (rc == MPI_SUCCESS%s) {" %
                            (" || rc == MPI_ERR_IN_STATUS" if any("status" in v for v in views) else ""))
                body += ["    " + x.replace("\n", "\n    ") for x in posts]
                body.append("}")
            body += cleanup
            body.append("return rc;")
        text = "\n".join("    " + line for line in body)
        out.append("HMPI_API int %s(%s);\nHMPI_API int %s(%s)\n{\n%s\n}\n" %
                   (shim_name(fn), cparams, shim_name(fn), cparams, text))
    return "\n".join(out)


def wrap_fortran(line, indent):
    """Free-form lines of at most 100 characters, continued with '&'."""
    if len(line) <= 100:
        return line
    parts, cur = [], ""
    for tok in re.split(r"(?<=,) ", line):
        if len(cur) + len(tok) + 2 > 98 and cur:
            parts.append(cur + " &")
            cur = " " * (indent + 4) + tok
        else:
            cur = cur + (" " if cur else "") + tok if cur else tok
    parts.append(cur)
    return "\n".join(parts)


def gen_fortran_procs(funcs):
    ifaces, procs, names = [], [], []
    for fn, params in funcs:
        views = [view(fn, p) for p in params]
        sname = shim_name(fn)
        iargs = []
        for p, v in zip(params, views):
            iargs.append(p.name)
            if v.get("strlen"):
                iargs.append(p.name + "_len")
        idecls = []
        for v in views:
            idecls += v["iface"].split("\n")
        ifaces.append("    " + wrap_fortran("function %s(%s) bind(C, name=\"%s\") result(ierror)" %
                                             (sname, ", ".join(iargs), sname), 4))
        ifaces.append("      import")
        ifaces.append("      implicit none")
        for d in idecls:
            ifaces.append("      " + d)
        ifaces.append("      integer(c_int) :: ierror")
        ifaces.append("    end function %s" % sname)
        fargs = [p.name for p in params] + ["ierror"]
        procs.append("  " + wrap_fortran("subroutine %s(%s)" % (fn, ", ".join(fargs)), 2))
        for v in views:
            procs.append("    " + v["fdecl"])
        procs.append("    integer, optional, intent(out) :: ierror")
        procs.append("    integer :: e")
        procs += ["    " + v["flocal"] for v in views if "flocal" in v]
        if any("buffer" in v or "status" in v for v in views):
            procs.append("    call hmpi_f_know_sentinels()")
        procs.append("    " + wrap_fortran("e = %s(%s)" % (sname, ", ".join(v["fpass"] for v in views)), 4))
        procs += ["    " + v["fafter"] for v in views if "fafter" in v]
        procs.append("    if (present(ierror)) ierror = e")
        procs.append("  end subroutine %s" % fn)
        procs.append("")
        names.append(fn)
    return ifaces, procs, names


SENTINELS_IFACE = """    subroutine hmpi_f_sentinels(in_place, bottom, status_ignore, statuses_ignore) &
        bind(C, name="hmpi_f_sentinels")
      import
      implicit none
      type(*), dimension(..) :: in_place, bottom
      type(MPI_Status) :: status_ignore, statuses_ignore(*)
    end subroutine hmpi_f_sentinels"""

SENTINELS_PROC = """  ! The C side recognizes MPI_IN_PLACE, MPI_BOTTOM and the status sentinels
  ! of the MPI library's mpi_f08 by their addresses, told once.
  subroutine hmpi_f_know_sentinels()
    logical, save :: known = .false.
    if (.not. known) then
      call hmpi_f_sentinels(MPI_IN_PLACE, MPI_BOTTOM, MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE)
      known = .true.
    end if
  end subroutine hmpi_f_know_sentinels
"""


# MPI 4.0's Sessions where hmpi_mpi4.h declares them (Open MPI 4.1): the
# handle type of the standard's mpi_f08, its operators, and the Fortran side
# of MPI_Session_create_errhandler, whose argument is a Fortran procedure.
SESSIONS_DECLS = """
  !> An MPI 4.0 session (MPI_Session in C, libhmpi_mpi4's).
  type, bind(C) :: MPI_Session
    integer :: MPI_VAL
  end type MPI_Session
  interface operator(==)
    module procedure hmpi_f_session_eq
  end interface
  interface operator(/=)
    module procedure hmpi_f_session_ne
  end interface
  abstract interface
    subroutine MPI_Session_errhandler_function(session, error_code)
      import :: MPI_Session
      implicit none
      type(MPI_Session) :: session
      integer :: error_code
    end subroutine MPI_Session_errhandler_function
  end interface
  ! The program's procedures of MPI_Session_create_errhandler, by handler
  ! (libhmpi_mpi4 makes 64 session handlers at most)
  type :: hmpi_f_session_handler
    integer :: errhandler = 0
    procedure(MPI_Session_errhandler_function), pointer, nopass :: fn => null()
  end type hmpi_f_session_handler
  type(hmpi_f_session_handler), save :: hmpi_f_session_handlers(64)
  integer, save :: hmpi_f_nsession_handlers = 0"""

SESSIONS_IFACE = """    function hmpi_f_mpi_session_create_errhandler(dispatch, errhandler) &
        bind(C, name="hmpi_f_mpi_session_create_errhandler") result(ierror)
      import
      implicit none
      type(c_funptr), value :: dispatch
      integer(c_int), intent(out) :: errhandler
      integer(c_int) :: ierror
    end function hmpi_f_mpi_session_create_errhandler"""

SESSIONS_CONTAINS = """  logical function hmpi_f_session_eq(a, b)
    type(MPI_Session), intent(in) :: a, b
    hmpi_f_session_eq = a%MPI_VAL == b%MPI_VAL
  end function hmpi_f_session_eq
  logical function hmpi_f_session_ne(a, b)
    type(MPI_Session), intent(in) :: a, b
    hmpi_f_session_ne = a%MPI_VAL /= b%MPI_VAL
  end function hmpi_f_session_ne

  ! Every handler made here has one C function (src/fortran/sessions.c),
  ! which calls hmpi_f_session_dispatch with the session's handler: the
  ! procedure kept for it is called (the last kept, should the value of a
  ! freed handler come back). Make them from one thread at a time.
  subroutine MPI_Session_create_errhandler(session_errhandler_fn, errhandler, ierror)
    procedure(MPI_Session_errhandler_function) :: session_errhandler_fn
    type(MPI_Errhandler), intent(out) :: errhandler
    integer, optional, intent(out) :: ierror
    integer :: e, k
    e = hmpi_f_mpi_session_create_errhandler(c_funloc(hmpi_f_session_dispatch), &
        errhandler%MPI_VAL)
    k = hmpi_f_nsession_handlers + 1
    if (e == MPI_SUCCESS .and. k <= size(hmpi_f_session_handlers)) then
      hmpi_f_session_handlers(k)%errhandler = errhandler%MPI_VAL
      hmpi_f_session_handlers(k)%fn => session_errhandler_fn
      hmpi_f_nsession_handlers = k
    end if
    if (present(ierror)) ierror = e
  end subroutine MPI_Session_create_errhandler

  subroutine hmpi_f_session_dispatch(errhandler, session, error_code) &
      bind(C, name="hmpi_f_session_dispatch")
    integer(c_int), intent(in) :: errhandler, session, error_code
    type(MPI_Session) :: s
    integer :: i, code
    do i = hmpi_f_nsession_handlers, 1, -1
      if (hmpi_f_session_handlers(i)%errhandler == errhandler) then
        s%MPI_VAL = session
        code = error_code
        call hmpi_f_session_handlers(i)%fn(s, code)
        return
      end if
    end do
  end subroutine hmpi_f_session_dispatch
"""


def module(name, doc, header_decls, ifaces, procs, public, extra_contains=""):
    lines = ["! Generated by tools/fortran-gen.py from include/hmpi.h and include/hmpi_mpi4.h.",
             "! Do not edit: change the C header and rebuild.", "!", "! " + doc,
             "module %s" % name, "  use, intrinsic :: iso_c_binding", "  use mpi_f08",
             "  implicit none", "  private"]
    lines += ["  public :: %s" % p for p in public]
    lines += header_decls
    lines += ["", "  interface"] + ifaces + [SENTINELS_IFACE, "  end interface", "", "contains", ""]
    lines += [SENTINELS_PROC] + procs + [extra_contains, "end module %s" % name, ""]
    return "\n".join(lines)


def hmpi_module(funcs, consts):
    ifaces, procs, names = gen_fortran_procs(funcs)
    decls = [
        "",
        "  !> An hmpi request (HMPI_Request in C).",
        "  type, bind(C) :: HMPI_Request",
        "    type(c_ptr) :: ptr = c_null_ptr",
        "  end type HMPI_Request",
        "  !> A hierarchy of communicators (HMPI_Hierarchy in C).",
        "  type, bind(C) :: HMPI_Hierarchy",
        "    type(c_ptr) :: ptr = c_null_ptr",
        "  end type HMPI_Hierarchy",
        "  type(HMPI_Request), parameter :: HMPI_REQUEST_NULL = HMPI_Request(c_null_ptr)",
        "  type(HMPI_Hierarchy), parameter :: HMPI_HIERARCHY_NULL = HMPI_Hierarchy(c_null_ptr)",
    ]
    decls += ["  integer, parameter :: %s = %d" % (k, v) for k, v in consts]
    decls += ["  interface operator(==)", "    module procedure hmpi_f_request_eq, hmpi_f_hierarchy_eq",
              "  end interface", "  interface operator(/=)",
              "    module procedure hmpi_f_request_ne, hmpi_f_hierarchy_ne", "  end interface"]
    public = ["HMPI_Request", "HMPI_Hierarchy", "HMPI_REQUEST_NULL", "HMPI_HIERARCHY_NULL",
              "operator(==)", "operator(/=)"] + [k for k, _ in consts] + names
    eq = """  logical function hmpi_f_request_eq(a, b)
    type(HMPI_Request), intent(in) :: a, b
    hmpi_f_request_eq = c_associated(a%ptr, b%ptr) .or. &
        (.not. c_associated(a%ptr) .and. .not. c_associated(b%ptr))
  end function hmpi_f_request_eq
  logical function hmpi_f_request_ne(a, b)
    type(HMPI_Request), intent(in) :: a, b
    hmpi_f_request_ne = .not. hmpi_f_request_eq(a, b)
  end function hmpi_f_request_ne
  logical function hmpi_f_hierarchy_eq(a, b)
    type(HMPI_Hierarchy), intent(in) :: a, b
    hmpi_f_hierarchy_eq = c_associated(a%ptr, b%ptr) .or. &
        (.not. c_associated(a%ptr) .and. .not. c_associated(b%ptr))
  end function hmpi_f_hierarchy_eq
  logical function hmpi_f_hierarchy_ne(a, b)
    type(HMPI_Hierarchy), intent(in) :: a, b
    hmpi_f_hierarchy_ne = .not. hmpi_f_hierarchy_eq(a, b)
  end function hmpi_f_hierarchy_ne
"""
    return module("hmpi", "hmpi for Fortran 2008: use hmpi (with use mpi_f08).", decls, ifaces,
                  procs, public, eq)


def large_count_generics(names):
    """{generic: [specifics]}: each large-count form under its standard name
    (MPI 4.0 gives Fortran large counts by overloading: MPI_Bcast with an
    integer(MPI_COUNT_KIND) count is MPI_Bcast_c), beside this module's
    own procedure of that name (MPI_Bcast_init); the others (MPI_Bcast)
    extend the MPI library's generic."""
    generics = {}
    for n in names:
        if n.endswith("_c"):
            generics.setdefault(n[:-2], []).append(n)
    for g, specifics in generics.items():
        if g in names:
            specifics.insert(0, g)
    return generics


def mpi4_module(funcs, consts, sessions, session_null):
    """sessions: hmpi_mpi4.h declares them (the type, the hand-written
    Fortran); session_null: MPI_SESSION_NULL's MPI_VAL where the library's
    mpi_f08 lacks it, or None."""
    ifaces, procs, names = gen_fortran_procs(funcs)
    generics = large_count_generics(names)
    decls, public = [], []
    if sessions:
        decls += SESSIONS_DECLS.split("\n")
        ifaces += SESSIONS_IFACE.split("\n")
        public += ["MPI_Session", "operator(==)", "operator(/=)",
                   "MPI_Session_errhandler_function"] + sorted(HAND_WRITTEN)
    if session_null is not None:
        decls.append("  type(MPI_Session), parameter :: MPI_SESSION_NULL = MPI_Session(%d)" %
                     session_null)
        public.append("MPI_SESSION_NULL")
    decls += ["  integer, parameter :: %s = %d" % (k, v) for k, v in consts]
    for g, specifics in generics.items():
        decls += ["  interface %s" % g, "    module procedure %s" % ", ".join(specifics),
                  "  end interface %s" % g]
    public = [k for k, _ in consts] + [n for n in names if not n.endswith("_c")] + public
    public += [g for g in generics if g not in public]
    return module("hmpi_mpi4_f08",
                  "What the MPI library's mpi_f08 lacks of MPI 4.0/4.1, run by libhmpi_mpi4.",
                  decls, ifaces, procs, public, SESSIONS_CONTAINS if sessions else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", required=True)
    ap.add_argument("cpp", nargs=argparse.REMAINDER,
                    help="after --: the C preprocessor command, with MPI's include flags")
    ap.add_argument("--out", required=True)
    ap.add_argument("--f08-lacks", default="",
                    help="the Sessions constants the library's mpi_f08 lacks, comma-separated "
                    "(CMake tries MPI_SESSION_NULL, MPI_MAX_PSET_NAME_LEN, MPI_MAX_STRINGTAG_LEN)")
    args = ap.parse_args()
    args.cpp = [a for a in args.cpp if a != "--"]
    hmpi_h = open(os.path.join(args.include, "hmpi.h")).read()
    mpi4_h = open(os.path.join(args.include, "hmpi_mpi4.h")).read()

    funcs = [(n, p) for n, p, _ in parse_prototypes(hmpi_h, "HMPI_") if n not in SKIP]
    consts = [(n, int(v, 0)) for n, v in re.findall(r"#define (HMPI_\w+) (0x[0-9a-fA-F]+|\d+)\b",
                                                     hmpi_h)]

    # the MPI 4 names this MPI library lacks: those hmpi_mpi4.h declares here
    vals = cpp_values(args.cpp, args.include,
                      ["MPI_VERSION", "MPI_SUBVERSION", "MPI_COMM_TYPE_HW_GUIDED",
                       "MPI_COMM_TYPE_HW_UNGUIDED", "MPI_COMM_TYPE_RESOURCE_GUIDED",
                       "HMPI_MPI4_DECLARES_PERSISTENT_COLLECTIVES",
                       "HMPI_MPI4_DECLARES_GET_HW_RESOURCE_INFO",
                       "HMPI_MPI4_DECLARES_LARGE_COUNT", "HMPI_MPI4_DECLARES_SESSIONS",
                       "MPI_SESSION_NULL", "MPI_MAX_PSET_NAME_LEN", "MPI_MAX_STRINGTAG_LEN"])
    sessions = "HMPI_MPI4_DECLARES_SESSIONS" in vals
    lacks = set(filter(None, args.f08_lacks.split(",")))
    hmpi_protos = dict((hn, hps) for hn, hps, _ in parse_prototypes(hmpi_h, "HMPI_"))
    mpi4 = []
    for n, p, _ in parse_prototypes(mpi4_h, "MPI_"):
        if "ession" in n or n in ("MPI_Comm_create_from_group",
                                  "MPI_Intercomm_create_from_groups"):
            # Sessions: this header's (Open MPI 4.1), not MPICH 4.0's own
            if sessions and n not in HAND_WRITTEN:
                mpi4.append((n, p))
            continue
        if n == "MPI_Get_hw_resource_info":
            if "HMPI_MPI4_DECLARES_GET_HW_RESOURCE_INFO" in vals:
                mpi4.append((n, p))
        elif n.endswith("_c"):
            # large counts, where this header declares them (MPICH 4.0's
            # mpi_f08 has its own, which call the C forms hmpi intercepts)
            if "HMPI_MPI4_DECLARES_LARGE_COUNT" in vals:
                mpi4.append((n, with_directions(p, hmpi_protos.get("H" + n[:-2], []))))
        elif "HMPI_MPI4_DECLARES_PERSISTENT_COLLECTIVES" in vals:
            mpi4.append((n, with_directions(p, hmpi_protos["H" + n])))
    # mpi_f08 modules of MPI 4.0 libraries lack the hardware split types too
    mpi4_consts = [(k, vals[k]) for k in ("MPI_COMM_TYPE_HW_GUIDED", "MPI_COMM_TYPE_HW_UNGUIDED",
                                          "MPI_COMM_TYPE_RESOURCE_GUIDED")]
    # and, MPICH 4.0.2's, some of the Sessions' constants
    mpi4_consts += [(k, vals[k]) for k in ("MPI_MAX_PSET_NAME_LEN", "MPI_MAX_STRINGTAG_LEN")
                    if k in lacks]
    session_null = None
    if "MPI_SESSION_NULL" in lacks:
        if "MPI_SESSION_NULL" not in vals:
            raise SystemExit("fortran-gen: MPI_SESSION_NULL is no integer in C: no Fortran value")
        session_null = vals["MPI_SESSION_NULL"]

    os.makedirs(args.out, exist_ok=True)
    c = ["/* Generated by tools/fortran-gen.py from include/hmpi.h and include/hmpi_mpi4.h:",
         " * the C side of the Fortran modules hmpi and hmpi_mpi4_f08. Do not edit. */",
         '#include "fortran/fortran.h"', "", gen_c(funcs + mpi4)]
    files = {"hmpi_fortran.c": "\n".join(c), "hmpi.f90": hmpi_module(funcs, consts),
             "hmpi_mpi4_f08.f90": mpi4_module(mpi4, mpi4_consts, sessions, session_null)}
    for name, text in files.items():
        path = os.path.join(args.out, name)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            with open(path, "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

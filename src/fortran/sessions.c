/* The C side of hmpi_mpi4_f08's MPI_Session_create_errhandler (Open MPI
 * 4.1; MPICH 4.0's mpi_f08 has its own): the program's Fortran function is
 * kept by the module, by handler (tools/fortran-gen.py); every handler made
 * here has one C function, which finds the session's handler and calls the
 * module's dispatcher with it, the session and the code, as Fortran
 * handles. */
#include "fortran/fortran.h"

#ifdef HMPI_MPI4_DECLARES_SESSIONS

#include <stdatomic.h>

/* hmpi_f_session_dispatch of the module (bind(C), arguments by reference) */
typedef void f_dispatch(MPI_Fint *errhandler, MPI_Fint *session, MPI_Fint *code);
static _Atomic(f_dispatch *) dispatch;

static void call_fortran(MPI_Session *session, int *code, ...)
{
    MPI_Errhandler errhandler = MPI_ERRHANDLER_NULL;
    f_dispatch *fn = atomic_load(&dispatch);
    if (!fn || MPI_Session_get_errhandler(*session, &errhandler) != MPI_SUCCESS)
        return;
    MPI_Fint f_errhandler = MPI_Errhandler_c2f(errhandler), f_session = MPI_Session_c2f(*session);
    MPI_Fint f_code = *code;
    MPI_Errhandler_free(&errhandler); /* (MPI_Session_get_errhandler's reference) */
    fn(&f_errhandler, &f_session, &f_code);
}

HMPI_API int hmpi_f_mpi_session_create_errhandler(void (*fortran_dispatch)(void),
                                                  MPI_Fint *errhandler);
HMPI_API int hmpi_f_mpi_session_create_errhandler(void (*fortran_dispatch)(void),
                                                  MPI_Fint *errhandler)
{
    MPI_Errhandler c_errhandler = MPI_ERRHANDLER_NULL;
    atomic_store(&dispatch, (f_dispatch *)fortran_dispatch);
    int rc = MPI_Session_create_errhandler(call_fortran, &c_errhandler);
    if (rc == MPI_SUCCESS)
        *errhandler = MPI_Errhandler_c2f(c_errhandler);
    return rc;
}

#endif

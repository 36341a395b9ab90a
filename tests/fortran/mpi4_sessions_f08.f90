! MPI 4.0's Sessions from Fortran 2008, built by one command: hmpifort
! mpi4_sessions_f08.f90. A Sessions program (no MPI_Init) with the standard
! names only: use mpi_f08, and use hmpi_mpi4_f08 for what the MPI library's
! mpi_f08 lacks (Open MPI 4.1: all of Sessions, libhmpi_mpi4's; MPICH
! 4.0.2: MPI_SESSION_NULL, MPI_MAX_PSET_NAME_LEN, MPI_MAX_STRINGTAG_LEN).
! Arguments: the number of nodes hmpi sees, ranks placed round-robin (rank r
! on node mod(r, nodes): 1 on the real machine, a virtual cluster's such as
! tests/clusters/roundrobin.conf); then `noerrors` to skip the error cases
! (MPICH 4.0.2 aborts on every error of its Sessions, whatever the session's
! handler; its MPI_Intercomm_create_from_groups fails an assertion in a
! program without MPI_Init). Exits non-zero on any mismatch.
module mpi4_sessions_f08_handler
  use mpi_f08
  use hmpi_mpi4_f08
  implicit none
  integer :: calls = 0, last_code = MPI_SUCCESS
  type(MPI_Session) :: last_session
contains
  ! a session error handler of the program's (MPI_Session_create_errhandler)
  subroutine count_errors(session, error_code)
    type(MPI_Session) :: session
    integer :: error_code
    calls = calls + 1
    last_code = error_code
    last_session = session
  end subroutine count_errors
end module mpi4_sessions_f08_handler

program mpi4_sessions_f08
  use mpi_f08
  use hmpi_mpi4_f08
  use mpi4_sessions_f08_handler
  implicit none
  type(MPI_Session) :: session
  type(MPI_Comm) :: world
  integer :: failures, total, wrank, wsize, nodes, ierr
  logical :: own, errors
  character(len=16) :: arg

  failures = 0
  wrank = -1
  nodes = 1
  errors = .true.
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nodes
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    errors = arg /= 'noerrors'
  end if
  ! the MPI library's own Sessions (an MPI 4 library: MPICH), or libhmpi_mpi4's
  own = MPI_VERSION >= 4

  call start_session()
  call thread_level()
  call world_communicator()
  call process_sets()
  call self_communicator()
  call hardware_set()
  if (.not. own .and. wsize >= 2) call intercommunicator()
  call error_handler()
  if (errors) call error_cases()

  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, world)
  if (wrank == 0) print '(a, a)', 'mpi4_sessions_f08.f90: ', merge('FAILED', 'passed', total > 0)
  call MPI_Comm_free(world)
  call MPI_Session_finalize(session, ierr)
  call expect(ierr == MPI_SUCCESS, 'MPI_Session_finalize failed')
  call expect(session == MPI_SESSION_NULL, 'MPI_Session_finalize: session not MPI_SESSION_NULL')
  if (total > 0 .or. failures > 0) error stop 1

contains

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      write (0, '(a, i0, a, a)') 'mpi4_sessions_f08.f90: rank ', wrank, ': ', what
      failures = failures + 1
    end if
  end subroutine expect

  ! The value of key in info (a blank when it has none); frees info.
  function info_value(info, key) result(value)
    type(MPI_Info), intent(inout) :: info
    character(len=*), intent(in) :: key
    character(len=MPI_MAX_INFO_VAL) :: value
    logical :: flag
    value = ' '
    call MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, flag)
    if (.not. flag) value = ' '
    call MPI_Info_free(info)
  end function info_value

  ! The set's mpi_size (MPI_Session_get_pset_info).
  integer function pset_size(name)
    character(len=*), intent(in) :: name
    type(MPI_Info) :: info
    character(len=MPI_MAX_INFO_VAL) :: value
    integer :: ierr
    pset_size = -1
    call MPI_Session_get_pset_info(session, name, info, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Session_get_pset_info failed: ' // name)
    if (ierr /= MPI_SUCCESS) return
    value = info_value(info, 'mpi_size')
    read (value, *) pset_size
  end function pset_size

  ! A communicator of the set's processes (MPI_Group_from_session_pset,
  ! MPI_Comm_create_from_group), of mpi_size processes.
  function communicator(name, tag) result(comm)
    character(len=*), intent(in) :: name, tag
    type(MPI_Comm) :: comm
    type(MPI_Group) :: group
    integer :: ierr, n
    comm = MPI_COMM_NULL
    call MPI_Group_from_session_pset(session, name, group, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Group_from_session_pset failed: ' // name)
    if (ierr /= MPI_SUCCESS) return
    call MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, comm, ierr)
    call expect(ierr == MPI_SUCCESS .and. comm /= MPI_COMM_NULL, &
                'MPI_Comm_create_from_group failed: ' // name)
    call MPI_Group_free(group)
    if (comm == MPI_COMM_NULL) return
    call MPI_Comm_size(comm, n)
    call expect(n == pset_size(name), 'the communicator is not mpi_size: ' // name)
  end function communicator

  ! MPI_Info_create before any session (Open MPI 4.1 refuses it before
  ! MPI_Init: libhmpi_mpi4 initializes MPI there), with the thread level.
  subroutine start_session()
    type(MPI_Info) :: info
    integer :: ierr
    session = MPI_SESSION_NULL
    call MPI_Info_create(info)
    call MPI_Info_set(info, 'thread_level', 'MPI_THREAD_MULTIPLE')
    call MPI_Session_init(info, MPI_ERRORS_RETURN, session, ierr)
    if (ierr /= MPI_SUCCESS .or. session == MPI_SESSION_NULL) then
      write (0, '(a)') 'mpi4_sessions_f08.f90: MPI_Session_init failed'
      error stop 1
    end if
    call MPI_Info_free(info)
  end subroutine start_session

  subroutine thread_level()
    type(MPI_Info) :: used
    integer :: ierr
    call MPI_Session_get_info(session, used, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Session_get_info failed')
    call expect(info_value(used, 'thread_level') == 'MPI_THREAD_MULTIPLE', &
                'thread_level is not MPI_THREAD_MULTIPLE')
  end subroutine thread_level

  ! mpi://WORLD: a communicator of every process; an allreduce on it.
  subroutine world_communicator()
    integer, parameter :: n = 1000
    integer :: x(n), y(n), i
    wsize = pset_size('mpi://WORLD')
    world = communicator('mpi://WORLD', 'org.hmpi.test.world')
    if (world == MPI_COMM_NULL) then
      write (0, '(a)') 'mpi4_sessions_f08.f90: no communicator of mpi://WORLD'
      error stop 1
    end if
    call MPI_Comm_rank(world, wrank)
    x = [(wrank * i + 1, i = 1, n)]
    call MPI_Allreduce(x, y, n, MPI_INTEGER, MPI_SUM, world)
    call expect(all(y == [(i * (wsize * (wsize - 1) / 2) + wsize, i = 1, n)]), &
                'mpi://WORLD: wrong allreduce')
  end subroutine world_communicator

  ! Every process set: its name (the length asked first), its mpi_size and
  ! its group, which holds the calling process.
  subroutine process_sets()
    character(len=MPI_MAX_PSET_NAME_LEN) :: name, cut
    integer :: npsets, i, len0, len1, len3, ierr, n, me
    logical :: world_seen, self_seen
    type(MPI_Group) :: group
    call MPI_Session_get_num_psets(session, MPI_INFO_NULL, npsets, ierr)
    call expect(ierr == MPI_SUCCESS .and. npsets >= 2, 'MPI_Session_get_num_psets: fewer than 2')
    world_seen = .false.
    self_seen = .false.
    do i = 0, npsets - 1
      len0 = 0
      call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, len0, name, ierr)
      call expect(ierr == MPI_SUCCESS, 'MPI_Session_get_nth_pset failed (pset_len 0)')
      len1 = len(name)
      call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, len1, name, ierr)
      call expect(ierr == MPI_SUCCESS .and. len_trim(name) > 0, 'MPI_Session_get_nth_pset failed')
      if (own) then
        ! MPICH 4.0.2 counts the NUL in Fortran too, and leaves a pset_len
        ! that is not 0 as it was
        call expect(len0 == len_trim(name) + 1, 'MPI_Session_get_nth_pset: length not MPICH''s')
      else
        ! MPI 4.0: the NUL counts in C only
        call expect(len0 == len_trim(name) .and. len1 == len0, &
                    'MPI_Session_get_nth_pset: pset_len is not the name''s length')
        len3 = 3
        call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, len3, cut, ierr)
        call expect(ierr == MPI_SUCCESS .and. cut == name(1:3) .and. len3 == len0, &
                    'MPI_Session_get_nth_pset: not truncated to pset_len: ' // trim(name))
      end if
      if (name == 'mpi://WORLD') world_seen = .true.
      if (name == 'mpi://SELF') self_seen = .true.
      n = pset_size(trim(name))
      call MPI_Group_from_session_pset(session, trim(name), group, ierr)
      call expect(ierr == MPI_SUCCESS, 'MPI_Group_from_session_pset failed: ' // trim(name))
      if (ierr /= MPI_SUCCESS) cycle
      call MPI_Group_size(group, len1)
      call MPI_Group_rank(group, me)
      call expect(len1 == n .and. n >= 1 .and. n <= wsize, 'group not of mpi_size: ' // trim(name))
      call expect(me /= MPI_UNDEFINED, 'the calling process is not in ' // trim(name))
      call MPI_Group_free(group)
    end do
    call expect(world_seen .and. self_seen, 'mpi://WORLD or mpi://SELF not listed')
    call expect(pset_size('mpi://SELF') == 1, 'mpi://SELF: mpi_size not 1')
  end subroutine process_sets

  subroutine self_communicator()
    type(MPI_Comm) :: self
    integer :: x, n
    self = communicator('mpi://SELF', 'org.hmpi.test.self')
    if (self == MPI_COMM_NULL) return
    call MPI_Comm_size(self, n)
    call MPI_Allreduce(wrank + 7, x, 1, MPI_INTEGER, MPI_SUM, self)
    call expect(n == 1 .and. x == wrank + 7, 'mpi://SELF: not this process alone')
    call MPI_Comm_free(self)
  end subroutine self_communicator

  ! hmpi's sets (libhmpi_mpi4's; on MPICH beside its own): the node
  ! (hmpi://Machine, mpix://SHARED), its processes those of rank r with
  ! mod(r, nodes) == mod(wrank, nodes).
  subroutine hardware_set()
    type(MPI_Comm) :: node
    integer :: r, mine, sum, got, n
    mine = 0
    sum = 0
    do r = 0, wsize - 1
      if (mod(r, nodes) == mod(wrank, nodes)) then
        mine = mine + 1
        sum = sum + r
      end if
    end do
    call expect(pset_size('hmpi://Machine') == mine, 'hmpi://Machine: mpi_size not the node''s')
    call expect(pset_size('mpix://SHARED') == mine, 'mpix://SHARED: mpi_size not the node''s')
    node = communicator('hmpi://Machine', 'org.hmpi.test.machine')
    if (node == MPI_COMM_NULL) return
    call MPI_Comm_size(node, n)
    call MPI_Allreduce(wrank, got, 1, MPI_INTEGER, MPI_SUM, node)
    call expect(n == mine .and. got == sum, 'hmpi://Machine: not the node''s processes')
    call MPI_Comm_free(node)
  end subroutine hardware_set

  ! MPI_Intercomm_create_from_groups between the even and the odd ranks of
  ! mpi://WORLD: an allreduce across gives each side the other's sum.
  subroutine intercommunicator()
    type(MPI_Group) :: world_group, even, odd
    type(MPI_Comm) :: inter
    integer :: ierr, n, got, r
    logical :: flag, is_even
    is_even = mod(wrank, 2) == 0
    call MPI_Group_from_session_pset(session, 'mpi://WORLD', world_group)
    call MPI_Group_incl(world_group, (wsize + 1) / 2, [(r, r = 0, wsize - 1, 2)], even)
    call MPI_Group_incl(world_group, wsize / 2, [(r, r = 1, wsize - 1, 2)], odd)
    if (is_even) then
      call MPI_Intercomm_create_from_groups(even, 0, odd, 0, 'org.hmpi.test.inter', &
                                            MPI_INFO_NULL, MPI_ERRORS_RETURN, inter, ierr)
    else
      call MPI_Intercomm_create_from_groups(odd, 0, even, 0, 'org.hmpi.test.inter', &
                                            MPI_INFO_NULL, MPI_ERRORS_RETURN, inter, ierr)
    end if
    call MPI_Group_free(even)
    call MPI_Group_free(odd)
    call MPI_Group_free(world_group)
    call expect(ierr == MPI_SUCCESS .and. inter /= MPI_COMM_NULL, &
                'MPI_Intercomm_create_from_groups failed')
    if (inter == MPI_COMM_NULL) return
    call MPI_Comm_test_inter(inter, flag)
    call MPI_Comm_remote_size(inter, n)
    call expect(flag .and. n == merge(wsize / 2, (wsize + 1) / 2, is_even), &
                'MPI_Intercomm_create_from_groups: not the other ranks')
    call MPI_Allreduce(wrank, got, 1, MPI_INTEGER, MPI_SUM, inter)
    call expect(got == sum([(r, r = merge(1, 0, is_even), wsize - 1, 2)]), &
                'MPI_Intercomm_create_from_groups: wrong allreduce across')
    call MPI_Comm_free(inter)
  end subroutine intercommunicator

  ! A handler of the program's: set, got back, called with the session and
  ! the code.
  subroutine error_handler()
    type(MPI_Errhandler) :: handler, got
    integer :: ierr
    call MPI_Session_create_errhandler(count_errors, handler, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Session_create_errhandler failed')
    call MPI_Session_set_errhandler(session, handler, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Session_set_errhandler failed')
    call MPI_Session_get_errhandler(session, got, ierr)
    call expect(ierr == MPI_SUCCESS .and. got == handler, 'MPI_Session_get_errhandler: not it')
    call MPI_Errhandler_free(got)
    calls = 0
    call MPI_Session_call_errhandler(session, MPI_ERR_OTHER, ierr)
    call expect(ierr == MPI_SUCCESS .and. calls == 1 .and. last_code == MPI_ERR_OTHER .and. &
                last_session == session, 'MPI_Session_call_errhandler: handler not called so')
    if (errors) call handled_error()
    call MPI_Session_set_errhandler(session, MPI_ERRORS_RETURN, ierr)
    call expect(ierr == MPI_SUCCESS, 'MPI_Session_set_errhandler(MPI_ERRORS_RETURN) failed')
    call MPI_Errhandler_free(handler)
  end subroutine error_handler

  ! An error of a call goes to the session's handler, and its code to ierror.
  subroutine handled_error()
    type(MPI_Group) :: group
    integer :: ierr, class
    calls = 0
    call MPI_Group_from_session_pset(session, 'hmpi://no-such-set', group, ierr)
    call MPI_Error_class(ierr, class)
    call expect(class == MPI_ERR_ARG .and. calls == 1 .and. last_code == ierr .and. &
                last_session == session, 'an error did not reach the session''s handler')
  end subroutine handled_error

  ! Errors with MPI_ERRORS_RETURN: the class in ierror.
  subroutine error_cases()
    type(MPI_Group) :: group
    type(MPI_Info) :: info
    character(len=MPI_MAX_PSET_NAME_LEN) :: name
    integer :: ierr, class, npsets, n
    call MPI_Group_from_session_pset(session, 'hmpi://no-such-set', group, ierr)
    call MPI_Error_class(ierr, class)
    call expect(class == MPI_ERR_ARG, 'MPI_Group_from_session_pset: unknown set not MPI_ERR_ARG')
    call MPI_Session_get_pset_info(session, 'mpi://NOWHERE', info, ierr)
    call MPI_Error_class(ierr, class)
    call expect(class == MPI_ERR_ARG, 'MPI_Session_get_pset_info: unknown set not MPI_ERR_ARG')
    call MPI_Session_get_num_psets(session, MPI_INFO_NULL, npsets)
    n = len(name)
    call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, npsets, n, name, ierr)
    call MPI_Error_class(ierr, class)
    call expect(class == MPI_ERR_ARG, 'MPI_Session_get_nth_pset: n past the sets not MPI_ERR_ARG')
  end subroutine error_cases

end program mpi4_sessions_f08

! hmpi's own API from Fortran 2008 (use hmpi, with mpi_f08), built by one
! command: hmpifort hmpi_api.f90. Every result is checked against what the
! ranks alone determine, or against the MPI library's own collective.
program hmpi_api
  use mpi_f08
  use hmpi
  implicit none
  integer :: rank, size, failures, total

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  failures = 0
  call split_and_levels()
  call hierarchy()
  call persistent_allreduce()
  call in_place_and_bcast()
  call alltoallw_types()
  call errors()
  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0) print '(a, a)', 'hmpi_api.f90: ', merge('FAILED', 'passed', total > 0)
  call MPI_Finalize()
  if (total > 0) error stop 1

contains

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      write (0, '(a, i0, a, a)') 'hmpi_api.f90: rank ', rank, ': ', what
      failures = failures + 1
    end if
  end subroutine expect

  ! The guided split at the node level is MPI's shared-memory split; its
  ! level name comes back as a blank-padded Fortran string.
  subroutine split_and_levels()
    type(MPI_Info) :: info
    type(MPI_Comm) :: node, shared, under
    integer :: same, ncomms, idx, length, ntypes, i, ierr, rel
    character(len=HMPI_MAX_LEVEL_NAME) :: level
    character(len=HMPI_MAX_LEVEL_NAME) :: types(16)
    call MPI_Info_create(info)
    call MPI_Info_set(info, 'mpi_hw_resource_type', 'mpi_shared_memory')
    call HMPI_Comm_split_type(MPI_COMM_WORLD, HMPI_COMM_TYPE_HW_GUIDED, rank, info, node, ierr)
    call expect(ierr == MPI_SUCCESS, 'HMPI_Comm_split_type failed')
    call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, shared)
    call MPI_Comm_compare(node, shared, same)
    call expect(same == MPI_CONGRUENT, 'HW_GUIDED mpi_shared_memory differs from SHARED')
    call HMPI_Comm_get_hlevel_info(node, ncomms, idx, level, length)
    call expect(length > 0 .and. len_trim(level) == length, 'level name ' // trim(level))
    call expect(idx >= 0 .and. idx < ncomms, 'level index out of range')
    ! ordered by world rank: the same order, in part or in whole
    call HMPI_Comm_relate(node, MPI_COMM_WORLD, rel)
    call MPI_Comm_size(node, i)
    call expect(rel == merge(MPI_CONGRUENT, HMPI_SUBCOMM_STRICT, i == size), 'HMPI_Comm_relate')
    call HMPI_Get_hw_resource_types(MPI_COMM_WORLD, ntypes, types, 16)
    call expect(ntypes >= 1, 'no hardware resource types')
    do i = 1, min(ntypes, 16)
      call expect(len_trim(types(i)) > 0 .and. index(trim(types(i)), char(0)) == 0, &
                  'resource type ' // trim(types(i)))
    end do
    ! unguided: a strict subset, or nothing below the lowest level
    call HMPI_Comm_split_type(node, HMPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, under)
    if (under /= MPI_COMM_NULL) then
      call MPI_Comm_size(under, i)
      call MPI_Comm_size(node, ncomms)
      call expect(i < ncomms, 'HW_UNGUIDED did not split')
      call MPI_Comm_free(under)
    end if
    call MPI_Comm_free(node)
    call MPI_Comm_free(shared)
    call MPI_Info_free(info)
  end subroutine split_and_levels

  ! Level 0 is the whole communicator; each level holds the rank.
  subroutine hierarchy()
    type(HMPI_Hierarchy) :: hier
    type(MPI_Comm) :: c
    integer :: depth, level, n, prev
    call HMPI_Hierarchy_create(MPI_COMM_WORLD, MPI_INFO_NULL, hier)
    call expect(hier /= HMPI_HIERARCHY_NULL, 'no hierarchy')
    call HMPI_Hierarchy_depth(hier, depth)
    prev = size + 1
    do level = 0, depth
      call HMPI_Hierarchy_level_comm(hier, level, c)
      call MPI_Comm_size(c, n)
      call expect(n <= prev, 'a level grew')
      call expect(level > 0 .or. n == size, 'level 0 is not the whole communicator')
      prev = n
    end do
    call HMPI_Hierarchy_free(hier)
    call expect(hier == HMPI_HIERARCHY_NULL, 'HMPI_Hierarchy_free left a hierarchy')
  end subroutine hierarchy

  ! A persistent allreduce started three times with new contents, by
  ! HMPI_Start/HMPI_Wait and by HMPI_Test, against MPI_Allreduce.
  subroutine persistent_allreduce()
    integer, parameter :: n = 1000
    real(8), allocatable, asynchronous :: x(:, :), y(:, :)
    real(8), allocatable :: want(:, :)
    type(HMPI_Request) :: req
    type(MPI_Status) :: status
    integer :: it, i
    logical :: done
    allocate (x(10, n / 10), y(10, n / 10), want(10, n / 10))
    call HMPI_Allreduce_init(x, y, n, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, &
                             MPI_INFO_NULL, req)
    do it = 1, 3
      ! assigned in place: a whole-array assignment may move an allocatable
      x(:, :) = reshape([(real(rank * it + i, 8), i = 1, n)], shape(x))
      if (it == 2) then
        call HMPI_Start(req)
        done = .false.
        do while (.not. done)
          call HMPI_Test(req, done, status)
        end do
      else
        call HMPI_Start(req)
        call HMPI_Wait(req, status)
      end if
      call MPI_Allreduce(x, want, n, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
      call expect(all(y == want), 'persistent allreduce differs from MPI_Allreduce')
      call expect(status%MPI_SOURCE == MPI_ANY_SOURCE .and. status%MPI_TAG == MPI_ANY_TAG, &
                  'a collective''s status is not empty')
    end do
    call HMPI_Request_free(req)
    call expect(req == HMPI_REQUEST_NULL, 'HMPI_Request_free left a request')
  end subroutine persistent_allreduce

  ! MPI_IN_PLACE, a scalar buffer and two requests completed together.
  subroutine in_place_and_bcast()
    integer, asynchronous :: v(7), b
    type(HMPI_Request) :: reqs(2)
    integer :: i
    call HMPI_Allreduce_init(MPI_IN_PLACE, v, 7, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, &
                             MPI_INFO_NULL, reqs(1))
    call HMPI_Bcast_init(b, 1, MPI_INTEGER, size - 1, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(2))
    v = [(rank * 10 + i, i = 1, 7)]
    b = merge(42, -1, rank == size - 1)
    call HMPI_Startall(2, reqs)
    call HMPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
    call expect(all(v == [((size - 1) * 10 + i, i = 1, 7)]), 'in-place max')
    call expect(b == 42, 'scalar bcast')
    call HMPI_Request_free(reqs(1))
    call HMPI_Request_free(reqs(2))
  end subroutine in_place_and_bcast

  ! Arrays of datatype handles: alltoallw with a different type per peer.
  subroutine alltoallw_types()
    integer :: counts(0:size - 1), displs(0:size - 1), i
    type(MPI_Datatype) :: types(0:size - 1)
    integer(8) :: s(0:size - 1), r(0:size - 1)
    type(HMPI_Request) :: req
    do i = 0, size - 1
      counts(i) = 1
      displs(i) = 8 * i
      types(i) = MPI_INTEGER8
      s(i) = 1000 * rank + i
    end do
    r = -1
    call HMPI_Alltoallw_init(s, counts, displs, types, r, counts, displs, types, &
                             MPI_COMM_WORLD, MPI_INFO_NULL, req)
    call HMPI_Start(req)
    call HMPI_Wait(req, MPI_STATUS_IGNORE)
    call expect(all(r == [(1000 * i + rank, i = 0, size - 1)]), 'alltoallw')
    call HMPI_Request_free(req)
  end subroutine alltoallw_types

  ! Errors come back through ierror, naming the function and the argument;
  ! HMPI_Error_class gives their predefined class (MPICH files hmpi's codes
  ! under classes of their own).
  subroutine errors()
    real :: a(10, 10)
    type(HMPI_Request) :: req
    integer :: ierr, cls, length
    character(len=MPI_MAX_ERROR_STRING) :: msg
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call HMPI_Bcast_init(a(1, :), 10, MPI_REAL, 0, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
    call HMPI_Error_class(ierr, cls)
    call expect(cls == MPI_ERR_BUFFER, 'a strided buffer was accepted')
    call MPI_Error_string(ierr, msg, length)
    call expect(index(msg, 'HMPI_Bcast_init') > 0 .and. index(msg, 'buffer') > 0, &
                'message: ' // trim(msg))
    call HMPI_Bcast_init(a, -1, MPI_REAL, 0, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
    call HMPI_Error_class(ierr, cls)
    call expect(cls == MPI_ERR_COUNT, 'a negative count was accepted')
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)
  end subroutine errors

end program hmpi_api

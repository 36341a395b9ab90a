! MPI 4 from Fortran 2008 on hmpi, built by one command: hmpifort
! mpi4_f08.f90. The program uses the standard names only (use mpi_f08, and
! use hmpi_mpi4_f08 for what the MPI library's mpi_f08 lacks: Open MPI 4.1
! has no persistent collectives nor large counts, MPICH 4.0 no hardware
! split constants).
! Argument: the number of nodes hmpi should see (a virtual cluster's), or
! none; or `big`: a bcast of 2^31 + 8 bytes only (large counts past what a
! default integer holds; 2 GiB per rank). Every result is checked against
! the MPI library's own collectives.
program mpi4_f08
  use mpi_f08
  use hmpi_mpi4_f08
  implicit none
  integer :: rank, size, failures, total, nodes
  character(len=16) :: arg

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  failures = 0
  nodes = -1
  arg = ''
  if (command_argument_count() >= 1) call get_command_argument(1, arg)
  if (arg == 'big') then
    call huge_bcast()
  else
    if (arg /= '') read (arg, *) nodes
    call all_features()
  end if
  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0) print '(a, a)', 'mpi4_f08.f90: ', merge('FAILED', 'passed', total > 0)
  call MPI_Finalize()
  if (total > 0) error stop 1

contains

  subroutine all_features()
    call hardware_splits()
    call persistent_collectives()
    call mixed_completion()
    call many_requests()
    call neighbour_alltoall()
    call hmpi_runs_them()
    call large_counts()
  end subroutine all_features

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      write (0, '(a, i0, a, a)') 'mpi4_f08.f90: rank ', rank, ': ', what
      failures = failures + 1
    end if
  end subroutine expect

  ! MPI_COMM_TYPE_HW_GUIDED at the node level is MPI_COMM_TYPE_SHARED (on a
  ! virtual cluster, its nodes); HW_UNGUIDED walks down in strict subsets.
  subroutine hardware_splits()
    type(MPI_Info) :: info, used, hw
    type(MPI_Comm) :: node, shared, c, sub
    integer :: same, nrank, roots, n, m, steps
    character(len=MPI_MAX_INFO_VAL) :: value
    logical :: flag
    call MPI_Info_create(info)
    call MPI_Info_set(info, 'mpi_hw_resource_type', 'mpi_shared_memory')
    call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, rank, info, node)
    call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, shared)
    call expect(node /= MPI_COMM_NULL, 'HW_GUIDED gave MPI_COMM_NULL')
    call MPI_Comm_compare(node, shared, same)
    call expect(same == MPI_CONGRUENT, 'HW_GUIDED mpi_shared_memory differs from SHARED')
    call MPI_Comm_rank(node, nrank)
    call MPI_Allreduce(merge(1, 0, nrank == 0), roots, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call expect(nodes < 0 .or. roots == nodes, 'not the virtual cluster''s nodes')
    call MPI_Comm_get_info(node, used)
    call MPI_Info_get(used, 'mpi_hw_resource_type', MPI_MAX_INFO_VAL, value, flag)
    call expect(flag, 'the guided communicator does not report its level')
    call MPI_Info_free(used)
    call MPI_Get_hw_resource_info(hw)
    call MPI_Info_get_nkeys(hw, n)
    call expect(n > 0, 'MPI_Get_hw_resource_info: no keys')
    ! MPI 5.0's key: every process lies inside its node
    call MPI_Info_get(hw, 'hwloc://Machine', MPI_MAX_INFO_VAL, value, flag)
    call expect(flag .and. trim(value) == 'true', 'MPI_Get_hw_resource_info: hwloc://Machine')
    call MPI_Info_free(hw)
    ! unguided, from the whole job down to nothing
    call MPI_Comm_dup(MPI_COMM_WORLD, c)
    steps = 0
    do while (c /= MPI_COMM_NULL .and. steps < 16)
      call MPI_Comm_split_type(c, MPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, sub)
      call MPI_Comm_size(c, n)
      if (sub /= MPI_COMM_NULL) then
        call MPI_Comm_size(sub, m)
        call expect(m < n, 'HW_UNGUIDED gave no strict subset')
      end if
      call MPI_Comm_free(c)
      c = sub
      steps = steps + 1
    end do
    call expect(c == MPI_COMM_NULL, 'HW_UNGUIDED never reached MPI_COMM_NULL')
    call MPI_Comm_free(node)
    call MPI_Comm_free(shared)
    call MPI_Info_free(info)
  end subroutine hardware_splits

  ! MPI_Allreduce_init and MPI_Bcast_init, restarted with new contents,
  ! completed by MPI_Waitall, MPI_Wait and an MPI_Test loop.
  subroutine persistent_collectives()
    integer, parameter :: n = 3000
    integer(8), asynchronous :: x(n), y(n)
    integer(8) :: want(n)
    real, asynchronous :: b(5, 20)
    type(MPI_Request) :: reqs(2)
    type(MPI_Status) :: statuses(2)
    integer :: it, i
    logical :: done
    call MPI_Allreduce_init(x, y, n, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(1))
    call MPI_Bcast_init(b, 100, MPI_REAL, size - 1, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(2))
    do it = 1, 4
      x = [(int(rank, 8) * it + i, i = 1, n)]
      b = merge(real(it), -1.0, rank == size - 1)
      select case (it)
      case (1)
        call MPI_Startall(2, reqs)
        call MPI_Waitall(2, reqs, statuses)
        call expect(statuses(1)%MPI_SOURCE == MPI_ANY_SOURCE, 'status not empty')
      case (2)
        call MPI_Start(reqs(1))
        call MPI_Start(reqs(2))
        call MPI_Wait(reqs(2), MPI_STATUS_IGNORE)
        call MPI_Wait(reqs(1), MPI_STATUS_IGNORE)
      case default
        call MPI_Startall(2, reqs)
        done = .false.
        do while (.not. done)
          call MPI_Testall(2, reqs, done, MPI_STATUSES_IGNORE)
        end do
      end select
      call MPI_Allreduce(x, want, n, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD)
      call expect(all(y == want), 'persistent allreduce differs from MPI_Allreduce')
      call expect(all(b == real(it)), 'persistent bcast')
      call expect(reqs(1) /= MPI_REQUEST_NULL, 'a persistent request was freed')
    end do
    call MPI_Request_free(reqs(1))
    call MPI_Request_free(reqs(2))
    call expect(reqs(1) == MPI_REQUEST_NULL, 'MPI_Request_free left a request')
  end subroutine persistent_collectives

  ! A persistent collective beside point-to-point requests in one array.
  subroutine mixed_completion()
    integer, asynchronous :: s, r, v(4), w(4)
    type(MPI_Request) :: reqs(3)
    integer :: idx, k, i
    logical :: flag
    call MPI_Allreduce_init(v, w, 4, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(1))
    v = [(rank + i, i = 1, 4)]
    s = rank
    call MPI_Start(reqs(1))
    call MPI_Irecv(r, 1, MPI_INTEGER, modulo(rank - 1, size), 7, MPI_COMM_WORLD, reqs(2))
    call MPI_Isend(s, 1, MPI_INTEGER, modulo(rank + 1, size), 7, MPI_COMM_WORLD, reqs(3))
    do k = 1, 3
      call MPI_Waitany(3, reqs, idx, MPI_STATUS_IGNORE)
      call expect(idx >= 1 .and. idx <= 3, 'MPI_Waitany index')
    end do
    call MPI_Waitany(3, reqs, idx, MPI_STATUS_IGNORE)
    call expect(idx == MPI_UNDEFINED, 'MPI_Waitany with nothing active')
    call expect(all(w == [(i, i = 1, 4)]), 'allreduce beside point-to-point')
    call expect(r == modulo(rank - 1, size), 'point-to-point beside a collective')
    call MPI_Request_get_status(reqs(1), flag, MPI_STATUS_IGNORE)
    call expect(flag, 'an inactive persistent request is not complete')
    call MPI_Request_free(reqs(1))
  end subroutine mixed_completion

  ! More requests than fit on the stack of one MPI_Startall (16): started in
  ! order, all of them.
  subroutine many_requests()
    integer, parameter :: n = 40
    integer, asynchronous :: b(n)
    type(MPI_Request) :: reqs(n)
    integer :: i
    do i = 1, n
      call MPI_Bcast_init(b(i), 1, MPI_INTEGER, modulo(i, size), MPI_COMM_WORLD, MPI_INFO_NULL, &
                          reqs(i))
    end do
    b = [(merge(i, -1, rank == modulo(i, size)), i = 1, n)]
    call MPI_Startall(n, reqs)
    call MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE)
    call expect(all(b == [(i, i = 1, n)]), 'forty persistent bcasts')
    do i = 1, n
      call MPI_Request_free(reqs(i))
    end do
  end subroutine many_requests

  ! MPI_Neighbor_alltoall_init on a periodic ring.
  subroutine neighbour_alltoall()
    type(MPI_Comm) :: ring
    type(MPI_Request) :: req
    integer, asynchronous :: s(2), r(2)
    integer :: left, right
    call MPI_Cart_create(MPI_COMM_WORLD, 1, [size], [.true.], .false., ring)
    call MPI_Cart_shift(ring, 0, 1, left, right)
    call MPI_Neighbor_alltoall_init(s, 1, MPI_INTEGER, r, 1, MPI_INTEGER, ring, MPI_INFO_NULL, req)
    s = [-rank - 1, rank + 1]
    call MPI_Start(req)
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    ! from the left, its message to the right; from the right, its message to the left
    call expect(r(1) == left + 1 .and. r(2) == -right - 1, 'neighbour alltoall')
    call MPI_Request_free(req)
    call MPI_Comm_free(ring)
  end subroutine neighbour_alltoall

  ! hmpi, not the MPI library, runs MPI_Bcast_init and its large-count
  ! form: they refuse an unknown hmpi_algorithm that a library would
  ! ignore, naming the MPI function.
  subroutine hmpi_runs_them()
    type(MPI_Info) :: info
    type(MPI_Request) :: req
    integer, asynchronous :: b(4)
    integer :: ierr
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call MPI_Info_create(info)
    call MPI_Info_set(info, 'hmpi_algorithm', 'no-such-algorithm')
    call MPI_Bcast_init(b, 4, MPI_INTEGER, 0, MPI_COMM_WORLD, info, req, ierr)
    call expect_refused(ierr, 'MPI_Bcast_init')
    call MPI_Bcast_init(b, 4_MPI_COUNT_KIND, MPI_INTEGER, 0, MPI_COMM_WORLD, info, req, ierr)
    call expect_refused(ierr, 'MPI_Bcast_init_c')
    call MPI_Info_free(info)
    call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)
  end subroutine hmpi_runs_them

  subroutine expect_refused(ierr, fn)
    integer, intent(in) :: ierr
    character(len=*), intent(in) :: fn
    character(len=MPI_MAX_ERROR_STRING) :: msg
    integer :: length
    call expect(ierr /= MPI_SUCCESS, fn // ': an unknown hmpi_algorithm was accepted')
    if (ierr /= MPI_SUCCESS) then
      call MPI_Error_string(ierr, msg, length)
      call expect(index(msg, fn // ' ') > 0 .or. index(msg, fn // ':') > 0, 'message: ' // trim(msg))
    end if
  end subroutine expect_refused

  ! MPI 4.0's large counts: an integer(MPI_COUNT_KIND) count (and
  ! MPI_ADDRESS_KIND displacements) under the standard names, blocking,
  ! nonblocking and persistent, against the same calls with default integers.
  subroutine large_counts()
    integer, parameter :: n = 1000
    integer(MPI_COUNT_KIND), parameter :: big = n
    integer(MPI_COUNT_KIND) :: counts(size)
    integer(MPI_ADDRESS_KIND) :: displs(size)
    integer, asynchronous :: x(n), y(n), b(n), g(2 * size), s(2), r(2)
    integer :: want(n), gwant(2 * size), i, it
    type(MPI_Request) :: req, bcast_req
    type(MPI_Comm) :: ring
    x = [(rank * 3 + i, i = 1, n)]
    call MPI_Allreduce(x, want, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call MPI_Allreduce(x, y, big, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call expect(all(y == want), 'MPI_Allreduce with an MPI_COUNT_KIND count')
    y = 0
    call MPI_Iallreduce(x, y, big, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req)
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    call expect(all(y == want), 'MPI_Iallreduce with an MPI_COUNT_KIND count')
    call MPI_Allreduce_init(x, y, big, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, MPI_INFO_NULL, req)
    call MPI_Bcast_init(b, big, MPI_INTEGER, 0, MPI_COMM_WORLD, MPI_INFO_NULL, bcast_req)
    do it = 1, 2
      x = [(rank * it + i, i = 1, n)]
      b = merge(it, -1, rank == 0)
      call MPI_Start(req)
      call MPI_Wait(req, MPI_STATUS_IGNORE)
      call expect(all(y == [((size - 1) * it + i, i = 1, n)]), 'MPI_Allreduce_init, large count')
      call MPI_Start(bcast_req)
      call MPI_Wait(bcast_req, MPI_STATUS_IGNORE)
      call expect(all(b == it), 'MPI_Bcast_init, large count')
    end do
    call MPI_Request_free(req)
    call MPI_Request_free(bcast_req)
    ! gatherv: rank k's two integers at 2 (size - 1 - k), reversed
    counts = 2
    displs = [(2 * (size - 1 - i), i = 0, size - 1)]
    call MPI_Gatherv([rank, -rank], 2_MPI_COUNT_KIND, MPI_INTEGER, g, counts, displs, MPI_INTEGER, &
                     size - 1, MPI_COMM_WORLD)
    gwant = [(merge(size - 1 - i / 2, -(size - 1 - i / 2), mod(i, 2) == 0), i = 0, 2 * size - 1)]
    if (rank == size - 1) call expect(all(g == gwant), 'MPI_Gatherv with large counts')
    call MPI_Reduce_local(x, y, big, MPI_INTEGER, MPI_SUM) ! y held the maxima of it = 2
    call expect(all(y == [(rank * 2 + (size - 1) * 2 + 2 * i, i = 1, n)]), &
                'MPI_Reduce_local with an MPI_COUNT_KIND count')
    ! neighbours of a periodic ring, persistent
    call MPI_Cart_create(MPI_COMM_WORLD, 1, [size], [.true.], .false., ring)
    call MPI_Neighbor_alltoall_init(s, 1_MPI_COUNT_KIND, MPI_INTEGER, r, 1_MPI_COUNT_KIND, &
                                    MPI_INTEGER, ring, MPI_INFO_NULL, req)
    s = [10 * rank, 10 * rank + 1]
    call MPI_Start(req)
    call MPI_Wait(req, MPI_STATUS_IGNORE)
    call expect(r(1) == 10 * modulo(rank - 1, size) + 1 .and. r(2) == 10 * modulo(rank + 1, size), &
                'MPI_Neighbor_alltoall_init, large count')
    call MPI_Request_free(req)
    call MPI_Comm_free(ring)
  end subroutine large_counts

  ! 2^31 + 8 bytes from rank 0, blocking then persistent: the count reaches
  ! the C side whole (a default integer would wrap).
  subroutine huge_bcast()
    integer(MPI_COUNT_KIND), parameter :: n = 2_MPI_COUNT_KIND**31 + 8, step = 1000003
    integer(1), allocatable, asynchronous :: h(:)
    integer(MPI_COUNT_KIND) :: i
    type(MPI_Request) :: req
    integer :: run
    allocate (h(n))
    do run = 1, 2
      do i = 1, n
        h(i) = merge(int(modulo(i * run, 127_MPI_COUNT_KIND), 1), 0_1, rank == 0)
      end do
      if (run == 1) then
        call MPI_Bcast(h, n, MPI_BYTE, 0, MPI_COMM_WORLD)
      else
        call MPI_Bcast_init(h, n, MPI_BYTE, 0, MPI_COMM_WORLD, MPI_INFO_NULL, req)
        call MPI_Start(req)
        call MPI_Wait(req, MPI_STATUS_IGNORE)
        call MPI_Request_free(req)
      end if
      call expect(all(h(1:n:step) == [(int(modulo(i * run, 127_MPI_COUNT_KIND), 1), i = 1, n, &
                  step)]) .and. h(n) == int(modulo(n * run, 127_MPI_COUNT_KIND), 1), &
                  'a bcast of 2^31 + 8 bytes')
    end do
    deallocate (h)
  end subroutine huge_bcast

end program mpi4_f08

! A dot product; WORK=2 computes it twice per call (a planted 2x for the race). Every row defines
! the module fdot_helpers, with a procedure and a variable: each row's copy is its own.
module fdot_helpers
  use iso_c_binding, only: c_double, c_long, c_size_t
  implicit none
  integer(c_long) :: calls = 0
contains
  function dot(a, b, n) result(s)
    integer(c_size_t), intent(in) :: n
    real(c_double), intent(in) :: a(n), b(n)
    real(c_double) :: s
    integer(c_size_t) :: i
    calls = calls + 1
    s = 0
    do i = 1, n
      s = s + a(i) * b(i)
    end do
  end function dot
end module fdot_helpers

function TUNE_ENTRY(a, b, n) result(s) bind(C)
  use iso_c_binding, only: c_double, c_size_t
  use fdot_helpers, only: dot
  implicit none
  integer(c_size_t), value :: n
  real(c_double), intent(in) :: a(n), b(n)
  real(c_double) :: s
  integer :: pass
  s = 0
  do pass = 1, TUNE_AXIS_WORK
    s = s + dot(a, b, n)
  end do
  s = s / TUNE_AXIS_WORK
end function

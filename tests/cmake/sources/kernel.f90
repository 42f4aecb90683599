! The RunCMake cases' Fortran kernel: a dot product, its unroll read from the row's macros.
function TUNE_ENTRY(a, b, n) result(s) bind(C)
  use iso_c_binding, only: c_float, c_size_t
  implicit none
  integer(c_size_t), value :: n
  real(c_float), intent(in) :: a(n), b(n)
  real(c_float) :: s
  s = dot_product(a, b) * TUNE_AXIS_UNROLL / TUNE_AXIS_UNROLL
end function

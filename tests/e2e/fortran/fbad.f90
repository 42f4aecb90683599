! KIND=good sums; KIND=common keeps its sum in a COMMON block, which the whole program would share
! by name (isolation refuses it); KIND=broken does not compile. Lower-case .f90: gfortran
! preprocesses it because cmake-tune's rows ask for the preprocessor.
function TUNE_ENTRY(a, n) result(s) bind(C)
  use iso_c_binding, only: c_double, c_size_t
  implicit none
  integer(c_size_t), value :: n
  real(c_double), intent(in) :: a(n)
  real(c_double) :: s
#if TUNE_AXIS_KIND_IS_common
  real(c_double) :: total
  common /fbad_total/ total
  total = sum(a)
  s = total
#elif TUNE_AXIS_KIND_IS_broken
  s = this row does not compile, on purpose
#else
  s = sum(a)
#endif
end function

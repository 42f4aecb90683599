! A Fortran program: the stamp's module gives it the family's name, bound to the seat.
program f_app
  use, intrinsic :: iso_c_binding, only: c_double, c_size_t
  use tune_kernels_fdot, only: fdot
  implicit none
  real(c_double) :: a(3) = [1, 2, 3], b(3) = [4, 5, 6]
  print '(a, i0)', 'fortran: fdot=', nint(fdot(a, b, 3_c_size_t))
end program f_app
